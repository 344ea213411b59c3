"""Settlements: the last grade of every entry, so that a re-grade can say what changed.

Keyed by serial (an int). Payouts are kept as text, `60.00`; legs as `101:win,104:loss,117:pending`,
in pick order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import NamedTuple

from sqlalchemy import delete, select

from ..core.bulk import Graded
from ..core.models import LegOutcome
from . import schema
from .db import Tx

S = schema.settlements.c
_CHUNK = 500


class Stored(NamedTuple):
    """A settlement as the last `grade` stored it."""

    version: int
    outcome: str
    effective_picks: int
    hits: int
    payout: str  # `60.00`
    legs: str  # `101:win,104:loss`

    @property
    def amount(self) -> Decimal:
        return Decimal(self.payout)

    def leg_list(self) -> list[tuple[int, LegOutcome]]:
        return [(int(n), LegOutcome(o)) for n, o in (p.split(":") for p in self.legs.split(","))] if self.legs else []


def stored(graded: Sequence[Graded]) -> dict[int, Stored]:
    """What `replace` stores for each graded entry, by serial."""
    texts: dict[int, dict[int, str]] = {}  # per card version's outcome table: number → `101:win`

    def legs(g: Graded) -> str:
        table = texts.get(id(g.outcomes))
        if table is None:
            table = texts[id(g.outcomes)] = {n: f"{n}:{o.value}" for n, o in g.outcomes.items()}
        return ",".join(map(table.__getitem__, g.entry.picks))

    return {int(g.entry.serial): Stored(g.entry.version, g.grade.outcome.value, g.grade.effective_picks,
                                        g.grade.hits, str(g.payout), legs(g)) for g in graded}


def of(tx: Tx, slug: str) -> dict[int, Stored]:
    rows = tx.stream(select(S.serial, S.version, S.outcome, S.effective_picks, S.hits, S.payout, S.legs)
                     .where(S.slug == slug))
    return {r[0]: Stored(r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows}


def replace(tx: Tx, slug: str, new: Mapping[int, Stored], before: Mapping[int, Stored]) -> int:
    """Make the card's stored settlements exactly `new`, writing only rows that differ. Returns rows written."""
    changed = [(serial, s) for serial, s in new.items() if before.get(serial) != s]
    gone = [serial for serial in before if serial not in new]
    stale = gone + [serial for serial, _ in changed if serial in before]
    for i in range(0, len(stale), _CHUNK):
        tx.conn.execute(delete(schema.settlements).where(S.serial.in_(stale[i:i + _CHUNK])))
    tx.insert_many(schema.settlements, [
        {"serial": serial, "slug": slug, "version": s.version, "outcome": s.outcome,
         "effective_picks": s.effective_picks, "hits": s.hits, "payout": s.payout, "legs": s.legs}
        for serial, s in changed])
    return len(changed) + len(gone)
