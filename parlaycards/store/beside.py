"""The files a SQLite pool keeps beside its database, and what each holds: never a command's output."""

from __future__ import annotations

from pathlib import Path

from .look import database_url
from .pay_ledger import ledger_file
from .serial_mark import mark_file

PRINT_LOCK = "-print"  # the lock prints of the pool take turns on (`Store.print_lock`)
SQLITE_OWN = ("-journal", "-wal", "-shm")  # SQLite's own files of a database in the middle of a write


def pool_file(db: str | None) -> Path | None:
    """The SQLite file of the pool `db` names (as `--db`, PARLAYCARDS_DB or the default); None when the
    pool is not a file (PostgreSQL, memory)."""
    url = database_url(db)
    if not url.startswith("sqlite:///"):
        return None
    name = url.removeprefix("sqlite:///").split("?", 1)[0]
    return None if not name or name == ":memory:" or name.startswith("file:") else Path(name)


def pool_files(pool: Path) -> dict[Path, str]:
    """The pool database `pool` and every file beside it that belongs to it, each with what it holds."""
    mark = mark_file(pool)
    named: dict[Path, str] = {pool: "the pool's database (its cards, entries and payments)"}
    if mark is not None:
        named[mark] = "the pool's record of the serials it has handed out"
        ledger = ledger_file(mark)
        if ledger is not None:
            named[ledger] = "the pool's record of the payments it has made"
    named[pool.with_name(pool.name + PRINT_LOCK)] = "the lock the pool's prints take turns on"
    for own in SQLITE_OWN:
        named[pool.with_name(pool.name + own)] = "SQLite's journal of the pool's database"
    return named
