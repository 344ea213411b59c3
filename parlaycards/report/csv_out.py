"""CSV files we write beside the workbooks: a card's games, the grade report, the entries list.

Written with the csv module, UTF-8 with a byte-order mark (Excel then opens accents and ½ right),
whole or not at all (written beside, then moved into place). Money is plain (`60.00`), lines are
numbers (`-3.5`, `0` for PK) so that a spreadsheet sorts them, times are in the card's time zone.
Text a spreadsheet would take for a formula (= + - @ and not a number) starts with an apostrophe.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from datetime import datetime, time
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from ..core.models import Card, Entry
from ..core.text import hour, plain, stamp
from ..io.files import atomic_output
from .card import GAME_COLUMNS, game_values
from .cells import csv_value
from .entries import EntryList
from .grade import Report
from .grade_columns import ENTRIES_CSV, VOID_COLUMNS, Writes, drawer, headers, shown, void_shown


def safe(value: object) -> object:
    """A cell value that a spreadsheet shows as written (never runs as a formula): see io/cells."""
    return csv_value(value)


def write_csv(path: Path, header: Sequence[str], rows: Iterable[Sequence[object]]) -> Path:
    """Write a CSV file whole or not at all."""
    with atomic_output(path) as part, part.open("w", newline="", encoding="utf-8-sig") as fh:
        out = csv.writer(fh)
        out.writerow(header)
        out.writerows([safe(v) for v in row] for row in rows)
    return path


def _line(value: Decimal | None) -> str:
    return "" if value is None else format(value.normalize(), "f") if value != 0 else "0"


def _local(when: datetime, zone: ZoneInfo) -> str:
    return stamp(when.astimezone(zone))


def _entry_cells(e: Entry, zone: ZoneInfo) -> tuple[object, ...]:
    """An entry's own columns of the entries CSV, before its grade's."""
    return (
        e.serial,
        e.version,
        e.name,
        plain(e.stake),
        " ".join(map(str, e.picks)),
        _local(e.received_at, zone),
        "yes" if e.late else "",
        e.source,
    )


def write_card_csv(card: Card, path: Path) -> Path:
    """The card's games, one row each (the Games sheet of the card's workbook)."""
    rows = []
    for g in card.games:
        v = game_values(g, card.timezone)
        rows.append(
            (
                v.league,
                v.day.isoformat() if v.day else "",
                hour(v.clock) if isinstance(v.clock, time) else v.clock or "",
                v.away_no,
                v.away,
                _line(v.away_line),
                v.home_no,
                v.home,
                _line(v.home_line),
                _line(v.total),
                v.over_no or "",
                v.under_no or "",
                "yes" if v.neutral else "",
                "OFF" if v.off else "",
            )
        )
    return write_csv(path, GAME_COLUMNS, rows)


VOID_FILL = {"outcome": "void", "payout": "0.00", "paid": "0.00"}  # a void entry's cells it has no column for


def write_report_csv(report: Report, path: Path) -> Path:
    """Every entry of the grade, by serial, then the void ones: one row each."""
    zone = ZoneInfo(report.timezone)
    cols = shown(report, ENTRIES_CSV)
    writes = Writes(
        money=plain, flag=lambda late: "yes" if late else "", time=lambda when: _local(when, zone)
    )
    draw = drawer(cols, writes)
    rows: list[Sequence[object]] = [(*draw(r), "") for r in report.rows]
    # a void entry in the same columns: what it has of an entry's, "void", nothing paid, then its reason
    keys = [c.key for c in cols]
    draw_void = drawer(void_shown([k for k in keys if k in VOID_COLUMNS]), writes)
    for v in report.voided:
        own = iter(draw_void(v))
        rows.append((*(next(own) if k in VOID_COLUMNS else VOID_FILL.get(k, "") for k in keys), v.reason))
    rows.sort(key=lambda r: str(r[0]))
    return write_csv(path, (*headers(cols), "Void reason"), rows)


def write_entries_csv(view: EntryList, path: Path) -> Path:
    """A card's entries (and void ones) as `entries` lists them."""
    zone = ZoneInfo(view.card.timezone)
    header = (
        "Serial",
        "Version",
        "Name",
        "Stake",
        "Picks",
        "Received",
        "Late",
        "Source",
        "Last grade",
        "Payout",
        "Paid",
        "Void reason",
    )
    rows: list[Sequence[object]] = []
    for e in view.entries:
        last = view.settled.get(int(e.serial))
        paid = view.payments.get(e.serial)
        rows.append(
            (
                *_entry_cells(e, zone),
                last.outcome if last else "",
                plain(last.amount) if last else "",
                plain(paid.amount) if paid else "0.00",
                "",
            )
        )
    rows += [(*_entry_cells(v.entry, zone), "void", "0.00", "0.00", v.reason) for v in view.voided]
    rows.sort(key=lambda r: str(r[0]))
    return write_csv(path, header, rows)
