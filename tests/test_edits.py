from datetime import UTC, datetime
from decimal import Decimal

import pytest
from pydantic import ValidationError

from parlaycards.core import edits
from parlaycards.core.errors import NotFoundError, ParlayError
from parlaycards.core.models import Card, SelectionNumbers
from parlaycards.core.numbering import assign
from parlaycards.core.payout_table import Odds

from .conftest import make_card


def test_with_game_changes_only_that_game_and_keeps_numbers():
    card = make_card()
    new = edits.with_game(card, 104, spread=Decimal("-4.5"))  # 104 = home of game 2
    assert new.games[1].spread == Decimal("-4.5")
    assert new.games[1].numbers == card.games[1].numbers
    assert new.games[0] == card.games[0]
    assert card.games[1].spread == Decimal("2.5")  # the old version is untouched


def test_unknown_number_names_the_range():
    with pytest.raises(NotFoundError, match=r"selection number 999 is not on card nfl-w12 .*101–212"):
        edits.with_game(make_card(), 999, spread=Decimal(1))


def test_add_game_takes_next_free_numbers():
    card = edits.add_game(
        make_card(),
        edits.NewGame(
            league="NFL",
            away="Bears",
            home="Lions",
            spread=Decimal("-7.5"),
            total=Decimal("47.5"),
            kickoff=None,
        ),
    )
    g = card.games[-1]
    assert (g.numbers.away, g.numbers.home, g.numbers.over, g.numbers.under) == (113, 114, 213, 214)


def test_duplicate_game_refused():
    with pytest.raises(ParlayError, match="Buffalo Bills at Houston Texans is on the card twice"):
        edits.add_game(
            make_card(),
            edits.NewGame(
                league="NFL",
                away="Buffalo Bills",
                home="Houston Texans",
                spread=Decimal(1),
                total=None,
                kickoff=None,
            ),
        )


def test_payout_edit_that_leaves_a_pick_count_without_all_hit_tier_is_refused():
    with pytest.raises(ParlayError, match="no all-hit tier for 7 of 7"):
        edits.remove_payout(make_card(), 7, 7)
    with pytest.raises(ParlayError, match="no all-hit tier for 11 of 11, 12 of 12"):
        edits.set_rules(make_card(), max_picks=12)
    card = edits.set_rules(
        make_card(), max_picks=12, tiers=(edits.tier(11, 11, "150-1"), edits.tier(12, 12, "200-1"))
    )
    assert card.rules.max_picks == 12 and str(card.payouts.tier(12, 12).odds) == "200-1"


def test_a_tier_for_more_picks_than_the_rules_accept_is_refused():
    """A 12-pick tier on a card that takes 10 picks would be printed and never paid."""
    with pytest.raises(
        ParlayError, match="a payout for 12 picks would never be paid: the rules accept 3 to 10"
    ):
        edits.set_payout(make_card(), 12, 12, "200-1")
    with pytest.raises(ParlayError, match="would never be paid"):
        edits.set_rules(make_card(), tiers=(edits.tier(11, 11, "150-1"),))
    lowered = edits.set_rules(make_card(), max_picks=8)  # lowering drops the tiers that could never pay
    assert max(t.picks for t in lowered.payouts.tiers) == 8


def test_consolation_tier_and_replacing_a_tier():
    card = edits.set_payout(make_card(), 10, 9, "20-1")
    assert card.payouts.tier(10, 9).odds == Odds.parse("20-1")
    card = edits.set_payout(card, 3, 3, "6-1")
    assert str(card.payouts.tier(3, 3).odds) == "6-1"
    assert len(card.payouts.tiers) == 9


def test_take_off_records_the_moment():
    at = datetime(2026, 11, 21, 12, tzinfo=UTC)
    card = edits.take_off(make_card(), 101, at)
    assert card.games[0].off and card.games[0].off_at == at


def test_model_refuses_bad_games():
    with pytest.raises(ValidationError, match="cannot play itself"):
        make_card().games[0].__class__(
            away="A", home="a", spread=Decimal(1), numbers=SelectionNumbers(away=1, home=2)
        )
    with pytest.raises(ValidationError, match="selection number 102 is used by both"):
        card = make_card()
        Card.model_validate(
            {
                **card.model_dump(),
                "games": [
                    card.games[0].model_dump(),
                    {
                        **card.games[1].model_dump(),
                        "numbers": {"away": 102, "home": 150, "over": None, "under": None},
                        "total": None,
                    },
                ],
            }
        )


def test_numbering_fresh_cards():
    sixteen = assign([True] * 16)
    assert (sixteen[0].away, sixteen[0].over, sixteen[-1].home, sixteen[-1].under) == (101, 201, 132, 232)
    sixty = assign([True] * 60)
    numbers = [n for s in sixty for n in s.all()]
    assert len(set(numbers)) == 240
    assert sixty[0].over == 301


def test_a_game_added_by_hand_stands_in_kickoff_order_among_its_league():
    card = make_card(games=3)
    games = list(card.games)
    games[0] = games[0].model_copy(update={"kickoff": datetime(2026, 11, 19, 20, 15, tzinfo=UTC)})
    games[2] = games[2].model_copy(update={"kickoff": datetime(2026, 11, 23, 1, 15, tzinfo=UTC)})
    card = edits.rebuild(card, games=tuple(games))
    sunday = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)  # the middle game's kickoff, 1:00 PM ET
    added = edits.add_game(
        card,
        edits.NewGame(
            league="NFL", away="Bears", home="Lions", spread=Decimal(-3), total=None, kickoff=sunday
        ),
    )
    assert [g.away for g in added.games] == [
        card.games[0].away,
        card.games[1].away,
        "Bears",
        card.games[2].away,
    ]
    assert added.games[2].numbers.away == 107  # the next free numbers, as before
    undated = edits.add_game(
        card,
        edits.NewGame(league="NFL", away="Bears", home="Lions", spread=Decimal(-3), total=None, kickoff=None),
    )
    assert undated.games[-1].away == "Bears"
    assert [g.away for g in card.games] == [g.away for g in added.games if g.away != "Bears"]  # untouched
    other = edits.add_game(
        card,
        edits.NewGame(
            league="NBA", away="Celtics", home="Knicks", spread=Decimal(-3), total=None, kickoff=sunday
        ),
    )
    assert other.games[-1].away == "Celtics"  # another league's game goes after this league's games
