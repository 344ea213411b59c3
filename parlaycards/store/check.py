"""The pool database's integrity: what must hold whatever happened to a command (a crash, a kill, two
at once). Returns problems as text; an empty list means the database is sound."""

from __future__ import annotations

from sqlalchemy import func, select, text

from ..core.text import plural
from . import schema
from .tx import Tx

B = schema.batches.c
E = schema.entries.c


def problems(tx: Tx) -> list[str]:
    """Every broken rule of the pool database (the engine's own check first, on SQLite)."""
    found: list[str] = []
    if tx.conn.dialect.name == "sqlite":
        said = [r[0] for r in tx.conn.exec_driver_sql("PRAGMA integrity_check")]
        if said != ["ok"]:
            found += [f"SQLite integrity check: {s}" for s in said]
        found += [
            f"SQLite foreign key check: {tuple(r)}"
            for r in tx.conn.exec_driver_sql("PRAGMA foreign_key_check")
        ]
    done = set(tx.conn.execute(select(schema.migrations.c.name)).scalars())
    found += [f"migration {name} is not applied" for name, _ in schema.MIGRATIONS if name not in done]
    if tx.meta("pool_secret") is None:
        found.append("the pool has no secret")
    ranges = tx.conn.execute(select(B.id, B.first_serial, B.last_serial).order_by(B.first_serial)).all()
    last_end = 0
    for r in ranges:
        if r.last_serial < r.first_serial:
            found.append(f"print batch {r.id} runs backwards ({r.first_serial}–{r.last_serial})")
        if r.first_serial <= last_end:
            found.append(
                f"print batch {r.id} ({r.first_serial}–{r.last_serial}) shares serials with an earlier one"
            )
        last_end = max(last_end, r.last_serial)
    if last_end >= tx.next_serial():
        found.append(f"the next serial {tx.next_serial()} was already printed (batches run to {last_end})")
    other = schema.batches.alias("b")
    outside = tx.conn.execute(
        select(func.count())
        .select_from(schema.entries)
        .where(
            ~select(text("1"))
            .select_from(other)
            .where(
                other.c.slug == E.slug,
                other.c.version == E.version,
                other.c.first_serial <= E.serial,
                other.c.last_serial >= E.serial,
            )
            .exists()
        )
    ).scalar()
    if outside:
        found.append(
            f"{plural(outside, 'entry', 'entries')} {'carries' if outside == 1 else 'carry'} a serial that no print "
            "batch of their card and version holds"
        )
    return found
