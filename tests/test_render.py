"""The PDF: exact paper size, the text as printed, the QR, and a rendering checked pixel by pixel."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest

from parlaycards.core.lines import format_spread, format_total
from parlaycards.io.templates import list_templates, load_template
from parlaycards.layout.card import layout_card
from parlaycards.layout.sheet import card_origins
from parlaycards.render import qr
from parlaycards.render.pdf import CardFace, render_cards, render_proof

from .print_support import nfl_card

FIT = {"letter-4up": 2, "letter-3up": 6, "letter-2up-stub": 12}  # games each template holds in these tests


def _cards(n: int) -> list[tuple[int, str]]:
    return [(i, f"C{i:05d}"[-6:]) for i in range(1, n + 1)]


@pytest.mark.parametrize("name", [t.name for t in list_templates()])
def test_page_size_is_the_paper_exactly(tmp_path: Path, name: str):
    t = load_template(name)
    card = nfl_card(FIT.get(name, 16))
    out = tmp_path / "x.pdf"
    render_cards(out, CardFace(t, layout_card(card, t), card.slug, 1, card.title), _cards(len(t.cards) + 1))
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 2
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(t.page_size(), abs=0.001)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_text_has_every_team_line_and_serial_once(tmp_path: Path):
    t = load_template("letter-2up")
    card = nfl_card(16)
    out = tmp_path / "batch.pdf"
    render_cards(out, CardFace(t, layout_card(card, t), card.slug, 1, card.title), _cards(6))
    pages = [p.extract_text() for p in pypdf.PdfReader(out).pages]
    text = "\n".join(pages)
    for g in card.games:
        assert g.away in text and g.home in text
        assert format_spread(g.spread) in text and format_spread(-g.spread) in text
        assert format_total(g.total) in text
    assert "½" in text and "3.5" not in text
    for serial in range(1, 7):
        assert text.count(f"No. {serial:06d}") == 1
    assert "3 of 3 pays" in text and "5 to 1" in text and "HOW TO PLAY" in text


def test_the_form_is_drawn_once(tmp_path: Path):
    t = load_template("letter-2up")
    card = nfl_card(16)
    out = tmp_path / "batch.pdf"
    render_cards(out, CardFace(t, layout_card(card, t), card.slug, 1, card.title), _cards(200))
    reader = pypdf.PdfReader(out)
    forms = {id(x) for p in reader.pages for x in [p["/Resources"]["/XObject"]["/FormXob.card"].get_object()]}
    assert len(reader.pages) == 100 and len(forms) >= 1
    assert out.stat().st_size / 200 < 1200  # bytes per card


def test_qr_matches_reportlab_for_every_mask():
    rq = qr.rq
    payload = "PC1|nfl-w12|3|000123|K7F2Q9"
    for version in (3, 4, 6):
        sym = qr.symbol(version, "Q")
        for mask in range(8):
            code = rq.QRCode(version, rq.QRErrorCorrectLevel.Q)
            code.addData(rq.QR8bitByte(payload))
            code.makeImpl(False, mask)
            want = [sum(1 << c for c in range(sym.n) if code.modules[r][c]) for r in range(sym.n)]
            assert sym.rows(sym.matrix(payload.encode(), mask)) == want


def test_proof_is_watermarked_and_uses_sample_fields(tmp_path: Path):
    t = load_template("letter-2up")
    card = nfl_card(16)
    out = tmp_path / "proof.pdf"
    render_proof(out, CardFace(t, layout_card(card, t), card.slug, 1, card.title))
    text = " ".join(pypdf.PdfReader(out).pages[0].extract_text().split())
    assert "PROOF" in text and "No. PROOF" in text and "Actual size" in text and "Fit to page" in text


def test_rendered_card_fiducials_dark_bubbles_white_qr_quiet(tmp_path: Path):
    """A golden check without a golden image: render at 100 dpi and look where the layout says."""
    t = load_template("letter-2up")
    card = nfl_card(16)
    lay = layout_card(card, t)
    out = tmp_path / "batch.pdf"
    render_cards(out, CardFace(t, lay, card.slug, 1, card.title), _cards(2))
    scale = 100 / 72
    page = pdfium.PdfDocument(str(out))[0]
    img = page.render(scale=scale).to_pil().convert("L")
    _, ph = t.page_size()

    def px(x: float, y: float, slot: int = 0) -> int:
        ox, oy = card_origins(t)[slot]
        return img.getpixel((int((x + ox) * scale), int((ph - (y + oy)) * scale)))

    for slot in (0, 1):
        for f in lay.fiducials():
            r = f.rect
            if f.shape == "square":
                assert px(r.x + r.w / 2, r.y + r.h / 2, slot) < 60
            corners = [
                (r.x + 2, r.y + 2),
                (r.right - 2, r.y + 2),
                (r.x + 2, r.top - 2),
                (r.right - 2, r.top - 2),
            ]
            dark = [px(x, y, slot) < 60 for x, y in corners]
            assert sum(dark) == (4 if f.shape == "square" else 3)
        for b in list(lay.bubbles().values()) + list(lay.stake_bubbles().values()):
            assert px(*b.centre(), slot=slot) > 200
        q = lay.qr()
        m = q.module()
        for x, y in ((q.rect.x + m, q.rect.y + m), (q.rect.right - m, q.rect.top - m)):
            assert px(x, y, slot) > 200  # quiet zone
        finder = (q.rect.x + (q.quiet + 0.5) * m, q.rect.top - (q.quiet + 0.5) * m)
        assert px(*finder, slot=slot) < 80  # the top-left finder pattern's corner module


def test_equal_inputs_give_equal_bytes(tmp_path: Path):
    t = load_template("letter-2up")
    card = nfl_card(16)
    lay = layout_card(card, t)
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (a, b):
        render_cards(out, CardFace(t, lay, card.slug, 1, card.title), _cards(4))
    assert a.read_bytes() == b.read_bytes()


def test_every_printed_qr_decodes_with_a_real_decoder(store, tmp_path):
    """The QR encoder uses a private ReportLab module: a real decoder (zxing-cpp) reads what it draws."""
    import pypdfium2 as pdfium
    import zxingcpp

    from parlaycards.core.verify import parse_qr_payload
    from parlaycards.services import printing
    from parlaycards.store import cards as card_rows

    from .print_support import college_card, nfl_card

    with store.transaction() as tx:
        card_rows.save(tx, nfl_card(8), "test")
        card_rows.save(tx, college_card(30), "test")
    found = []
    for slug, template in (
        ("nfl-w12", "letter-2up"),
        ("nfl-w12", "letter-4up"),
        ("nfl-w12", "letter-3up"),
        ("ncaa-w13", "letter-1up"),
        ("nfl-w12", "a4-2up"),
        ("nfl-w12", "letter-2up-stub"),
    ):
        done = printing.print_batch(store, slug, copies=1, template=template, folder=tmp_path / template)
        page = pdfium.PdfDocument(str(done.file))[0].render(scale=150 / 72, grayscale=True).to_numpy()
        codes = [b.text for b in zxingcpp.read_barcodes(page, formats=zxingcpp.BarcodeFormat.QRCode)]
        assert len(codes) == 1, (template, codes)
        slug_, version, serial, _ = parse_qr_payload(codes[0])
        found.append((slug_, version, serial))
    assert found == [
        ("nfl-w12", 1, 1),
        ("nfl-w12", 1, 2),
        ("nfl-w12", 1, 3),
        ("ncaa-w13", 1, 4),
        ("nfl-w12", 1, 5),
        ("nfl-w12", 1, 6),
    ]


def test_a_payout_cap_in_cents_prints_in_cents_on_the_card_and_in_its_rules(tmp_path: Path):
    """A cap of $250.60 printed as "Max payout $251" beside rules that said $250.60: one money format."""
    from decimal import Decimal

    from parlaycards.core.models import Card
    from parlaycards.core.payout_table import PayoutTable
    from parlaycards.core.views import rules_text

    plain_card = nfl_card(12)
    payouts = PayoutTable(tiers=plain_card.payouts.tiers, max_payout=Decimal("250.60"))
    card = Card.model_validate(plain_card.model_dump() | {"payouts": payouts.model_dump()})
    t = load_template("letter-2up")
    out = tmp_path / "capped.pdf"
    render_cards(out, CardFace(t, layout_card(card, t), card.slug, 1, card.title), _cards(2))
    text = " ".join(" ".join(p.extract_text() for p in pypdf.PdfReader(out).pages).split())
    assert "Max payout $250.60 per card" in text
    assert "$251" not in text
    assert "Cards due Sun Nov 22, 1:00 PM" in text  # the cutoff's day and hour by the same text module
    assert "max payout $250.60" in rules_text(card, short=True)
    assert "Maximum payout $250.60 per card, stake included." in rules_text(card)
