"""Read one located card: straighten it, decode its QR, measure how dark every bubble is.

The card is warped into its own frame (card-local points, `K` pixels a point, y down) by the
homography through its four corner-mark centres, whose places the layout engine gives. Bubbles are
then sampled where the layout says they are: nothing is measured by hand. Darkness is taken against
the paper around each bubble (the brightest paper within a few millimetres), so a shadow or a
gradient across the card does not darken a blank bubble.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
import zxingcpp

from ..core.marks import Seen
from ..layout.geometry import Bubble, CardLayout
from ..layout.parts import FID
from .quads import Point, Quad
from .worn import worn

K = 2.0  # pixels per point in the straightened card (144 per inch)
SAMPLE = 0.72  # of a bubble's inner radius: the disc sampled, clear of the printed ring
BACKGROUND = 3.0  # the paper's light is what stays of the card closed by a square this many bubble radii wide


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
    return cv2.warpPerspective(
        grey,
        on_page(quad, frame, k),
        (w, h),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )


def on_page(quad: Quad, frame: Frame, k: float = K) -> np.ndarray:
    """The perspective map from the card's own frame (`k` pixels a point, y down) to the page: its corner
    marks' centres onto the quad's corners."""
    src = np.array([(x * k, (frame.height - y) * k) for x, y in frame.marks], dtype=np.float32)
    m: np.ndarray = cv2.getPerspectiveTransform(src, np.array(quad.corners, dtype=np.float32))
    return m


_QR = zxingcpp.BarcodeFormat.QRCode


def read_qr(crop: np.ndarray) -> str | None:
    """The card's QR text (only ours: its details, "PC1|…", or its link), or None when none can be decoded."""
    for fast in (True, False):
        found = zxingcpp.read_barcodes(
            crop,
            formats=_QR,  # type: ignore[arg-type]  # zxing-cpp takes one BarcodeFormat as its BarcodeFormats
            try_rotate=not fast,
            try_downscale=not fast,
            try_invert=False,
        )
        for b in found:
            if b.valid and ours(b.text):
                return b.text
    sharp = cv2.resize(crop, None, fx=1.5, fy=1.5, interpolation=cv2.INTER_CUBIC)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(sharp)
    return text if text and ours(text) else None


def ours(text: str) -> bool:
    """A card's QR: its details, or its link (`core.verify.qr_link`)."""
    from ..core.verify import parse_qr_link

    return text.startswith("PC1|") or parse_qr_link(text) is not None


@dataclass(frozen=True)
class Sampled:
    """A card's bubbles as sampled: each one's darkness, the card's ink (the darkness of its corner
    marks), and `fit`: the share of bubbles whose printed ring was found where the layout (after
    the fine alignment) puts it. A bent, curled or badly lined-up card has a low fit."""

    seen: dict[str, Seen]
    ink: float
    fit: float
    moved: np.ndarray | None = None  # each bubble where the layout puts it and where it was found (px): n × 4


SEARCH = 3.0  # points: how far a ring is looked for around its expected place
FOUND = 0.5  # least correlation of a printed ring with what is seen there
AGREE = 1.0  # points: a ring agrees with its neighbours when they place it this close
AGAIN = 0.6  # under this share of rings found, they are looked for again where the found ones put them
MOST = (
    0.8  # ... and with this share found, the fit may move a bubble WILD searches from the corner marks' place
)
WILD = 3.5
NEIGHBOURS = 4


def align(
    crop: np.ndarray, centres: np.ndarray, radius: float, line: float, k: float = K
) -> tuple[np.ndarray, float]:
    """Fine alignment: find each bubble's printed ring near where it is expected, fit one affine
    map through the rings found (outliers, such as filled bubbles, left out), then follow what it
    cannot (a lens's barrel, paper that is not flat): each bubble whose ring was
    found sits where it was found, each other one is moved as its nearest found rings moved.
    Returns the corrected centres (px) and `fit`: the share of bubbles whose ring was found where
    its neighbours place it."""
    t = _ring_template(round(radius * k * 2) / 2, max(1.0, line * k))
    s = round(SEARCH * k)
    n = len(centres)
    found = _rings_near(crop, centres, t, s)
    good = ~np.isnan(found[:, 0])
    if good.sum() < 6:
        return centres, float(good.sum()) / max(1, n)
    m, _ = cv2.estimateAffine2D(centres[good], found[good], method=cv2.RANSAC, ransacReprojThreshold=1.5 * k)
    if m is None:
        return centres, 0.0
    moved = cv2.transform(centres.reshape(-1, 1, 2).astype(np.float32), m).reshape(-1, 2)
    if (
        good.sum() < AGAIN * n
    ):  # a curl or a bend moved many rings out of reach: look where the found put them
        again = _rings_near(crop, moved, t, s)
        more = ~good & ~np.isnan(again[:, 0])
        found[more], good = again[more], good | more
        m, _ = cv2.estimateAffine2D(
            centres[good], found[good], method=cv2.RANSAC, ransacReprojThreshold=1.5 * k
        )
        if m is None:
            return centres, 0.0
        moved = cv2.transform(centres.reshape(-1, 1, 2).astype(np.float32), m).reshape(-1, 2)
    # a wild fit: keep the corner marks' alignment (further, when nearly every ring was found where it puts it)
    if np.abs(moved - centres).max() > (WILD if good.sum() >= MOST * n else 2) * s:
        return centres, 0.0
    shift = np.where(good[:, None], found - moved, 0.0)
    idx = np.flatnonzero(good)
    d = np.linalg.norm(moved[:, None, :] - moved[None, idx, :], axis=2)  # every bubble to every ring found
    d[idx, np.arange(len(idx))] = np.inf  # a ring is not its own neighbour
    near = np.argsort(d, axis=1)[:, :NEIGHBOURS]
    local = np.median(shift[idx][near], axis=1)  # how the nearest rings found moved
    out = np.where(good[:, None], found, moved + local).astype(np.float32)
    agree = good & (np.linalg.norm(found - (moved + local), axis=1) <= AGREE * k)
    return out, float(agree.sum()) / n


def _rings_near(crop: np.ndarray, centres: np.ndarray, t: np.ndarray, s: int) -> np.ndarray:
    """Where each bubble's printed ring (template `t`) is found within `s` px of `centres` (NaN: not found)."""
    th, tw = t.shape
    h, w = crop.shape
    found = np.full((len(centres), 2), np.nan, np.float32)
    for i, (cx, cy) in enumerate(centres):
        x0, y0 = round(cx) - tw // 2 - s, round(cy) - th // 2 - s
        if x0 < 0 or y0 < 0 or x0 + tw + 2 * s > w or y0 + th + 2 * s > h:
            continue
        res = cv2.matchTemplate(crop[y0 : y0 + th + 2 * s, x0 : x0 + tw + 2 * s], t, cv2.TM_CCOEFF_NORMED)
        _, score, _, (bx, by) = cv2.minMaxLoc(res)
        if score >= FOUND:
            found[i] = (x0 + bx + tw // 2 + _peak(res, bx, by, 1), y0 + by + th // 2 + _peak(res, bx, by, 0))
    return found


def _peak(res: np.ndarray, bx: int, by: int, axis: int) -> float:
    """Sub-pixel offset of a correlation peak along one axis (a parabola through three samples)."""
    i = (by, bx)
    lo, hi = list(i), list(i)
    lo[axis] -= 1
    hi[axis] += 1
    if min(lo) < 0 or hi[axis] >= res.shape[axis]:
        return 0.0
    a, b, c = float(res[tuple(lo)]), float(res[i]), float(res[tuple(hi)])
    den = a - 2 * b + c
    return 0.0 if den >= 0 else 0.5 * (a - c) / den


@lru_cache(maxsize=16)
def _ring_template(r: float, line: float) -> np.ndarray:
    """A printed bubble as the camera sees it: a dark ring on white, softened a little."""
    n = int(r + line + 3)
    yy, xx = np.mgrid[-n : n + 1, -n : n + 1]
    d = np.sqrt(xx * xx + yy * yy)
    img = np.where(np.abs(d - (r - line / 2)) <= line / 2 + 0.25, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(img, (0, 0), 0.8)


def darkness(crop: np.ndarray, frame: Frame, bubbles: dict[str, Bubble], k: float = K) -> Sampled:
    """Every bubble's darkness after the fine alignment on the printed rings: its mean, the
    darkness of its darkest quarter and tenth of pixels, and `cover`, the share of its pixels at
    least half as dark as the card's own printed ink.

    Darkness is taken against the paper right around each bubble (the bright end of a ring of paper
    just outside its printed circle), so a shadow's edge, a gradient or a lamp across the card
    changes no bubble: each is measured in its own light.
    """

    def px(x: float, y: float) -> tuple[float, float]:
        return x * k, (frame.height - y) * k

    marks = np.array([px(x, y) for x, y in frame.marks], np.float32)
    corner = _samples(crop, marks, 0.3 * FID * k)
    around = _paper(crop, marks, 0.75 * FID * k, 1.25 * FID * k)
    ink = max(float(np.median(np.clip(1.0 - corner / around[:, None], 0, 1).mean(axis=1))), 0.25)
    keys = list(bubbles)
    if not keys:
        return Sampled({}, ink, 0.0)
    first = bubbles[keys[0]]
    centres = np.array([px(*bubbles[key].centre()) for key in keys], np.float32).reshape(-1, 2)
    expected = centres
    centres, fit = align(crop, centres, first.radius(), first.line, k)
    paper = _background(crop, max(bubbles[key].radius() for key in keys) * k)
    rows: dict[int, tuple[float, ...]] = {}  # mean, cover, q75, q90, spread, then scan.worn's
    rings = np.zeros(len(keys), np.float32)
    sizes = {(bubbles[key].radius(), bubbles[key].line) for key in keys}
    for radius, line in sizes:
        which = [
            i for i, key in enumerate(keys) if (bubbles[key].radius(), bubbles[key].line) == (radius, line)
        ]
        at = centres[which]
        r = (radius - line) * SAMPLE * k
        d = np.clip(1.0 - _samples(crop, at, r) / _samples(paper, at, r), 0.0, 1.0)
        means = d.mean(axis=1)
        q75, q90 = np.percentile(d, (75, 90), axis=1)
        covers = (d >= 0.5 * ink).mean(axis=1)
        spreads = _spread(d, q90, r)
        rings[which] = _rings(crop, paper, at, (radius - line) * k, radius * k, k)
        lie = worn(crop, paper, at, q90, r, radius * k, k)
        for j, i in enumerate(which):
            rows[i] = tuple(float(v[j]) for v in (means, covers, q75, q90, spreads, *lie))
    ring, around = _faded(centres, rings)
    seen = {key: _seen(rows[i], float(ring[i]), float(around[i])) for i, key in enumerate(keys)}
    return Sampled(seen, ink, fit, np.hstack([expected, centres]))


def _seen(row: tuple[float, ...], ring: float, around: float) -> Seen:
    """One bubble as sampled (`row`: mean, cover, q75, q90, spread, then scan.worn's measures) with its
    printed ring."""
    mean, cover, q75, q90, spread, *lie = row
    if any(math.isnan(v) for v in lie):  # not measured (scan.worn)
        return Seen(mean, cover, q75, q90, ring, around, spread)
    return Seen(mean, cover, q75, q90, ring, around, spread, *lie)


def _background(crop: np.ndarray, radius: float) -> np.ndarray:
    """The paper's brightness at every pixel: the card closed (its brightest within a square, then the
    darkest of those) by a square wider than a filled bubble and its spill, so ink, rings and print
    vanish while the light stays as it falls: a shadow's edge, a gradient, a shaded row with its
    bubbles white inside. Worked out at half size (the light varies slowly, or in steps the closing
    keeps), plus one grey level so that paper is never 0."""
    h, w = crop.shape
    small = cv2.resize(crop, (max(1, w // 2), max(1, h // 2)), interpolation=cv2.INTER_AREA)
    n = 2 * round(BACKGROUND * radius / 2) + 1  # half size: side BACKGROUND × radius at full size
    closed = cv2.morphologyEx(small, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (n, n)))
    out: np.ndarray = cv2.resize(closed, (w, h), interpolation=cv2.INTER_LINEAR).astype(np.float32)
    out += 1.0  # in place: a new array for the sum costs ten times the resize
    return out


def _samples(crop: np.ndarray, centres: np.ndarray, r: float) -> np.ndarray:
    """The pixels within `r` px of each centre: one row per centre (float32)."""
    h, w = crop.shape
    c = np.rint(centres).astype(np.int32)
    dy, dx = _disc(r)
    ys = np.clip(c[:, 1:2] + dy[None, :], 0, h - 1)
    xs = np.clip(c[:, 0:1] + dx[None, :], 0, w - 1)
    out: np.ndarray = crop[ys, xs].astype(np.float32)
    return out


def _spread(d: np.ndarray, q90: np.ndarray, r: float) -> np.ndarray:
    """How far each bubble's ink reaches from its own middle (the root mean square distance of its darker
    pixels, weighted by how much darker than half its darkest tenth they are) in sampled radii: a dot is
    compact (a dot of a third of the disc's radius: 0.24), a tick's line or a fill reach across (0.35 and
    more)."""
    dy, dx = _disc(r)
    w = np.clip(d - 0.5 * q90[:, None], 0.0, None)
    total = w.sum(axis=1) + 1e-6
    mx, my = (w * dx).sum(axis=1) / total, (w * dy).sum(axis=1) / total
    var = (w * ((dx[None, :] - mx[:, None]) ** 2 + (dy[None, :] - my[:, None]) ** 2)).sum(axis=1) / total
    out: np.ndarray = np.sqrt(var) / max(r, 1.0)
    return out


def _rings(crop: np.ndarray, paper: np.ndarray, at: np.ndarray, r0: float, r1: float, k: float) -> np.ndarray:
    """How dark each bubble's printed ring shows against the paper (0 paper … 1 ink): the darkness of
    the darker quarter of the pixels from just inside its printed circle to just outside it."""
    ri, ro = max(1.0, r0 - 0.5 * k), r1 + 0.5 * k
    band = np.clip(1.0 - _band(crop, at, ri, ro) / _band(paper, at, ri, ro), 0.0, 1.0)
    out: np.ndarray = np.percentile(band, 75, axis=1)
    return out


def _faded(centres: np.ndarray, rings: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each bubble's printed ring against the card's other rings (1: as dark as most), and the faintest
    of its nearest neighbours' (a glare or a fold fades a patch of the card; correction fluid over one
    bubble leaves its neighbours as they were)."""
    ring = rings / max(float(np.median(rings)), 1e-3)
    if len(ring) <= NEIGHBOURS:
        return ring, ring.copy()
    d = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    np.fill_diagonal(d, np.inf)
    near = np.argsort(d, axis=1)[:, :NEIGHBOURS]
    around: np.ndarray = ring[near].min(axis=1)
    return ring, around


def _band(crop: np.ndarray, centres: np.ndarray, r0: float, r1: float) -> np.ndarray:
    """The pixels between `r0` and `r1` px of each centre: one row per centre (float32)."""
    h, w = crop.shape
    c = np.rint(centres).astype(np.int32)
    dy, dx = _ring(r0, r1)
    ys = np.clip(c[:, 1:2] + dy[None, :], 0, h - 1)
    xs = np.clip(c[:, 0:1] + dx[None, :], 0, w - 1)
    out: np.ndarray = crop[ys, xs].astype(np.float32)
    return out


def _paper(crop: np.ndarray, centres: np.ndarray, r0: float, r1: float) -> np.ndarray:
    """The paper's brightness around each centre: the bright end (90th percentile) of the pixels
    between `r0` and `r1` px from it, clear of print, a neighbour's mark or a spill."""
    h, w = crop.shape
    c = np.rint(centres).astype(np.int32)
    dy, dx = _ring(r0, r1)
    ys = np.clip(c[:, 1:2] + dy[None, :], 0, h - 1)
    xs = np.clip(c[:, 0:1] + dx[None, :], 0, w - 1)
    out: np.ndarray = np.percentile(crop[ys, xs], 90, axis=1).astype(np.float32) + 1.0
    return out


@lru_cache(maxsize=64)
def _ring(r0: float, r1: float) -> tuple[np.ndarray, np.ndarray]:
    """Pixel offsets between `r0` and `r1` of a centre, every second one (plenty for a percentile)."""
    rr = max(1, round(r1))
    yy, xx = np.mgrid[-rr : rr + 1, -rr : rr + 1]
    d2 = xx * xx + yy * yy
    inside = (d2 >= r0 * r0) & (d2 <= r1 * r1) & ((xx + yy) % 2 == 0)
    return yy[inside], xx[inside]


@lru_cache(maxsize=64)
def _disc(r: float) -> tuple[np.ndarray, np.ndarray]:
    """Pixel offsets within `r` of a centre."""
    rr = max(1, round(r))
    yy, xx = np.mgrid[-rr : rr + 1, -rr : rr + 1]
    inside = xx * xx + yy * yy <= rr * rr
    return yy[inside], xx[inside]
