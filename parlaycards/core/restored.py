"""A payment the pool's database does not hold, known from the payments file beside a SQLite pool (a backup
was put back over the pool since it was made): said the same way by `grade`, `entry pay`, `pickem pay` and
the operator's pages."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from .text import brief, dollars

KEPT = "(the payment is kept in the payments file beside the pool)"


def paid_before_restore(serial: str, amount: Decimal, at: datetime, tz: str | None) -> str:
    """`card 000001 was paid $60.00 on Thu Nov 19 14:00 EST — the pool was restored from a backup taken
    before that (…)`: `at` shown in zone `tz` (the card's)."""
    return who_paid_before_restore(f"card {serial}", amount, at, tz)


def who_paid_before_restore(who: str, amount: Decimal, at: datetime, tz: str | None) -> str:
    """The same for any payee: `Ann was paid $21.00 on … — the pool was restored …` (a pick'em prize or fee)."""
    return (
        f"{who} was paid {dollars(amount)} on {brief(at, tz, zone=True)} — the pool was restored "
        f"from a backup taken before that {KEPT}"
    )
