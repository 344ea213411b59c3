"""Held-out gestures: the strokes of each habit (fills, scribbles, ticks, crosses, circles, spills),
in patch px around a bubble (see `demo.heldout.marker`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from .hand import Hand, Tool
from .pen import Stroke, pen_path, pen_stroke

# ---------------------------------------------------------------------------------------------- gestures


def rotation(a: float) -> np.ndarray:
    return np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])


def _zigzag(
    c: np.ndarray,
    reach: float,
    angle: float,
    spacing: float,
    lo: float,
    hi: float,
    rng: np.random.Generator,
    sloppy: float,
) -> np.ndarray:
    """Back-and-forth waypoints filling the disc of radius `reach` between offsets lo…hi across the strokes."""
    n = max(2, int(round((hi - lo) / spacing)) + 1)
    ts = np.linspace(lo, hi, n) + rng.normal(0, spacing * 0.15, n)
    if rng.random() < 0.5:
        ts = ts[::-1]
    way = []
    for i, t in enumerate(ts):
        half = math.sqrt(max(reach * reach - t * t, (0.25 * reach) ** 2))
        a = half * (1 + rng.normal(0.0, 0.08 + 0.12 * sloppy))
        b = half * (1 + rng.normal(0.0, 0.08 + 0.12 * sloppy))
        ends = [(-a, t), (b, t)] if i % 2 == 0 else [(b, t), (-a, t)]
        way.extend(ends)
    R = rotation(angle)
    result: np.ndarray = c + np.array(way) @ R.T
    return result


def _spiral(c: np.ndarray, reach: float, spacing: float, rng: np.random.Generator) -> np.ndarray:
    """An inward spiral from `reach`, one turn per `spacing` px, in ~8° steps."""
    turns = max(1.5, reach / spacing)
    th = np.arange(0, turns * 2 * math.pi, 0.14) * (1 if rng.random() < 0.6 else -1)
    rad = reach * (1 - np.abs(th) / (turns * 2 * math.pi)) + 0.6 * spacing
    ph = rng.uniform(0, 2 * math.pi)
    ell = rng.uniform(0.88, 1.0)
    result: np.ndarray = c + np.stack([rad * np.cos(th + ph), ell * rad * np.sin(th + ph)], axis=1)
    return result


def scrub_path(c: np.ndarray, reach: float, loop: float, laps: int, rng: np.random.Generator) -> np.ndarray:
    """Small fast loops whose centre sweeps across the disc: a scrubbing fill or a loose scribble."""
    n = int(laps * 2 * math.pi / 0.3)
    t = np.arange(n) * 0.3
    sweep = _zigzag(
        np.zeros(2),
        max(reach - loop, 0.3 * reach),
        rng.uniform(0, math.pi),
        reach / 2.2,
        -(reach - loop),
        reach - loop,
        rng,
        0.5,
    )
    seg = np.linspace(0, len(sweep) - 1, n)
    i = np.floor(seg).astype(int).clip(0, len(sweep) - 2)
    f = (seg - i)[:, None]
    centre = sweep[i] * (1 - f) + sweep[i + 1] * f
    rad = loop * (1 + 0.2 * np.sin(t * 0.37 + rng.uniform(0, 6)))
    result: np.ndarray = (
        c + centre + np.stack([rad * np.cos(t), rad * np.sin(t) * rng.uniform(0.7, 1.0)], axis=1)
    )
    return result


@dataclass
class _Fill:
    """The strokes that fill a bubble: a zigzag, a spiral or a scrub (with a second pass for pens)."""

    cc: np.ndarray
    reach: float
    angle: float
    spacing: float
    wpx: float
    r: float
    tool: Tool
    rng: np.random.Generator
    sloppy: float
    path: Callable[..., np.ndarray]
    stroke: Callable[..., Stroke]

    def strokes(self, kind: str) -> list[Stroke]:
        if kind == "zigzag":
            return self._zigzag()
        if kind == "spiral":
            return self._spiral()
        loop = max(0.22 * self.r, 1.2 * self.wpx)
        laps = int(np.clip(2.2 * self.reach * self.reach / (loop * self.spacing), 8, 60))
        way = scrub_path(self.cc, self.reach - self.wpx / 2, loop, laps, self.rng)
        return [self.stroke(self.path(way, rnd=0.02, wob=0.01))]

    def _zigzag(self) -> list[Stroke]:
        cc, reach, spacing, rng, sloppy = self.cc, self.reach, self.spacing, self.rng, self.sloppy
        out = [
            self.stroke(
                self.path(_zigzag(cc, reach, self.angle, spacing, -reach * 0.95, reach * 0.95, rng, sloppy))
            )
        ]
        if self.tool.kind in ("ball", "pencil") and rng.random() < 0.6:  # a second pass across the first
            a2 = self.angle + math.pi / 2 + rng.normal(0, 0.3)
            way = _zigzag(cc, reach * 0.92, a2, spacing * 1.3, -reach * 0.85, reach * 0.85, rng, sloppy)
            out.append(self.stroke(self.path(way)))
        return out

    def _spiral(self) -> list[Stroke]:
        cc, reach, rng = self.cc, self.reach, self.rng
        out = [self.stroke(self.path(_spiral(cc, reach - self.wpx / 2, self.spacing, rng), rnd=0.02))]
        if self.tool.kind in ("ball", "pencil"):
            way = _zigzag(
                cc, reach * 0.85, self.angle, self.spacing * 1.6, -reach * 0.8, reach * 0.8, rng, self.sloppy
            )
            out.append(self.stroke(self.path(way)))
        return out


def strokes_for(
    habit: str, c: np.ndarray, r: float, hand: Hand, tool: Tool, rng: np.random.Generator, ppm: float
) -> tuple[list[Stroke], str]:
    """The strokes of one mark of `habit` on the bubble at c (patch px) of radius r."""
    if habit not in _HABITS:
        raise ValueError(f"unknown habit {habit!r}")
    sloppy = 1 - hand.neatness
    wpx = float(np.mean(tool.width_mm)) * ppm * hand.width
    off = rng.normal(0, 0.04 + 0.06 * sloppy, 2) * r  # where the player aims, not quite the centre
    fill_angle = hand.slant + rng.normal(0, 0.35) + (math.pi / 4 if rng.random() < 0.5 else -math.pi / 4)
    g = _Gesture(c, c + off, r, hand, tool, rng, ppm, sloppy, wpx, fill_angle)
    return _HABITS[habit](g, habit)


@dataclass(frozen=True)
class _Gesture:
    """One mark being made: the bubble's centre `c` and radius `r`, where the player aims (`cc`), the hand,
    its tool and randomness, pixels a millimetre, sloppiness, the pen's width (px) and the fill's angle."""

    c: np.ndarray
    cc: np.ndarray
    r: float
    hand: Hand
    tool: Tool
    rng: np.random.Generator
    ppm: float
    sloppy: float
    wpx: float
    fill_angle: float

    def path(self, way: np.ndarray, rnd: float = 0.05, wob: float = 0.025) -> np.ndarray:
        r, sloppy = self.r, self.sloppy
        jit, step = 0.02 * r * (0.5 + sloppy), max(1.0, 0.09 * r)
        return pen_path(
            way, self.rng, jitter=jit, step=step, round_px=rnd * r, wobble=wob * r * (0.5 + sloppy)
        )

    def stroke(self, pts: np.ndarray, press: float = 1.0) -> Stroke:
        return pen_stroke(pts, self.tool, self.hand, self.rng, self.ppm, press=press)


def _fill(g: _Gesture, habit: str) -> tuple[list[Stroke], str]:
    """A fill (zigzag, spiral or scrub), or a spill: a fill reaching past the ring, off centre."""
    r, rng, hand, tool, wpx, cc = g.r, g.rng, g.hand, g.tool, g.wpx, g.cc
    reach = r * (hand.extent if habit == hand.habit else (1.3 if habit == "spill" else 1.05))
    reach *= rng.uniform(0.95, 1.05)
    if habit == "spill":
        cc = g.c + rng.normal(0, 0.1, 2) * r
    kind = rng.choice(["zigzag", "spiral", "scrub"], p=[0.55, 0.2, 0.25])
    spacing = (
        wpx * rng.uniform(0.75, 1.15)
        if tool.kind in ("felt", "marker", "gel")
        else wpx * rng.uniform(0.9, 1.5)
    )
    spacing = max(spacing, 0.06 * r)
    fill = _Fill(cc, reach, g.fill_angle, spacing, wpx, r, tool, rng, g.sloppy, g.path, g.stroke)
    return fill.strokes(kind), ("spill" if habit == "spill" else f"fill-{kind}")


def _scribble(g: _Gesture, habit: str) -> tuple[list[Stroke], str]:
    """Loops scrubbed over the bubble, or a loose zigzag."""
    r, rng, cc = g.r, g.rng, g.cc
    reach = r * rng.uniform(0.8, 1.12)
    if rng.random() < 0.5:
        loop = r * rng.uniform(0.22, 0.35)
        laps = int(rng.integers(7, 12))
        return [g.stroke(g.path(scrub_path(cc, reach, loop, laps, rng), rnd=0.03))], "scribble-loops"
    spacing = max(g.wpx * rng.uniform(1.4, 2.4), 0.15 * r)
    way = _zigzag(cc, reach, g.fill_angle + rng.normal(0, 0.3), spacing, -reach * 0.8, reach * 0.8, rng, 1.0)
    return [g.stroke(g.path(way, rnd=0.08, wob=0.05))], "scribble-zigzag"


def _tick_or_cross(g: _Gesture, habit: str) -> tuple[list[Stroke], str]:
    """A tick (one stroke) or a cross (two), of the hand's size and slant when it is the hand's habit."""
    r, rng, hand, cc = g.r, g.rng, g.hand, g.cc
    size = hand.size * rng.uniform(0.85, 1.15) if hand.habit == habit else rng.uniform(0.6, 1.2)
    span = max(size, 0.5) * 2 * r
    ang = hand.slant + rng.normal(0, 0.25)
    R = rotation(ang)
    if habit == "tick":
        way = np.array([[-0.42, -0.08], [-0.12, 0.32], [0.5, -0.55]]) * span
        way[1] += rng.normal(0, 0.04, 2) * span
        way[2] *= rng.uniform(0.85, 1.1)
        return [g.stroke(g.path(cc + way @ R.T, rnd=0.015, wob=0.02))], habit
    a = rng.uniform(0.6, 0.95)
    h1 = np.array([[-0.5, -0.5 * a], [0.5, 0.5 * a]]) * span / math.hypot(1, a) * 1.25
    h2 = np.array([[0.5, -0.5 * a], [-0.5, 0.5 * a]]) * span / math.hypot(1, a) * 1.25
    h1 *= rng.uniform(0.85, 1.1)
    h2 *= rng.uniform(0.85, 1.1)
    shift = rng.normal(0, 0.05, 2) * span
    strokes = [
        g.stroke(g.path(cc + h1 @ R.T, rnd=0.01, wob=0.03)),
        g.stroke(g.path(cc + shift + h2 @ R.T, rnd=0.01, wob=0.03)),
    ]
    return strokes, habit


def _half(g: _Gesture, habit: str) -> tuple[list[Stroke], str]:
    """Half the bubble filled: one side of it, or a band across it."""
    r, rng, cc, sloppy = g.r, g.rng, g.cc, g.sloppy
    reach = r * rng.uniform(0.95, 1.1)
    angle = rng.uniform(0, 2 * math.pi)
    spacing = max(g.wpx * rng.uniform(0.8, 1.3), 0.06 * r)
    if rng.random() < 0.6:
        lo, hi, style = -reach * 0.95, reach * rng.uniform(-0.05, 0.25), "half-side"
    else:
        b = reach * rng.uniform(0.38, 0.55)
        lo, hi, style = -b, b, "half-band"
    out = [g.stroke(g.path(_zigzag(cc, reach, angle, spacing, lo, hi, rng, sloppy)))]
    if g.tool.kind in ("ball", "pencil") and rng.random() < 0.5:
        out.append(g.stroke(g.path(_zigzag(cc, reach, angle + 0.5, spacing * 1.4, lo, hi, rng, sloppy))))
    return out, style


def _circle_then_fill(g: _Gesture, habit: str) -> tuple[list[Stroke], str]:
    """A ring drawn round the bubble, then a fill."""
    c, r, rng = g.c, g.r, g.rng
    rho = r * rng.uniform(1.15, 1.4)
    th0 = rng.uniform(0, 2 * math.pi)
    sweep = 2 * math.pi * rng.uniform(1.05, 1.25) * (1 if rng.random() < 0.5 else -1)
    th = th0 + np.linspace(0, sweep, 60)
    ell = rng.uniform(0.88, 1.0)
    ring = (
        c + np.stack([rho * np.cos(th), ell * rho * np.sin(th)], axis=1) @ rotation(rng.uniform(0, math.pi)).T
    )
    out = [g.stroke(g.path(ring, rnd=0.02, wob=0.04))]
    hand = replace(g.hand, extent=float(rng.uniform(0.85, 1.05)))
    inner, style = strokes_for("fill", c, r, hand, g.tool, rng, g.ppm)
    return out + inner, "circle-then-" + style


_HABITS: dict[str, Callable[[_Gesture, str], tuple[list[Stroke], str]]] = {
    "fill": _fill,
    "spill": _fill,
    "scribble": _scribble,
    "tick": _tick_or_cross,
    "cross": _tick_or_cross,
    "half": _half,
    "circle-then-fill": _circle_then_fill,
}
