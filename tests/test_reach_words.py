"""What a new operator's first week found in the words and small behaviours of the command line: a
correction that kept the player's name, an empty search said as such, accents in a winner's name."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app

from .pool_support import enter, new_card, pool_made_earlier, print_serials

runner = CliRunner()


@pytest.fixture
def pool(store):
    new_card(store)
    print_serials(store, "nfl-w12", 10)
    return store


def cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def test_a_correction_without_a_name_keeps_the_players_name(pool, db_path: Path) -> None:
    enter(pool, "nfl-w12", serial="1", name="Marco", picks="101,103,105")
    pool.dispose()
    r = cli(db_path, "entry", "add", "nfl-w12", "--serial", "000001", "--stake", "5", "--picks", "101,103,107",
            "--received", "2026-11-20 12:00", "--replace")  # fmt: skip
    assert r.exit_code == 0, r.output
    shown = cli(db_path, "entries", "nfl-w12").output
    assert "Marco" in shown and "107" in shown
    r = cli(db_path, "entry", "add", "nfl-w12", "--serial", "000001", "--stake", "5", "--picks", "101,103,107",
            "--received", "2026-11-20 12:00", "--replace", "--name", "Marco B")  # fmt: skip
    assert r.exit_code == 0 and "Marco B" in cli(db_path, "entries", "nfl-w12").output


def test_a_name_that_matches_no_entry_is_said_so(pool, db_path: Path) -> None:
    enter(pool, "nfl-w12", serial="1", name="Dana")
    pool.dispose()
    r = cli(db_path, "entries", "nfl-w12", "--name", "marco")
    text = " ".join(r.output.split())
    assert r.exit_code == 0 and 'No entry on nfl-w12 has a name containing "marco".' in text
    assert "yet" not in text
    assert "Dana" in cli(db_path, "entries", "nfl-w12", "--name", "dan").output


def test_a_page_with_no_card_is_not_counted_as_a_card_read(store, db_path: Path, tmp_path: Path) -> None:
    import cv2
    import numpy as np
    from PIL import Image

    from .print_support import nfl_card
    from .scan_support import BEFORE_CUTOFF, printed

    printed(store, nfl_card(16), "letter-2up", 4, tmp_path)
    store.dispose()
    page = np.full((2200, 1700), 255, np.uint8)
    cv2.putText(page, "a letter, not a card", (200, 800), cv2.FONT_HERSHEY_SIMPLEX, 3, 0, 6)
    scan = tmp_path / "letter.pdf"
    Image.fromarray(page).convert("RGB").save(scan, resolution=200)
    r = cli(db_path, "scan", "nfl-w12", str(scan), "--stake", "5", "--received", BEFORE_CUTOFF)
    text = " ".join(r.stderr.split())
    assert (
        "0 cards read from 1 page, 0 entered; no card found on 1 page, kept in review to look at." in text
    ), text


@pytest.fixture
def pickem_only(store, card_in_store):
    from decimal import Decimal

    from parlaycards.core.prizes import parse_prizes
    from parlaycards.services import pickem

    from .pool_support import HANDED_IN

    pickem.create_pool(store, "office-w12", card="nfl-w12", fee=Decimal(10), prizes=parse_prizes("100%"))
    pool_made_earlier(store, "office-w12")
    for name, picks in (("Émile Café", (101, 103)), ("Bob", (102, 104))):
        pickem.add_entry(
            store, "office-w12", name=name, picks=picks, tiebreak=40, paid=False, received_at=HANDED_IN
        )
    return store


def test_a_score_on_a_pickem_only_card_points_to_the_pools_grade(pickem_only, db_path: Path) -> None:
    pickem_only.dispose()
    r = cli(db_path, "result", "set", "nfl-w12", "101", "30", "0")
    text = " ".join(r.stderr.split())
    assert r.exit_code == 0, r.output
    assert "Run `parlaycards pickem grade office-w12` to rank pick'em pool office-w12." in text, text
    assert "to settle the cards" not in text


def test_a_pickem_name_is_found_without_its_accents(pickem_only, db_path: Path) -> None:
    pickem_only.dispose()
    r = cli(db_path, "pickem", "fee", "office-w12", "emile cafe")
    assert r.exit_code == 0, r.output
    assert "Émile Café" in r.output
    r = cli(db_path, "pickem", "pay", "office-w12", "Emile Cafe")  # found: refused only as not final yet
    assert "is not final" in r.output and "has no entry" not in r.output
    assert "has no entry" in cli(db_path, "pickem", "fee", "office-w12", "Emil").output
