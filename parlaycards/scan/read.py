"""Read one located card: straighten it, decode its QR, measure how dark every bubble is.

The card is warped into its own frame (card-local points, `K` pixels a point, y down) by the
homography through its four corner-mark centres, whose places the layout engine gives. Bubbles are
then sampled where the layout says they are: nothing is measured by hand. Darkness is taken against
the paper around each bubble (the brightest paper within a few millimetres), so a shadow or a
gradient across the card does not darken a blank bubble.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
import zxingcpp

from ..core.marks import Seen
from ..layout.geometry import Bubble, CardLayout
from ..layout.parts import FID
from .locate import Point, Quad

K = 2.0  # pixels per point in the straightened card (144 per inch)
SAMPLE = 0.72  # of a bubble's inner radius: the disc sampled, clear of the printed ring


@dataclass(frozen=True)
class Frame:
    """Where a card's corner marks are, card-local, and the card's size, in points."""

    width: float
    height: float
    marks: tuple[Point, Point, Point, Point]  # centres: tl, tr, br, bl

    @classmethod
    def of(cls, layout: CardLayout) -> Frame:
        return cls(layout.width, layout.height, layout.mark_centres().walk())


def straighten(grey: np.ndarray, quad: Quad, frame: Frame, k: float = K) -> np.ndarray:
    """The card cut out of the page and warped flat into its own frame."""
    w, h = round(frame.width * k), round(frame.height * k)
    src = np.array([(x * k, (frame.height - y) * k) for x, y in frame.marks], dtype=np.float32)
    dst = np.array(quad.corners, dtype=np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(
        grey, m, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE
    )


_QR = zxingcpp.BarcodeFormat.QRCode


def read_qr(crop: np.ndarray) -> str | None:
    """The card's QR text (only ours: it starts with "PC1|"), or None when none can be decoded."""
    for fast in (True, False):
        found = zxingcpp.read_barcodes(
            crop, formats=_QR, try_rotate=not fast, try_downscale=not fast, try_invert=False
        )
        for b in found:
            if b.valid and b.text.startswith("PC1|"):
                return b.text
    sharp = cv2.resize(crop, None, fx=1.5, fy=1.5, interpolation=cv2.INTER_CUBIC)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(sharp)
    return text if text and text.startswith("PC1|") else None


@dataclass(frozen=True)
class Sampled:
    """A card's bubbles as sampled: each one's darkness, the card's ink (the darkness of its corner
    marks), and `fit`: the share of bubbles whose printed ring was found where the layout (after
    the fine alignment) puts it. A bent, curled or badly lined-up card has a low fit."""

    seen: dict[str, Seen]
    ink: float
    fit: float


SEARCH = 3.0  # points: how far a ring is looked for around its expected place
ALIGN_ON = 32  # rings looked for, spread over the card (plenty for one homography)


def align(
    crop: np.ndarray, centres: np.ndarray, radius: float, line: float, k: float = K
) -> tuple[np.ndarray, float]:
    """Fine alignment: find each bubble's printed ring near where it is expected, fit one
    homography through the rings found (outliers, such as filled bubbles, left out), and return
    the corrected centres (px) and the share of bubbles that agree with it."""
    t = _ring_template(round(radius * k * 2) / 2, max(1.0, line * k))
    th, tw = t.shape
    s = round(SEARCH * k)
    h, w = crop.shape
    src, dst = [], []
    step = max(1, len(centres) // ALIGN_ON)
    for cx, cy in centres[::step]:
        x0, y0 = round(cx) - tw // 2 - s, round(cy) - th // 2 - s
        if x0 < 0 or y0 < 0 or x0 + tw + 2 * s > w or y0 + th + 2 * s > h:
            continue
        res = cv2.matchTemplate(crop[y0 : y0 + th + 2 * s, x0 : x0 + tw + 2 * s], t, cv2.TM_CCOEFF_NORMED)
        _, score, _, (bx, by) = cv2.minMaxLoc(res)
        if score >= 0.5:
            src.append((cx, cy))
            dst.append((x0 + bx + tw // 2, y0 + by + th // 2))
    tried = len(centres[::step])
    if len(src) < 6:
        return centres, len(src) / max(1, tried)
    m, inliers = cv2.findHomography(np.array(src, np.float32), np.array(dst, np.float32), cv2.RANSAC, 1.5)
    if m is None:
        return centres, 0.0
    moved = cv2.perspectiveTransform(centres.reshape(-1, 1, 2).astype(np.float32), m).reshape(-1, 2)
    if np.abs(moved - centres).max() > 2 * s:  # a wild fit: keep the corner marks' alignment
        return centres, 0.0
    return moved, float(inliers.sum()) / tried


@lru_cache(maxsize=16)
def _ring_template(r: float, line: float) -> np.ndarray:
    """A printed bubble as the camera sees it: a dark ring on white, softened a little."""
    n = int(r + line + 3)
    yy, xx = np.mgrid[-n : n + 1, -n : n + 1]
    d = np.sqrt(xx * xx + yy * yy)
    img = np.where(np.abs(d - (r - line / 2)) <= line / 2 + 0.25, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(img, (0, 0), 0.8)


def darkness(crop: np.ndarray, frame: Frame, bubbles: dict[str, Bubble], k: float = K) -> Sampled:
    """Every bubble's darkness (`mean`, 0 paper … ~1 solid ink; `cover`, the share of its pixels at
    least half as dark as the card's own ink), after the fine alignment on the printed rings.

    The paper under each bubble is the brightest paper within ~5 mm of it (taken on a quarter-size
    copy), so shadows and gradients cancel out.
    """
    small = cv2.resize(crop, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    n = int(3.5 * k) | 1
    paper = cv2.blur(cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (n, n))), (n, n))

    def sample(centres: np.ndarray, r: float) -> np.ndarray:
        """Darkness of the pixels within `r` px of each centre: one row per centre."""
        h, w = crop.shape
        sh, sw = paper.shape
        c = np.rint(centres).astype(np.int32)
        dy, dx = _disc(r)
        ys = np.clip(c[:, 1:2] + dy[None, :], 0, h - 1)
        xs = np.clip(c[:, 0:1] + dx[None, :], 0, w - 1)
        level = (
            paper[np.clip(c[:, 1] // 4, 0, sh - 1), np.clip(c[:, 0] // 4, 0, sw - 1)].astype(np.float32) + 1.0
        )
        return np.clip(1.0 - crop[ys, xs].astype(np.float32) / level[:, None], 0.0, 1.0)

    def px(x: float, y: float) -> tuple[float, float]:
        return x * k, (frame.height - y) * k

    marks = np.array([px(x, y) for x, y in frame.marks], np.float32)
    ink = max(float(np.median(sample(marks, 0.3 * FID * k).mean(axis=1))), 0.25)
    keys = list(bubbles)
    if not keys:
        return Sampled({}, ink, 0.0)
    first = bubbles[keys[0]]
    centres = np.array([px(*bubbles[key].centre()) for key in keys], np.float32).reshape(-1, 2)
    centres, fit = align(crop, centres, first.radius(), first.line, k)
    seen: dict[str, Seen] = {}
    sizes = {(b.radius() - b.line) * SAMPLE * k for b in bubbles.values()}
    for r in sizes:
        which = [
            i for i, key in enumerate(keys) if (bubbles[key].radius() - bubbles[key].line) * SAMPLE * k == r
        ]
        d = sample(centres[which], r)
        means, covers = d.mean(axis=1), (d >= 0.5 * ink).mean(axis=1)
        for j, i in enumerate(which):
            seen[keys[i]] = Seen(float(means[j]), float(covers[j]))
    return Sampled(seen, ink, fit)


@lru_cache(maxsize=64)
def _disc(r: float) -> tuple[np.ndarray, np.ndarray]:
    """Pixel offsets within `r` of a centre."""
    rr = max(1, round(r))
    yy, xx = np.mgrid[-rr : rr + 1, -rr : rr + 1]
    inside = xx * xx + yy * yy <= rr * rr
    return yy[inside], xx[inside]
