"""The entries, results and pick'em readers: every problem is a value with its file, sheet, row and cell."""

from __future__ import annotations

from parlaycards.core.errors import Source
from parlaycards.io import entries, pickem, results
from parlaycards.io.sheets import Problem

from .conftest import ET, make_card
from .pool_support import csv_file, xlsx


def test_entry_problems_carry_their_cell(tmp_path):
    path = xlsx(
        tmp_path / "entries.xlsx",
        [["Serial", "Name", "Stake", "Picks", "Late"], ["abc", "Dana", "five", "101, 103", "maybe"]],
    )
    [row] = entries.read_entries(path, ET).rows
    assert [p.source for p in row.problems] == [
        Source("entries.xlsx", "Entries", 2, "A", "A2"),
        Source("entries.xlsx", "Entries", 2, "C", "C2"),
        Source("entries.xlsx", "Entries", 2, "E", "E2"),
    ]
    assert all(isinstance(p, Problem) for p in row.problems)
    assert row.problems[0].in_row().startswith('cell A2: "abc" is not a serial.')
    assert str(row.problems[0]).startswith('sheet "Entries", cell A2: "abc" is not a serial.')


def test_entry_pick_columns_problem_names_the_run_of_cells(tmp_path):
    path = csv_file(
        tmp_path / "e.csv", [["Serial", "Name", "Stake", "Pick 1", "Pick 2"], ["1", "Dana", "5", "x", ""]]
    )
    [row] = entries.read_entries(path, ET).rows
    [problem] = row.problems
    assert problem.source == Source("e.csv", None, 2, "D", "D2–E2")
    assert problem.in_row().startswith('cells D2–E2: "x" in the picks "x" is not a selection number.')


def test_result_problems_carry_their_row_and_cell(tmp_path):
    path = csv_file(
        tmp_path / "scores.csv",
        [
            ["Number", "Away score", "Home score", "Status"],
            ["101", "ten", "3", "Final"],
            ["103", "7", "3", "Weird"],
            ["105", "7", "", "Final"],
        ],
    )
    sheet = results.read_results(path)
    assert [p.source for p in sheet.problems] == [
        Source("scores.csv", None, 2, "B", "B2"),
        Source("scores.csv", None, 3, "D", "D3"),
        Source("scores.csv", None, 4),
    ]
    assert (
        sheet.problems[0].at_row()
        == 'row 2, cell B2: the score "ten" is not a whole number of points (0 or more), or WD/DQ for a '
        "competitor of a matchup who started, then withdrew or was disqualified."
    )
    assert sheet.problems[2].at_row() == "row 4: a final needs both scores (game 105)."


def test_pickem_problems_carry_their_cell(tmp_path):
    path = csv_file(tmp_path / "picks.csv", [["Name", "101/102", "Tiebreaker"], ["", "Jets", "forty"]])
    [row] = pickem.read_entries(path, make_card()).rows
    assert [p.source for p in row.problems] == [
        Source("picks.csv", None, 2, "A", "A2"),
        Source("picks.csv", None, 2, "B", "B2"),
        Source("picks.csv", None, 2, "C", "C2"),
    ]
    assert row.problems[0].in_row() == "cell A2: no name"


def test_a_semicolon_csv_with_a_title_line_above_its_header(tmp_path):
    """The separator was read from the first line only: a title line made a ';' file read as one column."""
    from parlaycards.io.sheets import open_workbook

    path = tmp_path / "finals.csv"
    path.write_text("Week 12 finals\n\nAway;Away score;Home;Home score\nPIT;20;CLE;23\n", encoding="utf-8")
    sheet = open_workbook(path).sheets[0]
    assert sheet.rows[2] == ("Away", "Away score", "Home", "Home score")
