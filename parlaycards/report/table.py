"""A table as plain data: what a builder returns for the terminal (and any other writer that draws rows)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from rich.table import Table as RichTable

R = TypeVar("R")


@dataclass(frozen=True)
class Table:
    """Columns named once, rows of text in their order, an optional title."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    title: str | None = None
    emphasis: tuple[int, ...] = ()  # rows (by index) to stand out: the winners of a standings table


def table_of(
    records: Iterable[R], columns: Sequence[tuple[str, Callable[[R], str]]], title: str | None = None
) -> Table:
    """One row a record, one cell a column: each column's header said beside how its cell is written."""
    return Table(
        tuple(h for h, _ in columns), tuple(tuple(cell(r) for _, cell in columns) for r in records), title
    )


def named(record: object, *names: str) -> dict[str, Any]:
    """Fields of `record` as plain data, each under its own name (the keys of a JSON shape that are its
    record's field names)."""
    return {n: getattr(record, n) for n in names}


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
