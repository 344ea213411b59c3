"""The pool database: SQLAlchemy over a SQLite file (or any SQLAlchemy URL).

Rows become frozen core models at this package's edge; nothing above it sees a session or a row.
`look` reads a SQLite pool for the everyday listings without SQLAlchemy; `Store` and `Tx` (in `db` and
`tx`) are loaded when first named, so that importing a store module does not load SQLAlchemy.
Imports: core only (and SQLAlchemy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import Conflict, retry_conflicts

if TYPE_CHECKING:
    from .db import Store, open_store
    from .tx import Tx

__all__ = ["Conflict", "Store", "Tx", "open_store", "retry_conflicts"]


def __getattr__(name: str) -> Any:
    if name in ("Store", "open_store"):
        from . import db

        return getattr(db, name)
    if name == "Tx":
        from .tx import Tx

        return Tx
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
