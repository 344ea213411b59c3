"""How an inked bubble's ink lies: the sharpness of its edges and the grey around its printed ring.

A pick rubbed out but left half done is lighter than the player's marks, and also smeared: the eraser
softens the edges of what stays (a pen's stroke keeps the camera's sharpness) and drags grey past the
printed ring. Both are measured only for the bubbles that carry ink (a card's few), on a small patch
around each: the darkness map against the paper's own light, its mean absolute Laplacian over its
mean gradient inside the sampled disc (`edges`: lower is softer), and its mean darkness in a band
around the printed circle out to OUTER of its radius (`beyond`: a smear, and also the pen's own
overflow and the edge of a neighbour's ring, so it weighs little). A bubble not measured has neither.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

OUTER = 1.7  # of a bubble's outer radius: how far past its ring the smear is looked for
INKED = 0.04  # darkest tenth above the median bubble of its size: worth measuring (a light hand's least mark)
MOST = 32  # ... and of those, the darkest this many (a card takes at most 30 picks, and one stake)


def worn(
    crop: np.ndarray,
    paper: np.ndarray,
    at: np.ndarray,
    q90: np.ndarray,
    sampled: float,
    outer: float,
    k: float,
) -> tuple[np.ndarray, np.ndarray]:
    """(edges, beyond) for bubbles at `at` (px), each of sampled radius `sampled` px and printed outer
    radius `outer` px; NaN for a bubble not measured: without ink (its q90 near the median bubble's),
    past the MOST darkest, or too near the edge of the crop for its patch."""
    n = len(at)
    edges = np.full(n, np.nan, np.float32)
    beyond = np.full(n, np.nan, np.float32)
    if not n:
        return edges, beyond
    h, w = crop.shape
    half = int(OUTER * outer) + 2
    disc, band = _masks(half, sampled, outer + 0.5 * k, OUTER * outer)
    inked = np.flatnonzero(q90 >= float(np.median(q90)) + INKED)
    c = np.rint(at).astype(np.int32)
    inside = (c[:, 0] >= half) & (c[:, 1] >= half) & (c[:, 0] < w - half) & (c[:, 1] < h - half)
    which = [int(i) for i in inked[np.argsort(-q90[inked])] if inside[i]][:MOST]
    if not which:
        return edges, beyond
    # the patches stacked in one column, filtered at once (a patch's edge rows are outside its masks)
    side = 2 * half + 1
    boxes = [np.s_[c[i, 1] - half : c[i, 1] + half + 1, c[i, 0] - half : c[i, 0] + half + 1] for i in which]
    d = np.clip(
        1.0 - np.vstack([crop[b] for b in boxes]).astype(np.float32) / np.vstack([paper[b] for b in boxes]),
        0,
        1,
    )
    lap = np.abs(cv2.Laplacian(d, cv2.CV_32F, ksize=3)).reshape(-1, side, side)
    grad = np.hypot(cv2.Sobel(d, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(d, cv2.CV_32F, 0, 1, ksize=3))
    grad = grad.reshape(-1, side, side)
    d = d.reshape(-1, side, side)
    edges[which] = lap[:, disc].mean(axis=1) / np.maximum(grad[:, disc].mean(axis=1), 1e-3)
    beyond[which] = d[:, band].mean(axis=1)
    return edges, beyond


@lru_cache(maxsize=16)
def _masks(half: int, disc: float, inner: float, outer: float) -> tuple[np.ndarray, np.ndarray]:
    """A patch's disc (within `disc` px of its middle) and band (from `inner` to `outer` px)."""
    yy, xx = np.mgrid[-half : half + 1, -half : half + 1]
    rr = np.hypot(xx, yy)
    return rr <= disc, (rr >= inner) & (rr <= outer)
