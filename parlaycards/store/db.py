"""Opening the pool database, migrations, transactions, the pool secret and the audit log."""

from __future__ import annotations

import getpass
import itertools
import json
import os
import random
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, Table, create_engine, event, insert, inspect, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DatabaseError, DBAPIError, IntegrityError, OperationalError
from sqlalchemy.sql import Select, TextClause

from ..core.errors import ParlayError
from . import schema

# what the store's users have found here: Conflict, retry_conflicts, the clock and database_url
from .common import Conflict as Conflict
from .common import iso as iso
from .common import now as now
from .common import retry_conflicts as retry_conflicts
from .look import LOCK_WAIT_S, busy
from .look import database_url as database_url

PRINT_WAIT_S = 600  # how long a print waits for another print of the pool to finish


class NewerDatabase(ParlayError):
    """The database was written by a newer release of parlaycards; it is left as it is."""


class Tx:
    """One transaction: the connection, plus the meta, audit and serial helpers every service needs."""

    def __init__(self, conn: Connection, actor: str):
        self.conn = conn
        self.actor = actor

    def meta(self, key: str) -> str | None:
        return self.conn.execute(select(schema.meta.c.value).where(schema.meta.c.key == key)).scalar()

    def set_meta(self, key: str, value: str) -> None:
        if self.meta(key) is None:
            self.conn.execute(insert(schema.meta).values(key=key, value=value))
        else:
            self.conn.execute(update(schema.meta).where(schema.meta.c.key == key).values(value=value))

    @property
    def secret(self) -> bytes:
        """The pool secret: made with the database, used for verify codes, never printed."""
        return bytes.fromhex(self.meta("pool_secret") or "")

    def next_serial(self) -> int:
        """The first serial the next print batch will carry (no lock taken: a print checks it again)."""
        return int(self.meta("next_serial") or "1")

    def take_serials(self, count: int) -> tuple[int, int]:
        """Reserve the next `count` serials of the pool (never reused, across cards).

        The counter's row is locked until the transaction ends (SQLite's write lock does the same),
        so two commands never take the same range; print_batches' constraint refuses an overlap anyway.
        """
        m = schema.meta.c
        row = self.conn.execute(select(m.value).where(m.key == "next_serial").with_for_update()).scalar()
        first = int(row or "1")
        self.set_meta("next_serial", str(first + count))
        return first, first + count - 1

    def audit(self, action: str, slug: str | None, **detail: Any) -> None:
        """Append to the audit log (insert-only)."""
        self.conn.execute(
            insert(schema.audit).values(
                at=iso(now()),
                actor=self.actor,
                action=action,
                slug=slug,
                detail=json.dumps(detail, default=str, sort_keys=True),
            )
        )

    def audit_many(self, action: str, slug: str | None, details: list[dict[str, Any]]) -> None:
        """Append one audit row per detail, in one executemany (a 10,000-row import stays quick)."""
        at = iso(now())
        self.insert_many(
            schema.audit,
            [
                {
                    "at": at,
                    "actor": self.actor,
                    "action": action,
                    "slug": slug,
                    "detail": json.dumps(d, default=str, sort_keys=True),
                }
                for d in details
            ],
        )

    def rows(self, sql: str, **params: Any) -> Iterator[tuple[Any, ...]]:
        """The rows of one plain SQL query (`:name` parameters) as tuples: the store's read functions speak
        SQL, so that a `look.Look` runs them on SQLite without SQLAlchemy and this runs them anywhere."""
        return self.stream(text(sql).bindparams(**params))

    def stream(self, stmt: Select[Any] | TextClause, size: int = 20_000) -> Iterator[tuple[Any, ...]]:
        """The rows of a select as plain tuples, straight from the driver's cursor, a batch at a time:
        no per-row SQLAlchemy work, and a million rows never all held as Python objects at once."""
        compiled = stmt.compile(dialect=self.conn.dialect, compile_kwargs={"render_postcompile": True})
        params = compiled.construct_params()
        args = tuple(params[k] for k in compiled.positiontup or ()) if compiled.positional else params
        raw: Any = self.conn.connection.driver_connection
        # PostgreSQL: a server-side cursor, so that the rows come a batch at a time rather than all
        # into the client's memory first
        pg = self.conn.dialect.name == "postgresql"
        cur = raw.cursor(name=f"parlaycards_{next(_streams)}") if pg else raw.cursor()
        try:
            cur.execute(compiled.string, args)
            while batch := cur.fetchmany(size):
                yield from batch
        finally:
            cur.close()

    def insert_rows(self, table: Table, columns: Sequence[str], rows: Iterable[tuple[Any, ...]]) -> None:
        """Insert plain tuples (values in `columns` order), streamed to the driver: COPY on PostgreSQL,
        one executemany elsewhere; a million rows are never all held as dicts."""
        if self.conn.dialect.name == "postgresql":
            cur = self.conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
            names = ", ".join(f'"{c}"' for c in columns)
            with cur.copy(f'COPY "{table.name}" ({names}) FROM STDIN') as copy:
                for row in rows:
                    copy.write_row(row)
            cur.close()
            return
        stmt = insert(table).compile(dialect=self.conn.dialect, column_keys=list(columns))
        if stmt.positional and list(stmt.positiontup or ()) == list(columns):
            cur = self.conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
            cur.executemany(stmt.string, rows)
            cur.close()
        else:
            self.insert_many(table, [dict(zip(columns, row, strict=True)) for row in rows])

    def insert_many(self, table: Table, rows: list[dict[str, Any]]) -> None:
        """Insert rows (dicts with every column but an autoincrement key) in one DBAPI executemany.

        The same as `conn.execute(insert(table), rows)`, without SQLAlchemy's per-row parameter
        processing (a second per 100,000 rows); the statement is compiled for the connection's dialect.
        """
        if not rows:
            return
        if self.conn.dialect.name == "postgresql" and len(rows) >= 1000:  # COPY: a 1,000,000 rows in seconds
            keys = list(rows[0])
            cur = self.conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
            columns = ", ".join(f'"{k}"' for k in keys)
            with cur.copy(f'COPY "{table.name}" ({columns}) FROM STDIN') as copy:
                for row in rows:
                    copy.write_row([row[k] for k in keys])
            cur.close()
            return
        stmt = insert(table).compile(dialect=self.conn.dialect, column_keys=list(rows[0]))
        if stmt.positional:
            order = stmt.positiontup or []
            self.conn.exec_driver_sql(stmt.string, [tuple(row[k] for k in order) for row in rows])
        else:
            self.conn.exec_driver_sql(stmt.string, rows)


class Store:
    """The pool database. `with store.transaction() as tx:` is one command's whole change."""

    def __init__(self, url: str, *, create: bool = True, new_pool: dict[str, str] | None = None):
        self.url = url
        self.new_pool = dict(new_pool or {})  # meta written once, when this store makes the pool
        self.shown = make_url(url).render_as_string(hide_password=True)  # for messages: never a password
        # PostgreSQL: every command's transaction is SERIALIZABLE, so any interleaving of two commands
        # either equals one after the other or fails with a serialization failure that is run again
        # (`retry_conflicts`); a read-only look reads one snapshot (REPEATABLE READ) and never fails so.
        pg = make_url(url).get_backend_name() == "postgresql"
        self.engine: Engine = create_engine(
            url, future=True, **({"isolation_level": "SERIALIZABLE"} if pg else {})
        )
        self.sqlite = url.startswith("sqlite")
        if self.sqlite:
            # the file made owner-only just before SQLite first opens (and so makes) it: never before,
            # so that a refused command leaves no empty pool behind
            event.listen(self.engine, "do_connect", lambda *_: _owner_only_file(url))
            event.listen(self.engine, "connect", _sqlite_pragmas)
            # pysqlite's own transaction handling is replaced by explicit BEGIN (see _sqlite_begin).
            event.listen(self.engine, "begin", _sqlite_begin)
        elif self.engine.dialect.name == "postgresql":
            event.listen(self.engine, "connect", _pg_settings)
        self.actor = os.environ.get("PARLAYCARDS_USER") or _whoami()
        self._migrated = False
        self._create = create

    def migrate(self) -> None:
        if self._migrated:
            return
        try:
            if self._up_to_date():  # most commands: a read-only look, no write lock taken
                self._migrated = True
                return
            with self.engine.begin() as conn:
                if (
                    conn.dialect.name == "postgresql"
                ):  # one migrating process at a time; the rest wait, then see it done
                    conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATE_KEY})
                schema.migrations.create(conn, checkfirst=True)
                schema.meta.create(conn, checkfirst=True)
                done = set(conn.execute(select(schema.migrations.c.name)).scalars())
                self._refuse_newer(conn, done)
                for name, step in schema.MIGRATIONS:
                    if name not in done:
                        step(conn)
                        conn.execute(insert(schema.migrations).values(name=name, applied_at=iso(now())))
                tx = Tx(conn, self.actor)
                if tx.meta("pool_secret") is None:
                    tx.set_meta("pool_secret", secrets.token_hex(32))
                    tx.set_meta("next_serial", "1")
                    tx.set_meta("created_at", iso(now()))
                    for key, value in self.new_pool.items():  # a new pool's settings (see open_store)
                        tx.set_meta(key, value)
                if tx.meta("schema_version") != str(schema.SCHEMA_VERSION):  # no write when nothing changed
                    tx.set_meta("schema_version", str(schema.SCHEMA_VERSION))
        except (DatabaseError, OperationalError) as exc:
            if _locked(exc):
                raise self._busy() from None
            if _conflict(exc):
                raise self._conflict() from None
            raise ParlayError(
                f"cannot open the pool database {self.shown}: {exc.orig if hasattr(exc, 'orig') else exc}. "
                "Pass ⟨db⟩ with a SQLite file path or a SQLAlchemy URL (or set PARLAYCARDS_DB)."
            ) from None
        self._migrated = True

    def _up_to_date(self) -> bool:
        """Every migration applied and the pool made (refusing a newer database), read without a write lock."""
        with self._read_connection() as conn, conn.begin():
            if not inspect(conn).has_table(schema.migrations.name):
                return False
            done = set(conn.execute(select(schema.migrations.c.name)).scalars())
            self._refuse_newer(conn, done)
            tx = Tx(conn, self.actor)
            return (
                all(name in done for name, _ in schema.MIGRATIONS)
                and tx.meta("pool_secret") is not None
                and tx.meta("schema_version") == str(schema.SCHEMA_VERSION)
            )

    def _refuse_newer(self, conn: Connection, done: set[str]) -> None:
        """A database that has a migration this release does not know was written by a newer one."""
        known = {name for name, _ in schema.MIGRATIONS}
        unknown = sorted(done - known)
        version = conn.execute(
            select(schema.meta.c.value).where(schema.meta.c.key == "schema_version")
        ).scalar()
        if unknown or (version is not None and version.isdigit() and int(version) > schema.SCHEMA_VERSION):
            what = f"its changes {', '.join(unknown)}" if unknown else f"schema version {version}"
            raise NewerDatabase(
                f"the pool database {self.shown} was written by a newer release of parlaycards ({what}, which this "
                "release does not know). It was left as it is: upgrade parlaycards (pip install -U parlaycards) "
                "on this machine to use it."
            )

    @contextmanager
    def transaction(self) -> Iterator[Tx]:
        """One command's whole change: it happens wholly or not at all (the write lock is held throughout).

        A clash with another command raises `Conflict` (see `retry_conflicts`); a lock held too long
        raises the busy message. Either way nothing was changed.
        """
        self.migrate()
        try:
            with self.engine.begin() as conn:
                yield Tx(conn, self.actor)
        except DBAPIError as exc:
            if _locked(exc):
                raise self._busy() from None
            if _conflict(exc):
                raise self._conflict() from None
            raise
        except Exception as exc:  # the driver's own errors, raised past SQLAlchemy (PostgreSQL's COPY path)
            if _driver_error(exc) and _locked(exc):
                raise self._busy() from None
            if _driver_error(exc) and _conflict(exc):
                raise self._conflict() from None
            raise

    @contextmanager
    def reading(self) -> Iterator[Tx]:
        """A read-only look: takes no write lock, so listings run while another command writes."""
        self.migrate()
        try:
            with self._read_connection() as conn, conn.begin():
                yield Tx(conn, self.actor)
        except DBAPIError as exc:
            if _locked(exc):
                raise self._busy() from None
            raise
        except Exception as exc:  # the driver's own errors (a server-side cursor's, on PostgreSQL)
            if _driver_error(exc) and _locked(exc):
                raise self._busy() from None
            raise

    def _read_connection(self) -> Connection:
        conn = self.engine.connect().execution_options(parlaycards_readonly=True)
        if not self.sqlite:
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
        return conn

    @contextmanager
    def print_lock(self) -> Iterator[None]:
        """Held while a print batch is rendered and recorded: prints of a pool take turns (other commands
        do not wait). It is a lock of the server (PostgreSQL) or of the operating system (a SQLite file),
        so a process killed mid-print releases it and the next print reuses the serials it had read."""
        deadline = time.monotonic() + PRINT_WAIT_S
        if self.sqlite:
            file = make_url(self.url).database
            if not file or file == ":memory:":  # one process only: nobody to take turns with
                yield
                return
            with _file_lock(Path(file + "-print"), deadline, self._print_busy):
                yield
            return
        if self.engine.dialect.name != "postgresql":
            yield
            return
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            while not conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": _PRINT_KEY}).scalar():
                if time.monotonic() > deadline:
                    raise self._print_busy()
                time.sleep(0.05 + random.random() * 0.1)
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _PRINT_KEY})

    def _busy(self) -> ParlayError:
        return busy(self.shown)

    def _print_busy(self) -> ParlayError:
        return ParlayError(
            f"another print of the pool database {self.shown} has been running for more than "
            f"{PRINT_WAIT_S // 60} minutes. Nothing was printed: run this command again when it is done."
        )

    def _conflict(self) -> Conflict:
        return Conflict(
            f"another parlaycards command changed the same rows of the pool database {self.shown} at "
            "the same moment. Nothing was changed: run this command again."
        )

    def dispose(self) -> None:
        self.engine.dispose()


_streams = itertools.count(1)

# Advisory lock keys (any 64-bit numbers, fixed): one for migrating, one for printing.
_MIGRATE_KEY = 0x5041524C4159_01
_PRINT_KEY = 0x5041524C4159_02


@contextmanager
def _file_lock(path: Path, deadline: float, busy: Callable[[], ParlayError]) -> Iterator[None]:
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


def _pg_settings(dbapi_conn: Any, _record: Any) -> None:
    # a lock held by another command too long becomes the busy message, not an endless wait
    with dbapi_conn.cursor() as cur:
        cur.execute(f"SET lock_timeout = '{LOCK_WAIT_S}s'")
    dbapi_conn.commit()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def _sqlite_begin(conn: Connection) -> None:
    # a write transaction takes the lock at once (no deadlock on upgrade); a read-only one waits for none
    conn.exec_driver_sql(
        "BEGIN" if conn.get_execution_options().get("parlaycards_readonly") else "BEGIN IMMEDIATE"
    )


def _sqlstate(exc: Exception) -> str:
    """The SQLSTATE of a database error: SQLAlchemy's wrapper (`orig`) or the driver's own (psycopg's
    COPY, run on the raw connection, raises `psycopg.errors.UniqueViolation` unwrapped)."""
    orig = getattr(exc, "orig", None) or exc
    return str(getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None) or "")


def _driver_error(exc: Exception) -> bool:
    """An error of the database driver itself (a PEP 249 `Error`), not wrapped by SQLAlchemy."""
    return any(
        c.__name__ in {"Error", "DatabaseError"}
        and c.__module__.split(".")[0] in {"psycopg", "psycopg2", "sqlite3"}
        for c in type(exc).__mro__
    )


def _locked(exc: Exception) -> bool:
    """Another command held a lock longer than we wait (SQLite's busy timeout, PostgreSQL's lock_timeout)."""
    return (
        "database is locked" in str(exc)
        or "database table is locked" in str(exc)
        or _sqlstate(exc) == "55P03"
    )


# unique violation, exclusion violation, serialization failure, deadlock
_CONFLICT_STATES = {"23505", "23P01", "40001", "40P01"}


def _conflict(exc: Exception) -> bool:
    """Two commands wrote the same thing at once: a retry reads the other's change and decides again."""
    if _sqlstate(exc) in _CONFLICT_STATES:
        return True
    return isinstance(exc, IntegrityError | sqlite3.IntegrityError) and (
        "UNIQUE constraint failed" in str(exc) or "share serials" in str(exc)
    )


def _whoami() -> str:
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


def _owner_only_file(url: str) -> None:
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


def open_store(db: str | None = None, *, create: bool = False) -> Store:
    """The pool database named by `db` (or PARLAYCARDS_DB, or ./parlaycards.db). A SQLite file that does
    not exist is made only when `create` (importing a pool's first card); any other command says which
    file it looked for rather than starting an empty pool in the wrong folder."""
    url = database_url(db)
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        if not create and not path.exists():
            raise ParlayError(
                f"there is no pool database at {path.resolve()}. Run this in the pool's folder, pass "
                "⟨db⟩ with its file (or set PARLAYCARDS_DB), or start a pool by importing its first "
                "card: parlaycards import LINES.xlsx"
            )
        if path.exists() and path.is_file():
            with path.open("rb") as fh:
                head = fh.read(16)
            if head and not head.startswith(b"SQLite format 3"):
                raise ParlayError(
                    f"{path} is not a parlaycards database (not a SQLite file). "
                    "Pass ⟨db⟩ with another path, or remove the file."
                )
    return Store(url, new_pool=NEW_POOL)


# A pool made from the command line refuses entries without their verify code (`pool set
# --no-require-code` opts out); pools made before this release keep theirs (no setting: optional).
NEW_POOL = {"require_verify_code": "yes"}
