"""Copying a SQLite pool while it is in use (SQLite's online backup), and what pg_dump needs instead."""

from __future__ import annotations

import os
import shlex
import sqlite3
from pathlib import Path

from sqlalchemy.engine import URL, make_url


def copy_sqlite(source: Path, target: Path) -> None:
    """Copy the pool file `source` to `target` (a new file, made owner-only: it holds the pool's
    secret) with SQLite's online backup: a consistent copy even while another command writes, which
    copying the file itself is not (a write in progress, the -wal file)."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.close(fd)
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            ok = dst.execute("PRAGMA integrity_check").fetchone()
            if not ok or ok[0] != "ok":
                raise sqlite3.DatabaseError(f"the copy failed its integrity check: {ok}")
        finally:
            dst.close()
    finally:
        src.close()


def counts(path: Path) -> tuple[int, int]:
    """(cards, entries) in the pool file at `path`, to say what a backup holds."""
    con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        cards = con.execute("SELECT count(DISTINCT slug) FROM card_versions").fetchone()[0]
        entries = con.execute("SELECT count(*) FROM entries").fetchone()[0]
        return int(cards), int(entries)
    except sqlite3.DatabaseError:
        return 0, 0
    finally:
        con.close()


def pg_dump_command(url: str, file: Path) -> str:
    """The pg_dump command line that backs up the PostgreSQL database of `url` to `file`, its password
    left out (pg_dump asks for it, or reads PGPASSWORD or ~/.pgpass)."""
    u = make_url(url)
    plain = URL.create(
        "postgresql", username=u.username, host=u.host, port=u.port, database=u.database, query=u.query
    )
    return (
        f"pg_dump -Fc -f {shlex.quote(str(file))} {shlex.quote(plain.render_as_string(hide_password=False))}"
    )
