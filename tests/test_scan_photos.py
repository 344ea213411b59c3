"""Scanning: a large phone photo is read at half its size (a card too small there, on the whole photo);
another pool's card with our serial replaces none of ours."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import cv2
import numpy as np
import pytest

from parlaycards.core.models import Card
from parlaycards.scan.pages import _jpeg_size, page_at, release
from parlaycards.services import scan as svc
from parlaycards.store import Store

from .print_support import nfl_card
from .scan_support import BEFORE_CUTOFF, printed, sheet

MARKS = {0: ((101, 104, 117), "10"), 1: ((103, 131, 205), None)}


@pytest.fixture
def batch(store: Store, tmp_path: Path):
    return printed(store, nfl_card(16), "letter-2up", 2, tmp_path)


def _photo(img: np.ndarray, ppi: float, frame: int | None = None) -> np.ndarray:
    from parlaycards.demo import paper

    rng = np.random.default_rng(3)
    photo = paper.phone(
        img, rng, dpi_in=200, ppi=ppi, tilt_deg=6, jpeg_quality=80, blur=0.8, spin_deg=4.0,
        shadow=True, motion=0.0, grey=False,
    )  # fmt: skip
    if frame is not None:  # the sheet small in a large picture: a table all around it
        h, w = photo.shape[:2]
        top, left = (frame - h) // 2, (frame - w) // 2
        photo = cv2.copyMakeBorder(
            photo, top, frame - h - top, left, frame - w - left, cv2.BORDER_CONSTANT, value=(90, 80, 70)
        )
    return photo


def _found_fine(path: Path, card: Card) -> bool:
    from parlaycards.io.templates import list_templates
    from parlaycards.scan.cards import _fine_enough
    from parlaycards.scan.locate import locate
    from parlaycards.scan.quads import shapes_of

    shapes = shapes_of(list(list_templates()))
    page = page_at(path, 0)
    assert page.halved
    try:
        return _fine_enough(locate(page.grey, shapes).quads, shapes)
    finally:
        release()


@pytest.mark.parametrize(("ppi", "frame", "fine"), [(330, None, True), (110, 2600, False)])
def test_a_large_photo_is_read_halved_unless_its_cards_are_too_small_there(
    store: Store, batch, tmp_path: Path, ppi: float, frame: int | None, fine: bool
):
    path = tmp_path / "photo.jpg"
    cv2.imwrite(str(path), _photo(sheet(batch, 0, MARKS), ppi, frame), [cv2.IMWRITE_JPEG_QUALITY, 85])
    assert max(_jpeg_size(path) or (0, 0)) >= 1600
    assert _found_fine(path, batch.card) is fine
    report = svc.scan_cards(
        store, batch.card.slug, [path], stake=Decimal(2), received=BEFORE_CUTOFF, folder=tmp_path / "c"
    )
    got = sorted((c.serial, c.status, c.picks, c.stake) for c in report.cards)
    assert got == [
        ("000001", "entered", (101, 104, 117), Decimal(10)),
        ("000002", "entered", (103, 131, 205), Decimal(2)),
    ], [c.reasons for c in report.cards]


@pytest.mark.parametrize("progressive", [False, True])
def test_a_jpeg_size_is_read_from_its_header(tmp_path: Path, progressive: bool):
    from PIL import Image

    img = np.full((1234, 2345, 3), 200, np.uint8)
    path = tmp_path / "a.jpg"
    Image.fromarray(img).save(path, quality=70, progressive=progressive, exif=Image.Exif())
    assert _jpeg_size(path) == (2345, 1234)
    (tmp_path / "b.jpg").write_bytes(b"\xff\xd8\xff\xe0\x00\x02" + b"\x00" * 10)
    assert _jpeg_size(tmp_path / "b.jpg") is None


def test_a_card_of_another_pool_with_the_same_serial_leaves_ours_waiting(store: Store, batch, tmp_path: Path):
    """Our card 000001 waits in review; another pool's card 000001 scanned later is not ours, and
    replaces nothing: both wait, each with its own reason."""
    from PIL import Image

    def pdf(img: np.ndarray, name: str) -> Path:
        path = tmp_path / name
        Image.fromarray(img).convert("RGB").save(path, resolution=200, quality=85)
        return path

    ours = pdf(sheet(batch, 0, {0: ((101, 104), "5")}), "ours.pdf")  # two picks: too few, review
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    theirs = printed(other, nfl_card(16), "letter-2up", 2, tmp_path / "theirs")
    other.dispose()
    stranger = pdf(sheet(theirs, 0, {0: ((101, 104, 117), "5")}), "theirs.pdf")
    for path in (ours, stranger):
        svc.scan_cards(store, batch.card.slug, [path], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    _, waiting = svc.reviews(store, batch.card.slug)
    assert sorted((r.serial, Path(r.file).name) for r in waiting if r.serial == 1) == [
        (1, "ours.pdf"),
        (1, "theirs.pdf"),
    ]
    ours_again = pdf(sheet(batch, 0, {0: ((101, 104), "5")}, seed=4), "again.pdf")
    svc.scan_cards(store, batch.card.slug, [ours_again], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    _, waiting = svc.reviews(store, batch.card.slug)
    assert sorted(Path(r.file).name for r in waiting if r.serial == 1) == ["again.pdf", "theirs.pdf"]


def test_the_crops_folder_made_by_a_scan_is_its_owners_only(store: Store, batch, tmp_path: Path):
    """Each crop shows the card's verify code: other users of the machine must not read them."""
    import stat

    path = tmp_path / "photo.jpg"
    cv2.imwrite(str(path), _photo(sheet(batch, 0, MARKS), 330), [cv2.IMWRITE_JPEG_QUALITY, 85])
    crops = tmp_path / "pool-scans"
    svc.scan_cards(store, batch.card.slug, [path], stake=Decimal(2), received=BEFORE_CUTOFF, folder=crops)
    assert stat.S_IMODE(crops.stat().st_mode) == 0o700 and any(crops.iterdir())


def test_a_scan_received_after_every_game_kicked_off_is_refused_before_any_page_is_read(
    store: Store, batch, tmp_path: Path
):
    from datetime import datetime

    from parlaycards.core.errors import ParlayError

    path = tmp_path / "photo.jpg"
    cv2.imwrite(str(path), _photo(sheet(batch, 0, MARKS), 330), [cv2.IMWRITE_JPEG_QUALITY, 85])
    crops = tmp_path / "crops"
    # Monday morning, or now, long after; late on purpose (past the cutoff): still no game left to pick
    for received in (datetime(2026, 11, 23, 9, 0), None):
        with pytest.raises(
            ParlayError, match=r"every game of nfl-w12 had kicked off by .*every pick would be refused"
        ):
            svc.scan_cards(
                store, batch.card.slug, [path], stake=Decimal(2), received=received, late=True, folder=crops
            )
    assert not crops.exists()
    _, rows = svc.reviews(store, batch.card.slug, everything=True)
    assert rows == []
