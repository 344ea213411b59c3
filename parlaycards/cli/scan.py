"""Scan commands: read filled cards from scans and photos, and the review of the doubtful ones."""

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from ..core.money import dollars
from ..core.text import plural
from . import values
from .options import Json, Record, Slug, after_cutoff, handed_in, spread
from .shell import err, open_store, print_json, run, state


def register(app: typer.Typer) -> None:
    app.command("scan")(scan)
    app.command("review")(review)


def _folder() -> Path:
    from ..services.scan import crops_folder
    from ..store.db import database_url

    return crops_folder(database_url(state.db))


def scan(
    slug: Slug,
    files: Annotated[
        list[Path], typer.Argument(help="Scanner PDFs and photos (JPEG, PNG, TIFF).", show_default=False)
    ],
    stake: Annotated[
        str | None,
        typer.Option(
            help="Stake of a card with no stake bubble marked [default: the pool's "
            "default stake, else review]."
        ),
    ] = None,
    received: Annotated[str | None, handed_in("the cards were", example="2026-11-22 12:30")] = None,
    late: Annotated[bool, after_cutoff("cards handed in")] = False,
    json: Annotated[
        bool, typer.Option("--json", help="Print what became of every card as JSON on stdout.")
    ] = False,
) -> None:
    """Read filled cards back from scanner PDFs and phone photos, and enter them.

    Every card is found by its corner marks and QR code, its bubbles read against its own blank
    bubbles. Sure cards are entered exactly as `entry add` would; doubtful ones (an unsure or double
    mark, an unreadable QR, a missing corner, a serial already entered …) wait in `review`. A crop of
    every card is kept beside the database. Exit code 1 when some cards wait for review.

    Example: parlaycards scan nfl-w12 scans/monday.pdf photos/*.jpg --stake 5 --received "2026-11-22 12:30"
    """
    from ..report.review import scan_json, scan_summary
    from ..services import scan as svc
    from .pool_views import progress_bar

    with progress_bar("Reading cards") as progress:
        report = run(
            lambda: svc.scan_cards(
                open_store(),
                slug,
                files,
                stake=values.stake(stake) if stake is not None else None,
                received=values.received(received),
                late=late,
                folder=_folder(),
                progress=progress,
            )
        )
    if json:
        print_json(scan_json(slug, report))
    err(scan_summary(report))
    if report.blank:
        err(f"Blank pages skipped: {', '.join(report.blank)}.")
    if report.count("review"):
        err(f"See them with `parlaycards review {slug}`; crops are in {report.folder}/.")
        raise typer.Exit(1)


class Accepting(Record):
    """`review --accept`: the cards entered from review, and what the operator corrects (None: as read)."""

    accept: Annotated[
        str | None,
        typer.Option(
            help='Enter this card from review: its serial, or "#ID" (the id '
            "shown) for a card whose QR could not be read; several, comma-separated, are each entered as read."
        ),
    ] = None
    serial: Annotated[
        str | None, typer.Option(help='With --accept "#ID": the serial printed on the card.')
    ] = None
    picks: Annotated[
        str | None, typer.Option(help="With --accept: the picks, e.g. 101,104,117 [default: as read].")
    ] = None
    stake: Annotated[str | None, typer.Option(help="With --accept: the stake [default: as read].")] = None
    code: Annotated[str | None, typer.Option(help="With --accept: the verify code [default: as read].")] = (
        None
    )
    name: Annotated[str, typer.Option(help="With --accept: the player's name.")] = ""
    received: Annotated[
        str | None, typer.Option(help="With --accept: when it was handed in [default: as the scan was told].")
    ] = None
    late: Annotated[
        bool, typer.Option("--late", help="With --accept: accept it after the cutoff, on purpose.")
    ] = False
    replace: Annotated[
        bool,
        typer.Option(
            "--replace", help="With --accept: put it in place of the entry already made for its serial."
        ),
    ] = False

    def for_one(self) -> list[str]:
        """The corrections given that go with one card only."""
        given = [
            n
            for n, v in (("--serial", self.serial), ("--picks", self.picks), ("--code", self.code))
            if v is not None
        ]
        return given + [
            n
            for n, v in (("--name", self.name), ("--received", self.received), ("--replace", self.replace))
            if v
        ]

    def details(self) -> list[str]:
        """Every correction given: those that go with one card, and the stake and --late."""
        return self.for_one() + [
            n for n, v in (("--stake", self.stake is not None), ("--late", self.late)) if v
        ]


@spread
def review(
    slug: Slug,
    accepting: Accepting,
    reject: Annotated[
        str | None,
        typer.Option(
            help='Take this card (a serial, or "#ID"; several, comma-separated) out of review without entering it.'
        ),
    ] = None,
    reason: Annotated[str, typer.Option(help="With --reject: why.")] = "",
    all_rows: Annotated[
        bool, typer.Option("--all", help="List every card scanned, not only those waiting.")
    ] = False,
    json: Json = False,
) -> None:
    """The scanned cards waiting for a person: why, what was read, and the crop of each.

    Example: parlaycards review nfl-w12 --accept 000123 --picks 101,104,117 --stake 5
    (or: parlaycards review nfl-w12 --reject 000123 --reason "two marks on 104";
    several at once: parlaycards review nfl-w12 --accept 000055,000056 --stake 5)
    """
    accept = accepting.accept
    if accept is not None and reject is not None:
        err("Error: give --accept or --reject, not both.", "bold red")
        raise typer.Exit(2)
    if accept is not None and "," in accept:
        _accept_many(slug, accept, accepting)
    elif accept is not None:
        _accept_one(slug, accept, accepting)
    elif reject is not None:
        _reject(slug, reject, reason)
    else:
        given = accepting.details() + (["--reason"] if reason else [])
        if given:  # a decision's details with no decision: never a list shown as if all was well
            one = len(given) == 1
            err(
                f"Error: {', '.join(given)} {'is' if one else 'are'} part of a decision, and no card was "
                f"decided: give --accept SERIAL with {'it' if one else 'them'} (--reason goes with --reject "
                "SERIAL). Nothing was changed.",
                "bold red",
            )
            raise typer.Exit(2)
        _list(slug, all_rows, json)


def _accept_many(slug: str, accept: str, asked: Accepting) -> None:
    """Several cards entered each as read (only --stake and --late go with them)."""
    from ..services import scan as svc

    if given := asked.for_one():
        err(
            f"Error: {', '.join(given)} go with one card; several cards are each entered as read "
            "(give --stake for those read without one).",
            "bold red",
        )
        raise typer.Exit(2)
    stake = asked.stake
    entries = run(
        lambda: svc.accept_many(
            open_store(),
            slug,
            svc.several(accept),
            stake=values.stake(stake) if stake is not None else None,
            late=asked.late,
        )
    )
    err(
        f"Entered {plural(len(entries), 'card')} on {slug} from review: "
        + "; ".join(f"{e.serial} ({dollars(e.stake)} on {', '.join(map(str, e.picks))})" for e in entries)
        + "."
    )


def _accept_one(slug: str, accept: str, fixed: Accepting) -> None:
    """One card entered from review, with what the operator corrected (None where as read)."""
    from ..services import scan as svc

    def given(value: str | None, parse: Callable[[str], object]) -> Any:
        return parse(value) if value is not None else None

    e = run(
        lambda: svc.accept(
            open_store(),
            slug,
            accept,
            serial=given(fixed.serial, values.serial),
            picks=given(fixed.picks, values.picks),
            stake=given(fixed.stake, values.stake),
            code=fixed.code,
            name=fixed.name,
            received=given(fixed.received, values.received),
            late=fixed.late,
            replace=fixed.replace,
        )
    )
    err(
        f"Entered card {e.serial} on {slug} from review: {dollars(e.stake)} on {', '.join(map(str, e.picks))}"
        + (" — late." if e.late else ".")
    )


def _reject(slug: str, reject: str, reason: str) -> None:
    """One card or several taken out of review without entering them."""
    from ..services import scan as svc

    if "," in reject:
        done = run(lambda: svc.reject_many(open_store(), slug, svc.several(reject), reason=reason))
        err(
            f"Rejected {plural(len(done), 'card')}: "
            + ", ".join(f"#{r.id}" + (f" ({r.serial:06d})" if r.serial else "") for r in done)
            + f": {reason.strip()}."
        )
        return
    row = run(lambda: svc.reject(open_store(), slug, reject, reason=reason))
    err(
        f"Rejected review #{row.id}"
        + (f" (card {row.serial:06d})" if row.serial else "")
        + f": {reason.strip()}."
    )


def _list(slug: str, all_rows: bool, json: bool) -> None:
    """The cards waiting (`all_rows`: every card scanned), one table per kind of doubt, or JSON."""
    from ..report.review import DECIDE, review_json, review_tables
    from ..services import scan as svc

    card, rows = run(lambda: svc.reviews(open_store(), slug, everything=all_rows))
    if json:
        print_json(review_json(rows, svc.kind))
        return
    if not rows:
        err(f"No card of {slug} is waiting for review.")
        return
    from ..report.table import rich_table
    from .shell import console

    line, tables = review_tables(card.slug, rows, svc.kind, all_rows)
    err(line)
    for table in tables:
        console().print(rich_table(table, columns={"Crop": {"overflow": "fold"}}))
    err(DECIDE.format(slug=slug))
