"""Short names as sportsbooks print them, used only by cards whose full names do not fit (a card that
fits with full names keeps exactly the layout it printed with: scanning recomputes it)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from parlaycards.core.models import Card, Game
from parlaycards.core.names import short_name, short_names, shorter_name, with_short_names
from parlaycards.core.numbering import assign
from parlaycards.core.team_names import FBS, NFL
from parlaycards.io.templates import load_template
from parlaycards.layout.card import _build, _choose, layout_card, split_body
from parlaycards.layout.geometry import TextCell
from parlaycards.layout.sheet import card_origins
from tests.conftest import make_card
from tests.print_support import college_card, nfl_card
from tests.test_layout import check_dense


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


# ---- tier 2: cards tier 1 does not fit (refused before, so no printed card changes) ----------------------------


@pytest.mark.parametrize(
    "name, league, shorter",
    [
        ("New York Giants", "NFL", "Giants"),
        ("San Francisco 49ers", "NFL", "49ers"),
        ("San Francisco", "NFL", "49ers"),  # a city alone: the alias table names its team
        ("Buffalo", "NFL", "Bills"),
        ("Arizona Cardinals", "NFL", "Cardinals"),
        ("Los Angeles Clippers", "NBA", "Clippers"),
        ("Portland Trail Blazers", "NBA", "Trail Blazers"),
        ("Ohio State Buckeyes", "NCAA", "Ohio St."),  # the alias table drops the nickname
        ("Alabama Crimson Tide", "NCAA", "Alabama"),
        ("Mississippi State", "NCAA", "Miss. St."),
        ("Washington State", "NCAA", "Wash. St."),
        ("Middle Tennessee", "NCAA", "Middle Tenn."),
        ("Coastal Carolina", "NCAA", "Coastal Car."),
        ("Louisiana-Monroe", "NCAA", "La.-Monroe"),
        ("Oklahoma State", "NCAA", "Oklahoma St."),  # 12 letters: tier 1 is short enough
        ("Georgia Tech", "NCAA", "Georgia Tech"),
        ("Bob's Tavern", "LOCAL", "Bob's Tavern"),
    ],
)
def test_shorter_name(name, league, shorter):
    assert shorter_name(name, league) == shorter


def _inside_its_card_and_clear_of_the_perforations(lay, t) -> None:
    """Every box inside the card's safe area (which keeps the perforation margin), and on the sheet no box of
    any slot reaches across a perforation or within its margin."""
    assert all(lay.safe.contains(b.rect) for b in lay.boxes)
    margin = t.perforation_margin * t.k
    for ox, oy in card_origins(t):
        for axis, at in t.perforations_pt():
            for b in lay.boxes:
                lo, hi = (
                    (b.rect.x + ox, b.rect.right + ox) if axis == "x" else (b.rect.y + oy, b.rect.top + oy)
                )
                assert hi <= at - margin + 0.01 or lo >= at + margin - 0.01, (axis, at, b)


def test_a_25_game_college_card_prints_two_to_a_sheet():
    card = college_card(25)
    t = load_template("letter-2up")
    assert _choose(card, split_body(t).body, True) is None  # full names do not fit
    short, used = with_short_names(card)
    assert used and _choose(short, split_body(t).body, True) is None  # nor tier 1's: it was refused before
    lay = layout_card(card, t)
    check_dense(card, lay)  # 8 pt or more, every entry field, every bubble, the layout's own rules
    _inside_its_card_and_clear_of_the_perforations(lay, t)
    texts = {b.text for b in lay.boxes if isinstance(b, TextCell)}
    names = dict(lay.short_names)
    assert names["Mississippi State"] == "Miss. St." and names["Louisiana-Monroe"] == "La.-Monroe"
    for g in card.games:  # every game's two teams printed, by the name the card lists
        assert {names.get(g.away, g.away), names.get(g.home, g.home)} <= texts, g.label()
    assert layout_card(card, t) == lay  # scanning recomputes the same layout


def test_a_23_game_nfl_card_of_full_names_prints_two_to_a_sheet():
    card = nfl_card(23)
    t = load_template("letter-2up")
    short, _ = with_short_names(card)
    assert _choose(short, split_body(t).body, True) is None  # the city names (tier 1) did not fit: refused
    lay = layout_card(card, t)
    check_dense(card, lay)
    _inside_its_card_and_clear_of_the_perforations(lay, t)
    assert ("New York Giants", "Giants") in lay.short_names and ("Buffalo Bills", "Bills") in lay.short_names
    assert len(lay.bubbles()) == 23 * 4


@pytest.mark.parametrize("n", [20, 21, 22, 24])
def test_nfl_cards_tier_1_fits_keep_their_city_names(n):
    """A card that printed with tier 1's names before keeps them (and so its layout)."""
    lay = layout_card(nfl_card(n), load_template("letter-2up"))
    assert ("Buffalo Bills", "Buffalo") in lay.short_names
