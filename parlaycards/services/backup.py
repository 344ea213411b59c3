"""A backup of the pool database: written whole or not at all, never over the pool itself."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import ParlayError, option
from ..io.files import atomic_output, check_output
from ..store import Store
from ..store import backup as copying
from ..store.engine import sqlite_file
from ..store.serial_mark import mark_file


@dataclass(frozen=True)
class BackedUp:
    file: Path
    size: int
    cards: int
    entries: int
    marks: str  # the file beside the pool that keeps count of the serials handed out


def backup(store: Store, file: Path, *, replace: bool = False) -> BackedUp:
    """Copy the pool to `file` with SQLite's online backup (a consistent copy while others write).

    A PostgreSQL pool is refused with the pg_dump command that backs it up; an existing `file` is
    refused unless `replace`; the pool's own file is always refused."""
    source = sqlite_file(store.url)
    if source is None:
        if store.engine.dialect.name == "postgresql":
            raise ParlayError(
                f"the pool is on a PostgreSQL server ({store.shown}): back it up with PostgreSQL's own "
                f"tool, pg_dump, which copies it while it is in use. Run: "
                f"{copying.pg_dump_command(store.url, file)} (pg_dump asks for the password, or reads "
                "PGPASSWORD or ~/.pgpass); restore it into an empty database with pg_restore. "
                "Cards printed after a dump are not in it, and a pool restored from it hands their serials out "
                "again and shows the winners paid since as unpaid: dump again after every print and every "
                "payment. Nothing was written."
            )
        raise ParlayError(
            f"the pool {store.shown} is not a file, so there is nothing to copy. Nothing was written: "
            f"give {option('db')} a SQLite file or a PostgreSQL URL."
        )
    if file.exists() and file.resolve() == source.resolve():
        raise ParlayError(
            f"{file} is the pool database itself. Nothing was written: give the backup another name, "
            "such as backups/pool-backup.db."
        )
    check_output(
        file, "pool-backup.db", field="file", sqlite_ok=True
    )  # an older backup is replaced (asked for)
    if file.exists() and not replace:
        raise ParlayError(
            f"{file} already exists. Nothing was written: give the backup another name, or add "
            f"{option('force')} to replace it."
        )
    try:
        with atomic_output(file, sqlite_ok=True) as part:
            copying.copy_sqlite(source, part)
    except sqlite3.DatabaseError as exc:
        raise ParlayError(
            f"the pool database {source} could not be copied: {exc}. Nothing was written to {file}."
        ) from None
    cards, entries = copying.counts(file)
    return BackedUp(file, file.stat().st_size, cards, entries, str(mark_file(source)))
