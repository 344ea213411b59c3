"""Dates within a sane window of the card's week (issue 17): a kickoff in an imported sheet, a kickoff or
cutoff typed for a card (a pick'em pool closes at them) far from the card's games is refused, named."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.io.lines import Asked, read_lines

from .pool_support import new_card, xlsx

runner = CliRunner()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_kickoff_years_off_in_a_sheet_is_refused_naming_the_game(tmp_path):
    path = xlsx(
        tmp_path / "lines.xlsx",
        [
            ["Date", "Away", "Home", "Line"],
            ["11/22/2026", "Chicago", "Green Bay", "-6.5"],
            ["11/22/2026", "Dallas", "NY Giants", "-3"],
            ["11/22/2036", "Tennessee", "Indianapolis", "PK"],
        ],
        "Lines",
    )
    with pytest.raises(ParlayError) as exc:
        read_lines(Asked(path))
    assert str(exc.value) == (
        'lines.xlsx, sheet "Lines", row 4: Tennessee at Indianapolis: the kickoff 2036-11-22 is more than 45 '
        "days from the card's other games (around 2026-11-22). Check its date and year; a card holds one "
        "week's games (import a season's file one week at a time with --week or --date)."
    )


def test_a_bowl_season_of_five_weeks_reads(tmp_path):
    path = xlsx(
        tmp_path / "bowls.xlsx",
        [
            ["Date", "Away", "Home", "Line"],
            ["12/14/2026", "Navy", "Army", "-3"],
            ["12/30/2026", "Georgia", "Clemson", "-3"],
            ["1/19/2027", "Ohio State", "Michigan", "-1.5"],
        ],
        "Lines",
    )
    assert len(read_lines(Asked(path)).games) == 3


def test_a_kickoff_or_cutoff_typed_far_from_the_week_is_refused(store, db_path):
    new_card(store)  # games on 2026-11-22
    before = _digest(db_path)
    for args, said in [
        (["game", "set", "nfl-w12", "101", "--kickoff", "2027-11-22 13:00"], "the kickoff of Buffalo Bills"),
        (
            ["rules", "set", "nfl-w12", "--cutoff", "9999-12-31 13:00"],
            "the cutoff 9999-12-31 is more than 45",
        ),
        (
            [
                "game",
                "add",
                "nfl-w12",
                "--away",
                "Denver",
                "--home",
                "Seattle",
                "--spread",
                "-3",
                "--kickoff",
                "2025-11-23 16:05",
            ],
            "the kickoff of Denver at Seattle 2025-11-23",
        ),
    ]:
        r = runner.invoke(app, ["--db", str(db_path), *args])
        assert r.exit_code != 0, (args, r.output)
        assert said in " ".join(r.output.split()), r.output
        assert "Traceback" not in r.output
    assert _digest(db_path) == before
    r = runner.invoke(app, ["--db", str(db_path), "rules", "set", "nfl-w12", "--cutoff", "2026-11-22 12:55"])
    assert r.exit_code == 0, r.output
