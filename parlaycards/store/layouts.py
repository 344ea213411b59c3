"""Saved column mappings (`import --map … --save-layout NAME`), kept in the pool's own meta table.

They live in the pool's database, not in a file beside it: a layout is part of how the pool runs its
week, so it goes where the pool's history goes — into the same transaction as the import that saved it,
into a backup of the pool, and to every machine of a pool on PostgreSQL (a file beside the database would
do none of these). The meta table holds them under `layout:NAME` as JSON, so no schema change is needed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import select

from . import schema
from .tx import Tx, iso, now

PREFIX = "layout:"


@dataclass(frozen=True)
class SavedLayout:
    name: str
    roles: tuple[tuple[str, str], ...]  # role → column letter
    headers: tuple[tuple[str, str], ...]  # role → the column's header when saved
    favourite_by: str | None
    saved_at: str
    source: str  # the file it was saved from


def save(tx: Tx, layout: SavedLayout) -> bool:
    """Keep `layout` under its name; True when it replaced one of that name."""
    key = PREFIX + layout.name
    replaced = tx.meta(key) is not None
    body = {
        "roles": [list(r) for r in layout.roles],
        "headers": [list(h) for h in layout.headers],
        "favourite_by": layout.favourite_by,
        "saved_at": layout.saved_at or iso(now()),
        "source": layout.source,
    }
    tx.set_meta(key, json.dumps(body, sort_keys=True))
    return replaced


def get(tx: Tx, name: str) -> SavedLayout | None:
    raw = tx.meta(PREFIX + name)
    return None if raw is None else _layout(name, raw)


def every(tx: Tx) -> list[SavedLayout]:
    m = schema.meta.c
    rows = tx.conn.execute(select(m.key, m.value).where(m.key.startswith(PREFIX)).order_by(m.key)).all()
    return [_layout(key.removeprefix(PREFIX), value) for key, value in rows]


def _layout(name: str, raw: str) -> SavedLayout:
    body = json.loads(raw)
    return SavedLayout(
        name=name,
        roles=tuple((str(r), str(c)) for r, c in body["roles"]),
        headers=tuple((str(r), str(h)) for r, h in body.get("headers", [])),
        favourite_by=body.get("favourite_by"),
        saved_at=str(body.get("saved_at", "")),
        source=str(body.get("source", "")),
    )
