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
from dataclasses import replace

import cv2
import numpy as np

from .gestures import rotation, scrub_path, strokes_for
from .hand import BUBBLE_R_MM, LIMIT, TOOLS, WANDER, Box, Hand, Spot, Tool
from .pen import Stroke, apply_ink, fit_strokes, on_page, paper_grain, pen_path, pen_stroke, render_strokes

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
    strokes, style = strokes_for(habit, c, r, hand, tool, rng, ppm)
    lim = (LIMIT - 0.05) * r
    strokes = fit_strokes(strokes, c, lim)
    dep = render_strokes(strokes, shape, tool, rng)
    # the smallest marks still count: a tick or cross covering too little gets gone over again
    tries = 0
    floor = 0.2 if habit in ("tick", "cross") else 0.45
    while tries < 3 and _disc_cover(dep, c, r) < floor:
        tries += 1
        shift = rng.normal(0, 0.1 * r, 2) + (np.array([0.0, 1.0]) @ rotation(hand.slant).T) * 0.12 * r * tries
        grow = 1 + (0.12 * tries if habit in ("tick", "cross") else 0.0)  # bolder and a little bigger
        again = [
            Stroke(
                c + (s.pts - c) * grow + shift + rng.normal(0, 0.02 * r, s.pts.shape),
                np.minimum(s.press * (1 + 0.15 * tries), 1.3),
                s.width * (1 + 0.1 * tries),
            )
            for s in strokes
        ]
        dep = dep + render_strokes(fit_strokes(again, c, lim), shape, tool, rng)
        style = style if style.endswith("-retraced") else f"{style}-retraced"
    return dep * _limit_mask(shape, c, LIMIT * r), style


def draw_pick(
    img: np.ndarray, spot: Spot, hand: Hand, rng: np.random.Generator, *, dpi: float | None = None
) -> str:
    """Mark one chosen bubble in place (img uint8 H×W×3 or ×4, page px); returns the style drawn."""
    cx, cy, r = spot
    x0, y0, w, h, c = _frame(spot, LIMIT)
    dep, style = _pick_deposit((h, w), c, r, hand, rng, _ppm(r, dpi))
    apply_ink(img, x0, y0, dep, TOOLS[hand.tool].trans)
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
    rub = _Rub(img, x0, y0, c, r, dep, lim, rng)
    if tool.kind != "pencil" and thorough:
        return rub.taken_back(tool)
    # smear: the eraser drags the deposit along its stroke; residue keeps a trace of the strokes
    k = int(r * 0.9) | 1
    kern: np.ndarray = np.zeros((k, k), np.float32)
    cv2.line(kern, (0, k // 2), (k - 1, k // 2), 1.0, 1)
    M = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), -math.degrees(rub.angle), 1.0)
    kern = cv2.warpAffine(kern, M, (k, k))
    kernel: np.ndarray = kern / max(float(kern.sum()), 1e-6)
    spread = cv2.GaussianBlur(cv2.filter2D(dep, -1, kernel), (0, 0), r * 0.18)
    mott = 1 + 0.35 * paper_grain(shape, rng, sigma=2.5, centred=True)
    if thorough:
        trace, smear, style = rng.uniform(0.03, 0.06), rng.uniform(0.05, 0.1), "rubbed-out"
    else:
        trace, smear, style = rng.uniform(0.35, 0.55), rng.uniform(0.2, 0.3), "rubbed-half"
    if tool.kind != "pencil":
        style = "rubbed-ink"
    resid = (trace * dep + smear * spread) * np.clip(mott, 0.3, 1.8) * lim
    trans = tool.trans if tool.kind != "pencil" else (0.42, 0.42, 0.45)
    apply_ink(img, x0, y0, resid, trans)
    _roughen(img, x0, y0, rub.foot, rng, wear=rng.uniform(0.08, 0.22))
    return style


class _Rub:
    """Where the eraser went over a pick's deposit `dep` (patch at x0, y0; bubble at c, radius r): an
    ellipse along the rubbing direction `angle`, a little past the mark (`foot`, within `lim`)."""

    def __init__(
        self,
        img: np.ndarray,
        x0: int,
        y0: int,
        c: np.ndarray,
        r: float,
        dep: np.ndarray,
        lim: np.ndarray,
        rng: np.random.Generator,
    ):
        self.img, self.x0, self.y0, self.c, self.r, self.dep, self.lim, self.rng = (
            img,
            x0,
            y0,
            c,
            r,
            dep,
            lim,
            rng,
        )
        h, w = dep.shape
        self.angle = ang = rng.uniform(0, math.pi)
        ea, eb = r * rng.uniform(1.25, 1.55), r * rng.uniform(1.0, 1.3)
        yy, xx = np.mgrid[:h, :w]
        u = (xx - c[0]) * math.cos(ang) + (yy - c[1]) * math.sin(ang)
        v = -(xx - c[0]) * math.sin(ang) + (yy - c[1]) * math.cos(ang)
        self.foot = np.clip((1 - np.sqrt((u / ea) ** 2 + (v / eb) ** 2)) * 4, 0, 1).astype(np.float32) * lim

    def taken_back(self, tool: Tool) -> str:
        """Ink taken back with care: an erasable pen's ghost, or the pick under correction fluid."""
        img, x0, y0, c, r, dep, rng = self.img, self.x0, self.y0, self.c, self.r, self.dep, self.rng
        if rng.random() < 0.6:  # an erasable gel/ballpoint: the ink goes clear, a faint ghost stays
            apply_ink(img, x0, y0, dep * rng.uniform(0.05, 0.12), (0.55, 0.5, 0.6))
            _roughen(img, x0, y0, self.foot * 0.5, rng, wear=0.05)
            return "erasable-ghost"
        apply_ink(img, x0, y0, dep, tool.trans)  # the pick, then correction fluid over it
        h, w = dep.shape
        yy, xx = np.mgrid[:h, :w]
        reach = float(np.hypot(xx - c[0], yy - c[1])[dep > 0.05].max(initial=r))
        _correction(img, x0, y0, c, r, min(reach * 1.05, LIMIT * r) / 1.08, rng, self.lim)
        return "correction-fluid"


def _roughen(
    img: np.ndarray, x0: int, y0: int, foot: np.ndarray, rng: np.random.Generator, *, wear: float
) -> None:
    """Eraser-scuffed paper inside `foot`: print worn a little towards the paper, a mottle of raised fibre
    and a faint grey of eraser dirt."""
    h, w = foot.shape
    box = on_page(img, x0, y0, h, w)
    if box is None:
        return
    f = foot[box.local]
    patch = img[box.rgb].astype(np.float32)
    white = float(np.percentile(patch, 97))
    patch += (white - patch) * (wear * f)[:, :, None]
    g = paper_grain(f.shape, rng, sigma=1.3, centred=True)
    patch *= (1 - f * (0.012 + 0.012 * g))[:, :, None]
    img[box.rgb] = np.clip(patch + 0.5, 0, 255).astype(np.uint8)


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
    box = on_page(img, x0, y0, h, w)
    if box is None:
        return
    cv_ = cover[box.local]
    patch = img[box.rgb].astype(np.float32)
    tint = (
        np.array([250, 250, 246], np.float32)
        * (1 + 0.012 * paper_grain(cv_.shape, rng, sigma=2.0, centred=True))[:, :, None]
    )
    edge = np.clip(1 - np.abs(cv_ - 0.5) * 2, 0, 1) * 0.06  # the raised rim catches a shadow
    patch = patch * (1 - cv_[:, :, None]) + tint * cv_[:, :, None]
    patch *= (1 - edge)[:, :, None]
    img[box.rgb] = np.clip(patch + 0.5, 0, 255).astype(np.uint8)


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
        R = rotation(R0 + i * math.pi / passes + rng.normal(0, 0.15))
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
        pts = pen_path(
            c + np.array(way),
            rng,
            jitter=spacing * 0.25,
            step=step,
            round_px=spacing * 0.7,
            wobble=spacing * 0.4,
        )
        strokes.append(pen_stroke(pts, tool, strong, rng, ppm))
    for fx, fy in ((-1, -1), (1, -1), (-1, 1)):  # the finder squares, scrubbed over and over
        fc = c + np.array([fx, fy]) * (half - side * 0.12)
        scrubbed = scrub_path(fc, side * 0.17, max(side * 0.04, wpx), 20, rng)
        pts = pen_path(scrubbed, rng, jitter=0.5, step=3.0, round_px=1.0, wobble=1.0)
        strokes.append(pen_stroke(pts, tool, strong, rng, ppm, press=1.2))
    dep = render_strokes(strokes, (bh, bw), tool, rng, ss=1, heavy=True)
    dep = cv2.GaussianBlur(dep, (0, 0), 0.7)
    thick = 1.4 if tool.kind == "pencil" else 2.5  # what a thick layer looks like by itself
    body = tuple(255 * t**thick for t in tool.trans)
    apply_ink(img, x0 - pad, y0 - pad, dep, tool.trans, body)
