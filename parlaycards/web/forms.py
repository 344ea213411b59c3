"""What the operator's forms carry, read as the command line reads it: the form itself (`read`, once per
request), amounts by the one amount reader, selection numbers, whole numbers, a date and time; each refusal
a `ParlayError` the page shows."""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal

from starlette.datastructures import FormData
from starlette.requests import Request

from ..core.errors import ParlayError
from ..core.text import digits_note, is_digits

MANY = frozenset({"which"})  # the one field a page sends more than once: the cards ticked


async def read(request: Request, *, max_files: int, max_fields: int) -> FormData:
    """The form `request` carries, read once for its handler: a form the parser cannot read (cut short, no
    boundary, more files than the page sends) is refused in words, and a field the page sends once that
    comes more than once (`serial=000030&serial=000036`) is refused, naming it, rather than one chosen."""
    from starlette.exceptions import HTTPException
    from starlette.formparsers import MultiPartException

    try:
        data = await request.form(max_files=max_files, max_fields=max_fields)
    except (HTTPException, MultiPartException) as exc:  # the parser's own words: said in ours
        said = str(getattr(exc, "detail", None) or getattr(exc, "message", ""))
        if said.startswith("Too many files"):
            raise ParlayError(
                "the form carried a file, which this page never sends, so nothing was changed."
                if max_files < 1
                else "the form carried more than one file, so nothing was read or changed: send one photo at a time."
            ) from None
        raise ParlayError(
            "the form could not be read (it came cut short, or not as this page sends it), so nothing was "
            "changed. Go back, reload the page and send it again."
        ) from None
    names = [name for name, _ in data.multi_items()]
    twice = next((n for n in dict.fromkeys(names) if n not in MANY and names.count(n) > 1), None)
    if twice is not None:
        raise ParlayError(
            f'the form carried the field "{twice[:40]}" {names.count(twice)} times, where the page sends it '
            "once, so it was not read and nothing was changed. Go back, reload the page and send it again."
        )
    return data


def money(text: str, what: str = "the stake") -> Decimal | None:
    """An amount typed on the page (blank: none), read by the one amount reader."""
    from ..core import money as amounts

    if not text.strip():
        return None
    try:
        return amounts.parse(text[:40], what, accepted="Type dollars, e.g. 5 or 2.50.")
    except ValueError as exc:
        raise ParlayError(str(exc)) from None


def when(value: object) -> datetime | None:
    """The phone page's "handed in" field (`2026-11-22T12:30`, on the card's wall clock); blank: now."""
    text = str(value or "").strip()
    if not text:
        return None
    try:
        return datetime.fromisoformat(text).replace(tzinfo=None)
    except ValueError:
        raise ParlayError(f'"{text[:20]}" is not a date and time: pick one, e.g. 2026-11-22 12:30.') from None


def picks(text: str) -> tuple[int, ...]:
    """`101,104,117` (commas or spaces): selection numbers, or a refusal naming the one that is not."""
    parts = [p for p in re.split(r"[,\s]+", text) if p]
    for p in parts:
        if not is_digits(p) or len(p) > 6:
            raise ParlayError(
                f'"{p[:12]}" is not a selection number: type the numbers picked, e.g. 101,104,117.'
                + digits_note(p[:12])
            )
    return tuple(int(p) for p in parts)


def whole(value: object, what: str) -> int:
    """A whole number typed in field `what` (a score, a selection number)."""
    text = str(value or "").strip()
    if text.startswith("-") and is_digits(text[1:]):
        raise ParlayError(f'the {what} "{text[:12]}" is below 0: type 0 or more, e.g. 24.')
    if not is_digits(text) or len(text) > 6:
        raise ParlayError(
            f'the {what} "{text[:12]}" is not a whole number, e.g. 24.' + digits_note(text[:12])
        )
    return int(text)
