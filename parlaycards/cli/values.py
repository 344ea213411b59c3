"""Text typed on the command line → the typed values services take. Each reader names its option in
the one-paragraph error (the only place option names are spelled: see `flag`).

Nothing heavy here: the core's line and money readers and the choices (plain `Literal`s).
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, TypeVar

from ..core.choices import words

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..core.prizes import Prize

T = TypeVar("T")

#: Options whose flag is not simply `--name-with-dashes`.
FLAGS = {"new": "--new", "replace": "--replace", "all_or_nothing": "--all-or-nothing"}


def flag(name: str) -> str:
    """How an option named in a message (`core.errors.option`) is spelled on this command line."""
    return FLAGS.get(name, "--" + name.replace("_", "-"))


def _error(message: str, field: str) -> Exception:
    from ..core.errors import ParlayError

    return ParlayError(message, field=field)


def _read(parse: Callable[[str], T], text: str, field: str) -> T:
    """`parse(text)`; the reader's refusal (a `ValueError` saying what is accepted) as the option's error."""
    try:
        return parse(text)
    except ValueError as exc:
        raise _error(str(exc), field) from None


def choice(value: str, allowed: object, field: str, what: str, glosses: dict[str, str] | None = None) -> str:
    """One of a `Literal`'s words, any case: `--ties "maybe" is not a ties rule. Accepted: lose, win, reduce.`"""
    options = words(allowed)
    hit = value.strip().lower()
    if hit not in options:
        said = ", ".join(f"{w} ({glosses[w]})" if glosses and w in glosses else w for w in options)
        raise _error(f'"{value}" is not {what}. Accepted: {said}.', field)
    return hit


def helps(allowed: object) -> str:
    """`lose, win or reduce`: a Literal's words for a --help text."""
    options = words(allowed)
    return ", ".join(options[:-1]) + f" or {options[-1]}" if len(options) > 1 else options[0]


def spread(text: str, field: str = "spread") -> Decimal:
    from ..core.lines import parse_spread

    return _read(parse_spread, text, field).value


def total(text: str, field: str = "total") -> Decimal | None:
    """A total, or None for `none` / `off` / `NL` (the game has no total; never an empty value, which a
    script's empty variable gives)."""
    from ..core.lines import parse_total

    if text.strip().lower() in {"none", "off", "nl"}:
        return None
    return _read(parse_total, text, field).value


def moment(text: str, field: str) -> datetime | date:
    """A date, or a date and time on the card's wall clock (naive), or a time with its zone."""
    from ..core.when import read_wall_clock

    try:
        return read_wall_clock(text, f"--{field.replace('_', '-')}")
    except ValueError as exc:
        raise _error(str(exc), "") from None


def amount(text: str, field: str, *, zero: bool = False, accepted: str | None = None) -> Decimal:
    from ..core import money

    said = accepted or money.ACCEPTED
    return _read(lambda t: money.parse(t, "the amount", zero=zero, accepted=said), text, field)


def handed_back(returned: str, paying: str | None, paid_to: str) -> Decimal | None:
    """What --returned says was handed back (None: 'all' that was overpaid); refused beside --amount."""
    import typer

    if paying is not None:
        raise typer.BadParameter(f"give --amount (paid to {paid_to}) or --returned (handed back), not both.")
    return None if returned.strip().lower() == "all" else amount(returned, "returned")


def cap(text: str, field: str = "max_payout") -> Decimal | None:
    """An amount, or None for `none`."""
    if text.strip().lower() == "none":
        return None
    return amount(text, field, accepted="Accepted: 500, 1000.00, none.")


def number(text: str, field: str, accepted: str, low: Decimal, high: Decimal | None = None) -> Decimal:
    """A plain number within [low, high], in the digits 0–9 (Decimal reads "١٢" as 12 too)."""
    from decimal import InvalidOperation

    from ..core.text import digits_note

    try:
        if not text.isascii():
            raise InvalidOperation
        value = Decimal(text.strip())
        if not value.is_finite() or value < low or (high is not None and value > high):
            raise InvalidOperation
    except InvalidOperation:
        raise _error(f'"{text}" is not accepted.{digits_note(text)} {accepted}', field) from None
    return value


def whole(text: str, who: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number typed for an `int` argument or option (`who`: `--copies`, `AWAY`), within [low,
    high], in the digits 0–9 (`int()` reads "١٢" and "1_000" too); refused naming `who`, what was typed
    and what is accepted."""
    from ..core.bounds import MAX_INT
    from ..core.errors import ParlayError
    from ..core.text import digits_note, is_digits

    if low is not None and high is not None and high < MAX_INT:
        span = f"a whole number {low}–{high}"
    elif low is not None:
        span = f"a whole number {low} or more"
    else:
        span = "a whole number"
    accepted = f"Accepted: {span}, in the digits 0–9."
    typed = text.strip()
    bare = typed.removeprefix("-")  # "-5" is a number, out of range where none below 0 is taken
    if not is_digits(bare):
        shown = text if len(text) <= 40 else text[:24] + "…"
        raise ParlayError(f'{who} "{shown}" is not a whole number.{digits_note(text)} {accepted}')
    value = int(typed) if len(bare) <= 18 else (MAX_INT + 1) * (-1 if bare != typed else 1)
    if (low is not None and value < low) or (high is not None and value > high):
        shown = typed if len(typed) <= 40 else typed[:24] + "…"
        raise ParlayError(f'{who} "{shown}" is out of range. {accepted}')
    return value


def selections(text: str, field: str = "picks") -> tuple[int, ...]:
    """`101,104 106` → selection numbers."""
    from ..io.pickem import parse_numbers

    numbers, problem = parse_numbers(text)
    if problem:
        raise _error(problem, field)
    return numbers


def prizes(text: str, field: str = "prizes") -> tuple[Prize, ...]:
    from ..core.prizes import parse_prizes

    return _read(parse_prizes, text, field)


def stake(text: str, field: str = "stake") -> Decimal:
    from ..io.entries import parse_stake

    return _read(parse_stake, text, field)


def picks(text: str, field: str = "picks") -> tuple[int, ...]:
    """A parlay card's picks, `101,104,117` (any of , ; / space)."""
    from ..io.entries import parse_picks

    return _read(parse_picks, text, field)


def serial(text: str, field: str = "serial") -> int:
    from ..core.text import digits_note
    from ..core.verify import parse_serial

    number = parse_serial(text)
    if number is None:
        raise _error(
            f'"{text}" is not a serial.{digits_note(text)} Accepted: the number printed on the card, e.g. '
            "000123 or 123.",
            field,
        )
    return number


def offset(text: str | None, save: str | None) -> tuple[float, float]:
    """A printer offset `x,y` read off the calibration sheet, given with the template to save it in."""
    if text is None or save is None:
        raise _error(
            "give the offset and the template to save it in together, e.g. --offset 0.05,-0.03 --save "
            "bar-printer.",
            "offset" if text is None else "save",
        )
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    try:
        if not text.isascii():  # float() reads "٠.٠٥" too
            raise ValueError
        x, y = (float(p) for p in parts)
    except ValueError:
        raise _error(
            f'"{text}" is not an offset. Accepted: x,y in the template\'s units, e.g. 0.05,-0.03 '
            "(+ moves the print right / up).",
            "offset",
        ) from None
    return x, y


def day(text: str, field: str) -> date:
    """A day alone (`2023-10-08`, `10/8/2023`): a time with it is refused, not dropped."""
    when = moment(text, field)
    if isinstance(when, datetime):
        raise _error(f'"{text}" is a date and a time; give the day alone, such as 2023-10-08.', field)
    return when


def received(text: str | None, field: str = "received") -> datetime | None:
    """When a card was handed in: a date alone is its midnight (naive: the card's wall clock); None for
    the option left out (the service takes now)."""
    from ..core.zones import YearlessDate, yearless

    if text is None:
        return None
    when = moment(text, field)
    if isinstance(when, datetime):
        return when
    midnight = datetime.combine(when, datetime.min.time())
    return yearless(midnight) if isinstance(when, YearlessDate) else midnight  # type: ignore[return-value]
