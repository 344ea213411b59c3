"""Issue 18: `lines fetch --from-file` refuses a saved response of another league, week or day, naming both."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app

FEEDS = Path(__file__).parent / "feeds"
runner = CliRunner()


@pytest.fixture
def saved(tmp_path: Path):
    def copy(name: str) -> Path:
        return Path(shutil.copy(FEEDS / name, tmp_path / name))

    return copy


def _fetch(tmp_path: Path, *args: str):
    return runner.invoke(app, ["--db", str(tmp_path / "pool.db"), "lines", "fetch", *args])


def test_a_file_of_another_week_is_refused_naming_both_weeks(tmp_path, saved):
    file = saved("espn-nfl-2026-w12-lines.json")
    r = _fetch(tmp_path, "nfl", "--week", "13", "--card", "nfl-w13", "--from-file", str(file))
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == (
        f"Error: {file} is not the file asked for: it holds week 12, and --week 13 was asked for. Nothing was "
        "stored: give the file saved for what you asked, or ask for what the file holds (`lines fetch nfl "
        f"--week 12 --from-file {file} …`).\n"
    )
    assert not (tmp_path / "pool.db").exists()
    r = _fetch(tmp_path, "nfl", "--week", "12", "--card", "nfl-w12", "--from-file", str(file))
    assert r.exit_code == 0, r.stderr


def test_a_file_of_another_league_is_refused_naming_both_leagues(tmp_path, saved):
    file = saved("espn-nfl-2026-w12-lines.json")
    r = _fetch(tmp_path, "ncaaf", "--week", "12", "--card", "ncaa-w12", "--from-file", str(file))
    assert r.exit_code == 2
    assert r.stderr.startswith(
        f"Error: {file} is not the file asked for: it holds NFL games, and College Football was asked for. "
    )
    assert f"(`lines fetch nfl --week 12 --from-file {file} …`)" in r.stderr
    assert not (tmp_path / "pool.db").exists()


def test_an_odds_api_file_says_its_league_and_its_days(tmp_path, saved):
    file = saved("odds-api-nfl-odds.json")
    r = _fetch(tmp_path, "nba", "--date", "2026-12-02", "--card", "nba-1202", "--from-file", str(file))
    assert r.exit_code == 2
    assert (
        "it holds NFL games, and NBA was asked for; its games are on 2026-11-26 to 2026-11-29, and --date "
        "2026-12-02 was asked for." in r.stderr
    )


def test_a_one_day_file_of_another_day_is_refused(tmp_path, saved):
    file = saved("espn-nba-2026-12-01-lines.json")
    r = _fetch(tmp_path, "nba", "--date", "2026-12-02", "--card", "nba-1202", "--from-file", str(file))
    assert r.exit_code == 2
    assert "it holds the games of 2026-12-01, and --date 2026-12-02 was asked for" in r.stderr
    assert "(`lines fetch nba --date 2026-12-01 --from-file" in r.stderr
    r = _fetch(tmp_path, "nba", "--date", "2026-12-01", "--card", "nba-1201", "--from-file", str(file))
    assert r.exit_code == 0, r.stderr
