"""`cards`: the pool's cards, latest version each — JSON and the terminal table, built here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..core.text import plural, stamp
from .table import Table, named, table_of

if TYPE_CHECKING:
    from ..store.cards import CardSummary


def cards_json(rows: Sequence[CardSummary]) -> list[dict[str, Any]]:
    """`cards --json`: the public shape."""
    return [
        {
            **named(r, "slug", "version", "title", "games", "created_at"),
            "printed_versions": list(r.printed_versions),
            "archived": r.archived,
        }
        for r in rows
    ]


# The terminal's columns: each header and how its cell is written.
CARD_COLUMNS: tuple[tuple[str, Callable[[CardSummary], str]], ...] = (
    ("Card", lambda r: r.slug + (" (archived)" if r.archived else "")),
    ("Version", lambda r: str(r.version)),
    ("Title", lambda r: r.title),
    ("Games", lambda r: str(r.games)),
    ("Printed versions", lambda r: ", ".join(map(str, r.printed_versions)) or "-"),
    (
        "Changed (card's time zone)",
        lambda r: stamp(datetime.fromisoformat(r.created_at), r.timezone, zone=True),
    ),
)


def cards_table(rows: Sequence[CardSummary]) -> Table:
    """The cards as the terminal lists them, changed times in each card's zone."""
    return table_of(rows, CARD_COLUMNS)


def cards_notes(shown: int, hidden: int) -> str | None:
    """What to say beside the list: why it is empty, or how many archived cards it leaves out."""
    if not shown:
        return (
            f"No cards in the listings: {hidden} archived (see them with: parlaycards cards --all)."
            if hidden
            else "No cards yet. Start with: parlaycards import LINES.xlsx --card SLUG"
        )
    if hidden:
        return (
            f"{plural(hidden, 'archived card')} not listed "
            f"(see {'them' if hidden != 1 else 'it'} with: parlaycards cards --all)."
        )
    return None
