"""`cards`: the pool's cards, latest version each — JSON and the terminal table, built here."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..core.text import plural, stamp
from .table import Table

if TYPE_CHECKING:
    from ..store.cards import CardSummary


def cards_json(rows: Sequence[CardSummary]) -> list[dict[str, Any]]:
    """`cards --json`: the public shape."""
    return [
        {
            "slug": r.slug,
            "version": r.version,
            "title": r.title,
            "games": r.games,
            "created_at": r.created_at,
            "printed_versions": list(r.printed_versions),
            "archived": r.archived,
        }
        for r in rows
    ]


def cards_table(rows: Sequence[CardSummary]) -> Table:
    """The cards as the terminal lists them, changed times in each card's zone."""
    return Table(
        ("Card", "Version", "Title", "Games", "Printed versions", "Changed (card's time zone)"),
        tuple(
            (
                r.slug + (" (archived)" if r.archived else ""),
                str(r.version),
                r.title,
                str(r.games),
                ", ".join(map(str, r.printed_versions)) or "-",
                stamp(datetime.fromisoformat(r.created_at), r.timezone, zone=True),
            )
            for r in rows
        ),
    )


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
