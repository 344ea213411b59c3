"""Scanning: a light grey tick on a shaded game row (half as dark against its paper as the same tick on a
white row) is never dropped in silence: it is read as a pick, or the card waits in review naming it."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import cv2
import numpy as np

from parlaycards.report.review import scan_json
from parlaycards.services import scan as svc
from parlaycards.store import Store

from .print_support import nfl_card
from .scan_support import BEFORE_CUTOFF, printed


def _tick(img: np.ndarray, x: float, y: float, r: float, grey: int) -> None:
    """A thin tick drawn in a grey pen that covers what is under it (the paper or a shaded row alike)."""
    a, b, c = (x - 0.8 * r, y), (x - 0.2 * r, y + 0.8 * r), (x + r, y - r)
    for p, q in ((a, b), (b, c)):
        cv2.line(img, (round(p[0]), round(p[1])), (round(q[0]), round(q[1])), (grey, grey, grey), 2)


def test_a_light_tick_on_a_shaded_row_is_read_or_shown_never_dropped(store: Store, tmp_path: Path):
    from parlaycards.demo import marks

    batch = printed(store, nfl_card(8), "letter-2up", 2, tmp_path)
    img = marks.rasterize(batch.file, 0, 150)
    spots = marks.card_bubbles_px(batch.card, batch.template, 0, 150)
    grey = cv2.cvtColor(img, cv2.COLOR_RGB2GRAY)
    rows = {
        n: int(grey[round(spots[str(n)][1]), round(spots[str(n)][0] - 1.6 * spots[str(n)][2])])
        for n in (101, 103)
    }
    assert rows[103] < rows[101] - 8, rows  # the second game's row is shaded, the first's is white
    for n in (101, 103, 106, "stake:10"):
        x, y, r = spots[str(n)]
        _tick(img, x, y, r, 200)
    top = img[: img.shape[0] // 2].astype(np.float32)
    light = np.linspace(0.8, 1.05, top.shape[1], dtype=np.float32)[None, :, None]  # a lamp off to the right
    photo = cv2.resize(
        np.clip(top * light, 0, 255).astype(np.uint8), None, fx=2.35, fy=2.35, interpolation=cv2.INTER_CUBIC
    )
    photo = cv2.GaussianBlur(photo, (3, 3), 0)
    path = tmp_path / "light.jpg"
    cv2.imwrite(str(path), cv2.cvtColor(photo, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, 60])
    report = svc.scan_cards(
        store, batch.card.slug, [path], stake=None, received=BEFORE_CUTOFF, folder=tmp_path / "c"
    )
    (card,) = [c for c in report.cards if c.serial == "000001"]
    assert 101 in card.picks and 106 in card.picks, (card.status, card.picks, card.reasons)
    if card.status == "entered":  # read as a pick, or shown to a person: never passed over
        assert card.picks == (101, 103, 106) and card.stake == Decimal(10)
    else:
        assert card.status == "review" and any("103" in r for r in card.reasons), card.reasons
    (shown,) = [c for c in scan_json(batch.card.slug, report)["cards"] if c["serial"] == "000001"]
    assert shown["stake"] == (
        "10.00" if card.stake is not None else None
    )  # money as JSON carries it, read or given


def test_a_hard_shadow_over_a_corner_and_across_the_bubbles_changes_nothing(store: Store, tmp_path: Path):
    """Half the sheet in a shadow 55 % darker with a sharp edge, running across the games and over a corner
    mark: every card is found, and entered with the picks drawn, no more."""
    from .scan_support import sheet

    batch = printed(store, nfl_card(16), "letter-2up", 2, tmp_path)
    img = sheet(batch, 0, {0: ((101, 104, 117), "10"), 1: ((103, 131, 205), "5")}).astype(np.float32)
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    edge = (xx - 0.55 * w) + 0.6 * (yy - 0.2 * h)  # slanting down the sheet, through both cards' games
    light = 1.0 - 0.55 * np.clip(0.5 - edge / 6.0, 0.0, 1.0)  # the left part in shadow, 6 px of penumbra
    path = tmp_path / "shadow.jpg"
    photo = np.clip(img * light[:, :, None], 0, 255).astype(np.uint8)
    cv2.imwrite(str(path), cv2.cvtColor(photo, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, 80])
    report = svc.scan_cards(
        store, batch.card.slug, [path], stake=None, received=BEFORE_CUTOFF, folder=tmp_path / "c"
    )
    got = sorted((c.serial, c.status, c.picks, c.stake) for c in report.cards)
    assert got == [
        ("000001", "entered", (101, 104, 117), Decimal(10)),
        ("000002", "entered", (103, 131, 205), Decimal(5)),
    ], [c.reasons for c in report.cards]
