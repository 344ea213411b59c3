"""The one team matcher, as every reader uses it: lines, scores and pick'em."""

from __future__ import annotations

import pytest

from parlaycards.core import team_names, teams
from parlaycards.core.handed import EntrySheet
from parlaycards.core.models import Side
from parlaycards.io.pickem import game_pick, match_game

from .conftest import make_card
from .pool_support import HANDED_IN, pool_made_earlier


@pytest.mark.parametrize(
    ("written", "card_name"),
    [
        ("GB", "Green Bay Packers"),
        ("Green Bay", "Packers"),
        ("Packers", "Green Bay"),
        ("L.A. RAMS", "Los Angeles Rams"),
        ("LA Rams", "Los Angeles Rams"),
        ("LAR", "LA Rams"),
        ("Bills", "Buffalo Bills"),
        ("49ers", "San Francisco"),
        ("Niners", "San Francisco 49ers"),
        ("NYG", "New York Giants"),
        ("Detroit Lions", "Detroit"),
        ("Ole Miss", "Mississippi"),
        ("USC", "Southern California"),
        ("Miami (FL)", "Miami Hurricanes"),
    ],
)
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
    """ "GB" was understood only by the lines importer, "Green Bay" by the score importer but not pick'em."""
    g = make_card(games=6).games[3]  # Green Bay Packers at Chicago Bears
    assert teams.side("GB", g.away, g.home) == "away"
    assert teams.side("Green Bay", g.away, g.home) == "away"
    assert game_pick("GB", g) == (g.numbers.away, None)
    assert game_pick("Green Bay", g) == (g.numbers.away, None)
    assert game_pick("Bears", g) == (g.numbers.home, None)


def test_the_score_importer_finds_games_by_any_name():
    from parlaycards.core.score_rows import by_teams

    card = make_card(games=6)
    games = {g.key: g for g in card.games}
    assert by_teams(card, games, "GB", "CHI") == (card.games[3], False)
    assert by_teams(card, games, "Bears", "Packers") == (card.games[3], True)  # written home first
    assert by_teams(card, games, "Buffalo", "Houston") == (card.games[0], False)


def test_match_team_says_which_candidate_and_how():
    card = ["Green Bay Packers", "Chicago Bears", "Detroit Lions"]
    assert teams.match_team("GB", card) == teams.Named("GB", ("Green Bay Packers",), "alias")
    assert teams.match_team("chicago bears", card) == teams.Named(
        "chicago bears", ("Chicago Bears",), "exact"
    )
    assert teams.match_team("Detroit", card) == teams.Named("Detroit", ("Detroit Lions",), "alias")
    town = ["Springfield Atoms", "Shelbyville Sharks"]  # teams the alias table does not know
    assert teams.match_team("Springfield", town) == teams.Named(
        "Springfield", ("Springfield Atoms",), "words"
    )
    assert teams.match_team("Shelby", town) == teams.Named("Shelby", ("Shelbyville Sharks",), "short")
    assert teams.match_team("Vikings", card) == teams.Named("Vikings")
    assert teams.match_team("", card) == teams.Named("")
    both = teams.match_team("LA", ["Los Angeles Rams", "Los Angeles Chargers", "Los Angeles Rams"])
    assert both == teams.Named("LA", ("Los Angeles Rams", "Los Angeles Chargers"), "short")
    assert both.ambiguous and both.team is None


def test_match_team_knows_every_fbs_school():
    card = ["Kansas", "Kansas State", "Alabama", "Wake Forest", "Appalachian State", "Arizona State"]
    assert teams.match_team("K-State", card) == teams.Named("K-State", ("Kansas State",), "alias")
    assert teams.match_team("Crimson Tide", card) == teams.Named("Crimson Tide", ("Alabama",), "alias")
    assert teams.match_team("Demon Deacons", card) == teams.Named("Demon Deacons", ("Wake Forest",), "alias")
    assert teams.match_team("App St", card) == teams.Named("App St", ("Appalachian State",), "alias")
    assert teams.match_team("Kansas", card).team is not None
    assert len(team_names.FBS) >= 135 and all(names[0] for names in team_names.FBS)
    assert teams.canonical("UConn") == "Connecticut" and teams.canonical("Hokies") == "Virginia Tech"
    assert teams.canonical("ASU") is None  # Appalachian State or Arizona State: not in the table


def test_canonical_within_a_league():
    assert teams.canonical("Arizona") is None  # the Cardinals or the Wildcats
    assert teams.canonical("Arizona", league="NFL") == "Arizona Cardinals"
    assert teams.canonical("Arizona", league="NCAA") == "Arizona"
    assert teams.canonical("Washington", "nfl") == "Washington Commanders"
    assert teams.canonical("Washington", "NCAA") == "Washington"
    assert teams.canonical("GB", "NCAA") is None and teams.canonical("GB", "NFL") == "Green Bay Packers"
    assert teams.canonical("Hokies", "NFL") is None and teams.canonical("Hokies", "CFL") is None
    assert teams.canonical("Pitt") == "Pittsburgh" and teams.canonical("LAR") == "Los Angeles Rams"


@pytest.mark.parametrize("header", ["GB @ CHI", "CHI vs GB", "Packers at Bears", "GB at Chicago"])
def test_pickem_headers_name_a_game_by_abbreviations(header: str):
    card = make_card(games=6)
    assert match_game(header, card.games) == (card.games[3], None)  # Green Bay Packers at Chicago Bears


def test_short_abbreviations_in_a_header_count_only_in_capitals():
    card = make_card(games=6)
    assert match_game("gb @ chi", card.games) == (None, None)  # not words that happen to be spelled so
    assert match_game("NO bets", card.games) == (None, None)  # New Orleans is not on the card


def test_pickem_import_reads_abbreviated_game_headers(store, card_in_store, tmp_path):
    from parlaycards.services import pickem as pickem_svc

    from .pool_support import csv_file

    pickem_svc.create_pool(store, "office-w12", card="nfl-w12")
    pool_made_earlier(store, "office-w12")
    sheet = csv_file(tmp_path / "picks.csv", [["Name", "GB @ CHI", "NYG at DAL"], ["Ann", "GB", "Cowboys"]])
    got = pickem_svc.import_entries(store, "office-w12", EntrySheet(sheet, received=HANDED_IN))
    assert got.stored == ["Ann"] and got.refused == [] and got.ignored == ()
    [entry] = pickem_svc.entries(store, "office-w12").entries
    games = card_in_store.games
    assert dict(entry.picks) == {games[3].key: Side.AWAY, games[1].key: Side.AWAY}


@pytest.mark.parametrize(
    ("written", "card_name"),
    [
        ("Bills", "Buffalo"),
        ("Cardinals", "Arizona"),
        ("Texans", "Houston"),
        ("Vikings", "Minnesota"),
        ("Commanders", "Washington"),
    ],
)
def test_a_nickname_names_a_team_the_card_writes_by_a_city_two_teams_share(written: str, card_name: str):
    """Buffalo, Arizona, Houston … are NFL cities and FBS schools: "Bills" still names the card's "Buffalo"."""
    assert teams.level(written, card_name) == teams.ALIAS


def test_feed_spellings_with_accents_and_nicknames_find_their_team():
    assert teams.canonical("San José State Spartans", "NCAA") == "San Jose State"
    assert teams.canonical("Hawai'i Rainbow Warriors", "NCAA") == "Hawaii"
    assert teams.canonical("App State Mountaineers", "NCAA") == "Appalachian State"
    assert teams.canonical("UL Monroe Warhawks", "NCAA") == "Louisiana-Monroe"
    assert teams.level("San José State", "San Jose State") == teams.EXACT
