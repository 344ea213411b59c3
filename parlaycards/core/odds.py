"""Odds: American, decimal and card (`a-b`) odds, the parlay calculator, true odds and house edge."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from math import comb, prod
from typing import TYPE_CHECKING

from .money import cents
from .text import digits_note

if TYPE_CHECKING:
    from .payout_table import Odds, PayoutTable

ODDS_ACCEPTED = (
    "Accepted: American (-110, +150, or 150 unsigned), decimal with a point (1.91, 2.50) or "
    "fractional (5/1, 13-5, 10-11)."
)


def parse_price(text: str) -> Fraction:
    """Any written price as a decimal-odds Fraction (stake included). Raises ValueError."""
    t = str(text).strip().replace("\u2212", "-").lower()
    if t in {"ev", "even", "evens"}:
        return Fraction(2)
    # an unsigned whole number from 100 up: American, as US books write +150
    if re.fullmatch(r"\d{3,6}", t, re.ASCII):
        t = "+" + t
    if re.fullmatch(r"[+-]\d{3,6}(\.\d+)?", t, re.ASCII):
        a = Fraction(t)
        if abs(a) < 100:
            raise ValueError(f'"{text}" is not a price. {ODDS_ACCEPTED}')
        return 1 + (a / 100 if a > 0 else 100 / -a)
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[/-]\s*(\d+(?:\.\d+)?)", t, re.ASCII)
    if m and Fraction(m.group(2)) > 0:
        if Fraction(m.group(1)) == 0:  # 0/1 pays nothing over the stake: no odds a book writes
            raise ValueError(f'"{text}" is not a price: odds pay more than the stake back. {ODDS_ACCEPTED}')
        return 1 + Fraction(m.group(1)) / Fraction(m.group(2))
    if re.fullmatch(r"\d+\.\d+", t, re.ASCII) and Fraction(t) > 1:  # decimal odds have a point
        return Fraction(t)
    if re.fullmatch(r"\d{1,2}", t, re.ASCII) and int(t) <= 1:  # nothing pays at 0 or 1: no odds it could mean
        raise ValueError(f'"{text}" is not a price: odds pay more than the stake back. {ODDS_ACCEPTED}')
    if re.fullmatch(r"\d{1,2}", t, re.ASCII):
        raise ValueError(
            f'"{text}" could be decimal odds or a price: write decimal odds with a point ({text}.00) '
            f"or a price with its sign (+{int(t) * 100}). {ODDS_ACCEPTED}"
        )
    raise ValueError(f'"{text}" is not a price.{digits_note(text)} {ODDS_ACCEPTED}')


def to_american(decimal_odds: Fraction) -> str:
    if decimal_odds >= 2:
        return f"+{round(float((decimal_odds - 1) * 100))}"
    return f"-{round(float(100 / (decimal_odds - 1)))}"


@dataclass(frozen=True)
class Parlay:
    stake: Decimal
    legs: tuple[Fraction, ...]  # each leg's decimal odds

    @property
    def decimal_odds(self) -> Fraction:
        """The parlay's: the product of its legs' (DOMAIN §7.2)."""
        return prod(self.legs, start=Fraction(1))

    @property
    def returned(self) -> Decimal:
        return cents(self.decimal_odds * Fraction(self.stake))

    @property
    def profit(self) -> Decimal:
        return self.returned - self.stake

    @property
    def american(self) -> str:
        return to_american(self.decimal_odds)

    @property
    def probability(self) -> Fraction:
        return 1 / self.decimal_odds


MOST_LEGS = 25  # the calculator's parlays: more legs than any book takes


def parlay(stake: Decimal, prices: list[str]) -> Parlay:
    """The parlay calculator: product of leg decimal odds (DOMAIN §7.2). Raises ValueError for more than
    MOST_LEGS legs, or a return larger than any amount may be."""
    from .money import MAX_AMOUNT, dollars

    if len(prices) > MOST_LEGS:
        raise ValueError(f"a parlay takes at most {MOST_LEGS} legs; {len(prices)} were given.")
    p = Parlay(stake=stake, legs=tuple(parse_price(price) for price in prices))
    if p.decimal_odds * Fraction(stake) > MAX_AMOUNT:
        raise ValueError(
            f"this parlay would return more than {dollars(MAX_AMOUNT)}, the most any amount may be: "
            "fewer legs, or a smaller stake."
        )
    return p


@dataclass(frozen=True)
class TierAnalysis:
    picks: int
    hits: int
    odds: Odds
    basis: str
    fair_to_one: Fraction  # fair odds of exactly `hits` of `picks`, to 1
    probability: Fraction  # P(exactly hits of picks) at leg win rate p
    expected_return: Fraction  # per unit staked, from this tier
    edge: Fraction  # house edge of the all-hit tier alone (1 - expected return)
    break_even: float | None  # leg win rate at which an all-hit tier is fair


def analyze(table: PayoutTable, p: Fraction = Fraction(1, 2)) -> list[TierAnalysis]:
    """Per tier: offered odds, fair odds, P(hit), expected return and house edge at leg rate p (§3.3)."""
    out: list[TierAnalysis] = []
    for t in table.sorted().tiers:
        prob = comb(t.picks, t.hits) * p**t.hits * (1 - p) ** (t.picks - t.hits)
        ratio = Fraction(t.odds.a) / Fraction(t.odds.b)
        back = ratio + 1 if table.basis == "to" else ratio
        ev = prob * back
        fair = 1 / prob - 1 if prob else Fraction(0)
        be = float((1 / back) ** Fraction(1, t.picks)) if t.hits == t.picks and back > 0 else None
        out.append(
            TierAnalysis(
                picks=t.picks,
                hits=t.hits,
                odds=t.odds,
                basis=table.basis,
                fair_to_one=fair,
                probability=prob,
                expected_return=ev,
                edge=1 - ev,
                break_even=be,
            )
        )
    return out


def card_edge(table: PayoutTable, picks: int, p: Fraction = Fraction(1, 2)) -> Fraction:
    """House edge of a card with `picks` picks, counting every tier that pays it (consolations too)."""
    ev = sum((a.expected_return for a in analyze(table, p) if a.picks == picks), Fraction(0))
    return 1 - ev
