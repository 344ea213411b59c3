"""A backup put back over the pool: serials printed since are never handed out again, and a card carrying
one is said to be printed after the backup, not "never printed"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.services import printing
from parlaycards.services import scan as scan_svc
from parlaycards.store import Store

from .pool_support import BEFORE_KICKOFF, code, new_card
from .print_support import nfl_card
from .scan_support import BEFORE_CUTOFF, Printed, sheet

runner = CliRunner()
SLUG = "nfl-w12"


def _print(db_path: Path, copies: int, out: Path) -> Printed:
    store = Store(f"sqlite:///{db_path}")
    try:
        done = printing.print_batch(store, SLUG, copies=copies, folder=out)
        from parlaycards.store import cards as card_rows

        with store.reading() as tx:
            card = card_rows.latest(tx, SLUG)
        return Printed(card, "letter-2up", done.file, done.first or 0)
    finally:
        store.dispose()


@pytest.fixture
def restored(db_path: Path, tmp_path: Path) -> tuple[Path, Printed]:
    """Cards 1–2 printed, a backup taken, cards 3–6 printed, then the backup copied back over the pool."""
    store = Store(f"sqlite:///{db_path}")
    new_card(store, nfl_card(16))
    store.dispose()
    _print(db_path, 2, tmp_path / "first")
    backup = tmp_path / "backups" / "pool-friday.db"
    r = runner.invoke(app, ["--db", str(db_path), "backup", str(backup)])
    assert r.exit_code == 0, r.stderr
    after = _print(db_path, 4, tmp_path / "second")
    assert after.first == 3
    shutil.copyfile(backup, db_path)
    return db_path, after


def test_a_print_after_a_restored_backup_hands_out_new_serials(restored, tmp_path: Path):
    db_path, _ = restored
    again = _print(db_path, 2, tmp_path / "third")
    assert again.first == 7  # not 3: cards 3–6 are on paper already
    r = runner.invoke(
        app, ["--db", str(db_path), "print", SLUG, "--copies", "1", "--out", str(tmp_path / "x.pdf")]
    )
    assert r.exit_code == 0, r.stderr
    assert "000009" in r.stderr
    # the serials stepped over stay known as printed after the backup, prints later
    store = Store(f"sqlite:///{db_path}")
    try:
        with store.reading() as tx:
            assert tx.unrecorded() == ((3, 6),)
    finally:
        store.dispose()
    r = runner.invoke(
        app,
        ["--db", str(db_path), "entry", "add", SLUG, "--serial", "000005", "--name", "Bo", "--stake", "5"]
        + ["--picks", "101,103,105", "--received", BEFORE_KICKOFF],
    )
    assert r.exit_code == 2
    assert "serial 000005 was printed after the backup this pool was restored from" in " ".join(
        r.stderr.split()
    )


def test_the_backup_message_says_later_prints_are_not_in_it(db_path: Path, tmp_path: Path):
    store = Store(f"sqlite:///{db_path}")
    new_card(store, nfl_card(16))
    store.dispose()
    r = runner.invoke(app, ["--db", str(db_path), "backup", str(tmp_path / "b.db")])
    assert r.exit_code == 0, r.stderr
    said = " ".join(r.stderr.split())
    assert "Cards printed after this backup are not in it" in said
    assert f"{db_path}-serials beside the pool keeps count" in said


def test_a_card_printed_after_the_backup_is_said_so_when_typed_in(restored):
    db_path, after = restored
    store = Store(f"sqlite:///{db_path}")
    try:
        verify = code(store, SLUG, 1, 4)
    finally:
        store.dispose()
    r = runner.invoke(
        app,
        ["--db", str(db_path), "entry", "add", SLUG, "--serial", "000004", "--name", "Ann", "--stake", "5"]
        + ["--picks", "101,103,105", "--code", verify, "--received", BEFORE_KICKOFF],
    )
    assert r.exit_code == 2
    said = " ".join(r.stderr.split())
    assert "serial 000004 was printed after the backup this pool was restored from" in said, said
    assert "serials 000003–000006" in said
    assert "never printed" not in said


def test_a_card_printed_after_the_backup_is_said_so_when_scanned(restored, tmp_path: Path):
    db_path, after = restored
    img = sheet(after, 0, {0: ((101, 104, 117), "5"), 1: ((101, 104, 117), "5")})  # cards 3 and 4
    scan = tmp_path / "scan.png"
    import cv2

    cv2.imwrite(str(scan), cv2.cvtColor(img, cv2.COLOR_RGB2BGR))
    store = Store(f"sqlite:///{db_path}")
    try:
        report = scan_svc.scan_cards(store, SLUG, [scan], received=BEFORE_CUTOFF, folder=tmp_path / "c")
    finally:
        store.dispose()
    assert sorted((c.serial, c.status, scan_svc.kind(c.reasons[0])) for c in report.cards) == [
        ("000003", "review", "printed after the backup restored"),
        ("000004", "review", "printed after the backup restored"),
    ]
    assert "serials 000003–000006" in report.cards[0].reasons[0]


def test_a_new_pool_under_the_same_file_name_starts_from_one(restored, tmp_path: Path):
    db_path, _ = restored
    db_path.unlink()
    store = Store(f"sqlite:///{db_path}")
    new_card(store, nfl_card(16))
    store.dispose()
    assert _print(db_path, 1, tmp_path / "new").first == 1
