"""The calculator's teasers and round robins (DOMAIN.md §2, §7.2).

A teaser of n teams pays by its table (`core.teasers`), not by the legs' prices. A round robin of
size k over n selections is every k-leg parlay (or teaser) of them, each staked the same; its best
case is every selection winning, its worst every one losing; between, for each number of winning
selections, the most and the least it can hand back (which selections win matters when prices differ).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from math import comb

from .money import cents
from .odds import parse_price

MAX_SELECTIONS = 10
MAX_PARLAYS = 5000


@dataclass(frozen=True)
class Priced:
    """One parlay of a round robin (or the one parlay): which selections (1-based), its decimal odds, what it returns."""

    legs: tuple[int, ...]
    decimal_odds: Fraction
    returned: Decimal


@dataclass(frozen=True)
class RoundRobin:
    stake: Decimal  # on each parlay
    size: int  # legs in each parlay
    selections: int
    parlays: tuple[Priced, ...]
    total_stake: Decimal
    best: Decimal  # every selection wins: what all the parlays hand back
    worst: Decimal  # every selection loses: 0
    by_wins: tuple[tuple[int, Decimal, Decimal], ...]  # (selections winning, least back, most back)
    teaser: Decimal | None = None


def teaser_odds(points: Decimal, teams: int) -> Fraction:
    """A teaser's decimal odds (stake included) for `teams` teams at `points`, from the usual table;
    a ValueError says which team counts the table has."""
    from .teasers import teaser_table  # builds a card's payout table: pydantic, only for a teaser

    sport = "basketball" if points in (Decimal(4), Decimal("4.5"), Decimal(5)) else "football"
    table = teaser_table(points, sport)
    if not table.tiers:
        raise ValueError(
            f"there is no usual teaser table for {points.normalize():f} points. Accepted: 6, 6.5, 7, 10, 14 "
            "(football); 4, 4.5, 5 (basketball)."
        )
    tier = table.tier(teams, teams)
    if tier is None:
        counts = ", ".join(str(t.picks) for t in table.sorted().tiers)
        raise ValueError(f"a {points.normalize():f}-point teaser's table pays {counts} teams, not {teams}.")
    return Fraction(tier.odds.a) / Fraction(tier.odds.b) + 1


def round_robin(stake: Decimal, prices: list[str], size: int, teaser: Decimal | None = None) -> RoundRobin:
    """Every `size`-leg parlay of `prices` (or teaser by its table), each staked `stake`. Raises ValueError."""
    n = len(prices)
    if n > MAX_SELECTIONS:
        raise ValueError(f"a round robin takes at most {MAX_SELECTIONS} selections; {n} were given.")
    if n < 3:
        raise ValueError(f"a round robin needs at least 3 selections; {n} were given.")
    if not 2 <= size <= n - 1:
        raise ValueError(
            f"a round robin of {n} selections is of parlays of 2 to {n - 1} legs; {size} was asked. "
            f"For one parlay of all {n}, leave the round robin out."
        )
    if comb(n, size) > MAX_PARLAYS:
        raise ValueError(f"{comb(n, size)} parlays is more than the calculator lists ({MAX_PARLAYS}).")
    legs = [parse_price(p) for p in prices]
    out = []
    for combo in combinations(range(n), size):
        if teaser is not None:
            odds = teaser_odds(teaser, size)
        else:
            odds = Fraction(1)
            for i in combo:
                odds *= legs[i]
        out.append(Priced(tuple(i + 1 for i in combo), odds, cents(odds * Fraction(stake))))
    by_wins = []
    for w in range(n + 1):
        backs = [
            sum((p.returned for p in out if set(p.legs) <= set(winners)), Decimal(0))
            for winners in combinations(range(1, n + 1), w)
        ]
        by_wins.append((w, min(backs), max(backs)))
    return RoundRobin(
        stake=stake,
        size=size,
        selections=n,
        parlays=tuple(out),
        total_stake=stake * len(out),
        best=by_wins[-1][2],
        worst=by_wins[0][1],
        by_wins=tuple(by_wins),
        teaser=teaser,
    )


def teaser(stake: Decimal, prices: list[str], points: Decimal) -> RoundRobin:
    """One teaser of every selection, priced by its table (each price must still read as one)."""
    for p in prices:
        parse_price(p)
    odds = teaser_odds(points, len(prices))
    back = cents(odds * Fraction(stake))
    n = len(prices)
    return RoundRobin(
        stake=stake,
        size=n,
        selections=n,
        parlays=(Priced(tuple(range(1, n + 1)), odds, back),),
        total_stake=stake,
        best=back,
        worst=cents(Fraction(0)),
        by_wins=(),
        teaser=points,
    )
