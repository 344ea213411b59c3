"""What every held-out picture goes through (see `demo.heldout.camera`): sensor noise, smooth fields
of light, dust, and a real JPEG encode/decode."""

from __future__ import annotations

import io
import math

import cv2
import numpy as np
from PIL import Image

# ---------------------------------------------------------------------------------------------- helpers


def rgba(img: np.ndarray) -> np.ndarray:
    """uint8 RGBA (alpha: the paper) from grey, RGB or RGBA uint8."""
    if img.ndim == 2:
        return cv2.cvtColor(img, cv2.COLOR_GRAY2RGBA)
    if img.shape[2] == 3:
        return cv2.cvtColor(np.ascontiguousarray(img), cv2.COLOR_RGB2RGBA)
    return np.ascontiguousarray(img[:, :, :4])


def _noise3(
    rng: np.random.Generator, h: int, w: int, luma: float, chroma: float, tile: int = 256
) -> np.ndarray:
    """Sensor-like noise (h, w, 3) float32: luma grain of sd `luma` plus blotchy colour noise of sd
    `chroma`, one random tile repeated at a random offset (fast; the repeat is invisible at a few levels)."""
    n = rng.standard_normal((tile, tile, 1), dtype=np.float32) * luma
    if chroma > 0:
        c = rng.standard_normal((tile // 2, tile // 2, 3), dtype=np.float32)
        n = n + cv2.resize(c, (tile, tile), interpolation=cv2.INTER_LINEAR) * chroma
    else:
        n = np.repeat(n, 3, axis=2)
    oy, ox = (int(v) for v in rng.integers(0, tile, 2))
    reps = (math.ceil((h + oy) / tile), math.ceil((w + ox) / tile), 1)
    return np.tile(n, reps)[oy : oy + h, ox : ox + w]


def smooth_field(rng: np.random.Generator, h: int, w: int, cells: int) -> np.ndarray:
    """A smooth random field (h, w) float32 of roughly unit spread: a few cells of noise, upsampled."""
    gh, gw = max(2, round(cells * h / max(h, w))), max(2, round(cells * w / max(h, w)))
    g = rng.standard_normal((gh, gw)).astype(np.float32)
    return cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC)


def _jpeg(u8: np.ndarray, quality: int, subsampling: int) -> np.ndarray:
    """Encode and decode through JPEG with PIL (subsampling 0 = 4:4:4, 2 = 4:2:0)."""
    buf = io.BytesIO()
    kw = {"subsampling": subsampling} if u8.ndim == 3 else {}
    Image.fromarray(u8).save(buf, format="JPEG", quality=int(quality), **kw)
    buf.seek(0)
    return np.asarray(Image.open(buf)).copy()


def paper_ppi(corners: np.ndarray, w_in: float, h_in: float) -> float:
    """Pixels per inch of paper from the area of its quad in the picture."""
    x, y = corners[:, 0], corners[:, 1]
    area = 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))
    return math.sqrt(area / (w_in * h_in))


def dust(img: np.ndarray, rng: np.random.Generator, n: int, scale: float) -> None:
    """Dust specks and the odd hair on the glass, drawn into uint8 RGB img in place."""
    H, W = img.shape[:2]
    for _ in range(n):
        L = rng.uniform(15, 60) * scale if rng.random() < 0.15 else 0.0  # a hair or fibre, else a speck
        half = int(L / 2 + 3 * scale + 4)
        x, y = (
            int(rng.integers(half, max(half + 1, W - half))),
            int(rng.integers(half, max(half + 1, H - half))),
        )
        m: np.ndarray = np.zeros((2 * half + 1, 2 * half + 1), np.float32)
        if L:
            a, bend = rng.uniform(0, math.pi), rng.normal(0, 0.15)
            t = np.linspace(-0.5, 0.5, 12)
            px = half + L * (t * math.cos(a) - bend * np.cos(math.pi * t) * math.sin(a))
            py = half + L * (t * math.sin(a) + bend * np.cos(math.pi * t) * math.cos(a))
            cv2.polylines(
                m, [np.stack([px, py], 1).round().astype(np.int32)], False, float(rng.uniform(0.3, 0.7)), 1
            )
        else:
            cv2.circle(
                m,
                (half, half),
                max(1, round(rng.uniform(0.4, 1.8) * scale)),
                float(rng.uniform(0.25, 0.75)),
                -1,
            )
        m = cv2.GaussianBlur(m, (0, 0), 0.6)
        ys, xs = slice(y - half, y + half + 1), slice(x - half, x + half + 1)
        if img[ys, xs].shape[:2] == m.shape:
            img[ys, xs] = (img[ys, xs] * (1 - m)[:, :, None]).astype(np.uint8)


def finish(
    u8: np.ndarray, rng: np.random.Generator, luma: float, chroma: float, grey: bool, q: int, sub: int
) -> np.ndarray:
    """Add sensor noise to uint8 RGB, optionally turn grey, and pass through JPEG."""
    f: np.ndarray = u8.astype(np.float32)
    f = cv2.scaleAdd(_noise3(rng, u8.shape[0], u8.shape[1], luma, chroma), 1.0, f)
    out = cv2.convertScaleAbs(f)
    if grey:
        out = cv2.cvtColor(out, cv2.COLOR_RGB2GRAY)
    return _jpeg(out, q, sub)
