"""Plain text where a number belongs, typed or sent: in a score sheet's Number column, in a whole-number
argument or option of the command line, in a feed's event. Each is refused in the project's words, naming
where it stands and what is accepted; nothing is stored."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app

runner = CliRunner()
SAMPLES = Path(__file__).resolve().parents[1] / "sample_lines"


def _sample_pool(tmp_path: Path) -> Path:
    """A pool holding the sample week's lines as card `hx`."""
    db = tmp_path / "pool.db"
    r = runner.invoke(app, ["--db", str(db), "import", str(SAMPLES / "nfl-week-12.csv"), "--card", "hx"])
    assert r.exit_code == 0, r.output
    return db


def _said(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("number", ["abc", "n/a", "TBD"])
def test_text_in_the_number_column_beside_the_teams_is_refused_at_its_cell(tmp_path: Path, number: str):
    """A score sheet by teams with a Number column: "abc" there was passed over without a word (the
    row's score was stored as if the cell were blank). A blank cell and a number still read."""
    from openpyxl import Workbook

    db = _sample_pool(tmp_path)
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Finals"
    sheet.append(["Number", "Away", "Score", "Home", "Score", "Status"])
    sheet.append([number, "Pittsburgh", 20, "Cleveland", 16, "Final"])
    scores = tmp_path / "scores.xlsx"
    book.save(scores)
    r = runner.invoke(app, ["--db", str(db), "result", "import", "hx", str(scores)])
    said = _said(r.stderr)
    assert (
        r.exit_code == 2
        and (
            f'scores.xlsx: 1 problem; no result was stored. Fix it and import the file again - sheet "Finals", '
            f'row 2, cell A2: "{number}" is not a selection number. Accepted: one of the '
            "game's selection numbers (e.g. 101), or the Number cell left blank (the teams name the game)."
        )
        in said
    ), said
    assert "16 games without a result" in _said(runner.invoke(app, ["--db", str(db), "results", "hx"]).output)
    sheet["A2"] = None
    book.save(scores)
    r = runner.invoke(app, ["--db", str(db), "result", "import", "hx", str(scores)])
    assert r.exit_code == 0, r.output
