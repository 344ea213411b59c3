"""The ranges every number the tool stores must fall within: what the schema holds (32-bit integers on
PostgreSQL), what a score can be, how much money one entry may carry. Pure: no I/O."""

from __future__ import annotations

from decimal import Decimal

from .money import MAX_AMOUNT

MAX_INT = 2**31 - 1  # an INTEGER column on PostgreSQL (serials, versions, counts, selection numbers)
MAX_SCORE = 999  # points in one game, any sport
MAX_COUNT = 100_000  # copies in one print: more is a typing slip
DEFAULT_MAX_STAKE = Decimal("1000")  # a pool's largest stake on one card unless `pool set --max-stake`
RECEIVED_WINDOW_DAYS = 366  # a card is handed in within a year of its games, before or after

__all__ = ["DEFAULT_MAX_STAKE", "MAX_AMOUNT", "MAX_COUNT", "MAX_INT", "MAX_SCORE", "RECEIVED_WINDOW_DAYS"]
