"""Pen marks and camera effects for printed cards: what the demo and the scan benchmark feed the scanner.

A printed PDF page is rasterized, marks are drawn where the layout engine puts each bubble (as a
player would make them: solid, scribbled, ticked, crossed, in light pencil, half filled, in black
or blue; and the marks that must not count: an erased smudge, a stray line beside a bubble), then
the page goes through a scanner (resampling, a quarter turn, a small skew, a light or dark bed,
JPEG) or a phone camera (perspective, uneven light, a shadow, vignetting, blur, noise, JPEG).

Everything is drawn from a `numpy.random.Generator`: equal seeds give equal images.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from ..core.models import Card
from ..layout.card import layout_card
from ..layout.geometry import MM
from ..layout.sheet import card_origins
from ..layout.templates import load_template

COUNTS = ("solid", "scribble", "tick", "cross", "pencil", "partial")
NOT_COUNTING = ("erased", "stray")
DOUBTFUL = ("faint",)
INKS = {"black": (30, 30, 35), "blue": (40, 60, 150), "pencil": (95, 95, 100)}  # RGB


def rasterize(pdf: Path, index: int, dpi: int) -> np.ndarray:
    """One page of a PDF as an RGB image."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        a = doc[index].render(scale=dpi / 72).to_numpy()
    finally:
        doc.close()
    return np.ascontiguousarray(a[:, :, :3][:, :, ::-1]) if a.ndim == 3 else cv2.cvtColor(a, cv2.COLOR_GRAY2RGB)


def bubbles_px(card: Card, template: str, slot: int, dpi: float) -> dict[str, tuple[float, float, float]]:
    """Where each bubble of the card in `slot` lands on the page: key ("101", "stake:5") → (x, y, r) px."""
    t = load_template(template)
    layout = layout_card(card, t)
    ox, oy = card_origins(t)[slot]
    page_h = t.page_size()[1]
    k = dpi / 72
    out = {}
    for key, b in [(str(n), b) for n, b in layout.bubbles().items()] + \
                  [(f"stake:{s}", b) for s, b in layout.stake_bubbles().items()]:
        x, y = b.centre()
        out[key] = ((x + ox) * k, (page_h - (y + oy)) * k, b.radius() * k)
    return out


def _ink(img: np.ndarray, mask: np.ndarray, colour: tuple[int, int, int], strength: float = 1.0) -> None:
    """Lay ink through `mask` (0–1 float), multiplied onto the paper as real ink is."""
    alpha = np.clip(mask * strength, 0, 1)[..., None]
    tint = np.array(colour, np.float32) / 255.0
    img[:] = (img.astype(np.float32) * (1 - alpha * (1 - tint))).astype(np.uint8)


def draw(img: np.ndarray, x: float, y: float, r: float, style: str, colour: str, rng: np.random.Generator) -> None:
    """Draw one mark of `style` on the bubble at (x, y) of radius r px, in place (RGB image)."""
    px_mm = r / 2.05  # a bubble is ≥ 4 mm across: about 2 mm of radius
    h, w = img.shape[:2]
    pad = int(3 * r)
    x0, y0 = max(0, int(x) - pad), max(0, int(y) - pad)
    x1, y1 = min(w, int(x) + pad), min(h, int(y) + pad)
    mask = np.zeros((y1 - y0, x1 - x0), np.float32)
    cx, cy = x - x0 + rng.normal(0, 0.06 * r), y - y0 + rng.normal(0, 0.06 * r)
    pen = max(1, round(0.5 * px_mm * rng.uniform(0.8, 1.3)))
    ink = INKS["pencil" if style in ("pencil", "erased", "faint") else colour]
    strength = 1.0

    def line(a: tuple[float, float], b: tuple[float, float], width: int = pen) -> None:
        cv2.line(mask, (round(a[0] * 8), round(a[1] * 8)), (round(b[0] * 8), round(b[1] * 8)), 1.0, width,
                 cv2.LINE_AA, 3)

    if style in ("solid", "pencil", "erased", "faint"):
        rr = r * {"solid": 0.95, "pencil": 0.9, "erased": 0.85, "faint": 0.55}[style] * rng.uniform(0.92, 1.05)
        pts = [(cx + rr * (1 + rng.normal(0, 0.05)) * math.cos(a), cy + rr * (1 + rng.normal(0, 0.05)) * math.sin(a))
               for a in np.linspace(0, 2 * math.pi, 18, endpoint=False)]
        cv2.fillPoly(mask, [np.round(np.array(pts) * 8).astype(np.int32)], 1.0, cv2.LINE_AA, 3)
        if style == "pencil":  # graphite: grainy and lighter than ink
            mask *= rng.uniform(0.55, 0.8, mask.shape).astype(np.float32) * rng.uniform(0.75, 1.0)
        elif style == "erased":  # what an eraser leaves: a faint, patchy smudge
            mask *= rng.uniform(0.0, 0.16, mask.shape).astype(np.float32)
        elif style == "faint":
            strength = rng.uniform(0.3, 0.4)
    elif style == "scribble":
        n = rng.integers(7, 12)
        for i in range(n):
            t = -0.85 + 1.7 * i / (n - 1)
            half = math.sqrt(max(0.0, 1 - t * t)) * r * 0.95
            yy = cy + t * r
            line((cx - half, yy + rng.normal(0, 0.1 * r)), (cx + half, yy + rng.normal(0, 0.1 * r)), pen + 1)
    elif style == "tick":
        a = (cx - 0.7 * r, cy + rng.normal(0, 0.1) * r)
        b = (cx - 0.1 * r, cy + 0.65 * r)
        c = (cx + 0.9 * r * rng.uniform(0.9, 1.3), cy - r * rng.uniform(0.9, 1.3))
        line(a, b)
        line(b, c)
    elif style == "cross":
        e = r * rng.uniform(0.75, 1.1)
        line((cx - e, cy - e), (cx + e, cy + e))
        line((cx - e, cy + e), (cx + e, cy - e))
    elif style == "partial":
        share = rng.uniform(0.55, 0.8)  # of the bubble's height, from the bottom or the left
        cv2.circle(mask, (round(cx * 8), round(cy * 8)), round(0.93 * r * 8), 1.0, -1, cv2.LINE_AA, 3)
        cut = int(round(cy - r + 2 * r * (1 - share)))
        mask[:max(0, cut), :] = 0
    elif style == "stray":  # a line down the side of the bubble, clear of its ring (and of its neighbours')
        side = rng.choice([-1, 1])
        off = r + 0.8 * px_mm + pen
        ang = rng.uniform(-0.08, 0.08)
        dx, dy = math.sin(ang) * 2 * r, math.cos(ang) * 2 * r
        line((cx + side * off - dx, cy - dy), (cx + side * off + dx, cy + dy))
    else:
        raise ValueError(f"unknown mark style {style!r}")
    _ink(img[y0:y1, x0:x1], mask, ink, strength)


@dataclass(frozen=True)
class Drawn:
    """The truth of one marked card: which selections and stake were marked so that they count."""

    serial: int
    picks: tuple[int, ...]
    stake: str | None  # "5", "other" or None
    styles: tuple[str, ...]


def legal_picks(card: Card, rng: np.random.Generator, count: int | None = None) -> tuple[int, ...]:
    """Picks a player may make: one side or one total per game (both when the rules allow)."""
    rules = card.rules
    games = [g for g in card.games if not g.off]
    n = count or int(rng.integers(rules.min_picks, min(rules.max_picks, len(games)) + 1))
    chosen = rng.choice(len(games), size=min(n, len(games)), replace=False)
    out = []
    for i in chosen:
        g = games[i]
        options = [g.numbers.away, g.numbers.home] + ([g.numbers.over, g.numbers.under] if g.numbers.over else [])
        out.append(int(options[rng.integers(len(options))]))
    return tuple(sorted(out))


def mark_card(img: np.ndarray, spots: dict[str, tuple[float, float, float]], picks: Iterable[int], stake: str | None,
              rng: np.random.Generator, styles: tuple[str, ...] = COUNTS, colour: str | None = None,
              extras: Iterable[tuple[str, str]] = ()) -> tuple[str, ...]:
    """Mark `picks` and `stake` in styles drawn from `styles`, then each (key, style) of `extras`
    (marks that must not count, or doubtful ones). Returns the styles used, in order."""
    ink = colour or str(rng.choice(["black", "blue"]))
    used = []
    keys = [str(p) for p in picks] + ([f"stake:{stake}"] if stake else [])
    for key in keys:
        style = str(rng.choice(list(styles)))
        x, y, r = spots[key]
        draw(img, x, y, r, style, ink, rng)
        used.append(style)
    for key, style in extras:
        x, y, r = spots[key]
        draw(img, x, y, r, style, ink, rng)
        used.append(style)
    return tuple(used)


# ------------------------------------------------------------------------------------------ effects


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    assert ok
    return cv2.imdecode(data, cv2.IMREAD_UNCHANGED)


def scanner(img: np.ndarray, rng: np.random.Generator, *, dpi_in: float, dpi_out: float = 200,
            quarter_turns: int = 0, skew_deg: float = 0.0, dark_bed: bool = False, margin_mm: float = 6.0,
            quality: int = 85, grey: bool = True) -> np.ndarray:
    """A document scanner: resampled, laid on its bed turned and skewed a little, JPEG-compressed."""
    f = dpi_out / dpi_in
    out = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    out = np.ascontiguousarray(np.rot90(out, quarter_turns))
    h, w = out.shape[:2]
    m = int(margin_mm * MM * dpi_out / 72)
    bed = 35 if dark_bed else 245
    big_w, big_h = w + 2 * m, h + 2 * m
    fill = bed if out.ndim == 2 else (bed, bed, bed)
    rot = cv2.getRotationMatrix2D((w / 2, h / 2), skew_deg, 1.0)
    rot[:, 2] += (m, m)
    out = cv2.warpAffine(out, rot, (big_w, big_h), flags=cv2.INTER_LINEAR, borderValue=fill)
    noise = rng.normal(0, 2.5, out.shape).astype(np.float32)
    out = np.clip(out.astype(np.float32) * rng.uniform(0.95, 1.0) + noise, 0, 255).astype(np.uint8)
    if grey and out.ndim == 3:
        out = cv2.cvtColor(out, cv2.COLOR_RGB2GRAY)
    return _jpeg(out, quality)


def phone(img: np.ndarray, rng: np.random.Generator, *, dpi_in: float, ppi: float = 200, tilt_deg: float = 10.0,
          quality: int = 80, grey: bool = False, blur: float = 1.0, motion: float = 0.0, shadow: bool = True) -> np.ndarray:
    """A phone photo: the paper on a table seen at up to `tilt_deg`, lit unevenly, maybe shadowed,
    vignetted, out of focus or shaken a little, noisy, JPEG-compressed."""
    f = ppi / dpi_in
    paper = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    paper = np.ascontiguousarray(np.rot90(paper, int(rng.integers(4))))
    h, w = paper.shape[:2]
    m = int(0.12 * max(h, w))
    bw, bh = w + 2 * m, h + 2 * m
    table = np.empty((bh, bw, 3), np.float32)
    table[:] = rng.uniform(40, 150, 3)
    table += rng.normal(0, 6, (bh, bw, 1))
    # perspective: a plane tilted by up to tilt_deg about a random axis, plus an in-plane turn
    t = math.radians(tilt_deg) * rng.uniform(0.4, 1.0)
    ax = rng.uniform(0, 2 * math.pi)
    spin = math.radians(rng.uniform(-8, 8))
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    cx, cy, dist = w / 2, h / 2, 1.6 * max(w, h)
    dst = []
    for px, py in src:
        x, y = px - cx, py - cy
        x, y = x * math.cos(spin) - y * math.sin(spin), x * math.sin(spin) + y * math.cos(spin)
        along = x * math.cos(ax) + y * math.sin(ax)
        z = along * math.sin(t)
        s = dist / (dist + z)
        dst.append((bw / 2 + x * s, bh / 2 + y * s))
    hmat = cv2.getPerspectiveTransform(src, np.float32(dst))
    warped = cv2.warpPerspective(paper, hmat, (bw, bh), flags=cv2.INTER_LINEAR)
    cover = cv2.warpPerspective(np.ones((h, w), np.float32), hmat, (bw, bh), flags=cv2.INTER_LINEAR)[..., None]
    out = warped.astype(np.float32) * cover + table * (1 - cover)
    yy, xx = np.mgrid[0:bh, 0:bw].astype(np.float32)
    g = rng.uniform(0.15, 0.35)
    ang = rng.uniform(0, 2 * math.pi)
    light = 1 - g / 2 + g * ((xx / bw - 0.5) * math.cos(ang) + (yy / bh - 0.5) * math.sin(ang))
    if shadow:  # a soft shadow of a hand or a phone across part of the picture
        sx, sy = rng.uniform(0, bw), rng.uniform(0, bh)
        sa = rng.uniform(0, math.pi)
        d = (xx - sx) * math.cos(sa) + (yy - sy) * math.sin(sa)
        light *= 1 - rng.uniform(0.15, 0.35) / (1 + np.exp(-d / (0.03 * max(bw, bh))))
    r2 = ((xx - bw / 2) / bw) ** 2 + ((yy - bh / 2) / bh) ** 2
    light *= 1 - rng.uniform(0.1, 0.3) * r2 * 2
    out *= light[..., None]
    if blur > 0:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    if motion > 0:
        k = max(3, int(motion) | 1)
        kern = np.zeros((k, k), np.float32)
        kern[k // 2, :] = 1.0 / k
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1.0)
        kern = cv2.warpAffine(kern, rot, (k, k))
        out = cv2.filter2D(out, -1, kern / max(kern.sum(), 1e-6))
    out += rng.normal(0, 3.0, out.shape)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if grey:
        out = cv2.cvtColor(out, cv2.COLOR_RGB2GRAY)
    else:
        out = cv2.cvtColor(out, cv2.COLOR_RGB2BGR)  # as OpenCV writes files
    return _jpeg(out, quality)


def tear(img: np.ndarray, template: str, slot: int, dpi: float, rng: np.random.Generator) -> np.ndarray:
    """One card torn off a sheet along its perforation (a ragged edge, a little of the margin)."""
    t = load_template(template)
    r = t.card_rects()[slot]
    ox, oy = t.offset_pt()
    k = dpi / 72
    page_h = t.page_size()[1]
    x0, x1 = int((r.x + ox) * k), int((r.right + ox) * k)
    y0, y1 = int((page_h - (r.top + oy)) * k), int((page_h - (r.y + oy)) * k)
    out = img[max(0, y0):y1, max(0, x0):x1].copy()
    jag = int(rng.uniform(0.5, 1.5) * MM * k)
    for edge in range(out.shape[1]):
        cut = int(abs(rng.normal(0, jag / 2)))
        if cut:
            out[:cut, edge] = 255
    return out


def cover_corner(img: np.ndarray, spots_fid: tuple[float, float], size: float, rng: np.random.Generator) -> None:
    """Tear off (paint the background over) the paper around one corner mark."""
    x, y = spots_fid
    s = size * rng.uniform(1.3, 1.8)
    cv2.rectangle(img, (int(x - s), int(y - s)), (int(x + s), int(y + s)), (255, 255, 255), -1)


def write_pdf(images: list[np.ndarray], path: Path, dpi: float) -> Path:
    """A scanner's PDF: one JPEG page per image at `dpi`, written beside `path` and then renamed."""
    from PIL import Image

    pages = [Image.fromarray(i if i.ndim == 2 else cv2.cvtColor(i, cv2.COLOR_BGR2RGB)) for i in images]
    tmp = path.with_name(path.name + ".part")
    pages[0].save(tmp, "PDF", save_all=True, append_images=pages[1:], resolution=dpi, quality=90)
    tmp.replace(path)
    return path
