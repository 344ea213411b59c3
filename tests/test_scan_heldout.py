"""Scanning marks the reader was not tuned on: the held-out marker and cameras (parlaycards.demo.heldout),
written apart from the reader. Every template round trip, an erasure beside real marks, a shadow across
half a card, a QR scribbled over (the card is named by its printed serial)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import cv2
import numpy as np
import pytest
import zxingcpp
from PIL import Image

from parlaycards.demo import heldout
from parlaycards.demo.marks import legal_picks
from parlaycards.demo.where import card_boxes_px, card_bubbles_px, rasterize
from parlaycards.io.templates import load_template
from parlaycards.services import scan as svc
from parlaycards.store import Store

from .print_support import college_card, nfl_card
from .scan_support import BEFORE_CUTOFF, Printed, printed

DPI = 250
RUBBED_SEED = 10  # a card on which the rubbed-out pick was entered before it was looked for
STAKES = ["1", "2", "5", "10", "20"]


def _marked(p: Printed, rng: np.random.Generator, page: int = 0, **extra) -> tuple[np.ndarray, dict]:
    """Page `page` of a printed batch, every card on it marked by a held-out player: (image, truth)."""
    img = rasterize(p.file, page, DPI)
    per = len(load_template(p.template).cards)
    truth = {}
    for slot in range(per):
        spots = card_bubbles_px(p.card, p.template, slot, DPI)
        hand = heldout.random_hand(rng)
        picks = legal_picks(p.card, rng)
        stake = str(rng.choice(STAKES))
        for key in [str(n) for n in picks] + [f"stake:{stake}"]:
            heldout.draw_pick(img, spots[key], hand, rng, dpi=DPI)
        if extra.get("erase"):  # a pick rubbed out, well, on a game the player did not pick
            used = {p.card.game_by_number(n).key for n in picks}
            free = [str(n) for g in p.card.games if g.key not in used for n in g.numbers.all()]
            heldout.draw_erasure(img, spots[str(rng.choice(free))], hand, rng, thorough=True, dpi=DPI)
        if extra.get("rub"):  # a pick rubbed out but left half done: a person would hesitate
            used = {p.card.game_by_number(n).key for n in picks}
            free = [str(n) for g in p.card.games if g.key not in used for n in g.numbers.all()]
            heldout.draw_erasure(img, spots[str(rng.choice(free))], hand, rng, thorough=False, dpi=DPI)
        if extra.get("scribble"):
            heldout.scribble_over(img, card_boxes_px(p.card, p.template, slot, DPI)["qr"], hand, rng, dpi=DPI)
        truth[f"{p.first + page * per + slot:06d}"] = ("entered", picks, Decimal(stake))
    return img, truth


def _pdf(images: list[np.ndarray], path: Path, dpi: int = 200) -> Path:
    pages = [Image.fromarray(i).convert("RGB") for i in images]
    pages[0].save(path, save_all=True, append_images=pages[1:], resolution=dpi, quality=85)
    return path


def _scan(store: Store, p: Printed, files: list[Path], tmp_path: Path) -> dict:
    report = svc.scan_cards(store, p.card.slug, files, received=BEFORE_CUTOFF, folder=tmp_path / "crops")
    return {c.serial: (c.status, c.picks, c.stake) for c in report.cards}


TEMPLATES = [
    ("letter-2up", 16),
    ("letter-2up", 24),
    ("letter-2up-stub", 16),
    ("letter-3up", 10),
    ("letter-4up", 8),
    ("letter-1up", 30),
    ("a4-2up", 16),
]


@pytest.mark.parametrize(("template", "games"), TEMPLATES)
def test_held_out_marks_round_trip_on_every_template(store: Store, tmp_path: Path, template: str, games: int):
    """print → a held-out player marks each card → the held-out scanner → scan: every pick comes back."""
    card = nfl_card(games) if games <= 16 else college_card(games)
    p = printed(store, card, template, len(load_template(template).cards), tmp_path)
    rng = np.random.default_rng(games * 31 + len(template))
    img, truth = _marked(p, rng)
    scan = _pdf([heldout.scanner(img, rng, dpi_in=DPI, dpi_out=200)], tmp_path / "s.pdf")
    assert _scan(store, p, [scan], tmp_path) == truth


def test_an_erasure_beside_real_marks_is_no_pick_and_the_card_is_entered(store: Store, tmp_path: Path):
    p = printed(store, nfl_card(16), "letter-2up", 4, tmp_path)
    rng = np.random.default_rng(17)
    pages = [_marked(p, rng, page, erase=True) for page in (0, 1)]
    scans = [
        _pdf([heldout.scanner(pages[0][0], rng, dpi_in=DPI)], tmp_path / "a.pdf"),
        tmp_path / "b.jpg",
    ]
    cv2.imwrite(str(scans[1]), heldout.phone(pages[1][0], rng, dpi_in=DPI, whole_sheet=True)[..., ::-1])
    assert _scan(store, p, scans, tmp_path) == pages[0][1] | pages[1][1]


def test_a_shadow_across_half_a_card_changes_no_call(store: Store, tmp_path: Path):
    p = printed(store, nfl_card(16), "letter-2up", 2, tmp_path)
    rng = np.random.default_rng(23)
    img, truth = _marked(p, rng)
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    edge = (xx - 0.45 * w) + 0.3 * (yy - h / 2)  # a soft-edged shadow over the left half, slanting
    light = 1.0 - 0.45 / (1.0 + np.exp(-edge / 25.0))[..., None]
    shaded = np.clip(img.astype(np.float32) * light, 0, 255).astype(np.uint8)
    scan = _pdf([cv2.resize(shaded, None, fx=0.8, fy=0.8, interpolation=cv2.INTER_AREA)], tmp_path / "s.pdf")
    assert _scan(store, p, [scan], tmp_path) == truth


def test_a_card_whose_qr_is_scribbled_over_is_named_by_its_printed_serial(store: Store, tmp_path: Path):
    p = printed(store, nfl_card(16), "letter-2up", 2, tmp_path)
    rng = np.random.default_rng(29)
    img, truth = _marked(p, rng, scribble=True)
    page = heldout.scanner(img, rng, dpi_in=DPI)
    assert not [b for b in zxingcpp.read_barcodes(page) if b.text.startswith("PC1|")]  # no QR left to read
    scan = _pdf([page], tmp_path / "s.pdf")
    assert _scan(store, p, [scan], tmp_path) == truth


def test_a_pick_rubbed_out_but_left_half_done_is_never_entered(store: Store, tmp_path: Path):
    """A pick rubbed out and left half done, beside the player's real marks, is lighter, softer-edged
    and worn: the card waits for a person ("erased or light mark on …") or is entered without it, never
    entered with it."""
    p = printed(store, nfl_card(16), "letter-2up", 4, tmp_path)
    rng = np.random.default_rng(RUBBED_SEED)
    pages = [_marked(p, rng, page, rub=True) for page in range(2)]
    scan = _pdf([heldout.scanner(img, rng, dpi_in=DPI) for img, _ in pages], tmp_path / "s.pdf")
    read = _scan(store, p, [scan], tmp_path)
    truth = {k: v for _, t in pages for k, v in t.items()}
    entered = {k: v for k, v in read.items() if v[0] == "entered"}
    assert {k: v for k, v in entered.items() if v != truth[k]} == {}
    assert any(v[0] == "review" for v in read.values())  # the rubbed-out picks were seen
