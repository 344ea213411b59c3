"""How an inked bubble's ink lies: the sharpness of its edges and the grey just outside its ring.

A pick rubbed out but left half done is lighter than the player's marks, and also smeared: the eraser
softens the edges of what stays (a pen's stroke keeps the camera's sharpness) and drags grey past the
printed ring. Both are measured only for the bubbles that carry ink (a card's few), on a small patch
around each: the darkness map against the paper's own light, its mean absolute Laplacian over its
mean gradient inside the sampled disc (`edges`: lower is softer), and its mean darkness in a band
just outside the printed circle (`beyond`).
"""

from __future__ import annotations

import cv2
import numpy as np

OUTER = 1.7  # of a bubble's outer radius: how far past its ring the smear is looked for
INKED = (
    0.04  # darkest tenth above the card's median bubble: a bubble worth measuring (a light hand's least mark)
)


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
    radius `outer` px; bubbles without ink (their q90 near the card's median) get (1, 0)."""
    n = len(at)
    edges = np.ones(n, np.float32)
    beyond = np.zeros(n, np.float32)
    if not n:
        return edges, beyond
    h, w = crop.shape
    half = int(OUTER * outer) + 2
    yy, xx = np.mgrid[-half : half + 1, -half : half + 1]
    rr = np.hypot(xx, yy)
    disc = rr <= sampled
    band = (rr >= outer + 0.5 * k) & (rr <= OUTER * outer)
    floor = float(np.median(q90)) + INKED
    for i in np.flatnonzero(q90 >= floor):
        cx, cy = int(round(float(at[i, 0]))), int(round(float(at[i, 1])))
        if cx - half < 0 or cy - half < 0 or cx + half >= w or cy + half >= h:
            continue
        box = np.s_[cy - half : cy + half + 1, cx - half : cx + half + 1]
        d = np.clip(1.0 - crop[box].astype(np.float32) / paper[box], 0.0, 1.0)
        lap = np.abs(cv2.Laplacian(d, cv2.CV_32F, ksize=3))
        grad = np.hypot(cv2.Sobel(d, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(d, cv2.CV_32F, 0, 1, ksize=3))
        edges[i] = float(lap[disc].mean()) / max(float(grad[disc].mean()), 1e-3)
        beyond[i] = float(d[band].mean())
    return edges, beyond
