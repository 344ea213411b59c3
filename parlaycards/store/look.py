"""A read-only look at the pool in plain SQL, quick to start: the everyday listings (`show`, `cards`,
`entries`, `results`) read a SQLite pool through the standard library's sqlite3, as sqlite-utils does,
without loading SQLAlchemy; any other database, or a SQLite pool that needs a migration first, is read
through the full `Store` (SQLAlchemy) with the same SQL and the same results.

The read functions of the store modules take anything with `rows(sql, **params)` (`:name` parameters):
a `Look` here, or a `Tx` of `Store.reading()` / `Store.transaction()`.
Imports: the standard library and core only (never SQLAlchemy).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..core.errors import ParlayError
from .serial_mark import mark_file

if TYPE_CHECKING:
    from .db import Store

DEFAULT_DB = "parlaycards.db"
LOCK_WAIT_S = 5  # how long a command waits for another command's lock before saying so
SCHEMA_VERSION = 1
# The named migrations this release knows (store/schema.py's MIGRATIONS, in order; a test keeps them equal).
KNOWN_MIGRATIONS = (
    "0001_initial",
    "0002_pickem_pools",
    "0003_scans",
    "0004_void",
    "0005_pickem_payments",
    "0006_serial_ranges",
    "0007_archived_cards",
    "0008_serve",
    "0009_result_out",
)


class Rows(Protocol):
    """What the store's read functions need: the rows of one SQL query, as plain tuples."""

    def rows(self, sql: str, **params: Any) -> Iterator[tuple[Any, ...]]: ...


def database_url(db: str | None) -> str:
    """`--db` / PARLAYCARDS_DB: a SQLAlchemy URL, or a path to a SQLite file."""
    target = db or os.environ.get("PARLAYCARDS_DB") or DEFAULT_DB
    if "://" in target:
        return target
    return f"sqlite:///{Path(target).expanduser()}"


class Look:
    """One read-only transaction on a SQLite pool file, through sqlite3."""

    def __init__(self, conn: sqlite3.Connection, shown: str, mark: Path | None = None):
        self.conn = conn
        self.shown = shown
        self.mark = mark  # the pool's serial mark: the payments file beside the pool is named from it

    @property
    def secret(self) -> bytes:
        """The pool secret (names the pool in the files kept beside it)."""
        found = next(self.rows("SELECT value FROM meta WHERE key = 'pool_secret'"), None)
        return bytes.fromhex(found[0]) if found and found[0] else b""

    def rows(self, sql: str, **params: Any) -> Iterator[tuple[Any, ...]]:
        try:
            cur = self.conn.execute(sql, params)
        except sqlite3.OperationalError as exc:
            raise self._busy() if _locked(exc) else exc from None
        try:
            while batch := cur.fetchmany(20_000):
                yield from batch
        finally:
            cur.close()

    def _busy(self) -> ParlayError:
        return busy(self.shown)


def busy(shown: str) -> ParlayError:
    """The message when another command held the pool's lock longer than a command waits."""
    return ParlayError(
        f"another parlaycards command is writing to the pool database {shown} and did not "
        f"finish within {LOCK_WAIT_S} seconds. Nothing was changed: run this command again when "
        "it is done."
    )


def _locked(exc: Exception) -> bool:
    return "database is locked" in str(exc) or "database table is locked" in str(exc)


class Pool:
    """The pool named by `--db`, opened for reading only: `with pool.reading() as rows:` gives a `Look`
    on a SQLite file that is ready (made, migrated, of this release), else a `Tx` of the full `Store`,
    which migrates the pool, refuses a newer one, or says that there is none, as every command does."""

    def __init__(self, db: str | None):
        self.db = db
        self.url = database_url(db)

    @contextmanager
    def reading(self) -> Iterator[Rows]:
        conn = self._quick()
        if conn is None:
            store = self.store()
            with store.reading() as tx:
                yield tx
            return
        shown = self.url
        try:
            look = Look(conn, shown, mark_file(Path(self.url.removeprefix("sqlite:///"))))
            try:
                conn.execute("BEGIN")  # one snapshot for the whole look; takes no write lock
            except sqlite3.OperationalError as exc:
                raise busy(shown) if _locked(exc) else exc from None
            yield look
        finally:
            conn.close()  # ends the read transaction: nothing was written

    def store(self) -> Store:
        from .db import open_store

        return open_store(self.db)

    def _quick(self) -> sqlite3.Connection | None:
        """A sqlite3 connection when the pool is a ready SQLite file, else None (the full Store reads it)."""
        if not self.url.startswith("sqlite:///"):
            return None
        path = Path(self.url.removeprefix("sqlite:///"))
        if not path.name or str(path) == ":memory:" or not path.is_file():
            return None
        try:
            with path.open("rb") as fh:
                if not fh.read(16).startswith(b"SQLite format 3"):
                    return None
            conn = sqlite3.connect(
                f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=LOCK_WAIT_S, isolation_level=None
            )
        except (OSError, sqlite3.Error):
            return None
        try:
            if _ready(conn):
                return conn
        except sqlite3.Error:
            pass
        conn.close()
        return None


def _ready(conn: sqlite3.Connection) -> bool:
    """Every migration of this release applied, no other, and the pool made (see `Store.migrate`)."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not {"migrations", "meta"} <= tables:
        return False
    done = sorted(r[0] for r in conn.execute("SELECT name FROM migrations"))
    meta = dict(
        conn.execute("SELECT key, value FROM meta WHERE key IN ('pool_secret', 'schema_version')").fetchall()
    )
    return (
        done == sorted(KNOWN_MIGRATIONS)
        and meta.get("pool_secret") is not None
        and meta.get("schema_version") == str(SCHEMA_VERSION)
    )
