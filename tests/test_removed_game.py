"""Issue 18 item 5: a game removed before any card carried it is on nobody's card, so neither `grade`
nor the wall sheet shows it (as "(v1, not printed) … added after the last printing")."""

from __future__ import annotations

from parlaycards.core import edits
from parlaycards.services import grading

from .pool_support import change, enter, new_card, print_serials


def test_a_game_removed_before_printing_is_not_on_the_report(store):
    new_card(store)
    change(store, "nfl-w12", lambda c: edits.remove_game(c, 105))  # v2: Kansas City at Las Vegas gone
    print_serials(store, "nfl-w12", 3)
    enter(store, "nfl-w12", serial="1", picks="101,103,107")
    report = grading.grade(store, "nfl-w12")
    assert [g.away for g in report.games] == [
        "Buffalo Bills",
        "Dallas Cowboys",
        "Green Bay Packers",
        "Baltimore Ravens",
        "Miami Dolphins",
    ]
    assert not any("not printed" in note for note in report.line_notes)


def test_a_game_removed_after_printing_stays_with_the_lines_its_cards_carried(store):
    new_card(store)
    print_serials(store, "nfl-w12", 3)
    change(store, "nfl-w12", lambda c: edits.remove_game(c, 105))
    report = grading.grade(store, "nfl-w12")
    [kc] = [g for g in report.games if g.away == "Kansas City Chiefs"]
    assert kc.home_line == "+7"  # printed on v1 cards: players hold it
