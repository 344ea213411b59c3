"""SETTLEMENT.md case by case, to the cent; DOMAIN.md §4.7's worked settlements; properties."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlaycards.core import bulk
from parlaycards.core.models import (
    Card,
    Entry,
    Game,
    LegOutcome,
    Outcome,
    Result,
    Rules,
    SelectionNumbers,
    Side,
)
from parlaycards.core.payout_table import Odds, PayoutTable, PayoutTier, seed_payouts
from parlaycards.core.settle import grade_leg, grade_selections, returned, settle_entry

WHEN = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
W, L, P, V = LegOutcome.WIN, LegOutcome.LOSS, LegOutcome.PUSH, LegOutcome.VOID


def game(
    i: int, spread: str = "-3.5", total: str | None = "44.5", away: str | None = None, home: str | None = None
) -> Game:
    return Game(
        away=away or f"Away {i}",
        home=home or f"Home {i}",
        spread=D(spread),
        total=D(total) if total else None,
        numbers=SelectionNumbers(
            away=101 + 2 * i,
            home=102 + 2 * i,
            over=201 + 2 * i if total else None,
            under=202 + 2 * i if total else None,
        ),
    )


def card_of(
    games: list[Game],
    *,
    tiers: dict[tuple[int, int], str] | None = None,
    basis: str = "to",
    max_payout: str | None = None,
    **rules: object,
) -> Card:
    table = seed_payouts()
    if tiers:
        extra = {(t.picks, t.hits): t for t in table.tiers}
        for (n, k), odds in tiers.items():
            extra[(n, k)] = PayoutTier(picks=n, hits=k, odds=Odds.parse(odds))
        table = PayoutTable(tiers=tuple(extra.values()))
    table = PayoutTable(tiers=table.tiers, basis=basis, max_payout=D(max_payout) if max_payout else None)
    return Card(slug="t", title="T", games=tuple(games), payouts=table, rules=Rules(**rules))


def entry(stake: str, picks: list[int]) -> Entry:
    return Entry(serial="000001", stake=D(stake), picks=tuple(picks), received_at=WHEN)


def settle(card: Card, stake: str, legs: list[LegOutcome]):
    """Settle a card whose i-th pick is the away side of game i, graded as `legs` says."""
    results = {}
    for i, outcome in enumerate(legs):
        g = card.games[i]
        results[g.key] = _result_for(g, outcome)
    return settle_entry(entry(stake, [g.numbers.away for g in card.games[: len(legs)]]), card, results)


def _result_for(g: Game, outcome: LegOutcome) -> Result:
    """A score that grades `g`'s away side (spread -3.5 for home: away +3.5) as `outcome`."""
    if outcome is V:
        return Result(game=g.key, cancelled=True)
    line = -g.spread  # away's line
    if outcome is P:
        assert line == line.to_integral_value(), "a push needs a whole-number line"
        return Result(game=g.key, away_score=20, home_score=20 + int(line))
    return Result(game=g.key, away_score=30 if outcome is W else 0, home_score=10)


# §1 — one leg ------------------------------------------------------------------------------------


def test_worked_example_bears_at_packers():
    g = game(0, spread="-3.5", total="44.5", away="Bears", home="Packers")
    final = Result(game=g.key, away_score=20, home_score=23)
    assert grade_leg(g, Side.AWAY, final) is W  # 20 + 3.5 = 23.5 > 23
    assert grade_leg(g, Side.HOME, final) is L  # 23 - 3.5 = 19.5 < 20
    assert grade_leg(g, Side.OVER, final) is L  # 43 < 44.5
    assert grade_leg(g, Side.UNDER, final) is W


@pytest.mark.parametrize(
    ("spread", "total", "away", "home", "side", "expected"),
    [
        ("-6.5", "44", 20, 27, Side.HOME, W),  # Packers -6½, 27-20
        ("-6.5", "44", 20, 27, Side.AWAY, L),  # Bears +6½
        ("-7", "44", 17, 24, Side.HOME, P),  # Chiefs -7, 24-17: push
        ("-7", "44", 17, 24, Side.AWAY, P),  # Broncos +7: push too
        ("-3", "44", 21, 20, Side.HOME, L),  # favourite lost outright
        ("-3", "44", 21, 20, Side.AWAY, W),
        ("0", "44", 17, 16, Side.AWAY, W),  # PK is straight-up
        ("0", "44", 20, 20, Side.AWAY, P),  # tied NFL game, PK: push
        ("0", "44", 20, 20, Side.HOME, P),
        ("-3", "44", 24, 20, Side.OVER, P),  # over 44 on 24-20
        ("-3", "44.5", 24, 20, Side.OVER, L),
        ("-3", "44.5", 24, 20, Side.UNDER, W),
        ("+2.5", "50.5", 10, 41, Side.OVER, W),  # home underdog
        ("+2.5", "50.5", 10, 41, Side.HOME, W),
    ],
)
def test_leg_table(spread, total, away, home, side, expected):
    g = game(0, spread=spread, total=total)
    assert grade_leg(g, side, Result(game=g.key, away_score=away, home_score=home)) is expected


def test_cancelled_game_is_void_for_every_leg_and_no_result_is_pending():
    g = game(0)
    for side in Side:
        assert grade_leg(g, side, Result(game=g.key, cancelled=True)) is V
        assert grade_leg(g, side, None) is LegOutcome.PENDING


# §2 — a card -------------------------------------------------------------------------------------

GAMES = [game(i, spread="-3") for i in range(12)]


def test_all_hit_tier_wins():
    s = settle(card_of(GAMES), "10", [W, W, W])
    assert (s.outcome, s.effective_picks, s.hits, s.payout) == (Outcome.WIN, 3, 3, D("60.00"))
    assert s.tier is not None and str(s.tier.odds) == "5-1"


def test_a_loss_loses_without_a_consolation_tier():
    s = settle(card_of(GAMES), "10", [W, W, L, W])
    assert (s.outcome, s.payout) == (Outcome.LOSS, D("0.00"))


def test_consolation_tier_pays_with_a_loss():
    card = card_of(GAMES, tiers={(4, 3): "2-1"})
    s = settle(card, "10", [W, L, W, W])
    assert (s.outcome, s.hits, s.payout) == (Outcome.WIN, 3, D("30.00"))
    assert settle(card, "10", [W, L, L, W]).outcome is Outcome.LOSS


@pytest.mark.parametrize(
    ("ties", "outcome", "n", "k", "payout"),
    [
        ("lose", Outcome.LOSS, 5, 4, "0.00"),  # DOMAIN §4.2: ties lose → $0
        ("win", Outcome.WIN, 5, 5, "160.00"),  # 5 of 5 at 15-1
        ("reduce", Outcome.WIN, 4, 4, "110.00"),  # 4 of 4 at 10-1
    ],
)
def test_ties_rule(ties, outcome, n, k, payout):
    s = settle(card_of(GAMES, ties=ties), "10", [W, W, P, W, W])
    assert (s.outcome, s.effective_picks, s.hits, s.payout) == (outcome, n, k, D(payout))


def test_voids_are_dropped():
    s = settle(card_of(GAMES), "10", [W, V, W, W])
    assert (s.outcome, s.effective_picks, s.hits, s.payout) == (Outcome.WIN, 3, 3, D("60.00"))


@pytest.mark.parametrize(
    ("below", "outcome", "payout"), [("refund", Outcome.REFUND, "10.00"), ("lose", Outcome.LOSS, "0.00")]
)
def test_below_minimum(below, outcome, payout):
    card = card_of(GAMES, ties="reduce", below_minimum=below)
    s = settle(card, "10", [W, P, V])  # n' = 1, below the smallest tier
    assert (s.outcome, s.effective_picks, s.hits, s.payout) == (outcome, 1, 1, D(payout))
    s = settle(card, "10", [V, V, V])  # zero legs
    assert (s.outcome, s.effective_picks, s.payout) == (outcome, 0, D(payout))


def test_below_minimum_with_a_loss_loses():
    s = settle(card_of(GAMES, ties="reduce"), "10", [L, P, V])
    assert (s.outcome, s.payout) == (Outcome.LOSS, D("0.00"))


def test_pending_game_leaves_the_card_pending():
    card = card_of(GAMES)
    results = {GAMES[0].key: _result_for(GAMES[0], W)}
    s = settle_entry(entry("10", [101, 103, 105]), card, results)
    assert (s.outcome, s.payout, s.effective_picks, s.hits) == (Outcome.PENDING, D("0.00"), 1, 1)
    assert [leg.outcome for leg in s.legs] == [W, LegOutcome.PENDING, LegOutcome.PENDING]


def test_a_card_that_can_no_longer_win_has_lost_with_games_still_to_play():
    """A leg lost, no consolation tier within reach: the card lost, whatever the games left do (it showed
    "Pending … if every pick wins it pays"). With a 3-of-2 consolation tier it may still pay: pending."""
    from parlaycards.core import bulk

    results = {GAMES[0].key: _result_for(GAMES[0], W), GAMES[1].key: _result_for(GAMES[1], L)}
    for card, outcome in (
        (card_of(GAMES), Outcome.LOSS),
        (card_of(GAMES, tiers={(3, 2): "1-1"}), Outcome.PENDING),
    ):
        s = settle_entry(entry("10", [101, 103, 105]), card, results)
        assert (s.outcome, s.payout, s.effective_picks, s.hits) == (outcome, D("0.00"), 2, 1)
        assert [leg.outcome for leg in s.legs] == [W, L, LegOutcome.PENDING]
        graded = bulk.grade_entries({1: card}, [entry("10", [101, 103, 105])], results)
        assert [g.outcome for g in graded] == [outcome]  # the bulk grading `grade` runs says the same


# §3 — money --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("basis", "stake", "odds", "expected"),
    [
        ("to", "10", "5-1", "60.00"),  # §3: $10 on 5-1 to returns $60
        ("for", "10", "10-1", "100.00"),  # §3: $10 on 10-for-1 returns $100
        ("to", "10", "10-3", "43.33"),  # 10 × 13/3 = 43.333… — rounded once, not 10 × 4.33
        ("to", "7", "2-3", "11.67"),  # 7 × 5/3 = 11.666…
        ("to", "1.30", "1-4", "1.63"),  # 1.625: half up (half-even would give 1.62)
        ("for", "1.30", "5-4", "1.63"),  # 1.625 again, on the for basis
    ],
)
def test_money(basis, stake, odds, expected):
    table = PayoutTable(tiers=(PayoutTier(picks=3, hits=3, odds=Odds.parse(odds)),), basis=basis)
    assert returned(D(stake), table.tiers[0], table) == D(expected)


def test_max_payout_caps_what_is_handed_back_stake_included():
    card = card_of(GAMES, max_payout="500")
    s = settle(card, "10", [W] * 10)
    assert (s.outcome, s.payout) == (Outcome.WIN, D("500.00"))
    assert settle(card, "2", [W] * 3).payout == D("12.00")  # under the cap: untouched


# DOMAIN.md §4.7 — six worked settlements ---------------------------------------------------------


def test_domain_47_1_three_picks_all_win():
    assert settle(card_of(GAMES), "10", [W, W, W]).payout == D("60.00")


def test_domain_47_2_for_and_to():
    assert settle(card_of(GAMES, tiers={(4, 4): "10-1"}, basis="for"), "5", [W] * 4).payout == D("50.00")
    assert settle(card_of(GAMES, tiers={(4, 4): "10-1"}, basis="to"), "5", [W] * 4).payout == D("55.00")


def test_domain_47_3_consolation_nine_of_ten():
    s = settle(card_of(GAMES, tiers={(10, 9): "20-1"}), "5", [W] * 9 + [L])
    assert (s.outcome, s.payout) == (Outcome.WIN, D("105.00"))


def test_domain_47_4_reduce_push_and_cancelled():
    s = settle(card_of(GAMES, ties="reduce"), "20", [W, P, V, W, W])
    assert (s.effective_picks, s.hits, s.payout) == (3, 3, D("120.00"))


def test_domain_47_5_capped():
    assert settle(card_of(GAMES, max_payout="500"), "10", [W] * 10).payout == D("500.00")


def test_domain_47_6_ties_win():
    s = settle(card_of(GAMES, ties="win"), "2", [W, P, W, P, W, W])
    assert (s.effective_picks, s.hits, s.payout) == (6, 6, D("52.00"))


# Properties --------------------------------------------------------------------------------------


@st.composite
def cards(draw, ties=None):
    n_games = draw(st.integers(3, 8))
    games = []
    for i in range(n_games):
        spread = D(draw(st.integers(-20, 20))) / 2
        total = D(draw(st.integers(60, 110))) / 2 if draw(st.booleans()) else None
        games.append(game(i, spread=str(spread), total=str(total) if total is not None else None))
    lo = draw(st.integers(1, 4))
    hi = draw(st.integers(lo, 10))
    tiers = []
    for n in range(1, 11):
        if lo <= n <= hi or draw(st.booleans()):
            odds = draw(st.integers(1, 400))
            tiers.append(
                PayoutTier(picks=n, hits=n, odds=Odds(a=D(odds), b=D(draw(st.sampled_from([1, 1, 2, 5])))))
            )
            # consolation tiers below the top are contiguous and pay less, as real tables do
            for miss in range(1, draw(st.integers(0, min(2, n - 1))) + 1):
                tiers.append(PayoutTier(picks=n, hits=n - miss, odds=Odds(a=D(max(1, odds // (3 * miss))))))
    cap = D(draw(st.integers(50, 5000))) if draw(st.booleans()) else None
    table = PayoutTable(tiers=tuple(tiers), basis=draw(st.sampled_from(["to", "for"])), max_payout=cap)
    rules = Rules(
        ties=ties or draw(st.sampled_from(["lose", "win", "reduce"])),
        min_picks=lo,
        max_picks=hi,
        below_minimum=draw(st.sampled_from(["refund", "lose"])),
    )
    return Card(slug="h", title="H", games=tuple(games), payouts=table, rules=rules)


@st.composite
def scenarios(draw, ties=None):
    card = draw(cards(ties=ties))
    results = {}
    for g in card.games:
        kind = draw(st.sampled_from(["final", "final", "final", "cancelled", "pending"]))
        if kind == "final":
            results[g.key] = Result(
                game=g.key, away_score=draw(st.integers(0, 50)), home_score=draw(st.integers(0, 50))
            )
        elif kind == "cancelled":
            results[g.key] = Result(game=g.key, cancelled=True)
    numbers = [n for g in card.games for n in g.numbers.all()]
    picks = draw(st.lists(st.sampled_from(numbers), min_size=1, max_size=10, unique=True))
    stake = D(draw(st.integers(1, 50000))) / 100
    return card, results, Entry(serial="000007", stake=stake, picks=tuple(picks), received_at=WHEN)


@settings(max_examples=120, deadline=None)
@given(scenarios(), st.randoms())
def test_pick_order_never_matters(scenario, rnd):
    card, results, e = scenario
    shuffled = list(e.picks)
    rnd.shuffle(shuffled)
    a = settle_entry(e, card, results)
    b = settle_entry(e.model_copy(update={"picks": tuple(shuffled)}), card, results)
    assert (a.outcome, a.effective_picks, a.hits, a.tier, a.payout) == (
        b.outcome,
        b.effective_picks,
        b.hits,
        b.tier,
        b.payout,
    )


@settings(max_examples=120, deadline=None)
@given(scenarios(ties="lose"))
def test_ties_win_never_pays_less_than_ties_lose(scenario):
    card, results, e = scenario
    lose = settle_entry(e, card, results)
    win_card = Card.model_validate({**card.model_dump(), "rules": {**card.rules.model_dump(), "ties": "win"}})
    win = settle_entry(e, win_card, results)
    assert win.payout >= lose.payout


@settings(max_examples=120, deadline=None)
@given(scenarios())
def test_nothing_pays_above_the_top_tier_or_the_cap(scenario):
    card, results, e = scenario
    s = settle_entry(e, card, results)
    top = max(returned(e.stake, t, card.payouts) for t in card.payouts.tiers)
    assert s.payout <= max(top, e.stake)  # a refund hands back the stake, nothing more
    if card.payouts.max_payout is not None and s.outcome is Outcome.WIN:
        assert s.payout <= card.payouts.max_payout
    assert s.payout == s.payout.quantize(D("0.01"))


@settings(max_examples=120, deadline=None)
@given(scenarios())
def test_a_refund_is_exactly_the_stake(scenario):
    card, results, e = scenario
    s = settle_entry(e, card, results)
    if s.outcome is Outcome.REFUND:
        assert s.payout == e.stake and s.tier is None
    if s.outcome in (Outcome.LOSS, Outcome.PENDING):
        assert s.payout == 0


@settings(max_examples=150, deadline=None)
@given(st.lists(scenarios(), min_size=1, max_size=3), st.integers(1, 12))
def test_bulk_agrees_with_settle_entry(scenarios_, copies):
    for card, results, e in scenarios_:
        outcomes = grade_selections(card, results)
        numbers = list(outcomes)
        entries = [e] + [
            e.model_copy(
                update={
                    "picks": tuple(numbers[(i * 7 + j) % len(numbers)] for j in range(1 + i % len(numbers))),
                    "stake": e.stake + i,
                }
            )
            for i in range(copies)
        ]
        entries = [x.model_copy(update={"picks": tuple(dict.fromkeys(x.picks))}) for x in entries]
        settled = bulk.settle_many(card, outcomes, [(x.stake, x.picks) for x in entries])
        for x, (grade, amount) in zip(entries, settled, strict=True):
            expected = settle_entry(x, card, results)
            assert bulk.settlement(x.serial, x.stake, x.picks, grade, amount, outcomes) == expected


def test_bulk_refuses_a_pick_not_on_the_card():
    card = card_of(GAMES)
    with pytest.raises(ValueError, match="pick 999 is not on t v1"):
        bulk.settle_many(card, grade_selections(card, {}), [(D(5), (101, 999))])
