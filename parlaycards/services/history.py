"""A card's history: who did what and when, from the audit log (read only)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import ParlayError, option
from ..core.history import KINDS, Event, events
from ..store import Store
from ..store import audit as audit_rows
from ..store import cards as card_rows

DEFAULT_ZONE = "America/New_York"


@dataclass(frozen=True)
class History:
    slug: str
    timezone: str  # the card's: every time is shown in it
    events: tuple[Event, ...]
    total: int  # events of every kind (before the filter)


def history(store: Store, slug: str, kinds: tuple[str, ...] = ()) -> History:
    """Every audit event of card `slug`, oldest first, in the card's zone; only `kinds` when given.

    A deleted card's history is still shown (the audit log keeps it)."""
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        raise ParlayError(
            f"{option('kind')} {', '.join(repr(k) for k in unknown)} is not a kind of event. "
            f"Accepted: {', '.join(KINDS)}."
        )
    with store.reading() as tx:
        rows = audit_rows.of_card(tx, slug)
        if card_rows.exists(tx, slug):
            tz = card_rows.latest(tx, slug).timezone
        elif rows:
            deleted = [r for r in rows if r.action == "card.delete"]
            last = deleted[-1].detail.get("last_version") if deleted else None
            tz = (last or {}).get("timezone") or DEFAULT_ZONE
        else:
            card_rows.latest(tx, slug)  # says there is no such card, naming the pool's cards
            tz = DEFAULT_ZONE
    every = events(rows, tz)
    wanted = frozenset(kinds)
    return History(slug, tz, tuple(e for e in every if not wanted or e.kind in wanted), len(every))
