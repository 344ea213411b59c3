"""`Memo`: a dict that makes a missing value once, by key. Bulk grading and the store's row readers meet
the same few stakes, times, outcomes and grades thousands of times; each is made (parsed, graded, shared
as one text) the first time and looked up at C speed after, inside `map` and comprehensions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V], Generic[K, V]):
    """A dict that fills a missing key with `make(key)`."""

    def __init__(self, make: Callable[[K], V]):
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value
