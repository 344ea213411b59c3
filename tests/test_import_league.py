"""A re-import without --league keeps the card's own league; a sheet of NFL and college teams read as one
league is refused, naming the rows of each."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from parlaycards.cli.main import app

runner = CliRunner()

LOCAL = """Date,Time,Away,Home,Home Line,Total
11/22/2026,1:00 PM,Bob's Tavern,Joe's Pub,-3.5,44.5
11/22/2026,3:00 PM,Elks Lodge,Fire Hall,-2.5,40.5
"""
MIXED = """Date,Time,Away,Home,Home Line,Total
11/21/2026,12:00 PM,Alabama,Auburn,-3.5,50.5
11/21/2026,3:30 PM,Ohio State,Michigan,+2.5,45.5
11/22/2026,1:00 PM,Chicago Bears,Green Bay Packers,-3.5,44.5
11/22/2026,1:00 PM,New York Giants,Detroit Lions,-9.5,48.5
"""


def cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def _leagues(db: Path, slug: str) -> list[str]:
    return [g["league"] for g in json.loads(cli(db, "show", slug, "--json").stdout)["games"]]


def test_a_reimport_without_league_keeps_the_cards_own(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    (tmp_path / "town.csv").write_text(LOCAL)
    assert cli(db, "import", str(tmp_path / "town.csv"), "--card", "town", "--league", "LOCAL").exit_code == 0
    (tmp_path / "moved.csv").write_text(LOCAL.replace("-3.5,44.5", "-4,44.5"))
    r = cli(db, "import", str(tmp_path / "moved.csv"), "--card", "town")
    assert r.exit_code == 0, r.stderr
    assert "town version 2" in r.stderr
    assert _leagues(db, "town") == ["LOCAL", "LOCAL"]  # not read as NFL
    r = cli(db, "import", str(tmp_path / "moved.csv"), "--card", "town", "--league", "NFL", "--replace")
    assert _leagues(db, "town") == ["NFL", "NFL"]  # said on purpose: taken


def test_a_sheet_of_nfl_and_college_teams_keeps_each_games_own_league(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    (tmp_path / "week.csv").write_text(MIXED)
    r = cli(db, "import", str(tmp_path / "week.csv"), "--card", "combo")
    assert r.exit_code == 0, r.stderr
    said = " ".join(r.stderr.split())
    assert (
        "the games are read as NFL, but rows 2, 3 are games of college teams: stored as NCAA games (a combo card)."
        in said
    )
    assert "2 NCAA, 2 NFL games" in said
    assert _leagues(db, "combo") == ["NCAA", "NCAA", "NFL", "NFL"]  # not all stored as NFL


def test_a_league_column_says_each_rows_league(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    lines = MIXED.replace("Total\n", "Total,League\n", 1).splitlines()
    rows = [lines[0]] + [f"{r},{lg}" for r, lg in zip(lines[1:], ("NCAA", "NCAA", "NFL", "NFL"), strict=True)]
    (tmp_path / "week.csv").write_text("\n".join(rows) + "\n")
    r = cli(db, "import", str(tmp_path / "week.csv"), "--card", "combo")
    assert r.exit_code == 0, r.stderr
    assert "combo card" not in r.stderr
    assert _leagues(db, "combo") == ["NCAA", "NCAA", "NFL", "NFL"]
