"""Settlements: the last grade of every entry, so that a re-grade can say what changed.

Keyed by serial (an int). Payouts are kept as text, `60.00`; legs as `101:win,104:loss,117:pending`,
in pick order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.memo import Memo
from ..core.models import LegOutcome
from .common import chunks

if TYPE_CHECKING:
    from ..core.bulk import Graded
    from .look import Rows
    from .tx import Tx

# The reads speak plain SQL through `rows` (a `look.Look` or a `Tx`): `entries` reads a SQLite pool
# without loading SQLAlchemy. The writes build their statements with SQLAlchemy.
_STORED = (
    "SELECT serial, version, outcome, effective_picks, hits, payout, legs FROM settlements WHERE slug = :slug"
)
_COLUMNS = (
    "serial",
    "slug",
    "version",
    "outcome",
    "effective_picks",
    "hits",
    "payout",
    "legs",
)  # Stored's order


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
        return (
            [(int(n), LegOutcome(o)) for n, o in (p.split(":") for p in self.legs.split(","))]
            if self.legs
            else []
        )


def stored(graded: Sequence[Graded]) -> Mapping[int, Stored]:
    """What `replace` stores for each graded entry, by serial: made when asked, never all at once (a
    million entries' settlement rows would hold a quarter of a gigabyte)."""
    return Settled(graded)


class Settled(Mapping[int, Stored]):
    """The settlements of graded entries, by serial, each made from its entry when read."""

    def __init__(self, graded: Sequence[Graded]):
        self._graded = graded
        self._at: dict[int, int] | None = None  # serial → position, made only when looked up by serial
        self._texts: dict[int, dict[int, str]] = {}  # per card version's outcome table: number → `101:win`
        self._pays = Memo(str)  # a few distinct amounts: one text each, shared

    def make(self, g: Graded) -> Stored:
        table = self._texts.get(id(g.outcomes))
        if table is None:
            table = self._texts[id(g.outcomes)] = {n: f"{n}:{o.value}" for n, o in g.outcomes.items()}
        return Stored(
            g.entry.version,
            g.grade.outcome.value,
            g.grade.effective_picks,
            g.grade.hits,
            self._pays[g.payout],
            ",".join(map(table.__getitem__, g.entry.picks)),
        )

    def _index(self) -> dict[int, int]:
        if self._at is None:
            self._at = {int(g.entry.serial): i for i, g in enumerate(self._graded)}
        return self._at

    def __getitem__(self, serial: int) -> Stored:
        return self.make(self._graded[self._index()[serial]])

    def __contains__(self, serial: object) -> bool:
        return serial in self._index()

    def __iter__(self) -> Iterator[int]:
        return (int(g.entry.serial) for g in self._graded)

    def __len__(self) -> int:
        return len(self._graded)

    def pairs(self) -> Iterator[tuple[int, Stored]]:
        """(serial, settlement) of every entry, in grading order, one at a time."""
        make = self.make
        return ((int(g.entry.serial), make(g)) for g in self._graded)


def of(tx: Rows, slug: str) -> dict[int, Stored]:
    rows = tx.rows(_STORED, slug=slug)
    # outcomes and amounts repeat: keep one copy of each text
    shared: Memo[str, str] = Memo(lambda text: text)
    return {r[0]: Stored(r[1], shared[r[2]], r[3], r[4], shared[r[5]], r[6]) for r in rows}


class Seen:
    """A stored settlement as a re-grade compares it: outcome and amount as text, the rest (version,
    n', k, legs) as one number — a million of them fit in a third of the memory of `Stored`s."""

    __slots__ = ("outcome", "payout", "_rest")

    def __init__(self, outcome: str, payout: str, rest: int):
        self.outcome, self.payout, self._rest = outcome, payout, rest

    @property
    def amount(self) -> Decimal:
        return Decimal(self.payout)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Stored):
            return (
                self.outcome == other.outcome
                and self.payout == other.payout
                and self._rest == hash((other.version, other.effective_picks, other.hits, other.legs))
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


def seen(tx: Rows, slug: str) -> dict[int, Seen]:
    """The card's stored settlements, by serial, as a re-grade compares them."""
    rows = tx.rows(_STORED, slug=slug)
    shared: Memo[str, str] = Memo(lambda text: text)
    return {r[0]: Seen(shared[r[2]], shared[r[5]], hash((r[1], r[3], r[4], r[6]))) for r in rows}


def replace(
    tx: Tx, slug: str, new: Mapping[int, Stored], before: Mapping[int, Stored] | Mapping[int, Seen]
) -> int:
    """Make the card's stored settlements exactly `new`, writing only rows that differ. Returns rows written.

    A first grade streams every row to the database; a re-grade finds the rows that differ in one
    pass (serials only), then writes just those."""
    from sqlalchemy import delete

    from . import schema

    S = schema.settlements.c
    pairs = new.pairs() if isinstance(new, Settled) else iter(new.items())
    if not before:
        rows = [0]

        def counted() -> Iterator[tuple[Any, ...]]:
            for serial, s in pairs:
                rows[0] += 1
                yield (serial, slug, *s)

        tx.insert_rows(schema.settlements, _COLUMNS, counted())
        return rows[0]
    changed = [serial for serial, s in pairs if before.get(serial) != s]
    gone = [serial for serial in before if serial not in new]
    stale = gone + [serial for serial in changed if serial in before]
    for chunk in chunks(stale, distinct=False):
        tx.conn.execute(delete(schema.settlements).where(S.serial.in_(chunk)))
    tx.insert_rows(schema.settlements, _COLUMNS, ((serial, slug, *new[serial]) for serial in changed))
    return len(changed) + len(gone)
