"""Settling many entries at once: every selection graded once, each entry a sum and two table reads.

Agrees exactly with `settle.settle_entry` (tests/test_settle.py checks it on random cards). How:
each selection of a card version gets a small integer weight that packs what it adds to the card
once the ties rule is applied — one leg to n', one hit to k, a loss, a pending game — so an entry's
whole state is `sum(weight[p] for p in picks)`. That sum names a `Grade` (outcome, n', k, tier),
computed once per distinct sum, and the amount handed back is kept per (grade, stake), rounded once by
`settle.settle_card`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from itertools import repeat
from operator import itemgetter
from typing import NamedTuple, Protocol

from .memo import Memo
from .models import Card, Leg, LegOutcome, Outcome, Result, Rules, Settlement
from .money import ZERO
from .payout_table import PayoutTier
from .settle import cannot_win, grade_selections, settle_card

# Bit fields of a packed sum; 63 legs at most per field, far above any card's 30.
_N, _K, _LOST, _PENDING = 1, 1 << 6, 1 << 12, 1 << 18
_FIELDS = (1 << 24) - 1


@dataclass(frozen=True, slots=True)
class Grade:
    """What a card with a given (n', k, any loss, any pending) comes to, stake aside."""

    outcome: Outcome
    effective_picks: int
    hits: int
    tier: PayoutTier | None


def weight(outcome: LegOutcome, rules: Rules) -> int:
    """What one leg adds to the packed sum, after the ties rule (§2 steps 2–3)."""
    if outcome is LegOutcome.PENDING:
        return _PENDING
    if outcome is LegOutcome.VOID:
        return 0
    if outcome is LegOutcome.PUSH:
        if rules.ties == "reduce":
            return 0
        outcome = LegOutcome.WIN if rules.ties == "win" else LegOutcome.LOSS
    return _N + (_K if outcome is LegOutcome.WIN else _LOST)


def _grade(packed: int, card: Card) -> Grade:
    n, k = packed & 63, (packed >> 6) & 63
    lost, pending = (packed >> 12) & 63 > 0, (packed >> 18) & 63
    if pending and not cannot_win(n, k, lost, pending, card.payouts):
        return Grade(Outcome.PENDING, n, k, None)
    outcome, tier, _ = settle_card(Decimal(1), n, k, lost, card.rules, card.payouts)
    return Grade(outcome, n, k, tier)


def _amount(grade: Grade, stake: Decimal, card: Card) -> Decimal:
    if grade.outcome is Outcome.PENDING or grade.outcome is Outcome.LOSS:
        return ZERO
    # A win is decided by its tier alone and a refund has no loss: `lost` is False for both.
    return settle_card(stake, grade.effective_picks, grade.hits, False, card.rules, card.payouts)[2]


@dataclass(frozen=True, slots=True)
class Settled:
    """Bulk settlement of entries on one card version: `grades[i]` and `amounts[i]` for entry i."""

    grades: list[Grade]
    amounts: list[Decimal]

    def __iter__(self) -> Iterator[tuple[Grade, Decimal]]:
        return zip(self.grades, self.amounts, strict=True)


def settle_many(
    card: Card, outcomes: Mapping[int, LegOutcome], entries: Iterable[tuple[Decimal, Sequence[int]]]
) -> Settled:
    """The grade and the amount handed back of each (stake, picks), in order, on one card version.

    `outcomes` is every selection of `card` graded once (`settle.grade_selections`). Raises
    ValueError for a pick that is not on the card. The stake rides in the same sum as the picks
    (its index above bit 24), so an entry costs one `sum` and two C-level table reads.
    """
    weights = {number: weight(o, card.rules) for number, o in outcomes.items()}
    entries = entries if isinstance(entries, Sequence) else list(entries)
    stakes = list(dict.fromkeys(map(itemgetter(0), entries)))
    ids = {stake: i << 24 for i, stake in enumerate(stakes)}
    by_packed: Memo[int, Grade] = Memo(lambda packed: _grade(packed, card))
    grade_of: Memo[int, Grade] = Memo(lambda key: by_packed[key & _FIELDS])
    amount_of: Memo[int, Decimal] = Memo(lambda key: _amount(grade_of[key], stakes[key >> 24], card))
    get = weights.__getitem__
    try:
        keys = [sum(map(get, picks), ids[stake]) for stake, picks in entries]
    except KeyError:
        bad = next(p for _, picks in entries for p in picks if p not in weights)
        raise ValueError(f"pick {bad} is not on {card.slug} v{card.version}") from None
    return Settled(
        grades=list(map(grade_of.__getitem__, keys)), amounts=list(map(amount_of.__getitem__, keys))
    )


def legs(picks: Sequence[int], outcomes: Mapping[int, LegOutcome]) -> tuple[Leg, ...]:
    return tuple(Leg(number=p, outcome=outcomes[p]) for p in picks)


def settlement(
    serial: str,
    stake: Decimal,
    picks: Sequence[int],
    grade: Grade,
    amount: Decimal,
    outcomes: Mapping[int, LegOutcome],
) -> Settlement:
    """The full `Settlement` model of one bulk-settled entry (for tests and single-entry views)."""
    return Settlement(
        serial=serial,
        stake=stake,
        legs=legs(picks, outcomes),
        effective_picks=grade.effective_picks,
        hits=grade.hits,
        tier=grade.tier,
        outcome=grade.outcome,
        payout=amount,
    )


class Ticket(NamedTuple):
    """An entry as grading reads it back from the store (validated when it was entered): light and immutable.

    It has `Entry`'s field names, so either can be graded and reported.
    """

    serial: str
    version: int
    name: str
    stake: Decimal
    picks: tuple[int, ...]
    late: bool
    received_at: datetime


class EntryLike(Protocol):
    @property
    def serial(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def stake(self) -> Decimal: ...
    @property
    def picks(self) -> tuple[int, ...]: ...
    @property
    def late(self) -> bool: ...
    @property
    def received_at(self) -> datetime: ...


class Graded(NamedTuple):
    """One entry settled: its grade, what it hands back, and its card version's selection outcomes."""

    entry: EntryLike
    grade: Grade
    payout: Decimal
    outcomes: Mapping[int, LegOutcome]  # every selection of the entry's card version, graded

    @property
    def outcome(self) -> Outcome:
        return self.grade.outcome

    @property
    def legs(self) -> tuple[LegOutcome, ...]:
        """Each pick's outcome, in pick order."""
        return tuple(map(self.outcomes.__getitem__, self.entry.picks))


def grade_entries(
    cards: Mapping[int, Card], entries: Sequence[EntryLike], results: Mapping[int, Result]
) -> list[Graded]:
    """Settle every entry with the card version it was printed from (`cards` by version), in order.

    Results are shared by game key across versions. Each version's selections are graded once.
    """
    versions = {e.version for e in entries}
    groups = (
        {v: [e for e in entries if e.version == v] for v in versions}
        if len(versions) > 1
        else {v: list(entries) for v in versions}
    )
    graded: dict[int, Iterator[Graded]] = {}
    for version, chosen in groups.items():
        card = cards[version]
        outcomes = grade_selections(card, results)
        settled = settle_many(card, outcomes, [(e.stake, e.picks) for e in chosen])
        graded[version] = map(Graded, chosen, settled.grades, settled.amounts, repeat(outcomes))
    if len(graded) == 1:
        return list(next(iter(graded.values())))
    return [next(graded[e.version]) for e in entries]
