"""The held-out card marker and camera model (parlaycards.demo.heldout): determinism, marks that count,
erasures that read lighter than picks, marks that stay near their bubble, and cameras that give uint8
pictures at the promised resolution. Small synthetic pages keep it fast."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from parlaycards.demo.heldout import (
    HABITS,
    TOOLS,
    draw_erasure,
    draw_pick,
    phone,
    phone_shot,
    random_hand,
    scanner,
    scanner_shot,
    scribble_over,
)

R = 20.0  # a bubble's radius at 250 dpi
DPI = 250


def _page(w: int = 260, h: int = 120) -> tuple[np.ndarray, list[tuple[float, float, float]]]:
    """A white strip with four printed rings."""
    img = np.full((h, w, 3), 255, np.uint8)
    spots = [(40.3 + 60 * i, 60.6, R) for i in range(4)]
    for cx, cy, r in spots:
        cv2.circle(img, (round(cx * 16), round(cy * 16)), round(r * 16), (0, 0, 0), 2, cv2.LINE_AA, 4)
    return img, spots


def _disc(img: np.ndarray, spot: tuple[float, float, float], k: float = 0.85) -> np.ndarray:
    """The pixels (grey) inside k × r of the spot."""
    cx, cy, r = spot
    yy, xx = np.mgrid[: img.shape[0], : img.shape[1]]
    m = (xx - cx) ** 2 + (yy - cy) ** 2 <= (k * r) ** 2
    g = img.mean(2) if img.ndim == 3 else img
    return g[m]


def _darkness(img: np.ndarray, spot: tuple[float, float, float]) -> float:
    return float(255 - _disc(img, spot).mean())


def test_equal_seeds_equal_images() -> None:
    outs = []
    for _ in range(2):
        rng = np.random.default_rng(42)
        img, spots = _page()
        hand = random_hand(rng)
        draw_pick(img, spots[0], hand, rng)
        draw_erasure(img, spots[1], replace(hand, tool="pencil-hb"), rng, thorough=True)
        scribble_over(img, (150, 20, 250, 110), hand, rng)
        outs.append((img, scanner(img, rng, dpi_in=DPI), phone(img, rng, dpi_in=DPI)))
    for a, b in zip(outs[0], outs[1], strict=True):
        assert np.array_equal(a, b)
    rng = np.random.default_rng(43)
    img, spots = _page()
    draw_pick(img, spots[0], random_hand(rng), rng)
    assert not np.array_equal(img, outs[0][0])


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_every_pick_darkens_its_bubble(tool: str) -> None:
    rng = np.random.default_rng(sorted(TOOLS).index(tool))
    blank, spots = _page()
    for habit in HABITS:
        for size in (0.5, 1.0, 1.5):
            img = blank.copy()
            hand = replace(random_hand(rng), tool=tool, habit=habit, size=size, wander=0.0, pressure=0.7)
            style = draw_pick(img, spots[1], hand, rng)
            assert isinstance(style, str) and style
            gain = _darkness(img, spots[1]) - _darkness(blank, spots[1])
            assert gain > 15, (tool, habit, size, style, gain)


def test_marks_stay_within_1_6_r() -> None:
    rng = np.random.default_rng(7)
    blank, spots = _page()
    cx, cy, r = spots[1]
    yy, xx = np.mgrid[: blank.shape[0], : blank.shape[1]]
    far = (xx - cx) ** 2 + (yy - cy) ** 2 > (1.65 * r) ** 2
    for _ in range(60):
        img = blank.copy()
        hand = random_hand(rng)
        if rng.random() < 0.3:
            draw_erasure(img, spots[1], hand, rng, thorough=bool(rng.random() < 0.5))
        else:
            draw_pick(img, spots[1], hand, rng)
        changed = np.abs(img.astype(int) - blank.astype(int)).max(2) > 2
        assert not (changed & far).any(), hand


def test_thorough_erasure_lighter_and_flatter_than_picks() -> None:
    rng = np.random.default_rng(11)
    blank, spots = _page()
    for tool in ("pencil-hb", "pencil-2b", "felt-black", "ballpoint-blue"):
        for habit in HABITS:
            hand = replace(random_hand(rng), tool=tool, habit=habit, wander=0.0)
            picks, erased, poor = [], [], []
            for _ in range(3):
                a, b, c = blank.copy(), blank.copy(), blank.copy()
                draw_pick(a, spots[1], hand, rng)
                draw_erasure(b, spots[1], hand, rng, thorough=True)
                draw_erasure(c, spots[1], hand, rng, thorough=False)
                picks.append(_darkness(a, spots[1]))
                erased.append(_darkness(b, spots[1]))
                poor.append(_darkness(c, spots[1]))
                # flatter: the darkest part of the erasure (off the printed ring) is well short of the pick's
                assert (
                    np.percentile(255 - _disc(b, spots[1]), 95)
                    < 0.6 * np.percentile(255 - _disc(a, spots[1]), 95) + 8
                )
            assert max(erased) < 0.5 * min(picks), (tool, habit, erased, picks)
            if TOOLS[tool].kind == "pencil":
                assert np.mean(poor) > np.mean(erased), (tool, habit)


def test_scribbled_qr_cannot_be_read() -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    from reportlab.graphics.barcode import qrencoder

    code = qrencoder.QRCode(4, qrencoder.QRErrorCorrectLevel.Q)  # the stronger correction of the two usual
    code.addData("PC1|heldout|1|000001|ABCDEF")
    code.make()
    n = code.getModuleCount()
    dark = np.array([[code.isDark(i, j) for j in range(n)] for i in range(n)])
    mod = 260 // n  # about 8 px a module: a printed QR at 250 dpi
    qr = np.kron(np.where(dark, 0, 255), np.ones((mod, mod))).astype(np.uint8)
    img = np.full((300, 300, 3), 255, np.uint8)
    o = (300 - n * mod) // 2
    img[o : o + n * mod, o : o + n * mod] = qr[:, :, None]
    assert zxingcpp.read_barcodes(img)
    rng = np.random.default_rng(3)
    for tool in ("ballpoint-blue", "pencil-hb", "felt-black"):
        marked = img.copy()
        scribble_over(marked, (o, o, o + n * mod, o + n * mod), replace(random_hand(rng), tool=tool), rng)
        assert not zxingcpp.read_barcodes(marked), tool


def _sheet(w_in: float, h_in: float, dpi: float) -> np.ndarray:
    img = np.full((round(h_in * dpi), round(w_in * dpi), 3), 250, np.uint8)
    s = round(0.2 * dpi)
    for x, y in ((0.3, 0.3), (w_in - 0.5, 0.3), (0.3, h_in - 0.5), (w_in - 0.5, h_in - 0.5)):
        img[round(y * dpi) : round(y * dpi) + s, round(x * dpi) : round(x * dpi) + s] = 0
    return img


def test_phone_whole_sheet_resolution() -> None:
    dpi = 60  # a small page keeps the test fast; the picture's scale does not depend on it
    page = _sheet(8.5, 11, dpi)
    rng = np.random.default_rng(5)
    for _ in range(3):
        shot = phone_shot(page, rng, dpi_in=dpi, whole_sheet=True)
        assert 110 <= shot.ppi <= 170
        h, w = shot.image.shape[:2]
        c = shot.corners
        assert (c[:, 0] > 0).all() and (c[:, 0] < w).all() and (c[:, 1] > 0).all() and (c[:, 1] < h).all()
        # measured from the picture: the paper (bright) against the table
        grey = shot.image if shot.image.ndim == 2 else cv2.cvtColor(shot.image, cv2.COLOR_RGB2GRAY)
        mask = np.zeros(grey.shape, np.uint8)
        cv2.fillConvexPoly(mask, np.round(c).astype(np.int32), 1)
        assert grey[mask > 0].mean() > grey[mask == 0].mean() + 20
        ppi = np.sqrt(mask.sum() / (8.5 * 11))
        assert 105 <= ppi <= 175
        # the picture holds the sheet (turned any way) with a margin, no more than about twice over
        assert 11 * 110 <= max(h, w) <= 11 * 170 * 2


def test_phone_card_and_scanner_outputs() -> None:
    card = _sheet(4.25, 5.5, 50)  # a quarter-letter card
    card = np.dstack([card, np.full(card.shape[:2], 255, np.uint8)])
    card[:8, :30, 3] = 0  # a torn corner
    rng = np.random.default_rng(9)
    for _ in range(3):
        shot = phone_shot(card, rng, dpi_in=50)
        assert shot.image.dtype == np.uint8 and shot.image.ndim in (2, 3)
        assert 150 <= shot.ppi <= 260
        h, w = shot.image.shape[:2]
        assert (
            (shot.corners >= 0).all() and (shot.corners[:, 0] <= w).all() and (shot.corners[:, 1] <= h).all()
        )
        s = scanner_shot(card, rng, dpi_in=50, dpi_out=100)
        assert s.image.dtype == np.uint8 and s.image.ndim in (2, 3)
        assert abs(s.ppi - 100) < 2
        long_side = max(s.image.shape[:2])
        assert 550 * 0.99 <= long_side <= 550 + 2 * 0.35 * 100 + 40
