"""Held-out synthetic players' hands: the tools (pens, pencils, markers) and habits of a player, and
the sizes every mark is drawn to (see `demo.heldout.marker`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

Spot = tuple[float, float, float]  # cx, cy, r: page px
Box = tuple[float, float, float, float]  # x0, y0, x1, y1: page px

BUBBLE_R_MM = 2.15  # a printed bubble's radius (≥ 4 mm across): pen widths are scaled from a spot's r
LIMIT = 1.6  # every mark stays inside LIMIT × r of the bubble's centre
SS = 2  # supersampling of the stroke renderer


@dataclass(frozen=True)
class Tool:
    """A writing tool: nominal width (mm), per-channel transmittance at full deposit, how ink behaves."""

    name: str
    kind: str  # "felt" | "ball" | "gel" | "pencil" | "marker"
    width_mm: tuple[float, float]
    trans: tuple[float, float, float]  # R, G, B transmittance of one full layer
    skips: float  # ballpoint skips per 10 mm of stroke at nominal pressure
    sat: float  # how fast overlapping passes saturate (large: one pass is nearly all the ink there is)


TOOLS: dict[str, Tool] = {
    t.name: t
    for t in (
        Tool("felt-black", "felt", (0.6, 0.95), (0.08, 0.08, 0.10), 0.0, 1.6),
        Tool("ballpoint-black", "ball", (0.25, 0.38), (0.13, 0.13, 0.17), 0.8, 0.8),
        Tool("ballpoint-blue", "ball", (0.25, 0.38), (0.17, 0.24, 0.60), 0.8, 0.8),
        Tool("gel-blue", "gel", (0.45, 0.65), (0.12, 0.28, 0.75), 0.1, 1.4),
        Tool("gel-black", "gel", (0.45, 0.65), (0.09, 0.09, 0.11), 0.1, 1.4),
        Tool("pencil-hb", "pencil", (0.5, 0.8), (0.45, 0.45, 0.48), 0.0, 1.0),
        Tool("pencil-2b", "pencil", (0.6, 1.0), (0.26, 0.26, 0.29), 0.0, 1.0),
        Tool("marker-black", "marker", (1.7, 2.6), (0.05, 0.05, 0.06), 0.0, 2.5),
    )
}
TOOL_WEIGHTS = {
    "felt-black": 0.17,
    "ballpoint-black": 0.19,
    "ballpoint-blue": 0.17,
    "gel-blue": 0.07,
    "gel-black": 0.06,
    "pencil-hb": 0.13,
    "pencil-2b": 0.12,
    "marker-black": 0.09,
}
HABITS = ("fill", "scribble", "tick", "cross", "half", "circle-then-fill", "spill")
HABIT_WEIGHTS = (0.32, 0.14, 0.13, 0.11, 0.08, 0.08, 0.14)
# a habit's neighbours: what the same player sometimes does instead on one bubble
WANDER = {
    "fill": ("spill", "scribble", "circle-then-fill"),
    "scribble": ("fill", "half"),
    "tick": ("cross", "scribble"),
    "cross": ("tick", "scribble"),
    "half": ("fill", "scribble"),
    "circle-then-fill": ("fill", "spill"),
    "spill": ("fill", "circle-then-fill"),
}


@dataclass(frozen=True)
class Hand:
    """One player's pen and habits for a whole card."""

    tool: str
    habit: str
    pressure: float = 1.0  # 0.6 … 1.15: how hard the player presses (ink density, pencil grain filled)
    size: float = 1.0  # ticks and crosses: span in bubble diameters, 0.5 (small) … 1.5 (overruns the ring)
    neatness: float = 0.6  # 0 sloppy … 1 neat: jitter, overshoot, how well a fill stays on the bubble
    slant: float = 0.0  # radians: the usual tilt of a tick or cross, and the usual fill stroke direction
    width: float = 1.0  # multiplies the tool's nominal width
    extent: float = 1.05  # fills: how far out (× r) the strokes reach
    wander: float = 0.1  # chance that one bubble gets a neighbouring habit instead


def random_hand(rng: np.random.Generator) -> Hand:
    """A random player: a tool, a habit, and the quirks that go with them."""
    tool = str(
        rng.choice(list(TOOL_WEIGHTS), p=np.array(list(TOOL_WEIGHTS.values())) / sum(TOOL_WEIGHTS.values()))
    )
    habit = str(rng.choice(HABITS, p=np.array(HABIT_WEIGHTS) / sum(HABIT_WEIGHTS)))
    kind = TOOLS[tool].kind
    pressure = float(rng.uniform(0.68, 1.15) if kind == "pencil" else rng.uniform(0.7, 1.15))
    size = float(math.exp(rng.uniform(math.log(0.5), math.log(1.5))))
    # most people tick upright-ish; some hold the card turned or tick any which way
    slant = float(rng.normal(0, 0.3) if rng.random() < 0.7 else rng.uniform(-math.pi, math.pi))
    extent = float(rng.uniform(1.22, 1.45) if habit == "spill" else rng.uniform(0.9, 1.15))
    return Hand(
        tool=tool,
        habit=habit,
        pressure=pressure,
        size=size,
        neatness=float(rng.beta(2.2, 1.6)),
        slant=slant,
        width=float(rng.uniform(0.85, 1.2)),
        extent=extent,
        wander=float(rng.uniform(0.02, 0.2)),
    )
