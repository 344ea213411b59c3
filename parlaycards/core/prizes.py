"""Prizes of a pool: amounts or percentages of the pot, per finishing position, split to the cent.

All money is Decimal, rounded to the cent half up. The shares of a split always add up to what is split.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from pydantic import Field, model_validator

from .frozen import Frozen
from .money import CENT, cents, dollars
from .text import digits_note

HUNDRED = Decimal(100)
PRIZES_ACCEPTED = (
    "Accepted: percentages of the pot or amounts, comma-separated, e.g. 60%,30%,10% or 100,50 or $75."
)


class Prize(Frozen):
    """One place's prize: a fixed amount, or a percentage of the pot."""

    amount: Decimal | None = Field(default=None, ge=0)
    percent: Decimal | None = Field(default=None, gt=0, le=100)

    @model_validator(mode="after")
    def _one(self) -> Prize:
        if (self.amount is None) == (self.percent is None):
            raise ValueError("a prize is either an amount or a percentage of the pot")
        return self

    @classmethod
    def parse(cls, text: str) -> Prize:
        t = text.strip().replace("$", "").replace(",", "").replace(" ", "")
        try:
            if not t.isascii():  # Decimal reads "٦٠" as 60: numbers are read in the digits 0–9 only
                raise InvalidOperation
            if t.endswith("%"):
                value = Decimal(t[:-1])
                if not 0 < value <= 100:
                    raise InvalidOperation
                return cls(percent=value)
            value = Decimal(t)
            if value < 0 or not value.is_finite():
                raise InvalidOperation
            return cls(amount=cents(value))
        except InvalidOperation:
            raise ValueError(
                f'the prize "{text.strip()}" is not an amount or a percentage of the pot.{digits_note(text.strip())} '
                + PRIZES_ACCEPTED
            ) from None

    def __str__(self) -> str:
        if self.percent is not None:
            return f"{self.percent.normalize():f}%"
        return dollars(self.amount or 0)


def parse_prizes(text: str) -> tuple[Prize, ...]:
    """`60%,30%,10%` or `100,50` (amounts may use $; a comma inside an amount is not supported)."""
    parts = [p for p in re.split(r"[,;\s]+", text.strip()) if p]
    if not parts:
        raise ValueError("no prizes given. " + PRIZES_ACCEPTED)
    return tuple(Prize.parse(p) for p in parts)


def place_prizes(pot: Decimal, prizes: Sequence[Prize]) -> tuple[Decimal, ...]:
    """Each finishing position's prize in cents. Percentages are rounded on their running total, so that
    the percentage prizes add up to exactly the pot × their sum (100% pays the whole pot to the cent)."""
    out: list[Decimal] = []
    running = Decimal(0)  # percent
    paid_so_far = Decimal(0)
    for p in prizes:
        if p.amount is not None:
            out.append(cents(p.amount))
            continue
        assert p.percent is not None
        running += p.percent
        upto = cents(pot * running / HUNDRED)
        out.append(upto - paid_so_far)
        paid_so_far = upto
    return tuple(out)


def split(amount: Decimal, ways: int) -> tuple[Decimal, ...]:
    """`amount` in `ways` equal shares: each rounded to the cent half up; when the shares then add up to
    more or less than the amount, the difference goes a cent at a time — given to the first shares, or
    taken from the last. The shares always add up to `amount`, and differ by at most a cent."""
    if ways < 1:
        raise ValueError("split needs at least one share")
    amount = cents(amount)
    share = cents(amount / ways)
    shares = [share] * ways
    left = int((amount - share * ways) / CENT)  # cents over (or short of) the equal shares
    for i in range(abs(left)):
        if left > 0:
            shares[i] += CENT
        else:
            shares[ways - 1 - i] -= CENT
    return tuple(shares)
