"""Entries: one row per card handed in, bound to the card version its serial was printed from.

Picks are stored sorted as `101,104,117`; money as text (`5.00`), never a float. Rows become
`Entry` models here; payments are read apart (`payments`), since they are not part of the entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.memo import Memo
from ..core.models import Entry
from ..core.text import plain
from ..core.verify import format_serial
from . import pay_ledger
from .common import chunks, iso

if TYPE_CHECKING:
    from ..core.bulk import Ticket  # grading's (with settlement and the leagues table): loaded by grading
    from .look import Rows
    from .tx import Tx

# The reads speak plain SQL through `rows` (a `look.Look` or a `Tx`): `entries` reads a SQLite pool
# without loading SQLAlchemy. The writes build their statements with SQLAlchemy.


@dataclass(frozen=True)
class Payment:
    serial: str
    amount: Decimal
    at: str  # ISO time of the last payment
    restored: bool = False  # known from the ledger beside the pool only: a backup was put back since


def picks_text(picks: Iterable[int]) -> str:
    return ",".join(map(str, sorted(picks)))


def _row(slug: str, e: Entry) -> dict[str, Any]:
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
    from . import schema

    tx.insert_many(schema.entries, [_row(slug, e) for e in entries])


def replace(tx: Tx, slug: str, entry: Entry) -> None:
    from sqlalchemy import delete, insert

    from . import schema

    E = schema.entries.c
    tx.conn.execute(delete(schema.entries).where(E.serial == int(entry.serial)))
    tx.conn.execute(insert(schema.entries).values(**_row(slug, entry)))


def _entry(r: tuple[Any, ...]) -> Entry:
    """An entry from a row of `_COLUMNS`."""
    serial, code, name, stake, picks, received_at, late, source, version = r
    # Rows were validated on the way in: construct without validating again (grading reads 100,000s).
    return Entry.model_construct(
        serial=format_serial(serial),
        code=code,
        name=name,
        stake=Decimal(stake),
        picks=tuple(map(int, picks.split(","))) if picks else (),
        received_at=datetime.fromisoformat(received_at),
        late=bool(late),
        source=source,
        version=version,
    )


_COLUMNS = "serial, code, name, stake, picks, received_at, late, source, version"


def of(tx: Rows, slug: str) -> list[Entry]:
    """Every entry of a card (all versions), by serial."""
    rows = tx.rows(f"SELECT {_COLUMNS} FROM entries WHERE slug = :slug ORDER BY serial", slug=slug)
    return [_entry(r) for r in rows]


def for_grading(tx: Rows, slug: str) -> list[Ticket]:
    """Every entry of a card, by serial, as light `Ticket`s (grading reads 100,000s of them)."""
    from ..core.bulk import Ticket

    rows = tx.rows(
        "SELECT serial, version, name, stake, picks, late, received_at FROM entries WHERE slug = :slug "
        "ORDER BY serial",
        slug=slug,
    )
    # Stakes and times repeat (a few stake amounts; one time per imported sheet): parse each text once.
    stakes = Memo(Decimal)
    times = Memo(datetime.fromisoformat)
    return [
        Ticket(
            f"{r[0]:06d}", r[1], r[2], stakes[r[3]], tuple(map(int, r[4].split(","))), bool(r[5]), times[r[6]]
        )
        for r in rows
    ]


def get(tx: Rows, serial: int) -> tuple[str, Entry] | None:
    """(card slug, entry) for a serial, or None when it was never entered."""
    r = next(tx.rows(f"SELECT slug, {_COLUMNS} FROM entries WHERE serial = :serial", serial=serial), None)
    return (r[0], _entry(r[1:])) if r else None


def entered(tx: Tx, serials: Iterable[int]) -> dict[int, str]:
    """Which of `serials` are already entered, and on which card."""
    from sqlalchemy import select

    from . import schema

    E = schema.entries.c
    found: dict[int, str] = {}
    for chunk in chunks(serials):
        found.update(tx.conn.execute(select(E.serial, E.slug).where(E.serial.in_(chunk))).all())
    return found


def payments(tx: Rows, slug: str) -> dict[str, Payment]:
    """Serial → what card `slug`'s entries were paid in all: the database's record, or the ledger beside a
    SQLite pool where its line is newer (a payment made after the backup that was put back over the pool)."""
    rows = tx.rows(
        "SELECT serial, paid_amount, paid_at FROM entries WHERE slug = :slug AND paid_amount IS NOT NULL",
        slug=slug,
    )
    out = {
        format_serial(serial): Payment(format_serial(serial), Decimal(paid), at) for serial, paid, at in rows
    }
    last = {line.key: line for line in _ledger(tx) if line.kind == "card" and line.pool == slug}
    for key, line in last.items():
        known = out.get(key)
        if known is None or line.at > known.at:
            out[key] = Payment(key, line.amount, line.at, restored=True)
    return {s: p for s, p in out.items() if p.amount or not p.restored}


def _ledger(tx: Rows) -> list[pay_ledger.Line]:
    """The lines of the ledger beside the pool `tx` reads (none for a read that names no pool file)."""
    mark: Path | None = getattr(tx, "mark", None)
    if mark is None:
        return []
    secret: bytes = getattr(tx, "secret", b"")
    return pay_ledger.read(pay_ledger.ledger_file(mark), secret)


def record_payment(tx: Tx, serial: int, total_paid: Decimal, at: datetime, slug: str = "") -> None:
    from sqlalchemy import update

    from . import schema

    E = schema.entries.c
    tx.conn.execute(
        update(schema.entries)
        .where(E.serial == serial)
        .values(paid_amount=plain(total_paid), paid_at=iso(at))
    )
    line = pay_ledger.Line("card", slug, format_serial(serial), total_paid, iso(at))
    path, secret = pay_ledger.ledger_file(tx.mark), tx.secret
    tx.write_beside(
        path,
        pay_ledger.WHAT,
        lambda: pay_ledger.append(path, secret, line),
        ready=lambda: pay_ledger.check_writable(path),
    )


def printed_from(tx: Tx, serial: int) -> tuple[str, int] | None:
    """(card slug, version) of the print batch a serial came from, or None when it was never printed."""
    from . import batches

    return batches.batch_for_serial(tx, serial)


def printed_ranges(tx: Tx, slug: str) -> list[tuple[int, int, int]]:
    """(first, last, version) of every print batch of a card, by first serial."""
    from . import batches

    return sorted((b.first_serial, b.last_serial, b.version) for b in batches.of_card(tx, slug))


def versions(tx: Rows, slug: str) -> tuple[int, ...]:
    """The card versions entries were taken on."""
    rows = tx.rows("SELECT DISTINCT version FROM entries WHERE slug = :slug ORDER BY version", slug=slug)
    return tuple(r[0] for r in rows)


def count(tx: Rows, slug: str) -> int:
    """How many entries card `slug` has."""
    return int(next(tx.rows("SELECT count(*) FROM entries WHERE slug = :slug", slug=slug))[0] or 0)
