"""Filled, empty or unsure: what a scanned card's bubbles say, decided against the card itself.

No fixed darkness threshold: a bubble is judged by how far it sits between the card's own blank
bubbles (most of a card's bubbles are blank) and the card's own printed ink (its corner marks). A
light pencil fill on a pale scan and a pen fill on a dark one land in the same place. Between
"filled" and "empty" there is an unsure band: a card with any unsure bubble goes to a person.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from statistics import median
from typing import Literal

Verdict = Literal["filled", "empty", "unsure"]

# Share of the way from blank paper to printed ink, for the mean darkness inside the bubble ...
FILLED = 0.22
EMPTY = 0.10
# ... and for `cover`, the share of its pixels at least half as dark as the ink (ticks and crosses
# are thin: they darken few pixels, but those few fully).
FILLED_COVER = 0.14
EMPTY_COVER = 0.05

STAKE_KEYS = ("1", "2", "5", "10", "20")


@dataclass(frozen=True)
class Seen:
    """One bubble as scanned: mean darkness (0 paper … 1 ink) and cover (share of inked pixels)."""

    mean: float
    cover: float


def verdicts(seen: Mapping[str, Seen], ink: float) -> dict[str, Verdict]:
    """Each bubble's verdict, against the card's blank bubbles (their median) and its ink."""
    if not seen:
        return {}
    blank = median(s.mean for s in seen.values())
    span = max(ink - blank, 0.2)
    out: dict[str, Verdict] = {}
    for key, s in seen.items():
        z = (s.mean - blank) / span
        if z >= FILLED or s.cover >= FILLED_COVER:
            out[key] = "filled"
        elif z <= EMPTY and s.cover <= EMPTY_COVER:
            out[key] = "empty"
        else:
            out[key] = "unsure"
    return out


@dataclass(frozen=True)
class Marked:
    """What the marks on one card say: the picks, the stake, and every reason a person must look."""

    picks: tuple[int, ...]
    stake: Decimal | None
    doubts: tuple[str, ...]


def read_marks(
    picks: Mapping[int, Verdict], stakes: Mapping[str, Verdict], default_stake: Decimal | None
) -> Marked:
    """Picks and stake from the verdicts of a card's selection and stake bubbles.

    An unsure bubble anywhere, two stakes, the "Other" stake, or no stake with no default: doubts.
    """
    doubts: list[str] = []
    chosen = tuple(sorted(n for n, v in picks.items() if v == "filled"))
    unsure = sorted(n for n, v in picks.items() if v == "unsure")
    if unsure:
        doubts.append("unsure mark on " + ", ".join(map(str, unsure)) + " (too light or too small to call)")
    marked = [k for k in (*STAKE_KEYS, "other") if stakes.get(k) == "filled"]
    unsure_stakes = [k for k in (*STAKE_KEYS, "other") if stakes.get(k) == "unsure"]
    stake: Decimal | None = None
    if unsure_stakes:
        doubts.append("unsure stake mark on " + ", ".join(_stake_name(k) for k in unsure_stakes))
    if "other" in marked:
        doubts.append('the "Other $" stake is marked: read the amount written on the card')
    elif len(marked) > 1:
        doubts.append("two stakes marked: " + " and ".join(_stake_name(k) for k in marked))
    elif marked:
        stake = Decimal(marked[0])
    elif not unsure_stakes:
        if default_stake is None:
            doubts.append("stake not marked (give the stake when scanning, or set the pool's default stake)")
        else:
            stake = default_stake
    return Marked(chosen, stake, tuple(doubts))


def _stake_name(key: str) -> str:
    return '"Other"' if key == "other" else f"${key}"
