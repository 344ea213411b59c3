"""Saved column mappings: the `--map` of one week's file, kept by name for next week's file of the same
shape (`import --save-layout NAME`, `import --layout NAME`, `layouts`)."""

from __future__ import annotations

import re

from ..core.errors import ParlayError, option
from ..io.mapping import ColumnMap
from ..store import Store, Tx
from ..store import layouts as rows
from ..store.tx import iso, now

SavedLayout = rows.SavedLayout


def check_name(name: str) -> str:
    """A layout's name as kept (lower case); ParlayError for one that is not a short name."""
    kept = name.strip().casefold()
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,39}", kept):
        raise ParlayError(
            f'the layout name "{name}" is not a short name. Accepted: letters, digits, dashes and '
            "underscores, up to 40 of them, e.g. club-sheet."
        )
    return kept


def load(store: Store | None, name: str) -> ColumnMap:
    """The saved layout `name` as a mapping that checks each column's header against the file."""
    kept = check_name(name)
    found = None
    names: list[str] = []
    if store is not None:
        with store.reading() as tx:
            found = rows.get(tx, kept)
            names = [s.name for s in rows.every(tx)] if found is None else []
    if found is None:
        listed = (
            f"The pool's saved layouts: {', '.join(names)}."
            if names
            else "The pool has no saved layouts yet."
        )
        raise ParlayError(
            f'there is no saved layout "{kept}". {listed} Save one by importing with {option("map")} … '
            f"{option('save_layout')} {kept}."
        )
    return ColumnMap(found.roles, found.favourite_by, found.headers, saved_as=found.name)


def save(tx: Tx, name: str, mapping: ColumnMap, source: str) -> bool:
    """Keep `mapping` (by letter, with each column's header) as `name`; True when it replaced one."""
    replaced = rows.save(
        tx,
        rows.SavedLayout(
            name=name,
            roles=mapping.roles,
            headers=mapping.headers,
            favourite_by=mapping.favourite_by,
            saved_at=iso(now()),
            source=source,
        ),
    )
    tx.audit("layout save", None, name=name, roles=dict(mapping.roles), source=source, replaced=replaced)
    return replaced


def list_layouts(store: Store | None) -> list[SavedLayout]:
    if store is None:
        return []
    with store.reading() as tx:
        return rows.every(tx)


def command(layout: SavedLayout) -> str:
    """The --map options a saved layout stands for."""
    return ColumnMap(layout.roles, layout.favourite_by).command()
