"""Scanning: printed cards marked, rasterized and read back; doubtful cards to review; the commands."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.io.templates import load_template
from parlaycards.services import entries as entry_svc
from parlaycards.services import scan as svc
from parlaycards.store import Store

from .pool_support import code, enter, file_hash
from .print_support import college_card, nfl_card
from .scan_support import BEFORE_CUTOFF, Printed, page_image, printed, sheet


@pytest.fixture
def nfl(store: Store, tmp_path: Path):
    return printed(store, nfl_card(16), "letter-2up", 4, tmp_path)


def _pdf(images: list[np.ndarray], path: Path, dpi: int = 200) -> Path:
    pages = [Image.fromarray(i).convert("RGB") for i in images]
    pages[0].save(path, save_all=True, append_images=pages[1:], resolution=dpi, quality=80)
    return path


def test_a_blank_card_goes_to_review_for_its_pick_count_and_is_kept(store: Store, nfl, tmp_path: Path):
    scan = _pdf([page_image(nfl.file, 0)], tmp_path / "blank.pdf")
    report = svc.scan_cards(
        store, "nfl-w12", [scan], stake=Decimal(5), received=BEFORE_CUTOFF, folder=tmp_path / "crops"
    )
    assert [(c.serial, c.status) for c in report.cards] == [("000001", "review"), ("000002", "review")]
    assert all(c.reasons[0].startswith("no marks on the card") for c in report.cards), report.cards
    assert all(Path(c.crop).is_file() for c in report.cards)
    _, rows = svc.reviews(store, "nfl-w12")
    assert [(r.serial, r.status, r.file, r.page) for r in rows] == [
        (1, "review", str(scan), 0),
        (2, "review", str(scan), 0),
    ]
    assert entry_svc.list_entries(store, "nfl-w12").entries == ()


def test_a_file_that_is_not_a_scan_is_refused_and_nothing_changes(
    store: Store, nfl, tmp_path: Path, db_path: Path
):
    good = _pdf([page_image(nfl.file, 0)], tmp_path / "good.pdf")
    bad = tmp_path / "notes.txt"
    bad.write_text("not a scan")
    before = file_hash(db_path)
    with pytest.raises(ParlayError, match="notes.txt.*Accepted: PDF"):
        svc.scan_cards(
            store, "nfl-w12", [good, bad], stake=Decimal(5), received=BEFORE_CUTOFF, folder=tmp_path / "crops"
        )
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8 not really")
    with pytest.raises(ParlayError, match="broken.jpg is not an image the scanner reads"):
        svc.scan_cards(
            store, "nfl-w12", [broken], stake=Decimal(5), received=BEFORE_CUTOFF, folder=tmp_path / "crops"
        )
    assert file_hash(db_path) == before
    assert not (tmp_path / "crops").exists()


def test_scanning_after_the_cutoff_asks_when_the_cards_came_in(
    store: Store, nfl, tmp_path: Path, db_path: Path
):
    scan = _pdf([page_image(nfl.file, 0)], tmp_path / "s.pdf")
    before = file_hash(db_path)
    with pytest.raises(ParlayError, match="--received with when the cards were handed in"):
        svc.scan_cards(
            store,
            "nfl-w12",
            [scan],
            stake=Decimal(5),
            received=datetime(2026, 11, 23, 9, 0),
            folder=tmp_path / "c",
        )
    assert file_hash(db_path) == before
    r = CliRunner().invoke(
        app, ["--db", str(db_path), "scan", "nfl-w12", str(scan), "--received", "2026-11-23 09:00"]
    )
    assert (
        r.exit_code == 2
        and '--received with when the cards were handed in (e.g. --received "2026-11-22 12:30"), or --late'
        in r.stderr
    )
    assert file_hash(db_path) == before


def test_a_page_with_no_card_goes_to_review_and_a_blank_page_is_skipped(store: Store, nfl, tmp_path: Path):
    white = np.full((2200, 1700), 255, np.uint8)
    text = white.copy()
    cv2.putText(text, "a letter, not a card", (200, 800), cv2.FONT_HERSHEY_SIMPLEX, 3, 0, 6)
    scan = _pdf([white, text], tmp_path / "other.pdf")
    report = svc.scan_cards(
        store, "nfl-w12", [scan], stake=Decimal(5), received=BEFORE_CUTOFF, folder=tmp_path / "c"
    )
    assert report.blank == ("other.pdf, page 1",)
    assert [(c.serial, c.status) for c in report.cards] == [(None, "review")]
    assert "no card found" in report.cards[0].reasons[0]


def test_entry_add_takes_the_qr_a_barcode_reader_types(store: Store, nfl):
    c = code(store, "nfl-w12", 1, 3)
    e = enter(
        store,
        "nfl-w12",
        serial=None,
        qr=f"PC1|nfl-w12|1|000003|{c}",
        name="Dana",
        stake=Decimal(5),
        picks="101,104,117",
        received=BEFORE_CUTOFF,
    )
    assert (e.serial, e.code, e.picks) == ("000003", c, (101, 104, 117))
    with pytest.raises(ParlayError, match="this card is ncaa-w13"):
        enter(
            store,
            "nfl-w12",
            serial=None,
            qr=f"PC1|ncaa-w13|1|000004|{c}",
            name="",
            stake=Decimal(5),
            picks="101,104,117",
            received=BEFORE_CUTOFF,
        )
    with pytest.raises(ParlayError, match="not a parlaycards QR"):
        enter(
            store,
            "nfl-w12",
            serial=None,
            qr="https://example.org",
            name="",
            stake=Decimal(5),
            picks="101,104,117",
            received=BEFORE_CUTOFF,
        )


def test_cli_scan_and_review_json(nfl, db_path: Path, tmp_path: Path):
    scan = _pdf([page_image(nfl.file, 1)], tmp_path / "p2.pdf")
    runner = CliRunner()
    r = runner.invoke(
        app, ["--db", str(db_path), "scan", "nfl-w12", str(scan), "--stake", "5", "--received", BEFORE_CUTOFF]
    )
    assert r.exit_code == 1, r.output
    assert "2 cards read from 1 page, 0 entered, 2 to review (2 no marks)" in r.stderr
    r = runner.invoke(app, ["--db", str(db_path), "review", "nfl-w12", "--json"])
    rows = json.loads(r.stdout)
    assert [(x["serial"], x["picks"], x["stake"], x["page"]) for x in rows] == [
        ("000003", [], "5.00", 0),
        ("000004", [], "5.00", 0),
    ]
    assert Path(rows[0]["crop"]).parent == db_path.with_name(db_path.stem + "-scans")
    r = runner.invoke(
        app, ["--db", str(db_path), "review", "nfl-w12", "--accept", "000003", "--picks", "101,104,117"]
    )
    assert r.exit_code == 0, r.output
    r = runner.invoke(
        app, ["--db", str(db_path), "review", "nfl-w12", "--reject", "000004", "--reason", "unsigned"]
    )
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["--db", str(db_path), "entries", "nfl-w12", "--json"])
    entries = json.loads(r.stdout)
    assert [(e["serial"], e["picks"], e["stake"], e["source"], e["crop"]) for e in entries] == [
        ("000003", [101, 104, 117], "5.00", "scan", rows[0]["crop"])
    ]
    r = runner.invoke(app, ["--db", str(db_path), "review", "nfl-w12", "--json"])
    assert json.loads(r.stdout) == []


TEMPLATES = [
    ("letter-2up", 16),
    ("letter-2up", 20),  # the games in a column under the band, the entry lines in the panel beside them
    ("letter-2up", 24),  # the games from top to foot, the band stacked in the panel beside them
    ("letter-2up", 25),  # college names as boards print them when space is tightest (Miss. St.)
    ("letter-2up-stub", 16),
    ("letter-3up", 10),
    ("letter-4up", 8),
    ("letter-1up", 30),
    ("a4-2up", 16),
]


@pytest.mark.parametrize(("template", "games"), TEMPLATES)
def test_round_trip_on_every_template(store: Store, tmp_path: Path, template: str, games: int):
    """print → mark (every style, black and blue) → rasterize → scan: the marked picks come back."""
    from parlaycards.demo import marks as marker
    from parlaycards.demo import paper

    card = nfl_card(games) if games <= 16 else college_card(games)
    p = printed(store, card, template, len(load_template(template).cards), tmp_path)
    rng = np.random.default_rng(len(template))
    marks = {
        slot: (marker.legal_picks(p.card, rng), str(rng.choice(["1", "2", "5", "10", "20"])))
        for slot in range(len(load_template(template).cards))
    }
    img = sheet(p, 0, marks, seed=games)
    scan = _pdf(
        [
            paper.scanner(
                img,
                rng,
                dpi_in=200,
                quarter_turns=1,
                skew_deg=1.5,
                dark_bed=False,
                jpeg_quality=70,
                grey=True,
            )
        ],
        tmp_path / "s.pdf",
    )
    report = svc.scan_cards(store, p.card.slug, [scan], received=BEFORE_CUTOFF, folder=tmp_path / "crops")
    got = {c.serial: (c.status, c.picks, c.stake) for c in report.cards}
    want = {
        f"{p.first + slot:06d}": ("entered", picks, Decimal(stake)) for slot, (picks, stake) in marks.items()
    }
    assert got == want, [c.reasons for c in report.cards]


def test_marks_that_do_not_count_and_a_phone_photo(store: Store, nfl, tmp_path: Path):
    from parlaycards.demo import paper

    rng = np.random.default_rng(5)
    img = sheet(
        nfl,
        0,
        {0: ((101, 104, 117), "10"), 1: ((103, 205, 131), None)},
        extras={0: [("121", "erased"), ("125", "stray")], 1: [("stake:20", "erased")]},
    )
    photo = paper.phone(
        paper.tear(img, nfl.card, "letter-2up", 0, 200, rng),
        rng,
        dpi_in=200,
        ppi=170,
        tilt_deg=12,
        jpeg_quality=60,
        blur=1.2,
        spin_deg=30.0,
        shadow=True,
        motion=0.0,
        grey=False,
    )
    path = tmp_path / "photo.jpg"
    cv2.imwrite(str(path), photo)
    scan = _pdf(
        [
            paper.scanner(
                img, rng, dpi_in=200, quarter_turns=2, dark_bed=True, skew_deg=-2, jpeg_quality=55, grey=True
            )
        ],
        tmp_path / "s.pdf",
    )
    report = svc.scan_cards(
        store, "nfl-w12", [path, scan], stake=Decimal(2), received=BEFORE_CUTOFF, folder=tmp_path / "c"
    )
    assert sorted((c.serial, c.status, c.picks, c.stake) for c in report.cards) == [
        ("000001", "duplicate", (101, 104, 117), Decimal(10)),
        ("000001", "entered", (101, 104, 117), Decimal(10)),
        ("000002", "entered", (103, 131, 205), Decimal(2)),
    ], [c.reasons for c in report.cards]
    assert any("scanned twice" in c.reasons[0] for c in report.cards if c.status == "duplicate")


def test_doubtful_cards_go_to_review_with_their_reason(store: Store, tmp_path: Path):
    from parlaycards.demo import paper

    p = printed(store, nfl_card(16), "letter-2up", 12, tmp_path)
    rng = np.random.default_rng(9)
    pages = [
        sheet(p, 0, {0: ((101, 102, 117), "5"), 1: ((103, 105, 107), "other")}),  # both sides; "Other" stake
        sheet(
            p, 1, {0: ((101, 104, 117), "5"), 1: ((103, 105), "5")}, extras={0: [("119", "faint")]}
        ),  # a faint dab beside the marks; 2 picks
        sheet(p, 2, {0: ((101, 104, 117), "5"), 1: ((101, 104, 117), "5")}),
        sheet(p, 3, {0: ((101, 104, 117), "5"), 1: ((101, 104, 117), "5")}),
        sheet(p, 4, {0: ((101, 104, 117, 119), "2"), 1: ((101, 104, 117), "5")}),
    ]
    # page 3: a torn corner (the top card's bottom-left mark); page 4: a smudged QR (the bottom card's)
    h = pages[2].shape[0]
    cv2.rectangle(pages[2], (60, h // 2 - 160), (160, h // 2 - 60), (255, 255, 255), -1)
    qr = _qr_box(p, 1)
    cv2.rectangle(pages[3], qr[0], qr[1], (40, 40, 40), -1)
    # page 5's top card was entered already with other picks: this is a photocopy or a card marked again
    enter(
        store,
        "nfl-w12",
        serial="000009",
        name="",
        stake=Decimal(2),
        picks="101,104,117",
        received=BEFORE_CUTOFF,
    )
    scans = [
        _pdf(
            [
                paper.scanner(
                    i,
                    rng,
                    dpi_in=200,
                    quarter_turns=0,
                    skew_deg=0.5,
                    dark_bed=False,
                    jpeg_quality=80,
                    grey=True,
                )
            ],
            tmp_path / f"s{n}.pdf",
        )
        for n, i in enumerate(pages)
    ]
    report = svc.scan_cards(store, "nfl-w12", scans, received=BEFORE_CUTOFF, folder=tmp_path / "c")
    why = {c.serial: (c.status, svc.kind(c.reasons[0]) if c.reasons else "") for c in report.cards}
    assert why == {
        "000001": ("review", "both sides marked"),
        "000002": ("review", "other stake"),
        "000003": ("review", "erased or light mark"),  # a faint dab beside the marks: a person decides
        "000004": ("review", "pick count or same game"),
        "000005": ("review", "corner mark missing"),
        "000006": ("entered", ""),
        "000007": ("entered", ""),
        "000008": ("entered", ""),  # its QR painted over: named by the serial and code printed on it
        "000009": ("review", "serial already entered"),
        # a real pick, but its 117 is drawn 0.7 as dark as the player's other marks, with a softer edge
        # and less of its ring covered: a pick rubbed out and left half done looks so, and a person decides
        "000010": ("review", "erased or light mark"),
    }, [c.reasons for c in report.cards]
    # what was entered is what was drawn: the faint dab on 119 is never stored as a pick
    assert {c.serial: c.picks for c in report.cards if c.status == "entered"} == {
        s: (101, 104, 117) for s in ("000006", "000007", "000008")
    }


def _qr_box(p: Printed, slot: int, dpi: int = 200) -> tuple[tuple[int, int], tuple[int, int]]:
    from parlaycards.layout.card import layout_card
    from parlaycards.layout.sheet import card_origins

    t = load_template(p.template)
    q = layout_card(p.card, t).qr().rect
    ox, oy = card_origins(t)[slot]
    k, top = dpi / 72, t.page_size()[1]
    return (
        (int((q.x + ox + 20) * k), int((top - (q.top + oy - 20)) * k)),
        (int((q.right + ox - 20) * k), int((top - (q.y + oy + 20)) * k)),
    )


def test_a_scanned_card_is_the_same_entry_as_the_card_typed(store: Store, tmp_path: Path, db_path: Path):
    p = printed(store, nfl_card(16), "letter-2up", 2, tmp_path)
    img = sheet(p, 0, {0: ((101, 104, 117, 205), "5")})
    scan = _pdf([cv2.cvtColor(img, cv2.COLOR_RGB2GRAY)], tmp_path / "s.pdf")
    svc.scan_cards(store, "nfl-w12", [scan], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    scanned = entry_svc.list_entries(store, "nfl-w12").entries[0]
    typed = enter(
        store,
        "nfl-w12",
        serial="000002",
        name="",
        stake=Decimal(5),
        picks="101,104,117,205",
        received=BEFORE_CUTOFF,
        code=code(store, "nfl-w12", 1, 2),
    )
    same = ("version", "name", "stake", "picks", "received_at", "late")
    assert [getattr(scanned, f) for f in same] == [getattr(typed, f) for f in same]
    assert (scanned.serial, scanned.source, scanned.code) == ("000001", "scan", code(store, "nfl-w12", 1, 1))


def test_a_card_of_another_pool_is_not_genuine_here(store: Store, tmp_path: Path):
    """Cards printed by another pool carry other verify codes (and serials this pool never printed)."""
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    theirs = printed(other, nfl_card(16), "letter-2up", 4, tmp_path / "theirs")
    other.dispose()
    printed(store, nfl_card(16), "letter-2up", 2, tmp_path / "ours")
    img = sheet(theirs, 0, {0: ((101, 104, 117), "5"), 1: ((101, 104, 117), "5")})
    later = sheet(theirs, 1, {0: ((101, 104, 117), "5")})
    scans = [_pdf([i], tmp_path / f"t{n}.pdf") for n, i in enumerate((img, later))]
    report = svc.scan_cards(store, "nfl-w12", scans, received=BEFORE_CUTOFF, folder=tmp_path / "c")
    why = sorted((c.serial, c.status, svc.kind(c.reasons[0])) for c in report.cards)
    assert why == [
        ("000001", "review", "verify code does not match"),
        ("000002", "review", "verify code does not match"),
        ("000003", "review", "serial never printed"),
        ("000004", "review", "serial never printed"),
    ]


def test_a_card_of_another_pool_with_our_serial_and_the_same_marks_is_no_rescan(store: Store, tmp_path: Path):
    """Another pool's card bearing a serial entered here, marked the same, was taken for this card scanned
    again ("entered once") without its verify code checked: it waits in review as not genuine here."""
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    theirs = printed(other, nfl_card(16), "letter-2up", 2, tmp_path / "theirs")
    other.dispose()
    ours = printed(store, nfl_card(16), "letter-2up", 2, tmp_path / "ours")
    marks = {0: ((101, 104, 117), "5")}
    mine = _pdf([sheet(ours, 0, marks)], tmp_path / "mine.pdf")
    first = svc.scan_cards(store, "nfl-w12", [mine], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    assert [c.status for c in first.cards if c.serial == "000001"] == ["entered"]
    forged = _pdf([sheet(theirs, 0, marks)], tmp_path / "theirs.pdf")
    report = svc.scan_cards(store, "nfl-w12", [forged], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    assert [(c.status, svc.kind(c.reasons[0])) for c in report.cards if c.serial == "000001"] == [
        ("review", "verify code does not match")
    ]


def test_multipage_tiff_and_the_pools_default_stake(store: Store, nfl, tmp_path: Path):
    """No stake bubble marked: the pool's default stake; none set and no --stake: review."""
    pages = [
        cv2.cvtColor(
            sheet(nfl, i, {0: ((101, 104, 117), None), 1: ((103, 105, 107), None)}), cv2.COLOR_RGB2GRAY
        )
        for i in (0, 1)
    ]
    tiff = tmp_path / "scans.tif"
    assert cv2.imwritemulti(str(tiff), pages)
    report = svc.scan_cards(store, "nfl-w12", [tiff], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    assert {c.serial: (c.status, c.reasons) for c in report.cards if c.serial in ("000001", "000003")} == {
        "000001": (
            "review",
            ("stake not marked (give the stake when scanning, or set the pool's default stake)",),
        ),
        "000003": (
            "review",
            ("stake not marked (give the stake when scanning, or set the pool's default stake)",),
        ),
    }
    svc.set_default_stake(store, Decimal(2))
    assert svc.default_stake(store) == Decimal("2.00")
    again = svc.scan_cards(store, "nfl-w12", [tiff], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    assert sorted((c.serial, c.status, c.stake) for c in again.cards) == [
        ("000001", "entered", Decimal(2)),
        ("000002", "entered", Decimal(2)),
        ("000003", "entered", Decimal(2)),
        ("000004", "entered", Decimal(2)),
    ]
    svc.set_default_stake(store, None)  # scanned again, no stake marked and none by default: not a doubt
    third = svc.scan_cards(store, "nfl-w12", [tiff], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    assert {c.status for c in third.cards} == {"duplicate"}  # not back in review for a stake not marked
    assert svc.reviews(store, "nfl-w12")[1] == []  # the first scan's doubtful reads went with the entries


def test_a_card_whose_corner_marks_are_all_lost_is_not_dropped(store: Store, nfl, tmp_path: Path):
    """The other card of the sheet is read; this one goes to review by its QR, never missed in silence."""
    from parlaycards.layout.card import layout_card
    from parlaycards.layout.sheet import card_origins

    img = sheet(nfl, 0, {0: ((101, 104, 117), "5"), 1: ((103, 105, 107), "5")})
    t = load_template("letter-2up")
    k, top = 200 / 72, t.page_size()[1]
    ox, oy = card_origins(t)[1]
    for f in layout_card(nfl.card, t).fiducials():  # the bottom card's four marks, painted over
        r = f.rect
        cv2.rectangle(
            img,
            (int((r.x + ox - 4) * k), int((top - (r.top + oy + 4)) * k)),
            (int((r.right + ox + 4) * k), int((top - (r.y + oy - 4)) * k)),
            (255, 255, 255),
            -1,
        )
    report = svc.scan_cards(
        store, "nfl-w12", [_pdf([img], tmp_path / "s.pdf")], received=BEFORE_CUTOFF, folder=tmp_path / "c"
    )
    assert sorted(
        (c.serial, c.status, svc.kind(c.reasons[0]) if c.reasons else "") for c in report.cards
    ) == [("000001", "entered", ""), ("000002", "review", "corner mark missing")]


def test_review_decides_several_cards_at_once_and_groups_them_by_reason(nfl, db_path: Path, tmp_path: Path):
    """Cards read cleanly but held for one reason (no stake marked, none given) are entered in one go."""
    img = sheet(nfl, 0, {0: ((101, 104, 117), None), 1: ((103, 105, 107), None)})
    scan = _pdf([img, sheet(nfl, 1, {0: ((101, 104), "5"), 1: ((101, 104, 117), None)})], tmp_path / "s.pdf")
    runner = CliRunner()
    db = ["--db", str(db_path)]
    r = runner.invoke(app, [*db, "scan", "nfl-w12", str(scan), "--received", BEFORE_CUTOFF])
    assert r.exit_code == 1, r.output
    assert "4 cards read from 2 pages, 0 entered, 4 to review (3 stake not marked, 1 pick count" in r.stderr
    r = runner.invoke(app, [*db, "review", "nfl-w12"])
    assert "3 stake not marked, 1 pick count or same game" in r.stderr
    assert r.stdout.index("stake not marked (3)") < r.stdout.index("pick count or same game (1)")
    # several cards take no per-card option but the stake, and nothing changes when one cannot be entered
    r = runner.invoke(app, [*db, "review", "nfl-w12", "--accept", "000001,000002", "--picks", "101,104,117"])
    assert r.exit_code == 2 and "--picks go with one card" in r.stderr
    r = runner.invoke(app, [*db, "review", "nfl-w12", "--accept", "000001,000003", "--stake", "5"])
    assert r.exit_code != 0 and "000003" in r.stderr
    r = runner.invoke(app, [*db, "entries", "nfl-w12", "--json"])
    assert json.loads(r.stdout) == []
    r = runner.invoke(app, [*db, "review", "nfl-w12", "--accept", "000001, 000002,000004", "--stake", "5"])
    assert r.exit_code == 0, r.output
    assert "Entered 3 cards on nfl-w12 from review" in r.stderr
    r = runner.invoke(app, [*db, "entries", "nfl-w12", "--json"])
    assert [(e["serial"], e["picks"], e["stake"]) for e in json.loads(r.stdout)] == [
        ("000001", [101, 104, 117], "5.00"),
        ("000002", [103, 105, 107], "5.00"),
        ("000004", [101, 104, 117], "5.00"),
    ]
    r = runner.invoke(app, [*db, "review", "nfl-w12", "--reject", "000003,#999", "--reason", "two picks"])
    assert r.exit_code != 0 and "#999" in r.stderr
    r = runner.invoke(app, [*db, "review", "nfl-w12", "--reject", "000003", "--reason", "two picks"])
    assert r.exit_code == 0
    r = runner.invoke(app, [*db, "review", "nfl-w12", "--json"])
    assert json.loads(r.stdout) == []


def test_a_card_scanned_again_replaces_its_own_review_row(store: Store, nfl, tmp_path: Path):
    first = _pdf([sheet(nfl, 0, {0: ((101, 104), "5")})], tmp_path / "a.pdf")
    again = _pdf([sheet(nfl, 0, {0: ((101, 104), "5")}, seed=4)], tmp_path / "b.pdf")
    for pdf in (first, again, again):
        svc.scan_cards(store, "nfl-w12", [pdf], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    _, rows = svc.reviews(store, "nfl-w12")
    assert [(r.serial, Path(r.file).name) for r in rows] == [(1, "b.pdf"), (2, "b.pdf")]
    _, every = svc.reviews(store, "nfl-w12", everything=True)
    assert sorted(r.status for r in every if r.serial == 1) == ["replaced", "replaced", "review"]


def test_a_card_of_another_card_of_the_pool_is_named_by_its_qr(store: Store, tmp_path: Path):
    """Not "serial never printed": the pool printed it, for another card; the message says which."""
    from .print_support import nfl_card as card_of

    week = printed(store, card_of(16), "letter-2up", 2, tmp_path / "w12")
    other = printed(
        store, card_of(16).model_copy(update={"slug": "nfl-w13"}), "letter-2up", 2, tmp_path / "w13"
    )
    scan = _pdf([sheet(other, 0, {0: ((101, 104, 117), "5"), 1: ((101, 104, 117), "5")})], tmp_path / "s.pdf")
    report = svc.scan_cards(store, week.card.slug, [scan], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    assert [(c.serial, c.status, c.reasons) for c in report.cards] == [
        (
            f"{s:06d}",
            "review",
            ("this is nfl-w13 v1, not nfl-w12: scan it with `parlaycards scan nfl-w13 …`",),
        )
        for s in (other.first, other.first + 1)
    ]


def test_a_page_with_no_card_says_so_in_the_summary_and_in_review(nfl, db_path: Path, tmp_path: Path):
    img = np.full((2200, 1700, 3), 250, np.uint8)
    cv2.putText(img, "a letter to the pool", (200, 600), cv2.FONT_HERSHEY_SIMPLEX, 3, (20, 20, 20), 6)
    runner = CliRunner()
    scan = _pdf([img], tmp_path / "letter.pdf")
    r = runner.invoke(app, ["--db", str(db_path), "scan", "nfl-w12", str(scan), "--received", BEFORE_CUTOFF])
    said = " ".join(r.stderr.split())
    assert "0 cards read from 1 page, 0 entered; no card found on 1 page, kept in review to look at." in said
    r = runner.invoke(app, ["--db", str(db_path), "review", "nfl-w12"])
    assert "no card found on this page" in r.stdout.replace("\n", " ") or "no card found" in r.stdout


def test_scan_refuses_an_empty_photo_and_a_picture_too_large_before_decoding_it(
    store: Store, nfl, tmp_path: Path, db_path: Path
):
    import struct
    import zlib

    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    huge = tmp_path / "huge.png"  # a PNG header that claims 40000×40000 pixels, and one row of data
    ihdr = struct.pack(">IIBBBBB", 40000, 40000, 8, 0, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    huge.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", len(ihdr))
        + chunk
        + struct.pack(">I", zlib.crc32(chunk))
        + b"\x00\x00\x00\x00IEND\xaeB`\x82"
    )
    before = file_hash(db_path)
    for bad, why in ((empty, "empty.jpg is empty"), (huge, "huge.png")):
        with pytest.raises(ParlayError, match=why):
            svc.scan_cards(store, "nfl-w12", [bad], received=BEFORE_CUTOFF, folder=tmp_path / "crops")
    assert file_hash(db_path) == before


def test_a_received_time_typed_without_a_year_belongs_to_the_cards_week(
    store: Store, nfl, tmp_path: Path, db_path: Path
):
    """The card's week is November 2026; "11/20 12:00" is that week's Friday whatever year it is today."""
    scan = _pdf([sheet(nfl, 0, {0: ((101, 104, 117), "5"), 1: ((103, 105, 107), "5")})], tmp_path / "s.pdf")
    r = CliRunner().invoke(
        app, ["--db", str(db_path), "scan", "nfl-w12", str(scan), "--received", "11/20 12:00"]
    )
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(app, ["--db", str(db_path), "entries", "nfl-w12", "--json"])
    got = {e["serial"]: e["received_at"][:10] for e in json.loads(r.stdout)}
    assert got == {"000001": "2026-11-20", "000002": "2026-11-20"}


def test_pages_are_read_on_every_core_after_opencv_has_run_its_own_threads(
    store: Store, nfl, tmp_path: Path, db_path: Path
):
    """A process that has used OpenCV's thread pool (the demo draws and photographs cards first) then
    forks its page readers: they must not wait for threads they do not have."""
    import subprocess
    import sys
    import textwrap

    pages = [sheet(nfl, 0, {0: ((101, 104, 117), "5"), 1: ((103, 105, 107), "5")}), sheet(nfl, 1, {})]
    scan = _pdf(pages, tmp_path / "two.pdf")
    script = textwrap.dedent(
        f"""
        import cv2, numpy as np
        from datetime import datetime
        from decimal import Decimal
        from pathlib import Path
        from parlaycards.scan import batch
        from parlaycards.services import scan as svc
        from parlaycards.store import Store
        big = np.random.default_rng(1).integers(0, 255, (3000, 3000), dtype=np.uint8)
        cv2.GaussianBlur(cv2.resize(big, (2000, 2000)), (0, 0), 3)  # OpenCV's threads are started
        batch.cores = lambda: 2  # a pool even on a one-core machine
        report = svc.scan_cards(Store("sqlite:///{db_path}"), "nfl-w12", [Path("{scan}")], stake=Decimal(5),
                                received=datetime(2026, 11, 20, 12), folder=Path("{tmp_path / "crops"}"))
        print(report.count("entered"))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["2"]


def test_a_whole_sheet_photographed_from_afar_is_named_card_by_card_without_its_qr_codes(
    store: Store, tmp_path: Path
):
    """Four cards of a sheet in one picture at 90 px an inch, softened, every QR painted over: the digits
    are too small to read one by one, so each card is found among those printed by its serial and code
    drawn whole. Left out of the printed cards, a card is named by no other's serial."""
    from parlaycards.io.templates import list_templates
    from parlaycards.scan.batch import Job
    from parlaycards.scan.cards import read_page
    from parlaycards.scan.pages import Page

    p = printed(store, nfl_card(8), "letter-4up", 4, tmp_path)
    drawn = {
        0: ((101, 104, 105), "5"),
        1: ((102, 103, 107), "5"),
        2: ((101, 106, 108), "5"),
        3: ((104, 105, 107), "5"),
    }
    img = sheet(p, 0, drawn)
    for slot in range(4):
        cv2.rectangle(img, *_qr_box(p, slot), (60, 60, 60), -1)
    far = cv2.GaussianBlur(cv2.resize(img, None, fx=0.45, fy=0.45, interpolation=cv2.INTER_AREA), (0, 0), 1.2)
    path = tmp_path / "sheet.jpg"
    cv2.imwrite(str(path), cv2.cvtColor(far, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, 60])
    report = svc.scan_cards(store, "nfl-w12", [path], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    assert sorted((c.serial, c.status, c.picks) for c in report.cards) == [
        (f"{p.first + slot:06d}", "entered", tuple(sorted(drawn[slot][0]))) for slot in range(4)
    ], [c.reasons for c in report.cards]
    # the same picture, read by a pool whose print batches leave out the third card
    with store.reading() as tx:
        secret = tx.secret
    third = p.first + 2
    ranges = (
        (p.first, third - 1, "nfl-w12", 1, "letter-4up"),
        (third + 1, p.first + 3, "nfl-w12", 1, "letter-4up"),
    )
    templates = {t.name: t for t in list_templates()}
    job = Job("nfl-w12", ranges, {1: p.card}, Decimal(5), tmp_path / "c", secret, templates, svc.write_crop)
    grey = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
    read, _ = read_page(Page(str(path), 0, grey), job)
    assert sorted(s.serial for s in read if s.serial is not None) == [p.first, p.first + 1, p.first + 3]
    assert len(read) == 4


def test_review_groups_name_what_held_each_card():
    """A card that could not be lined up, one crossed by a streak and one received before it was printed
    are grouped under their own kinds (not "corner mark missing" or "other")."""
    assert (
        svc.kind(
            "the bubbles could not be lined up with the printed card (bent, curled, blurred or a corner mark "
            "misread): read the marks on the crop"
        )
        == "could not be lined up"
    )
    assert svc.kind("a line runs through the whole scanned page across 102 (a streak …)") == (
        "a streak on the scanned page"
    )
    assert (
        svc.kind(
            "received Fri Nov 20 2026 12:00, before serial 000786 was printed (Tue Nov 24 2026 08:00 EST)"
        )
        == "received before it was printed"
    )
    assert svc.kind("the top-left (the L) corner mark is missing (torn or covered)") == "corner mark missing"
