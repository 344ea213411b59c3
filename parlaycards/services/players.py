"""What a player may see: the board of a card (what the wall sheet shows) and one card, by its verify code.

Nothing here lists a code or another player's picks: the board names winners as the wall sheet does
(serial, name, payout); a card's picks are shown only to whoever gives that card's verify code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from ..core.errors import RefusedError
from ..core.models import Card, LegOutcome
from ..core.settle import grade_selections, returned
from ..core.verify import check_code, format_serial, parse_serial
from ..report.grade import EntryRow, Report
from ..store import Store
from ..store import cards as card_rows
from ..store import entries as entry_rows
from ..store import results as result_rows
from ..store import scans as scan_rows
from .grading import preview


@dataclass(frozen=True)
class Board:
    card: Card  # the latest version
    report: Report  # on the results now; stored nowhere
    graded: bool  # the last grade stored is this report: winners and payouts are final
    selections: dict[int, LegOutcome]  # every selection of the latest version, on the results now


@dataclass(frozen=True)
class PlayerCard:
    slug: str
    serial: str
    version: int
    row: EntryRow | None  # None: printed, not entered (yet)
    report: Report
    graded: bool
    crop: Path | None  # the scan that entered it, when it was scanned
    if_all_win: Decimal | None = None  # what it hands back when every pick wins, by its version's table


Look = Callable[[Store, str], tuple[Report, bool]]  # `grading.preview`, or a cache of it


def board(store: Store, slug: str, look: Look = preview) -> Board:
    report, graded = look(store, slug)
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
        results = result_rows.of(tx, slug)
    return Board(card, report, graded, grade_selections(card, results))


class WrongCode(RefusedError):
    """A serial and code that do not go together (or a serial never printed): said the same way for both,
    so that a wrong guess learns nothing about which serials exist."""


def player_card(store: Store, slug: str, serial: str, code: str, look: Look = preview) -> PlayerCard:
    """Card `serial` of `slug` for whoever holds its verify code `code`."""
    number = parse_serial(serial)
    wrong = WrongCode(
        f"no card {serial.strip()[:12]} of {slug} has that verify code. Type the serial and the "
        "6-letter code printed beside it on your card (e.g. 000123 and K7F2Q9)."
    )
    if number is None or not code.strip() or len(code) > 32:
        raise wrong
    with store.reading() as tx:
        card_rows.latest(tx, slug)  # names the card when it does not exist
        printed = entry_rows.printed_from(tx, number)
        if printed is None or printed[0] != slug:
            raise wrong
        found = entry_rows.get(tx, number)
        version = found[1].version if found and found[0] == slug else printed[1]
        if not check_code(tx.secret, slug, version, number, code):
            raise wrong
        crop = scan_rows.crops(tx, slug).get(number)
        table = card_rows.get(tx, slug, version).payouts
    report, graded = look(store, slug)
    s = format_serial(number)
    row = next((r for r in report.rows if r.serial == s), None)
    best = None
    if row is not None and (tier := table.tier(len(row.picks), len(row.picks))) is not None:
        best = returned(row.stake, tier, table)
    return PlayerCard(slug, s, version, row, report, graded, Path(crop) if crop else None, best)
