"""A card's history in words: the audit log's rows as events a person reads (pure: rows in, events out).

Every row keeps its action and detail as stored; `kind` groups actions the way an operator asks for
them (`history SLUG --kind payment`), and `describe` says in one line what happened.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any
from zoneinfo import ZoneInfo

from .money import dollars
from .text import brief, plural

# The kinds an operator filters by, in the order `--help` lists them.
KINDS: tuple[str, ...] = (
    "edit",
    "print",
    "reprint",
    "entry",
    "void",
    "payment",
    "scan",
    "review",
    "result",
    "grade",
    "archive",
    "other",
)

_KIND_OF: dict[str, str] = {
    "card.new": "edit",
    "card.version": "edit",
    "card.revert": "edit",
    "card.delete": "edit",
    "import": "edit",
    "edit": "edit",
    "print": "print",
    "print.proof": "print",
    "print.reprint": "reprint",
    "entry.add": "entry",
    "entry.replace": "entry",
    "entry.import": "entry",
    "pickem.new": "entry",
    "pickem.entry": "entry",
    "pickem.import": "entry",
    "entry.void": "void",
    "entry.pay": "payment",
    "entry.returned": "payment",
    "pickem.pay_fee": "payment",
    "pickem.pay_prize": "payment",
    "scan": "scan",
    "scan.reject": "review",
    "result.set": "result",
    "result.fetch": "result",
    "grade": "grade",
    "card.archive": "archive",
    "card.unarchive": "archive",
}

# Actions that store a card version themselves: the "card.version" row beside them says nothing more.
_SAVES_A_VERSION = {"card.new", "card.revert", "import", "edit"}


@dataclass(frozen=True)
class AuditRow:
    """One row of the audit log as stored (detail decoded from its JSON)."""

    id: int
    at: datetime
    actor: str
    action: str
    slug: str | None
    detail: Mapping[str, Any]


@dataclass(frozen=True)
class Event:
    """One thing that happened to a card: when (in the card's zone), who, what kind, and in words."""

    at: datetime
    actor: str
    action: str
    kind: str
    text: str
    detail: Mapping[str, Any]


def kind_of(row: AuditRow) -> str:
    """The kind of an audit row; a card entered from review (an accepted scan) is a review."""
    if row.action == "entry.add" and row.detail.get("review") is not None:
        return "review"
    return _KIND_OF.get(row.action, "other")


def events(rows: Iterable[AuditRow], tz: str, kinds: frozenset[str] = frozenset()) -> tuple[Event, ...]:
    """The rows as events, oldest first, times in zone `tz`; only `kinds` when some are given.

    A "card.version" row that an edit, import, revert or new card row of the same version explains is
    left out (it would say the same thing twice)."""
    rows = list(rows)
    explained = {(r.slug, r.detail.get("version")) for r in rows if r.action in _SAVES_A_VERSION}
    zone = ZoneInfo(tz)
    out = []
    reprints: dict[str, datetime] = {}  # serial → its last reprint so far: the copy a player then holds
    for r in sorted(rows, key=lambda r: r.id):
        if r.action == "print.reprint":
            reprints[_serial(r.detail.get("serial"))] = r.at
        if r.action == "card.version" and (r.slug, r.detail.get("version")) in explained:
            continue
        kind = kind_of(r)
        if kinds and kind not in kinds:
            continue
        out.append(
            Event(
                at=r.at.astimezone(zone),
                actor=r.actor,
                action=r.action,
                kind=kind,
                text=describe(r.action, r.detail) + _handed_in(r, zone) + _from_reprint(r, reprints, zone),
                detail=r.detail,
            )
        )
    return tuple(out)


def _from_reprint(row: AuditRow, reprints: dict[str, datetime], zone: ZoneInfo) -> str:
    """` (reprinted Sat Nov 21 14:05)` for a card entered after its card was reprinted: the copy handed in
    was printed then, not with its batch."""
    if row.action not in ("entry.add", "entry.replace"):
        return ""
    e = row.detail.get("new", row.detail) if row.action == "entry.replace" else row.detail
    at = reprints.get(_serial(e.get("serial")))
    return f" (reprinted {brief(at.astimezone(zone))})" if at else ""


def _handed_in(row: AuditRow, zone: ZoneInfo) -> str:
    """` (handed in Sat Nov 14 12:00)` for a card entered with a received time earlier than its entry
    (a `--received` or a Received cell), else nothing."""
    if row.action not in ("entry.add", "entry.replace"):
        return ""
    e = row.detail.get("new", row.detail) if row.action == "entry.replace" else row.detail
    try:
        received = datetime.fromisoformat(str(e.get("received_at")))
    except ValueError:
        return ""
    if received.tzinfo is None or row.at - received <= timedelta(minutes=1):
        return ""
    return f" (handed in {brief(received.astimezone(zone))})"


def _money(value: object) -> str:
    try:
        return dollars(Decimal(str(value)))
    except (InvalidOperation, ValueError):
        return str(value)


def _serial(value: object) -> str:
    return f"{int(value):06d}" if isinstance(value, int) else str(value)


def _n(count: object, word: str, many: str | None = None) -> str:
    """`3 cards` of an audit row's count (0 when it holds none)."""
    return plural(int(count) if isinstance(count, int | str) and str(count).isdigit() else 0, word, many)


def describe(action: str, d: Mapping[str, Any]) -> str:
    """One line saying what an audit row recorded."""
    say = _SAYS.get(action)
    if say is not None:
        return say(d)
    if action in ("entry.add", "entry.replace"):
        return _entered(action, d)
    return ", ".join(f"{k}={v}" for k, v in sorted(d.items()))


Detail = Mapping[str, Any]


def _edit(d: Detail) -> str:
    changes = d.get("changes") or []
    return f"version {d.get('version')}: " + (
        "; ".join(map(str, changes)) if changes else str(d.get("note") or "edited")
    )


def _import(d: Detail) -> str:
    undone = d.get("replaced") or []
    text = (
        f"version {d.get('version')} imported ({_n(d.get('games'), 'game')}) from "
        f"{d.get('source') or d.get('file') or 'a sheet'}"
    )
    return text + (": undid " + "; ".join(map(str, undone)) if undone else "")


def _printed(d: Detail) -> str:
    first, last = d.get("first"), d.get("last")
    count = last - first + 1 if isinstance(first, int) and isinstance(last, int) else "?"
    serials = f"serial {_serial(first)}" if first == last else f"serials {_serial(first)}–{_serial(last)}"
    return (
        f"printed {count} card{'' if count == 1 else 's'}, {serials}, "
        f"version {d.get('version')} on {d.get('template')} → {d.get('file')}"
    )


def _entered(action: str, d: Detail) -> str:
    e = d.get("new", d) if action == "entry.replace" else d
    picks = ", ".join(map(str, e.get("picks") or []))
    who = e.get("name") or "no name"
    verb = (
        "replaced"
        if action == "entry.replace"
        else ("accepted from review" if d.get("review") else "entered")
    )
    late = " (late)" if e.get("late") else ""
    return f"card {_serial(e.get('serial'))} {verb}: {who}, {_money(e.get('stake'))} on {picks}{late}"


def _graded(d: Detail) -> str:
    return (
        f"graded {_n(d.get('entries'), 'entry', 'entries')}: stakes {_money(d.get('stakes'))}, "
        f"payouts {_money(d.get('payouts'))}, {d.get('pending', 0)} pending"
    )


# What each kind of audit row says, by its action (entry.add and entry.replace in `_entered`).
_SAYS: dict[str, Callable[[Detail], str]] = {
    "edit": _edit,
    "import": _import,
    "card.new": lambda d: (
        f"card made (version {d.get('version')})"
        + (f", teased {d['teaser']} points" if d.get("teaser") else "")
    ),
    "card.version": lambda d: f"version {d.get('version')}: {d.get('note') or 'stored'}",
    "card.revert": lambda d: (
        f"version {d.get('version')}: reverted to version {d.get('to')}'s content (was version {d.get('was')})"
    ),
    "card.delete": lambda d: f"card deleted ({_n(d.get('versions'), 'version')})",
    "print": _printed,
    "print.proof": lambda d: f"proof of version {d.get('version')} on {d.get('template')} → {d.get('file')}",
    "print.reprint": lambda d: (
        f"reprinted card {d.get('serial')} (version {d.get('version')}) → {d.get('file')}"
    ),
    "entry.import": lambda d: (
        f"imported {d.get('file')}: {_n(d.get('stored'), 'card')} stored, {d.get('refused', 0)} refused"
    ),
    "entry.void": lambda d: (
        f"card {d.get('serial')} voided ({d.get('name') or 'no name'}, {_money(d.get('stake'))}): {d.get('reason')}"
    ),
    "entry.pay": lambda d: (
        f"card {d.get('serial')} paid {_money(d.get('amount'))} (paid in all {_money(d.get('total_paid'))} of "
        f"{_money(d.get('payout'))})"
    ),
    "entry.returned": lambda d: (
        f"card {_serial(d.get('serial'))}: {_money(d.get('amount'))} handed back"
        f"{' (paid to it by mistake)' if d.get('in_error') else ''} (paid in all now "
        f"{_money(d.get('total_paid'))} of {_money(d.get('payout'))})"
    ),
    "pickem.pay_fee": lambda d: (
        f"pick'em {d.get('pool')}: entry fee {_money(d.get('amount'))} taken from {d.get('name')}"
    ),
    "pickem.pay_prize": lambda d: (
        f"pick'em {d.get('pool')}: prize {_money(d.get('amount'))} paid to {d.get('name')}"
    ),
    "pickem.new": lambda d: f"pick'em pool {d.get('pool')} started on this card",
    "pickem.entry": lambda d: f"pick'em {d.get('pool')}: {d.get('name')} entered ({d.get('source')})",
    "pickem.import": lambda d: (
        f"pick'em {d.get('pool')}: imported {d.get('file')}, {d.get('stored')} stored, {d.get('refused')} refused"
    ),
    "scan": lambda d: (
        f"scanned {_n(d.get('pages'), 'page')}: {d.get('read')} read, {d.get('entered')} entered, "
        f"{d.get('review')} to review, {d.get('duplicates')} already entered"
    ),
    "scan.reject": lambda d: f"card {d.get('serial') or '(no serial)'} rejected in review: {d.get('reason')}",
    "result.set": lambda d: f"{d.get('label')}: {d.get('old') or 'no result'} → {d.get('new')}",
    "result.fetch": lambda d: (
        f"finals fetched from {', '.join(map(str, d.get('provider') or []))}: {_n(d.get('stored'), 'result')} stored"
    ),
    "grade": _graded,
    "card.archive": lambda d: "archived: out of the listings (`cards --all` shows it)",
    "card.unarchive": lambda d: "back in the listings",
}
