"""What a player may see: the board of a card (what the wall sheet shows) and one card, by its verify code.

Nothing here lists a code or another player's picks: the board names winners as the wall sheet does
(serial, name, payout); a card's picks are shown only to whoever gives that card's verify code.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from ..core.errors import RefusedError
from ..core.models import Card, LegOutcome
from ..core.payout_table import PayoutTable
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


@dataclass(frozen=True)
class Snapshot:
    """Everything the players' pages of one card show, read at once: the board, and what a card's page
    needs to check a code and show the card. Pure data, so a server may reuse it until the pool changes
    (`store.audit.stamp`); reading it is the only database work a player's page does."""

    board: Board
    secret: bytes
    printed: tuple[tuple[int, int, int], ...]  # (first, last, version) of every print batch of the card
    rows: dict[str, EntryRow]  # by serial
    tables: dict[int, PayoutTable]  # payout table of every printed version
    crops: dict[int, str]  # serial → the crop of the scan that entered it


def snapshot(store: Store, slug: str) -> Snapshot:
    """The players' view of `slug` now (names the card when it does not exist)."""
    report, graded = preview(store, slug)
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
        results = result_rows.of(tx, slug)
        printed = tuple(entry_rows.printed_ranges(tx, slug))
        versions = {v for _, _, v in printed} | {r.version for r in report.rows}
        tables = {v: card_rows.get(tx, slug, v).payouts for v in versions}
        crops = scan_rows.crops(tx, slug)
        secret = tx.secret
    return Snapshot(
        board=Board(card, report, graded, grade_selections(card, results)),
        secret=secret,
        printed=printed,
        rows={r.serial: r for r in report.rows},
        tables=tables,
        crops=crops,
    )


def board(store: Store, slug: str) -> Board:
    return snapshot(store, slug).board


class WrongCode(RefusedError):
    """A serial and code that do not go together (or a serial never printed): said the same way for both,
    so that a wrong guess learns nothing about which serials exist."""


def player_card(snap: Snapshot, serial: str, code: str) -> PlayerCard:
    """Card `serial` of the snapshot's card for whoever holds its verify code `code` (no I/O)."""
    slug = snap.board.card.slug
    number = parse_serial(serial)
    wrong = WrongCode(
        f"no card {serial.strip()[:12]} of {slug} has that verify code. Type the serial and the "
        "6-letter code printed beside it on your card (e.g. 000123 and K7F2Q9)."
    )
    if number is None or not code.strip() or len(code) > 32:
        raise wrong
    version = next((v for first, last, v in snap.printed if first <= number <= last), None)
    if version is None:
        raise wrong
    s = format_serial(number)
    row = snap.rows.get(s)
    if row is not None:
        version = row.version
    if not check_code(snap.secret, slug, version, number, code):
        raise wrong
    report, graded = snap.board.report, snap.board.graded
    best = None
    table = snap.tables.get(version)
    if (
        row is not None
        and table is not None
        and (tier := table.tier(len(row.picks), len(row.picks))) is not None
    ):
        best = returned(row.stake, tier, table)
    crop = snap.crops.get(number)
    return PlayerCard(slug, s, version, row, report, graded, Path(crop) if crop else None, best)


def card_of(store: Store, serial: int) -> str | None:
    """The card a serial was printed for (a card's QR link names only its serial), or None."""
    with store.reading() as tx:
        printed = entry_rows.printed_from(tx, serial)
    return printed[0] if printed else None
