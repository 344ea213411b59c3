"""Issue 18 item 2: a sheet that writes "Bears" for "Chicago Bears" is the same week. Games are matched
by who plays (the alias table), every hand edit the import would undo is listed, and the card keeps its
own spelling of the teams."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from parlaycards.cli.main import app

runner = CliRunner()

FULL = """Date,Time,Away,Home,Home Line,Total
11/22/2026,1:00 PM,Chicago Bears,Green Bay Packers,-3.5,44.5
11/22/2026,1:00 PM,New York Giants,Detroit Lions,-9.5,48.5
11/22/2026,1:00 PM,Tennessee Titans,Indianapolis Colts,-6.5,42.5
11/22/2026,4:25 PM,Pittsburgh Steelers,Cleveland Browns,+2.5,37.5
"""
NICKNAMES = """Date,Time,Away,Home,Home Line,Total
11/22/2026,1:00 PM,Bears,Packers,-3.5,44.5
11/22/2026,1:00 PM,Giants,Lions,-9.5,48.5
11/22/2026,1:00 PM,Titans,Colts,-6.5,42.5
11/22/2026,4:25 PM,Steelers,Browns,+2.5,37.5
"""


def cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def _card(db: Path) -> dict:
    return json.loads(cli(db, "show", "w12", "--json").stdout)


def test_a_sheet_with_other_team_names_lists_every_hand_edit_it_would_undo(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    (tmp_path / "espn.csv").write_text(FULL)
    (tmp_path / "bar.csv").write_text(NICKNAMES)
    assert cli(db, "import", str(tmp_path / "espn.csv"), "--card", "w12").exit_code == 0
    assert cli(db, "game", "set", "w12", "101", "--spread", "-4").exit_code == 0
    assert cli(db, "game", "set", "w12", "103", "--total", "47").exit_code == 0
    assert cli(db, "game", "remove", "w12", "105").exit_code == 0
    r = cli(db, "game", "add", "w12", "--away", "Miami Dolphins", "--home", "Buffalo Bills", "--spread", "-7")
    assert r.exit_code == 0, r.stderr
    before = _card(db)
    r = cli(db, "import", str(tmp_path / "bar.csv"), "--card", "w12")
    assert r.exit_code == 2
    said = r.stderr.replace("\n", " ")
    assert "would undo these 4" in said
    assert "Chicago Bears at Green Bay Packers: the home line was changed by hand from -3½ to -4" in said
    assert "New York Giants at Detroit Lions: the total was changed by hand from 48½ to 47" in said
    assert "Tennessee Titans at Indianapolis Colts was removed by hand; the sheet has it" in said
    assert "Miami Dolphins at Buffalo Bills was added by hand; the sheet does not have it" in said
    assert _card(db) == before  # refused: nothing moved


def test_the_card_keeps_its_spelling_of_the_teams(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    (tmp_path / "espn.csv").write_text(FULL)
    (tmp_path / "bar.csv").write_text(NICKNAMES)
    assert cli(db, "import", str(tmp_path / "espn.csv"), "--card", "w12").exit_code == 0
    r = cli(db, "import", str(tmp_path / "bar.csv"), "--card", "w12")
    assert r.exit_code == 0, r.stderr
    games = _card(db)["games"]
    assert [(g["away"], g["home"]) for g in games] == [
        ("Chicago Bears", "Green Bay Packers"),
        ("New York Giants", "Detroit Lions"),
        ("Tennessee Titans", "Indianapolis Colts"),
        ("Pittsburgh Steelers", "Cleveland Browns"),
    ]


def test_the_same_lines_imported_again_store_no_new_version(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    (tmp_path / "espn.csv").write_text(FULL)
    (tmp_path / "bar.csv").write_text(NICKNAMES)
    assert cli(db, "import", str(tmp_path / "espn.csv"), "--card", "w12").exit_code == 0
    for sheet in ("espn.csv", "bar.csv"):  # the same lines, with the teams as another sheet names them
        r = cli(db, "import", str(tmp_path / sheet), "--card", "w12")
        assert r.exit_code == 0, r.stderr
        assert f"w12 version 1: {sheet} holds these very lines: no new version stored." in r.stderr
    assert _card(db)["version"] == 1
    (tmp_path / "moved.csv").write_text(FULL.replace("-3.5,44.5", "-4,44.5"))
    r = cli(db, "import", str(tmp_path / "moved.csv"), "--card", "w12")
    assert r.exit_code == 0 and _card(db)["version"] == 2, r.stderr
