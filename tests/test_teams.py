"""The one team matcher, as every reader uses it: lines, scores and pick'em."""

from __future__ import annotations

import pytest

from parlaycards.io import teams
from parlaycards.io.layouts import which_team
from parlaycards.io.pickem import game_pick

from .conftest import make_card


@pytest.mark.parametrize(("written", "card_name"), [
    ("GB", "Green Bay Packers"), ("Green Bay", "Packers"), ("Packers", "Green Bay"), ("L.A. RAMS", "Los Angeles Rams"),
    ("LA Rams", "Los Angeles Rams"), ("LAR", "LA Rams"), ("Bills", "Buffalo Bills"), ("49ers", "San Francisco"),
    ("Niners", "San Francisco 49ers"), ("NYG", "New York Giants"), ("Detroit Lions", "Detroit"),
    ("Ole Miss", "Mississippi"), ("USC", "Southern California"), ("Miami (FL)", "Miami Hurricanes"),
])
def test_names_people_and_feeds_write_match(written: str, card_name: str):
    assert teams.level(written, card_name) > teams.NONE
    assert teams.best(written, ["Houston Texans", card_name]) == [1]


def test_exact_names_beat_names_that_contain_them():
    card = ["Georgia", "Georgia Tech", "Kansas", "Kansas State", "Texas", "Texas A&M"]
    for name in card:
        assert teams.best(name, card) == [card.index(name)], name
    assert teams.best("Texas A&M Aggies", card) == [card.index("Texas A&M")]


def test_ambiguous_names_are_not_guessed():
    assert teams.best("LA", ["Los Angeles Rams", "Los Angeles Chargers"]) == [0, 1]
    assert teams.side("New York", "New York Jets", "New York Giants") is None
    assert teams.best("Miami", ["Miami (FL)", "Miami (OH)"]) == [0, 1]


def test_every_reader_understands_the_same_names():
    """"GB" was understood only by the lines importer, "Green Bay" by the score importer but not pick'em."""
    g = make_card(games=6).games[3]  # Green Bay Packers at Chicago Bears
    assert which_team("GB", g.away, g.home) == "away"
    assert which_team("Green Bay", g.away, g.home) == "away"
    assert game_pick("GB", g) == (g.numbers.away, None)
    assert game_pick("Green Bay", g) == (g.numbers.away, None)
    assert game_pick("Bears", g) == (g.numbers.home, None)


def test_the_score_importer_finds_games_by_any_name():
    from parlaycards.services.results import _by_teams

    card = make_card(games=6)
    games = {g.key: g for g in card.games}
    assert _by_teams(card, games, "GB", "CHI") == (card.games[3], False)
    assert _by_teams(card, games, "Bears", "Packers") == (card.games[3], True)  # written home first
    assert _by_teams(card, games, "Buffalo", "Houston") == (card.games[0], False)
