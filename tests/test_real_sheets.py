"""Issue 21: sheets as machines and sportsbooks write them. A season's file is read a week at a time or
refused naming its weeks; a line column's sign is checked against the moneylines, and a column of the
other convention is said and read that way; a few games against their moneylines are refused by name."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from parlaycards.core.errors import ParlayError
from parlaycards.io.lines import Asked, read_lines

from .pool_support import csv_file

CORPUS = Path(__file__).resolve().parent / "corpus" / "lines"
SEASON = CORPUS / "season-nflverse.csv"


def test_a_season_file_without_a_week_is_refused_naming_its_weeks():
    with pytest.raises(ParlayError) as exc:
        read_lines(Asked(SEASON))
    assert str(exc.value) == (
        "season-nflverse.csv, row 1: the file holds 9 games of 4 weeks (season 2022: week 18; season 2023: "
        "weeks 4–6); a card is one week. Import one of them, e.g. --season 2023 --week 4 (or a day's games "
        "with --date)."
    )


def test_a_season_file_reads_one_week_or_one_day():
    week5 = read_lines(Asked(SEASON, week="5"))
    assert [(g.away, g.home) for g in week5.games] == [
        ("CHI", "WAS"),
        ("HOU", "ATL"),
        ("LA", "PHI"),
        ("LV", "LAC"),
        ("DAL", "SF"),
    ]
    day = read_lines(Asked(SEASON, on=date(2023, 10, 8)))
    assert [g.away for g in day.games] == ["HOU", "LA", "LV", "DAL"]
    with pytest.raises(ParlayError, match=r"no game of the week asked for \(the file holds"):
        read_lines(Asked(SEASON, week="9"))


def test_a_week_in_two_seasons_needs_the_season(tmp_path):
    path = csv_file(
        tmp_path / "two.csv",
        [
            ["season", "week", "away_team", "home_team", "spread_line"],
            ["2022", "5", "CHI", "WAS", "3"],
            ["2023", "5", "DAL", "SF", "3.5"],
        ],
    )
    with pytest.raises(
        ParlayError, match=r"week 5 is in 2 seasons of the file \(2022, 2023\): add --season 2023"
    ):
        read_lines(Asked(path, week="5"))
    assert [g.away for g in read_lines(Asked(path, week="5", season="2022")).games] == ["CHI"]


def test_a_spread_column_of_the_other_convention_is_said_and_read_that_way(tmp_path):
    path = csv_file(
        tmp_path / "lines.csv",
        [
            ["away", "home", "spread", "away_ml", "home_ml"],
            ["Chicago", "Washington", "6", "+215", "-265"],
            ["Dallas", "San Francisco", "3.5", "+145", "-170"],
            ["Houston", "Atlanta", "-1.5", "-125", "+105"],
        ],
    )
    read = read_lines(Asked(path))
    assert [str(g.spread) for g in read.games] == ["-6", "-3.5", "1.5"]
    assert read.warnings[0] == (
        "cell C1: column C uses the other sign convention (positive: the home team is favoured), as the "
        "moneylines show on all 3 games that have them; it was read that way."
    )


def test_a_line_against_its_moneylines_is_refused_by_name(tmp_path):
    path = csv_file(
        tmp_path / "lines.csv",
        [
            ["away", "home", "spread", "away_ml", "home_ml"],
            ["Chicago", "Washington", "-6", "+215", "-265"],
            ["Dallas", "San Francisco", "-3.5", "+145", "-170"],
            ["Houston", "Atlanta", "-1.5", "-125", "+105"],
        ],
    )
    with pytest.raises(ParlayError) as exc:
        read_lines(Asked(path))
    assert str(exc.value) == (
        "lines.csv, cell C4: Houston at Atlanta: the line makes Atlanta the favourite, but the "
        "moneylines make Houston it. Check the line's sign (or the moneylines)."
    )


def test_two_rows_whose_money_disagrees_with_the_spread_are_refused(tmp_path):
    path = csv_file(
        tmp_path / "odds.csv",
        [
            ["Time", "Team", "Spread", "Money"],
            ["8:15 PM", "Chicago Bears", "-5.5 (-110)", "+200"],
            ["", "Washington Commanders", "+5.5 (-110)", "-240"],
        ],
    )
    with pytest.raises(ParlayError, match="the spread makes Chicago Bears the favourite, but the moneylines"):
        read_lines(Asked(path, today=date(2023, 10, 1)))


def test_team_codes_of_moved_teams_are_known():
    from parlaycards.core import teams

    for code, team in [
        ("SD", "Los Angeles Chargers"),
        ("STL", "Los Angeles Rams"),
        ("OAK", "Las Vegas Raiders"),
        ("WSH", "Washington Commanders"),
        ("JAC", "Jacksonville Jaguars"),
    ]:
        assert teams.canonical(code, "NFL") == team
