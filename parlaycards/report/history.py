"""`history`: what happened to a card, oldest first — JSON and the terminal table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.text import stamp
from .table import Table

if TYPE_CHECKING:
    from ..core.history import Event


def history_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    """`history --json`: the public shape."""
    return [
        {
            "at": e.at.isoformat(),
            "who": e.actor,
            "kind": e.kind,
            "action": e.action,
            "what": e.text,
            "detail": dict(e.detail),
        }
        for e in events
    ]


def history_table(slug: str, timezone: str, events: Sequence[Event]) -> Table:
    """The events as the terminal lists them, times in the card's zone (the events carry it)."""
    return Table(
        ("When", "Who", "Kind", "What happened"),
        tuple((stamp(e.at, zone=True), e.actor, e.kind, e.text) for e in events),
        title=f"History of {slug} (times in {timezone}), oldest first",
    )


def history_empty(slug: str, kinds: Sequence[str], total: int) -> str:
    """What to say when no event is listed."""
    if kinds:
        return f"Nothing of the kind {', '.join(kinds)} in the history of {slug} ({total} other events)."
    return f"No history recorded for {slug}."
