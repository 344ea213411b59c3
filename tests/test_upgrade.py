"""Upgrades: a database written by the previous release opens in this one, migrated in one
transaction; a database from a newer release is refused with a clear message and not altered."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import insert, text
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.store import Conflict, Store, batches, schema
from parlaycards.store import check as store_check
from parlaycards.store import entries as entry_rows

from .pool_support import new_card

# Written by the release at commit b414103 (migrations 0001–0003): card nfl-w12 imported from
# sample_lines/nfl-week-12.xlsx, serials 000001–000006 printed, cards 000002 and 000003 entered,
# the sample scores imported, graded.
PREVIOUS = Path(__file__).parent / "fixtures" / "pool-b414103.db"
runner = CliRunner()


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _names(db: Path) -> list[str]:
    con = sqlite3.connect(db)
    try:
        return sorted(r[0] for r in con.execute("select name from migrations"))
    finally:
        con.close()


def test_a_database_of_the_previous_release_opens_and_is_migrated(tmp_path: Path):
    db = tmp_path / "pool.db"
    shutil.copy(PREVIOUS, db)
    assert _names(db) == ["0001_initial", "0002_pickem_pools", "0003_scans"]
    r = runner.invoke(app, ["--db", str(db), "entries", "nfl-w12", "--json"])
    assert r.exit_code == 0, r.output
    assert [e["serial"] for e in json.loads(r.stdout)] == ["000002", "000003"]
    assert _names(db) == sorted(name for name, _ in schema.MIGRATIONS)
    store = Store(f"sqlite:///{db}")
    with store.reading() as tx:
        assert store_check.problems(tx) == []
        assert [(b.first_serial, b.last_serial) for b in batches.all_batches(tx)] == [(1, 6)]
        assert len(entry_rows.of(tx, "nfl-w12")) == 2
    r = runner.invoke(
        app, ["--db", str(db), "print", "nfl-w12", "--copies", "2", "--out", str(tmp_path / "c.pdf")]
    )
    assert r.exit_code == 0, r.output
    with store.reading() as tx:
        assert [(b.first_serial, b.last_serial) for b in batches.all_batches(tx)] == [(1, 6), (7, 8)]
    with pytest.raises(ParlayError), store.transaction() as tx:  # the new constraint holds on the old data
        batches.record(tx, "nfl-w12", 1, "letter-2up", 6, 9, "x.pdf", "0" * 64)
    store.dispose()


def test_the_upgrade_is_one_transaction(tmp_path: Path, monkeypatch):
    db = tmp_path / "pool.db"
    shutil.copy(PREVIOUS, db)

    def broken(conn) -> None:
        raise RuntimeError("a later step failed")

    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, ("9999_broken", broken)])
    with pytest.raises(RuntimeError):
        Store(f"sqlite:///{db}").migrate()
    assert _names(db) == ["0001_initial", "0002_pickem_pools", "0003_scans"]
    con = sqlite3.connect(db)
    assert con.execute("select count(*) from sqlite_master where type = 'trigger'").fetchone() == (0,)
    con.close()


def test_a_database_of_a_newer_release_is_refused_and_left_alone(tmp_path: Path):
    db = tmp_path / "pool.db"
    shutil.copy(PREVIOUS, db)
    con = sqlite3.connect(db)
    con.execute("insert into migrations (name, applied_at) values ('0042_from_the_future', '2027-01-01')")
    con.commit()
    con.close()
    before = _sha(db)
    r = runner.invoke(app, ["--db", str(db), "entries", "nfl-w12"])
    assert r.exit_code == 2
    assert r.stderr.startswith(
        f"Error: the pool database sqlite:///{db} was written by a newer release of "
        "parlaycards (its changes 0042_from_the_future, which this release does not know). "
        "It was left as it is"
    )
    r = runner.invoke(
        app, ["--db", str(db), "print", "nfl-w12", "--copies", "1", "--out", str(tmp_path / "c.pdf")]
    )
    assert r.exit_code == 2 and "newer release" in r.stderr
    assert _sha(db) == before and not (tmp_path / "c.pdf").exists()


def test_upgrade_on_both_backends(any_store: Store, monkeypatch):
    """A pool of the previous release (0001–0003) with printed cards: the next command migrates it."""
    with monkeypatch.context() as m:
        m.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:3])
        new_card(any_store)
        with any_store.transaction() as tx:
            first, last = tx.take_serials(40)
            batches.record(tx, "nfl-w12", 1, "letter-2up", first, last, "a.pdf", "0" * 64)
    fresh = Store(any_store.url)
    with fresh.reading() as tx:  # migrated on opening, then read
        assert set(tx.conn.execute(text("select name from migrations")).scalars()) == {
            name for name, _ in schema.MIGRATIONS
        }
        assert store_check.problems(tx) == []
        assert tx.next_serial() == 41
    with pytest.raises(Conflict), fresh.transaction() as tx:
        batches.record(tx, "nfl-w12", 1, "letter-2up", 40, 41, "b.pdf", "0" * 64)
    fresh.dispose()


def test_overlapping_batches_of_the_previous_release_are_named_and_left(any_store: Store, monkeypatch):
    """The issue's four prints with the same range, written by the previous release on PostgreSQL."""
    with monkeypatch.context() as m:
        m.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:3])
        with any_store.transaction() as tx:
            for _ in range(2):
                tx.conn.execute(
                    insert(schema.batches).values(
                        slug="nfl-w12",
                        version=1,
                        template="letter-2up",
                        first_serial=41,
                        last_serial=340,
                        file="p.pdf",
                        sha256="0" * 64,
                        created_at="2026-11-20",
                    )
                )
    fresh = Store(any_store.url)
    with pytest.raises(
        ParlayError,
        match=r"cannot be upgraded: batch 1 \(000041–000340\) and batch 2 "
        r"\(000041–000340\) share serials.*nothing was changed",
    ):
        fresh.migrate()
    fresh.dispose()
    with any_store.reading() as tx:
        assert "0005_serial_ranges" not in set(tx.conn.execute(text("select name from migrations")).scalars())
