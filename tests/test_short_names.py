"""Short names as sportsbooks print them, used only by cards whose full names do not fit (a card that
fits with full names keeps exactly the layout it printed with: scanning recomputes it)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from parlaycards.core.models import Card, Game
from parlaycards.core.names import short_name, short_names
from parlaycards.core.numbering import assign
from parlaycards.core.team_names import FBS, NFL
from parlaycards.io.templates import load_template
from parlaycards.layout.card import _build, _choose, layout_card, split_body
from tests.conftest import make_card


@pytest.mark.parametrize(
    "name, league, short",
    [
        ("Buffalo Bills", "NFL", "Buffalo"),
        ("New York Giants", "NFL", "NY Giants"),
        ("Los Angeles Rams", "NFL", "LA Rams"),
        ("San Francisco 49ers", "NFL", "San Francisco"),
        ("Portland Trail Blazers", "NBA", "Portland"),
        ("Toronto Maple Leafs", "NHL", "Toronto"),
        ("Ohio State", "NCAA", "Ohio St."),
        ("Western Michigan", "NCAA", "W. Michigan"),
        ("Southern California", "NCAA", "USC"),
        ("Buffalo", "NFL", "Buffalo"),
        ("Georgia", "NCAA", "Georgia"),
    ],
)
def test_short_name(name, league, short):
    assert short_name(name, league) == short


def game(league: str, away: str, home: str, n) -> Game:
    return Game(league=league, away=away, home=home, spread=Decimal("-3.5"), total=Decimal("44.5"), numbers=n)


def test_a_short_name_two_teams_would_share_is_not_used():
    nums = assign([True, True])
    names = short_names(
        [
            game("NBA", "Los Angeles Lakers", "New York Knicks", nums[0]),
            game("NBA", "Los Angeles Clippers", "Chicago", nums[1]),
        ]
    )
    assert names[("NBA", "Los Angeles Lakers")] == "LA Lakers"
    # "Chicago Bulls" → "Chicago" would be another team's written name: never
    nums = assign([True, True])
    names = short_names(
        [game("NFL", "Chicago Bears", "Detroit", nums[0]), game("NFL", "Detroit Lions", "Miami", nums[1])]
    )
    assert ("NFL", "Detroit Lions") not in names and names[("NFL", "Chicago Bears")] == "Chicago"


def combo18() -> Card:
    """Two college games with the longest school names and all 32 NFL teams by their full names."""
    nfl = sorted((n[0] for n in NFL), key=len, reverse=True)
    fbs = sorted((n[0] for n in FBS), key=len, reverse=True)
    pairs = [("NCAA", fbs[0], fbs[1]), ("NCAA", fbs[2], fbs[3])]
    pairs += [("NFL", nfl[2 * i], nfl[2 * i + 1]) for i in range(16)]
    t0 = datetime(2026, 11, 28, 17, tzinfo=UTC)
    games = tuple(
        Game(
            league=lg,
            away=a,
            home=h,
            spread=Decimal("-3.5"),
            total=Decimal("44.5"),
            numbers=n,
            kickoff=t0 + timedelta(hours=i // 4),
        )
        for i, ((lg, a, h), n) in enumerate(zip(pairs, assign([True] * 18), strict=True))
    )
    return Card(slug="combo-18", title="NFL and College Week 13", games=games)


def test_an_18_game_combo_card_with_full_names_prints_two_up_at_8_pt_or_more():
    card = combo18()
    t = load_template("letter-2up")
    assert _choose(card, split_body(t).body, True) is None  # full names do not fit: it was refused before
    layout = layout_card(card, t)
    assert layout.type_size >= 8
    assert ("New York Giants", "NY Giants") in layout.short_names
    assert ("Buffalo Bills", "Buffalo") in layout.short_names
    texts = {getattr(b, "text", None) for b in layout.boxes}
    assert "NY Giants" in texts and "New York Giants" not in texts
    assert len(layout.bubbles()) == 18 * 4  # every selection still has its bubble
    assert layout_card(card, t) == layout  # scanning recomputes the same layout


@pytest.mark.parametrize("games", [6, 16])
def test_a_card_that_fits_with_full_names_keeps_its_layout(games):
    card = make_card(games=games)
    t = load_template("letter-2up")
    layout = layout_card(card, t)
    areas = split_body(t)
    plan = _choose(card, areas.body, False)
    assert plan is not None
    assert layout == _build(card, t, plan, areas) and layout.short_names == ()
