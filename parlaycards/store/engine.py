"""The database engine's side of the store: SQLite's and PostgreSQL's settings on every connection, the
locks commands take, which driver errors mean "busy" or "two commands wrote at once", and the pool file's
permissions."""

from __future__ import annotations

import getpass
import os
import random
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from ..core.errors import ParlayError
from .look import LOCK_WAIT_S as LOCK_WAIT_S  # how long a command waits for another's lock

# Advisory lock keys (any 64-bit numbers, fixed): one for migrating, one for printing.
MIGRATE_KEY = 0x5041524C4159_01
PRINT_KEY = 0x5041524C4159_02


@contextmanager
def file_lock(path: Path, deadline: float, busy: Callable[[], ParlayError]) -> Iterator[None]:
    """An exclusive lock of the operating system on `path` (made if missing), released when the process ends."""
    try:
        import fcntl
    except ImportError:  # not on Windows: there the database's constraint alone keeps serials apart
        yield
        return
    with path.open("a") as fh:
        while True:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise busy() from None
                time.sleep(0.05 + random.random() * 0.1)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def pg_settings(dbapi_conn: Any, _record: Any) -> None:
    # a lock held by another command too long becomes the busy message, not an endless wait
    with dbapi_conn.cursor() as cur:
        cur.execute(f"SET lock_timeout = '{LOCK_WAIT_S}s'")
    dbapi_conn.commit()


def sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def sqlite_begin(conn: Connection) -> None:
    # a write transaction takes the lock at once (no deadlock on upgrade); a read-only one waits for none
    conn.exec_driver_sql(
        "BEGIN" if conn.get_execution_options().get("parlaycards_readonly") else "BEGIN IMMEDIATE"
    )


def sqlstate(exc: Exception) -> str:
    """The SQLSTATE of a database error: SQLAlchemy's wrapper (`orig`) or the driver's own (psycopg's
    COPY, run on the raw connection, raises `psycopg.errors.UniqueViolation` unwrapped)."""
    orig = getattr(exc, "orig", None) or exc
    return str(getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None) or "")


def driver_error(exc: Exception) -> bool:
    """An error of the database driver itself (a PEP 249 `Error`), not wrapped by SQLAlchemy."""
    return any(
        c.__name__ in {"Error", "DatabaseError"}
        and c.__module__.split(".")[0] in {"psycopg", "psycopg2", "sqlite3"}
        for c in type(exc).__mro__
    )


def locked(exc: Exception) -> bool:
    """Another command held a lock longer than we wait (SQLite's busy timeout, PostgreSQL's lock_timeout)."""
    return (
        "database is locked" in str(exc) or "database table is locked" in str(exc) or sqlstate(exc) == "55P03"
    )


# unique violation, exclusion violation, serialization failure, deadlock
CONFLICT_STATES = {"23505", "23P01", "40001", "40P01"}


def conflicted(exc: Exception) -> bool:
    """Two commands wrote the same thing at once: a retry reads the other's change and decides again."""
    if sqlstate(exc) in CONFLICT_STATES:
        return True
    return isinstance(exc, IntegrityError | sqlite3.IntegrityError) and (
        "UNIQUE constraint failed" in str(exc) or "share serials" in str(exc)
    )


# SQLite's words and PostgreSQL's SQLSTATEs for a database that cannot take a write: the file, its folder
# or the server read-only; the disk full; the disk failing
UNWRITABLE = {
    "read-only": ("attempt to write a readonly database", "unable to open database file", "25006"),
    "full": ("database or disk is full", "53100"),
    "disk": ("disk I/O error", "58030"),
}


def unwritable(exc: Exception) -> str | None:
    """Why the database could not be written when it is the file's, the folder's or the disk's doing
    ("read-only", "full", "disk"); None for any other error."""
    said, state = str(getattr(exc, "orig", None) or exc), sqlstate(exc)
    for why, signs in UNWRITABLE.items():
        if state in signs or any(sign in said for sign in signs if not sign[:1].isdigit()):
            return why
    return None


def whoami() -> str:
    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no user name is not an error
        return "unknown"


def sqlite_file(url: str) -> Path | None:
    """The file a SQLite URL names; None for memory databases and other backends."""
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    if u.database.startswith("file:"):
        return None
    return Path(u.database)


def owner_only_file(url: str) -> None:
    """A new pool file is made readable by its owner alone (0600) before SQLite opens it: it holds the
    pool's secret, from which every verify code is made. An existing file is left as it is (`exposed`)."""
    path = sqlite_file(url)
    if path is None or path.exists():
        return
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:
        return  # a missing folder or a race: SQLite says so (or opens the other's file) as before
    os.close(fd)


def exposed(url: str) -> str | None:
    """How an existing pool file can be read by others (`rw-r--r--`), or None when it is its owner's
    alone, is not a file, or the system has no such permissions (Windows). On PostgreSQL the database's
    own rights apply."""
    import stat

    path = sqlite_file(url)
    if path is None or os.name == "nt" or not path.is_file():
        return None
    mode = path.stat().st_mode
    if not mode & (stat.S_IRWXG | stat.S_IRWXO):
        return None
    return stat.filemode(mode)[1:]
