"""Nothing read in silence (issue 17): a hidden sheet is read or named, a header written twice refuses
naming both columns, a result row whose number and teams name two games refuses naming both, and a
cancelled game with a score is said aloud, not stored."""

from __future__ import annotations

import hashlib
from pathlib import Path

from openpyxl import Workbook
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.io.lines import Asked, read_lines

from .pool_support import new_card, print_serials, xlsx

runner = CliRunner()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _two_sheets(path: Path, shown: list[list], hidden: list[list], hidden_name: str = "Old") -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "Main"
    for row in shown:
        ws.append(row)
    other = wb.create_sheet(hidden_name)
    for row in hidden:
        other.append(row)
    other.sheet_state = "hidden"
    wb.save(path)
    return path


def _said(r) -> str:
    return " ".join(r.output.split())


def test_entry_import_refuses_a_hidden_sheet_of_entries(store, db_path, tmp_path):
    new_card(store)
    print_serials(store, "nfl-w12", 4)
    header = ["Serial", "Name", "Stake", "Picks"]
    path = _two_sheets(
        tmp_path / "entries.xlsx",
        [header, ["1", "Dana", 5, "101,103,105"]],
        [header, ["2", "Sam", 5, "102,104,106"], ["3", "Lee", 5, "101,104"]],
    )
    before = _digest(db_path)
    r = runner.invoke(app, ["--db", str(db_path), "entry", "import", "nfl-w12", str(path)])
    assert r.exit_code == 2, r.output
    said = _said(r)
    assert 'sheet "Old" is hidden and holds entries (2 rows under its header, row 1)' in said
    assert "Unhide it to import it" in said and "Traceback" not in r.output
    assert _digest(db_path) == before


def test_result_import_refuses_a_hidden_sheet_of_scores(store, db_path, tmp_path):
    new_card(store)
    header = ["Away", "Away score", "Home", "Home score"]
    path = _two_sheets(
        tmp_path / "scores.xlsx",
        [header, ["Buffalo Bills", 20, "Houston Texans", 23]],
        [header, ["Dallas Cowboys", 10, "New York Giants", 13]],
    )
    r = runner.invoke(app, ["--db", str(db_path), "result", "import", "nfl-w12", str(path)])
    assert r.exit_code == 2, r.output
    assert 'sheet "Old" is hidden and holds scores (1 row under its header, row 1)' in _said(r)


def test_lines_import_names_the_hidden_sheet_it_did_not_read(tmp_path):
    header = ["Away", "Home", "Line"]
    path = _two_sheets(
        tmp_path / "lines.xlsx",
        [header, ["Chicago", "Green Bay", "-6.5"]],
        [header, ["Dallas", "NY Giants", "-3"]],
        hidden_name="Week 11",
    )
    read = read_lines(Asked(path))
    assert [(g.away, g.home) for g in read.games] == [("Chicago", "Green Bay")]
    assert read.warnings == (
        'sheet "Week 11": the sheet is hidden, so it was not read. To read it, name it: ⟨sheet⟩ "Week 11"',
    )
    both = read_lines(Asked(path, sheets=("Main", "Week 11")))
    assert len(both.games) == 2 and both.warnings == ()


def test_a_header_written_twice_refuses_naming_both_columns(store, db_path, tmp_path):
    new_card(store)
    print_serials(store, "nfl-w12", 2)
    path = xlsx(
        tmp_path / "entries.xlsx",
        [["Serial", "Name", "Stake", "Picks", "Serial"], ["1", "Dana", 5, "101,103,105", "2"]],
    )
    r = runner.invoke(app, ["--db", str(db_path), "entry", "import", "nfl-w12", str(path)])
    assert r.exit_code == 2, r.output
    said = _said(r)
    assert 'column A ("Serial") and column E ("Serial") would both be read as the entry\'s Serial' in said

    picks = xlsx(
        tmp_path / "picks.xlsx", [["Serial", "Name", "Stake", "Picks", "Picks"], ["1", "D", 5, "101", "103"]]
    )
    r = runner.invoke(app, ["--db", str(db_path), "entry", "import", "nfl-w12", str(picks)])
    assert r.exit_code == 2 and 'column D ("Picks") and column E ("Picks")' in _said(r)

    scores = xlsx(
        tmp_path / "scores.xlsx",
        [
            ["Away", "Visitor", "Away score", "Home", "Home score"],
            ["Buffalo Bills", "Bills", 20, "Houston Texans", 23],
        ],
    )
    r = runner.invoke(app, ["--db", str(db_path), "result", "import", "nfl-w12", str(scores)])
    assert r.exit_code == 2 and 'column A ("Away") and column B ("Visitor")' in _said(r)


def test_a_lines_header_written_twice_refuses_naming_both(tmp_path):
    import pytest

    from parlaycards.core.errors import ParlayError

    path = xlsx(
        tmp_path / "lines.xlsx",
        [["Away", "Home", "Line", "Total", "Home"], ["Chicago", "Green Bay", "-6.5", 41, "Detroit"]],
        "Lines",
    )
    with pytest.raises(ParlayError) as exc:
        read_lines(Asked(path))
    assert 'column E ("Home") and column B ("Home") are both headed as home' in str(exc.value)


def test_a_result_row_whose_number_and_teams_disagree_refuses_naming_both(store, db_path, tmp_path):
    new_card(store)
    before = _digest(db_path)
    path = xlsx(
        tmp_path / "scores.xlsx",
        [
            ["Number", "Away", "Away score", "Home", "Home score"],
            [101, "Buffalo Bills", 20, "Houston Texans", 23],
            [103, "Kansas City Chiefs", 27, "Las Vegas Raiders", 10],
        ],
    )
    r = runner.invoke(app, ["--db", str(db_path), "result", "import", "nfl-w12", str(path)])
    assert r.exit_code == 2, r.output
    said = _said(r)
    assert (
        "row 3: the row's number 103 names Dallas Cowboys at New York Giants, but its teams name "
        "Kansas City Chiefs at Las Vegas Raiders (105/106/205/206)" in said
    )
    assert _digest(db_path) == before
    agreeing = xlsx(
        tmp_path / "agree.xlsx",
        [
            ["Number", "Away", "Away score", "Home", "Home score"],
            [105, "Kansas City Chiefs", 27, "Las Vegas Raiders", 10],
        ],
    )
    r = runner.invoke(app, ["--db", str(db_path), "result", "import", "nfl-w12", str(agreeing)])
    assert r.exit_code == 0, r.output


def test_cancelled_with_a_score_is_said_not_stored(store, db_path, tmp_path):
    new_card(store)
    before = _digest(db_path)
    path = xlsx(
        tmp_path / "scores.xlsx",
        [
            ["Away", "Away score", "Home", "Home score", "Status"],
            ["Buffalo Bills", 20, "Houston Texans", 23, "Final"],
            ["Dallas Cowboys", 7, "New York Giants", 3, "Postponed"],
        ],
    )
    r = runner.invoke(app, ["--db", str(db_path), "result", "import", "nfl-w12", str(path)])
    assert r.exit_code == 2, r.output
    said = _said(r)
    assert (
        'the status says "Postponed" but the row has a score (7–3) for Dallas Cowboys at New York Giants'
        in said
    )
    assert _digest(db_path) == before
