"""The synthetic marker (parlaycards.demo.marks): marks land in the right bubbles, each style is as
dark as it is meant to be, the scanner and phone effects are repeatable, the scanner PDF is what it says."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest

from parlaycards.core.models import Entry, Rules
from parlaycards.core.settle import refusals
from parlaycards.demo import marks, paper
from parlaycards.services import printing
from parlaycards.store import Store
from parlaycards.store import cards as card_rows

from .print_support import ET, nfl_card

DPI = 200
MM = DPI / 25.4
R = 2.02 * MM  # a bubble's radius in pixels
LINE = 0.8 / 72 * DPI  # its printed ring


def _print(store: Store, folder: Path, template: str, copies: int, games: int = 8, **rules):
    card = nfl_card(games)
    if rules:
        card = card.model_copy(update={"rules": Rules(**rules)})
    with store.transaction() as tx:
        card = card_rows.save(tx, card, "test")
    return card, printing.print_batch(store, card.slug, copies=copies, template=template, folder=folder)


def _grey(img: np.ndarray) -> np.ndarray:
    return (
        cv2.cvtColor(img, cv2.COLOR_RGB2GRAY).astype(np.float32) if img.ndim == 3 else img.astype(np.float32)
    )


def _bubble(size: int = 160) -> tuple[np.ndarray, float, float]:
    """A white image with one printed bubble ring at its centre, as the renderer draws it."""
    img = np.full((size, size, 3), 255, np.uint8)
    c = size / 2
    cv2.circle(
        img,
        (round(c * 8), round(c * 8)),
        round((R - LINE / 2) * 8),
        (0, 0, 0),
        max(1, round(LINE)),
        cv2.LINE_AA,
        3,
    )
    return img, c, c


def _darkness(img: np.ndarray, cx: float, cy: float, radius: float) -> float:
    """Mean darkness (0 white … 1 black) within `radius` px of (cx, cy)."""
    yy, xx = np.mgrid[0 : img.shape[0], 0 : img.shape[1]]
    inside = np.hypot(xx - cx, yy - cy) <= radius
    return float(1 - _grey(img)[inside].mean() / 255)


@pytest.mark.parametrize(("template", "slot"), [("letter-2up", 1), ("letter-4up", 3), ("a4-2up", 0)])
def test_bubble_pixels_sit_on_the_printed_rings_and_a_mark_lands_there(
    store: Store, tmp_path: Path, template: str, slot: int
):
    card, batch = _print(store, tmp_path, template, copies=4)
    page = marks.rasterize(batch.file, 0, DPI)
    spots = marks.card_bubbles_px(card, template, slot, DPI)
    assert set(spots) == {str(n) for g in card.games for n in g.numbers.all()} | {
        f"stake:{k}" for k in ("1", "2", "5", "10", "20", "other")
    }
    grey = _grey(page)
    for key, (cx, cy, r) in spots.items():  # white inside, the ring dark all round at r - line/2
        assert grey[round(cy), round(cx)] > 240, key
        at = [
            (round(cy + (r - LINE / 2) * np.sin(a)), round(cx + (r - LINE / 2) * np.cos(a)))
            for a in np.linspace(0, 2 * np.pi, 12, endpoint=False)
        ]
        ring = [grey[y - 1 : y + 2, x - 1 : x + 2].min() for y, x in at]
        assert max(ring) < 100, (key, ring)
    (cx, cy, r), (nx, ny, _) = spots["101"], spots["102"]
    marked = page.copy()
    marks.draw_mark(marked, cx, cy, r, "solid", "black", np.random.default_rng(1))
    assert _darkness(marked, cx, cy, 0.6 * r) > 0.6
    assert _darkness(marked, nx, ny, 0.6 * r) == _darkness(page, nx, ny, 0.6 * r)


def test_the_boxes_are_the_layout_in_page_pixels(store: Store, tmp_path: Path):
    card, batch = _print(store, tmp_path, "letter-2up", copies=2)
    grey = _grey(marks.rasterize(batch.file, 0, DPI))
    boxes = marks.card_boxes_px(card, "letter-2up", 1, DPI)
    assert boxes["card"] == pytest.approx((0, 5.5 * DPI, 8.5 * DPI, 11 * DPI))
    for corner in ("tr", "bl", "br"):  # the square corner marks are solid black where the boxes say
        x0, y0, x1, y1 = boxes[corner]
        assert grey[round(y0) + 2 : round(y1) - 2, round(x0) + 2 : round(x1) - 2].max() < 60, corner


def _style_darkness(style: str, colour: str = "black", seeds: int = 12) -> list[float]:
    out = []
    for seed in range(seeds):
        img, cx, cy = _bubble()
        marks.draw_mark(img, cx, cy, R, style, colour, np.random.default_rng(seed))
        out.append(_darkness(img, cx, cy, 0.72 * (R - LINE)))  # what a reader samples, clear of the ring
    return out


def test_each_style_is_as_dark_as_it_is_meant_to_be():
    solid, pencil, faint, erased = (_style_darkness(s) for s in ("solid", "pencil", "faint", "erased"))
    assert min(solid) > 0.65
    assert 0.3 < min(pencil) and max(pencil) < 0.65  # a grey HB fill: clearly filled, lighter than pen
    assert 0.1 < min(faint) and max(faint) < 0.22  # neither filled nor empty
    assert max(erased) < 0.08
    assert min(solid) > max(pencil) > max(faint) > max(erased)
    assert min(_style_darkness("solid", "blue")) > 0.55
    for style in ("scribble", "tick", "cross", "partial"):
        assert min(_style_darkness(style)) > 0.2, style


def test_pencil_is_grey_and_grainy_not_flat():
    img, cx, cy = _bubble()
    marks.draw_mark(img, cx, cy, R, "pencil", "blue", np.random.default_rng(4))  # pencil whatever the pen
    yy, xx = np.mgrid[0 : img.shape[0], 0 : img.shape[1]]
    inside = img[np.hypot(xx - cx, yy - cy) <= 0.6 * R]
    assert abs(int(inside[:, 0].mean()) - int(inside[:, 2].mean())) < 12  # grey, not blue
    assert 115 <= inside.mean() <= 170 and inside[:, 1].std() > 8


def test_a_partial_fill_covers_55_to_80_percent_of_the_inside():
    for seed in range(12):
        img, cx, cy = _bubble()
        marks.draw_mark(img, cx, cy, R, "partial", "black", np.random.default_rng(seed))
        yy, xx = np.mgrid[0 : img.shape[0], 0 : img.shape[1]]
        inside = np.hypot(xx - cx, yy - cy) <= R - LINE - 1
        share = float((_grey(img)[inside] < 140).mean())
        assert 0.45 < share < 0.88, (seed, share)


def test_a_stray_line_stays_half_a_millimetre_clear_of_its_bubble_and_the_others():
    for seed in range(12):
        img, cx, cy = _bubble(220)
        before = img.copy()
        other = (
            cx - R,
            cy + 2.4 * R,
            cx + R,
            cy + 4.4 * R,
        )  # a neighbour just below, as in a column of games
        marks.draw_mark(img, cx, cy, R, "stray", "blue", np.random.default_rng(seed), keep_clear=[other])
        changed = np.argwhere((img != before).any(axis=2))
        assert len(changed) > 50
        near = np.hypot(changed[:, 1] - cx, changed[:, 0] - cy).min()
        assert near >= R + 0.5 * MM - 0.5, (seed, near)
        x0, y0, x1, y1 = other
        assert not (
            img[int(y0 - 0.4 * MM) : int(y1 + 0.4 * MM), int(x0 - 0.4 * MM) : int(x1 + 0.4 * MM)]
            != before[int(y0 - 0.4 * MM) : int(y1 + 0.4 * MM), int(x0 - 0.4 * MM) : int(x1 + 0.4 * MM)]
        ).any()


def test_an_unknown_style_is_refused():
    img, cx, cy = _bubble()
    with pytest.raises(ValueError, match="unknown mark style 'blot'"):
        marks.draw_mark(img, cx, cy, R, "blot", "black", np.random.default_rng(0))


def test_effects_repeat_for_a_seed_and_size_the_picture_as_asked():
    img = np.full((400, 300, 3), 255, np.uint8)
    cv2.rectangle(img, (50, 50), (120, 120), (0, 0, 0), -1)

    def scan(seed: int, **kw) -> np.ndarray:
        return paper.scanner(img, np.random.default_rng(seed), dpi_in=200, dpi_out=100, **kw)

    assert np.array_equal(scan(3), scan(3)) and not np.array_equal(scan(3), scan(4))
    flat = scan(1, quarter_turns=1, skew_deg=0.0, margin_mm=0.0, grey=True)
    assert flat.shape == (150, 200)  # halved, turned a quarter
    wide = scan(1, quarter_turns=0, skew_deg=0.0, margin_mm=10.0, grey=False)
    m = int(10 * 100 / 25.4)
    assert wide.shape == (200 + 2 * m, 150 + 2 * m, 3)
    skewed = scan(1, quarter_turns=0, skew_deg=3.0, margin_mm=0.0, grey=True)
    assert skewed.shape[0] > 200 and skewed.shape[1] > 150

    def photo(seed: int, **kw) -> np.ndarray:
        return paper.phone(img, np.random.default_rng(seed), dpi_in=200, **kw)

    assert np.array_equal(photo(5), photo(5)) and not np.array_equal(photo(5), photo(6))
    big, small = photo(2, ppi=240, tilt_deg=0, spin_deg=0), photo(2, ppi=120, tilt_deg=0, spin_deg=0)
    assert big.shape[0] > 1.8 * small.shape[0] and big.shape[0] > 400 * 240 / 200  # the table shows around it
    assert photo(2, grey=True).ndim == 2


def test_a_torn_card_keeps_its_slot_and_a_torn_corner_loses_its_mark(store: Store, tmp_path: Path):
    card, batch = _print(store, tmp_path, "letter-2up", copies=2)
    page = marks.rasterize(batch.file, 0, DPI)
    rng = np.random.default_rng(2)
    torn = paper.tear(page, card, "letter-2up", 0, DPI, rng)
    assert torn.shape[2] == 4 and abs(torn.shape[0] - 5.5 * DPI) < 2 * MM and torn.shape[1] == 8.5 * DPI
    assert (torn[: torn.shape[0] // 2, :, 3] == 255).all()  # the top half: the sheet's own edges, clean
    bottom = torn[-int(2 * MM) :, :, 3]
    assert (bottom == 0).any() and (bottom == 255).any()  # ragged along the perforation
    corner = paper.tear(page, card, "letter-2up", 0, DPI, np.random.default_rng(3), corner="tr")
    boxes = marks.card_boxes_px(card, "letter-2up", 0, DPI)
    for mark in ("tl", "tr", "bl", "br"):
        x0, y0, x1, y1 = (round(v) for v in boxes[mark])
        assert (corner[y0:y1, x0:x1, 3] == (0 if mark == "tr" else 255)).all(), mark
    assert (corner[:, :, 3] < 128).mean() < 0.05  # only the corner goes


def test_the_scanner_pdf_has_a_page_per_image_at_its_dpi(tmp_path: Path):
    images = [np.full((300, 200), 200, np.uint8), np.full((150, 450, 3), 90, np.uint8)]
    path = paper.write_scanner_pdf(images, tmp_path / "scans.pdf", 150)
    doc = pdfium.PdfDocument(str(path))
    try:
        assert [tuple(round(x, 2) for x in doc[i].get_size()) for i in range(len(doc))] == [
            (96.0, 144.0),
            (216.0, 72.0),
        ]
        assert abs(float(doc[1].render(scale=150 / 72).to_numpy()[:, :, :3].mean()) - 90) < 3
    finally:
        doc.close()
    assert [p.name for p in tmp_path.iterdir()] == ["scans.pdf"]


def test_plain_plans_are_legal_and_doubtful_ones_are_what_they_say():
    card = nfl_card(8).model_copy(update={"rules": Rules(max_picks=5, same_game=True)})
    rng = np.random.default_rng(9)
    received = datetime(2026, 11, 20, 12, 0, tzinfo=ET)
    for _ in range(40):
        plan = marks.plan_card(card, rng)
        assert (
            refusals(Entry(serial="1", stake=Decimal(5), picks=plan.picks, received_at=received), card) == []
        )
        assert all(style in marks.NOT_COUNTING for _, style in plan.extras)
    double = marks.plan_card(card, rng, "double")
    assert any(
        "both sides" in r or "over and under" in r
        for r in refusals(Entry(serial="1", stake=Decimal(5), picks=double.picks, received_at=received), card)
    )
    assert len(marks.plan_card(card, rng, "too-many").picks) == 6
    assert [s for _, s in marks.plan_card(card, rng, "unsure").extras] == ["faint"]
    assert marks.plan_card(card, rng, "other-stake").stake == "other"
    assert marks.plan_card(card, rng, "torn").corner in ("tl", "tr", "bl", "br")
    with pytest.raises(ValueError, match="too few"):
        marks.plan_card(nfl_card(8), rng, "too-many")  # 8 games, up to 10 picks


def test_the_demo_marks_a_dozen_cards(store: Store, tmp_path: Path):
    card, batch = _print(store, tmp_path, "letter-2up", copies=12, games=16)
    truth = marks.demo_marks(batch.file, card, batch.first, tmp_path / "scans")
    assert sorted(m.serial for m in truth) == list(range(batch.first, batch.first + 12))
    assert [(m.serial, m.why) for m in truth if m.expect == "review"] == [(batch.first + 11, "double")]
    assert {Path(m.file).name for m in truth} == {"scans.pdf", "photo.jpg"}
    assert len(pdfium.PdfDocument(str(tmp_path / "scans" / "scans.pdf"))) == 6
    assert {"solid", "scribble", "tick", "cross", "pencil"} <= {s for m in truth for s in m.styles}
