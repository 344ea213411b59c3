"""`templates`: the paper templates, shipped and the user's own — JSON and the terminal table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .table import Table, named, table_of

if TYPE_CHECKING:
    from ..layout.templates import Template


def templates_json(found: Sequence[Template]) -> list[dict[str, Any]]:
    """`templates --json`: the public shape."""
    return [
        {
            **named(t, "name", "description", "units"),
            "page": t.page.model_dump(),
            "cards": len(t.cards),
            "card_size": t.cards[0].model_dump(include={"width", "height"}),
            "offset": t.offset.model_dump(),
            "stub": t.stub.model_dump() if t.stub else None,
            "source": t.source,
        }
        for t in found
    ]


# The terminal's columns: each header and how its cell is written.
TEMPLATE_COLUMNS: tuple[tuple[str, Callable[[Template], str]], ...] = (
    ("Template", lambda t: t.name),
    ("Cards/sheet", lambda t: str(len(t.cards))),
    ("Card size", lambda t: f"{t.cards[0].width:g} × {t.cards[0].height:g} {t.units}"),
    ("Offset", lambda t: f"{t.offset.x:g}, {t.offset.y:g}"),
    ("Description", lambda t: t.description),
    ("From", lambda t: t.source),
)


def templates_table(found: Sequence[Template]) -> Table:
    """Each template: cards a sheet, a card's size, the printer offset, where it comes from."""
    return table_of(found, TEMPLATE_COLUMNS)
