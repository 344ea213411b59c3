"""What the store's modules share without loading SQLAlchemy: the clock, and the clash of two commands
(`Conflict`) with the retry that settles it. Imports: the standard library and core only."""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from typing import ParamSpec, TypeVar

from ..core.errors import ParlayError

P = ParamSpec("P")
T = TypeVar("T")
CHUNK = 500  # serials per IN (...) query, well under SQLite's parameter limit


class Conflict(ParlayError):
    """Another command changed the same rows at the same moment (a unique key, an overlapping serial
    range, a serialization failure or a deadlock): nothing was changed; running again is safe."""


def now() -> datetime:
    return datetime.now(UTC)


def iso(dt: datetime) -> str:
    return dt.isoformat()


def retry_conflicts(fn: Callable[P, T], attempts: int = 12) -> Callable[P, T]:
    """Run a service again when its transaction clashed with another command's (`Conflict`): the rerun
    reads what the other stored, so it ends as if the two had run one after the other: it stores its
    change, or refuses it exactly as a single user would be refused (a serial already entered)."""

    @functools.wraps(fn)
    def again(*args: P.args, **kwargs: P.kwargs) -> T:
        for attempt in range(attempts):
            try:
                return fn(*args, **kwargs)
            except Conflict:
                if attempt == attempts - 1:
                    raise
                time.sleep(random.uniform(0.01, 0.08) * (attempt + 1))  # apart: 8 at once settle in turn
        raise AssertionError("unreachable")

    return again


def chunks(serials: Iterable[int], *, distinct: bool = True) -> Iterator[list[int]]:
    """`serials` `CHUNK` at a time, one IN (...) query each: sorted and each once (`distinct`), or as given."""
    wanted = sorted(set(serials)) if distinct else list(serials)
    for i in range(0, len(wanted), CHUNK):
        yield wanted[i : i + CHUNK]
