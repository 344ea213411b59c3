"""Money: read it and round it to the cent (half up, once). It is written by `core.text` (`dollars`,
`plain`), the one place money becomes text; both are named here too for the modules that read money.

Amounts are `Decimal` everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation, localcontext
from fractions import Fraction

from .text import CENT as CENT  # re-exported: money's writers live with the other text formats
from .text import digits_note
from .text import dollars as dollars
from .text import plain as plain

ZERO = Decimal("0.00")  # no money: the one zero amounts start from
MAX_AMOUNT = Decimal(1_000_000_000)  # $1,000,000,000: no amount read is larger (core.bounds)
ACCEPTED = "Accepted: 5, 5.00, $5, $12.50."
# 1,000 and 12,345.50: commas between thousands only
_THOUSANDS = re.compile(r"\d{1,3}(,\d{3})+(\.\d*)?", re.ASCII)
# ... and, the commas gone, plain digits and a point: never 1e3, 1_000, or digits of another script
_PLAIN = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)", re.ASCII)


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
    bare = re.sub(r"(?i)usd|\$|\s", "", text)
    if "," in bare and not _THOUSANDS.fullmatch(bare.lstrip("+-")):
        # "2,5" is two and a half where a comma is the decimal mark, and twenty-five read as thousands:
        # never guessed, asked
        whole, _, frac = bare.partition(",")
        hint = f"{whole}.{frac:0<2}" if bare.count(",") == 1 and frac.isdigit() and len(frac) <= 2 else "it"
        raise ValueError(
            f'{what} "{text}" has a comma that does not separate thousands: write {hint} with a decimal '
            f"point (a comma only between thousands, as in 1,000). {accepted}"
        )
    number = bare.replace(",", "")
    try:
        if not _PLAIN.fullmatch(number):
            raise InvalidOperation
        amount = Decimal(number)
    except InvalidOperation:
        raise ValueError(f'{what} "{text}" is not an amount.{digits_note(text)} {accepted}') from None
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
    return abs(amount).quantize(CENT) if amount == 0 else amount.quantize(CENT)  # never "-0.00"


def pay_out(
    due: Decimal,
    before: Decimal,
    amount: Decimal | None,
    *,
    in_full: Callable[[], str],
    owed_by: str,
    due_is: str,
) -> tuple[Decimal, Decimal]:
    """A payment against `due`, `before` already paid: (what is paid now, what has been paid in all). The
    amount defaults to what is still owed and is never more; nothing is paid twice. `in_full` says why
    nothing is owed; `owed_by` and `due_is` word the refusal of too much ("card 000123 is owed",
    "it pays")."""
    from .errors import RefusedError

    owed = due - before
    if owed <= 0:
        raise RefusedError(in_full())
    value = owed if amount is None else amount
    if value > owed:
        raise RefusedError(
            f"⟨amount⟩ {dollars(value)} is more than {owed_by}: {dollars(owed)} "
            f"({due_is} {dollars(due)}, {dollars(before)} already paid)."
        )
    return value, (before + value).quantize(CENT)


def hand_back(
    paid: Decimal, pays: Decimal, amount: Decimal | None, *, who: str, not_over: str, now_is: str
) -> tuple[Decimal, Decimal]:
    """Money handed back on an overpayment (`paid` beyond what is now owed, `pays`): (what is handed back,
    what stays paid). The amount defaults to all that was overpaid and is never more. `who` names the
    card or winner ("card 000123", "Ann"), `not_over` words the refusal when nothing was overpaid, `now_is`
    what it pays now ("it now pays", "the prize is now")."""
    from .errors import RefusedError

    over = paid - max(pays, Decimal(0))
    if over <= 0:
        raise RefusedError(not_over)
    value = over if amount is None else amount
    if value > over:
        raise RefusedError(
            f"⟨returned⟩ {dollars(value)} is more than {who} was overpaid: {dollars(over)} "
            f"({dollars(paid)} paid, {now_is} {dollars(pays)})."
        )
    return value, (paid - value).quantize(CENT)
