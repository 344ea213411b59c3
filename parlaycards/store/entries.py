"""Entries: one row per card handed in, bound to the card version its serial was printed from.

Picks are stored sorted as `101,104,117`; money as text (`5.00`), never a float. Rows become
`Entry` models here; payments are read apart (`payments`), since they are not part of the entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import delete, func, insert, select, update

from ..core.bulk import Ticket
from ..core.models import Entry
from ..core.text import plain
from ..core.verify import format_serial
from . import batches, schema
from .tx import Tx, iso

E = schema.entries.c
_CHUNK = 500  # serials per IN (...) query, well under SQLite's parameter limit


@dataclass(frozen=True)
class Payment:
    serial: str
    amount: Decimal
    at: str  # ISO time of the last payment


def picks_text(picks: Iterable[int]) -> str:
    return ",".join(map(str, sorted(picks)))


def _row(slug: str, e: Entry) -> dict:
    return {
        "slug": slug,
        "version": e.version,
        "serial": int(e.serial),
        "code": e.code,
        "name": e.name,
        "stake": plain(e.stake),
        "picks": picks_text(e.picks),
        "received_at": iso(e.received_at),
        "late": e.late,
        "source": e.source,
    }


def insert_many(tx: Tx, slug: str, entries: Sequence[Entry]) -> None:
    """Store entries in one executemany (the caller's transaction makes it all or nothing)."""
    tx.insert_many(schema.entries, [_row(slug, e) for e in entries])


def replace(tx: Tx, slug: str, entry: Entry) -> None:
    tx.conn.execute(delete(schema.entries).where(E.serial == int(entry.serial)))
    tx.conn.execute(insert(schema.entries).values(**_row(slug, entry)))


def _entry(r) -> Entry:  # noqa: ANN001 - a row
    # Rows were validated on the way in: construct without validating again (grading reads 100,000s).
    return Entry.model_construct(
        serial=format_serial(r.serial),
        code=r.code,
        name=r.name,
        stake=Decimal(r.stake),
        picks=tuple(map(int, r.picks.split(","))) if r.picks else (),
        received_at=datetime.fromisoformat(r.received_at),
        late=bool(r.late),
        source=r.source,
        version=r.version,
    )


_COLUMNS = (E.serial, E.code, E.name, E.stake, E.picks, E.received_at, E.late, E.source, E.version)


def of(tx: Tx, slug: str) -> list[Entry]:
    """Every entry of a card (all versions), by serial."""
    rows = tx.conn.execute(select(*_COLUMNS).where(E.slug == slug).order_by(E.serial))
    return [_entry(r) for r in rows]


def for_grading(tx: Tx, slug: str) -> list[Ticket]:
    """Every entry of a card, by serial, as light `Ticket`s (grading reads 100,000s of them)."""
    rows = tx.stream(
        select(E.serial, E.version, E.name, E.stake, E.picks, E.late, E.received_at)
        .where(E.slug == slug)
        .order_by(E.serial)
    )
    # Stakes and times repeat (a few stake amounts; one time per imported sheet): parse each text once.
    stakes = _Parsed(Decimal)
    times = _Parsed(datetime.fromisoformat)
    return [
        Ticket(
            f"{r[0]:06d}", r[1], r[2], stakes[r[3]], tuple(map(int, r[4].split(","))), bool(r[5]), times[r[6]]
        )
        for r in rows
    ]


class _Parsed(dict):
    def __init__(self, parse: Callable[[str], Any]):
        super().__init__()
        self.parse = parse

    def __missing__(self, text: str) -> Any:
        value = self[text] = self.parse(text)
        return value


def get(tx: Tx, serial: int) -> tuple[str, Entry] | None:
    """(card slug, entry) for a serial, or None when it was never entered."""
    r = tx.conn.execute(select(E.slug, *_COLUMNS).where(E.serial == serial)).first()
    return (r.slug, _entry(r)) if r else None


def entered(tx: Tx, serials: Iterable[int]) -> dict[int, str]:
    """Which of `serials` are already entered, and on which card."""
    wanted = sorted(set(serials))
    found: dict[int, str] = {}
    for i in range(0, len(wanted), _CHUNK):
        chunk = wanted[i : i + _CHUNK]
        found.update(tx.conn.execute(select(E.serial, E.slug).where(E.serial.in_(chunk))).all())
    return found


def payments(tx: Tx, slug: str) -> dict[str, Payment]:
    rows = tx.conn.execute(
        select(E.serial, E.paid_amount, E.paid_at).where(E.slug == slug, E.paid_amount.is_not(None))
    )
    return {
        format_serial(r.serial): Payment(format_serial(r.serial), Decimal(r.paid_amount), r.paid_at)
        for r in rows
    }


def record_payment(tx: Tx, serial: int, total_paid: Decimal, at: datetime) -> None:
    tx.conn.execute(
        update(schema.entries)
        .where(E.serial == serial)
        .values(paid_amount=plain(total_paid), paid_at=iso(at))
    )


def printed_from(tx: Tx, serial: int) -> tuple[str, int] | None:
    """(card slug, version) of the print batch a serial came from, or None when it was never printed."""
    return batches.batch_for_serial(tx, serial)


def printed_ranges(tx: Tx, slug: str) -> list[tuple[int, int, int]]:
    """(first, last, version) of every print batch of a card, by first serial."""
    return sorted((b.first_serial, b.last_serial, b.version) for b in batches.of_card(tx, slug))


def count(tx: Tx, slug: str) -> int:
    """How many entries card `slug` has."""
    return int(
        tx.conn.execute(select(func.count()).select_from(schema.entries).where(E.slug == slug)).scalar() or 0
    )
