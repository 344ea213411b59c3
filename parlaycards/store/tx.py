"""One transaction of the store: its connection, and the meta, audit and serial helpers every service
needs; the clock every row is stamped with."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Table, insert, select, text, update
from sqlalchemy.sql import Select, TextClause

from ..core.errors import ParlayError
from . import schema

# the clock every row is stamped with
from .common import iso as iso
from .common import now as now
from .serial_mark import raise_mark, read_mark

_streams = itertools.count(1)
MARK_WHAT = "the record of the serials handed out"  # the mark, as a message names it
UNRECORDED = "unrecorded_serials"  # meta: the runs of serials printed after a backup that was put back


@dataclass(frozen=True)
class Beside:
    """A file kept beside a SQLite pool (its payments, its serials), written with the transaction's change."""

    path: Path
    what: str  # what the file is, for a message: "the record of every payment"
    write: Callable[[], Callable[[], None]]  # writes it; returns how to take the write back
    # None: written just before the commit (and taken back if the commit fails); else checked before the
    # commit (raising OSError when it could not be written) and written after it
    ready: Callable[[], None] | None = None


class Tx:
    """One transaction: the connection, plus the meta, audit and serial helpers every service needs."""

    def __init__(self, conn: Connection, actor: str, mark: Path | None = None):
        self.conn = conn
        self.actor = actor
        self.mark = mark  # the file remembering the serials handed out (a SQLite pool's; see serial_mark)
        # written just before the commit (`Store.transaction`): both or neither
        self.beside: list[Beside] = []

    def write_beside(
        self,
        path: Path | None,
        what: str,
        write: Callable[[], Callable[[], None]],
        *,
        ready: Callable[[], None] | None = None,
    ) -> None:
        """Have `write` change the file `path` beside the pool with this transaction (None: no such file).

        Without `ready`: just before the commit, so that a file that cannot be written rolls the change
        back, and a commit that fails takes the write back (a mark of serials handed out: left ahead, it
        would only skip serials). With `ready`: `ready` checks before the commit that it can be written
        (a file that cannot rolls the change back), and `write` runs after the commit: a line that says
        money was paid is never in the file before the database holds the payment."""
        if path is not None:
            self.beside.append(Beside(path, what, write, ready))

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
        """The first serial the next print batch will carry (no lock taken: a print checks it again): past
        the database's counter and past every serial the pool's mark says was handed out."""
        return max(_counter(self.meta("next_serial")), read_mark(self.mark, self.secret) or 1)

    def unrecorded(self) -> tuple[tuple[int, int], ...]:
        """Each run of serials (first, last) handed out by prints this database does not hold: an older copy
        of the pool (a backup) was put back over it since. Those a print stepped over are kept in the
        database; those the pool's mark is still ahead by are read from it."""
        runs = [(int(a), int(b)) for a, b in json.loads(self.meta(UNRECORDED) or "[]")]
        counter = _counter(self.meta("next_serial"))
        mark = read_mark(self.mark, self.secret) or 1
        return tuple(runs + ([(counter, mark - 1)] if mark > counter else []))

    def take_serials(self, count: int) -> tuple[int, int]:
        """Reserve the next `count` serials of the pool (never reused, across cards, nor after a backup is
        put back over the pool: the mark is raised with the transaction's change, both or neither; rolled
        back, the serials are taken again by the next print, as no card carries them).

        The counter's row is locked until the transaction ends (SQLite's write lock does the same),
        so two commands never take the same range; print_batches' constraint refuses an overlap anyway.
        """
        m = schema.meta.c
        row = self.conn.execute(select(m.value).where(m.key == "next_serial").with_for_update()).scalar()
        counter = _counter(row)
        first = max(counter, read_mark(self.mark, self.secret) or 1)
        if first > counter:  # stepping over serials printed after the backup put back: said when one is read
            runs = json.loads(self.meta(UNRECORDED) or "[]")
            self.set_meta(UNRECORDED, json.dumps([*runs, [counter, first - 1]]))
        self.set_meta("next_serial", str(first + count))
        secret, mark = self.secret, self.mark
        self.write_beside(mark, MARK_WHAT, lambda: raise_mark(mark, secret, first + count))
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


def _counter(value: object) -> int:
    """The pool's serial counter as stored; a ParlayError when it is no whole number (changed by hand)."""
    try:
        return int(str(value or "1"))
    except ValueError:
        raise ParlayError(
            f"the pool's serial counter reads {str(value)[:40]!r}, not a number: the database was changed by "
            "hand or is damaged, and nothing was done. Put back the pool's last backup."
        ) from None
