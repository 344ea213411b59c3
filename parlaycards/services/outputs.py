"""The check every file a command writes passes first: never over the pool's own files or a print batch."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..store import Store


def pool_guard(db: str | None) -> Callable[[Path], str | None]:
    """The check (`io.files.guard_outputs`) of the pool `db` names: what `target` holds when it is the pool's
    database or a file kept beside it; a file a print batch of the pool was recorded under is refused
    with print's own message. The pool is opened once, when a file that exists is about to be replaced."""
    opened: list[Store | None] = []
    kept: dict[str, str] = {}  # the pool's own files (their real paths) → what each holds, found once

    def check(target: Path) -> str | None:
        from ..store.beside import pool_file, pool_files

        pool = pool_file(db)
        if pool is not None:
            if not kept:
                kept.update((_real(path), holds) for path, holds in pool_files(pool).items())
            if holds := kept.get(_real(target)):
                return holds
        if target.is_file() and (pool is None or pool.is_file()):
            if not opened:
                opened.append(_open(db))
            if (store := opened[0]) is not None:
                from .printing import refuse_overwrite

                refuse_overwrite(store, target)
        return None

    return check


def _open(db: str | None) -> Store | None:
    """The pool, or None when there is none to ask (none yet, or not one): it has printed no batch."""
    from ..core.errors import ParlayError
    from ..store import open_store

    try:
        return open_store(db)
    except ParlayError:
        return None


def _real(path: Path) -> str:
    return os.path.normcase(os.path.realpath(path))
