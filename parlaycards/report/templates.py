"""`templates`: the paper templates, shipped and the user's own — JSON and the terminal table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .table import Table

if TYPE_CHECKING:
    from ..layout.templates import Template


def templates_json(found: Sequence[Template]) -> list[dict[str, Any]]:
    """`templates --json`: the public shape."""
    return [
        {
            "name": t.name,
            "description": t.description,
            "units": t.units,
            "page": t.page.model_dump(),
            "cards": len(t.cards),
            "card_size": t.cards[0].model_dump(include={"width", "height"}),
            "offset": t.offset.model_dump(),
            "stub": t.stub.model_dump() if t.stub else None,
            "source": t.source,
        }
        for t in found
    ]


def templates_table(found: Sequence[Template]) -> Table:
    """Each template: cards a sheet, a card's size, the printer offset, where it comes from."""
    return Table(
        ("Template", "Cards/sheet", "Card size", "Offset", "Description", "From"),
        tuple(
            (
                t.name,
                str(len(t.cards)),
                f"{t.cards[0].width:g} × {t.cards[0].height:g} {t.units}",
                f"{t.offset.x:g}, {t.offset.y:g}",
                t.description,
                t.source,
            )
            for t in found
        ),
    )
