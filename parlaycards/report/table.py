"""A table as plain data: what a builder returns for the terminal (and any other writer that draws rows)."""

from __future__ import annotations

from collections.abc import Mapping
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
    emphasis: tuple[int, ...] = ()  # rows (by index) to stand out: the winners of a standings table


def rich_table(
    table: Table, *, columns: Mapping[str, Mapping[str, Any]] | None = None, **style: Any
) -> RichTable:
    """`table` as a rich Table for the terminal: a title sits on the left; `columns` gives rich's options of
    a column by its name (`{"When": {"no_wrap": True}}`); `style` goes to rich's table (box, …). Cells are
    shown as written: a player's `[b]` or a status `[entered]` is text, never markup."""
    from rich.table import Table as RichTable
    from rich.text import Text

    if table.title is not None:
        style = {"title": table.title, "title_justify": "left", **style}
    out = RichTable(**style)
    for name in table.columns:
        out.add_column(name, **(columns or {}).get(name, {}))
    for i, row in enumerate(table.rows):
        out.add_row(*(Text(cell) for cell in row), style="bold" if i in table.emphasis else None)
    return out
