"""A selection number printed on cards, or already scored, names one game for good: scores are kept by
number, so a new version (an import of changed lines, next week's file on this week's card, `game set
--away/--home`) that gives it to another game is refused, naming each number and both games. A line,
total or kickoff change of the same game stays allowed. A score sheet naming a game as printed cards
name it is taken even when a card renumbered before this refusal names other teams under its number."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.models import Card, Game
from parlaycards.store import Store

from .pool_support import change, pool_made_earlier, print_serials

runner = CliRunner()

WEEK = """Date,Time,Away,Home,Home Line,Total
11/22/2026,1:00 PM,Chicago Bears,Green Bay Packers,-3.5,44.5
11/22/2026,1:00 PM,New York Giants,Detroit Lions,-9.5,48.5
11/22/2026,4:25 PM,Pittsburgh Steelers,Cleveland Browns,+2.5,37.5
"""


def cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def _card(db: Path) -> dict:
    return json.loads(cli(db, "show", "w12", "--json").stdout)


def _printed(tmp_path: Path) -> Path:
    db = tmp_path / "pool.db"
    (tmp_path / "week.csv").write_text(WEEK)
    assert cli(db, "import", str(tmp_path / "week.csv"), "--card", "w12").exit_code == 0
    store = Store(f"sqlite:///{db}")
    print_serials(store, "w12", 2)
    store.dispose()
    return db


def test_an_import_giving_a_printed_number_to_another_game_is_refused(tmp_path: Path) -> None:
    db = _printed(tmp_path)
    (tmp_path / "next.csv").write_text(
        WEEK.replace("New York Giants,Detroit Lions,-9.5", "Los Angeles Chargers,Las Vegas Raiders,-3")
    )
    before = _card(db)
    r = cli(db, "import", str(tmp_path / "next.csv"), "--card", "w12")
    assert r.exit_code == 2
    said = " ".join(r.stderr.split())
    assert "would give selection numbers already printed on cards or scored to another game" in said
    assert (
        "103/104/203/204: New York Giants at Detroit Lions (on cards printed from version 1) would become "
        "Los Angeles Chargers at Las Vegas Raiders"
    ) in said
    assert "Lines for another week go on a new card" in said and "game remove w12 NUMBER" in said
    assert "Traceback" not in r.output
    assert _card(db) == before


def test_a_line_change_of_the_same_game_stays_allowed(tmp_path: Path) -> None:
    db = _printed(tmp_path)
    (tmp_path / "moved.csv").write_text(WEEK.replace("Detroit Lions,-9.5,48.5", "Detroit Lions,-10,47.5"))
    r = cli(db, "import", str(tmp_path / "moved.csv"), "--card", "w12")
    assert r.exit_code == 0, r.stderr
    assert _card(db)["version"] == 2
    assert cli(db, "game", "set", "w12", "103", "--spread", "-11").exit_code == 0


def test_game_set_of_the_teams_of_a_printed_game_is_refused(tmp_path: Path) -> None:
    db = _printed(tmp_path)
    r = cli(db, "game", "set", "w12", "103", "--away", "Chicago Blackhawks", "--home", "St. Louis Blues")
    assert r.exit_code == 2
    said = " ".join(r.stderr.split())
    assert "this edit would give selection numbers" in said
    assert "New York Giants at Detroit Lions (on cards printed from version 1) would become" in said
    assert _card(db)["version"] == 1


def test_a_scored_game_keeps_its_numbers_before_any_card_is_printed(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    (tmp_path / "week.csv").write_text(WEEK)
    assert cli(db, "import", str(tmp_path / "week.csv"), "--card", "w12").exit_code == 0
    # before any card is printed or scored, a game may still be given other teams
    assert cli(db, "game", "set", "w12", "105", "--away", "Houston Texans").exit_code == 0
    assert cli(db, "result", "set", "w12", "103", "20", "31").exit_code == 0
    r = cli(db, "game", "set", "w12", "103", "--home", "Dallas Cowboys")
    assert r.exit_code == 2
    assert (
        "New York Giants at Detroit Lions (scored) would become New York Giants at Dallas Cowboys"
        in " ".join(r.stderr.split())
    )


def test_a_score_sheet_names_a_renumbered_game_as_printed_cards_do(tmp_path: Path) -> None:
    db = _printed(tmp_path)
    store = Store(f"sqlite:///{db}")

    def relabel(card: Card) -> Card:  # as a card stored before such a version was refused
        games = [
            Game.model_validate({**g.model_dump(), "away": "LA Chargers", "home": "Las Vegas"})
            if g.key == 103
            else g
            for g in card.games
        ]
        return Card.model_validate({**card.model_dump(), "games": [g.model_dump() for g in games]})

    change(store, "w12", relabel)
    store.dispose()
    (tmp_path / "scores.csv").write_text(
        "Away,Away score,Home,Home score,Status\nNY Giants,20,Detroit,31,Final\n"
    )
    r = cli(db, "result", "import", "w12", str(tmp_path / "scores.csv"))
    assert r.exit_code == 0, r.stderr
    assert "not on this card" not in r.output
    shown = {g["game"]: g for g in json.loads(cli(db, "results", "w12", "--json").stdout)}
    assert (shown[103]["status"], shown[103]["away_score"], shown[103]["home_score"]) == ("final", 20, 31)


def test_a_revert_to_a_version_naming_other_teams_under_a_printed_number_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    (tmp_path / "week.csv").write_text(WEEK)
    assert cli(db, "import", str(tmp_path / "week.csv"), "--card", "w12").exit_code == 0
    r = cli(db, "game", "set", "w12", "103", "--away", "Dallas Cowboys")  # before any card is printed
    assert r.exit_code == 0, r.stderr
    store = Store(f"sqlite:///{db}")
    print_serials(store, "w12", 2)
    store.dispose()
    r = cli(db, "card", "revert", "w12", "--to", "1")
    assert r.exit_code == 2, r.output
    assert (
        "Dallas Cowboys at Detroit Lions (on cards printed from version 2) would become New York Giants"
        in (" ".join(r.stderr.split()))
    )


def test_a_game_picked_in_a_pickem_pool_keeps_its_numbers(tmp_path: Path) -> None:
    from decimal import Decimal

    from parlaycards.core.prizes import parse_prizes
    from parlaycards.services import pickem

    from .pool_support import HANDED_IN

    db = tmp_path / "pool.db"
    (tmp_path / "week.csv").write_text(WEEK)
    assert cli(db, "import", str(tmp_path / "week.csv"), "--card", "w12").exit_code == 0
    store = Store(f"sqlite:///{db}")
    pickem.create_pool(store, "office", card="w12", fee=Decimal(5), prizes=parse_prizes("100%"))
    pool_made_earlier(store, "office")
    assert cli(db, "game", "set", "w12", "103", "--home", "Dallas Cowboys").exit_code == 0  # no entry yet
    pickem.add_entry(store, "office", name="Ann", picks=(101, 103, 105), tiebreak=40, received_at=HANDED_IN)
    store.dispose()
    r = cli(db, "game", "set", "w12", "103", "--home", "Detroit Lions")
    assert r.exit_code == 2
    assert (
        "New York Giants at Dallas Cowboys (picked in pick'em pool office) would become New York Giants at "
        "Detroit Lions"
    ) in " ".join(r.stderr.split())


def test_a_local_teams_spelling_corrected_after_printing_is_the_same_game(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    r = cli(db, "card", "new", "bar", "--title", "Bar card")
    assert r.exit_code == 0, r.output
    r = cli(db, "game", "add", "bar", "--away", "Bob's Tavrn", "--home", "Joe's Pub", "--pick")
    assert r.exit_code == 0, r.output
    store = Store(f"sqlite:///{db}")
    print_serials(store, "bar", 1)
    store.dispose()
    r = cli(db, "game", "set", "bar", "101", "--away", "Bob's Tavern")
    assert r.exit_code == 0, r.stderr
    r = cli(db, "game", "set", "bar", "101", "--away", "Sam's Grill")
    assert r.exit_code == 2 and "Bob's Tavrn at Joe's Pub (on cards printed from version" in r.stderr
