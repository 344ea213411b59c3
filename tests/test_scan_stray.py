"""Scanning: ink a player drew beside the bubbles (a team's name circled instead of its bubble, a line
struck through a game) is never passed over in silence: the card waits for a person, naming the row. A
card marked only in its bubbles, photographed through a lens that bends the print away from where the
layout puts it, is entered as drawn."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import cv2
import numpy as np
import pytest

from parlaycards.services import scan as svc
from parlaycards.store import Store

from .print_support import nfl_card
from .scan_support import BEFORE_CUTOFF, printed, sheet

DPI = 200


# the two cards of the sheet most tests here draw, entered as drawn
BOTH_ENTERED = [
    ("000001", "entered", (101, 104, 117, 131), Decimal(10)),
    ("000002", "entered", (103, 114, 205, 228), Decimal(5)),
]


def _read(report) -> list[tuple]:
    """(serial, status, picks, stake) of every card a scan read, in serial order."""
    return sorted((c.serial, c.status, c.picks, c.stake) for c in report.cards)


def _scan(store: Store, slug: str, img: np.ndarray, path: Path) -> svc.ScanReport:
    cv2.imwrite(str(path), cv2.cvtColor(img, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, 80])
    return svc.scan_cards(
        store, slug, [path], stake=Decimal(5), received=BEFORE_CUTOFF, folder=path.parent / "crops"
    )


def _barrel(img: np.ndarray, k1: float) -> np.ndarray:
    """The page seen through a phone's lens: straight lines bowed, more towards the edges."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy, norm = w / 2, h / 2, max(w, h) / 2
    dx, dy = (xx - cx) / norm, (yy - cy) / norm
    f = 1 + k1 * (dx * dx + dy * dy)
    out: np.ndarray = cv2.remap(
        img, cx + dx * f * norm, cy + dy * f * norm, cv2.INTER_LINEAR, borderValue=(90, 80, 70)
    )
    return out


def test_a_line_struck_through_a_game_and_a_circled_team_go_to_a_person(store: Store, tmp_path: Path):
    from parlaycards.demo import marks

    batch = printed(store, nfl_card(8), "letter-2up", 2, tmp_path)
    img = sheet(batch, 0, {0: ((101, 104, 106), "10"), 1: ((102, 103, 108), "20")}, styles=("solid",))
    first = marks.card_bubbles_px(batch.card, batch.template, 0, DPI)
    x, y, r = first["111"]  # struck through: from before its bubble, across the name and the line
    cv2.line(img, (round(x - 2 * r), round(y)), (round(x + 30 * r), round(y + 0.5 * r)), (20, 20, 120), 2)
    second = marks.card_bubbles_px(batch.card, batch.template, 1, DPI)
    x, y, r = second["113"]  # the team's name circled, its bubble left empty
    cv2.ellipse(
        img, (round(x + 8 * r), round(y)), (round(6.5 * r), round(1.3 * r)), 0, 0, 360, (30, 30, 30), 2
    )
    report = _scan(store, batch.card.slug, img, tmp_path / "s.jpg")
    cards = {c.serial: c for c in report.cards}
    for serial, row in (("000001", "111"), ("000002", "113")):
        card = cards[serial]
        assert card.status == "review", (serial, card.status, card.picks)
        assert any(f"row of {row}," in reason for reason in card.reasons), card.reasons


def test_marks_in_their_bubbles_through_a_bending_lens_are_entered(store: Store, tmp_path: Path):
    batch = printed(store, nfl_card(16), "letter-2up", 2, tmp_path)
    img = sheet(
        batch,
        0,
        {0: ((101, 104, 117, 131), "10"), 1: ((103, 114, 205, 228), "5")},
        styles=("solid", "scribble", "cross", "tick"),
    )
    table = cv2.copyMakeBorder(img, 120, 120, 120, 120, cv2.BORDER_CONSTANT, value=(90, 80, 70))
    photo = cv2.GaussianBlur(_barrel(table, 0.03), (3, 3), 0)
    report = _scan(store, batch.card.slug, photo, tmp_path / "lens.jpg")
    assert _read(report) == BOTH_ENTERED, [c.reasons for c in report.cards]


def test_a_card_whose_qr_and_two_corners_are_lost_is_said_to_be_on_the_page(store: Store, tmp_path: Path):
    """A 2-up sheet photographed with one card's QR and two of its corner marks covered: the other card is
    entered, and the page waits for a person naming the card it could not read, never passed over."""
    from parlaycards.demo import marks

    batch = printed(store, nfl_card(8), "letter-2up", 2, tmp_path)
    img = sheet(batch, 0, {0: ((101, 104, 106), "10"), 1: ((102, 103, 108), "20")}, styles=("solid",))
    boxes = marks.card_boxes_px(batch.card, batch.template, 1, DPI)
    for name in ("qr", "tl", "tr"):
        x0, y0, x1, y1 = (round(v) for v in boxes[name])
        cv2.rectangle(img, (x0 - 6, y0 - 6), (x1 + 6, y1 + 6), (250, 250, 250), -1)  # a thumb, a sticker
    report = _scan(store, batch.card.slug, img, tmp_path / "lost.jpg")
    got = [(c.serial, c.status) for c in report.cards]
    assert ("000001", "entered") in got, got
    (page,) = [c for c in report.cards if c.serial is None]
    assert page.status == "review" and "corner marks of another card" in page.reasons[0], page.reasons


def test_slivers_of_print_past_where_the_layout_puts_it_are_no_stroke(store: Store, tmp_path: Path):
    """A photo whose print falls a pixel or two from where the moved layout puts it shows thin, broken
    slivers along the words' edges, all along a row: a person sees no stroke there, and the card is
    entered. A pen line as long as the row is still a stroke (the first test)."""
    from parlaycards.demo import marks

    batch = printed(store, nfl_card(8), "letter-2up", 2, tmp_path)
    img = sheet(batch, 0, {0: ((101, 104, 106), "10"), 1: ((102, 103, 108), "20")}, styles=("solid",))
    for slot in (0, 1):
        at = marks.card_bubbles_px(batch.card, batch.template, slot, DPI)
        for key in ("111", "113", "115"):
            x, y, r = at[key]
            for start in (1.6, 5.0):  # letters' bottoms peeking out under two words: thin and broken
                for i in range(round(start * r), round((start + 2.0) * r), 7):
                    a, b = (round(x + i), round(y + 0.9 * r)), (round(x + i + 3), round(y + 0.9 * r) + 2)
                    cv2.rectangle(img, a, b, (10, 10, 10), -1)
    report = _scan(store, batch.card.slug, img, tmp_path / "slivers.jpg")
    got = sorted((c.serial, c.status, c.picks) for c in report.cards)
    assert got == [("000001", "entered", (101, 104, 106)), ("000002", "entered", (102, 103, 108))], [
        c.reasons for c in report.cards
    ]


def test_a_whole_sheet_seen_at_a_slant_is_read_as_the_cards_its_qrs_name(store: Store, tmp_path: Path):
    """A 2-up letter sheet photographed whole at a slant (the held-out camera, seed 18): the first card's
    corner marks with the second card's top-right mark pass for an A4 card's proportions. The QRs say the
    cards are letter-2up, so the marks are grouped again as letter-2up cards: both entered as drawn."""
    from parlaycards.demo import heldout

    batch = printed(store, nfl_card(16), "letter-2up", 2, tmp_path)
    drawn = {0: ((101, 104, 117, 131), "10"), 1: ((103, 114, 205, 228), "5")}
    img = sheet(batch, 0, drawn, styles=("tick",))
    photo = heldout.phone(img, np.random.default_rng(18), dpi_in=DPI, whole_sheet=True)
    if photo.ndim == 2:
        photo = cv2.cvtColor(photo, cv2.COLOR_GRAY2RGB)
    report = _scan(store, batch.card.slug, photo, tmp_path / "slant.jpg")
    assert _read(report) == BOTH_ENTERED, [c.reasons for c in report.cards]


def test_a_heavy_blot_on_the_stake_that_looks_like_a_smaller_corner_mark_hides_no_card(
    store: Store, tmp_path: Path
):
    """A stake bubble blacked out square with a marker, three quarters the size of a corner mark, passes
    for a corner mark: it is not one of this card's, nor another card's of the sheet (those are printed the
    same size), so the card is still found whole and entered."""
    from parlaycards.demo import marks
    from parlaycards.layout.parts import FID

    batch = printed(store, nfl_card(8), "letter-2up", 2, tmp_path)
    img = sheet(batch, 0, {0: ((101, 104, 106), None), 1: ((102, 103, 108), "20")}, styles=("solid",))
    x, y, _ = marks.card_bubbles_px(batch.card, batch.template, 0, DPI)["stake:1"]
    side = 0.77 * FID * DPI / 72
    box = cv2.boxPoints(((x, y), (side, side), 4.0)).astype(np.int32)
    cv2.fillPoly(img, [box], (15, 15, 15))
    report = _scan(store, batch.card.slug, img, tmp_path / "blot.jpg")
    got = sorted(((c.serial, c.status, c.picks, c.stake) for c in report.cards), key=str)
    assert got == [
        ("000001", "entered", (101, 104, 106), Decimal(1)),
        ("000002", "entered", (102, 103, 108), Decimal(20)),
    ], [c.reasons for c in report.cards]


def test_a_streak_down_the_scanned_page_through_a_bubble_is_no_pick(store: Store, tmp_path: Path):
    """Dust on a sheet-fed scanner's glass draws a thin dark line down the whole page; where it crosses a
    blank bubble it looks like a stroke of the player's pen. Each card it crosses waits for a person naming
    the bubbles it crosses."""
    from parlaycards.demo import marks

    batch = printed(store, nfl_card(8), "letter-2up", 2, tmp_path)
    img = sheet(batch, 0, {0: ((101, 104, 106), "10"), 1: ((102, 103, 108), "20")}, styles=("cross",))
    page = cv2.warpAffine(
        img,
        cv2.getRotationMatrix2D((800, 1100), 2.0, 1.0),
        (img.shape[1], img.shape[0]),
        borderValue=(235, 235, 235),
    )
    x, _, r = marks.card_bubbles_px(batch.card, batch.template, 0, DPI)["201"]
    at = round(x + 0.3 * r)
    page[:, at : at + 3] = (page[:, at : at + 3] * 0.35).astype(np.uint8)
    report = _scan(store, batch.card.slug, page, tmp_path / "streak.jpg")
    for card in report.cards:  # the line runs down both cards of the sheet, through the same column
        assert card.status == "review", (card.serial, card.picks, card.reasons)
        assert any("a line runs through the whole scanned page across" in r for r in card.reasons), (
            card.reasons
        )
    assert sorted(c.serial for c in report.cards) == ["000001", "000002"]


def _curled(img: np.ndarray, lift: float) -> np.ndarray:
    """The page lying with its right side curled up off the table: the print there moves up and in, more
    the nearer the edge (lift, px, at the edge)."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u = np.clip((xx / w - 0.55) / 0.45, 0, None)
    out: np.ndarray = cv2.remap(
        img, xx + 0.35 * lift * u**3, yy + lift * u * u, cv2.INTER_LINEAR, borderValue=(90, 80, 70)
    )
    return out


@pytest.mark.parametrize("lift", [40, 50])
def test_a_sheet_curled_at_one_edge_is_lined_up_and_entered(store: Store, tmp_path: Path, lift: float):
    """A curl moves the bubbles near the curled edge further from where the corner marks put them than a
    ring is looked for: the rings found elsewhere say where to look again, and the cards are read as drawn."""
    batch = printed(store, nfl_card(16), "letter-2up", 2, tmp_path)
    drawn = {0: ((101, 104, 117, 131), "10"), 1: ((103, 114, 205, 228), "5")}
    img = sheet(batch, 0, drawn, styles=("solid", "cross"))
    table = cv2.copyMakeBorder(img, 120, 120, 120, 120, cv2.BORDER_CONSTANT, value=(90, 80, 70))
    report = _scan(
        store, batch.card.slug, cv2.GaussianBlur(_curled(table, lift), (3, 3), 0), tmp_path / "c.jpg"
    )
    assert _read(report) == BOTH_ENTERED, [c.reasons for c in report.cards]
