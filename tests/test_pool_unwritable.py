"""A pool that cannot be written: its payments or serials file beside it, the database file or its folder
read-only, a full disk. Each is said in a sentence naming the file and what to do, and nothing is
changed: a payment or a print is recorded with its file beside the pool, both or neither."""

from __future__ import annotations

import errno
import gc
import io
import os
import sqlite3
import sys
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, select, text
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.services import grading, results
from parlaycards.services import pickem as pickem_svc
from parlaycards.store import Store, schema
from parlaycards.store import db as store_db
from parlaycards.store import entries as entry_rows

from .pool_support import HANDED_IN, enter, new_card, pool_made_earlier, print_serials

runner = CliRunner()
SLUG = "nfl-w12"
FULL = OSError(errno.ENOSPC, "No space left on device")


def _cli(db_path: Path, *args: str) -> Any:
    return runner.invoke(app, ["--db", str(db_path), *args])


def _said(result: Any) -> str:
    """The command's error, from "Error:" on (a warning may come first), its lines joined."""
    said = " ".join(result.stderr.split())
    return said[said.find("Error:") :]


@pytest.fixture
def won(db_path: Path) -> Path:
    """Card 000001 ($10 on 101, 103, 105) entered, graded and owed $60.00; the store closed."""
    store = Store(f"sqlite:///{db_path}")
    new_card(store)
    print_serials(store, SLUG, 4)
    enter(store, SLUG, serial="1", name="Ann", stake="10", picks="101,103,105")
    for number in (101, 103, 105, 107, 109, 111):
        results.set_result(store, SLUG, number, 30, 0)
    grading.grade(store, SLUG)
    store.dispose()
    return db_path


def _paid(db_path: Path) -> Decimal | None:
    store = Store(f"sqlite:///{db_path}")
    with store.reading() as tx:
        amount = tx.conn.execute(select(schema.entries.c.paid_amount)).scalar()
    store.dispose()
    return None if amount is None else Decimal(amount)


def _parts(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".part" in p.name)


def test_a_payment_whose_payments_file_cannot_be_written_is_not_recorded(won: Path):
    ledger = won.with_name(won.name + "-payments")
    ledger.unlink(missing_ok=True)
    ledger.mkdir()  # as a file that cannot be written
    r = _cli(won, "entry", "pay", SLUG, "000001")
    assert r.exit_code == 2, r.output
    assert _said(r) == (
        f"Error: {ledger} (kept beside the pool: the record of every payment) cannot be written (Is a "
        "directory). Nothing was changed: make sure you can write that file and its folder (not read-only, "
        "not a folder itself), then run this command again."
    )
    assert _paid(won) is None  # the database does not hold the payment the command refused
    ledger.rmdir()
    r = _cli(won, "entry", "pay", SLUG, "000001")
    assert r.exit_code == 0 and _paid(won) == Decimal("60.00"), r.output
    assert '"amount": "60.00"' in ledger.read_text()


def _office(db_path: Path) -> None:
    """Pick'em pool office-w12 on the pool's card, Bob entered with his fee unpaid."""
    from parlaycards.core.prizes import parse_prizes

    store = Store(f"sqlite:///{db_path}")
    pickem_svc.create_pool(store, "office-w12", card=SLUG, fee=Decimal(10), prizes=parse_prizes("100%"))
    pool_made_earlier(store, "office-w12")
    pickem_svc.add_entry(
        store, "office-w12", name="Bob", picks=(101, 103), tiebreak=40, paid=False, received_at=HANDED_IN
    )
    store.dispose()


def _office_with_card(db_path: Path) -> tuple[Path, bytes]:
    """A pool with the test card and the office pick'em pool on it: its payments file, and what it holds."""
    store = Store(f"sqlite:///{db_path}")
    new_card(store)
    store.dispose()
    _office(db_path)
    ledger = db_path.with_name(db_path.name + "-payments")
    return ledger, ledger.read_bytes() if ledger.exists() else b""


def test_a_pickem_fee_on_a_full_disk_is_not_recorded(db_path: Path, monkeypatch: pytest.MonkeyPatch):
    """No room on the disk for the payment's line: refused before anything is stored."""
    ledger, before = _office_with_card(db_path)
    statvfs = os.statvfs

    def full(path: Any) -> Any:  # the disk has a few bytes left
        real = statvfs(path)
        return os.statvfs_result((real.f_bsize, real.f_frsize, real.f_blocks, 0, 0, *real[5:]))

    monkeypatch.setattr(os, "statvfs", full)
    r = _cli(db_path, "pickem", "fee", "office-w12", "Bob")
    assert r.exit_code == 2, r.output
    assert (
        "(kept beside the pool: the record of every payment) cannot be written (No space left on device). "
        in (_said(r))
    )
    assert _said(r).endswith("Nothing was changed: free some disk space, then run this command again.")
    assert (ledger.read_bytes() if ledger.exists() else b"") == before
    store = Store(f"sqlite:///{db_path}")
    with store.reading() as tx:
        assert tx.conn.execute(select(schema.pickem_payments)).all() == []
    store.dispose()


def test_a_payments_line_is_written_only_once_the_pool_holds_the_payment(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """The line that says money was paid is written after the commit: a run stopped before it leaves no
    payment in the file that the pool does not hold (which would block paying the card). The disk filling
    in the instant between is said as it is: the payment is recorded, and must not be made again."""
    ledger, before = _office_with_card(db_path)
    written = os.write
    seen: list[bool] = []

    def full(fd: int, data: bytes) -> int:  # the disk fills halfway through the payment's line
        if b'"kind": "fee"' in data:
            store = Store(f"sqlite:///{db_path}")
            with store.reading() as tx:  # ... by then the pool holds the fee
                seen.append(bool(tx.conn.execute(select(schema.pickem_payments)).all()))
            store.dispose()
            written(fd, data[:10])
            raise FULL
        return written(fd, data)

    monkeypatch.setattr(os, "write", full)
    r = _cli(db_path, "pickem", "fee", "office-w12", "Bob")
    assert seen == [True]
    assert r.exit_code == 2 and _said(r).startswith("Error: the change was recorded in the pool, but "), (
        r.output
    )
    assert "Do not do it again: the pool holds it." in _said(r)
    assert (ledger.read_bytes() if ledger.exists() else b"") == before  # no half line left in it


def test_a_print_whose_serials_file_cannot_be_written_records_no_batch(
    db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    store = Store(f"sqlite:///{db_path}")
    new_card(store)
    store.dispose()
    mark = db_path.with_name(db_path.name + "-serials")
    replace = os.replace

    def refused(src: Any, dst: Any) -> None:  # the serials file made immutable (chattr +i)
        if str(dst) == str(mark):
            raise PermissionError(errno.EPERM, "Operation not permitted", str(src), None, str(dst))
        replace(src, dst)

    monkeypatch.setattr(os, "replace", refused)
    out = tmp_path / "cards.pdf"
    r = _cli(db_path, "print", SLUG, "--copies", "2", "--out", str(out))
    assert r.exit_code == 2, r.output
    assert _said(r) == (
        f"Error: {mark} (kept beside the pool: the record of the serials handed out) cannot be written "
        "(Operation not permitted). Nothing was changed: make sure you can write that file and its folder "
        "(not read-only, not a folder itself), then run this command again."
    )
    store = Store(f"sqlite:///{db_path}")
    with store.reading() as tx:
        assert tx.conn.execute(select(schema.batches)).all() == []
        assert tx.meta("next_serial") == "1"
    store.dispose()
    assert not out.exists() and not mark.exists()
    assert _parts(tmp_path) == []  # no serials.part, no half-made PDF
    monkeypatch.setattr(os, "replace", replace)
    r = _cli(db_path, "print", SLUG, "--copies", "2", "--out", str(out))
    assert r.exit_code == 0 and out.exists() and '"next_serial": 3' in mark.read_text(), r.output


def test_a_commit_that_fails_takes_the_payment_line_back(won: Path):
    """The payments file is written before the commit: when the transaction fails after it, its line is
    taken back out, and the payment is in neither."""
    ledger = won.with_name(won.name + "-payments")
    before = ledger.read_bytes() if ledger.exists() else None
    store = Store(f"sqlite:///{won}")

    def fails() -> Any:
        raise FULL

    with pytest.raises(ParlayError, match="No space left on device"), store.transaction() as tx:
        from datetime import UTC, datetime

        entry_rows.record_payment(tx, 1, Decimal("60.00"), datetime.now(UTC), SLUG)
        tx.write_beside(won.with_name("other"), "another file", fails)  # written after the payments file
    store.dispose()
    assert (ledger.read_bytes() if ledger.exists() else None) == before
    assert _paid(won) is None


def _read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every connection read-only, as SQLite answers for an immutable file or one in a read-only folder."""
    pragmas = store_db.sqlite_pragmas

    def read_only(dbapi_conn: Any, record: Any) -> None:
        pragmas(dbapi_conn, record)
        dbapi_conn.execute("PRAGMA query_only = ON")

    monkeypatch.setattr(store_db, "sqlite_pragmas", read_only)


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write answered as SQLite answers on a full disk."""
    made = Store.__init__

    def full(*args: Any) -> None:
        if args[2].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            raise sqlite3.OperationalError("database or disk is full")

    def with_full_disk(self: Store, *args: Any, **kw: Any) -> None:
        made(self, *args, **kw)
        event.listen(self.engine, "before_cursor_execute", full)

    monkeypatch.setattr(Store, "__init__", with_full_disk)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            _read_only,
            "Error: the pool database {db} cannot be written: the file or its folder {folder} is read-only. "
            "Nothing was changed: make sure you can write both the file and its folder (not a read-only "
            "drive or share), then run this command again.",
        ),
        (
            _full_disk,
            "Error: the disk holding the pool database {db} is full. Nothing was changed: free some disk "
            "space, then run this command again.",
        ),
    ],
    ids=["read-only", "full"],
)
@pytest.mark.parametrize(
    "command",
    [
        ("entry", "pay", SLUG, "000001"),
        ("print", SLUG, "--copies", "2"),
        ("result", "set", SLUG, "101", "3", "0"),
    ],
    ids=["entry pay", "print", "result set"],
)
def test_a_pool_that_cannot_be_written_is_said_in_a_sentence(
    won: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    make: Callable[[pytest.MonkeyPatch], None],
    message: str,
    command: tuple[str, ...],
):
    monkeypatch.chdir(tmp_path)
    with monkeypatch.context() as unwritable:
        make(unwritable)
        r = _cli(won, *command)
    assert r.exit_code == 2, r.output
    assert _said(r) == message.format(db=won, folder=won.resolve().parent)
    assert _paid(won) is None
    store = Store(f"sqlite:///{won}")
    with store.reading() as tx:
        assert tx.meta("next_serial") == "5"
        assert tx.conn.execute(text("SELECT away_score FROM results WHERE game = 101")).scalar() == 30
    store.dispose()
    assert not list(tmp_path.glob("**/parlaycards-error-*"))  # no report of an internal error
    assert not list((tmp_path / "output").glob("*.pdf")) if (tmp_path / "output").exists() else True


class _Full(io.FileIO):
    """A file on a disk that fills after its first 100 bytes."""

    def write(self, data: Any) -> int:
        if self.tell() + len(data) > 100:
            raise OSError(errno.ENOSPC, "No space left on device")
        return super().write(data)


@pytest.mark.parametrize(
    "command",
    [
        ("grade", SLUG, "--xlsx", "{out}"),
        ("export", SLUG, "--out", "{out}"),
        ("export", "--blank", "--out", "{out}"),
        ("pickem", "grade", "office-w12", "--xlsx", "{out}"),
    ],
    ids=["grade", "export", "export --blank", "pickem grade"],
)
def test_a_workbook_on_a_full_disk_is_named_without_tracebacks(
    won: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
):
    import zipfile

    opened = zipfile.io.open  # type: ignore[attr-defined]

    def full_disk(file: Any, mode: str = "r", *args: Any, **kw: Any) -> Any:
        if ".part" in str(file) and "w" in mode:
            return io.BufferedRandom(_Full(file, "w+"))
        return opened(file, mode, *args, **kw)

    if command[0] == "pickem":
        _office(won)
    monkeypatch.setattr(zipfile.io, "open", full_disk)  # type: ignore[attr-defined]
    ignored: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", ignored.append)
    out = tmp_path / "week.xlsx"
    r = _cli(won, *(a.format(out=out) for a in command))
    code, said = r.exit_code, _said(r)
    del r  # the error it keeps holds the workbook's writer: let go, it is collected now, not later
    gc.collect()
    assert code == 2, said
    assert said == (
        f"Error: {out} could not be written (the disk is full: No space left on device). Nothing was written "
        "there: free some disk space, or give a file name on another disk, then run this command again."
    )
    assert [str(u.exc_value) for u in ignored] == []  # no "Exception ignored in ZipFile.__del__"
    assert not out.exists() and _parts(tmp_path) == []


def test_a_print_on_a_full_disk_names_its_file_and_records_no_batch(
    won: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from parlaycards.render import pdf

    def full_disk(part: Path, *args: Any, **kw: Any) -> None:
        part.write_bytes(b"%PDF-1.4 half")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pdf, "render_cards", full_disk)
    out = tmp_path / "cards.pdf"
    r = _cli(won, "print", SLUG, "--copies", "2", "--out", str(out))
    assert r.exit_code == 2, r.output
    assert _said(r) == (
        f"Error: {out} could not be written (the disk is full: No space left on device). Nothing was written "
        "there: free some disk space, or give a file name on another disk, then run this command again."
    )
    store = Store(f"sqlite:///{won}")
    with store.reading() as tx:
        assert len(tx.conn.execute(select(schema.batches)).all()) == 1  # the one printed before, alone
        assert tx.meta("next_serial") == "5"
    store.dispose()
    assert not out.exists() and _parts(tmp_path) == []


def test_a_failed_prints_mark_is_put_back_only_if_no_print_raised_it_since(tmp_path: Path):
    """A commit that fails lets go of the lock before the mark of serials handed out is put back: another
    print may have raised it meanwhile, and putting back the old bytes then lowered theirs."""
    from parlaycards.store.serial_mark import raise_mark, read_mark

    mark, secret = tmp_path / "pool.db-serials", b"s" * 32
    raise_mark(mark, secret, 5)
    put_back = raise_mark(mark, secret, 10)  # a print whose commit will fail
    raise_mark(mark, secret, 20)  # another print, in between
    put_back()
    assert read_mark(mark, secret) == 20
    alone = raise_mark(mark, secret, 30)
    alone()
    assert read_mark(mark, secret) == 20  # with nothing in between, as it was
