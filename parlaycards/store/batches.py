"""Print batches: which card version, template and serial range went into which PDF file."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime

from sqlalchemy import insert, select

from . import schema
from .tx import Tx, iso, now


@dataclass(frozen=True)
class Batch:
    """A print batch, as its row in `batches` holds it (each field a column of the same name)."""

    slug: str
    version: int
    template: str
    first_serial: int
    last_serial: int
    file: str
    sha256: str
    created_at: str


def record(
    tx: Tx,
    slug: str,
    version: int,
    template: str,
    first: int,
    last: int,
    file: str,
    sha256: str,
    at: datetime | None = None,
) -> Batch:
    """Record a print batch, printed `at` (default now)."""
    b = Batch(slug, version, template, first, last, file, sha256, iso(at or now()))
    tx.conn.execute(insert(schema.batches).values(**asdict(b)))  # its fields are the table's columns
    tx.audit(
        "print", slug, version=version, template=template, first=first, last=last, file=file, sha256=sha256
    )
    return b


def of_card(tx: Tx, slug: str) -> list[Batch]:
    b = schema.batches.c
    rows = tx.conn.execute(
        select(b.slug, b.version, b.template, b.first_serial, b.last_serial, b.file, b.sha256, b.created_at)
        .where(b.slug == slug)
        .order_by(b.first_serial)
    )
    return [Batch(*r) for r in rows]


def all_batches(tx: Tx) -> list[Batch]:
    """Every print batch of the pool, by first serial (a scan looks up the template of any serial)."""
    b = schema.batches.c
    rows = tx.conn.execute(
        select(
            b.slug, b.version, b.template, b.first_serial, b.last_serial, b.file, b.sha256, b.created_at
        ).order_by(b.first_serial)
    )
    return [Batch(*r) for r in rows]


def batch_for_serial(tx: Tx, serial: int) -> tuple[str, int] | None:
    """(slug, version) of the printed card that carries `serial`, or None if no batch printed it."""
    b = schema.batches.c
    row = tx.conn.execute(
        select(b.slug, b.version).where(b.first_serial <= serial, b.last_serial >= serial).limit(1)
    ).first()
    return (row.slug, row.version) if row else None
