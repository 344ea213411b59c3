"""Held-out strokes: a sampled pen path with pressure and width, rendered at 2× into a deposit map and
turned into ink on the page by tool (see `demo.heldout.marker`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .hand import SS, Hand, Tool

# ---------------------------------------------------------------------------------------------- strokes


@dataclass
class Stroke:
    """A sampled pen path in patch px: points (N, 2), pressure (N,), width (N,) px."""

    pts: np.ndarray
    press: np.ndarray
    width: np.ndarray


def _smooth1d(a: np.ndarray, sigma: float) -> np.ndarray:
    """Gaussian smoothing along axis 0, edges held."""
    if sigma < 0.3 or len(a) < 3:
        return a
    k = int(3 * sigma) + 1
    x = np.arange(-k, k + 1)
    w = np.exp(-0.5 * (x / sigma) ** 2)
    w /= w.sum()
    pad = np.concatenate([np.repeat(a[:1], k, 0), a, np.repeat(a[-1:], k, 0)])
    if a.ndim == 1:
        return np.convolve(pad, w, mode="valid")
    return np.stack([np.convolve(pad[:, i], w, mode="valid") for i in range(a.shape[1])], axis=1)


def _noise1d(n: int, rng: np.random.Generator, corr: float) -> np.ndarray:
    """Smooth noise of unit spread along n + 1 samples, correlation length `corr` samples."""
    sigma = min(max(corr, 0.5), 200.0)
    k = int(3 * sigma) + 1
    w = np.exp(-0.5 * (np.arange(-k, k + 1) / sigma) ** 2)
    w /= math.sqrt(float((w * w).sum()))
    return np.convolve(rng.standard_normal(n + 1 + 2 * k), w, mode="valid")


def pen_path(
    way: np.ndarray, rng: np.random.Generator, *, jitter: float, step: float, round_px: float, wobble: float
) -> np.ndarray:
    """A hand's trajectory through waypoints: jittered, densified at `step` px, corners rounded by
    `round_px`, with a slow sideways wobble of `wobble` px."""
    way = way + rng.normal(0, jitter, way.shape)
    seg = np.diff(way, axis=0)
    lens = np.hypot(seg[:, 0], seg[:, 1])
    n = np.maximum(1, np.ceil(lens / step).astype(int))
    pts = [way[:1]]
    for i in range(len(seg)):
        t = (np.arange(1, n[i] + 1) / n[i])[:, None]
        pts.append(way[i] + t * seg[i])
    p = np.concatenate(pts)
    p = _smooth1d(p, round_px / step)
    if wobble > 0 and len(p) > 4:
        d = np.gradient(p, axis=0)
        nrm = np.hypot(d[:, 0], d[:, 1])[:, None] + 1e-9
        perp = np.stack([-d[:, 1], d[:, 0]], axis=1) / nrm
        p = p + perp * (wobble * _noise1d(len(p), rng, 12.0 / step))[: len(p), None]
    return p


def pen_stroke(
    pts: np.ndarray, tool: Tool, hand: Hand, rng: np.random.Generator, ppm: float, *, press: float = 1.0
) -> Stroke:
    """Pressure and width along a path: ramps at both ends, a drift, and ballpoint skips."""
    n = len(pts)
    d = np.diff(pts, axis=0)
    arc = np.concatenate([[0.0], np.cumsum(np.hypot(d[:, 0], d[:, 1]))])
    total = max(arc[-1], 1e-6)
    ramp_in = np.clip(arc / (rng.uniform(0.4, 1.2) * ppm), 0, 1) ** 0.6
    ramp_out = np.clip((total - arc) / (rng.uniform(0.5, 2.0) * ppm), 0, 1) ** 0.7
    p = hand.pressure * press * (0.55 + 0.45 * ramp_in) * (0.45 + 0.55 * ramp_out)
    p = p * (1 + 0.12 * _noise1d(n, rng, max(2.0, 3 * ppm / max(total / n, 1e-3))))[:n]
    if tool.skips > 0:
        rate = tool.skips * (total / ppm / 10) * (1.25 - 0.5 * min(hand.pressure, 1.2))
        for _ in range(int(rng.poisson(max(rate, 0)))):
            c = rng.uniform(0, total)
            half = rng.uniform(0.15, 0.7) * ppm
            m = np.abs(arc - c) < half
            p[m] *= rng.uniform(0.0, 0.35)
    w0 = rng.uniform(*tool.width_mm) * ppm * hand.width
    if tool.kind in ("felt", "marker"):  # a felt tip gives ink at any pressure; pressing spreads the tip
        w = w0 * (0.8 + 0.25 * np.clip(p, 0, 1.3))
        p = 0.75 + 0.25 * p
    elif tool.kind == "pencil":
        w = w0 * (0.8 + 0.25 * np.clip(p, 0, 1.3))
    else:
        w = np.full(n, w0)
    return Stroke(pts, np.clip(p, 0, 1.3), w)


def fit_strokes(strokes: list[Stroke], c: np.ndarray, lim: float) -> list[Stroke]:
    """Shrink any stroke that would reach past `lim` px from the centre `c`, towards the centre."""
    out = []
    for s in strokes:
        rr = np.hypot(*(s.pts - c).T) + s.width / 2
        m = float(rr.max())
        if m > lim:
            k = max(0.2, (lim - float(s.width.max()) / 2) / max(m - float(s.width.max()) / 2, 1e-6))
            s = Stroke(c + (s.pts - c) * k, s.press, s.width)
        out.append(s)
    return out


def render_strokes(
    strokes: list[Stroke],
    shape: tuple[int, int],
    tool: Tool,
    rng: np.random.Generator,
    *,
    ss: int = SS,
    heavy: bool = False,
) -> np.ndarray:
    """Strokes → deposit map (float32, patch px; 1 ≈ one full layer of the tool's ink). `heavy`: layer
    on layer adds up without saturating (a scribble-out), rendered at `ss`× supersampling."""
    h, w = shape
    H, W = h * ss, w * ss
    acc: np.ndarray = np.zeros((H, W), np.float32)
    one = np.zeros((H, W), np.uint8)
    for s in strokes:
        for pts, width, gain in _layers(s, tool, rng):
            one[:] = 0
            _draw_layer(one, pts, s.press * gain, width, ss)
            acc += one.astype(np.float32) * (1 / 190)
    if ss > 1:
        acc = cv2.resize(acc, (w, h), interpolation=cv2.INTER_AREA)
    return _deposit(acc, shape, tool, rng, heavy)


def _layers(s: Stroke, tool: Tool, rng: np.random.Generator) -> list[tuple[np.ndarray, np.ndarray, float]]:
    """The layers a tool lays down along a stroke: points, width and gain of each."""
    if tool.kind == "ball":
        return [(s.pts, s.width, 0.7), (s.pts, s.width * 0.4, 0.45)]
    if tool.kind != "pencil":
        return [(s.pts, s.width, 1.0)]
    d = np.gradient(s.pts, axis=0)
    nrm = np.hypot(d[:, 0], d[:, 1])[:, None] + 1e-9
    perp = np.stack([-d[:, 1], d[:, 0]], axis=1) / nrm
    layers = [(s.pts, s.width * 0.8, 0.55)]
    for off in (-0.25, 0.25):  # streaks of the worn point along the stroke
        layers.append((s.pts + perp * (off * s.width)[:, None], s.width * 0.35, rng.uniform(0.25, 0.45)))
    return layers


def _draw_layer(one: np.ndarray, pts: np.ndarray, press: np.ndarray, width: np.ndarray, ss: int) -> None:
    """One layer drawn into `one` (uint8, supersampled): pressure in steps of ~4 %, whole supersampled px
    of width; each run of equal segments drawn as one polyline."""
    P = np.round(pts * ss * 16).astype(np.int32)
    val = (np.clip(press * 190, 0, 255) / 12).round().astype(np.int32) * 12
    th = np.maximum(1, np.round(width * ss)).astype(np.int32)
    key = (val * 256 + th)[:-1]
    cuts = np.flatnonzero(np.diff(key)) + 1
    for a, b in zip(np.concatenate([[0], cuts]), np.concatenate([cuts, [len(key)]]), strict=True):
        if val[a] < 3:
            continue
        cv2.polylines(one, [P[a : b + 1]], False, int(val[a]), int(th[a]), cv2.LINE_AA, 4)


def _deposit(
    acc: np.ndarray, shape: tuple[int, int], tool: Tool, rng: np.random.Generator, heavy: bool
) -> np.ndarray:
    """Layers of ink added up (`acc`, patch px) → the deposit: saturating by tool, on the paper's grain."""
    k = tool.sat
    if heavy:
        g = paper_grain(shape, rng, sigma=0.7)
        return (acc * (0.75 + 0.5 * g)).astype(np.float32)
    if tool.kind == "pencil":
        eff = 1 - np.exp(-1.3 * acc)
        g = paper_grain(shape, rng, sigma=0.55)
        cover = np.clip((g + 1.6 * eff - 0.9) / 0.6, 0, 1)
        dep: np.ndarray = eff * (0.3 + 0.7 * cover) * 1.3
    else:
        dep = (1 - np.exp(-k * acc)) / (1 - math.exp(-k))
        # ink soaks into fibres unevenly; felt and marker bleed a little at the edge
        dep *= 1 + 0.07 * paper_grain(shape, rng, sigma=1.2, centred=True)
        if tool.kind in ("felt", "marker"):
            dep = cv2.GaussianBlur(dep, (0, 0), 0.6)
    result: np.ndarray = np.clip(dep, 0, 1.6).astype(np.float32)
    return result


def paper_grain(
    shape: tuple[int, int], rng: np.random.Generator, sigma: float = 0.8, centred: bool = False
) -> np.ndarray:
    """Paper tooth: blurred noise mapped to 0…1 (or centred on 0 with unit-ish spread)."""
    noise = rng.standard_normal(shape, dtype=np.float32)
    z: np.ndarray = cv2.GaussianBlur(noise, (0, 0), sigma)
    z /= max(float(z.std()), 1e-6)
    if centred:
        return z
    result: np.ndarray = 0.5 * (1 + np.tanh(0.9 * z))
    return result


@dataclass(frozen=True)
class OnPage:
    """The part of a patch that lies on the page: where on the page (`page`, and its first three channels
    `rgb`), and the same pixels in the patch (`local`)."""

    page: tuple[slice, slice]
    local: tuple[slice, slice]

    @property
    def rgb(self) -> tuple[slice, slice, slice]:
        return (*self.page, slice(0, 3))


def on_page(img: np.ndarray, x0: int, y0: int, h: int, w: int) -> OnPage | None:
    """The part of an h × w patch at (x0, y0) that lies on the page `img`; None if none does."""
    H, W = img.shape[:2]
    ax0, ay0, ax1, ay1 = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    if ax1 <= ax0 or ay1 <= ay0:
        return None
    return OnPage((slice(ay0, ay1), slice(ax0, ax1)), (slice(ay0 - y0, ay1 - y0), slice(ax0 - x0, ax1 - x0)))


def apply_ink(
    img: np.ndarray,
    x0: int,
    y0: int,
    dep: np.ndarray,
    trans: tuple[float, float, float],
    body: tuple[float, float, float] | None = None,
) -> None:
    """Lay ink of transmittance `trans` and deposit `dep` onto img at (x0, y0), in place, clipped to the
    image: it multiplies onto paper and print (Beer–Lambert per channel). With `body`, the colour a thick
    layer shows by itself: layer on layer the ink hides what was printed under it."""
    h, w = dep.shape
    box = on_page(img, x0, y0, h, w)
    if box is None:
        return
    d = dep[box.local]
    lt = np.log(np.array(trans, np.float32))
    if img.ndim == 2:
        f = np.exp(d * float(lt.mean()))
        patch = img[box.page].astype(np.float32) * f
        if body is not None:
            hide = 1 - np.exp(-0.8 * d)
            patch = patch * (1 - hide) + float(np.mean(body)) * hide
        img[box.page] = np.clip(patch + 0.5, 0, 255).astype(np.uint8)
        return
    f = np.exp(d[:, :, None] * lt[None, None, :])
    patch = img[box.rgb].astype(np.float32) * f
    if body is not None:  # a thick layer is opaque: it shows its own colour, whatever is under it
        hide = (1 - np.exp(-0.8 * d))[:, :, None]
        patch = patch * (1 - hide) + np.array(body, np.float32) * hide
    img[box.rgb] = np.clip(patch + 0.5, 0, 255).astype(np.uint8)
