"""Held-out synthetic cameras: a flatbed / sheet-fed document scanner and a phone photographing paper on
a table. Written apart from the card reader and from `demo.paper`.

Input: page pixels (uint8 RGB H×W×3, y down) at `dpi_in`, or RGBA whose 4th channel is the paper (255
paper, 0 none: a card torn off its sheet); the scanner bed or the table shows where there is no paper.
Output: uint8 RGB (H×W×3) or grey (H×W), always through a real JPEG encode/decode.

`scanner_shot` / `phone_shot` also say where the paper's corners landed (ground truth for a benchmark);
`scanner` / `phone` return only the image. All randomness comes from the Generator passed in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .sensor import dust, finish, paper_ppi, rgba, smooth_field


@dataclass(frozen=True)
class Shot:
    """A picture and where the input's corners (top-left, top-right, bottom-right, bottom-left) landed in it."""

    image: np.ndarray
    corners: np.ndarray  # (4, 2) float: x, y output px
    ppi: float  # pixels per inch of paper: sqrt(paper's area in the picture / paper's area in inches)


# ---------------------------------------------------------------------------------------------- scanner


def scanner_shot(img: np.ndarray, rng: np.random.Generator, *, dpi_in: float, dpi_out: float = 200) -> Shot:
    """A document scanner's page: resampled to dpi_out, skewed up to 3°, sometimes turned by quarter
    turns, on a light or dark bed, slightly blurred, noisy, dusty, grey or colour, through JPEG q50–95."""
    src = rgba(img)
    h0, w0 = src.shape[:2]
    s = dpi_out / dpi_in
    pw, ph = max(1, round(w0 * s)), max(1, round(h0 * s))
    small = cv2.resize(src, (pw, ph), interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_CUBIC)
    skew = math.radians(float(np.clip(rng.normal(0, 1.2), -3, 3)))
    if rng.random() < 0.35:  # sheet-fed, cropped to the page size: only the skewed corners show the bed
        W, H, shift = pw, ph, (0.0, 0.0)
    else:  # flatbed: some bed around the paper
        mx, my = rng.uniform(0.05, 0.35, 2) * dpi_out
        c, si = abs(math.cos(skew)), abs(math.sin(skew))
        W, H = int(pw * c + ph * si + 2 * mx), int(pw * si + ph * c + 2 * my)
        shift = (float(rng.uniform(-0.6, 0.6) * mx), float(rng.uniform(-0.6, 0.6) * my))
    M = cv2.getRotationMatrix2D((pw / 2, ph / 2), math.degrees(skew), 1.0)
    M[:, 2] += np.array([W / 2 - pw / 2 + shift[0], H / 2 - ph / 2 + shift[1]])
    warped = cv2.warpAffine(
        small, M, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0)
    )
    a = warped[:, :, 3]

    # the bed: a white lid (with the paper edge's shadow on it) or a black one
    if rng.random() < 0.6:
        edge = cv2.GaussianBlur(a, (0, 0), 1.5 * dpi_out / 200)
        bed = cv2.convertScaleAbs(cv2.subtract(edge, a), alpha=-0.3, beta=float(rng.uniform(215, 245)))
    else:
        bed = np.full((H, W), int(rng.uniform(12, 45)), np.uint8)
    wa = a.astype(np.float32) * (1 / 255)
    out = cv2.blendLinear(
        np.ascontiguousarray(warped[:, :, :3]), cv2.cvtColor(bed, cv2.COLOR_GRAY2RGB), wa, 1 - wa
    )

    # tone: the lamp and curve (paper near white, blacks lifted), a slight tint, the optics' blur
    white, black = rng.uniform(238, 258), rng.uniform(8, 28)
    tone = np.diag(rng.uniform(0.97, 1.03, 3) * (white - black) / 255)
    out = cv2.transform(out, np.hstack([tone, np.full((3, 1), black)]))
    out = cv2.GaussianBlur(out, (0, 0), float(rng.uniform(0.35, 0.9)))
    dust(out, rng, int(rng.poisson(4)), dpi_out / 200)
    if rng.random() < 0.3:  # a CCD element that reads a little off: a faint streak down the page
        x = int(rng.integers(0, W))
        out[:, x] = cv2.convertScaleAbs(out[:, x], alpha=float(rng.uniform(0.96, 1.03)))

    corners = cv2.transform(np.array([[[0, 0], [pw, 0], [pw, ph], [0, ph]]], np.float32), M)[0].astype(
        np.float64
    )
    k = int(rng.choice([0, 0, 0, 0, 0, 0, 1, 2, 3]))
    if k:
        out = np.ascontiguousarray(np.rot90(out, k))
        for _ in range(k):  # np.rot90 turns counter-clockwise: (x, y) → (y, W - x)
            corners = np.stack([corners[:, 1], W - corners[:, 0]], 1)
            W, H = H, W
    grey = bool(rng.random() < 0.4)
    image = finish(
        out, rng, float(rng.uniform(0.8, 2.5)), 0.0, grey, int(rng.integers(50, 96)), int(rng.choice([0, 2]))
    )
    return Shot(image, corners, paper_ppi(corners, w0 / dpi_in, h0 / dpi_in))


def scanner(img: np.ndarray, rng: np.random.Generator, *, dpi_in: float, dpi_out: float = 200) -> np.ndarray:
    """A document scanner page (uint8 RGB or grey) of img at dpi_in; see `scanner_shot`."""
    return scanner_shot(img, rng, dpi_in=dpi_in, dpi_out=dpi_out).image


# ---------------------------------------------------------------------------------------------- phone


def _table(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A table or desk top, float32 RGB (h, w, 3): wood, laminate, a dark desk or a cloth; built at a
    quarter of the size and upsampled (the camera's noise supplies the fine grain)."""
    kind = str(rng.choice(["wood", "laminate", "dark", "cloth"], p=[0.4, 0.3, 0.15, 0.15]))
    qh, qw = h // 4 + 1, w // 4 + 1
    if kind == "wood":
        base = np.array([rng.uniform(95, 165), rng.uniform(60, 110), rng.uniform(30, 70)], np.float32)
        ang = rng.uniform(0, math.pi)
        yy, xx = np.mgrid[:qh, :qw].astype(np.float32)
        u = xx * math.cos(ang) + yy * math.sin(ang)
        v = -xx * math.sin(ang) + yy * math.cos(ang)
        v = v + smooth_field(rng, qh, qw, 4) * rng.uniform(3, 10) + u * rng.normal(0, 0.02)
        lo, n = float(v.min()) - 1, int(v.max() - v.min()) + 3
        fine: np.ndarray = cv2.GaussianBlur(
            rng.standard_normal((n, 1)).astype(np.float32), (0, 0), rng.uniform(0.6, 1.5)
        ).ravel()
        coarse: np.ndarray = cv2.GaussianBlur(
            rng.standard_normal((n, 1)).astype(np.float32), (0, 0), rng.uniform(6, 15)
        ).ravel()
        fine /= max(float(fine.std()), 1e-6)
        coarse /= max(float(coarse.std()), 1e-6)
        idx = np.arange(n, dtype=np.float32) + lo
        t = (
            1
            + 0.07 * np.interp(v, idx, fine)
            + 0.1 * np.interp(v, idx, coarse)
            + 0.04 * smooth_field(rng, qh, qw, 6)
        )
        tex = base[None, None, :] * t[:, :, None].astype(np.float32)
    elif kind == "laminate":
        base = np.array(rng.uniform(120, 170, 3), np.float32) * np.array([1.0, 0.98, 0.93], np.float32)
        tex = base[None, None, :] * (1 + 0.04 * smooth_field(rng, qh, qw, 12))[:, :, None]
    elif kind == "dark":
        base = np.array(rng.uniform(25, 60, 3), np.float32)
        tex = base[None, None, :] * (1 + 0.08 * smooth_field(rng, qh, qw, 10))[:, :, None]
    else:
        base = np.array([rng.uniform(40, 140), rng.uniform(40, 120), rng.uniform(50, 150)], np.float32)
        tex = base[None, None, :] * (1 + 0.06 * smooth_field(rng, qh, qw, 16))[:, :, None]
    tex = tex + rng.standard_normal(tex.shape).astype(np.float32) * float(rng.uniform(1.5, 4))
    result: np.ndarray = cv2.resize(tex.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    return result


def _frame_paper(
    rng: np.random.Generator, w_in: float, h_in: float, ppi: float
) -> tuple[np.ndarray, int, int]:
    """Where the paper's corners fall in an undistorted 4:3 picture: a camera tilted ≤ 15° about a random
    axis, any turn in the plane, scaled to `ppi` (by area), a margin of table on every side."""
    tilt = math.radians(float(rng.uniform(0, 15)))
    axis = rng.uniform(0, 2 * math.pi)
    if rng.random() < 0.5:
        turn = rng.uniform(0, 2 * math.pi)
    else:  # held square to the card, near enough
        turn = float(rng.choice([0, 0.5, 1, 1.5])) * math.pi + rng.normal(0, 0.1)
    X = np.array([[-w_in, -h_in], [w_in, -h_in], [w_in, h_in], [-w_in, h_in]]) / 2
    X = X @ np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]]).T
    P = np.column_stack([X, np.zeros(4)])
    ax = np.array([math.cos(axis), math.sin(axis), 0.0])
    K = np.array([[0, -ax[2], ax[1]], [ax[2], 0, -ax[0]], [-ax[1], ax[0], 0]])
    R = np.eye(3) + math.sin(tilt) * K + (1 - math.cos(tilt)) * K @ K
    fov = math.radians(float(rng.uniform(60, 75)))
    dist = math.hypot(w_in, h_in) / (2 * math.tan(fov / 2) * rng.uniform(0.65, 0.85))
    P = P @ R.T + np.array([0, 0, dist])
    quad = P[:, :2] / P[:, 2:3]
    quad *= ppi / paper_ppi(quad, w_in, h_in)
    lo, hi = quad.min(0), quad.max(0)
    size = hi - lo
    mlo, mhi = rng.uniform(0.05, 0.15, 2) * size, rng.uniform(0.05, 0.15, 2) * size
    fw, fh = size + mlo + mhi
    if fw >= fh:
        fw, fh = max(fw, fh * 4 / 3), max(fh, fw * 3 / 4)
    else:
        fw, fh = max(fw, fh * 3 / 4), max(fh, fw * 4 / 3)
    W, H = int(math.ceil(fw)), int(math.ceil(fh))
    slack = np.array([W, H]) - size - mlo - mhi
    return quad - lo + mlo + slack * rng.uniform(0.2, 0.8, 2), W, H


def phone_shot(
    img: np.ndarray, rng: np.random.Generator, *, dpi_in: float, whole_sheet: bool = False
) -> Shot:
    """A phone photo of the paper on a table: perspective tilt ≤ 15° and any rotation, barrel distortion,
    uneven light, a soft shadow across part of the paper, vignetting, defocus and sometimes motion blur,
    white balance off, sharpening and sensor noise, JPEG 4:2:0 at q50–95. A single card comes out at
    150–260 px per inch of paper; a whole sheet (arm's length) at 110–170. The paper is wholly in frame."""
    src = rgba(img)
    h0, w0 = src.shape[:2]
    w_in, h_in = w0 / dpi_in, h0 / dpi_in
    ppi = float(rng.uniform(118, 162) if whole_sheet else rng.uniform(158, 252))
    quad, W, H = _frame_paper(rng, w_in, h_in, ppi)
    lens = _Lens(float(rng.uniform(0.01, 0.06)), np.array([W / 2, H / 2]), math.hypot(W, H) / 2, W, H)
    corners = lens.distorted(quad)
    # render: shrink the paper to about the picture's scale, then one remap (distortion, then homography)
    pre = min(1.0, ppi * 1.25 / dpi_in)
    if pre < 1:
        src = cv2.resize(
            src, (max(1, round(w0 * pre)), max(1, round(h0 * pre))), interpolation=cv2.INTER_AREA
        )
    warped = lens.warp(src, quad)
    out = _on_table(rng, warped, ppi, W, H)
    out, gdir = _lit(rng, out, corners, lens)
    out = _optics(rng, out, ppi, gdir, W, H)
    grey = bool(rng.random() < 0.08)
    image = finish(
        out,
        rng,
        float(rng.uniform(1.5, 4.0)),
        float(rng.uniform(0.5, 2.5)),
        grey,
        int(rng.integers(50, 96)),
        2,
    )
    return Shot(image, corners, paper_ppi(corners, w_in, h_in))


@dataclass(frozen=True)
class _Lens:
    """The phone's lens: barrel distortion `k1` about the frame's centre `cen` (r_u = r_d (1 + k r_d²), r
    normalised by the half-diagonal `nd`), for a picture W × H."""

    k1: float
    cen: np.ndarray
    nd: float
    W: int
    H: int

    def distorted(self, quad: np.ndarray) -> np.ndarray:
        """Where undistorted points land in the picture."""
        v = (quad - self.cen) / self.nd
        ru = np.hypot(v[:, 0], v[:, 1])[:, None]
        rd = ru.copy()
        for _ in range(10):
            rd = ru / (1 + self.k1 * rd * rd)
        out: np.ndarray = self.cen + v * (rd / np.maximum(ru, 1e-9)) * self.nd
        return out

    def warp(self, src: np.ndarray, quad: np.ndarray) -> np.ndarray:
        """The paper `src` (RGBA) seen through the lens with its corners at `quad` (undistorted): one remap."""
        W, H, g, cen, nd = self.W, self.H, 8, self.cen, self.nd
        sh, sw = src.shape[:2]
        Hm = cv2.getPerspectiveTransform(
            quad.astype(np.float32), np.array([[0, 0], [sw, 0], [sw, sh], [0, sh]], np.float32)
        )
        # the map is smooth: compute it on the cell centres of an 8 px grid, one cell beyond each edge
        ny, nx = math.ceil(H / g) + 2, math.ceil(W / g) + 2
        gy, gx = np.mgrid[0:ny, 0:nx].astype(np.float64)
        p = (np.stack([(gx + 0.5) * g - 0.5 - g, (gy + 0.5) * g - 0.5 - g], -1) - cen) / nd
        und = cen + p * (1 + self.k1 * (p**2).sum(-1, keepdims=True)) * nd
        hom = und @ Hm[:, :2].T + Hm[:, 2]
        mp = (hom[..., :2] / hom[..., 2:3] - 0.5).astype(np.float32)  # paper px edges → pixel centres
        # grid cell j sits at x = (j + 0.5) g − 0.5 − g: sample the grid at j = x / g + 0.5 / g + 0.5
        to_grid = np.array([[1 / g, 0, 0.5 / g + 0.5], [0, 1 / g, 0.5 / g + 0.5]], np.float32)
        mp = cv2.warpAffine(
            mp,
            to_grid,
            (W, H),
            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_REPLICATE,
        )
        # OpenCV takes no second map when the first holds both coordinates; its stub does not say so
        warped: np.ndarray = cv2.remap(  # type: ignore[call-overload]
            src, mp, None, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0)
        )
        return warped


def _on_table(rng: np.random.Generator, warped: np.ndarray, ppi: float, W: int, H: int) -> np.ndarray:
    """The table, darkened by the paper's soft contact shadow; the paper (RGBA `warped`) on it: float32 RGB."""
    a = warped[:, :, 3]
    table = _table(rng, H, W)
    sd = max(1.5, ppi * 0.02) / 4  # at a quarter of the size
    off = rng.normal(0, sd * 0.5, 2)
    qa = cv2.resize(a, (W // 4 + 1, H // 4 + 1), interpolation=cv2.INTER_AREA)
    lift = cv2.GaussianBlur(
        cv2.warpAffine(qa, np.array([[1, 0, off[0]], [0, 1, off[1]]], np.float32), qa.shape[::-1]), (0, 0), sd
    )
    lift = cv2.resize(lift, (W, H), interpolation=cv2.INTER_LINEAR)
    table = cv2.multiply(
        table,
        cv2.cvtColor(255 - (lift * 0.35).astype(np.uint8), cv2.COLOR_GRAY2RGB),
        scale=1 / 255,
        dtype=cv2.CV_32F,
    )
    wa = a.astype(np.float32) * (1 / 255)
    out: np.ndarray = cv2.blendLinear(warped[:, :, :3].astype(np.float32), table, wa, 1 - wa)
    return out


_UP8 = np.array([[1 / 8, 0, 0], [0, 1 / 8, 0]], np.float32)  # picture px → a grid at an eighth of the size


def _eighth(W: int, H: int) -> tuple[np.ndarray, np.ndarray]:
    """The picture's coordinates at an eighth of the size, float32 (yy, xx)."""
    yy, xx = np.mgrid[0 : H + 8 : 8, 0 : W + 8 : 8].astype(np.float32)
    return yy, xx


def _to_picture(small: np.ndarray, W: int, H: int) -> np.ndarray:
    """A field at an eighth of the size brought up to the picture's W × H."""
    out: np.ndarray = cv2.warpAffine(
        small, _UP8, (W, H), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE
    )
    return out


def _lit(
    rng: np.random.Generator, out: np.ndarray, corners: np.ndarray, lens: _Lens
) -> tuple[np.ndarray, float]:
    """Light, at an eighth of the size: a gradient and a broad blob, the soft shadow of a hand or phone
    over part of the paper (bluer: skylight fills it), vignetting, white balance, exposure. Returns the
    picture (uint8) and the gradient's direction."""
    W, H, nd = lens.W, lens.H, lens.nd
    yy, xx = _eighth(W, H)
    gdir = rng.uniform(0, 2 * math.pi)
    light = (
        1 + rng.uniform(0.05, 0.25) * ((xx / W - 0.5) * math.cos(gdir) + (yy / H - 0.5) * math.sin(gdir)) * 2
    )
    light += rng.uniform(0.0, 0.1) * smooth_field(rng, xx.shape[0], xx.shape[1], 3)
    shade = _hand_shadow(rng, corners, xx, yy) if rng.random() < 0.75 else np.zeros_like(light)
    r2 = ((xx - W / 2) ** 2 + (yy - H / 2) ** 2) / (nd * nd)
    temp = rng.normal(0, 0.06)
    wb = np.array([1 + temp, 1 + rng.normal(0, 0.015), 1 - 1.3 * temp], np.float32)
    gain = (light * (1 - rng.uniform(0.1, 0.35) * r2) * rng.uniform(0.8, 0.98))[:, :, None]
    gain3 = gain * wb * (1 - shade[:, :, None] * np.array([1.08, 1.0, 0.85], np.float32))
    lit: np.ndarray = cv2.convertScaleAbs(cv2.multiply(out, _to_picture(gain3.astype(np.float32), W, H)))
    return lit, float(gdir)


def _hand_shadow(rng: np.random.Generator, corners: np.ndarray, xx: np.ndarray, yy: np.ndarray) -> np.ndarray:
    """The soft shadow of a hand or phone reaching in from one edge of the paper, as darkening (0…0.5)."""
    e = int(rng.integers(4))
    edge_pt = corners[e] + rng.uniform(0.1, 0.9) * (corners[(e + 1) % 4] - corners[e])
    inward = corners.mean(0) - edge_pt
    inward /= max(float(np.linalg.norm(inward)), 1e-6)
    span = float(np.linalg.norm(corners[2] - corners[0]))
    ra, rb = span * rng.uniform(0.25, 0.5), span * rng.uniform(0.2, 0.4)
    c_sh = edge_pt - inward * rb * rng.uniform(0.3, 0.75)  # reaches in rb·(0.25…0.7)
    ang = math.atan2(inward[1], inward[0])
    u = (xx - c_sh[0]) * math.cos(ang) + (yy - c_sh[1]) * math.sin(ang)
    w_ = -(xx - c_sh[0]) * math.sin(ang) + (yy - c_sh[1]) * math.cos(ang)
    sft = np.clip((1 - np.sqrt((u / rb) ** 2 + (w_ / ra) ** 2)) / rng.uniform(0.15, 0.45) + 0.5, 0, 1)
    shade: np.ndarray = sft * sft * (3 - 2 * sft) * rng.uniform(0.25, 0.5)
    return shade


def _optics(rng: np.random.Generator, out: np.ndarray, ppi: float, gdir: float, W: int, H: int) -> np.ndarray:
    """Optics and motion (uint8 from here: cv2's fixed-point filters are fast): defocus, falling off across
    a tilted page along the light's direction `gdir` or even; sometimes motion blur; the phone's sharpening."""
    sigma = float(rng.uniform(0.4, 1.4) * ppi / 200)
    if rng.random() < 0.4:  # focus falls off across a tilted page
        yy, xx = _eighth(W, H)
        far = cv2.GaussianBlur(out, (0, 0), sigma * 2.0)
        near = cv2.GaussianBlur(out, (0, 0), sigma * 0.6)
        ramp = np.clip(0.5 + (xx / W - 0.5) * math.cos(gdir) + (yy / H - 0.5) * math.sin(gdir), 0, 1)
        ramp = _to_picture(ramp, W, H)
        out = cv2.blendLinear(near, far, 1 - ramp, ramp)
    else:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    if rng.random() < 0.2:
        L = float(rng.uniform(2, 6))
        ka = rng.uniform(0, math.pi)
        n = int(math.ceil(L)) * 2 + 1
        ker = np.zeros((n, n), np.float32)
        d = np.array([math.cos(ka), math.sin(ka)]) * L / 2
        p0 = (int(round(n // 2 - d[0])), int(round(n // 2 - d[1])))
        p1 = (int(round(n // 2 + d[0])), int(round(n // 2 + d[1])))
        cv2.line(ker, p0, p1, 1.0, 1, cv2.LINE_AA)
        out = cv2.filter2D(out, -1, ker / ker.sum())
    amt = float(rng.uniform(0.2, 0.8))  # the phone's sharpening
    sharp: np.ndarray = cv2.addWeighted(out, 1 + amt, cv2.GaussianBlur(out, (0, 0), 1.5), -amt, 0)
    return sharp


def phone(
    img: np.ndarray, rng: np.random.Generator, *, dpi_in: float, whole_sheet: bool = False
) -> np.ndarray:
    """A phone photo (uint8 RGB or grey) of the paper in img lying on a table; see `phone_shot`."""
    return phone_shot(img, rng, dpi_in=dpi_in, whole_sheet=whole_sheet).image
