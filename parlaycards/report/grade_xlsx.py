"""The grade report as a workbook a pool runner keeps: Winners, All entries, Legs, Games.

Games has a row per line each game was played at ("Lines on": `v1 cards`, `v3 cards`), so a line
changed between printings shows both ways, never only the newest.

openpyxl write-only (streams, so 100,000 entries stay quick); styled headers, frozen header rows,
autofilters, money as numbers in a $ format. Text is always written as text: a name such as
`=HYPERLINK(...)` or `+1 555` is stored as a string with Excel's quote prefix, never as a formula.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from ..core.text import stamp
from .books import save_book
from .cells import xlsx_cell, xlsx_row
from .grade import EntryRow, Report
from .grade_columns import (
    ENTRIES_XLSX_HEAD,
    ENTRIES_XLSX_TAIL,
    OWED_BACK,
    VOID_XLSX,
    WINNERS_XLSX,
    Writes,
    drawer,
    headers,
    shown,
    void_shown,
)
from .xlsx_print import print_setup

MONEY = '"$"#,##0.00'
HEADER_FILL = "1F4E78"
WIN_FILL = "E2EFDA"
WRITES = Writes(money=lambda d: d, flag=lambda late: "late" if late else "")
Sheet = Any  # openpyxl's write-only worksheet (openpyxl ships no types)


def write_report_xlsx(report: Report, path: Path) -> Path:
    from openpyxl import Workbook

    path.parent.mkdir(parents=True, exist_ok=True)
    wb = Workbook(write_only=True)
    styles = _Styles()
    _winners(wb.create_sheet("Winners"), report, styles)
    if report.owed_back:
        _owed_back(wb.create_sheet("Owed back"), report, styles)
    _all_entries(wb.create_sheet("All entries"), report, styles)
    _legs(wb.create_sheet("Legs"), report, styles)
    _games(wb.create_sheet("Games"), report, styles)
    if report.voided:
        _voided(wb.create_sheet("Void"), report, styles)
    wb.properties.title = f"{report.title} — results"
    wb.properties.creator = "parlaycards"
    save_book(wb, path)
    return path


class _Styles:
    def __init__(self) -> None:
        from openpyxl.styles import Alignment, Font, PatternFill

        self.header_font = Font(bold=True, color="FFFFFF")
        self.header_fill = PatternFill("solid", fgColor=HEADER_FILL)
        self.win_fill = PatternFill("solid", fgColor=WIN_FILL)
        self.bold = Font(bold=True)
        self.center = Alignment(horizontal="center")


def _cell(
    ws: Sheet, value: object, styles: _Styles, *, money: bool = False, fill: bool = False, bold: bool = False
) -> Any:
    from openpyxl.cell import WriteOnlyCell

    if isinstance(value, Decimal) and not money:
        value = str(value)
    # money stays Decimal: written as its exact digits, a number to Excel; text as text (io/cells)
    c = xlsx_cell(ws, value) if isinstance(value, str) else WriteOnlyCell(ws, value=value)
    if money:
        c.number_format = MONEY
    if fill:
        c.fill = styles.win_fill
    if bold:
        c.font = styles.bold
    return c


def _table(
    ws: Sheet,
    headers: Sequence[str],
    widths: Sequence[float],
    rows: Iterable[list[Any]],
    styles: _Styles,
    money_cols: set[int],
    fill_when: Callable[[list[Any]], bool] | None = None,
) -> int:
    """Header, then rows; frozen header and an autofilter over the table. Returns the number of rows."""
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.utils import get_column_letter

    for i, w in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(i)].width = w
    ws.freeze_panes = "A2"
    print_setup(ws, header_row=1)
    head = []
    for h in headers:
        c = WriteOnlyCell(ws, value=h)
        c.data_type = "s"
        c.font, c.fill, c.alignment = styles.header_font, styles.header_fill, styles.center
        head.append(c)
    ws.append(xlsx_row(ws, head))
    n = 0
    for row in rows:
        fill = bool(fill_when and fill_when(row))
        ws.append([_cell(ws, v, styles, money=i in money_cols, fill=fill) for i, v in enumerate(row)])
        n += 1
    ws.auto_filter.ref = f"A1:{get_column_letter(len(headers))}{n + 1}"
    return n


def _winners(ws: Sheet, report: Report, styles: _Styles) -> None:
    cols = shown(report, WINNERS_XLSX)
    tier = {"tier": lambda r: (r.tier or "") + (", payout capped" if r.capped else "")}
    rows = map(drawer(cols, WRITES, **tier), report.winners)
    money = {i for i, c in enumerate(cols) if c.kind == "money"}
    _table(ws, headers(cols), [9, 24, 10, 7, 7, 18, 10, 12, 12, 12, 10, 7], rows, styles, money)
    t = report.totals
    ws.append([])
    for label, value, money in (
        ("Entries", t.entries, False),
        ("Stakes", t.stakes, True),
        ("Payouts", t.payouts, True),
        ("Net to the pool (settled cards)" if t.pending else "Net to the pool", t.cash_net, True),
        ("Paid out", t.paid, True),
        ("Still owed", t.owed, True),
        *((("Overpaid (owed back to the pool)", t.overpaid, True),) if t.overpaid else ()),
        ("Pending", t.pending, False),
        *(
            (("Staked on pending cards (neither kept nor lost yet)", t.pending_stakes, True),)
            if t.pending
            else ()
        ),
        ("Late entries", t.late, False),
    ):
        ws.append([_cell(ws, label, styles, bold=True), None, _cell(ws, value, styles, money=money)])


def _owed_back(ws: Sheet, report: Report, styles: _Styles) -> None:
    """Cards paid more than they now pay (scores corrected after paying): what each owes back."""
    cols = shown(report, OWED_BACK)
    money = {i for i, c in enumerate(cols) if c.kind == "money"}
    _table(
        ws,
        headers(cols),
        [9 if c.key != "name" else 24 for c in cols],
        map(drawer(cols, WRITES), report.owed_back),
        styles,
        money,
    )


def _all_entries(ws: Sheet, report: Report, styles: _Styles) -> None:
    most = max((len(r.picks) for r in report.rows), default=3)
    head = shown(report, ENTRIES_XLSX_HEAD)
    tail = shown(report, (*ENTRIES_XLSX_TAIL, ("received", f"Received ({report.timezone})")))
    zone = ZoneInfo(report.timezone)
    writes = replace(WRITES, time=lambda when: stamp(when.astimezone(zone)))

    first, last = drawer(head, writes), drawer(tail, writes)

    def row(r: EntryRow) -> list[Any]:
        picks = list(r.picks) + [None] * (most - len(r.picks))
        return [*first(r), *picks, *last(r)]

    money = {i for i, c in enumerate((*head, *[None] * most, *tail)) if c is not None and c.kind == "money"}
    _table(
        ws,
        [*headers(head), *[f"Pick {i}" for i in range(1, most + 1)], *headers(tail)],
        [9, 8, 24, 10, *[7] * most, 10, 8, 6, 12, 12, 10, 6, 20],
        map(row, report.rows),
        styles,
        money,
        fill_when=lambda row: row[len(head) + most] == "win",
    )


def _voided(ws: Sheet, report: Report, styles: _Styles) -> None:
    """Entries the operator voided: listed with the reason, never graded, no stake counted."""
    zone = ZoneInfo(report.timezone)
    cols = void_shown((*VOID_XLSX, ("voided", f"Voided ({report.timezone})"), "reason"))
    writes = replace(WRITES, time=lambda at: stamp(at.astimezone(zone)))
    money = {i for i, c in enumerate(cols) if c.kind == "money"}
    _table(
        ws, headers(cols), [9, 8, 24, 10, 30, 20, 40], map(drawer(cols, writes), report.voided), styles, money
    )


def _legs(ws: Sheet, report: Report, styles: _Styles) -> None:
    headers = ["Serial", "Name", "Pick", "Selection", "Outcome", "Card outcome"]
    rows = (
        [r.serial, r.name, n, report.label(r.version, n), o.value, r.outcome.value]
        for r in report.rows
        for n, o in zip(r.picks, r.legs, strict=True)
    )
    _table(ws, headers, [9, 24, 7, 26, 10, 13], rows, styles, set())


def _games(ws: Sheet, report: Report, styles: _Styles) -> None:
    """One row per line a game was played at: a game printed at -4 on v1 cards and -5½ on v3 cards has two,
    each naming its cards in the last column."""
    headers = [
        "Kickoff",
        "League",
        "Away #",
        "Away",
        "Away line",
        "Home #",
        "Home",
        "Home line",
        "Total",
        "Over #",
        "Under #",
        "Away score",
        "Home score",
        "Status",
        "Off",
        "Lines on",
    ]
    rows = (
        [
            g.kickoff,
            g.league,
            g.numbers[0],
            g.away,
            line.away_line,
            g.numbers[1],
            g.home,
            line.home_line,
            line.total_text,
            g.numbers[2] if len(g.numbers) > 2 else None,
            g.numbers[3] if len(g.numbers) > 3 else None,
            g.away_score,
            g.home_score,
            g.status,
            "off" if g.off else "",
            line.cards,
        ]
        for g in report.games
        for line in g.lines
    )
    _table(ws, headers, [16, 8, 8, 18, 9, 8, 18, 9, 8, 8, 8, 10, 10, 10, 5, 18], rows, styles, set())
