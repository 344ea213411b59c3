"""Voided entries: moved out of `entries` with their reason, kept for the history (0004_void).

A serial is void while it has a row here and none in `entries`; entering it again (only on purpose,
`entry add --replace`) puts it back in `entries` and leaves this row as history.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..core.models import Entry
from .common import chunks, iso
from .stored import remade

if TYPE_CHECKING:
    from .look import Rows
    from .tx import Tx

# The reads speak plain SQL through `rows` (a `look.Look` or a `Tx`): `entries` reads a SQLite pool
# without loading SQLAlchemy. The writes build their statements with SQLAlchemy.


@dataclass(frozen=True)
class Voided:
    slug: str
    entry: Entry  # as it was when voided
    reason: str
    at: datetime
    actor: str


def move(tx: Tx, slug: str, entry: Entry, reason: str, at: datetime) -> Voided:
    """Take `entry` out of `entries` (and its last grade out of `settlements`) into the void history."""
    from sqlalchemy import delete, insert

    from . import schema

    serial = int(entry.serial)
    tx.conn.execute(delete(schema.entries).where(schema.entries.c.serial == serial))
    tx.conn.execute(delete(schema.settlements).where(schema.settlements.c.serial == serial))
    tx.conn.execute(
        insert(schema.voided_entries).values(
            slug=slug,
            serial=int(entry.serial),
            version=entry.version,
            entry=entry.model_dump_json(),
            reason=reason,
            voided_at=iso(at),
            actor=tx.actor,
        )
    )
    return Voided(slug, entry, reason, at, tx.actor)


def _voided(r: Any) -> Voided:  # a row of SQLAlchemy's
    return Voided(r.slug, _entry(r.entry), r.reason, datetime.fromisoformat(r.voided_at), r.actor)


def _entry(stored: str) -> Entry:
    """The entry as it was when voided (validated when it was entered)."""
    return remade(Entry, json.loads(stored))


def of(tx: Rows, slug: str) -> list[Voided]:
    """The card's entries that are void now (voided and not entered again), by serial."""
    rows = tx.rows(
        "SELECT slug, serial, entry, reason, voided_at, actor FROM voided_entries WHERE slug = :slug "
        "AND serial NOT IN (SELECT serial FROM entries) ORDER BY serial, id",
        slug=slug,
    )
    last: dict[int, Voided] = {}
    for slug_, serial, entry, reason, at, actor in rows:
        # the latest void of a serial voided, re-entered and voided again
        last[serial] = Voided(slug_, _entry(entry), reason, datetime.fromisoformat(at), actor)
    return list(last.values())


def void_now(tx: Tx, serials: Iterable[int]) -> dict[int, Voided]:
    """Which of `serials` are void now (voided, not entered again), with their last void."""
    from sqlalchemy import select

    from . import schema

    V = schema.voided_entries.c
    found: dict[int, Voided] = {}
    for chunk in chunks(serials):
        rows = tx.conn.execute(
            select(V.slug, V.serial, V.entry, V.reason, V.voided_at, V.actor)
            .where(V.serial.in_(chunk), V.serial.not_in(select(schema.entries.c.serial)))
            .order_by(V.id)
        )
        for r in rows:
            found[r.serial] = _voided(r)
    return found


def void_on(tx: Tx, slug: str, serial: int) -> Voided | None:
    """The void of `serial` on card `slug` now; None when it is not void there (never voided, entered
    again, or voided on another card)."""
    gone = void_now(tx, [serial]).get(serial)
    return gone if gone is not None and gone.slug == slug else None
