"""Scanning: printed cards marked, rasterized and read back; doubtful cards to review; the commands."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.services import entries as entry_svc
from parlaycards.services import scan as svc
from parlaycards.store import Store

from .pool_support import code, file_hash
from .print_support import nfl_card
from .scan_support import BEFORE_CUTOFF, page_image, printed


@pytest.fixture
def nfl(store: Store, tmp_path: Path):
    return printed(store, nfl_card(16), "letter-2up", 4, tmp_path)


def _pdf(images: list[np.ndarray], path: Path, dpi: int = 200) -> Path:
    pages = [Image.fromarray(i).convert("RGB") for i in images]
    pages[0].save(path, save_all=True, append_images=pages[1:], resolution=dpi, quality=80)
    return path


def test_a_blank_card_goes_to_review_for_its_pick_count_and_is_kept(store: Store, nfl, tmp_path: Path):
    scan = _pdf([page_image(nfl.file, 0)], tmp_path / "blank.pdf")
    report = svc.scan_cards(store, "nfl-w12", [scan], stake="5", received=BEFORE_CUTOFF, folder=tmp_path / "crops")
    assert [(c.serial, c.status) for c in report.cards] == [("000001", "review"), ("000002", "review")]
    assert all(any("at least 3" in r for r in c.reasons) for c in report.cards), report.cards
    assert all(Path(c.crop).is_file() for c in report.cards)
    _, rows = svc.reviews(store, "nfl-w12")
    assert [(r.serial, r.status, r.file, r.page) for r in rows] == [(1, "review", str(scan), 0), (2, "review", str(scan), 0)]
    assert entry_svc.list_entries(store, "nfl-w12").entries == ()


def test_a_file_that_is_not_a_scan_is_refused_and_nothing_changes(store: Store, nfl, tmp_path: Path, db_path: Path):
    good = _pdf([page_image(nfl.file, 0)], tmp_path / "good.pdf")
    bad = tmp_path / "notes.txt"
    bad.write_text("not a scan")
    before = file_hash(db_path)
    with pytest.raises(ParlayError, match="notes.txt.*Accepted: PDF"):
        svc.scan_cards(store, "nfl-w12", [good, bad], stake="5", received=BEFORE_CUTOFF, folder=tmp_path / "crops")
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8 not really")
    with pytest.raises(ParlayError, match="broken.jpg: cannot be read as an image"):
        svc.scan_cards(store, "nfl-w12", [broken], stake="5", received=BEFORE_CUTOFF, folder=tmp_path / "crops")
    assert file_hash(db_path) == before
    assert not (tmp_path / "crops").exists()


def test_scanning_after_the_cutoff_asks_when_the_cards_came_in(store: Store, nfl, tmp_path: Path, db_path: Path):
    scan = _pdf([page_image(nfl.file, 0)], tmp_path / "s.pdf")
    before = file_hash(db_path)
    with pytest.raises(ParlayError, match="--received"):
        svc.scan_cards(store, "nfl-w12", [scan], stake="5", received="2026-11-23 09:00", folder=tmp_path / "c")
    assert file_hash(db_path) == before


def test_a_page_with_no_card_goes_to_review_and_a_blank_page_is_skipped(store: Store, nfl, tmp_path: Path):
    white = np.full((2200, 1700), 255, np.uint8)
    text = white.copy()
    cv2.putText(text, "a letter, not a card", (200, 800), cv2.FONT_HERSHEY_SIMPLEX, 3, 0, 6)
    scan = _pdf([white, text], tmp_path / "other.pdf")
    report = svc.scan_cards(store, "nfl-w12", [scan], stake="5", received=BEFORE_CUTOFF, folder=tmp_path / "c")
    assert report.blank == ("other.pdf, page 1",)
    assert [(c.serial, c.status) for c in report.cards] == [(None, "review")]
    assert "no card found" in report.cards[0].reasons[0]


def test_entry_add_takes_the_qr_a_barcode_reader_types(store: Store, nfl):
    c = code(store, "nfl-w12", 1, 3)
    e = entry_svc.add_entry(store, "nfl-w12", serial=None, qr=f"PC1|nfl-w12|1|000003|{c}", name="Dana", stake="5",
                            picks="101,104,117", received=BEFORE_CUTOFF)
    assert (e.serial, e.code, e.picks) == ("000003", c, (101, 104, 117))
    with pytest.raises(ParlayError, match="this card is ncaa-w13"):
        entry_svc.add_entry(store, "nfl-w12", serial=None, qr=f"PC1|ncaa-w13|1|000004|{c}", name="", stake="5",
                            picks="101,104,117", received=BEFORE_CUTOFF)
    with pytest.raises(ParlayError, match="not a parlaycards QR"):
        entry_svc.add_entry(store, "nfl-w12", serial=None, qr="https://example.org", name="", stake="5",
                            picks="101,104,117", received=BEFORE_CUTOFF)


def test_cli_scan_and_review_json(nfl, db_path: Path, tmp_path: Path):
    scan = _pdf([page_image(nfl.file, 1)], tmp_path / "p2.pdf")
    runner = CliRunner()
    r = runner.invoke(app, ["--db", str(db_path), "scan", "nfl-w12", str(scan), "--stake", "5", "--received",
                            BEFORE_CUTOFF])
    assert r.exit_code == 1, r.output
    assert "2 cards read from 1 page, 0 entered, 2 to review (2 pick count or same game)" in r.stderr
    r = runner.invoke(app, ["--db", str(db_path), "review", "nfl-w12", "--json"])
    rows = json.loads(r.stdout)
    assert [(x["serial"], x["picks"], x["stake"], x["page"]) for x in rows] == [("000003", [], "5.00", 0),
                                                                               ("000004", [], "5.00", 0)]
    assert Path(rows[0]["crop"]).parent == db_path.with_name(db_path.stem + "-scans")
    r = runner.invoke(app, ["--db", str(db_path), "review", "nfl-w12", "--accept", "000003", "--picks", "101,104,117"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["--db", str(db_path), "review", "nfl-w12", "--reject", "000004", "--reason", "unsigned"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["--db", str(db_path), "entries", "nfl-w12", "--json"])
    entries = json.loads(r.stdout)
    assert [(e["serial"], e["picks"], e["stake"], e["source"], e["crop"]) for e in entries] == [
        ("000003", [101, 104, 117], "5.00", "scan", rows[0]["crop"])]
    r = runner.invoke(app, ["--db", str(db_path), "review", "nfl-w12", "--json"])
    assert json.loads(r.stdout) == []
