"""Money: read it and round it to the cent (half up, once). It is written by `core.text` (`dollars`,
`plain`), the one place money becomes text; both are named here too for the modules that read money.

Amounts are `Decimal` everywhere.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation, localcontext
from fractions import Fraction

from .text import CENT, dollars, plain

__all__ = ["ACCEPTED", "CENT", "MAX_AMOUNT", "cents", "dollars", "parse", "plain"]

MAX_AMOUNT = Decimal(1_000_000_000)  # $1,000,000,000: no amount read is larger (core.bounds)
ACCEPTED = "Accepted: 5, 5.00, $5, $12.50."


def cents(x: Fraction | Decimal | int) -> Decimal:
    """Round to the cent, half up, once (an exact fraction is divided out at 60 digits first)."""
    with localcontext() as ctx:
        ctx.prec = 60
        d = Decimal(x.numerator) / Decimal(x.denominator) if isinstance(x, Fraction) else Decimal(x)
        return d.quantize(CENT, rounding=ROUND_HALF_UP)


def parse(
    value: object, what: str = "the amount", *, zero: bool = False, accepted: str = ACCEPTED
) -> Decimal:
    """`$5`, `5.00`, `5`, `$1,000`, `5 USD` → Decimal in whole cents, more than 0 (or 0 too, with
    `zero`). Raises ValueError naming `what` and saying what is accepted."""
    text = str(value).strip() if value is not None else ""
    number = re.sub(r"(?i)usd|\$|,|\s", "", text)
    try:
        amount = Decimal(number)
    except InvalidOperation:
        raise ValueError(f'{what} "{text}" is not an amount. {accepted}') from None
    if not amount.is_finite():  # NaN, Infinity
        raise ValueError(f'{what} "{text}" is not an amount. {accepted}')
    if not amount.is_finite() or amount < 0 or (amount == 0 and not zero):
        raise ValueError(f'{what} "{text}" must be {"0 or more" if zero else "more than 0"}. {accepted}')
    if amount > MAX_AMOUNT:
        raise ValueError(
            f'{what} "{text}" is more than {dollars(MAX_AMOUNT)}, the most any amount may be. {accepted}'
        )
    if amount != amount.quantize(CENT):
        raise ValueError(f'{what} "{text}" has fractions of a cent. {accepted}')
    return amount.quantize(CENT)
