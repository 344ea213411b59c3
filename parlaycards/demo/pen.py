"""The synthetic players' marks (see `demo.marks`): solid, scribbled, ticked, crossed, pencil, half
filled, an erased smudge, a stray line, a faint dab, drawn in place on a page around one bubble."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

COUNTS = frozenset({"solid", "scribble", "tick", "cross", "pencil", "partial"})
NOT_COUNTING = frozenset({"erased", "stray"})
DOUBTFUL = frozenset({"faint"})
INKS = {
    "black": (28, 28, 36),
    "blue": (32, 52, 150),
    "grey": (62, 62, 68),
}  # RGB of a full stroke: pen, graphite
PENCIL_STYLES = ("pencil", "erased", "faint")
SUB = 8  # OpenCV drawing at 1/8 pixel (shift=3)

# ---------------------------------------------------------------------------------------------- marks


def _ink(img: np.ndarray, x0: int, y0: int, mask: np.ndarray, colour: str) -> None:
    """Multiply ink onto the paper through `mask` (alpha 0–1 at (x0, y0)): ink over a printed ring darkens it."""
    h, w = mask.shape
    part = img[y0 : y0 + h, x0 : x0 + w, :3]
    tint = np.array(INKS[colour], np.float32) / 255
    a = np.clip(mask[: part.shape[0], : part.shape[1], None], 0, 1)
    part[:] = np.clip(part * (1 - a * (1 - tint)) + 0.5, 0, 255).astype(np.uint8)


def _pts(points: Sequence[tuple[float, float]] | np.ndarray) -> np.ndarray:
    return np.round(np.asarray(points, np.float64) * SUB).astype(np.int32)


def _stroke(
    mask: np.ndarray, points: Sequence[tuple[float, float]] | np.ndarray, width: float, closed: bool = False
) -> None:
    """An anti-aliased pen stroke through `points` (mask px)."""
    cv2.polylines(mask, [_pts(points)], closed, 1.0, max(1, round(width)), cv2.LINE_AA, 3)


def _bent(
    a: tuple[float, float], b: tuple[float, float], bow: float, n: int = 12
) -> list[tuple[float, float]]:
    """A slightly curved stroke from a to b: its middle pushed sideways by `bow` px."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay) or 1.0
    nx, ny = -(by - ay) / length, (bx - ax) / length
    return [
        (ax + (bx - ax) * t + nx * bow * 4 * t * (1 - t), ay + (by - ay) * t + ny * bow * 4 * t * (1 - t))
        for t in np.linspace(0, 1, n)
    ]


def _blob(cx: float, cy: float, radius: float, rng: np.random.Generator, wobble: float = 0.06) -> np.ndarray:
    """An irregular closed outline around (cx, cy): a hand-drawn fill's edge."""
    a = np.linspace(0, 2 * math.pi, 40, endpoint=False)
    rr = radius * (
        1 + sum(rng.normal(0, wobble / k) * np.cos(k * a + rng.uniform(0, 2 * math.pi)) for k in (2, 3, 5))
    )
    return np.stack([cx + rr * np.cos(a), cy + rr * np.sin(a)], axis=1)


def _zigzag(x: float, y: float, radius: float, passes: int, rng: np.random.Generator) -> np.ndarray:
    """A hand's back-and-forth over a disc: `passes` strokes at a random slant, turns rounded."""
    a = rng.uniform(-0.6, 0.6) + (math.pi / 2 if rng.random() < 0.3 else 0)
    ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    pts = []
    for i in range(passes):
        t = (-0.85 + 1.7 * i / max(passes - 1, 1)) * radius + rng.normal(0, 0.04 * radius)
        half = math.sqrt(max(0.0, radius * radius - t * t)) * rng.uniform(0.85, 1.12)
        side = 1 if i % 2 else -1
        pts.append((x + vx * t + side * ux * half, y + vy * t + side * uy * half))
    line = np.array(pts)
    for _ in range(2):  # Chaikin: cut each corner, twice
        q = 0.75 * line[:-1] + 0.25 * line[1:]
        r = 0.25 * line[:-1] + 0.75 * line[1:]
        line = np.concatenate([line[:1], np.stack([q, r], axis=1).reshape(-1, 2), line[-1:]])
    return line


def _grain(shape: tuple[int, int], rng: np.random.Generator, size: float) -> np.ndarray:
    """Paper-tooth noise, mean ~1, blurred to `size` px: what makes graphite grainy."""
    noise = rng.standard_normal(shape, dtype=np.float32)
    g: np.ndarray = cv2.GaussianBlur(noise, (0, 0), max(size, 0.3))
    out: np.ndarray = g / (g.std() + 1e-6)
    return out


def _cap_share(t: float) -> float:
    """Share of a unit disc with x ≤ t."""
    t = min(max(t, -1.0), 1.0)
    return 1 - (math.acos(t) - t * math.sqrt(1 - t * t)) / math.pi


def _stray(
    mask: np.ndarray,
    cx: float,
    cy: float,
    r: float,
    width: float,
    mm: float,
    rng: np.random.Generator,
    keep_clear: Sequence[tuple[float, float, float, float]],
) -> None:
    """A pen line passing beside the bubble: ≥ 0.5 mm clear of its ring and of every `keep_clear` box."""
    for attempt in range(200):  # mostly straight up or across, as pen lines beside a column of bubbles run
        side = rng.choice([0, 0.5, 1, 1.5]) * math.pi + rng.normal(
            0, 0.3
        )  # where it passes, seen from the centre
        gap = r + rng.uniform(0.55, 1.1) * mm + width / 2 + 2  # centre of the bubble to the line's centre
        along = side + math.pi / 2 + rng.normal(0, 0.1)
        half = r * rng.uniform(1.2, 1.9) * (1 - attempt / 300)  # shorter, after many tries
        mx, my = cx + gap * math.cos(side), cy + gap * math.sin(side)
        a = (mx - half * math.cos(along), my - half * math.sin(along))
        b = (mx + half * math.cos(along), my + half * math.sin(along))
        pts = np.array(_bent(a, b, rng.normal(0, 0.08 * r), 24))
        edge = width / 2 + 2  # the ink's edge: half the pen, its anti-aliasing and bleed
        near = np.hypot(pts[:, 0] - cx, pts[:, 1] - cy).min() - edge
        clear = all(
            np.hypot(
                np.maximum(np.maximum(x0 - pts[:, 0], pts[:, 0] - x1), 0),
                np.maximum(np.maximum(y0 - pts[:, 1], pts[:, 1] - y1), 0),
            ).min()
            - edge
            >= 0.5 * mm
            for x0, y0, x1, y1 in keep_clear
        )
        if near >= r + 0.5 * mm and clear:
            _stroke(mask, pts, width)
            return
    raise ValueError(f"no room for a stray line beside the bubble at ({cx:.0f}, {cy:.0f})")


def draw_mark(
    img: np.ndarray,
    cx: float,
    cy: float,
    r: float,
    style: str,
    colour: str,
    rng: np.random.Generator,
    *,
    px_mm: float | None = None,
    keep_clear: Sequence[tuple[float, float, float, float]] = (),
) -> None:
    """Draw one mark of `style` on the bubble at (cx, cy), radius `r` px, in place.

    `colour` is "black" or "blue" for pen; pencil, erased and faint marks are graphite whatever it says.
    `px_mm`: pixels a millimetre (default: from the bubble, 2.02 mm of radius). `keep_clear`: boxes
    (x0, y0, x1, y1) px a stray line must stay 0.5 mm away from (the card's other bubbles, its QR).
    """
    draw = _STYLES.get(style)
    if draw is None:
        raise ValueError(f"unknown mark style {style!r}; known: {sorted(COUNTS | NOT_COUNTING | DOUBTFUL)}")
    mm = px_mm or r / 2.02
    pad = int(r * 3 + 4 * mm)
    x0, y0 = max(0, int(cx) - pad), max(0, int(cy) - pad)
    mask = np.zeros(
        (min(img.shape[0], int(cy) + pad) - y0, min(img.shape[1], int(cx) + pad) - x0), np.float32
    )
    x, y = cx - x0 + rng.normal(0, 0.05 * r), cy - y0 + rng.normal(0, 0.05 * r)  # the hand is never centred
    pen = 0.5 * mm * rng.uniform(0.8, 1.25)
    ink = "grey" if style in PENCIL_STYLES else colour
    strength = rng.uniform(0.88, 0.97)  # a ballpoint line is not quite opaque
    shifted = [(a - x0, b - y0, c - x0, d - y0) for a, b, c, d in keep_clear]
    dab = _Dab(mask, x, y, r, mm, pen, rng, (cx - x0, cy - y0), shifted)
    strength = draw(dab) or strength
    mask = dab.mask
    if (
        ink != "grey"
    ):  # ballpoint: a slight unevenness along the line, and the ink bleeds a hair into the paper
        mask = cv2.GaussianBlur(mask, (0, 0), 0.07 * mm) * (
            1 - 0.08 * np.clip(_grain(mask.shape, rng, mm), 0, 2)
        )
    _ink(img, x0, y0, mask * strength, ink)


@dataclass
class _Dab:
    """One mark being drawn: its mask (patch px, replaced by styles that blur or shade it), the hand's
    centre (x, y), the bubble's radius, pixels a millimetre, the pen's width, the randomness, the bubble's
    true centre and the boxes a stray line keeps clear of (patch px)."""

    mask: np.ndarray
    x: float
    y: float
    r: float
    mm: float
    pen: float
    rng: np.random.Generator
    centre: tuple[float, float]
    keep_clear: list[tuple[float, float, float, float]]

    @property
    def inner(self) -> float:
        """Inside the printed ring."""
        return self.r - 0.3 * self.mm


def _solid(d: _Dab) -> float | None:
    x, y, r, rng, mask = d.x, d.y, d.r, d.rng, d.mask
    cv2.fillPoly(mask, [_pts(_blob(x, y, r * rng.uniform(0.88, 1.02), rng))], 1.0, cv2.LINE_AA, 3)
    _stroke(
        mask, _blob(x, y, r * rng.uniform(0.8, 0.98), rng, 0.1)[::2], d.pen, closed=True
    )  # round and round
    mask *= np.clip(1 - 0.25 * np.maximum(_grain(mask.shape, rng, 0.8 * d.mm) - 1.6, 0), 0, 1)  # a few skips
    return None


def _scribble(d: _Dab) -> float | None:
    """Back and forth across the bubble, rounded at the turns."""
    rng = d.rng
    _stroke(d.mask, _zigzag(d.x, d.y, d.inner, int(rng.integers(7, 11)), rng), d.pen * rng.uniform(1.1, 1.4))
    return None


def _tick(d: _Dab) -> float | None:
    x, y, r, rng = d.x, d.y, d.r, d.rng
    rot, s = rng.normal(0, 0.2), r * rng.uniform(0.9, 1.2)
    shape = [
        (-0.65, -0.05 + rng.normal(0, 0.1)),
        (-0.12, 0.6),
        (0.85 * rng.uniform(0.95, 1.3), -1.05 * rng.uniform(0.9, 1.25)),
    ]
    p = [
        (x + s * (u * math.cos(rot) - v * math.sin(rot)), y + s * (u * math.sin(rot) + v * math.cos(rot)))
        for u, v in shape
    ]
    _stroke(
        d.mask, _bent(p[0], p[1], rng.normal(0, 0.05 * r)) + _bent(p[1], p[2], rng.normal(0, 0.12 * r)), d.pen
    )
    return None


def _cross(d: _Dab) -> float | None:
    x, y, r, rng = d.x, d.y, d.r, d.rng
    for a in (math.pi / 4, 3 * math.pi / 4):
        a += rng.normal(0, 0.12)
        e1, e2 = r * rng.uniform(0.75, 1.12), r * rng.uniform(0.75, 1.12)
        ends = ((x - e1 * math.cos(a), y - e1 * math.sin(a)), (x + e2 * math.cos(a), y + e2 * math.sin(a)))
        _stroke(d.mask, _bent(*ends, rng.normal(0, 0.08 * r)), d.pen)
    return None


def _pencil(d: _Dab) -> float | None:
    """HB graphite: dense strokes on the paper's tooth, 0.45–0.65 of white on average."""
    x, y, rng, mm = d.x, d.y, d.rng, d.mm
    _stroke(d.mask, _zigzag(x, y, d.inner * 1.05, int(rng.integers(12, 18)), rng), 0.45 * mm)
    if rng.random() < 0.5:
        _stroke(d.mask, _zigzag(x, y, d.inner * 0.95, int(rng.integers(8, 14)), rng), 0.45 * mm)
    tooth = np.clip(0.85 + 0.2 * _grain(d.mask.shape, rng, 0.04 * mm), 0.3, 1.2)
    mask = cv2.GaussianBlur(d.mask, (0, 0), 0.1 * mm) * tooth
    want = (1 - rng.uniform(0.45, 0.65)) / (1 - INKS["grey"][0] / 255)  # mean alpha over the fill
    inside = mask > 0.05
    mask *= want / max(float(mask[inside].mean()), 1e-3) if inside.any() else 0
    d.mask = mask
    return 1.0


def _partial(d: _Dab) -> float | None:
    """55–80 % of the inside, cut off along a wavering chord in any direction."""
    x, y, r, rng, mask, inner = d.x, d.y, d.r, d.rng, d.mask, d.inner
    share = rng.uniform(0.55, 0.8)
    lo, hi = -1.0, 1.0
    for _ in range(30):
        t = (lo + hi) / 2
        lo, hi = (t, hi) if _cap_share(t) < share else (lo, t)
    cv2.fillPoly(mask, [_pts(_blob(x, y, inner * 1.02, rng, 0.04))], 1.0, cv2.LINE_AA, 3)
    a, phase = rng.uniform(0, 2 * math.pi), rng.uniform(0, 2 * math.pi)
    yy, xx = np.mgrid[0 : mask.shape[0], 0 : mask.shape[1]].astype(np.float32)
    along = (xx - x) * math.cos(a) + (yy - y) * math.sin(a)
    across = (yy - y) * math.cos(a) - (xx - x) * math.sin(a)
    mask *= np.clip(t * inner + 0.05 * r * np.sin(3 * across / r + phase) - along + 0.5, 0, 1)
    return None


def _erased(d: _Dab) -> float | None:
    """The ghost an eraser leaves of a pencil fill: faint, patchy, a little smeared."""
    rng, mm = d.rng, d.mm
    cv2.fillPoly(d.mask, [_pts(_blob(d.x, d.y, d.r * rng.uniform(0.9, 1.1), rng, 0.1))], 1.0, cv2.LINE_AA, 3)
    mask = cv2.GaussianBlur(d.mask, (0, 0), 0.4 * mm)
    mask *= np.clip(rng.uniform(0.04, 0.07) * (1 + 0.5 * _grain(mask.shape, rng, 0.5 * mm)), 0, 0.14)
    d.mask = mask
    return 1.0


def _stray_line(d: _Dab) -> float | None:
    _stray(d.mask, d.centre[0], d.centre[1], d.r, d.pen, d.mm, d.rng, d.keep_clear)
    return None


def _faint(d: _Dab) -> float | None:
    """A small light dab, off centre: neither filled nor empty."""
    rng, r = d.rng, d.r
    a, off = rng.uniform(0, 2 * math.pi), rng.uniform(0, 0.2 * r)
    blob = _blob(d.x + off * math.cos(a), d.y + off * math.sin(a), r * rng.uniform(0.4, 0.46), rng, 0.1)
    cv2.fillPoly(d.mask, [_pts(blob)], 1.0, cv2.LINE_AA, 3)
    d.mask *= np.clip(rng.uniform(0.35, 0.41) * (1 + 0.15 * _grain(d.mask.shape, rng, 0.35 * d.mm)), 0, 1)
    return 1.0


# each style draws into the dab's mask; a style that sets its own strength returns it
_STYLES: dict[str, Callable[[_Dab], float | None]] = {
    "solid": _solid,
    "scribble": _scribble,
    "tick": _tick,
    "cross": _cross,
    "pencil": _pencil,
    "partial": _partial,
    "erased": _erased,
    "stray": _stray_line,
    "faint": _faint,
}
