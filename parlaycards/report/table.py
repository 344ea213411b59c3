"""A table as plain data: what a builder returns for the terminal (and any other writer that draws rows)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.table import Table as RichTable


@dataclass(frozen=True)
class Table:
    """Columns named once, rows of text in their order, an optional title."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    title: str | None = None


def rich_table(table: Table, *, no_wrap: Collection[str] = (), **style: Any) -> RichTable:
    """`table` as a rich Table for the terminal: a title sits on the left; the columns named in `no_wrap`
    are never wrapped; `style` goes to rich (box, …)."""
    from rich.table import Table as RichTable

    if table.title is not None:
        style = {"title": table.title, "title_justify": "left", **style}
    out = RichTable(**style)
    for name in table.columns:
        out.add_column(name, no_wrap=name in no_wrap)
    for row in table.rows:
        out.add_row(*row)
    return out
