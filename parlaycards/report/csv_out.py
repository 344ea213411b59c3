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

from ..core.models import Card
from ..core.money import plain
from ..io.files import atomic_output
from .card import GAME_COLUMNS, game_values
from .cells import csv_value
from .grade import Report


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
    return when.astimezone(zone).strftime("%Y-%m-%d %H:%M")


def write_card_csv(card: Card, path: Path) -> Path:
    """The card's games, one row each (the Games sheet of the card's workbook)."""
    rows = []
    for g in card.games:
        (
            league,
            day,
            clock,
            away_no,
            away,
            away_line,
            home_no,
            home,
            home_line,
            total,
            over,
            under,
            neutral,
            off,
        ) = game_values(g, card.timezone)
        rows.append(
            (
                league,
                day.isoformat() if day else "",
                clock.strftime("%I:%M %p").lstrip("0") if isinstance(clock, time) else clock or "",
                away_no,
                away,
                _line(away_line),
                home_no,
                home,
                _line(home_line),
                _line(total),
                over or "",
                under or "",
                "yes" if neutral else "",
                "OFF" if off else "",
            )
        )
    return write_csv(path, GAME_COLUMNS, rows)


def write_report_csv(report: Report, path: Path) -> Path:
    """Every entry of the grade, by serial, then the void ones: one row each."""
    zone = ZoneInfo(report.timezone)
    header = (
        "Serial",
        "Version",
        "Name",
        "Stake",
        "Picks",
        "Outcome",
        "Hits",
        "Picks counted",
        "Tier",
        "Payout",
        "Paid",
        "Paid status",
        "Late",
        "Received",
        "Void reason",
    )
    rows: list[Sequence[object]] = [
        (
            r.serial,
            r.version,
            r.name,
            plain(r.stake),
            " ".join(map(str, r.picks)),
            r.outcome.value,
            r.hits,
            r.effective_picks,
            r.tier or "",
            plain(r.payout),
            plain(r.paid),
            r.paid_status,
            "yes" if r.late else "",
            _local(r.received_at, zone),
            "",
        )
        for r in report.rows
    ]
    rows += [
        (
            v.serial,
            v.version,
            v.name,
            plain(v.stake),
            " ".join(map(str, v.picks)),
            "void",
            "",
            "",
            "",
            "0.00",
            "0.00",
            "",
            "",
            "",
            v.reason,
        )
        for v in report.voided
    ]
    rows.sort(key=lambda r: str(r[0]))
    return write_csv(path, header, rows)


def write_entries_csv(view, path: Path) -> Path:  # noqa: ANN001 - services.entries.EntryList
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
                e.serial,
                e.version,
                e.name,
                plain(e.stake),
                " ".join(map(str, e.picks)),
                _local(e.received_at, zone),
                "yes" if e.late else "",
                e.source,
                last.outcome if last else "",
                plain(last.amount) if last else "",
                plain(paid.amount) if paid else "0.00",
                "",
            )
        )
    for v in view.voided:
        e = v.entry
        rows.append(
            (
                e.serial,
                e.version,
                e.name,
                plain(e.stake),
                " ".join(map(str, e.picks)),
                _local(e.received_at, zone),
                "yes" if e.late else "",
                e.source,
                "void",
                "0.00",
                "0.00",
                v.reason,
            )
        )
    rows.sort(key=lambda r: str(r[0]))
    return write_csv(path, header, rows)
