"""Issue 18: `show` fits a terminal of 80 columns without cutting a name to "Chica…"."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.models import Card, Game, SelectionNumbers
from parlaycards.core.names import short_name
from parlaycards.store import Store

from .pool_support import new_card

runner = CliRunner()
ET = ZoneInfo("America/New_York")
FULL = [  # as ESPN names them
    ("Pittsburgh Steelers", "Cleveland Browns"),
    ("Jacksonville Jaguars", "Indianapolis Colts"),
    ("San Francisco 49ers", "Los Angeles Rams"),
    ("Chicago Bears", "Philadelphia Eagles"),
    ("Tampa Bay Buccaneers", "New Orleans Saints"),
    ("Kansas City Chiefs", "Las Vegas Raiders"),
    ("Minnesota Vikings", "Green Bay Packers"),
    ("Washington Commanders", "New York Giants"),
]


def _card(names: list[tuple[str, str]]) -> Card:
    games = [
        Game(
            league="NFL",
            kickoff=datetime(2026, 11, 22 + (i == 7), 13, 0, tzinfo=ET),
            away=away,
            home=home,
            spread=Decimal("-10.5"),
            total=Decimal("44.5"),
            numbers=SelectionNumbers(away=101 + 2 * i, home=102 + 2 * i, over=201 + 2 * i, under=202 + 2 * i),
        )
        for i, (away, home) in enumerate(names)
    ]
    return Card(slug="nfl-w12", title="NFL Week 12", games=tuple(games))


@pytest.fixture
def db(tmp_path) -> list[str]:
    store = Store(f"sqlite:///{tmp_path / 'pool.db'}")
    new_card(store, _card(FULL))
    store.dispose()
    return ["--db", str(tmp_path / "pool.db")]


def test_show_in_80_columns_prints_every_name_whole_in_its_short_form(db):
    r = runner.invoke(app, [*db, "show", "nfl-w12"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.stderr
    table = r.stdout.split("\n\n")[0].splitlines()
    assert max(len(line) for line in table) <= 80
    assert "…" not in r.stdout
    games = [line for line in table if line[:3] in ("Sun", "Mon")]
    assert len(games) == len(FULL)  # one line each: no name wrapped onto a second line
    for (away, home), line in zip(FULL, games, strict=True):
        assert short_name(away, "NFL") in line and "at " + short_name(home, "NFL").upper() in line
    assert "San Francisco" in r.stdout and "LA RAMS" in r.stdout and "GREEN BAY" in r.stdout
    assert (
        "Team names shortened to fit 80 columns, as sportsbooks print them (Pittsburgh for Pittsburgh "
        in r.stderr
    )


def test_show_in_a_wide_window_keeps_full_names_and_its_layout(db):
    r = runner.invoke(app, [*db, "show", "nfl-w12"], env={"COLUMNS": "160"})
    assert r.exit_code == 0
    assert "Washington Commanders" in r.stdout and "at PHILADELPHIA EAGLES" in r.stdout
    assert "Sun 11/22 1:00p" in r.stdout and "201 / 202" in r.stdout
    assert "shortened" not in r.stderr


@pytest.mark.parametrize(
    "name",
    ["San Francisco", "Kansas City", "Green Bay", "Tampa Bay", "Las Vegas", "New Orleans", "Los Angeles"],
)
def test_a_city_alone_is_never_shortened_to_its_first_word(name):
    assert short_name(name, "NFL") == name
