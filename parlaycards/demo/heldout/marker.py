"""Held-out synthetic players: pens and pencils that fill in printed bubbles, rub picks out, and scribble
over a card's QR code. Written apart from the card reader and from `demo.marks`, so the reader can be
measured on marks it was never tuned on.

The model, in page pixels (y down):

- a stroke is a sampled pen path (waypoints of a gesture, densified, rounded by the hand's inertia, with
  a slow wobble), carrying a pressure (ramps in and out, drifts, drops where a ballpoint skips) and a
  width (the tool's, swelling a little with pressure for felt tips and pencils);
- strokes are rendered at 2× into a deposit map, then turned into ink by tool: felt and marker wide and
  even (overlaps saturate), ballpoints thin with a darker ridge down the middle and skips, gel saturated
  colour, pencils graphite that sits on the paper's tooth (a grain field: light pressure marks only the
  peaks, so HB is light grey and grainy, 2B darker and fuller);
- ink multiplies onto the page (Beer–Lambert per channel), so it is darker where it crosses print.

All randomness comes from the `numpy.random.Generator` passed in; equal seeds give equal images.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
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


# ---------------------------------------------------------------------------------------------- strokes


@dataclass
class Stroke:
    """A sampled pen path in patch px: points (N, 2), pressure (N,), width (N,) px."""

    pts: np.ndarray
    press: np.ndarray
    width: np.ndarray


def _smooth1d(a: np.ndarray, sigma: float) -> np.ndarray:
    """Gaussian smoothing along axis 0, edges held."""
    if sigma < 0.3 or len(a) < 3:
        return a
    k = int(3 * sigma) + 1
    x = np.arange(-k, k + 1)
    w = np.exp(-0.5 * (x / sigma) ** 2)
    w /= w.sum()
    pad = np.concatenate([np.repeat(a[:1], k, 0), a, np.repeat(a[-1:], k, 0)])
    if a.ndim == 1:
        return np.convolve(pad, w, mode="valid")
    return np.stack([np.convolve(pad[:, i], w, mode="valid") for i in range(a.shape[1])], axis=1)


def _noise1d(n: int, rng: np.random.Generator, corr: float) -> np.ndarray:
    """Smooth noise of unit spread along n + 1 samples, correlation length `corr` samples."""
    sigma = min(max(corr, 0.5), 200.0)
    k = int(3 * sigma) + 1
    w = np.exp(-0.5 * (np.arange(-k, k + 1) / sigma) ** 2)
    w /= math.sqrt(float((w * w).sum()))
    return np.convolve(rng.standard_normal(n + 1 + 2 * k), w, mode="valid")


def _path(
    way: np.ndarray, rng: np.random.Generator, *, jitter: float, step: float, round_px: float, wobble: float
) -> np.ndarray:
    """A hand's trajectory through waypoints: jittered, densified at `step` px, corners rounded by
    `round_px`, with a slow sideways wobble of `wobble` px."""
    way = way + rng.normal(0, jitter, way.shape)
    seg = np.diff(way, axis=0)
    lens = np.hypot(seg[:, 0], seg[:, 1])
    n = np.maximum(1, np.ceil(lens / step).astype(int))
    pts = [way[:1]]
    for i in range(len(seg)):
        t = (np.arange(1, n[i] + 1) / n[i])[:, None]
        pts.append(way[i] + t * seg[i])
    p = np.concatenate(pts)
    p = _smooth1d(p, round_px / step)
    if wobble > 0 and len(p) > 4:
        d = np.gradient(p, axis=0)
        nrm = np.hypot(d[:, 0], d[:, 1])[:, None] + 1e-9
        perp = np.stack([-d[:, 1], d[:, 0]], axis=1) / nrm
        p = p + perp * (wobble * _noise1d(len(p), rng, 12.0 / step))[: len(p), None]
    return p


def _stroke(
    pts: np.ndarray, tool: Tool, hand: Hand, rng: np.random.Generator, ppm: float, *, press: float = 1.0
) -> Stroke:
    """Pressure and width along a path: ramps at both ends, a drift, and ballpoint skips."""
    n = len(pts)
    d = np.diff(pts, axis=0)
    arc = np.concatenate([[0.0], np.cumsum(np.hypot(d[:, 0], d[:, 1]))])
    total = max(arc[-1], 1e-6)
    ramp_in = np.clip(arc / (rng.uniform(0.4, 1.2) * ppm), 0, 1) ** 0.6
    ramp_out = np.clip((total - arc) / (rng.uniform(0.5, 2.0) * ppm), 0, 1) ** 0.7
    p = hand.pressure * press * (0.55 + 0.45 * ramp_in) * (0.45 + 0.55 * ramp_out)
    p = p * (1 + 0.12 * _noise1d(n, rng, max(2.0, 3 * ppm / max(total / n, 1e-3))))[:n]
    if tool.skips > 0:
        rate = tool.skips * (total / ppm / 10) * (1.25 - 0.5 * min(hand.pressure, 1.2))
        for _ in range(int(rng.poisson(max(rate, 0)))):
            c = rng.uniform(0, total)
            half = rng.uniform(0.15, 0.7) * ppm
            m = np.abs(arc - c) < half
            p[m] *= rng.uniform(0.0, 0.35)
    w0 = rng.uniform(*tool.width_mm) * ppm * hand.width
    if tool.kind in ("felt", "marker"):  # a felt tip gives ink at any pressure; pressing spreads the tip
        w = w0 * (0.8 + 0.25 * np.clip(p, 0, 1.3))
        p = 0.75 + 0.25 * p
    elif tool.kind == "pencil":
        w = w0 * (0.8 + 0.25 * np.clip(p, 0, 1.3))
    else:
        w = np.full(n, w0)
    return Stroke(pts, np.clip(p, 0, 1.3), w)


def _fit(strokes: list[Stroke], c: np.ndarray, lim: float) -> list[Stroke]:
    """Shrink any stroke that would reach past `lim` px from the centre `c`, towards the centre."""
    out = []
    for s in strokes:
        rr = np.hypot(*(s.pts - c).T) + s.width / 2
        m = float(rr.max())
        if m > lim:
            k = max(0.2, (lim - float(s.width.max()) / 2) / max(m - float(s.width.max()) / 2, 1e-6))
            s = Stroke(c + (s.pts - c) * k, s.press, s.width)
        out.append(s)
    return out


def _render(
    strokes: list[Stroke],
    shape: tuple[int, int],
    tool: Tool,
    rng: np.random.Generator,
    *,
    ss: int = SS,
    heavy: bool = False,
) -> np.ndarray:
    """Strokes → deposit map (float32, patch px; 1 ≈ one full layer of the tool's ink). `heavy`: layer
    on layer adds up without saturating (a scribble-out), rendered at `ss`× supersampling."""
    h, w = shape
    H, W = h * ss, w * ss
    acc: np.ndarray = np.zeros((H, W), np.float32)
    one = np.zeros((H, W), np.uint8)
    for s in strokes:
        layers: list[tuple[np.ndarray, np.ndarray, float, float]]
        if tool.kind == "ball":
            layers = [(s.pts, s.width, 0.7, 0.0), (s.pts, s.width * 0.4, 0.45, 0.0)]
        elif tool.kind == "pencil":
            d = np.gradient(s.pts, axis=0)
            nrm = np.hypot(d[:, 0], d[:, 1])[:, None] + 1e-9
            perp = np.stack([-d[:, 1], d[:, 0]], axis=1) / nrm
            layers = [(s.pts, s.width * 0.8, 0.55, 0.0)]
            for off in (-0.25, 0.25):  # streaks of the worn point along the stroke
                layers.append(
                    (s.pts + perp * (off * s.width)[:, None], s.width * 0.35, rng.uniform(0.25, 0.45), off)
                )
        else:
            layers = [(s.pts, s.width, 1.0, 0.0)]
        for pts, width, gain, _ in layers:
            one[:] = 0
            P = np.round(pts * ss * 16).astype(np.int32)
            # pressure in steps of ~4 %, whole supersampled px of width: draw each run of equal segments
            # as one polyline
            val = (np.clip(s.press * gain * 190, 0, 255) / 12).round().astype(np.int32) * 12
            th = np.maximum(1, np.round(width * ss)).astype(np.int32)
            key = (val * 256 + th)[:-1]
            cuts = np.flatnonzero(np.diff(key)) + 1
            for a, b in zip(np.concatenate([[0], cuts]), np.concatenate([cuts, [len(key)]]), strict=True):
                if val[a] < 3:
                    continue
                cv2.polylines(one, [P[a : b + 1]], False, int(val[a]), int(th[a]), cv2.LINE_AA, 4)
            acc += one.astype(np.float32) * (1 / 190)
    if ss > 1:
        acc = cv2.resize(acc, (w, h), interpolation=cv2.INTER_AREA)
    k = tool.sat
    if heavy:
        g = _grain(shape, rng, sigma=0.7)
        return (acc * (0.75 + 0.5 * g)).astype(np.float32)
    if tool.kind == "pencil":
        eff = 1 - np.exp(-1.3 * acc)
        g = _grain(shape, rng, sigma=0.55)
        cover = np.clip((g + 1.6 * eff - 0.9) / 0.6, 0, 1)
        dep: np.ndarray = eff * (0.3 + 0.7 * cover) * 1.3
    else:
        dep = (1 - np.exp(-k * acc)) / (1 - math.exp(-k))
        # ink soaks into fibres unevenly; felt and marker bleed a little at the edge
        dep *= 1 + 0.07 * _grain(shape, rng, sigma=1.2, centred=True)
        if tool.kind in ("felt", "marker"):
            dep = cv2.GaussianBlur(dep, (0, 0), 0.6)
    result: np.ndarray = np.clip(dep, 0, 1.6).astype(np.float32)
    return result


def _grain(
    shape: tuple[int, int], rng: np.random.Generator, sigma: float = 0.8, centred: bool = False
) -> np.ndarray:
    """Paper tooth: blurred noise mapped to 0…1 (or centred on 0 with unit-ish spread)."""
    noise = rng.standard_normal(shape, dtype=np.float32)
    z: np.ndarray = cv2.GaussianBlur(noise, (0, 0), sigma)
    z /= max(float(z.std()), 1e-6)
    if centred:
        return z
    result: np.ndarray = 0.5 * (1 + np.tanh(0.9 * z))
    return result


def _apply(
    img: np.ndarray,
    x0: int,
    y0: int,
    dep: np.ndarray,
    trans: tuple[float, float, float],
    body: tuple[float, float, float] | None = None,
) -> None:
    """Lay ink of transmittance `trans` and deposit `dep` onto img at (x0, y0), in place, clipped to the
    image: it multiplies onto paper and print (Beer–Lambert per channel). With `body`, the colour a thick
    layer shows by itself: layer on layer the ink hides what was printed under it."""
    h, w = dep.shape
    H, W = img.shape[:2]
    ax0, ay0, ax1, ay1 = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    if ax1 <= ax0 or ay1 <= ay0:
        return
    d = dep[ay0 - y0 : ay1 - y0, ax0 - x0 : ax1 - x0]
    lt = np.log(np.array(trans, np.float32))
    if img.ndim == 2:
        f = np.exp(d * float(lt.mean()))
        patch = img[ay0:ay1, ax0:ax1].astype(np.float32) * f
        if body is not None:
            hide = 1 - np.exp(-0.8 * d)
            patch = patch * (1 - hide) + float(np.mean(body)) * hide
        img[ay0:ay1, ax0:ax1] = np.clip(patch + 0.5, 0, 255).astype(np.uint8)
        return
    f = np.exp(d[:, :, None] * lt[None, None, :])
    patch = img[ay0:ay1, ax0:ax1, :3].astype(np.float32) * f
    if body is not None:  # a thick layer is opaque: it shows its own colour, whatever is under it
        hide = (1 - np.exp(-0.8 * d))[:, :, None]
        patch = patch * (1 - hide) + np.array(body, np.float32) * hide
    img[ay0:ay1, ax0:ax1, :3] = np.clip(patch + 0.5, 0, 255).astype(np.uint8)


# ---------------------------------------------------------------------------------------------- gestures


def _rot(a: float) -> np.ndarray:
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
    R = _rot(angle)
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


def _scrub(c: np.ndarray, reach: float, loop: float, laps: int, rng: np.random.Generator) -> np.ndarray:
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
        way = _scrub(self.cc, self.reach - self.wpx / 2, loop, laps, self.rng)
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


def _strokes_for(
    habit: str, c: np.ndarray, r: float, hand: Hand, tool: Tool, rng: np.random.Generator, ppm: float
) -> tuple[list[Stroke], str]:
    """The strokes of one mark of `habit` on the bubble at c (patch px) of radius r."""
    sloppy = 1 - hand.neatness
    wpx = float(np.mean(tool.width_mm)) * ppm * hand.width
    jit = 0.02 * r * (0.5 + sloppy)
    step = max(1.0, 0.09 * r)

    def path(way: np.ndarray, rnd: float = 0.05, wob: float = 0.025) -> np.ndarray:
        return _path(way, rng, jitter=jit, step=step, round_px=rnd * r, wobble=wob * r * (0.5 + sloppy))

    def stroke(pts: np.ndarray, press: float = 1.0) -> Stroke:
        return _stroke(pts, tool, hand, rng, ppm, press=press)

    off = rng.normal(0, 0.04 + 0.06 * sloppy, 2) * r  # where the player aims, not quite the centre
    cc = c + off
    fill_angle = hand.slant + rng.normal(0, 0.35) + (math.pi / 4 if rng.random() < 0.5 else -math.pi / 4)

    if habit in ("fill", "spill"):
        reach = r * (hand.extent if habit == hand.habit else (1.3 if habit == "spill" else 1.05))
        reach *= rng.uniform(0.95, 1.05)
        if habit == "spill":
            cc = c + rng.normal(0, 0.1, 2) * r
        kind = rng.choice(["zigzag", "spiral", "scrub"], p=[0.55, 0.2, 0.25])
        spacing = (
            wpx * rng.uniform(0.75, 1.15)
            if tool.kind in ("felt", "marker", "gel")
            else wpx * rng.uniform(0.9, 1.5)
        )
        spacing = max(spacing, 0.06 * r)
        fill = _Fill(cc, reach, fill_angle, spacing, wpx, r, tool, rng, sloppy, path, stroke)
        return fill.strokes(kind), ("spill" if habit == "spill" else f"fill-{kind}")

    if habit == "scribble":
        reach = r * rng.uniform(0.8, 1.12)
        if rng.random() < 0.5:
            loop = r * rng.uniform(0.22, 0.35)
            laps = int(rng.integers(7, 12))
            return [stroke(path(_scrub(cc, reach, loop, laps, rng), rnd=0.03))], "scribble-loops"
        spacing = max(wpx * rng.uniform(1.4, 2.4), 0.15 * r)
        way = _zigzag(
            cc, reach, fill_angle + rng.normal(0, 0.3), spacing, -reach * 0.8, reach * 0.8, rng, 1.0
        )
        return [stroke(path(way, rnd=0.08, wob=0.05))], "scribble-zigzag"

    if habit in ("tick", "cross"):
        size = hand.size * rng.uniform(0.85, 1.15) if hand.habit == habit else rng.uniform(0.6, 1.2)
        span = max(size, 0.5) * 2 * r
        ang = hand.slant + rng.normal(0, 0.25)
        R = _rot(ang)
        if habit == "tick":
            way = np.array([[-0.42, -0.08], [-0.12, 0.32], [0.5, -0.55]]) * span
            way[1] += rng.normal(0, 0.04, 2) * span
            way[2] *= rng.uniform(0.85, 1.1)
            pts = path(cc + way @ R.T, rnd=0.015, wob=0.02)
            strokes = [stroke(pts)]
        else:
            a = rng.uniform(0.6, 0.95)
            h1 = np.array([[-0.5, -0.5 * a], [0.5, 0.5 * a]]) * span / math.hypot(1, a) * 1.25
            h2 = np.array([[0.5, -0.5 * a], [-0.5, 0.5 * a]]) * span / math.hypot(1, a) * 1.25
            h1 *= rng.uniform(0.85, 1.1)
            h2 *= rng.uniform(0.85, 1.1)
            shift = rng.normal(0, 0.05, 2) * span
            strokes = [
                stroke(path(cc + h1 @ R.T, rnd=0.01, wob=0.03)),
                stroke(path(cc + shift + h2 @ R.T, rnd=0.01, wob=0.03)),
            ]
        return strokes, habit

    if habit == "half":
        reach = r * rng.uniform(0.95, 1.1)
        angle = rng.uniform(0, 2 * math.pi)
        spacing = max(wpx * rng.uniform(0.8, 1.3), 0.06 * r)
        if rng.random() < 0.6:
            lo, hi, style = -reach * 0.95, reach * rng.uniform(-0.05, 0.25), "half-side"
        else:
            b = reach * rng.uniform(0.38, 0.55)
            lo, hi, style = -b, b, "half-band"
        out = [stroke(path(_zigzag(cc, reach, angle, spacing, lo, hi, rng, sloppy)))]
        if tool.kind in ("ball", "pencil") and rng.random() < 0.5:
            out.append(stroke(path(_zigzag(cc, reach, angle + 0.5, spacing * 1.4, lo, hi, rng, sloppy))))
        return out, style

    if habit == "circle-then-fill":
        rho = r * rng.uniform(1.15, 1.4)
        th0 = rng.uniform(0, 2 * math.pi)
        sweep = 2 * math.pi * rng.uniform(1.05, 1.25) * (1 if rng.random() < 0.5 else -1)
        th = th0 + np.linspace(0, sweep, 60)
        ell = rng.uniform(0.88, 1.0)
        ring = (
            c + np.stack([rho * np.cos(th), ell * rho * np.sin(th)], axis=1) @ _rot(rng.uniform(0, math.pi)).T
        )
        out = [stroke(path(ring, rnd=0.02, wob=0.04))]
        inner, style = _strokes_for(
            "fill", c, r, replace(hand, extent=float(rng.uniform(0.85, 1.05))), tool, rng, ppm
        )
        return out + inner, "circle-then-" + style

    raise ValueError(f"unknown habit {habit!r}")


# ---------------------------------------------------------------------------------------------- the API


def _ppm(r: float, dpi: float | None) -> float:
    """Page pixels per millimetre: from the dpi when known, else from the bubble's printed size."""
    return dpi / 25.4 if dpi else r / BUBBLE_R_MM


def _frame(spot: Spot, reach: float) -> tuple[int, int, int, int, np.ndarray]:
    """The patch (x0, y0, w, h) around a spot big enough for `reach` × r, and the centre in patch px."""
    cx, cy, r = spot
    half = int(math.ceil(reach * r)) + 3
    x0, y0 = int(math.floor(cx)) - half, int(math.floor(cy)) - half
    return x0, y0, 2 * half + 1, 2 * half + 1, np.array([cx - x0, cy - y0])


def _disc_cover(dep: np.ndarray, c: np.ndarray, r: float) -> float:
    """Fraction of the bubble's disc holding a visible deposit."""
    yy, xx = np.mgrid[: dep.shape[0], : dep.shape[1]]
    inside = (xx - c[0]) ** 2 + (yy - c[1]) ** 2 <= r * r
    return float((dep[inside] > 0.25).mean())


def _limit_mask(shape: tuple[int, int], c: np.ndarray, lim: float) -> np.ndarray:
    """1 inside `lim` px of c, fading to 0 over a pixel and a half: the hard guarantee on a mark's reach."""
    yy, xx = np.mgrid[: shape[0], : shape[1]]
    d = np.hypot(xx - c[0], yy - c[1])
    result: np.ndarray = np.clip((lim - d) / 1.5, 0, 1).astype(np.float32)
    return result


def _pick_deposit(
    shape: tuple[int, int], c: np.ndarray, r: float, hand: Hand, rng: np.random.Generator, ppm: float
) -> tuple[np.ndarray, str]:
    """The deposit of one chosen bubble's mark, in patch px."""
    tool = TOOLS[hand.tool]
    habit = hand.habit
    if rng.random() < hand.wander:
        habit = str(rng.choice(WANDER[habit]))
    strokes, style = _strokes_for(habit, c, r, hand, tool, rng, ppm)
    lim = (LIMIT - 0.05) * r
    strokes = _fit(strokes, c, lim)
    dep = _render(strokes, shape, tool, rng)
    # the smallest marks still count: a tick or cross covering too little gets gone over again
    tries = 0
    floor = 0.2 if habit in ("tick", "cross") else 0.45
    while tries < 3 and _disc_cover(dep, c, r) < floor:
        tries += 1
        shift = rng.normal(0, 0.1 * r, 2) + (np.array([0.0, 1.0]) @ _rot(hand.slant).T) * 0.12 * r * tries
        grow = 1 + (0.12 * tries if habit in ("tick", "cross") else 0.0)  # bolder and a little bigger
        again = [
            Stroke(
                c + (s.pts - c) * grow + shift + rng.normal(0, 0.02 * r, s.pts.shape),
                np.minimum(s.press * (1 + 0.15 * tries), 1.3),
                s.width * (1 + 0.1 * tries),
            )
            for s in strokes
        ]
        dep = dep + _render(_fit(again, c, lim), shape, tool, rng)
        style = style if style.endswith("-retraced") else f"{style}-retraced"
    return dep * _limit_mask(shape, c, LIMIT * r), style


def draw_pick(
    img: np.ndarray, spot: Spot, hand: Hand, rng: np.random.Generator, *, dpi: float | None = None
) -> str:
    """Mark one chosen bubble in place (img uint8 H×W×3 or ×4, page px); returns the style drawn."""
    cx, cy, r = spot
    x0, y0, w, h, c = _frame(spot, LIMIT)
    dep, style = _pick_deposit((h, w), c, r, hand, rng, _ppm(r, dpi))
    _apply(img, x0, y0, dep, TOOLS[hand.tool].trans)
    return style


def draw_erasure(
    img: np.ndarray,
    spot: Spot,
    hand: Hand,
    rng: np.random.Generator,
    *,
    thorough: bool,
    dpi: float | None = None,
) -> str:
    """A pick the player drew and then rubbed out (pencil) or tried to take back (ink); returns the style.

    thorough: graphite residue, faint and spread into a flat grey smear wider than the bubble, the paper
    roughed up and the printed ring a little worn; ink gets an erasable pen's ghost or correction fluid.
    Not thorough: much of the mark is left, smeared; a person would hesitate.
    """
    cx, cy, r = spot
    tool = TOOLS[hand.tool]
    x0, y0, w, h, c = _frame(spot, LIMIT)
    shape = (h, w)
    ppm = _ppm(r, dpi)
    dep, _ = _pick_deposit(shape, c, r, hand, rng, ppm)
    lim = _limit_mask(shape, c, LIMIT * r)

    # where the eraser went: an ellipse along the rubbing direction, a little past the mark
    ang = rng.uniform(0, math.pi)
    ea, eb = r * rng.uniform(1.25, 1.55), r * rng.uniform(1.0, 1.3)
    yy, xx = np.mgrid[:h, :w]
    u = (xx - c[0]) * math.cos(ang) + (yy - c[1]) * math.sin(ang)
    v = -(xx - c[0]) * math.sin(ang) + (yy - c[1]) * math.cos(ang)
    foot = np.clip((1 - np.sqrt((u / ea) ** 2 + (v / eb) ** 2)) * 4, 0, 1).astype(np.float32) * lim

    if tool.kind != "pencil" and thorough:
        if rng.random() < 0.6:  # an erasable gel/ballpoint: the ink goes clear, a faint ghost stays
            _apply(img, x0, y0, dep * rng.uniform(0.05, 0.12), (0.55, 0.5, 0.6))
            _roughen(img, x0, y0, foot * 0.5, rng, wear=0.05)
            return "erasable-ghost"
        _apply(img, x0, y0, dep, tool.trans)  # the pick, then correction fluid over it
        yy, xx = np.mgrid[:h, :w]
        reach = float(np.hypot(xx - c[0], yy - c[1])[dep > 0.05].max(initial=r))
        _correction(img, x0, y0, c, r, min(reach * 1.05, LIMIT * r) / 1.08, rng, lim)
        return "correction-fluid"

    # smear: the eraser drags the deposit along its stroke; residue keeps a trace of the strokes
    k = int(r * 0.9) | 1
    kern: np.ndarray = np.zeros((k, k), np.float32)
    cv2.line(kern, (0, k // 2), (k - 1, k // 2), 1.0, 1)
    M = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), -math.degrees(ang), 1.0)
    kern = cv2.warpAffine(kern, M, (k, k))
    kernel: np.ndarray = kern / max(float(kern.sum()), 1e-6)
    spread = cv2.GaussianBlur(cv2.filter2D(dep, -1, kernel), (0, 0), r * 0.18)
    mott = 1 + 0.35 * _grain(shape, rng, sigma=2.5, centred=True)
    if thorough:
        trace, smear, style = rng.uniform(0.03, 0.06), rng.uniform(0.05, 0.1), "rubbed-out"
    else:
        trace, smear, style = rng.uniform(0.35, 0.55), rng.uniform(0.2, 0.3), "rubbed-half"
    if tool.kind != "pencil":
        style = "rubbed-ink"
    resid = (trace * dep + smear * spread) * np.clip(mott, 0.3, 1.8) * lim
    trans = tool.trans if tool.kind != "pencil" else (0.42, 0.42, 0.45)
    _apply(img, x0, y0, resid, trans)
    _roughen(img, x0, y0, foot, rng, wear=rng.uniform(0.08, 0.22))
    return style


def _roughen(
    img: np.ndarray, x0: int, y0: int, foot: np.ndarray, rng: np.random.Generator, *, wear: float
) -> None:
    """Eraser-scuffed paper inside `foot`: print worn a little towards the paper, a mottle of raised fibre
    and a faint grey of eraser dirt."""
    h, w = foot.shape
    H, W = img.shape[:2]
    ax0, ay0, ax1, ay1 = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    if ax1 <= ax0 or ay1 <= ay0:
        return
    f = foot[ay0 - y0 : ay1 - y0, ax0 - x0 : ax1 - x0]
    patch = img[ay0:ay1, ax0:ax1, :3].astype(np.float32)
    white = float(np.percentile(patch, 97))
    patch += (white - patch) * (wear * f)[:, :, None]
    g = _grain(f.shape, rng, sigma=1.3, centred=True)
    patch *= (1 - f * (0.012 + 0.012 * g))[:, :, None]
    img[ay0:ay1, ax0:ax1, :3] = np.clip(patch + 0.5, 0, 255).astype(np.uint8)


def _correction(
    img: np.ndarray,
    x0: int,
    y0: int,
    c: np.ndarray,
    r: float,
    reach: float,
    rng: np.random.Generator,
    lim: np.ndarray,
) -> None:
    """A dab of correction fluid over the bubble and what was drawn (out to `reach` px): off-white, lumpy,
    thin enough at its edge to let a little show through."""
    h, w = lim.shape
    yy, xx = np.mgrid[:h, :w]
    rad = max(r * rng.uniform(1.1, 1.3), reach)
    ang = np.arctan2(yy - c[1], xx - c[0])
    wob = 1 + 0.08 * np.sin(3 * ang + rng.uniform(0, 6)) + 0.05 * np.sin(5 * ang + rng.uniform(0, 6))
    d = np.hypot(xx - c[0], yy - c[1]) / (rad * wob)
    cover = (np.clip((1 - d) * 6, 0, 1) * rng.uniform(0.85, 0.95) * lim).astype(np.float32)
    H, W = img.shape[:2]
    ax0, ay0, ax1, ay1 = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    if ax1 <= ax0 or ay1 <= ay0:
        return
    cv_ = cover[ay0 - y0 : ay1 - y0, ax0 - x0 : ax1 - x0]
    patch = img[ay0:ay1, ax0:ax1, :3].astype(np.float32)
    tint = (
        np.array([250, 250, 246], np.float32)
        * (1 + 0.012 * _grain(cv_.shape, rng, sigma=2.0, centred=True))[:, :, None]
    )
    edge = np.clip(1 - np.abs(cv_ - 0.5) * 2, 0, 1) * 0.06  # the raised rim catches a shadow
    patch = patch * (1 - cv_[:, :, None]) + tint * cv_[:, :, None]
    patch *= (1 - edge)[:, :, None]
    img[ay0:ay1, ax0:ax1, :3] = np.clip(patch + 0.5, 0, 255).astype(np.uint8)


def scribble_over(
    img: np.ndarray, box: Box, hand: Hand, rng: np.random.Generator, *, dpi: float | None = None
) -> None:
    """Scribble heavily over a box (a card's QR code), in place: pass after pass of back-and-forth strokes
    in different directions and tight loops over the three finder squares, until the ink (or graphite)
    lies thick enough to hide the print under it, with only random specks of paper left: no QR reader
    can decode what is left."""
    tool = TOOLS[hand.tool]
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    pad = int(0.1 * min(x1 - x0, y1 - y0)) + 4
    bw, bh = x1 - x0 + 2 * pad, y1 - y0 + 2 * pad
    side = min(x1 - x0, y1 - y0)
    ppm = dpi / 25.4 if dpi else side / 35.0  # a printed QR is about 35 mm
    strong = replace(hand, pressure=max(hand.pressure, 1.05), width=max(hand.width, 1.0))
    wpx = float(np.mean(tool.width_mm)) * ppm * strong.width
    c = np.array([bw / 2, bh / 2])
    half = np.array([(x1 - x0) / 2, (y1 - y0) / 2])
    diag = float(np.hypot(*half))
    R0 = rng.uniform(0, math.pi)
    strokes = []
    passes = int(rng.integers(4, 7))
    for i in range(passes):
        R = _rot(R0 + i * math.pi / passes + rng.normal(0, 0.15))
        spacing = max(wpx * rng.uniform(0.9, 1.5), 2.5)
        ts = np.arange(-diag, diag, spacing) + rng.uniform(0, spacing)
        e = diag * 1.1
        way = []
        for j, t in enumerate(ts):
            a, b = np.array([-e, t]) @ R.T, np.array([e, t]) @ R.T
            # clip the line to the box, then let the hand overshoot (or stop short of) the edge a little
            lo, hi = np.clip(a, -half, half), np.clip(b, -half, half)
            if np.hypot(*(lo - hi)) < 1:
                continue
            u = (hi - lo) / np.hypot(*(hi - lo))
            lo = lo - u * side * rng.uniform(-0.02, 0.035)
            hi = hi + u * side * rng.uniform(-0.02, 0.035)
            way.extend([lo, hi] if j % 2 == 0 else [hi, lo])
        step = max(4.0, spacing * 1.5)
        pts = _path(
            c + np.array(way),
            rng,
            jitter=spacing * 0.25,
            step=step,
            round_px=spacing * 0.7,
            wobble=spacing * 0.4,
        )
        strokes.append(_stroke(pts, tool, strong, rng, ppm))
    for fx, fy in ((-1, -1), (1, -1), (-1, 1)):  # the finder squares, scrubbed over and over
        fc = c + np.array([fx, fy]) * (half - side * 0.12)
        scrubbed = _scrub(fc, side * 0.17, max(side * 0.04, wpx), 20, rng)
        pts = _path(scrubbed, rng, jitter=0.5, step=3.0, round_px=1.0, wobble=1.0)
        strokes.append(_stroke(pts, tool, strong, rng, ppm, press=1.2))
    dep = _render(strokes, (bh, bw), tool, rng, ss=1, heavy=True)
    dep = cv2.GaussianBlur(dep, (0, 0), 0.7)
    thick = 1.4 if tool.kind == "pencil" else 2.5  # what a thick layer looks like by itself
    body = tuple(255 * t**thick for t in tool.trans)
    _apply(img, x0 - pad, y0 - pad, dep, tool.trans, body)
