"""`print --reprint SERIAL`: the same serial, code and QR, marked REPRINT, no new serial, audited; it scans."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import cv2
import pypdfium2 as pdfium
import pytest
from PIL import Image
from sqlalchemy import func, select
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import NotFoundError, ParlayError, RefusedError
from parlaycards.core.verify import qr_payload
from parlaycards.io.templates import list_templates, load_template
from parlaycards.layout.card import layout_card
from parlaycards.layout.geometry import Bubble, Fiducial, QrBox, Shade, TextCell
from parlaycards.layout.reprint import MARK, reprint_boxes
from parlaycards.layout.text import width
from parlaycards.services import entries as entry_svc
from parlaycards.services import reprint as svc
from parlaycards.services import scan as scan_svc
from parlaycards.store import schema

from .pool_support import code, enter, printed_earlier
from .print_support import college_card, nfl_card
from .scan_support import BEFORE_CUTOFF, Printed, printed, sheet

runner = CliRunner()


@pytest.fixture
def nfl(store, tmp_path):
    return printed(store, nfl_card(16), "letter-2up", 4, tmp_path)


def _count(store, table):
    with store.reading() as tx:
        return tx.conn.execute(select(func.count()).select_from(table)).scalar()


def _text(pdf: Path) -> str:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


def test_a_reprint_has_the_original_serial_and_code_and_uses_no_serial(store, nfl, tmp_path):
    with store.reading() as tx:
        next_serial = tx.meta("next_serial")
    batches = _count(store, schema.batches)
    done = svc.reprint(store, "nfl-w12", 2, folder=tmp_path / "out")
    assert (done.serial, done.version, done.template, done.times) == ("000002", 1, "letter-2up", 1)
    assert done.file == tmp_path / "out" / "nfl-w12-v1-000002-reprint.pdf"
    text = _text(done.file)
    assert MARK in text and "No. 000002" in text and f"CODE {code(store, 'nfl-w12', 1, 2)}" in text
    assert "000001" not in text and "000003" not in text  # one card only
    with store.reading() as tx:
        assert tx.meta("next_serial") == next_serial
        details = [
            json.loads(d)
            for d in tx.conn.execute(
                select(schema.audit.c.detail).where(schema.audit.c.action == "print.reprint")
            ).scalars()
        ]
    assert _count(store, schema.batches) == batches
    assert [(d["serial"], d["version"], d["template"]) for d in details] == [("000002", 1, "letter-2up")]
    assert svc.reprint(store, "nfl-w12", 2, out=tmp_path / "again.pdf").times == 2
    assert not list(tmp_path.glob("**/*.part"))


def test_a_marked_reprint_scans_and_enters_as_its_serial(store, nfl, tmp_path):
    done = svc.reprint(store, "nfl-w12", 3, folder=tmp_path)
    printed_earlier(store, "nfl-w12")  # reprinted before the test week's cards are handed in
    as_printed = Printed(nfl.card, "letter-2up", done.file, 3)
    img = sheet(as_printed, 0, {0: ((101, 104, 117, 205), "5")})
    scan = tmp_path / "scan.pdf"
    Image.fromarray(cv2.cvtColor(img, cv2.COLOR_RGB2GRAY)).save(scan, resolution=200)
    report = scan_svc.scan_cards(store, "nfl-w12", [scan], received=BEFORE_CUTOFF, folder=tmp_path / "crops")
    assert [(c.serial, c.status, c.picks, c.stake) for c in report.cards] == [
        ("000003", "entered", (101, 104, 117, 205), Decimal("5.00"))
    ], [c.reasons for c in report.cards]
    entry = entry_svc.list_entries(store, "nfl-w12").entries[0]
    assert (entry.serial, entry.code) == ("000003", code(store, "nfl-w12", 1, 3))


def test_the_qr_of_a_reprint_reads_the_same_as_the_original(store, nfl, tmp_path):
    done = svc.reprint(store, "nfl-w12", 1, folder=tmp_path)
    doc = pdfium.PdfDocument(str(done.file))
    img = doc[0].render(scale=300 / 72, grayscale=True).to_numpy()
    doc.close()
    found, _points, _ = cv2.QRCodeDetector().detectAndDecode(img if img.ndim == 2 else img[:, :, 0])
    assert found == qr_payload("nfl-w12", 1, 1, code(store, "nfl-w12", 1, 1))


def test_reprint_refusals(store, nfl, tmp_path, db_path):
    with pytest.raises(NotFoundError, match="serial 000009 was never printed for nfl-w12"):
        svc.reprint(store, "nfl-w12", 9, folder=tmp_path)
    r = runner.invoke(app, ["--db", str(db_path), "print", "nfl-w12", "--reprint", "x"])
    assert r.exit_code == 2 and '--reprint "x" is not a serial' in r.stderr
    enter(store, "nfl-w12", serial="4", name="Dana", stake="5", picks="101,104,117", received=BEFORE_CUTOFF)
    with pytest.raises(
        RefusedError, match=r"card 000004 was already entered \(Dana, received Fri Nov 20 12:00 EST\)"
    ):
        svc.reprint(store, "nfl-w12", 4, folder=tmp_path)
    assert not list(tmp_path.glob("*reprint*"))


def test_cli_print_reprint(nfl, db_path, tmp_path):
    db = ["--db", str(db_path)]
    out = tmp_path / "r.pdf"
    r = runner.invoke(app, [*db, "print", "nfl-w12", "--reprint", "000002", "--out", str(out)])
    assert r.exit_code == 0, r.stderr
    assert r.stderr.startswith(f"Wrote {out}: card 000002 of nfl-w12 v1 on letter-2up, marked REPRINT")
    r = runner.invoke(app, [*db, "print", "nfl-w12", "--reprint", "000002", "--copies", "3"])
    assert (r.exit_code, r.stderr) == (
        2,
        "Error: --reprint prints the one card named: leave out --copies and --proof.\n",
    )


@pytest.mark.parametrize(
    "title", ["NFL Week 12", "NFL Week 12 — November 19–23, 2026 — Thanksgiving Weekend Card"]
)
@pytest.mark.parametrize("template", [t.name for t in list_templates()])
@pytest.mark.parametrize("games", [8, 24])  # 24: the band stacked in a panel (letter-2up's tall cards)
def test_the_mark_sits_on_the_band_clear_of_text_and_moves_nothing_read(template, title, games):
    card = (nfl_card(8) if games == 8 else college_card(24)).model_copy(update={"title": title})
    try:
        layout = layout_card(card, load_template(template))
    except ParlayError:
        pytest.skip("the card (its title or its games) does not fit this template's cards at all")
    boxes = reprint_boxes(layout)
    static = layout.static_boxes()
    read = (Bubble, Fiducial, QrBox)
    assert [b for b in boxes if isinstance(b, read)] == [b for b in static if isinstance(b, read)]
    marked = [b for b in boxes if isinstance(b, TextCell) and MARK in b.text]
    assert len(marked) == 1
    mark = marked[0]
    band = next(b for b in boxes if isinstance(b, Shade) and b.dark and b.rect.contains(mark.rect))
    assert mark.grey == 1.0 and mark.size >= 4
    assert width(mark.text, mark.font, mark.size) <= mark.rect.w + 0.01  # it fits where it is
    if mark.text == MARK:  # beside the serial and code: clear of every other text on the band
        others = [
            b for b in boxes if isinstance(b, TextCell) and b is not mark and band.rect.contains(b.rect)
        ]
        for o in [*others, *layout.field_cells()]:
            w = width(o.text.replace("{serial}", "0000000").replace("{code}", "WWWWWW"), o.font, o.size)
            x = o.rect.x if o.align == "left" else o.rect.right - w
            assert (
                x >= mark.rect.right
                or x + w <= mark.rect.x
                or not (o.rect.y < mark.rect.top and mark.rect.y < o.rect.top)
            ), (o.text, mark.rect)


def test_a_second_reprint_writes_a_new_file_and_keeps_the_first(nfl, db_path, tmp_path, monkeypatch):
    """Issue 18: the first reprint's file (perhaps not yet printed on paper) is never written over."""
    db = ["--db", str(db_path)]
    folder = Path("output")
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, [*db, "print", "nfl-w12", "--reprint", "000002"])
    assert r.exit_code == 0, r.stderr
    first = folder / "nfl-w12-v1-000002-reprint.pdf"
    made = first.read_bytes()
    r = runner.invoke(app, [*db, "print", "nfl-w12", "--reprint", "000002"])
    assert r.exit_code == 0, r.stderr
    second = folder / "nfl-w12-v1-000002-reprint-2.pdf"
    assert r.stderr.startswith(f"Wrote {second}: card 000002 of nfl-w12 v1")
    assert f"(reprint number 2 of this card, in a new file: the earlier reprint stays in {first})" in r.stderr
    assert first.read_bytes() == made and second.exists()
    r = runner.invoke(app, [*db, "print", "nfl-w12", "--reprint", "000002", "--out", str(first)])
    assert r.exit_code == 2
    assert r.stderr.startswith(
        f"Error: {first} holds the reprint of card 000002 of nfl-w12; writing over it would lose that file."
    )
    assert first.read_bytes() == made
    (folder / "nfl-w12-v1-000002-reprint-3.pdf").write_bytes(b"someone's file")
    r = runner.invoke(app, [*db, "print", "nfl-w12", "--reprint", "000002"])
    assert r.exit_code == 0 and "Wrote output/nfl-w12-v1-000002-reprint-4.pdf" in r.stderr
    assert (folder / "nfl-w12-v1-000002-reprint-3.pdf").read_bytes() == b"someone's file"
