"""A card already typed in, scanned: said to be already entered, not left in review as "no marks"."""

from __future__ import annotations

import stat
from decimal import Decimal
from pathlib import Path

import cv2
import numpy as np

from parlaycards.services import scan as svc
from parlaycards.store import Store

from .pool_support import code, enter
from .print_support import nfl_card
from .scan_support import BEFORE_CUTOFF, page_image, printed, sheet


def _png(img: np.ndarray, path: Path) -> Path:
    cv2.imwrite(str(path), img if img.ndim == 2 else cv2.cvtColor(img, cv2.COLOR_RGB2BGR))
    return path


def test_a_blank_scan_of_a_card_typed_in_is_said_already_entered(store: Store, tmp_path: Path):
    p = printed(store, nfl_card(16), "letter-2up", 2, tmp_path)
    enter(store, "nfl-w12", serial="1", picks="101,104,117", code=code(store, "nfl-w12", 1, 1))
    scan = _png(page_image(p.file, 0), tmp_path / "blank.png")
    report = svc.scan_cards(
        store, "nfl-w12", [scan], stake=Decimal(5), received=BEFORE_CUTOFF, folder=tmp_path / "c"
    )
    got = {c.serial: (c.status, c.reasons[0]) for c in report.cards}
    assert got["000001"] == (
        "duplicate",
        "card 000001 was already entered (typed in, picks 101,104,117 at $5.00); this scan shows no marks, "
        "so it is not entered again",
    )
    assert got["000002"][0] == "review" and got["000002"][1].startswith("no marks on the card")
    assert [(r.serial, r.status) for r in svc.reviews(store, "nfl-w12")[1]] == [(2, "review")]
    assert {stat.S_IMODE(Path(c.crop).stat().st_mode) for c in report.cards} == {0o600}  # crops show codes


def test_a_doubtful_scan_of_a_card_typed_in_waits_beside_its_entry(store: Store, tmp_path: Path):
    p = printed(store, nfl_card(16), "letter-2up", 2, tmp_path)
    enter(store, "nfl-w12", serial="1", picks="101,104,117", code=code(store, "nfl-w12", 1, 1))
    img = sheet(p, 0, {0: ((101, 103, 105), None)})  # other picks, and no stake marked
    report = svc.scan_cards(
        store, "nfl-w12", [_png(img, tmp_path / "s.png")], received=BEFORE_CUTOFF, folder=tmp_path / "c"
    )
    card = next(c for c in report.cards if c.serial == "000001")
    assert card.status == "review"
    assert card.reasons[0] == (
        "card 000001 was already entered (typed in, picks 101,104,117 at $5.00): compare this scan with it"
    )
    assert svc.kind(card.reasons[0]) == "serial already entered"
    assert any(r.startswith("stake not marked") for r in card.reasons[1:])


def test_cards_received_at_a_time_still_to_come_are_refused_once_before_any_page(
    store: Store, tmp_path: Path
):
    """A typo in --received's year or day (tomorrow for today) is said once, naming the time, not once a card."""
    from datetime import UTC, datetime, timedelta

    import pytest

    from parlaycards.core.errors import ParlayError

    week = nfl_card(8)
    ahead = timedelta(days=(datetime.now(UTC).date() - week.games[0].kickoff.date()).days + 30)
    games = tuple(g.model_copy(update={"kickoff": g.kickoff + ahead}) for g in week.games)
    card = week.model_copy(update={"games": games, "rules": week.rules.model_copy(update={"cutoff": None})})
    p = printed(store, card, "letter-2up", 2, tmp_path)
    scan = _png(sheet(p, 0, {0: ((101, 104, 106), "5"), 1: ((102, 103, 105), "10")}), tmp_path / "s.png")
    tomorrow = (datetime.now(UTC) + timedelta(days=2)).replace(tzinfo=None, second=0, microsecond=0)
    with pytest.raises(ParlayError, match="still to come") as refused:
        svc.scan_cards(store, "nfl-w12", [scan], stake=None, received=tomorrow, folder=tmp_path / "c")
    assert "--received" in str(refused.value) or "received" in str(refused.value)
    assert svc.reviews(store, "nfl-w12")[1] == [] and not (tmp_path / "c").exists()
