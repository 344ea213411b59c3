"""Entries: one row per card handed in, bound to the card version its serial was printed from.

Picks are stored sorted as `101,104,117`; money as text (`5.00`), never a float. Rows become
`Entry` models here; payments are read apart (`payments`), since they are not part of the entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import delete, insert, select, update

from ..core.models import CENT, Entry
from ..core.verify import format_serial
from . import schema
from .db import Tx, iso

E = schema.entries.c
B = schema.batches.c
_CHUNK = 500  # serials per IN (...) query, well under SQLite's parameter limit


@dataclass(frozen=True)
class Payment:
    serial: str
    amount: Decimal
    at: str  # ISO time of the last payment


def picks_text(picks: Iterable[int]) -> str:
    return ",".join(map(str, sorted(picks)))


def _row(slug: str, e: Entry) -> dict:
    return {"slug": slug, "version": e.version, "serial": int(e.serial), "code": e.code, "name": e.name,
            "stake": str(e.stake.quantize(CENT)), "picks": picks_text(e.picks), "received_at": iso(e.received_at),
            "late": e.late, "source": e.source}


def insert_many(tx: Tx, slug: str, entries: Sequence[Entry]) -> None:
    """Store entries in one executemany (the caller's transaction makes it all or nothing)."""
    if entries:
        tx.conn.execute(insert(schema.entries), [_row(slug, e) for e in entries])


def replace(tx: Tx, slug: str, entry: Entry) -> None:
    tx.conn.execute(delete(schema.entries).where(E.serial == int(entry.serial)))
    tx.conn.execute(insert(schema.entries).values(**_row(slug, entry)))


def _entry(r) -> Entry:  # noqa: ANN001 - a row
    # Rows were validated on the way in: construct without validating again (grading reads 100,000s).
    return Entry.model_construct(
        serial=format_serial(r.serial), code=r.code, name=r.name, stake=Decimal(r.stake),
        picks=tuple(map(int, r.picks.split(","))) if r.picks else (),
        received_at=datetime.fromisoformat(r.received_at), late=bool(r.late), source=r.source, version=r.version)


_COLUMNS = (E.serial, E.code, E.name, E.stake, E.picks, E.received_at, E.late, E.source, E.version)


def of(tx: Tx, slug: str) -> list[Entry]:
    """Every entry of a card (all versions), by serial."""
    rows = tx.conn.execute(select(*_COLUMNS).where(E.slug == slug).order_by(E.serial))
    return [_entry(r) for r in rows]


def get(tx: Tx, serial: int) -> tuple[str, Entry] | None:
    """(card slug, entry) for a serial, or None when it was never entered."""
    r = tx.conn.execute(select(E.slug, *_COLUMNS).where(E.serial == serial)).first()
    return (r.slug, _entry(r)) if r else None


def entered(tx: Tx, serials: Iterable[int]) -> dict[int, str]:
    """Which of `serials` are already entered, and on which card."""
    wanted = sorted(set(serials))
    found: dict[int, str] = {}
    for i in range(0, len(wanted), _CHUNK):
        chunk = wanted[i:i + _CHUNK]
        found.update(tx.conn.execute(select(E.serial, E.slug).where(E.serial.in_(chunk))).all())
    return found


def payments(tx: Tx, slug: str) -> dict[str, Payment]:
    rows = tx.conn.execute(select(E.serial, E.paid_amount, E.paid_at)
                           .where(E.slug == slug, E.paid_amount.is_not(None)))
    return {format_serial(r.serial): Payment(format_serial(r.serial), Decimal(r.paid_amount), r.paid_at) for r in rows}


def record_payment(tx: Tx, serial: int, total_paid: Decimal, at: datetime) -> None:
    tx.conn.execute(update(schema.entries).where(E.serial == serial)
                    .values(paid_amount=str(total_paid.quantize(CENT)), paid_at=iso(at)))


def printed_from(tx: Tx, serial: int) -> tuple[str, int] | None:
    """(card slug, version) of the print batch a serial came from, or None when it was never printed."""
    try:
        from .batches import batch_for_serial  # the printing work's own answer, when it is there
    except ImportError:
        r = tx.conn.execute(select(B.slug, B.version).where(B.first_serial <= serial, B.last_serial >= serial)
                            .order_by(B.id.desc()).limit(1)).first()
        return (r.slug, r.version) if r else None
    return batch_for_serial(tx, serial)
