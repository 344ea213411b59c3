"""Opening the pool database, migrations, transactions, the pool secret and the audit log."""

from __future__ import annotations

import os
import random
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, insert, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, DBAPIError, OperationalError

from ..core.errors import ParlayError, option
from ..core.text import is_digits
from . import schema
from .beside import PRINT_LOCK

# what the store's users have found here: Conflict, retry_conflicts and database_url
from .common import Conflict as Conflict
from .common import retry_conflicts as retry_conflicts
from .engine import (
    MIGRATE_KEY,
    PRINT_KEY,
    conflicted,
    driver_error,
    file_lock,
    locked,
    owner_only_file,
    pg_settings,
    sqlite_begin,
    sqlite_file,
    sqlite_pragmas,
    unwritable,
    whoami,
)
from .look import busy
from .look import database_url as database_url
from .serial_mark import mark_file
from .tx import Beside, Tx, iso, now

PRINT_WAIT_S = 600  # how long a print waits for another print of the pool to finish


class NewerDatabase(ParlayError):
    """The database was written by a newer release of parlaycards; it is left as it is."""


class Store:
    """The pool database. `with store.transaction() as tx:` is one command's whole change."""

    def __init__(self, url: str, *, new_pool: dict[str, str] | None = None):
        self.url = url
        self.new_pool = dict(new_pool or {})  # meta written once, when this store makes the pool
        self.shown = make_url(url).render_as_string(hide_password=True)  # for messages: never a password
        # PostgreSQL: every command's transaction is SERIALIZABLE, so any interleaving of two commands
        # either equals one after the other or fails with a serialization failure that is run again
        # (`retry_conflicts`); a read-only look reads one snapshot (REPEATABLE READ) and never fails so.
        pg = make_url(url).get_backend_name() == "postgresql"
        try:
            self.engine: Engine = create_engine(
                url, future=True, **({"isolation_level": "SERIALIZABLE"} if pg else {})
            )
        except (ImportError, ArgumentError) as exc:  # a database kind with no driver here, or none at all
            raise ParlayError(
                f"{self.shown} is not a database parlaycards can open ({type(exc).__name__}). A pool is a "
                "SQLite file (its name, e.g. pool.db) or a PostgreSQL database (postgresql://user@host/name)."
            ) from None
        self.sqlite = url.startswith("sqlite")
        if self.sqlite:
            # the file made owner-only just before SQLite first opens (and so makes) it: never before,
            # so that a refused command leaves no empty pool behind
            event.listen(self.engine, "do_connect", lambda *_: owner_only_file(url))
            event.listen(self.engine, "connect", sqlite_pragmas)
            # pysqlite's own transaction handling is replaced by explicit BEGIN (see sqlite_begin).
            event.listen(self.engine, "begin", sqlite_begin)
        elif self.engine.dialect.name == "postgresql":
            event.listen(self.engine, "connect", pg_settings)
        self.actor = os.environ.get("PARLAYCARDS_USER") or whoami()
        self.mark = mark_file(sqlite_file(url))  # the serials handed out, kept beside a SQLite pool
        self._migrated = False

    def _refuse_foreign(self, conn: Connection) -> None:
        """A database that holds tables but none of a pool's is another program's: never written into."""
        names = sorted(inspect(conn).get_table_names())
        if names and schema.migrations.name not in names:
            shown = ", ".join(names[:5]) + (", …" if len(names) > 5 else "")
            where = sqlite_file(self.url) or self.shown
            raise ParlayError(
                f"{where} is not a parlaycards pool: it holds other tables ({shown}), and nothing was "
                f"written to it. Give {option('db')} a pool's file, or a new file name to start a pool."
            )

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
                    conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATE_KEY})
                self._refuse_foreign(conn)
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
            if locked(exc):
                raise self._busy() from None
            if conflicted(exc):
                raise self._conflict() from None
            if (why := unwritable(exc)) and (why != "read-only" or self._file_there()):
                raise self._unwritable(why) from None
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
        said = str(version or "")
        newer = is_digits(said) and (len(said.lstrip("0")) > 9 or int(said) > schema.SCHEMA_VERSION)
        if unknown or newer:  # "²".isdigit() is true, and int() refuses it
            what = (
                f"its changes {', '.join(unknown)}"
                if unknown
                else f"schema version {said if len(said) <= 20 else said[:20] + '…'}"
            )
            raise NewerDatabase(
                f"the pool database {self.shown} was written by a newer release of parlaycards ({what}, which this "
                "release does not know). It was left as it is: upgrade parlaycards (pip install -U parlaycards) "
                "on this machine to use it."
            )

    @contextmanager
    def transaction(self) -> Iterator[Tx]:
        """One command's whole change: it happens wholly or not at all (the write lock is held throughout),
        the files kept beside a SQLite pool (`Tx.write_beside`: its payments, its serials) with it.

        A clash with another command raises `Conflict` (see `retry_conflicts`); a lock held too long
        raises the busy message. Either way nothing was changed.
        """
        self.migrate()
        undo: list[Callable[[], None]] = []  # the files beside the pool written so far, taken back
        after: list[Beside] = []  # ... and those written once the change is committed (Tx.write_beside)
        try:
            try:
                with self.engine.begin() as conn:
                    tx = Tx(conn, self.actor, self.mark)
                    yield tx
                    # the files beside the pool (its payments, its serials) are written or checked last,
                    # before the commit: one that cannot be written rolls the change back
                    for beside in tx.beside:
                        if beside.ready is None:
                            undo.append(_write_beside(beside))
                        else:
                            _write_beside(beside, beside.ready)
                            after.append(beside)
            except BaseException:
                for step in reversed(undo):
                    step()
                raise
        except DBAPIError as exc:
            if locked(exc):
                raise self._busy() from None
            if conflicted(exc):
                raise self._conflict() from None
            if why := unwritable(exc):
                raise self._unwritable(why) from None
            raise
        except Exception as exc:  # the driver's own errors, raised past SQLAlchemy (PostgreSQL's COPY path)
            if driver_error(exc) and locked(exc):
                raise self._busy() from None
            if driver_error(exc) and conflicted(exc):
                raise self._conflict() from None
            if driver_error(exc) and (why := unwritable(exc)):
                raise self._unwritable(why) from None
            raise
        for beside in after:
            try:
                _write_beside(beside)
            except ParlayError as exc:
                raise ParlayError(
                    f"the change was recorded in the pool, but {exc.message.removesuffix('.')} Do not do it "
                    "again: the pool holds it."
                ) from None

    @contextmanager
    def reading(self) -> Iterator[Tx]:
        """A read-only look: takes no write lock, so listings run while another command writes."""
        self.migrate()
        try:
            with self._read_connection() as conn, conn.begin():
                yield Tx(conn, self.actor, self.mark)
        except DBAPIError as exc:
            if locked(exc):
                raise self._busy() from None
            if unwritable(exc) == "disk":
                raise self._unwritable("disk") from None
            raise
        except Exception as exc:  # the driver's own errors (a server-side cursor's, on PostgreSQL)
            if driver_error(exc) and locked(exc):
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
            with file_lock(Path(file + PRINT_LOCK), deadline, self._print_busy):
                yield
            return
        if self.engine.dialect.name != "postgresql":
            yield
            return
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            while not conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": PRINT_KEY}).scalar():
                if time.monotonic() > deadline:
                    raise self._print_busy()
                time.sleep(0.05 + random.random() * 0.1)
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": PRINT_KEY})

    def _busy(self) -> ParlayError:
        return busy(self.shown)

    def _print_busy(self) -> ParlayError:
        return ParlayError(
            f"another print of the pool database {self.shown} has been running for more than "
            f"{PRINT_WAIT_S // 60} minutes. Nothing was printed: run this command again when it is done."
        )

    def _file_there(self) -> bool:
        """The pool's SQLite file exists (SQLite's "unable to open" is then its folder's or its own doing)."""
        file = sqlite_file(self.url)
        return file is None or file.is_file()

    def _unwritable(self, why: str) -> ParlayError:
        """The database cannot take a write: the file, its folder or the server read-only, or the disk."""
        file = sqlite_file(self.url)
        where = f"the pool database {file or self.shown}"
        if why == "full":
            return ParlayError(
                f"the disk holding {where} is full. Nothing was changed: free some disk space, then run "
                "this command again."
            )
        if why == "disk":
            return ParlayError(
                f"the disk holding {where} failed while it was used (a disk I/O error). Nothing was "
                "changed: check the disk and that it has free space, then run this command again."
            )
        if file is None:
            return ParlayError(
                f"{where} takes no changes (the server has it read-only). Nothing was changed: give "
                "⟨db⟩ a database that can be written, or ask whoever runs the server."
            )
        folder = file.resolve().parent
        return ParlayError(
            f"{where} cannot be written: the file or its folder {folder} is read-only. Nothing was "
            "changed: make sure you can write both the file and its folder (not a read-only drive or "
            "share), then run this command again."
        )

    def _conflict(self) -> Conflict:
        return Conflict(
            f"another parlaycards command changed the same rows of the pool database {self.shown} at "
            "the same moment. Nothing was changed: run this command again."
        )

    def dispose(self) -> None:
        self.engine.dispose()


def _write_beside(beside: Beside, step: Callable[[], Any] | None = None) -> Callable[[], None]:
    """Write a file beside the pool (`Tx.write_beside`), or take `step` on it (its check); returns how to
    take the write back. A file that cannot be written is a ParlayError naming it (before the commit, the
    transaction is rolled back)."""
    import errno

    try:
        done = (step or beside.write)()
        return done if callable(done) else (lambda: None)
    except OSError as exc:
        remedy = (
            "free some disk space"
            if exc.errno == errno.ENOSPC
            else "make sure you can write that file and its folder (not read-only, not a folder itself)"
        )
        raise ParlayError(
            f"{beside.path} (kept beside the pool: {beside.what}) cannot be written ({exc.strerror or exc}). "
            f"Nothing was changed: {remedy}, then run this command again."
        ) from None


def open_store(db: str | None = None, *, create: bool = False) -> Store:
    """The pool database named by `db` (or PARLAYCARDS_DB, or ./parlaycards.db). A SQLite file that does
    not exist is made only when `create` (importing a pool's first card); any other command says which
    file it looked for rather than starting an empty pool in the wrong folder."""
    url = database_url(db)
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        try:
            path.resolve()
        except (RuntimeError, OSError):  # a link that leads back to itself
            raise ParlayError(
                f"{path} is a link that leads round in a loop to no file. Pass ⟨db⟩ with the pool's file."
            ) from None
        if not create and not path.exists():
            raise ParlayError(
                f"there is no pool database at {path.resolve()}. Run this in the pool's folder, pass "
                "⟨db⟩ with its file (or set PARLAYCARDS_DB), or start a pool by importing its first "
                "card: parlaycards import LINES.xlsx"
            )
        if path.is_dir():
            raise ParlayError(
                f"{path} is a folder, not a pool's database file. Pass ⟨db⟩ with the pool's file inside it, "
                f"e.g. {path / 'parlaycards.db'}."
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
