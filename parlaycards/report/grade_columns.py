"""The grade report's entry (and void entry) columns, named once: each writer (terminal, PDF, xlsx, CSV) lists the columns it
shows by key, and takes each column's header and value from here; only how a kind of value is written (money
as `$5.00`, `5.00` or a number cell; a flag as `late` or `yes`; a time in the card's zone) is the writer's.

A writer that words a header its own way says so where it lists its columns (`("status", "Paid")`), so
every header that differs between the outputs is visible in one call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from .grade import EntryRow, Report

if TYPE_CHECKING:
    from ..store.voids import Voided

Kind = Literal["text", "money", "flag", "time"]
R = TypeVar("R")


@dataclass(frozen=True)
class Column(Generic[R]):
    key: str
    header: str
    value: Callable[[R], object]
    kind: Kind = "text"


COLUMNS: dict[str, Column[EntryRow]] = {
    c.key: c
    for c in (
        Column("serial", "Serial", attrgetter("serial")),
        Column("card", "Card", lambda r: f"v{r.version}"),  # listed only when versions differ: `shown`
        Column("version", "Version", attrgetter("version")),
        Column("name", "Name", attrgetter("name")),
        Column("stake", "Stake", attrgetter("stake"), "money"),
        Column("picks", "Picks", lambda r: " ".join(map(str, r.picks))),
        Column("legs", "Picks", lambda r: tuple(zip(r.picks, r.legs, strict=True))),  # each pick marked
        Column("count", "Picks", lambda r: len(r.picks)),
        Column("outcome", "Outcome", lambda r: r.outcome.value),
        Column("hits", "Hits", attrgetter("hits")),
        Column("hits_of", "Hits", lambda r: f"{r.hits} of {r.effective_picks}"),
        Column("counted", "Picks counted", attrgetter("effective_picks")),
        Column("tier", "Tier", lambda r: r.tier or ""),
        Column("tier_or_outcome", "Tier", lambda r: r.tier or r.outcome.value),
        Column("payout", "Payout", attrgetter("payout"), "money"),
        Column("paid", "Paid", attrgetter("paid"), "money"),
        Column("owed", "Owed", attrgetter("owed"), "money"),
        Column("overpaid", "Owed back", attrgetter("overpaid"), "money"),
        Column("status", "Status", attrgetter("paid_status")),
        Column("late", "Late", attrgetter("late"), "flag"),
        Column("received", "Received", attrgetter("received_at"), "time"),
    )
}

# A voided entry: listed with its reason, never graded, no stake counted.
VOID_COLUMNS: dict[str, Column[Voided]] = {
    c.key: c
    for c in (
        Column("serial", "Serial", attrgetter("entry.serial")),
        Column("version", "Version", attrgetter("entry.version")),
        Column("name", "Name", attrgetter("entry.name")),
        Column("stake", "Stake", attrgetter("entry.stake"), "money"),
        Column("picks", "Picks", lambda v: " ".join(map(str, v.entry.picks))),
        Column("picks_listed", "Picks", lambda v: ", ".join(map(str, v.entry.picks))),
        Column("voided", "Voided", attrgetter("at"), "time"),
        Column("reason", "Reason", attrgetter("reason")),
    )
}

# What each writer lists. A key with a header beside it is worded that way by that writer.
Listed = Sequence[str | tuple[str, str]]
WINNERS_TERMINAL: Listed = (
    *("serial", "card", "name", "stake", "hits_of", "tier_or_outcome", "payout"),
    ("status", "Paid"),
)
WINNERS_PDF: Listed = ("serial", "card", "name", "hits_of", "tier_or_outcome", "payout", ("status", "Paid"))
WINNERS_XLSX: Listed = (
    *("serial", "name", "stake", "count", "hits", "tier", "outcome"),
    *("payout", "paid", "owed", "status", "late"),
)
# Cards paid more than they now pay: the operator's list (terminal, xlsx), never the wall's.
OWED_BACK: Listed = ("serial", "card", "name", "outcome", "payout", "paid", "overpaid")
ENTRIES_TERMINAL: Listed = ("serial", "card", "name", "stake", "legs", "outcome", "payout")
ENTRIES_PDF: Listed = ("serial", "card", "name", "legs", "outcome", "payout")
ENTRIES_XLSX_HEAD: Listed = ("serial", "version", "name", "stake")  # then a column a pick
# then Received (in the card's zone)
ENTRIES_XLSX_TAIL: Listed = ("outcome", "counted", "hits", "payout", "paid", "status", "late")
VOID_TERMINAL: Listed = ("serial", "name", "stake", "picks", "voided", "reason")
VOID_PDF: Listed = ("serial", "name", "picks_listed", "reason")
VOID_XLSX: Listed = ("serial", "version", "name", "stake", "picks_listed")  # then Voided (zone), Reason
ENTRIES_CSV: Listed = (
    *("serial", "version", "name", "stake", "picks", "outcome", "hits", "counted", "tier", "payout", "paid"),
    *(("status", "Paid status"), "late", "received"),
)


def shown(report: Report, listed: Listed) -> tuple[Column[EntryRow], ...]:
    """The entry columns `listed`, each under its writer's header; `card` only when cards of more than one
    version were played (each card is then read at its own version's line)."""
    versions = len(report.played) > 1
    return _picked([x for x in listed if versions or x != "card"], COLUMNS)


def void_shown(listed: Listed) -> tuple[Column[Voided], ...]:
    """The void entry columns `listed`, each under its writer's header."""
    return _picked(listed, VOID_COLUMNS)


def _picked(listed: Listed, columns: Mapping[str, Column[R]]) -> tuple[Column[R], ...]:
    out = []
    for item in listed:
        key, header = item if isinstance(item, tuple) else (item, None)
        c = columns[key]
        out.append(c if header is None else Column(c.key, header, c.value, c.kind))
    return tuple(out)


def headers(columns: Sequence[Column[Any]]) -> tuple[str, ...]:
    return tuple(c.header for c in columns)


@dataclass(frozen=True)
class Writes:
    """How a writer writes each kind of value (text and counts as they are, unless `text` says otherwise)."""

    money: Callable[[Decimal], object]
    flag: Callable[[bool], object]
    time: Callable[[datetime], object] = str
    text: Callable[[object], object] | None = None  # None: as they are


def _drawn(c: Column[R], writes: Writes) -> Callable[[R], object]:
    """Column `c`'s value of a row, written as its kind is by `writes`."""
    value = c.value
    kinds: dict[str, Callable[[Any], object] | None] = {
        "money": writes.money,
        "flag": writes.flag,
        "time": writes.time,
    }
    how = kinds.get(c.kind, writes.text)
    if how is None:
        return value  # text and counts as they are: no call of ours between
    written = how
    return lambda r: written(value(r))


def drawer(
    columns: Sequence[Column[R]], writes: Writes, **own: Callable[[R], object]
) -> Callable[[R], list[object]]:
    """A row's cells in `columns`, each written as its kind is by `writes`; `own` (key → how) for a column a
    writer draws its own way from the row (a name fitted to its cell, picks marked with the writer's signs).
    Made once per table: a row is then one call a column (100,000 entries are written)."""
    fns = [own.get(c.key) or _drawn(c, writes) for c in columns]
    return lambda r: [f(r) for f in fns]


def text_drawer(
    columns: Sequence[Column[R]], writes: Writes, **own: Callable[[R], object]
) -> Callable[[R], tuple[str, ...]]:
    """`drawer` as text, for the terminal's tables."""
    draw = drawer(columns, writes, **own)
    return lambda r: tuple(map(str, draw(r)))
