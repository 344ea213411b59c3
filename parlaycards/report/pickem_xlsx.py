"""Pick'em reports as workbooks (openpyxl write_only): weekly Standings + Picks grid + Games, season Standings.

Text that a spreadsheet would read as a formula (starting with = + - @) is written as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from ..core.lines import format_spread, format_total
from ..core.pickem_week import WeekReport, ordinal
from ..core.season import SeasonReport
from ..core.text import dollars, plural
from ..io.files import atomic_output
from .books import save_book
from .cells import xlsx_cell, xlsx_row
from .pickem import OUTCOME_MARK, fees_note, game_heading, pick_cells, place_text, pool_line, result_text
from .xlsx_print import print_setup

HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="1F4E78")
FILLS = {
    "win": PatternFill("solid", fgColor="C6EFCE"),
    "loss": PatternFill("solid", fgColor="FFC7CE"),
    "push": PatternFill("solid", fgColor="FFEB9C"),
    "void": PatternFill("solid", fgColor="D9D9D9"),
    "missing": PatternFill("solid", fgColor="F2F2F2"),
}
MONEY = '"$"#,##0.00'
POINTS = "0.##"


def _append(ws: Any, values: Sequence[object]) -> None:
    """Every row goes through the one cell writer: a raw text value is never taken for a formula."""
    ws.append(xlsx_row(ws, values))


def _cell(
    ws: Any, value: Any, *, fmt: str | None = None, fill: PatternFill | None = None, bold: bool = False
) -> WriteOnlyCell:
    c = xlsx_cell(ws, value)  # text as text, never a formula (io/cells)
    if fmt:
        c.number_format = fmt
    if fill is not None:
        c.fill = fill
    if bold:
        c.font = Font(bold=True)
    return c


def _header(ws: Any, names: Sequence[str], widths: Sequence[float], freeze: str, wrap: bool = False) -> None:
    for i, w in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(i)].width = w
    ws.freeze_panes = freeze
    print_setup(ws, header_row=1)
    cells = []
    for n in names:
        c = WriteOnlyCell(ws, value=n)
        c.font = HEADER_FONT
        c.fill = HEADER_FILL
        c.alignment = Alignment(horizontal="center", vertical="center", wrap_text=wrap)
        cells.append(c)
    _append(ws, cells)


def _filter(ws: Any, columns: int, rows: int) -> None:
    ws.auto_filter.ref = f"A1:{get_column_letter(max(columns, 1))}{max(rows, 1) + 1}"


def write_week_xlsx(report: WeekReport, path: Path) -> None:
    """The week as a workbook: Standings, Picks (each pick marked), Games, Notes."""
    wb = Workbook(write_only=True)
    _week_standings(wb.create_sheet("Standings"), report)
    _week_picks(wb.create_sheet("Picks"), report)
    _week_games(wb.create_sheet("Games"), report)
    _week_notes(wb.create_sheet("Notes"), report)
    with atomic_output(path) as part:  # whole or not at all
        save_book(wb, part)


def _week_standings(ws: Any, report: WeekReport) -> None:
    names = [
        "Place",
        "Name",
        "Score",
        "Won",
        "Pushed",
        "Lost",
        "No pick",
        "Void",
        "Pending",
        "Tiebreak guess",
        "Guess − total",
        "Prize",
        "Paid",
    ]
    _header(ws, names, [8, 26, 8, 7, 8, 7, 9, 7, 9, 14, 14, 12, 7], "C2")
    for s in report.standings:
        off = None if s.distance is None else (s.distance if s.over else -s.distance)
        _append(
            ws,
            [
                _cell(ws, place_text(s)),
                _cell(ws, s.name),
                _cell(ws, s.score, fmt=POINTS),
                s.wins,
                s.pushes,
                s.losses,
                s.missing,
                s.void,
                s.pending,
                s.tiebreak,
                off,
                _cell(ws, s.prize, fmt=MONEY, bold=s.prize > 0),
                "yes" if s.paid else "no",
            ],
        )
    _filter(ws, len(names), len(report.standings))


def _week_picks(grid: Any, report: WeekReport) -> None:
    headings = ["Name", "Score", *(game_heading(g) for g in report.games)]
    _header(grid, headings, [26, 8, *([20] * len(report.games))], "C2", wrap=True)
    for s in report.standings:
        cells = [_cell(grid, s.name), _cell(grid, s.score, fmt=POINTS)]
        for text, outcome in pick_cells(report, s):
            mark = OUTCOME_MARK.get(outcome, "")
            shown = f"{text} ({mark})" if mark and text != "—" else text
            cells.append(_cell(grid, shown, fill=FILLS.get(outcome)))
        _append(grid, cells)
    _filter(grid, len(headings), len(report.standings))


def _week_games(games: Any, report: WeekReport) -> None:
    _header(
        games,
        ["Away no.", "Away", "Home no.", "Home", "Home line", "Total", "Result", "Tiebreak game"],
        [9, 24, 9, 24, 10, 8, 30, 14],
        "A2",
    )
    results = {r.game: r for r in report.results}
    for g in report.games:
        _append(
            games,
            [
                g.numbers.away,
                _cell(games, g.away),
                g.numbers.home,
                _cell(games, g.home),
                format_spread(g.spread),
                format_total(g.total) if g.total is not None else "",
                result_text(g, results.get(g.key)),
                "yes" if g.key == report.tiebreak_game.key else "",
            ],
        )


def _week_notes(notes: Any, report: WeekReport) -> None:
    notes.column_dimensions["A"].width = 120
    print_setup(notes)
    lines = [
        f"Pick'em pool {report.pool.slug}: {report.title}",
        pool_line(report.pool),
        f"Pot {dollars(report.pot)} ({plural(len(report.standings), 'entry', 'entries')}); prizes paid {dollars(report.paid_out)}.",
        *([owed] if (owed := fees_note(report)) else []),
        f"Tiebreak game: {report.tiebreak_game.label()}"
        + (
            f", total points {report.tiebreak_total}."
            if report.tiebreak_total is not None
            else ", no total yet."
        ),
        "Final." if report.final else "Provisional: some games have no result yet.",
        *report.notes,
    ]
    _append(notes, [_cell(notes, lines[0], bold=True)])
    for line in lines[1:]:
        _append(notes, [_cell(notes, line)])


def write_season_xlsx(report: SeasonReport, path: Path) -> None:
    wb = Workbook(write_only=True)
    ws = wb.create_sheet("Standings")
    names = ["Place", "Name", "Total", *report.pools, "Weeks played", "Weekly wins", "Winnings"]
    _header(ws, names, [8, 26, 9, *([12] * len(report.pools)), 13, 12, 12], "C2", wrap=True)
    for r in report.rows:
        place = f"T-{ordinal(r.place)}" if r.tied > 1 else ordinal(r.place)
        _append(
            ws,
            [
                _cell(ws, place),
                _cell(ws, r.name),
                _cell(ws, r.total, fmt=POINTS, bold=True),
                *(_cell(ws, w, fmt=POINTS) if w is not None else None for w in r.weeks),
                r.played,
                r.weekly_wins,
                _cell(ws, r.winnings, fmt=MONEY),
            ],
        )
    _filter(ws, len(names), len(report.rows))
    notes = wb.create_sheet("Notes")
    notes.column_dimensions["A"].width = 120
    print_setup(notes)
    _append(
        notes,
        [
            _cell(
                notes,
                f"Season {report.season}: {plural(len(report.pools), 'pool')}, weekly scores added up.",
                bold=True,
            )
        ],
    )
    for line in report.notes:
        _append(notes, [_cell(notes, line)])
    with atomic_output(path) as part:  # whole or not at all
        save_book(wb, part)
