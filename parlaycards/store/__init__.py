"""The pool database: SQLAlchemy over a SQLite file (or any SQLAlchemy URL).

Rows become frozen core models at this package's edge; nothing above it sees a session or a row.
Imports: core only (and SQLAlchemy).
"""

from .db import Conflict, Store, open_store, retry_conflicts
from .tx import Tx

__all__ = ["Conflict", "Store", "Tx", "open_store", "retry_conflicts"]
