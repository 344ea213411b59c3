"""`layouts`: the column layouts saved with `import --map … --save-layout NAME` — JSON and the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .table import Table

if TYPE_CHECKING:
    from ..store.layouts import SavedLayout


def layouts_json(found: Sequence[SavedLayout], command: Callable[[SavedLayout], str]) -> list[dict[str, Any]]:
    """`layouts --json`: the public shape; `command(layout)` is the `--map` it is used with."""
    return [
        {
            "name": s.name,
            "columns": dict(s.roles),
            "headers": dict(s.headers),
            "favourite_by": s.favourite_by,
            "saved_at": s.saved_at,
            "saved_from": s.source,
            "map": command(s),
        }
        for s in found
    ]


def layouts_table(found: Sequence[SavedLayout]) -> Table:
    """Each layout with its columns (letter and the header it was saved from)."""
    return Table(
        ("Layout", "Columns", "Saved from", "Saved at"),
        tuple((s.name, _columns(s), s.source, s.saved_at[:16].replace("T", " ")) for s in found),
    )


def _columns(s: SavedLayout) -> str:
    heads = dict(s.headers)
    cols = ", ".join(f'{role}={letter} ("{heads.get(role, "")}")' for role, letter in s.roles)
    return cols + (f"; favourite by {s.favourite_by}" if s.favourite_by else "")
