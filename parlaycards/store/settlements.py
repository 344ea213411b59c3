"""Settlements: the last grade of every entry, so that a re-grade can say what changed.

Legs are kept as text, `101:win,104:loss,117:pending`, in pick order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import delete, insert, select

from ..core.bulk import Graded
from ..core.verify import format_serial
from . import schema
from .db import Tx

S = schema.settlements.c
_CHUNK = 500


@dataclass(frozen=True)
class Stored:
    """A settlement as the last `grade` stored it."""

    serial: str
    version: int
    outcome: str
    effective_picks: int
    hits: int
    payout: Decimal
    legs: str

    def key(self) -> tuple:
        return (self.version, self.outcome, self.effective_picks, self.hits, self.payout, self.legs)


def legs_text(g: Graded) -> str:
    return ",".join(f"{n}:{o.value}" for n, o in zip(g.entry.picks, g.legs, strict=True))


def stored(g: Graded) -> Stored:
    """What `replace` would store for `g`."""
    return Stored(g.entry.serial, g.entry.version, g.grade.outcome.value, g.grade.effective_picks,
                  g.grade.hits, g.payout, legs_text(g))


def of(tx: Tx, slug: str) -> dict[str, Stored]:
    rows = tx.conn.execute(select(S.serial, S.version, S.outcome, S.effective_picks, S.hits, S.payout, S.legs)
                           .where(S.slug == slug))
    return {format_serial(r.serial): Stored(format_serial(r.serial), r.version, r.outcome, r.effective_picks,
                                            r.hits, Decimal(r.payout), r.legs) for r in rows}


def replace(tx: Tx, slug: str, new: Sequence[Stored], before: dict[str, Stored]) -> int:
    """Make the card's stored settlements exactly `new`, writing only rows that differ. Returns rows written."""
    keep = {s.serial for s in new}
    changed = [s for s in new if s.serial not in before or before[s.serial].key() != s.key()]
    gone = [int(serial) for serial in before if serial not in keep]
    stale = gone + [int(s.serial) for s in changed if s.serial in before]
    for i in range(0, len(stale), _CHUNK):
        tx.conn.execute(delete(schema.settlements).where(S.serial.in_(stale[i:i + _CHUNK])))
    if changed:
        tx.conn.execute(insert(schema.settlements), [
            {"serial": int(s.serial), "slug": slug, "version": s.version, "outcome": s.outcome,
             "effective_picks": s.effective_picks, "hits": s.hits, "payout": str(s.payout), "legs": s.legs}
            for s in changed])
    return len(changed) + len(gone)
