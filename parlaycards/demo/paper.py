"""Paper as a scanner or a phone sees it: a card torn off its sheet (ragged perforations, a corner torn
off), a document scanner (resampled, turned, skewed, on a light or dark bed, JPEG), a phone photo
(perspective, a table, uneven light, a shadow, vignetting, blur, noise, JPEG), and the files they write.

Images are numpy uint8, RGB (H×W×3) or grey, page pixels with y down; a torn piece carries a fourth
channel, the paper. Everything random comes from a `numpy.random.Generator`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from ..core.models import Card
from .where import card_boxes_px


def _smooth(n: int, rng: np.random.Generator, scale: float, amplitude: float) -> np.ndarray:
    """A wandering 1-D profile of `n` samples: ±`amplitude`, changing over about `scale` samples."""
    knots = rng.normal(0, amplitude / 2, max(2, int(n / max(scale, 1)) + 2))
    return np.interp(np.arange(n), np.linspace(0, n - 1, len(knots)), knots).astype(np.float32)


def tear(
    img: np.ndarray,
    card: Card,
    template: str,
    slot: int,
    dpi: float,
    rng: np.random.Generator,
    *,
    corner: str | None = None,
) -> np.ndarray:
    """The card in `slot` torn off its sheet: RGBA, its perforated edges ragged (a little of the
    neighbour left on, or a little of the card lost: about a millimetre either way). `corner` ("tl", "tr", "bl", "br")
    also tears that corner off, corner mark and all: such a card must go to review."""
    boxes = card_boxes_px(card, template, slot, dpi)
    mm = dpi / 25.4
    h, w = img.shape[:2]
    cx0, cy0, cx1, cy1 = boxes["card"]
    spare = 1.5 * mm
    x0, y0 = max(0, int(cx0 - spare)), max(0, int(cy0 - spare))
    x1, y1 = min(w, int(math.ceil(cx1 + spare))), min(h, int(math.ceil(cy1 + spare)))
    out = np.empty((y1 - y0, x1 - x0, 4), np.uint8)
    out[:, :, :3] = img[y0:y1, x0:x1, :3]
    yy = np.arange(y0, y1, dtype=np.float32)[:, None]
    xx = np.arange(x0, x1, dtype=np.float32)[None, :]
    paper = np.ones(out.shape[:2], np.float32)
    for at, upright, sign in ((cx0, True, -1), (cx1, True, 1), (cy0, False, -1), (cy1, False, 1)):
        if min(at, (w if upright else h) - at) < 2:  # the sheet's own edge: cut clean
            continue
        n = paper.shape[0] if upright else paper.shape[1]
        wander = (
            _smooth(n, rng, 15 * mm, 0.5 * mm) + rng.uniform(-0.2, 0.4) * mm + rng.normal(0, 0.06 * mm, n)
        )
        line = at + sign * wander.astype(np.float32)
        paper *= (
            np.clip((line[:, None] - xx) * sign + 0.5, 0, 1)
            if upright
            else np.clip((line[None, :] - yy) * sign + 0.5, 0, 1)
        )
    if corner is not None:
        fx0, fy0, fx1, fy1 = boxes[corner]
        u = (xx - cx0) if corner[1] == "l" else (cx1 - xx)  # inward from the card's corner, along its edges
        v = (yy - cy0) if corner[0] == "t" else (cy1 - yy)
        mu = (fx1 - cx0) if corner[1] == "l" else (cx1 - fx0)  # the mark's inner corner
        mv = (fy1 - cy0) if corner[0] == "t" else (cy1 - fy0)
        q = rng.uniform(0.7, 1.4)  # the tear runs from edge to edge, 1.5–3 mm beyond the mark's inner corner
        lv = mu / q + mv + rng.uniform(1.5, 3.0) * mm * math.hypot(1, 1 / q)
        lu = lv * q
        dist = (u / lu + v / lv - 1) / math.hypot(1 / lu, 1 / lv)
        rag = _smooth(int(2 * (lu + lv)) + 2, rng, 3 * mm, 0.5 * mm)
        pos = np.clip((u - v + lv).astype(np.int32), 0, len(rag) - 1)
        paper *= np.clip(dist + rag[pos] + 0.5, 0, 1)
    out[:, :, 3] = np.round(paper * 255).astype(np.uint8)
    return out


def _split(img: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """RGB and the paper alpha (None: paper everywhere)."""
    if img.ndim == 3 and img.shape[2] == 4:
        return img[:, :, :3], img[:, :, 3]
    return img, None


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    """A JPEG round trip (RGB or grey)."""
    bgr = cv2.cvtColor(img, cv2.COLOR_RGB2BGR) if img.ndim == 3 else img
    ok, data = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise ValueError("the image could not be JPEG-encoded")
    out = cv2.imdecode(data, cv2.IMREAD_UNCHANGED)
    if out is None:
        raise ValueError("the JPEG could not be decoded")
    back: np.ndarray = cv2.cvtColor(out, cv2.COLOR_BGR2RGB) if out.ndim == 3 else out
    return back


def _field(h: int, w: int, rng: np.random.Generator, cells: int = 6) -> np.ndarray:
    """A smooth random field over h×w, mean 0 and roughly ±1: blotches of a table top or a lamp."""
    small = rng.standard_normal((cells, cells), dtype=np.float32)
    field: np.ndarray = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return field


def _coarse(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """x and y from 0 to 1 on a grid 1/8 the size of h×w: smooth fields are worked out there."""
    yy, xx = np.mgrid[0 : max(2, h // 8), 0 : max(2, w // 8)].astype(np.float32)
    return xx / (xx.shape[1] - 1), yy / (yy.shape[0] - 1)


def _place(img: np.ndarray, f: float, turns: int, grey: bool) -> tuple[np.ndarray, np.ndarray]:
    """Resampled by `f`, turned by quarter turns (counter-clockwise), grey or not: (picture, paper alpha)."""
    rgb, paper = _split(img)
    if grey and rgb.ndim == 3:
        rgb = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    how = cv2.INTER_AREA if f < 0.5 else cv2.INTER_LINEAR  # the scanner's optics blur what linear aliases
    rgb = cv2.resize(rgb, None, fx=f, fy=f, interpolation=how)
    paper = (
        np.full(rgb.shape[:2], 255, np.uint8)
        if paper is None
        else cv2.resize(paper, (rgb.shape[1], rgb.shape[0]), interpolation=how)
    )
    if turns % 4:
        code = (cv2.ROTATE_90_COUNTERCLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_CLOCKWISE)[turns % 4 - 1]
        rgb, paper = cv2.rotate(rgb, code), cv2.rotate(paper, code)
    return rgb, paper


def _finish(out: np.ndarray, rng: np.random.Generator, sigma: float, quality: int) -> np.ndarray:
    """Sensor noise (a tile of it drawn from `rng`, laid at a random offset), then the JPEG round trip."""
    h, w = out.shape[:2]
    tile = np.round(rng.standard_normal((251, 257, *out.shape[2:]), dtype=np.float32) * sigma).astype(
        np.int16
    )
    dy, dx = int(rng.integers(251)), int(rng.integers(257))
    noise = cv2.repeat(tile, -(-(h + dy) // 251), -(-(w + dx) // 257))[dy : dy + h, dx : dx + w]
    return _jpeg(cv2.add(out, noise, dtype=cv2.CV_8U), quality)


# Each setting of a picture, in the order it is drawn from the generator when not given, and how.
Draws = dict[str, Callable[[np.random.Generator], float]]
SCAN_SETTINGS: Draws = {
    "quarter_turns": lambda rng: int(rng.integers(4)),
    "skew_deg": lambda rng: float(rng.uniform(-3, 3)),
    "dark_bed": lambda rng: bool(rng.random() < 0.2),
    "jpeg_quality": lambda rng: int(rng.integers(50, 96)),
    "grey": lambda rng: bool(rng.random() < 0.6),
    "margin_mm": lambda rng: rng.uniform(2, 8),
}
PHOTO_SETTINGS: Draws = {
    "ppi": lambda rng: float(rng.uniform(140, 240)),
    "tilt_deg": lambda rng: rng.uniform(0, 15),
    "spin_deg": lambda rng: rng.choice([0, 90, 180, 270]) + rng.normal(0, 6),
    "shadow": lambda rng: bool(rng.random() < 0.6),
    "motion": lambda rng: float(rng.uniform(2, 5)) if rng.random() < 0.15 else 0.0,
    "blur": lambda rng: float(rng.uniform(0.3, 1.3)),
    "grey": lambda rng: bool(rng.random() < 0.25),
    "jpeg_quality": lambda rng: int(rng.integers(50, 96)),
}


def _settings(draws: Draws, given: dict[str, float | None], rng: np.random.Generator) -> dict[str, float]:
    """Each setting of `draws` as given, else drawn from `rng`, in the order of `draws`."""
    unknown = sorted(set(given) - set(draws))
    if unknown:
        raise TypeError(f"no picture setting {', '.join(unknown)}; the settings: {', '.join(draws)}")
    return {name: draw(rng) if (value := given.get(name)) is None else value for name, draw in draws.items()}


def scanner(
    img: np.ndarray, rng: np.random.Generator, *, dpi_in: float, dpi_out: float = 200, **given: float | None
) -> np.ndarray:
    """A flatbed or sheet-fed scan: resampled to `dpi_out`, turned by quarter turns and a small skew
    (≤ 3°), on a light or dark bed with a margin, mildly noisy, JPEG round trip (quality 50–95).
    `given`: settings of SCAN_SETTINGS (`quarter_turns`, `skew_deg`, `dark_bed`, `jpeg_quality`, `grey`,
    `margin_mm`); the others are drawn from `rng`. Returns RGB, or H×W grey when `grey`."""
    got = _settings(SCAN_SETTINGS, given, rng)
    turns, skew, dark = int(got["quarter_turns"]), got["skew_deg"], bool(got["dark_bed"])
    quality, grey, margin = int(got["jpeg_quality"]), bool(got["grey"]), got["margin_mm"]
    rgb, paper = _place(img, dpi_out / dpi_in, turns, grey)
    h, w = paper.shape
    m = margin * dpi_out / 25.4
    c, s = abs(math.cos(math.radians(skew))), abs(math.sin(math.radians(skew)))
    bw, bh = int(w * c + h * s + 2 * m), int(w * s + h * c + 2 * m)
    rot = cv2.getRotationMatrix2D((w / 2, h / 2), skew, 1.0)
    rot[:, 2] += (bw / 2 - w / 2, bh / 2 - h / 2)
    rgb = cv2.GaussianBlur(cv2.warpAffine(rgb, rot, (bw, bh), flags=cv2.INTER_LINEAR), (0, 0), 0.45)  # optics
    a = cv2.warpAffine(paper, rot, (bw, bh), flags=cv2.INTER_LINEAR).astype(np.float32) / 255
    lamp: np.ndarray = rng.uniform(0.96, 1.02) + 0.015 * _field(
        1, bw, rng, 4
    )  # the lamp varies a little along the sensor
    lamp = cv2.resize(np.clip(lamp * 200, 0, 255).astype(np.uint8), (bw, bh), interpolation=cv2.INTER_NEAREST)
    lit = cv2.multiply(rgb, lamp if rgb.ndim == 2 else cv2.merge([lamp] * 3), scale=1 / 200)
    bed = np.full_like(lit, int(rng.uniform(15, 45) if dark else rng.uniform(232, 250)))
    return _finish(cv2.blendLinear(lit, bed, a, 1 - a), rng, rng.uniform(1.0, 2.5), quality)


def _tilted(w: int, h: int, spin: float, tilt: float, axis: float, reach: float) -> np.ndarray:
    """Where a w×h sheet's corners land when turned `spin` in its plane, tilted `tilt` about an
    in-plane axis at angle `axis`, and seen by a pinhole camera `reach` px away (radians)."""
    out = []
    corners: tuple[tuple[float, float], ...] = ((0, 0), (w, 0), (w, h), (0, h))
    for x, y in corners:
        x, y = x - w / 2, y - h / 2
        x, y = x * math.cos(spin) - y * math.sin(spin), x * math.sin(spin) + y * math.cos(spin)
        along, across = x * math.cos(axis) + y * math.sin(axis), -x * math.sin(axis) + y * math.cos(axis)
        z = across * math.sin(tilt)
        across *= math.cos(tilt)
        x, y = (
            along * math.cos(axis) - across * math.sin(axis),
            along * math.sin(axis) + across * math.cos(axis),
        )
        out.append((x * reach / (reach + z), y * reach / (reach + z)))
    return np.array(out, np.float32)


TABLES = ((120, 80, 50), (150, 110, 70), (70, 60, 55), (95, 95, 100), (180, 175, 165), (45, 45, 50))  # RGB


def phone(img: np.ndarray, rng: np.random.Generator, *, dpi_in: float, **given: float | None) -> np.ndarray:
    """A phone photo of the paper on a table: `ppi` (140–240) pixels an inch on the paper, seen at
    `tilt_deg` (≤ 15) and turned `spin_deg` (any, quarter turns included), lit unevenly, maybe with
    a soft `shadow` across it, vignetted, out of focus (`blur`, px) or shaken (`motion`, px), noisy,
    in colour or `grey`, JPEG round trip (`jpeg_quality` 50–95). `given`: settings of PHOTO_SETTINGS;
    the others are drawn from `rng`."""
    got = _settings(PHOTO_SETTINGS, given, rng)
    ppi, tilt, spin = got["ppi"], math.radians(got["tilt_deg"]), math.radians(got["spin_deg"])
    shadow, motion, blur = bool(got["shadow"]), got["motion"], got["blur"]
    grey, quality = bool(got["grey"]), int(got["jpeg_quality"])
    rgb, paper = _place(img, ppi / dpi_in, 0, False)
    view = _View.of(rgb, paper, spin, tilt, rng)
    table = np.array(TABLES[int(rng.integers(len(TABLES)))], np.float32) * rng.uniform(0.85, 1.1)
    light, blotch = _phone_light(view, shadow, rng)
    lit = cv2.multiply(view.seen, view.full(light, 200), scale=1 / 200)
    out = cv2.blendLinear(lit, view.full(light * blotch * table, 1), view.a, 1 - view.a)
    if blur > 0:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    if motion > 0:
        k = max(3, int(round(motion)) | 1)
        kern: np.ndarray = np.zeros((k, k), np.float32)
        kern[k // 2, :] = 1
        kern = cv2.warpAffine(
            kern, cv2.getRotationMatrix2D(((k - 1) / 2, (k - 1) / 2), rng.uniform(0, 180), 1), (k, k)
        )
        kernel: np.ndarray = kern / max(float(kern.sum()), 1e-6)
        out = cv2.filter2D(out, -1, kernel)
    if grey:
        out = cv2.cvtColor(out, cv2.COLOR_RGB2GRAY)
    return _finish(out, rng, rng.uniform(2, 5), quality)


@dataclass(frozen=True)
class _View:
    """The paper as the phone sees it: the picture `seen` (bw × bh) and the paper's share of each pixel
    `a`, the paper's corners in it (`dst`), their bounds before the table's margins and the larger span."""

    seen: np.ndarray
    a: np.ndarray
    dst: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    span: float
    bw: int
    bh: int

    @classmethod
    def of(
        cls, rgb: np.ndarray, paper: np.ndarray, spin: float, tilt: float, rng: np.random.Generator
    ) -> _View:
        """The paper turned `spin`, tilted `tilt` about a random axis, with table showing round it."""
        h, w = paper.shape
        corners = _tilted(w, h, spin, tilt, rng.uniform(0, math.pi), max(w, h) * rng.uniform(1.2, 1.8))
        lo, hi = corners.min(axis=0), corners.max(axis=0)
        span = float(max(hi - lo))
        left, right, top, bottom = (span * rng.uniform(0.05, 0.18) for _ in range(4))
        bw, bh = int(hi[0] - lo[0] + left + right), int(hi[1] - lo[1] + top + bottom)
        dst = corners - lo + np.array([left, top], np.float32)
        hmat = cv2.getPerspectiveTransform(np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float32), dst)
        seen = cv2.warpPerspective(rgb, hmat, (bw, bh), flags=cv2.INTER_LINEAR)
        a = cv2.warpPerspective(paper, hmat, (bw, bh), flags=cv2.INTER_LINEAR).astype(np.float32) / 255
        return cls(seen, a, dst, lo, hi, span, bw, bh)

    def full(self, field: np.ndarray, k: float) -> np.ndarray:
        """A coarse field times `k`, as uint8 at the picture's size."""
        out: np.ndarray = cv2.resize(
            np.clip(field * k, 0, 255).astype(np.uint8), (self.bw, self.bh), interpolation=cv2.INTER_LINEAR
        )
        return out


def _phone_light(view: _View, shadow: bool, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The light, worked out coarse: gradient, maybe a soft shadow, vignetting, white balance; and the
    table's blotches."""
    bw, bh, span = view.bw, view.bh, view.span
    xx, yy = _coarse(bh, bw)
    ang = rng.uniform(0, 2 * math.pi)
    gradient = rng.uniform(0.1, 0.35)
    light = 1 - gradient / 2 + gradient * ((xx - 0.5) * math.cos(ang) + (yy - 0.5) * math.sin(ang))
    if shadow:  # a soft shadow of the phone or a hand: a blurred edge through the card
        sx, sy = (view.dst.mean(axis=0) + rng.normal(0, 0.2, 2) * (view.hi - view.lo)) / (bw, bh)
        sa = rng.uniform(0, 2 * math.pi)
        d = (xx - sx) * math.cos(sa) * bw + (yy - sy) * math.sin(sa) * bh
        light *= 1 - rng.uniform(0.15, 0.4) / (1 + np.exp(-d / (rng.uniform(0.01, 0.05) * span)))
    light *= 1 - rng.uniform(0.1, 0.3) * 2 * ((xx - 0.5) ** 2 + (yy - 0.5) ** 2)
    light = light[..., None] * (1 + rng.normal(0, 0.03, 3)).astype(np.float32)  # white balance a little off
    blotch = (1 + 0.06 * _field(xx.shape[0], xx.shape[1], rng, 12))[..., None]
    return light, blotch


def write_scanner_pdf(images: Sequence[np.ndarray], path: Path, dpi: float, quality: int = 95) -> Path:
    """A scanner's PDF: one JPEG page per image (RGB or grey) at `dpi`, written beside `path`, then renamed."""
    from PIL import Image

    pages = [Image.fromarray(i) for i in images]
    tmp = path.with_name(f".{path.name}.part")
    pages[0].save(tmp, "PDF", save_all=True, append_images=pages[1:], resolution=dpi, quality=quality)
    tmp.replace(path)
    return path


def write_photo(img: np.ndarray, path: Path, quality: int = 95) -> Path:
    """A photo file: JPEG, or PNG when `path` ends in .png (RGB or grey)."""
    from PIL import Image

    tmp = path.with_name(f".{path.name}.part")
    fmt = "PNG" if path.suffix.lower() == ".png" else "JPEG"
    Image.fromarray(img).save(tmp, fmt, **({"quality": quality} if fmt == "JPEG" else {"compress_level": 1}))
    tmp.replace(path)
    return path
