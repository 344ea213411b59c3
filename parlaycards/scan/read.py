"""Read one located card: straighten it, decode its QR, measure how dark every bubble is.

The card is warped into its own frame (card-local points, `K` pixels a point, y down) by the
homography through its four corner-mark centres, whose places the layout engine gives. Bubbles are
then sampled where the layout says they are: nothing is measured by hand. Darkness is taken against
the paper around each bubble (the brightest paper within a few millimetres), so a shadow or a
gradient across the card does not darken a blank bubble.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import zxingcpp

from ..core.marks import Seen
from ..layout.geometry import Bubble, CardLayout, Fiducial
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
        by = {f.corner: f for f in layout.fiducials()}
        return cls(layout.width, layout.height, tuple(_centre(by[c]) for c in ("tl", "tr", "br", "bl")))  # type: ignore[arg-type]


def _centre(f: Fiducial) -> Point:
    return f.rect.x + f.rect.w / 2, f.rect.y + f.rect.h / 2


def straighten(grey: np.ndarray, quad: Quad, frame: Frame, k: float = K) -> np.ndarray:
    """The card cut out of the page and warped flat into its own frame."""
    w, h = round(frame.width * k), round(frame.height * k)
    src = np.array([(x * k, (frame.height - y) * k) for x, y in frame.marks], dtype=np.float32)
    dst = np.array(quad.corners, dtype=np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(grey, m, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


_QR = zxingcpp.BarcodeFormat.QRCode


def read_qr(crop: np.ndarray) -> str | None:
    """The card's QR text (only ours: it starts with "PC1|"), or None when none can be decoded."""
    for fast in (True, False):
        found = zxingcpp.read_barcodes(crop, formats=_QR, try_rotate=not fast, try_downscale=not fast,
                                       try_invert=False)
        for b in found:
            if b.valid and b.text.startswith("PC1|"):
                return b.text
    sharp = cv2.resize(crop, None, fx=1.5, fy=1.5, interpolation=cv2.INTER_CUBIC)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(sharp)
    return text if text and text.startswith("PC1|") else None


def paper(crop: np.ndarray, k: float = K) -> np.ndarray:
    """The paper's brightness around every pixel (float32): the brightest within ~5 mm, smoothed."""
    n = int(14 * k) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (n, n))
    return cv2.blur(cv2.dilate(crop, kernel), (n, n)).astype(np.float32) + 1.0


def darkness(crop: np.ndarray, frame: Frame, bubbles: dict[str, Bubble], k: float = K) -> tuple[dict[str, Seen], float]:
    """Every bubble's darkness (`mean`, 0 paper … ~1 solid ink; `cover`, the share of its pixels at
    least half as dark as the card's own ink), and that ink: the darkness of its corner marks."""
    dark = 1.0 - crop.astype(np.float32) / paper(crop, k)
    np.clip(dark, 0.0, 1.0, out=dark)
    ink = float(np.median([_disc(dark, x, y, 0.3 * FID * k, frame, k).mean() for x, y in frame.marks]))
    ink = max(ink, 0.25)
    out: dict[str, Seen] = {}
    for key, b in bubbles.items():
        x, y = b.centre()
        px = _disc(dark, x, y, (b.radius() - b.line) * SAMPLE * k, frame, k)
        out[key] = Seen(float(px.mean()), float((px >= 0.5 * ink).mean()))
    return out, ink


_DISCS: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _disc(img: np.ndarray, x: float, y: float, r: float, frame: Frame, k: float) -> np.ndarray:
    """The pixels of `img` within `r` px of card-local point (x, y)."""
    rr = max(1, round(r))
    if rr not in _DISCS:
        yy, xx = np.mgrid[-rr:rr + 1, -rr:rr + 1]
        inside = xx * xx + yy * yy <= rr * rr
        _DISCS[rr] = (yy[inside], xx[inside])
    dy, dx = _DISCS[rr]
    cx, cy = round(x * k), round((frame.height - y) * k)
    h, w = img.shape
    return img[np.clip(cy + dy, 0, h - 1), np.clip(cx + dx, 0, w - 1)]
