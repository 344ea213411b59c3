"""How an inked bubble's ink lies: the sharpness of its edges, the grey around its printed ring, and
how even it is where it lies.

A pick rubbed out but left half done is lighter than the player's marks, and also smeared and worn:
the eraser softens the edges of what stays (a pen's stroke keeps the camera's sharpness), drags grey
past the printed ring and between the strokes, and leaves what stays mottled with the paper's
texture. All are measured only for the bubbles that carry ink (a card's few), on a small patch around
each: the darkness map against the paper's own light, and within the sampled disc
- `edges`: its mean absolute Laplacian over its mean gradient (lower is softer);
- `mottle`: the spread of the darkness over its mean, where the ink lies (over 0.6 of its darkest
  tenth);
- `floor`: the darkness of its lighter quarter over its darkest tenth (grey between the strokes);
- `steep`: its steepest edges (the 95th percentile of the gradient) over its darkest tenth;
- `fine`: its detail finer than a pixel or two (root mean square) over its darkest tenth;
and `beyond`, its mean darkness in a band around the printed circle out to OUTER of its radius (a
smear, and also the pen's own overflow and the edge of a neighbour's ring, so it weighs little). A
bubble not measured has none of them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import cv2
import numpy as np

OUTER = 1.7  # of a bubble's outer radius: how far past its ring the smear is looked for
INKED = 0.04  # darkest tenth above the median bubble of its size: worth measuring (a light hand's least mark)
MOST = 32  # ... and of those, the darkest this many (a card takes at most 30 picks, and one stake)


class Worn(NamedTuple):
    """The measures of how each bubble's ink lies (one value a bubble; NaN: not measured)."""

    edges: np.ndarray  # mean |Laplacian| over mean gradient inside the disc: lower is softer
    beyond: np.ndarray  # mean darkness in a band around the printed circle
    mottle: np.ndarray  # the spread of the darkness where the ink lies, over its mean
    floor: np.ndarray  # the disc's lighter quarter over its darkest tenth: a smear fills between strokes
    steep: np.ndarray  # the steepest twentieth of its edges over its darkest tenth
    fine: np.ndarray  # the detail finer than a pixel or two (root mean square) over its darkest tenth


def worn(
    crop: np.ndarray,
    paper: np.ndarray,
    at: np.ndarray,
    q90: np.ndarray,
    sampled: float,
    outer: float,
    k: float,
) -> Worn:
    """How the ink lies in bubbles at `at` (px), each of sampled radius `sampled` px and printed outer
    radius `outer` px; NaN for a bubble not measured: without ink (its q90 near the median bubble's),
    past the MOST darkest, or too near the edge of the crop for its patch."""
    n = len(at)
    out = Worn(*(np.full(n, np.nan, np.float32) for _ in Worn._fields))
    if not n:
        return out
    h, w = crop.shape
    half = int(OUTER * outer) + 2
    disc, band = _masks(half, sampled, outer + 0.5 * k, OUTER * outer)
    inked = np.flatnonzero(q90 >= float(np.median(q90)) + INKED)
    c = np.rint(at).astype(np.int32)
    inside = (c[:, 0] >= half) & (c[:, 1] >= half) & (c[:, 0] < w - half) & (c[:, 1] < h - half)
    which = [int(i) for i in inked[np.argsort(-q90[inked])] if inside[i]][:MOST]
    if not which:
        return out
    # the patches stacked in one column, filtered at once (a patch's edge rows are outside its masks)
    side = 2 * half + 1
    boxes = [np.s_[c[i, 1] - half : c[i, 1] + half + 1, c[i, 0] - half : c[i, 0] + half + 1] for i in which]
    d = np.clip(
        1.0 - np.vstack([crop[b] for b in boxes]).astype(np.float32) / np.vstack([paper[b] for b in boxes]),
        0,
        1,
    )
    lap = np.abs(cv2.Laplacian(d, cv2.CV_32F, ksize=3)).reshape(-1, side, side)[:, disc]
    grad = np.hypot(cv2.Sobel(d, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(d, cv2.CV_32F, 0, 1, ksize=3))
    grad = grad.reshape(-1, side, side)[:, disc]
    fine = (d - cv2.GaussianBlur(d, (0, 0), 1.0)).reshape(-1, side, side)[:, disc]
    d = d.reshape(-1, side, side)
    inner = d[:, disc]
    top = np.maximum(np.percentile(inner, 90, axis=1), 1e-3)
    ink = inner > 0.6 * top[:, None]
    count = np.maximum(ink.sum(axis=1), 1)
    mean = (inner * ink).sum(axis=1) / count
    var = ((inner - mean[:, None]) ** 2 * ink).sum(axis=1) / count
    out.edges[which] = lap.mean(axis=1) / np.maximum(grad.mean(axis=1), 1e-3)
    out.beyond[which] = d[:, band].mean(axis=1)
    out.mottle[which] = np.sqrt(var) / np.maximum(mean, 1e-3)
    out.floor[which] = np.percentile(inner, 25, axis=1) / top
    out.steep[which] = np.percentile(grad, 95, axis=1) / top
    out.fine[which] = np.sqrt((fine * fine).mean(axis=1)) / top
    return out


@lru_cache(maxsize=16)
def _masks(half: int, disc: float, inner: float, outer: float) -> tuple[np.ndarray, np.ndarray]:
    """A patch's disc (within `disc` px of its middle) and band (from `inner` to `outer` px)."""
    yy, xx = np.mgrid[-half : half + 1, -half : half + 1]
    rr = np.hypot(xx, yy)
    return rr <= disc, (rr >= inner) & (rr <= outer)
