"""Issue 18: `backup FILE` — SQLite's online backup, written whole or not at all; PostgreSQL names pg_dump."""

from __future__ import annotations

import sqlite3
import stat
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.services import backup as svc
from parlaycards.store import Store
from parlaycards.store import backup as copying

from .pool_support import enter, new_card, print_serials

runner = CliRunner()


@pytest.fixture
def pool(store: Store) -> Store:
    new_card(store)
    print_serials(store, "nfl-w12", 3)
    enter(store, "nfl-w12", serial="1", received="2026-11-20 12:00")
    return store


def _dump(path: Path) -> list[str]:
    con = sqlite3.connect(path)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def test_a_backup_is_the_whole_pool_owner_only_and_opens_as_a_pool(
    pool: Store, db_path: Path, tmp_path: Path
):
    target = tmp_path / "backups" / "pool-sunday.db"
    r = runner.invoke(app, ["--db", str(db_path), "backup", str(target)])
    assert r.exit_code == 0, r.stderr
    assert r.stderr.startswith(f"Backed up the pool to {target} (")
    assert "1 card, 1 entry)" in r.stderr
    assert _dump(target) == _dump(db_path)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600  # it holds the pool's secret
    assert not list(target.parent.glob("*.part*"))
    r = runner.invoke(app, ["--db", str(target), "entries", "nfl-w12", "--json"])
    assert r.exit_code == 0 and '"serial": "000001"' in r.stdout


def test_a_backup_taken_while_another_command_writes_is_consistent(
    pool: Store, db_path: Path, tmp_path: Path
):
    """A writer holds its transaction open (uncommitted rows): the copy has the pool as last committed."""
    before = _dump(db_path)
    held, release = threading.Event(), threading.Event()

    def writer() -> None:
        con = sqlite3.connect(db_path, isolation_level=None)
        con.execute("BEGIN IMMEDIATE")
        con.execute("UPDATE meta SET value = '999' WHERE key = 'next_serial'")
        held.set()
        release.wait(10)
        con.execute("ROLLBACK")
        con.close()

    t = threading.Thread(target=writer)
    t.start()
    assert held.wait(10)
    try:
        svc.backup(pool, tmp_path / "copy.db")
    finally:
        release.set()
        t.join()
    assert _dump(tmp_path / "copy.db") == before


def test_an_existing_file_or_the_pool_itself_is_refused_and_left_alone(
    pool: Store, db_path: Path, tmp_path: Path
):
    old = tmp_path / "old.db"
    old.write_bytes(b"last week's backup")
    r = runner.invoke(app, ["--db", str(db_path), "backup", str(old)])
    assert (r.exit_code, r.stderr) == (
        2,
        f"Error: {old} already exists. Nothing was written: give the backup another name, or add --force to "
        "replace it.\n",
    )
    assert old.read_bytes() == b"last week's backup"
    r = runner.invoke(app, ["--db", str(db_path), "backup", str(old), "--force"])
    assert r.exit_code == 0 and _dump(old) == _dump(db_path)
    with pytest.raises(ParlayError, match="is the pool database itself"):
        svc.backup(pool, db_path, replace=True)


def test_a_failed_copy_leaves_no_file(pool: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    def broken(source: Path, target: Path) -> None:
        target.write_bytes(b"half a copy")
        raise sqlite3.DatabaseError("disk I/O error")

    monkeypatch.setattr(copying, "copy_sqlite", broken)
    with pytest.raises(ParlayError, match=r"could not be copied: disk I/O error\. Nothing was written to"):
        svc.backup(pool, tmp_path / "b.db")
    assert sorted(tmp_path.iterdir()) == [
        tmp_path / "pool.db",
        tmp_path / "pool.db-serials",
    ]  # the pool and its count


def test_a_postgresql_pool_is_told_the_pg_dump_command_without_its_password(tmp_path: Path):
    url = "postgresql+psycopg://bar:s3cret@db.example:5433/sunday_pool"
    r = runner.invoke(app, ["--db", url, "backup", str(tmp_path / "pool backup.dump")])
    assert r.exit_code == 2
    assert "s3cret" not in r.stderr and "Traceback" not in r.stderr
    assert (
        f"Run: pg_dump -Fc -f '{tmp_path / 'pool backup.dump'}' postgresql://bar@db.example:5433/sunday_pool "
        "(pg_dump asks for the password" in r.stderr
    )
    assert not list(tmp_path.iterdir())


def test_the_pg_dump_command_backs_up_a_real_server(pg_cluster, tmp_path: Path):
    """The command the message gives runs as written against this pool's server."""
    import shlex
    import shutil
    import subprocess

    from .pg_cluster import find_binaries

    url = pg_cluster.new_database()
    store = Store(url)
    new_card(store)
    store.dispose()
    bindir, _ = find_binaries()
    pg_dump = Path(bindir) / "pg_dump" if bindir else shutil.which("pg_dump")
    command = shlex.split(copying.pg_dump_command(url, tmp_path / "pool.dump"))
    done = subprocess.run([str(pg_dump), *command[1:]], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "pool.dump").stat().st_size > 1000


def test_the_command_to_use_a_backup_can_be_pasted_when_its_path_has_spaces(
    pool: Store, tmp_path: Path, db_path: Path
):
    from typer.testing import CliRunner

    from parlaycards.cli.main import app

    target = tmp_path / "backups" / "pool 11-29.db"
    target.parent.mkdir()
    r = CliRunner().invoke(app, ["--db", str(db_path), "backup", str(target)])
    assert r.exit_code == 0, r.output
    assert f"Use it with: parlaycards --db '{target}' cards" in r.output


def test_the_scanned_pictures_beside_the_pool_are_named_as_not_in_the_backup(
    pool: Store, db_path: Path, tmp_path: Path
):
    r = runner.invoke(app, ["--db", str(db_path), "backup", str(tmp_path / "a.db")])
    assert r.exit_code == 0 and "not in the backup" not in r.stderr  # nothing scanned: nothing to say
    crops = db_path.with_name(db_path.stem + "-scans")
    crops.mkdir()
    (crops / "nfl-w12-000001-0a1b2c3d4e.jpg").write_bytes(b"\xff\xd8\xff")
    r = runner.invoke(app, ["--db", str(db_path), "backup", str(tmp_path / "b.db")])
    assert r.exit_code == 0, r.stderr
    assert f"not in the backup: copy the folder {crops} with it." in r.stderr.replace("\n", " ")
