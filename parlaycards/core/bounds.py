"""The ranges every number the tool stores must fall within: what the schema holds (32-bit integers on
PostgreSQL), what a score can be, how much money one entry may carry. Pure: no I/O."""

from __future__ import annotations

from decimal import Decimal

MAX_INT = 2**31 - 1  # an INTEGER column on PostgreSQL (serials, versions, counts, selection numbers)
MAX_SERIAL = 999_999_999  # nine digits: what a card prints and a serial reader takes
MAX_SCORE = 999  # points in one game, any sport
MAX_COUNT = 100_000  # copies in one print, rows of one paste: more is a typing slip
MAX_AMOUNT = Decimal("1000000000")  # no amount of money the tool reads is above $1,000,000,000
DEFAULT_MAX_STAKE = Decimal("1000")  # a pool's largest stake on one card unless `pool set --max-stake`


def in_range(value: int, low: int, high: int) -> bool:
    return low <= value <= high
