"""Find the cards on a page image by their four corner marks: three solid squares and one L.

A page may hold a whole sheet or one torn-off card, turned any way, on a light or dark bed, lit
unevenly. The page is shrunk to a working size, its lighting flattened (each pixel over the
brightest paper around it), and dark blobs are sorted by what they look like on a 4×4 grid: a
square is dark in every cell; the L is dark everywhere but one 2×2 quarter; a filled bubble, a QR
finder pattern or a scribble is neither. Marks are then grouped four at a time into quadrilaterals
with the proportions of a printed card (the templates say which proportions exist), the L first
and the others clockwise: that order is the card's own, however the page was turned.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from .quads import Mark, Quad, Shape, group, partial

WORK = 1100  # the working image's longer side, in pixels: a corner mark is then 15–40 px across


def working(grey: np.ndarray, long_side: int = WORK) -> tuple[np.ndarray, float]:
    """The page shrunk so that its longer side is about `long_side` (never enlarged), and the factor."""
    h, w = grey.shape
    n = -(-max(h, w) // round(long_side * 1.2))  # a whole factor: OpenCV's fast path
    if n <= 1:
        return grey, 1.0
    whole = grey[: h - h % n, : w - w % n]  # sides a whole multiple of n: OpenCV's fast path (20× faster)
    return cv2.resize(whole, (w // n, h // n), interpolation=cv2.INTER_AREA), 1.0 / n


def ink(grey: np.ndarray, window: int, level: float = 0.55, closed: bool = False) -> np.ndarray:
    """Dark-on-paper mask (255 = ink): each pixel against the paper's brightness near it, found on a
    quarter-size copy: the brightest paper within `window` px, softened; or, `closed`, the page closed
    by a square of `window` px (print and ink vanish, a hard shadow's edge stays where it falls)."""
    h, w = grey.shape
    whole = grey[: max(4, h - h % 4), : max(4, w - w % 4)]  # a whole multiple of 4: OpenCV's fast path
    small = cv2.resize(whole, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    n = max(3, window // 4) | 1
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (n, n))
    light = cv2.morphologyEx(small, cv2.MORPH_CLOSE, k) if closed else cv2.blur(cv2.dilate(small, k), (n, n))
    paper = cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR)
    threshold = cv2.convertScaleAbs(paper, alpha=level)
    return cv2.compare(grey, threshold, cv2.CMP_LT)


def components(mask: np.ndarray) -> np.ndarray:
    """The 8-connected blobs of a mask: one row of stats (x, y, w, h, area) per blob, the background
    first. Labelled in 16 bits (twice as fast) unless the mask holds more blobs than 16 bits can count."""
    try:
        return cv2.connectedComponentsWithStatsWithAlgorithm(mask, 8, cv2.CV_16U, cv2.CCL_DEFAULT)[2]
    except cv2.error:  # more than 65,535 blobs: a page of noise
        return cv2.connectedComponentsWithStats(mask, connectivity=8)[2]


def _classify(mask: np.ndarray, box: tuple[Sequence[float], Sequence[float], float]) -> str | None:
    """ "square", "L" or None for one blob, from its min-area rectangle sampled on a 4×4 grid."""
    (cx, cy), (bw, bh), angle = box
    pts = cv2.boxPoints(((cx, cy), (bw * 0.88, bh * 0.88), angle)).astype(np.float32)  # ragged edges left out
    n = 16
    dst = np.array([[0, 0], [n, 0], [n, n], [0, n]], dtype=np.float32)
    # boxPoints order is consistent around the rectangle; any start corner will do for the grid
    m = cv2.getPerspectiveTransform(pts, dst)
    patch = cv2.warpPerspective(mask, m, (n, n))
    cells = cv2.resize(patch, (4, 4), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    if cells.min() >= 0.6:
        return "square"
    quarters = cv2.resize(cells, (2, 2), interpolation=cv2.INTER_AREA)
    light = quarters <= 0.4  # a small, blurred L seen at an angle leaves its missing quarter partly grey
    if light.sum() != 1:
        return None
    return "L" if quarters[~light].min() >= 0.8 else None


def find_marks(grey: np.ndarray) -> tuple[list[Mark], float]:
    """Every corner mark on a page (full-size pixel coordinates) and the working factor used."""
    marks, f, _ = _find(grey)
    return marks, f


def _find(
    grey: np.ndarray, long_side: int = WORK, closed: bool = False
) -> tuple[list[Mark], float, np.ndarray]:
    small, f = working(grey, long_side)
    mask = ink(small, round(45 * long_side / WORK), closed=closed)
    stats = components(mask)
    sw, sh, sa = stats[:, 2], stats[:, 3], stats[:, 4]
    big = 90 * long_side / WORK
    wanted = (sw >= 12) & (sw <= big) & (sh >= 12) & (sh <= big) & (sa >= 0.33 * sw * sh)
    wanted[0] = False  # the background
    marks: list[Mark] = []
    for i in np.flatnonzero(wanted):
        x, y, w, h, _ = stats[i]
        sub = (mask[y : y + h, x : x + w] > 0).astype(np.uint8)
        cs, _ = cv2.findContours(sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if not cs:
            continue
        c = max(cs, key=cv2.contourArea)
        box = cv2.minAreaRect(c)
        (cx, cy), (bw, bh), _ = box
        if min(bw, bh) < 6 or max(bw, bh) / min(bw, bh) > 1.5:
            continue
        area = cv2.contourArea(c)
        hull = cv2.contourArea(cv2.convexHull(c)) or 1.0
        # a square has four straight sides; an L fills three quarters of its rectangle and is not
        # convex; a filled bubble (round, convex) is neither. Both tests are cheap, so they come before
        # the blob is sampled (most blobs on a page, digits and letters, fail both).
        square = area >= 0.75 * bw * bh and len(cv2.approxPolyDP(c, 0.03 * cv2.arcLength(c, True), True)) == 4
        ell = 0.58 * bw * bh < area < 0.86 * bw * bh and area < 0.93 * hull
        if not (square or ell):
            continue
        shape = _classify(sub * 255, box)
        if shape is None or (shape == "square" and not square) or (shape == "L" and not ell):
            continue
        mark = Mark((cx + x) / f, (cy + y) / f, math.sqrt(bw * bh) / f, shape)
        if shape == "square" and _hollow(grey, mark, box[2]):
            continue
        marks.append(replace(mark, isolated=_isolated(grey, mark, box[2])))
    return marks, f, mask


def _hollow(grey: np.ndarray, mark: Mark, angle: float) -> bool:
    """True for a QR finder pattern, which a blurred, shrunk picture can make look solid: at full
    size it shows a light ring one seventh of its side inside its edge; a corner mark is solid."""
    n = 21  # 7 modules of 3 px
    side = mark.side
    pts = cv2.boxPoints(((mark.x, mark.y), (side, side), angle)).astype(np.float32)
    m = cv2.getPerspectiveTransform(pts, np.array([[0, n], [0, 0], [n, 0], [n, n]], np.float32))
    patch = cv2.warpPerspective(grey, m, (n, n), flags=cv2.INTER_AREA).astype(np.float32)
    lo, hi = float(patch.min()), float(patch.max())
    if hi - lo < 10:
        return False
    p = (patch - lo) / (hi - lo)
    ring = np.zeros((n, n), bool)
    ring[3:18, 3:18] = True
    ring[6:15, 6:15] = False
    core = p[7:14, 7:14].mean()
    edge = np.concatenate([p[:2].ravel(), p[-2:].ravel(), p[:, :2].ravel(), p[:, -2:].ravel()]).mean()
    return bool(float(p[ring].mean()) - max(core, edge) > 0.2)


def _isolated(grey: np.ndarray, mark: Mark, angle: float) -> bool:
    """True for a corner mark: the layout keeps clear paper around it (nothing printed within 10 pt), so
    a band from a fifth to half of its side beyond its edges is paper. A filled bubble or a heavy cross
    that passes for a square has the bubble's number, its ring or its own strokes right beside it."""
    n = 40  # the mark and half its side on every side: 2 × side, at 20 px a side
    side = mark.side
    pts = cv2.boxPoints(((mark.x, mark.y), (2 * side, 2 * side), angle)).astype(np.float32)
    m = cv2.getPerspectiveTransform(pts, np.array([[0, n], [0, 0], [n, 0], [n, n]], np.float32))
    patch = cv2.warpPerspective(grey, m, (n, n), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    band = np.ones((n, n), bool)
    inner = round(n / 4 - 0.2 * n / 2)  # the mark's edges are n/4 in; a fifth of its side (n/2) beyond them
    band[inner : n - inner, inner : n - inner] = False
    values = patch[band].astype(np.float32)
    paper = float(np.percentile(values, 90))
    return float(np.mean(values < 0.55 * paper)) < 0.04


@dataclass(frozen=True)
class Found:
    """What a page holds: cards (complete ones first, then ones with a corner missing), corner marks
    that belong to no card, and the working copy's ink mask (with its scale) for what else is there."""

    quads: list[Quad]
    stray: list[Mark]
    mask: np.ndarray
    scale: float

    def ink_elsewhere(self, outlines: list[np.ndarray]) -> float:
        """The share of the page inked outside the cards' outlines (full-size polygons), counting only
        printed-size things: the dark bed or table around the paper does not count."""
        outside = self.mask.copy()
        for poly in outlines:
            cv2.fillPoly(outside, [np.round(poly * self.scale).astype(np.int32)], 0)
        if np.count_nonzero(outside) < 0.002 * outside.size:
            return 0.0
        stats = components(outside)
        h, w = outside.shape
        limit = 0.1 * max(h, w)
        small = (stats[1:, 2] < limit) & (stats[1:, 3] < limit)
        return float(stats[1:, 4][small].sum()) / outside.size


def locate(grey: np.ndarray, shapes: tuple[Shape, ...]) -> Found:
    """The cards on a page. A page where a card lacks a corner, no card is found, or corner marks are
    left over (two, or one when the marks come out small in the working copy: a whole sheet
    photographed from arm's length, whose other card's marks may be too small to see) is looked at
    again, against the page's light as it falls (a corner mark deep in a hard shadow) and at twice
    the working size, and the best reading kept."""
    found = _locate(grey, WORK, shapes)
    small = any(q.side * found.scale < FINE for q in found.quads)
    doubt = any(q.missing for q in found.quads) or not found.quads or len(found.stray) >= 1 + (not small)
    if not doubt:
        return found
    again = [_locate(grey, WORK, shapes, closed=True)]
    if found.scale < 0.75:
        again.append(_locate(grey, 2 * WORK, shapes))
    for other in again:
        if _score(other) > _score(found):
            found = other
    return found


FINE = 18  # px: corner marks smaller than this in the working copy may hide another card's marks


def _score(found: Found) -> tuple[int, int, int]:
    """Complete cards first, then fewer cards with a corner inferred, then fewer marks left over."""
    whole = sum(q.missing is None for q in found.quads)
    return whole, whole - len(found.quads), -len(found.stray)


def _locate(grey: np.ndarray, long_side: int, shapes: tuple[Shape, ...], closed: bool = False) -> Found:
    marks, f, mask = _find(grey, long_side, closed)
    quads, left = group(marks, shapes)
    torn = partial(left, shapes)
    used = {(round(c[0]), round(c[1])) for q in torn for c in q.corners}
    rest = [m for m in left if (round(m.x), round(m.y)) not in used]
    return Found(quads + torn, rest, mask, f)
