"""A misspelled team in a lines sheet ("STEELRS") was stored as a new team, printed on every card, and then
matched no score: a name close to a known team is refused at its cell, unless the operator says it is
right (`--new-team`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.io.lines import Asked, read_lines

from .pool_support import csv_file

runner = CliRunner()
NFL_ROWS = [
    ["Away", "Home", "Home line", "Total"],
    ["Buffalo Bills", "Houston Texans", "-3.5", "44.5"],
    ["Dallas Cowboys", "New York Giants", "+2.5", "41"],
    ["Kansas City Chiefs", "Las Vegas Raiders", "+7", "47.5"],
    ["Green Bay Packers", "Chicago Bears", "-1.5", "38.5"],
    ["Miami Dolphins", "New England Patriots", "PK", "39"],
    ["Baltimore Ravens", "STEELRS", "+3", "42.5"],  # row 7
]


def test_a_misspelled_nfl_team_is_refused_at_its_cell_with_the_closest_team(tmp_path: Path) -> None:
    path = csv_file(tmp_path / "week12.csv", NFL_ROWS)
    with pytest.raises(ParlayError) as info:
        read_lines(Asked(path))
    assert info.value.text() == (
        'week12.csv, cell B7: "STEELRS" is not an NFL team; did you mean Pittsburgh Steelers? Correct the '
        'name in the sheet, or, if it is right as written, import again with --new-team "STEELRS".'
    )
    games = read_lines(Asked(path, new_teams=("Steelrs",))).games  # the operator says it is right (any case)
    assert games[-1].home == "STEELRS"


def test_through_the_command_line_nothing_is_stored_until_the_operator_says(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    path = csv_file(tmp_path / "week12.csv", NFL_ROWS)
    r = runner.invoke(app, ["--db", str(db), "import", str(path), "--card", "w12"])
    assert r.exit_code == 2 and "Traceback" not in r.output and not db.exists()
    assert '"STEELRS" is not an NFL team; did you mean Pittsburgh Steelers?' in r.stderr
    r = runner.invoke(app, ["--db", str(db), "import", str(path), "--card", "w12", "--new-team", "STEELRS"])
    assert r.exit_code == 0, r.output


def test_a_college_card_keeps_schools_the_table_does_not_know_but_not_a_near_miss(tmp_path: Path) -> None:
    rows = [
        ["Away", "Home", "Home line"],
        ["Ohio State", "Michigan", "+3"],
        ["Alabama", "Auburn", "+10"],
        ["Tennessee Tech", "Georgia", "-40"],  # an FCS school: a real team the table does not hold
        ["Oregon", "Washington", "-2"],
    ]
    path = csv_file(tmp_path / "ncaa.csv", rows)
    assert [g.away for g in read_lines(Asked(path, league="NCAA")).games][2] == "Tennessee Tech"
    rows[4] = ["Oregon", "Washingtn", "-2"]
    path = csv_file(tmp_path / "ncaa2.csv", rows)
    with pytest.raises(
        ParlayError, match=r'cell B5: "Washingtn" is not a college team .* did you mean Washington\?'
    ):
        read_lines(Asked(path, league="NCAA"))


def test_a_card_of_another_sport_read_as_nfl_is_left_alone(tmp_path: Path) -> None:
    rows = [["Away", "Home", "Home line"], ["Rovers", "United", "+1"], ["City", "Athletic", "-2"]]
    assert len(read_lines(Asked(csv_file(tmp_path / "local.csv", rows))).games) == 2


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Cincinati Bengals", "Cincinnati Bengals"),
        ("Miami Dolphns", "Miami Dolphins"),
        ("Dolphns", "Miami Dolphins"),
    ],
)
def test_a_misspelled_word_beside_a_right_one_is_a_typo_not_another_team(
    tmp_path: Path, typed: str, meant: str
) -> None:
    """ "Cincinati Bengals" holds the Bengals' nickname right: it is still a typo of the Bengals, not a team
    with words of its own added (as "Tennessee Tech" is beside Tennessee)."""
    rows = [*NFL_ROWS[:-1], ["Baltimore Ravens", typed, "+3", "42.5"]]
    with pytest.raises(ParlayError, match=rf'"{typed}" is not an NFL team; did you mean {meant}\?'):
        read_lines(Asked(csv_file(tmp_path / "week12.csv", rows)))
