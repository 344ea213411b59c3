"""A bookmaker's game off the board in a lines sheet (its row struck through, or its line written OFF) is
not imported as a live game: the import is refused naming the row or cell, saying what to do."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook
from openpyxl.styles import Font

from parlaycards.core.errors import ParlayError
from parlaycards.io.lines import Asked, read_lines

ROWS = [
    ["Date", "Away", "Home", "Home line", "Total"],
    ["11/22/2026", "Chicago Bears", "Detroit Lions", "-7", "47.5"],
    ["11/22/2026", "Tennessee Titans", "Indianapolis Colts", "-6", "45"],
    ["11/22/2026", "Houston Texans", "Jacksonville Jaguars", "+2.5", "43"],
]


def _book(path: Path, struck_row: int | None = None, off: bool = False) -> Path:
    wb = Workbook()
    ws = wb.active
    for r, row in enumerate(ROWS, start=1):
        for c, value in enumerate(row, start=1):
            cell = ws.cell(row=r, column=c, value="OFF" if off and r == 3 and c == 4 else value)
            if r == struck_row:
                cell.font = Font(strike=True)
    wb.save(path)
    return path


def test_a_sheet_read_as_it_is_without_a_strike(tmp_path: Path):
    got = read_lines(Asked(_book(tmp_path / "lines.xlsx")))
    assert [g.away for g in got.games] == ["Chicago Bears", "Tennessee Titans", "Houston Texans"]


def test_a_struck_through_row_is_refused_naming_it(tmp_path: Path):
    with pytest.raises(ParlayError) as got:
        read_lines(Asked(_book(tmp_path / "lines.xlsx", struck_row=3)))
    said = str(got.value)
    assert 'sheet "Sheet", row 3: the row is struck through: a game off the board' in said
    assert "Delete the row, or clear the strike-through if the game is on." in said


def test_a_line_written_off_is_refused_as_off_the_board(tmp_path: Path):
    with pytest.raises(ParlayError) as got:
        read_lines(Asked(_book(tmp_path / "lines.xlsx", off=True)))
    said = str(got.value)
    assert "cell D3" in said
    assert 'Tennessee Titans at Indianapolis Colts is marked "OFF": the game is off the board' in said
    assert "--off" in said
