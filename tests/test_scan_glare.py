"""Scanning: a flash's glare over part of a card hides what is drawn there. A bubble whose printed ring is
washed out with those around it is shown to a person, never read as blank: a marked $10 stake under a
hotspot is never entered at the default stake. Correction fluid over one pick (its neighbours as printed)
is a pick taken back: the card is entered without it."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import cv2
import numpy as np

from parlaycards.core.marks import Hand, Seen, read_marks, verdict
from parlaycards.services import scan as svc
from parlaycards.store import Store

from .print_support import nfl_card
from .scan_support import BEFORE_CUTOFF, printed, sheet

DPI = 200


def _glare(img: np.ndarray, x: float, y: float, sigma: float) -> np.ndarray:
    """A flash's hotspot centred at (x, y), some 2 cm across: light added on top of paper and ink alike,
    white at its heart."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    g = np.exp(-((xx - x) ** 2 + (yy - y) ** 2) / (2 * sigma * sigma))
    hot = np.clip(1.6 * g, 0.0, 1.0)[:, :, None]
    out: np.ndarray = np.clip(img + (255.0 - img) * hot, 0, 255).astype(np.uint8)
    return out


def _scan(store: Store, slug: str, photo: np.ndarray, path: Path) -> svc.ScanReport:
    cv2.imwrite(str(path), cv2.cvtColor(photo, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, 75])
    return svc.scan_cards(
        store, slug, [path], stake=Decimal(5), received=BEFORE_CUTOFF, folder=path.parent / "crops"
    )


def test_a_glare_over_the_marked_stake_sends_the_card_to_a_person(store: Store, tmp_path: Path):
    from parlaycards.demo import marks

    batch = printed(store, nfl_card(8), "letter-2up", 2, tmp_path)
    img = sheet(batch, 0, {0: ((101, 104, 106), "10"), 1: ((102, 103, 108), "20")}, styles=("solid",))
    x, y, r = marks.card_bubbles_px(batch.card, batch.template, 0, DPI)["stake:10"]
    report = _scan(store, batch.card.slug, _glare(img.astype(np.float32), x, y, 4.5 * r), tmp_path / "g.jpg")
    cards = {c.serial: c for c in report.cards}
    first, second = cards["000001"], cards["000002"]
    assert first.status == "review", (first.status, first.stake, first.reasons)  # never entered at $5
    assert any("$10" in reason and "glare" in reason for reason in first.reasons), first.reasons
    assert (second.status, second.picks, second.stake) == ("entered", (102, 103, 108), Decimal(20))


def test_a_glare_over_a_ticked_pick_is_shown_not_dropped(store: Store, tmp_path: Path):
    from parlaycards.demo import marks

    batch = printed(store, nfl_card(8), "letter-2up", 2, tmp_path)
    img = sheet(batch, 0, {0: ((101, 104, 107), "5")}, styles=("tick",))
    x, y, r = marks.card_bubbles_px(batch.card, batch.template, 0, DPI)["107"]
    report = _scan(store, batch.card.slug, _glare(img.astype(np.float32), x, y, 4.5 * r), tmp_path / "t.jpg")
    (card,) = [c for c in report.cards if c.serial == "000001"]
    if card.status == "entered":  # seen through the glare, or shown to a person: never entered without it
        assert card.picks == (101, 104, 107), card.reasons
    else:
        assert any("107" in reason for reason in card.reasons), card.reasons


def test_correction_fluid_over_one_pick_takes_it_back(store: Store, tmp_path: Path):
    from parlaycards.demo import marks

    batch = printed(store, nfl_card(8), "letter-2up", 2, tmp_path)
    img = sheet(batch, 0, {0: ((101, 104, 106, 108), "5")}, styles=("solid",))
    x, y, r = marks.card_bubbles_px(batch.card, batch.template, 0, DPI)["108"]
    cv2.circle(img, (round(x), round(y)), round(1.35 * r), (246, 245, 240), -1)  # a dab of correction fluid
    report = _scan(store, batch.card.slug, img, tmp_path / "c.jpg")
    (card,) = [c for c in report.cards if c.serial == "000001"]
    assert (card.status, card.picks, card.stake) == ("entered", (101, 104, 106), Decimal(5)), card.reasons


def _hand() -> Hand:
    return Hand(0.02, 0.05, 0.05, 0.1, 0.8, 0.6, 0.1)


def test_a_washed_out_bubble_is_hidden_only_amid_washed_out_neighbours():
    blank = dict(mean=0.02, cover=0.0, q75=0.03, q90=0.05)
    assert verdict(Seen(**blank, ring=0.1, around=0.5), _hand()) == "hidden"
    assert verdict(Seen(**blank, ring=0.1, around=0.95), _hand()) == "empty"  # one bubble whited out
    assert verdict(Seen(**blank, ring=0.9, around=0.3), _hand()) == "empty"  # its own ring shows
    filled = Seen(0.6, 0.7, 0.8, 0.85, ring=0.1, around=0.3)
    assert verdict(filled, _hand()) == "filled"  # a fill seen through the glare is a fill


def test_a_hidden_stake_is_never_taken_for_the_default():
    got = read_marks({101: "filled", 104: "filled", 106: "filled"}, {"10": "hidden"}, Decimal(5))
    assert got.stake is None and got.picks == (101, 104, 106)
    assert any("$10" in d for d in got.doubts), got.doubts
    picks = read_marks({101: "filled", 104: "filled", 107: "hidden"}, {"5": "filled"}, Decimal(5))
    assert picks.picks == (101, 104) and any("107" in d for d in picks.doubts), picks.doubts
