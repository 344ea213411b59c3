"""The ranges every number the tool stores must fall within: what the schema holds (32-bit integers on
PostgreSQL), what a score can be, how much money one entry may carry. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from decimal import Decimal

from .money import MAX_AMOUNT

MAX_INT = 2**31 - 1  # an INTEGER column on PostgreSQL (serials, versions, counts, selection numbers)
MAX_SCORE = 999  # points in one game, any sport
MAX_COUNT = 100_000  # copies in one print: more is a typing slip
MAX_PIXELS = 120_000_000  # a scanned page or photo: a letter page at 1200 dpi is 135 million, 600 dpi 34
DEFAULT_MAX_STAKE = Decimal("1000")  # a pool's largest stake on one card unless `pool set --max-stake`
RECEIVED_WINDOW_DAYS = 366  # a card is handed in within a year of its games, before or after
KICKOFF_WINDOW_DAYS = 45  # the games of one card (a week, a bowl season) lie this close to their middle day


def as_day(moment: datetime | date) -> date:
    return moment.date() if isinstance(moment, datetime) else moment


def middle_day(moments: Iterable[datetime | date]) -> date | None:
    """The middle day of a card's kickoffs (the median: one mistyped year does not move it)."""
    days = sorted(as_day(m) for m in moments)
    return days[len(days) // 2] if days else None


def far_from(moment: datetime | date, middle: date, days: int) -> bool:
    """Whether `moment` lies more than `days` days from the card's `middle` day."""
    return abs((as_day(moment) - middle).days) > days


__all__ = [
    "KICKOFF_WINDOW_DAYS",
    "as_day",
    "far_from",
    "middle_day",
    "DEFAULT_MAX_STAKE",
    "MAX_AMOUNT",
    "MAX_COUNT",
    "MAX_INT",
    "MAX_SCORE",
    "RECEIVED_WINDOW_DAYS",
]
