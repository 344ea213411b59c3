"""Pick'em pool commands: new pool, entries, grade a week, season standings."""

from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from ..core.bounds import MAX_INT
from ..core.choices import PickemBasis, TiebreakRule
from ..core.errors import spell
from ..core.money import dollars
from ..core.text import owed_text, plural
from . import values
from .options import AllOrNothing, Json, PaidNow, Xlsx, after_cutoff, group, handed_in, money_back
from .shell import console, err, open_store, print_json, run, say_paid

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..core.pickem_week import WeekReport
    from ..core.season import SeasonReport
    from ..services.pickem_pay import PickemPaid
    from ..store import Store

R = TypeVar("R")  # a pick'em report: the week's or the season's

pickem_app = group(
    "Office pick'em pools: everyone picks a side of every game; weekly ranking with a tiebreaker, "
    "prizes split to the cent, season standings.",
    "parlaycards pickem new office-w12 --card nfl-w12",
)
entry_app = group(
    "Add or import pick'em entries.",
    "parlaycards pickem entry add office-w12 --name Dana --picks 101,104 --tiebreak 44",
)
pickem_app.add_typer(entry_app, name="entry")

Pool = Annotated[str, typer.Argument(help="Pick'em pool name, e.g. office-w12.")]


def as_entered(who: str) -> Any:
    """A NAME argument: the `who`'s (winner's, entrant's) name as entered."""
    return typer.Argument(help=f"The {who}'s name, as entered (case and spacing aside).")


def register(app: typer.Typer) -> None:
    app.add_typer(pickem_app, name="pickem")


CardOpt = Annotated[str, typer.Option("--card", help="The card whose games are picked, e.g. nfl-w12.")]
Basis = Annotated[str, typer.Option(help="ats (against the card's spreads) or su (straight-up).")]
Push = Annotated[str, typer.Option(help="Points for a push, 0 to 1.")]
TiebreakRuleOpt = Annotated[
    str,
    typer.Option(
        help="closest, or closest-without-going-over (every guess over the total ranks after every guess "
        "at or under it)."
    ),
]
TiebreakGame = Annotated[
    int | None,
    typer.Option(
        min=1,
        max=MAX_INT,
        help="Any selection number of the tiebreak game [default: the last game by kickoff].",
    ),
]
Fee = Annotated[str, typer.Option(help="Entry fee; the pot is the fee times the number of entries.")]
PrizesOpt = Annotated[
    str | None,
    typer.Option(
        help="Prizes by place: percentages of the pot or amounts, e.g. 60%,30%,10% [default: 100%]."
    ),
]
SeasonOpt = Annotated[str | None, typer.Option(help="Season name: `pickem standings` adds up its pools.")]
Version = Annotated[int | None, typer.Option(min=1, max=MAX_INT, help="Card version [default: the latest].")]


@pickem_app.command("new")
def new(
    pool: Pool,
    card: CardOpt,
    basis: Basis = "ats",
    push: Push = "0.5",
    tiebreak_rule: TiebreakRuleOpt = "closest",
    tiebreak_game: TiebreakGame = None,
    fee: Fee = "0",
    prizes: PrizesOpt = None,
    season: SeasonOpt = None,
    version: Version = None,
) -> None:
    """Start a pick'em pool on a card. It keeps that card version's lines.

    Example: parlaycards pickem new office-w12 --card nfl-w12 --fee 10 --prizes 60%,30%,10% --season office-2026
    """
    from ..services import pickem as svc

    view = run(
        lambda: svc.create_pool(
            open_store(),
            pool,
            card=card,
            basis=values.choice(
                basis,
                PickemBasis,
                "basis",
                "a basis",  # type: ignore[arg-type]
                glosses={"ats": "against the spread", "su": "straight-up"},
            ),
            push=values.number(push, "push", svc.PUSH_ACCEPTED, Decimal(0), Decimal(1)),
            tiebreak_rule=values.choice(tiebreak_rule, TiebreakRule, "tiebreak_rule", "a rule"),  # type: ignore[arg-type]
            tiebreak=tiebreak_game,
            fee=values.amount(
                fee, "fee", zero=True, accepted="Accepted: an amount of 0 or more, e.g. 10, 5.50."
            ),
            prizes=values.prizes(prizes) if prizes else None,
            season=season,
            version=version,
        )
    )
    from ..report.pickem import pool_line

    err(f"Pick'em pool {view.pool.slug}: {plural(len(view.games), 'game')}. {pool_line(view.pool)}.")
    err(f"Tiebreaker: total points of {view.tiebreak.label()}.")


@entry_app.command("add")
def entry_add(
    pool: Pool,
    name: Annotated[str, typer.Option("--name", help="The entrant's name (one entry per name).")],
    picks: Annotated[
        str, typer.Option("--picks", help="Selection numbers of the picked sides, e.g. 101,104,106.")
    ],
    tiebreak: Annotated[
        int | None, typer.Option(min=0, max=999, help="Guess at the tiebreak game's total points.")
    ] = None,
    unpaid: Annotated[bool, typer.Option("--unpaid", help="The entry fee is still owed.")] = False,
    replace: Annotated[bool, typer.Option("--replace", help="Replace this entrant's earlier entry.")] = False,
    late: Annotated[bool, after_cutoff("it")] = False,
    received: Annotated[str | None, handed_in("it was")] = None,
) -> None:
    """Add one entrant's picks: one number per game, naming the away or home side.

    A game left out scores 0. Over/under numbers are refused: a pick'em pick is a side. A pick on a game
    that had kicked off when the entry was handed in is refused, late or not.

    Example: parlaycards pickem entry add office-w12 --name "Dana" --picks 101,104,106,107 --tiebreak 44
    """
    from ..services import pickem as svc

    added = run(
        lambda: svc.add_entry(
            open_store(),
            pool,
            name=name,
            picks=values.selections(picks),
            tiebreak=tiebreak,
            paid=False if unpaid else None,
            replace=replace,
            late=late,
            received_at=values.received(received),
        )
    )
    n = len(added.entry.picks)
    err(
        f"{'Replaced' if added.replaced else 'Stored'} {added.entry.name}'s entry in {pool}: {plural(n, 'pick')}"
        + (
            f", tiebreaker {added.entry.tiebreak}."
            if added.entry.tiebreak is not None
            else ", no tiebreaker."
        )
    )
    if added.fee_said:
        err(spell(added.fee_said, values.flag))
    if added.missing:
        err(
            f"No pick for {plural(len(added.missing), 'game')}, which "
            + ("scores" if len(added.missing) == 1 else "score")
            + " 0: "
            + ", ".join(g.label() for g in added.missing)
        )


@entry_app.command("import")
def entry_import(
    pool: Pool,
    file: Annotated[Path, typer.Argument(help="Entry sheet: .xlsx or .csv, one row per entrant.")],
    all_or_nothing: AllOrNothing = False,
    replace: Annotated[bool, typer.Option("--replace", help="Replace entrants already in the pool.")] = False,
    late: Annotated[bool, after_cutoff("rows")] = False,
    received: Annotated[str | None, handed_in("the sheet was")] = None,
) -> None:
    """Import entries: Name, then one column per game (headed by its numbers or teams) or a Picks cell, and Tiebreaker.

    Valid rows are stored and every refused row is listed with its reason (with --all-or-nothing, none).
    A row with a pick on a game that had kicked off when the sheet was handed in is refused, late or not.
    Exit code 1 when some rows were refused.

    Example: parlaycards pickem entry import office-w12 sample_lines/pickem-nfl-w12.xlsx
    """
    from ..core.handed import EntrySheet
    from ..services import pickem as svc

    handed = run(lambda: EntrySheet(file, all_or_nothing, late, values.received(received)))
    rep = run(lambda: svc.import_entries(open_store(), pool, handed, replace=replace))
    err(
        f"{rep.file}: {len(rep.stored)} stored, {len(rep.replaced)} replaced, {len(rep.unchanged)} already there, "
        f"{len(rep.refused)} refused."
    )
    for line in rep.refused:
        err("  refused: " + line, "yellow")
    if rep.short:
        err("Some games left blank (they score 0) by: " + ", ".join(rep.short))
    if rep.ignored:
        err("Columns not read: " + ", ".join(f'"{h}"' for h in rep.ignored))
    if rep.refused:
        raise typer.Exit(1)


@pickem_app.command("entries")
def entries(pool: Pool, json: Json = False) -> None:
    """List a pool's entrants with their picks and tiebreak guesses.

    Example: parlaycards pickem entries office-w12 --json
    """
    from ..report.pickem import fees_text, pool_line
    from ..report.pickem_terminal import pool_entries_json, pool_entries_table
    from ..report.table import rich_table
    from ..services import pickem as svc

    view = run(lambda: svc.entries(open_store(), pool))
    if json:
        print_json(pool_entries_json(view.pool, view.card, view.entries, view.games))
        return
    err(f"{pool}: {pool_line(view.pool)}.")
    console().print(rich_table(pool_entries_table(pool, view.entries, view.games)))
    err(
        f"{plural(len(view.entries), 'entry', 'entries')}; tiebreaker: total points of {view.tiebreak.label()}."
    )
    pot, owing = view.pool.fee * len(view.entries), [e.name for e in view.entries if not e.paid]
    if view.pool.fee > 0 and (said := fees_text(pot, view.collected, owing)):
        err(said)


@pickem_app.command("grade")
def grade(pool: Pool, json: Json = False, xlsx: Xlsx = None) -> None:
    """Score and rank the week from the card's results (shared with `result set`); places, ties and prizes.

    Example: parlaycards pickem grade office-w12 --xlsx output/office-w12.xlsx
    """
    from ..report.pickem import week_json
    from ..services import pickem as svc

    def show(report: "WeekReport") -> None:
        from ..services import pickem_pay

        _print_week(report, run(lambda: pickem_pay.prizes_paid(open_store(), pool)))

    _put(run(lambda: svc.grade(open_store(), pool)), xlsx, svc.write_week, week_json if json else None, show)


def _print_week(report: "WeekReport", prizes_paid: dict[str, Decimal] | None = None) -> None:
    from ..report.pickem import payment_notes, pool_line
    from ..report.pickem_terminal import week_notes, week_table
    from ..report.table import rich_table

    console().print(rich_table(week_table(report, prizes_paid or {})))
    err(pool_line(report.pool) + ".")
    for note in week_notes(report):
        err(note)
    for note in payment_notes(report, prizes_paid or {}):
        err(note, "yellow")


@pickem_app.command("pay")
def pay(
    pool: Pool,
    name: Annotated[str, as_entered("winner")],
    amount: PaidNow = None,
    returned: Annotated[str | None, money_back("winner", "a prize paid more than it now is")] = None,
) -> None:
    """Mark a pick'em prize as paid (all of it, or --amount of it) once the week is final; audited. A prize
    paid more than it now is shows "overpaid" under `pickem grade`: record the money handed back with
    --returned.

    Example: parlaycards pickem pay office-w12 "Dana" --amount 50   (and `pickem pay office-w12 "Dana" --returned all`)
    """
    from ..services import pickem_pay as svc

    if returned is not None:
        back = values.handed_back(returned, amount, "the winner")
        r = run(lambda: svc.prize_returned(open_store(), pool, name, back))
        rest = owed_text(r.total - r.due, "nothing is owed back now.", "still owed back")
        err(f"Recorded {dollars(-r.amount)} handed back by {r.name} in {pool}: {rest}")
        return
    p = _paid(svc.pay_prize, pool, name, amount)
    say_paid(p.amount, f"of {p.name}'s {dollars(p.due)} prize in {pool}", p.owed)


@pickem_app.command("fee")
def fee(
    pool: Pool,
    name: Annotated[str, as_entered("entrant")],
    amount: Annotated[
        str | None, typer.Option(help="Amount paid now [default: the rest of the fee].")
    ] = None,
) -> None:
    """Mark an entry fee as paid (an entry made with --unpaid, or imported as owing); audited.

    Example: parlaycards pickem fee office-w12 "Dana"
    """
    from ..services import pickem_pay as svc

    p = _paid(svc.pay_fee, pool, name, amount)
    err(
        f"{p.name} paid {dollars(p.amount)} of the {dollars(p.due)} fee in {pool}: "
        + owed_text(p.owed, "the fee is paid.")
    )


def _paid(
    pay: "Callable[[Store, str, str, Decimal | None], PickemPaid]", pool: str, name: str, amount: str | None
) -> "PickemPaid":
    """A prize or a fee paid: `amount` of it, or (none given) all that is owed."""
    return run(
        lambda: pay(open_store(), pool, name, values.amount(amount, "amount") if amount is not None else None)
    )


@pickem_app.command("standings")
def standings(
    season: Annotated[str, typer.Argument(help="Season name given to `pickem new --season`.")],
    json: Json = False,
    xlsx: Xlsx = None,
) -> None:
    """Season standings: weekly scores added up across the season's pools.

    Example: parlaycards pickem standings office-2026 --xlsx output/office-2026.xlsx
    """
    from ..report.pickem import season_json
    from ..services import pickem as svc

    def show(report: "SeasonReport") -> None:
        from ..report.pickem_terminal import season_table
        from ..report.table import rich_table

        console().print(rich_table(season_table(report)))
        for note in report.notes:
            err(note)

    report = run(lambda: svc.standings(open_store(), season))
    _put(report, xlsx, svc.write_season, season_json if json else None, show)


def _put(
    report: R,
    xlsx: Path | None,
    write: "Callable[[R, Path], object]",
    as_json: "Callable[[R], object] | None",
    show: "Callable[[R], None]",
) -> None:
    """A pick'em report out: its workbook first when asked (`--xlsx`), then as JSON (`as_json`) or on the
    terminal (`show`), then where the workbook went."""
    if xlsx is not None:
        run(lambda: write(report, xlsx))
    if as_json is not None:
        print_json(as_json(report))
    else:
        show(report)
    if xlsx is not None:
        err(f"Wrote {xlsx}.")
