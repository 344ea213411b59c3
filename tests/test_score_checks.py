"""Two scores a new operator stored without a word: one for a game removed from the card before any card
carried it (stored and counted), and a correction that changed what paid cards had won."""

from __future__ import annotations

from decimal import Decimal

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core import edits
from parlaycards.core.errors import ParlayError
from parlaycards.core.models import Result
from parlaycards.services import entries, grading, results
from parlaycards.store import results as result_rows

from .pool_support import change, csv_file, enter, new_card, print_serials

runner = CliRunner()
SLUG = "nfl-w12"
# make_card: 101/102 Bills at Texans (home -3.5), 103/104 Cowboys at Giants (+2.5), 105/106 Chiefs at
# Raiders (+7), 107/108 Packers at Bears (-1.5), 109/110 Ravens at Steelers (+3), 111/112 Dolphins at Patriots


def stored(store) -> dict[int, object]:
    with store.reading() as tx:
        return dict(result_rows.of(tx, SLUG))


def test_a_result_for_a_game_removed_before_printing_is_refused_by_result_set(store):
    new_card(store)
    change(store, SLUG, lambda c: edits.remove_game(c, 105))  # v2: Chiefs at Raiders gone, then printed
    print_serials(store, SLUG, 3)
    with pytest.raises(
        ParlayError, match="Kansas City Chiefs at Las Vegas Raiders was removed from card nfl-w12"
    ):
        results.set_result(store, SLUG, 105, 30, 20)
    assert stored(store) == {}
    results.set_result(store, SLUG, 101, 24, 20)  # a game on the card: stored
    assert list(stored(store)) == [101]


def test_a_game_removed_after_printing_still_takes_its_result(store):
    new_card(store)
    print_serials(store, SLUG, 3)  # v1 cards carry Chiefs at Raiders
    change(store, SLUG, lambda c: edits.remove_game(c, 105))
    results.set_result(store, SLUG, 105, 30, 20)
    assert list(stored(store)) == [105]


def test_a_score_sheet_leaves_a_removed_game_alone_and_names_its_row(store, tmp_path, db_path):
    new_card(store)
    change(store, SLUG, lambda c: edits.remove_game(c, 105))
    print_serials(store, SLUG, 3)
    sheet = csv_file(
        tmp_path / "scores.csv",
        [
            ["Away", "Away score", "Home", "Home score"],
            ["Bills", 24, "Texans", 20],
            ["Chiefs", 30, "Raiders", 20],
        ],
    )
    got = results.import_results(store, SLUG, sheet)
    assert [c.game.numbers.away for c in got.changes] == [101]
    assert len(got.removed) == 1 and got.removed[0].startswith(
        "row 3: Kansas City Chiefs at Las Vegas Raiders"
    )
    assert list(stored(store)) == [101]
    out = runner.invoke(app, ["--db", str(db_path), "result", "import", SLUG, str(sheet)])
    assert out.exit_code == 0, out.output
    assert "left alone: row 3: Kansas City Chiefs at Las Vegas Raiders was removed" in out.stderr


@pytest.fixture
def paid(store):
    """Card 000001 (Ann, $10 on 101, 103, 105) graded a winner of $60.00 and paid."""
    new_card(store)
    print_serials(store, SLUG, 3)
    enter(store, SLUG, serial="1", name="Ann", stake="10", picks="101,103,105")
    enter(store, SLUG, serial="2", name="Bo", stake="5", picks="102,104,106")
    results.set_result(store, SLUG, 101, 24, 20)  # Bills +3.5 win
    results.set_result(store, SLUG, 103, 27, 20)  # Cowboys cover
    results.set_result(store, SLUG, 105, 30, 20)  # Chiefs -7 win
    grading.grade(store, SLUG)
    entries.pay(store, SLUG, 1)
    return store


def test_a_correction_that_moves_a_paid_card_is_refused_naming_it(paid):
    before = stored(paid)
    with pytest.raises(ParlayError) as info:
        results.set_result(paid, SLUG, 103, 17, 20)  # Cowboys now lose: Ann's paid $60.00 card loses
    assert "changes what 1 paid card of nfl-w12 won; nothing was stored" in info.value.message
    assert info.value.problems == (
        "card 000001 (Ann): paid $60.00, won $60.00 before this score, wins $0.00 with it (overpaid $60.00)",
    )
    assert stored(paid) == before
    results.set_result(paid, SLUG, 107, 20, 17)  # no paid card picks it: stored without a question


def test_with_yes_the_correction_is_stored_and_the_paid_card_is_named(paid, db_path):
    args = ["--db", str(db_path), "result", "set", SLUG, "103", "17", "20"]
    out = runner.invoke(app, args)
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert "--yes" in out.stderr and "card 000001 (Ann): paid $60.00" in out.stderr
    out = runner.invoke(app, [*args, "--yes"])
    assert out.exit_code == 0, out.output
    assert "a paid card changes: card 000001 (Ann): paid $60.00, won $60.00 before this score" in out.stderr
    report = grading.grade(paid, SLUG)
    one = next(r for r in report.owed_back if r.serial == "000001")
    assert one.paid_status == "overpaid $60.00" and report.totals.overpaid == Decimal("60.00")


def test_a_score_sheet_that_moves_a_paid_card_is_refused_unless_yes(paid, tmp_path):
    sheet = csv_file(tmp_path / "fix.csv", [["Number", "Away score", "Home score"], [103, 17, 20]])
    with pytest.raises(ParlayError, match="changes what 1 paid card"):
        results.import_results(paid, SLUG, sheet)
    got = results.import_results(paid, SLUG, sheet, yes=True)
    assert len(got.paid_moved) == 1 and got.paid_moved[0].startswith("card 000001 (Ann)")


def test_a_feeds_final_that_moves_a_paid_card_is_refused_unless_yes_even_with_replace(paid):
    """`result fetch --replace` stored a feed's final that changed what a paid card won without the --yes
    that `result set`, `result import` and the web form ask for."""
    with paid.reading() as tx:
        games = results.games_of(tx, SLUG)
    corrected = results.Finals(SLUG, games, [Result(game=103, away_score=17, home_score=20)], ())
    before = stored(paid)
    with pytest.raises(ParlayError) as info, paid.transaction() as tx:
        results.record_finals(tx, corrected, replace=True, source="ESPN")
    assert "changes what 1 paid card of nfl-w12 won; nothing was stored" in info.value.message
    assert info.value.problems[0].startswith("card 000001 (Ann): paid $60.00")
    assert stored(paid) == before
    with paid.transaction() as tx:
        got = results.record_finals(tx, corrected, replace=True, source="ESPN", yes=True)
    assert len(got.paid_moved) == 1 and got.paid_moved[0].startswith("card 000001 (Ann)")


def test_a_score_for_a_game_that_has_not_kicked_off_is_refused_and_a_game_called_off_is_not(store):
    """A score typed on the wrong card (this week's games, last week's scores) would grade cards still being
    handed in: refused while the game has not started; a game called off before it starts is recorded."""
    from datetime import UTC, datetime, timedelta

    from .print_support import nfl_card

    card = nfl_card(4)
    soon = datetime.now(UTC) + timedelta(days=3)
    games = (card.games[0].model_copy(update={"kickoff": soon}), *card.games[1:])
    new_card(
        store,
        card.model_copy(update={"games": games, "rules": card.rules.model_copy(update={"cutoff": None})}),
    )
    with pytest.raises(ParlayError, match=r"kicks off .*a result is stored only for a game that has started"):
        results.set_result(store, card.slug, 101, 20, 24)
    assert stored(store) == {}
    results.set_result(store, card.slug, 103, 20, 24)  # a game already played: stored
    results.set_result(store, card.slug, 101, cancelled=True)
    assert sorted(stored(store)) == [101, 103]
