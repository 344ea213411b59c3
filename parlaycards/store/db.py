"""Opening the pool database, migrations, transactions, the pool secret and the audit log."""

from __future__ import annotations

import getpass
import json
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, Table, create_engine, event, insert, select, update
from sqlalchemy.exc import DatabaseError, OperationalError

from ..core.errors import ParlayError
from . import schema

DEFAULT_DB = "parlaycards.db"


def now() -> datetime:
    return datetime.now(UTC)


def iso(dt: datetime) -> str:
    return dt.isoformat()


def database_url(db: str | None) -> str:
    """`--db` / PARLAYCARDS_DB: a SQLAlchemy URL, or a path to a SQLite file."""
    target = db or os.environ.get("PARLAYCARDS_DB") or DEFAULT_DB
    if "://" in target:
        return target
    return f"sqlite:///{Path(target).expanduser()}"


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

    def take_serials(self, count: int) -> tuple[int, int]:
        """Reserve the next `count` serials of the pool (never reused, across cards)."""
        first = int(self.meta("next_serial") or "1")
        self.set_meta("next_serial", str(first + count))
        return first, first + count - 1

    def audit(self, action: str, slug: str | None, **detail: Any) -> None:
        """Append to the audit log (insert-only)."""
        self.conn.execute(insert(schema.audit).values(
            at=iso(now()), actor=self.actor, action=action, slug=slug,
            detail=json.dumps(detail, default=str, sort_keys=True)))

    def audit_many(self, action: str, slug: str | None, details: list[dict[str, Any]]) -> None:
        """Append one audit row per detail, in one executemany (a 10,000-row import stays quick)."""
        at = iso(now())
        self.insert_many(schema.audit, [{"at": at, "actor": self.actor, "action": action, "slug": slug,
                                         "detail": json.dumps(d, default=str, sort_keys=True)} for d in details])

    def insert_many(self, table: Table, rows: list[dict[str, Any]]) -> None:
        """Insert rows (dicts with every column but an autoincrement key) in one DBAPI executemany.

        The same as `conn.execute(insert(table), rows)`, without SQLAlchemy's per-row parameter
        processing (a second per 100,000 rows); the statement is compiled for the connection's dialect.
        """
        if not rows:
            return
        stmt = insert(table).compile(dialect=self.conn.dialect, column_keys=list(rows[0]))
        if stmt.positional:
            order = stmt.positiontup or []
            self.conn.exec_driver_sql(stmt.string, [tuple(row[k] for k in order) for row in rows])
        else:
            self.conn.exec_driver_sql(stmt.string, rows)


class Store:
    """The pool database. `with store.transaction() as tx:` is one command's whole change."""

    def __init__(self, url: str, *, create: bool = True):
        self.url = url
        self.engine: Engine = create_engine(url, future=True)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
            # pysqlite's own transaction handling is replaced by explicit BEGIN (see _sqlite_begin).
            event.listen(self.engine, "begin", _sqlite_begin)
        self.actor = os.environ.get("PARLAYCARDS_USER") or _whoami()
        self._migrated = False
        self._create = create

    def migrate(self) -> None:
        if self._migrated:
            return
        try:
            with self.engine.begin() as conn:
                schema.migrations.create(conn, checkfirst=True)
                schema.meta.create(conn, checkfirst=True)
                done = set(conn.execute(select(schema.migrations.c.name)).scalars())
                for name, step in schema.MIGRATIONS:
                    if name not in done:
                        step(conn)
                        conn.execute(insert(schema.migrations).values(name=name, applied_at=iso(now())))
                tx = Tx(conn, self.actor)
                if tx.meta("pool_secret") is None:
                    tx.set_meta("pool_secret", secrets.token_hex(32))
                    tx.set_meta("next_serial", "1")
                    tx.set_meta("created_at", iso(now()))
                if tx.meta("schema_version") != str(schema.SCHEMA_VERSION):  # no write when nothing changed
                    tx.set_meta("schema_version", str(schema.SCHEMA_VERSION))
        except (DatabaseError, OperationalError) as exc:
            if _locked(exc):
                raise self._busy() from None
            raise ParlayError(
                f"cannot open the pool database {self.url}: {exc.orig if hasattr(exc, 'orig') else exc}. "
                "Pass --db with a SQLite file path or a SQLAlchemy URL (or set PARLAYCARDS_DB).") from None
        self._migrated = True

    @contextmanager
    def transaction(self) -> Iterator[Tx]:
        """One command's whole change: it happens wholly or not at all (the write lock is held throughout)."""
        self.migrate()
        try:
            with self.engine.begin() as conn:
                yield Tx(conn, self.actor)
        except OperationalError as exc:
            if _locked(exc):
                raise self._busy() from None
            raise

    @contextmanager
    def reading(self) -> Iterator[Tx]:
        """A read-only look: takes no write lock, so listings run while another command writes."""
        self.migrate()
        try:
            with self.engine.connect().execution_options(parlaycards_readonly=True) as conn, conn.begin():
                yield Tx(conn, self.actor)
        except OperationalError as exc:
            if _locked(exc):
                raise self._busy() from None
            raise

    def _busy(self) -> ParlayError:
        return ParlayError(f"another parlaycards command is writing to the pool database {self.url} and did not "
                           "finish within 5 seconds. Nothing was changed: run this command again when it is done.")

    def dispose(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def _sqlite_begin(conn: Connection) -> None:
    # a write transaction takes the lock at once (no deadlock on upgrade); a read-only one waits for none
    conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get("parlaycards_readonly") else "BEGIN IMMEDIATE")


def _locked(exc: Exception) -> bool:
    return "database is locked" in str(exc) or "database table is locked" in str(exc)


def _whoami() -> str:
    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no user name is not an error
        return "unknown"


def open_store(db: str | None = None, *, create: bool = False) -> Store:
    """The pool database named by `db` (or PARLAYCARDS_DB, or ./parlaycards.db). A SQLite file that does
    not exist is made only when `create` (importing a pool's first card); any other command says which
    file it looked for rather than starting an empty pool in the wrong folder."""
    url = database_url(db)
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        if not create and not path.exists():
            raise ParlayError(f"there is no pool database at {path.resolve()}. Run this in the pool's folder, pass "
                              "--db with its file (or set PARLAYCARDS_DB), or start a pool by importing its first "
                              "card: parlaycards import LINES.xlsx")
        if path.exists() and path.is_file():
            with path.open("rb") as fh:
                head = fh.read(16)
            if head and not head.startswith(b"SQLite format 3"):
                raise ParlayError(f"{path} is not a parlaycards database (not a SQLite file). "
                                  "Pass --db with another path, or remove the file.")
    return Store(url)
