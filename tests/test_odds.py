from decimal import Decimal
from fractions import Fraction

import pytest

from parlaycards.core.odds import analyze, card_edge, parlay, parse_price, to_american
from parlaycards.core.payout_table import Odds, PayoutTable, PayoutTier, seed_payouts


@pytest.mark.parametrize(
    "price, decimal",
    [
        ("+150", Fraction(5, 2)),
        ("-110", Fraction(21, 11)),
        ("-200", Fraction(3, 2)),
        ("2.5", Fraction(5, 2)),
        ("5/1", Fraction(6)),
        ("13-5", Fraction(18, 5)),
        ("EV", Fraction(2)),
    ],
)
def test_prices(price, decimal):
    assert parse_price(price) == decimal


def test_bad_price():
    with pytest.raises(ValueError, match="is not a price"):
        parse_price("-50")


def test_calculator_matches_domain_examples():
    # DOMAIN.md §7.2
    assert parlay(Decimal(100), ["-110", "-110"]).returned == Decimal("364.46")
    assert parlay(Decimal(10), ["-110"] * 3).returned == Decimal("69.58")
    assert parlay(Decimal(1), ["-110"] * 10).returned == Decimal("643.08")
    assert parlay(Decimal(100), ["+150", "-120"]).returned == Decimal("458.33")
    p = parlay(Decimal(50), ["-110", "+150", "-200"])
    assert p.returned == Decimal("357.95")
    assert p.american == "+616"
    assert to_american(Fraction(11, 6)) == "-120"


def test_seed_table_edges_match_domain_table():
    edges = {a.picks: round(float(a.edge), 3) for a in analyze(seed_payouts())}
    assert edges == {3: 0.25, 4: 0.312, 5: 0.5, 6: 0.594, 7: 0.68, 8: 0.801, 9: 0.852, 10: 0.901}
    fair = {a.picks: a.fair_to_one for a in analyze(seed_payouts())}
    assert fair[10] == 1023


def test_for_basis_edge_and_consolation():
    table = PayoutTable(
        tiers=(
            PayoutTier(picks=10, hits=10, odds=Odds.parse("100-1")),
            PayoutTier(picks=10, hits=9, odds=Odds.parse("20-1")),
        ),
        basis="to",
    )
    consolation = next(a for a in analyze(table) if a.hits == 9)
    assert consolation.probability == Fraction(10, 1024)
    assert round(float(consolation.expected_return), 3) == 0.205
    assert card_edge(table, 10) == 1 - Fraction(101, 1024) - Fraction(210, 1024)
    for_table = PayoutTable(tiers=(PayoutTier(picks=3, hits=3, odds=Odds.parse("5-1")),), basis="for")
    assert analyze(for_table)[0].edge == Fraction(3, 8)


def test_an_unsigned_whole_number_from_100_is_an_american_price():
    """`calc 10 150 -200` read 150 as decimal odds and returned $2,250."""
    assert parse_price("150") == Fraction(5, 2)
    assert parlay(Decimal(10), ["150", "-200"]).returned == Decimal("37.50")
    assert parse_price("2.50") == Fraction(5, 2)
    with pytest.raises(
        ValueError, match=r'"3" could be decimal odds or a price: write decimal odds with a point'
    ):
        parse_price("3")
    for nothing in ("0", "1", "00"):  # no odds pay nothing back: no "0.00" to suggest
        with pytest.raises(
            ValueError, match=rf'"{nothing}" is not a price: odds pay more than the stake back'
        ):
            parse_price(nothing)
