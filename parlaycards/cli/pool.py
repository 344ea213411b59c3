"""Pool commands: entries, results, grading, payments, and the pool's settings."""

from decimal import Decimal
from pathlib import Path
from typing import Annotated, Literal

import typer

from ..core.bounds import MAX_SCORE
from ..core.money import dollars
from ..core.text import owed_text
from . import values
from .options import (
    AllOrNothing,
    GameNumber,
    Json,
    PaidNow,
    Slug,
    Xlsx,
    YesOpt,
    after_cutoff,
    every_entry,
    group,
    handed_in,
    money_back,
)
from .shell import err, open_pool, open_store, print_json, run, say_paid

entry_app = group(
    "Enter cards: type one in, import a sheet, pay a winner.", "parlaycards entry import nfl-w12 entries.xlsx"
)
result_app = group("Record final scores and cancelled games.", "parlaycards result set nfl-w12 101 20 23")


def register(app: typer.Typer) -> None:
    app.add_typer(entry_app, name="entry")
    app.command("entries")(entries)
    app.add_typer(result_app, name="result")
    app.command("results")(results)
    app.command("grade")(grade)
    from .pool_settings import pool_app

    app.add_typer(pool_app, name="pool")


@entry_app.command("add")
def entry_add(
    slug: Slug,
    stake: Annotated[str, typer.Option(help="Amount staked, e.g. 5 or 12.50.")],
    picks: Annotated[str, typer.Option(help="Selection numbers, e.g. 101,104,117.")],
    serial: Annotated[str | None, typer.Option(help="The serial printed on the card, e.g. 000123.")] = None,
    qr: Annotated[
        str | None,
        typer.Option(
            help="The card's QR code as a barcode reader types it, e.g. "
            '"PC1|nfl-w12|3|000123|K7F2Q9" (gives the serial and code).'
        ),
    ] = None,
    name: Annotated[str, typer.Option(help="The player's name.")] = "",
    code: Annotated[str | None, typer.Option(help="The verify code printed beside the serial.")] = None,
    late: Annotated[bool, after_cutoff("it", " (shown as late)")] = False,
    received: Annotated[str | None, handed_in("it was")] = None,
    replace: Annotated[
        bool, typer.Option("--replace", help="Correct an entry already made for this serial.")
    ] = False,
) -> None:
    """Enter one card by hand. Refused with every reason when the card's rules or the serial say no.

    Example: parlaycards entry add nfl-w12 --serial 000123 --code K7F2Q9 --name "Dana" --stake 5 --picks 101,104,117
    (or, with a USB barcode reader: parlaycards entry add nfl-w12 --qr "PC1|nfl-w12|1|000123|K7F2Q9" --stake 5 --picks …)
    """
    from ..services import entries as svc

    e = run(
        lambda: svc.add_entry(
            open_store(),
            slug,
            serial=values.serial(serial) if serial is not None else None,
            name=name,
            stake=values.stake(stake),
            picks=values.picks(picks),
            code=code,
            late=late,
            received=values.received(received),
            replace=replace,
            qr=qr,
        )
    )
    err(
        f"{'Replaced' if replace else 'Entered'} card {e.serial} on {slug} (printed from version {e.version}): "
        f"{e.name or 'no name'}, {dollars(e.stake)} on {', '.join(map(str, e.picks))}"
        + (" — late." if e.late else ".")
    )


@entry_app.command("import")
def entry_import(
    slug: Slug,
    file: Annotated[Path, typer.Argument(help="Entry sheet: .xlsx or .csv, one row per card.")],
    all_or_nothing: AllOrNothing = False,
    late: Annotated[bool, after_cutoff("rows received")] = False,
    received: Annotated[str | None, handed_in("the cards were", ", for rows with no Received cell")] = None,
) -> None:
    """Import an entry sheet. Every accepted row is stored; every refused row is listed with its reasons.

    Headers are found wherever they sit: Serial (Card #, Ticket, No.), Name (Player), Stake (Bet, Amount,
    Wager), Picks in one cell (101, 104, 117) or Pick 1, Pick 2 …; optional Code (Check, Verify), Received,
    Late. A row with a pick on a game that had kicked off when it was received is refused, late or not.
    Exit code 1 when some rows were refused.

    Example: parlaycards entry import nfl-w12 entries.xlsx --all-or-nothing
    """
    from ..core.handed import EntrySheet
    from ..core.text import plural
    from ..services import entries as svc
    from .pool_views import progress_bar

    with progress_bar(f"Checking {file.name}") as progress:
        handed = run(lambda: EntrySheet(file, all_or_nothing, late, values.received(received)))
        done = run(lambda: svc.import_entries(open_store(), slug, handed, progress))
    err(
        f"Stored {len(done.stored):,} of {plural(len(done.stored) + len(done.refused), 'row')} from {done.file}"
        + (f" ({sum(e.late for e in done.stored)} late)." if any(e.late for e in done.stored) else ".")
    )
    if done.refused:
        err(f"Refused {plural(len(done.refused), 'row')}, not stored:", "bold red")
        for r in done.refused:
            err(f"  {r}")
        raise typer.Exit(1)


@entry_app.command("pay")
def entry_pay(
    slug: Slug,
    serial: Annotated[str, typer.Argument(help="The winning card's serial.")],
    amount: PaidNow = None,
    returned: Annotated[str | None, money_back("player", "a card paid more than it now pays")] = None,
    paid_in_error: Annotated[
        bool,
        typer.Option(
            "--paid-in-error",
            help="With --returned: the card was paid by mistake (the wrong card); all it was paid may come "
            "back, not only what it was overpaid. Kept in the history.",
        ),
    ] = False,
) -> None:
    """Mark a graded winning (or refunded) card as paid; `grade` then shows it paid. A card paid more than
    it now pays shows "overpaid" in `grade`: record the money handed back with --returned. Money paid on
    the wrong card: --returned all --paid-in-error, then pay the right card.

    Example: parlaycards entry pay nfl-w12 000123   (and `entry pay nfl-w12 000123 --returned all`)
    """
    from ..services import entries as svc

    number = values.serial(serial, "serial")
    if paid_in_error and returned is None:
        err("Error: --paid-in-error goes with --returned: say what came back (--returned all, or an amount).")
        raise typer.Exit(2)
    if returned is not None:
        back = values.handed_back(returned, amount, "the player")
        r = run(lambda: svc.returned(open_store(), slug, number, back, in_error=paid_in_error))
        over = r.total - max(r.payout, Decimal(0))
        rest = owed_text(over, "nothing is owed back now.", "still owed back")
        if paid_in_error:
            rest = f"paid by mistake; {dollars(r.total)} paid on it now."
        err(
            f"Recorded {dollars(-r.amount)} handed back on card {r.entry.serial} ({r.entry.name or 'no name'}): {rest}"
        )
        return
    p = run(
        lambda: svc.pay(
            open_store(), slug, number, values.amount(amount, "amount") if amount is not None else None
        )
    )
    say_paid(p.amount, f"on card {p.entry.serial} ({p.entry.name or 'no name'})", p.owed)


@entry_app.command("void")
def entry_void(
    slug: Slug,
    serial: Annotated[str, typer.Argument(help="The serial of the entry to void, e.g. 000123.")],
    reason: Annotated[str, typer.Option(help="Why it is voided; kept in the history.")],
) -> None:
    """Void an entry (typed by mistake, card handed back): it is kept in the history with the reason,
    never graded, and listed as VOID by `entries` and `grade`. A paid card cannot be voided.

    The serial stays void: a sheet or scan that holds it again is refused; to enter that card again on
    purpose, use `entry add … --replace`.

    Example: parlaycards entry void nfl-w12 000123 --reason "typed on the wrong serial"
    """
    from ..services import voids as svc

    v = run(lambda: svc.void_entry(open_store(), slug, values.serial(serial, "serial"), reason))
    e = v.entry
    err(
        f"Voided card {e.serial} on {slug} ({e.name or 'no name'}, {dollars(e.stake)} on "
        f"{', '.join(map(str, e.picks))}): {v.reason}. It will not be graded; run `parlaycards grade {slug}` "
        "to update the report."
    )


def entries(
    slug: Slug,
    json: Json = False,
    all_rows: Annotated[bool, every_entry(200)] = False,
    name: Annotated[
        str | None, typer.Option(help="Only a player's cards: names containing this text (any case).")
    ] = None,
    csv: Annotated[
        Path | None, typer.Option("--csv", help="Also write them all to this .csv file (opens in Excel).")
    ] = None,
) -> None:
    """List a card's entries: serial, version, name, stake, picks, last grade, paid.

    Example: parlaycards entries nfl-w12 --name dana   (or: parlaycards entries nfl-w12 --csv output/entries.csv)
    """
    from ..report.entries import entries_json
    from ..services import entries as svc
    from .pool_views import print_entries

    view = run(lambda: svc.list_entries(open_pool(), slug, name=name))
    if csv is not None:
        from ..services import exporting

        err(f"Wrote {run(lambda: exporting.entries_csv(view, csv))}")
    if json:
        print_json(entries_json(view))
    else:
        print_entries(view, limit=None if all_rows else 200, name=name)


@result_app.command("set")
def result_set(
    slug: Slug,
    number: GameNumber,
    away: Annotated[
        int | None,
        typer.Argument(min=0, max=MAX_SCORE, help="Away team's final score (0–999).", show_default=False),
    ] = None,
    home: Annotated[
        int | None,
        typer.Argument(min=0, max=MAX_SCORE, help="Home team's final score (0–999).", show_default=False),
    ] = None,
    cancelled: Annotated[
        bool,
        typer.Option(
            "--cancelled",
            help="Not played (postponed, cancelled), or a matchup's competitor did not start: every leg on "
            "it is void.",
        ),
    ] = False,
    withdrew: Annotated[
        bool,
        typer.Option(
            "--withdrew",
            "--wd",
            help="Matchups: the competitor of NUMBER started, then withdrew; they lose the matchup.",
        ),
    ] = False,
    disqualified: Annotated[
        bool,
        typer.Option(
            "--disqualified",
            "--dq",
            help="Matchups: the competitor of NUMBER started, then was disqualified; they lose the matchup.",
        ),
    ] = False,
    yes: YesOpt = False,
) -> None:
    """Record a game's final score, overtime included (away then home), or that it was cancelled.

    Example: parlaycards result set nfl-w12 101 20 23   (or: parlaycards result set nfl-w12 131 --cancelled;
    a golfer who teed off then withdrew: parlaycards result set golf-r4 102 --wd)
    """
    from ..services import results as svc
    from .pool_views import say_results

    if withdrew and disqualified:
        err("Error: give --withdrew or --disqualified, not both: one competitor, one way out.", "bold red")
        raise typer.Exit(2)
    out: Literal["wd", "dq"] | None = "wd" if withdrew else "dq" if disqualified else None
    say_results(
        slug, run(lambda: svc.set_result(open_store(), slug, number, away, home, cancelled, out, yes))
    )


@result_app.command("import")
def result_import(
    slug: Slug,
    file: Annotated[
        Path, typer.Argument(help="Scores: .xlsx or .csv, by selection number or by team names.")
    ],
    yes: YesOpt = False,
) -> None:
    """Import final scores. Any row that cannot be read stores nothing, and is named.

    By number: Number, Away score, Home score. By teams: Away, Away score, Home, Home score, Status
    (Final, Final OT, Postponed, Cancelled). Team names are matched to the card's, case ignored. In a
    matchup, WD or DQ in place of a score: that competitor started, then withdrew or was disqualified.

    Example: parlaycards result import nfl-w12 scores.xlsx
    """
    from ..services import results as svc
    from .pool_views import say_results

    say_results(slug, run(lambda: svc.import_results(open_store(), slug, file, yes)), file.name)


def results(slug: Slug, json: Json = False) -> None:
    """List the card's games with their results.

    Example: parlaycards results nfl-w12 --json
    """
    from ..report.results import results_json
    from ..services import results as svc
    from .pool_views import print_results

    view = run(lambda: svc.list_results(open_pool(), slug))
    if json:
        print_json(results_json(view))
    else:
        print_results(view)


def grade(
    slug: Slug,
    xlsx: Xlsx = None,
    pdf: Annotated[
        Path | None,
        typer.Option(
            "--pdf",
            help="Also write the results sheet for the wall here: scores "
            "with the lines as printed, winners, every entry.",
        ),
    ] = None,
    csv: Annotated[
        Path | None, typer.Option("--csv", help="Also write every entry's grade to this .csv file.")
    ] = None,
    json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the settlement as JSON on stdout (an entry whose payout the card's maximum payout "
            'cut has "capped": true).',
        ),
    ] = False,
    all_rows: Annotated[bool, every_entry(100)] = False,
) -> None:
    """Settle every entry with the card version it was printed from; winners first, then totals.

    Re-grading is safe: the same results give the same settlements, and after a corrected score
    the entries whose outcome or payout changed are listed.

    Example: parlaycards grade nfl-w12 --xlsx output/nfl-w12-report.xlsx --pdf output/nfl-w12-report.pdf
    (or, for any spreadsheet: parlaycards grade nfl-w12 --csv output/nfl-w12-report.csv)
    """
    from ..services import exporting
    from ..services import grading as svc
    from .pool_views import print_report

    run(lambda: exporting.check_outputs(xlsx=xlsx, pdf=pdf, csv=csv))  # before anything is graded and stored
    report = run(lambda: svc.grade(open_store(), slug))
    if json:
        from ..report.grade_json import grade_json
        from .pool_views import print_grade_json

        print_grade_json(grade_json(report))
        for x in report.changes:
            err(
                f"Changed since the last grade: {x.serial} {x.name} {x.old_outcome} {dollars(x.old_payout)} → "
                f"{x.new_outcome} {dollars(x.new_payout)}"
            )
    else:
        print_report(report, limit=None if all_rows else 100)
    run(lambda: svc.write_outputs(report, xlsx, pdf, err))
    if csv is not None:
        err(f"Wrote {run(lambda: exporting.grade_csv(report, csv))}")
