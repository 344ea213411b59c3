"""`pool set --site`: cards printed from then on carry their page's link in the QR code, in the same symbol
(version and box) as the card's details, so nothing else on any template moves; the scanner, `entry add
--qr` and `serve` read the link as they read the details."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from starlette.testclient import TestClient

from parlaycards.core.errors import ParlayError
from parlaycards.io.templates import list_templates, load_template
from parlaycards.layout.card import layout_card
from parlaycards.layout.places import link_level, qr_version
from parlaycards.services import access, printing
from parlaycards.services import entries as entry_svc
from parlaycards.services import scan as scan_svc
from parlaycards.store import Store
from parlaycards.web.app import Site, create_app

from .pool_support import code
from .print_support import nfl_card
from .scan_support import BEFORE_CUTOFF, page_image, printed, sheet

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
SITE = "https://pool.example.org"


def qrs(pdf: Path, page: int = 0) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Every QR on a printed page: its text and where it is (pixels at 200 dpi)."""
    out = []
    for b in zxingcpp.read_barcodes(page_image(pdf, page), formats=zxingcpp.BarcodeFormat.QRCode):
        p = b.position
        xs = [p.top_left.x, p.top_right.x, p.bottom_left.x, p.bottom_right.x]
        ys = [p.top_left.y, p.top_right.y, p.bottom_left.y, p.bottom_right.y]
        out.append((b.text, (min(xs), min(ys), max(xs), max(ys))))
    return sorted(out, key=lambda q: q[1])


def test_cards_printed_with_a_site_carry_the_link_in_the_same_box(store: Store, tmp_path: Path):
    before = printed(store, nfl_card(16), "letter-2up", 2, tmp_path / "before")
    access.set_site(store, SITE + "/")
    after = printing.print_batch(store, "nfl-w12", copies=2, template="letter-2up", folder=tmp_path / "after")
    old, new = qrs(before.file), qrs(after.file)
    assert [t for t, _ in old] == [f"PC1|nfl-w12|1|{n:06d}|{code(store, 'nfl-w12', 1, n)}" for n in (1, 2)]
    assert [t for t, _ in new] == [f"{SITE}/c/{n:06d}-{code(store, 'nfl-w12', 1, n)}" for n in (3, 4)]
    for (_, a), (_, b) in zip(old, new, strict=True):  # the same symbol size at the same place
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 2
    # everything else of the card is the form every copy shares, drawn from the one layout
    assert layout_card(before.card, load_template("letter-2up")).qr().version == qr_version(before.card)


@pytest.mark.parametrize("template", [t.name for t in list_templates()])
def test_every_template_keeps_its_layout_and_takes_the_link(template: str):
    """The layout does not depend on the pool's address, and a typical address fits every template's
    QR at level Q or M."""
    card = nfl_card(8 if template in ("letter-3up", "letter-4up") else 16)
    t = load_template(template)
    lay = layout_card(card, t)
    assert lay.qr().level == "Q"
    assert link_level(card, SITE) in ("Q", "M")
    assert link_level(card, "https://" + "x" * 60 + ".example.org") is None


def test_a_card_printed_with_its_link_is_scanned_and_entered(store: Store, tmp_path: Path):
    access.set_site(store, SITE)
    p = printed(store, nfl_card(16), "letter-2up", 2, tmp_path / "print")
    img = sheet(p, 0, {0: ((101, 104, 117), "10")})
    scan = tmp_path / "monday.png"
    Image.fromarray(img).convert("L").save(scan)
    report = scan_svc.scan_cards(store, "nfl-w12", [scan], received=BEFORE_CUTOFF)
    got = {c.serial: c.status for c in report.cards}
    assert got.get("000001") == "entered", report.cards
    entry = next(e for e in entry_svc.list_entries(store, "nfl-w12").entries if e.serial == "000001")
    assert entry.picks == (101, 104, 117)


def test_entry_add_reads_the_link_a_barcode_reader_types(store: Store, tmp_path: Path):
    access.set_site(store, SITE)
    p = printed(store, nfl_card(16), "letter-2up", 2, tmp_path / "print")
    c = code(store, "nfl-w12", p.card.version, 2)
    from decimal import Decimal

    e = entry_svc.add_entry(
        store,
        "nfl-w12",
        serial=None,
        qr=f"{SITE}/c/000002-{c}",
        name="Dana",
        received=BEFORE_CUTOFF,
        stake=Decimal(5),
        picks=(101, 104, 117),
    )
    assert e.serial == "000002"
    with pytest.raises(ParlayError, match="verify code|code"):
        entry_svc.add_entry(
            store,
            "nfl-w12",
            serial=None,
            qr=f"{SITE}/c/000001-AAAAAA",
            name="X",
            received=BEFORE_CUTOFF,
            stake=Decimal(5),
            picks=(101, 104, 117),
        )


def test_the_link_opens_the_card_and_a_wrong_one_is_refused(store: Store, tmp_path: Path):
    access.set_site(store, SITE)
    p = printed(store, nfl_card(16), "letter-2up", 2, tmp_path / "print")
    c = code(store, "nfl-w12", p.card.version, 1)
    client = TestClient(create_app(store, Site(store, ttl=0)), base_url="https://testserver")
    r = client.get(f"/c/000001-{c}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith(f"/nfl-w12/card/000001?code={c}")
    assert "Card 000001" in client.get(r.headers["location"]).text
    for wrong in ("000001-AAAAAA", "000009-" + c, "junk"):
        r = client.get(f"/c/{wrong}", follow_redirects=False)
        assert r.status_code == 403 and "Wrong serial or code" in r.text, wrong


def test_an_address_too_long_for_the_qr_is_refused_and_nothing_is_printed(store: Store, tmp_path: Path):
    printed(store, nfl_card(16), "letter-2up", 2, tmp_path / "print")
    access.set_site(store, "https://" + "a" * 40 + ".example.org")
    with pytest.raises(ParlayError, match="too long for the QR code"):
        printing.print_batch(store, "nfl-w12", copies=2, template="letter-2up", folder=tmp_path / "again")
    assert not list((tmp_path / "again").glob("*.pdf")) if (tmp_path / "again").exists() else True
    with pytest.raises(ParlayError, match="not a web address"):
        access.set_site(store, "pool.example.org")
    assert re.match(r"https://a+\.example\.org", access.site(store) or "")


def test_a_reprint_carries_the_link_in_the_same_place(store: Store, tmp_path: Path):
    from parlaycards.services.reprint import reprint

    p = printed(store, nfl_card(16), "letter-2up", 2, tmp_path / "print")
    access.set_site(store, SITE)
    again = reprint(store, "nfl-w12", 1, folder=tmp_path / "reprint")
    [(text, box)] = qrs(again.file)
    assert text == f"{SITE}/c/000001-{code(store, 'nfl-w12', p.card.version, 1)}"
    [(_, first)] = [q for q in qrs(p.file) if q[0].endswith("|000001|" + code(store, "nfl-w12", 1, 1))]
    assert max(abs(x - y) for x, y in zip(box, first, strict=True)) <= 2


def test_pool_set_site_and_password_from_the_command_line(tmp_path: Path):
    from typer.testing import CliRunner

    from parlaycards.cli.main import app

    db = str(tmp_path / "pool.db")
    lines = Path(__file__).parent.parent / "sample_lines" / "nfl-week-12.xlsx"
    run = CliRunner().invoke
    assert run(app, ["--db", db, "import", str(lines), "--card", "nfl-w12"]).exit_code == 0
    r = run(app, ["--db", db, "pool", "set", "--site", "pool.example.org"])
    assert r.exit_code == 2 and "is not a web address" in r.output and "Traceback" not in r.output
    r = run(app, ["--db", db, "pool", "set", "--site", SITE, "--password"], input="short\nshort\n")
    assert r.exit_code == 2 and "at least 10" in r.output
    assert "The pool's pages are at" not in run(app, ["--db", db, "pool", "show"]).output  # nothing changed
    r = run(
        app,
        ["--db", db, "pool", "set", "--site", SITE, "--password"],
        input="a long password\na long password\n",
    )
    assert r.exit_code == 0, r.output
    shown = run(app, ["--db", db, "pool", "show"]).output
    assert f"The pool's pages are at {SITE}" in shown and "sign in to `serve` with a password" in shown
    store = Store(f"sqlite:///{db}")
    assert access.password_ok(store, "a long password") and access.site(store) == SITE
    store.dispose()
    assert run(app, ["--db", db, "pool", "set", "--site", "none", "--no-password"]).exit_code == 0
    shown = run(app, ["--db", db, "pool", "show"]).output
    assert "The pool's pages are at" not in shown and "password" not in shown
