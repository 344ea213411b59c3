"""The calculator and `payout analyze`: a parlay, a teaser or round robin, and a payout table's tiers —
JSON and the lines or table the terminal shows."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.text import dollars, plural
from .table import Table

if TYPE_CHECKING:
    from ..core.models import Card
    from ..core.odds import Parlay, TierAnalysis
    from ..core.robin import RoundRobin


def parlay_json(p: Parlay) -> dict[str, Any]:
    """`calc --json` of one parlay: the public shape."""
    return {
        "stake": str(p.stake),
        "decimal_odds": round(float(p.decimal_odds), 6),
        "american": p.american,
        "returned": str(p.returned),
        "profit": str(p.profit),
        "probability": round(float(p.probability), 6),
    }


def parlay_lines(p: Parlay) -> tuple[str, ...]:
    """One parlay in words: its legs multiplied out, what the stake returns, the implied chance."""
    legs = " × ".join(f"{float(x):.4f}" for x in p.legs)
    return (
        f"{plural(len(p.legs), 'leg')}: {legs} = {float(p.decimal_odds):.4f} (American {p.american})",
        f"Stake {dollars(p.stake)} returns {dollars(p.returned)}: profit {dollars(p.profit)}. "
        f"Implied probability {float(p.probability):.2%} (the chance these prices imply, the book's margin "
        "included).",
    )


def robin_json(r: RoundRobin) -> dict[str, Any]:
    """`calc --json` of a teaser or a round robin: the public shape."""
    return {
        "stake": str(r.stake),
        "teaser": float(r.teaser) if r.teaser is not None else None,
        "size": r.size,
        "selections": r.selections,
        "parlays": [
            {
                "legs": list(p.legs),
                "decimal_odds": round(float(p.decimal_odds), 6),
                "returned": str(p.returned),
            }
            for p in r.parlays
        ],
        "total_stake": str(r.total_stake),
        "best": str(r.best),
        "worst": str(r.worst),
        "by_wins": [{"wins": w, "least": str(lo), "most": str(hi)} for w, lo, hi in r.by_wins],
    }


def robin_lines(r: RoundRobin) -> tuple[str, ...]:
    """A teaser, or a round robin with each parlay, the total stake, the best and worst case."""
    points = f"{r.teaser.normalize():f}-point teaser" if r.teaser is not None else None
    if r.teaser is not None and not r.by_wins:  # one teaser
        return (
            f"{r.size}-team {points}: stake {dollars(r.stake)} returns {dollars(r.best)} when every team "
            f"covers its teased line: profit {dollars(r.best - r.stake)} (by the usual table).",
        )
    kind = f"{r.size}-team {points}s" if points else f"{r.size}-leg parlays"
    return (
        f"Round robin: {len(r.parlays)} {kind} of {r.selections} selections, {dollars(r.stake)} each.",
        *(
            f"  {' + '.join(map(str, p.legs)):<14} {float(p.decimal_odds):>9.4f}  returns {dollars(p.returned)}"
            for p in r.parlays
        ),
        f"Total stake {dollars(r.total_stake)}.",
        f"Best case (all {r.selections} win): {dollars(r.best)} back, profit {dollars(r.best - r.total_stake)}.",
        f"Worst case (none wins): {dollars(r.worst)} back, loss {dollars(r.total_stake - r.worst)}.",
        *(
            f"  {w} of {r.selections} win: {dollars(lo)} to {dollars(hi)} back"
            for w, lo, hi in r.by_wins[1:-1]
            if hi > 0
        ),
    )


def analysis_json(rows: Sequence[TierAnalysis]) -> list[dict[str, Any]]:
    """`payout analyze --json`: the public shape."""
    return [
        {
            "picks": r.picks,
            "hits": r.hits,
            "odds": str(r.odds),
            "basis": r.basis,
            "fair_to_one": round(float(r.fair_to_one), 4),
            "probability": round(float(r.probability), 8),
            "expected_return": round(float(r.expected_return), 6),
            "house_edge": round(float(r.edge), 6),
            "break_even": round(r.break_even, 6) if r.break_even else None,
        }
        for r in rows
    ]


def analysis_table(card: Card, rows: Sequence[TierAnalysis], p: Fraction) -> Table:
    """Per tier: offered odds, true odds, chance to hit, expected return and house edge, at `p` a leg."""
    return Table(
        (
            "Tier",
            f"Offered ({card.payouts.basis})",
            "True odds (to 1)",
            "Chance",
            "Returns per $1",
            "House edge",
            "Break-even leg",
        ),
        tuple(
            (
                f"{r.hits} of {r.picks}",
                str(r.odds),
                f"{float(r.fair_to_one):,.2f}-1",
                f"{float(r.probability):.4%}",
                f"${float(r.expected_return):.4f}",
                f"{float(r.edge):.1%}",
                f"{r.break_even:.1%}" if r.break_even else "-",
            )
            for r in rows
        ),
        title=f"{card.slug} v{card.version} at {float(p):.0%} per leg",
    )
