"""Filled, empty, light or unsure: what a scanned card's bubbles say, decided against the card itself.

No fixed darkness threshold. A card's bubbles fall into three groups: the blank ones (most of a
card's bubbles), the player's own marks, and what lies between. Each bubble is placed against both
ends of that card: its blank bubbles (their median and their spread) and the player's own darkest,
most complete marks (how dark this player's pen or pencil makes a stroke, and how much of a bubble
this player covers). A light HB pencil card and a black felt-pen card land in the same places; a
tick is as dark as the player's fills, only smaller.

- filled: a stroke as dark as the player's own, covering a fair share of the bubble (a fifth will do);
- empty: within the blank bubbles' noise, or a smear clearly lighter and flatter than the player's
  marks (an erasure);
- light: a smear or mark close to the player's own but clearly lighter (an erasure not quite done,
  or a light mark): a person decides;
- unsure: ink that is neither (a dot, a small dab);
- hidden: not filled, its printed ring washed out with those around it (a flash's glare, a fold
  catching the light): nobody can tell from the picture what was drawn there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from math import log
from statistics import median
from typing import Literal

Verdict = Literal["filled", "empty", "light", "unsure", "hidden"]

STAKE_KEYS = ("1", "2", "5", "10", "20")

# Ink that a bubble must carry, above the card's blank bubbles, to be anything but empty: the larger
# of a floor (0 paper … 1 solid ink) and a multiple of the blank bubbles' own spread.
INKED_Q90 = 0.10
INKED_MEAN = 0.05
NOISE = 6.0
# A player whose own marks are light (a hard pencil, a thin grey pen, a tick on a shaded row) lowers
# that floor to FAINT of their stroke (never below SEEN, nor the blank bubbles' noise): a mark half as
# dark as theirs is shown to a person, never passed over as blank paper.
SEEN = 0.04
# The player's hand: how dark a stroke is (q90) and how much of the bubble is covered (mean), as the
# median of the darker half of the card's inked bubbles.
# ... where the inked bubbles fall in two groups this many times apart in darkness, the darker is the
# player's (a blurred photo greys many blank bubbles a little: they are not the player's hand).
GAP = 2.5
# A bubble's stroke against the player's: at or above FILLED (half the player's darkness) it is the same
# pen; at or below ERASED it is a smear clearly lighter than every mark the player made. Between the two
# a person decides: an erasure left half done must never be entered as a pick.
FILLED = 0.5
ERASED = 0.30
# ... and its cover against the player's, for a stroke as dark as theirs: a tick covers a fifth of a
# bubble that a fill covers whole.
COVERED = 0.18
# An erasure is flat: its darkest tenth hardly darker than its mean. A dab or a dot is not: below
# FAINT of the player's stroke anything is a smudge; between FAINT and ERASED only a flat one is.
FAINT = 0.25
FLAT = 1.6
# A stroke as dark as the player's must also reach across the bubble: ink within a third of its middle
# (COMPACT of the sampled radius, root mean square) is a dot, shown to a person. The held-out marker's
# smallest ticks reach 0.36; a dot a third of the bubble wide, 0.28-0.34.
COMPACT = 0.33
# ... but a mark this dark on the paper itself (its darkest tenth, above the blank bubbles) is no smear,
# however dark the player's other marks: a pencil pick on a card marked in black ink. A person decides.
# (Rubbed-out picks left at most 0.15 on the held-out marker's cards.)
VISIBLE = 0.18
# A bubble whose printed ring shows at under HIDDEN of the card's other rings, amid neighbours whose rings
# fade too (the faintest under PATCH), lies under a glare, a fold or a washed-out patch: what is in it
# cannot be seen, so a person reads it. Correction fluid over one bubble fades no neighbour: a pick
# taken back.
HIDDEN = 0.45
PATCH = 0.8
# A pick rubbed out but left half done: as dark as the player's pen in places, yet worn. Each of its
# measures against the median of the player's other marks on the card (its other picks and its stake,
# drawn with the same pen; the log of their ratio, held within ±CLIP so no one measure decides alone),
# weighed: lighter (its darkest tenth), its printed ring less covered, its edges softer (the eraser
# smears what it leaves), grey around the ring, its ink uneven where it lies (rubbed graphite or ink
# is mottled with the paper's texture), grey between its strokes, and its edges and fine detail no
# steeper than the rest of it. At RUBBED or more it is shown to a person as an erasure, never entered as
# a pick; but never a mark as dark as the player's others (its darkest tenth at WORN of theirs or
# more) or as sharp (SMEARED or more). The weights are a logistic fit of the held-out marker's
# half-rubbed picks against every other mark of three of its seeds, the project's own marker's marks
# (a pencil pick on an ink card among them) held against them too; RUBBED was chosen on the third seed
# and the own marker together: no plain card more in review than the rule before it sent.
WEIGHTS = (
    ("q90", -6.6),
    ("ring", -16.0),
    ("edges", -6.2),
    ("beyond", 1.5),
    ("mean", -2.2),
    ("mottle", 6.0),
    ("floor", 1.6),
    ("steep", -2.2),
    ("fine", -2.5),
)
RUBBED = 8.57
CLIP = 2.0
WORN = 0.95
SMEARED = 1.0
# ... judged only where the player made at least this many other marks on the card
OTHERS = 2


@dataclass(frozen=True)
class Seen:
    """One bubble as scanned: mean darkness (0 paper … 1 ink) and cover (share of inked pixels)."""

    mean: float
    cover: float
    q75: float = 0.0  # the darkness of its darkest quarter of pixels ...
    q90: float = 0.0  # ... and of its darkest tenth: a thin stroke's own darkness
    ring: float = 1.0  # its printed ring against the card's others (1: as dark): a glare or a fold fades it
    around: float = 1.0  # ... and the faintest ring of its nearest neighbours
    spread: float = 1.0  # how far its ink reaches from its middle, in sampled radii: a dot is compact
    # how sharp its ink's edges are (mean |Laplacian| over mean gradient: a smear is soft), and the
    # darkness around its printed ring; None: not measured (no ink, or at the edge of the picture)
    edges: float | None = None
    beyond: float | None = None
    # how the ink lies where it is (scan.worn): its unevenness, the grey between its strokes, the
    # steepness of its edges and its fine detail, each against its darkest tenth; None: not measured
    mottle: float | None = None
    floor: float | None = None
    steep: float | None = None
    fine: float | None = None


@dataclass(frozen=True)
class Hand:
    """A card's two ends: its blank bubbles and the player's own marks (None: no mark on the card)."""

    blank_mean: float
    blank_q90: float
    inked_mean: float  # above the blank: what any ink must exceed
    inked_q90: float
    stroke: float | None  # the player's stroke, q90 above the blank
    fill: float | None  # the player's cover, mean above the blank
    seen_q90: float = (
        0.0  # the least stroke that is ink on this card (at most inked_q90): light hands see lower
    )


def hand(seen: Mapping[str, Seen]) -> Hand:
    """The card's blank bubbles and the player's own marks, from every bubble of the card."""
    means = [s.mean for s in seen.values()]
    q90s = [s.q90 for s in seen.values()]
    bm, bq = median(means), median(q90s)
    spread_m = 1.4826 * median(abs(m - bm) for m in means)
    spread_q = 1.4826 * median(abs(q - bq) for q in q90s)
    inked_m = max(INKED_MEAN, NOISE * spread_m)
    inked_q = max(INKED_Q90, NOISE * spread_q)
    inked = [s for s in seen.values() if s.q90 - bq >= inked_q or s.mean - bm >= inked_m]
    if not inked:
        return Hand(bm, bq, inked_m, inked_q, None, None)
    mine = _marks(inked, bq)
    strokes = sorted(s.q90 - bq for s in mine)
    fills = sorted(s.mean - bm for s in mine)
    stroke = max(median(strokes[len(strokes) // 2 :]), inked_q)
    seen_q = min(inked_q, max(SEEN, NOISE * spread_q, FAINT * stroke))
    return Hand(bm, bq, inked_m, inked_q, stroke, median(fills[len(fills) // 2 :]), seen_q)


def _marks(inked: list[Seen], blank_q90: float) -> list[Seen]:
    """The player's own marks among a card's inked bubbles: all of them, or, where the inked bubbles fall
    in two groups GAP times apart in darkness (a blurred photo greys dozens of blank bubbles a little;
    the player's few marks stand far above them), the darker group only."""
    ranked = sorted(inked, key=lambda s: s.q90)
    strokes = [max(s.q90 - blank_q90, 1e-3) for s in ranked]
    steps = [(strokes[i + 1] / strokes[i], i + 1) for i in range(len(strokes) - 1)]
    ratio, cut = max(steps, default=(0.0, 0))
    return ranked[cut:] if ratio >= GAP else ranked


def verdict(s: Seen, h: Hand) -> Verdict:
    """One bubble against its card's two ends."""
    called = _called(s, h)
    if called != "filled" and s.ring < HIDDEN and s.around < PATCH:
        return "hidden"
    return called


def _called(s: Seen, h: Hand) -> Verdict:
    dq, dm = s.q90 - h.blank_q90, s.mean - h.blank_mean
    if h.stroke is None or h.fill is None or (dq < h.seen_q90 and dm < h.inked_mean):
        return "empty"
    stroke = dq / max(h.stroke, h.inked_q90)
    cover = dm / max(h.fill, h.inked_mean)
    if stroke <= FAINT or (stroke <= ERASED and dq <= FLAT * max(dm, h.inked_mean / 2)):
        # light against this player's pen, yet plain to see on paper (a pencil fill on an ink card)
        return "light" if dq >= VISIBLE and dm >= h.inked_mean else "empty"
    # under the floor, seen only against a light hand: shown to a person, never a pick on its own
    below = dq < h.inked_q90 and dm < h.inked_mean
    if stroke >= FILLED and cover >= COVERED and not below:
        return "filled" if s.spread >= COMPACT else "unsure"  # a dot, however dark, is no tick
    if stroke <= ERASED:
        return "unsure"
    return "light" if cover >= COVERED else "unsure"


def verdicts(seen: Mapping[str, Seen], ink: float = 1.0) -> dict[str, Verdict]:
    """Each bubble's verdict, against the card's blank bubbles and the player's own marks. `ink`,
    the card's printed ink, is kept for callers that know it; the player's hand decides."""
    if not seen:
        return {}
    h = hand(seen)
    called = {key: verdict(s, h) for key, s in seen.items()}
    return called | dict.fromkeys(rubbed(seen, called), "light")


def rubbed(seen: Mapping[str, Seen], called: Mapping[str, Verdict]) -> list[str]:
    """The bubbles called filled that look like a pick rubbed out and left half done, against the
    player's other marks on the card (see WEIGHTS). A bubble whose ink was not measured (its edges
    unknown) is neither judged nor held against."""
    filled = [
        key
        for key, v in called.items()
        if v == "filled" and all(getattr(seen[key], name) is not None for name, _ in WEIGHTS)
    ]
    if len(filled) <= OTHERS:
        return []
    logs = {
        key: {name: log(max(float(getattr(seen[key], name)), 1e-3)) for name, _ in WEIGHTS} for key in filled
    }
    out = []
    for key in filled:
        ratio = {
            name: logs[key][name] - median(logs[o][name] for o in filled if o != key) for name, _ in WEIGHTS
        }
        if ratio["q90"] >= log(WORN) or ratio["edges"] >= log(SMEARED):
            continue
        if sum(weight * min(max(ratio[name], -CLIP), CLIP) for name, weight in WEIGHTS) >= RUBBED:
            out.append(key)
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
    if all(v == "empty" for v in (*picks.values(), *stakes.values())):
        return Marked((), default_stake, ("no marks on the card: a blank card, or marks too light to see",))
    chosen = tuple(sorted(n for n, v in picks.items() if v == "filled"))
    light = sorted(n for n, v in picks.items() if v == "light")
    if light:
        doubts.append(
            "erased or light mark on " + ", ".join(map(str, light)) + " (lighter than the player's own marks)"
        )
    unsure = sorted(n for n, v in picks.items() if v == "unsure")
    if unsure:
        doubts.append("unsure mark on " + ", ".join(map(str, unsure)) + " (too small to call)")
    hidden = sorted(n for n, v in picks.items() if v == "hidden")
    if hidden:
        doubts.append(f"{HIDDEN_TEXT} {', '.join(map(str, hidden))} {HIDDEN_WHY}")
    marked = [k for k in (*STAKE_KEYS, "other") if stakes.get(k) == "filled"]
    unsure_stakes = [k for k in (*STAKE_KEYS, "other") if stakes.get(k) in ("unsure", "light")]
    hidden_stakes = [k for k in (*STAKE_KEYS, "other") if stakes.get(k) == "hidden"]
    stake: Decimal | None = None
    if unsure_stakes:
        doubts.append("unsure stake mark on " + ", ".join(_stake_name(k) for k in unsure_stakes))
    if hidden_stakes:
        doubts.append(f"{HIDDEN_TEXT} {', '.join(_stake_name(k) for k in hidden_stakes)} {HIDDEN_WHY}")
        unsure_stakes += hidden_stakes
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


HIDDEN_TEXT = "cannot see what is drawn in"
HIDDEN_WHY = "(a glare, a fold or a washed-out patch over the card there): read it on the card"


def _stake_name(key: str) -> str:
    return '"Other"' if key == "other" else f"${key}"
