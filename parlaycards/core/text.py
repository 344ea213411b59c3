"""Text as people mean it, read and written: names normalised (NFKC) and rid of characters nobody sees
(zero-width, bidi controls, control codes) before any name is compared or stored; text made safe for a
terminal; and the one place money, dates, hours and plurals become text for the whole package (cards,
terminal, files, messages) — `dollars`, `day`, `hour`, `moment`, `stamp`, `plural`.

People read `$1,234.50` and `-$5.00`; files and JSON carry `1234.50`. A money amount is never rounded to
whole dollars for show: a cap of $250.60 prints as $250.60.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date, datetime, time
from decimal import Decimal

_WHITESPACE = re.compile(r"\s+")
# C0 and C1 control codes (ESC included) but tab, newline and carriage return, which are spacing
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _invisible(ch: str) -> bool:
    """Characters that change nothing on screen but make two names differ: format (zero-width
    spaces and joiners, bidi marks and overrides, the byte-order mark), control, private use,
    surrogates and unassigned code points."""
    return unicodedata.category(ch) in {"Cf", "Cc", "Co", "Cs", "Cn"} and ch not in "\t\n\r"


def strip_invisible(text: str) -> str:
    """`text` without the characters nobody sees (see `_invisible`); nothing else changes."""
    if text.isascii():
        return _CONTROL.sub("", text)
    return "".join(ch for ch in text if not _invisible(ch))


def clean_name(text: str) -> str:
    """A name as it is compared and stored: NFKC (full-width and compatibility forms folded), invisible
    characters removed, runs of spacing one space, ends trimmed. "Pitts\\u200bburgh" → "Pittsburgh"."""
    folded = unicodedata.normalize("NFKC", str(text))
    return _WHITESPACE.sub(" ", strip_invisible(folded)).strip()


def for_terminal(text: str) -> str:
    """Text safe to print: control codes (escape sequences that move the cursor or erase a line) and
    bidi overrides removed; newlines and tabs kept."""
    return strip_invisible(text)


# -- money ---------------------------------------------------------------------------------------------

CENT = Decimal("0.01")


def dollars(d: Decimal | int) -> str:
    """`$1,234.50`, `-$180.00`: money as people read it."""
    d = Decimal(d)
    return f"-${-d:,.2f}" if d < 0 else f"${d:,.2f}"


def owed_text(left: Decimal, done: str, owed: str = "still owed") -> str:
    """What a payment leaves: `$5.00 still owed.`, or `done` (`paid in full.`) when nothing is left."""
    return done if left <= 0 else f"{dollars(left)} {owed}."


def plain(d: Decimal | int) -> str:
    """`1234.50`: money as files and JSON carry it."""
    return str(Decimal(d).quantize(CENT))


# -- dates and hours ---------------------------------------------------------------------------------------


def local(moment: datetime, tz: str | None) -> datetime:
    """`moment` in zone `tz` (unchanged with no zone)."""
    if not tz:
        return moment
    from zoneinfo import ZoneInfo  # loaded when a time is first shown: `--help` needs no zone

    return moment.astimezone(ZoneInfo(tz))


def day(d: date) -> str:
    """`Sun Nov 29`."""
    return f"{d:%a %b} {d.day}"


def short_day(d: date) -> str:
    """`Sun 11/29`: the day as a card's game rows print it."""
    return f"{d:%a %m/%d}"


def hour(t: datetime | time) -> str:
    """`1:00 PM`, `12:30 AM`."""
    return f"{t.hour % 12 or 12}:{t:%M} {'AM' if t.hour < 12 else 'PM'}"


def hour_short(t: datetime | time) -> str:
    """`1:00p`, `12:30a`: the hour as a card's game rows print it."""
    return f"{t.hour % 12 or 12}:{t:%M}{'a' if t.hour < 12 else 'p'}"


def moment(when: datetime, tz: str, sep: str = ", ", *, year: bool = False) -> str:
    """A moment in zone `tz`: `Sun Nov 29, 1:00 PM EST` (sep between date and time); with `year`,
    `Sun Nov 29 2026, 1:00 PM EST`."""
    c = local(when, tz)
    return f"{day(c)}{f' {c.year}' if year else ''}{sep}{hour(c)} {c.tzname()}"


def moments(whens: tuple[datetime, ...], tz: str, sep: str = ", ") -> tuple[str, ...]:
    """Moments compared in one message, in zone `tz`: each with its year when their years differ
    (`Mon Oct 5 2026, 7:00 PM EDT` after `Thu Oct 5 2023, 8:00 PM EDT`, not two Oct 5ths)."""
    years = {local(m, tz).year for m in whens}
    return tuple(moment(m, tz, sep, year=len(years) > 1) for m in whens)


def stamp(when: datetime, tz: str | None = None, *, zone: bool = False) -> str:
    """`2026-11-24 13:00` (in zone `tz` when given; with `zone`, its name after: `2026-11-24 13:00 EST`):
    a moment as files, tables and the history list write it."""
    c = local(when, tz)
    return f"{c:%Y-%m-%d %H:%M}" + (f" {c.tzname()}" if zone else "")


def brief(when: datetime, tz: str | None = None, *, year: bool = False, zone: bool = False) -> str:
    """`Sun Nov 22 13:00` (with `year`, `Sun Nov 22 2026 13:00`; with `zone`, `… 13:00 EST`): a moment named
    in a message, in zone `tz` when given."""
    c = local(when, tz)
    return f"{c:%a %b %d}{f' {c.year}' if year else ''} {c:%H:%M}" + (f" {c.tzname()}" if zone else "")


def iso_day(d: date) -> str:
    """`2026-11-22`: a date named in a message."""
    return f"{d:%Y-%m-%d}"


def file_stamp(when: datetime) -> str:
    """`20261122-130512`: a moment in a file's name, sorting as it happened."""
    return f"{when:%Y%m%d-%H%M%S}"


def short_stamp(when: datetime, tz: str | None = None, *, zone: bool = False) -> str:
    """`11/24 13:00` (with `zone`, `11/24 13:00 EST`): a moment in a narrow terminal column."""
    c = local(when, tz)
    return f"{c:%m/%d %H:%M}" + (f" {c.tzname()}" if zone else "")


# -- digits ----------------------------------------------------------------------------------------------


def is_digits(text: str) -> bool:
    """True for a run of the digits 0–9 alone. (`str.isdigit` is true of "١٢" and "１２" too, and `int()`
    reads both as 12: numbers are read in plain digits only.)"""
    return text.isascii() and text.isdigit()


def digits_note(text: object) -> str:
    """A sentence for a refusal when `text` holds digits of another script (Arabic-Indic "١٢", full-width
    "１２"), which are never read as numbers; "" when it holds none."""
    shown = str(text)
    if shown.isascii() or not any(unicodedata.category(ch) == "Nd" for ch in shown):
        return ""
    plain_digits = "".join(
        str(unicodedata.digit(ch)) if unicodedata.category(ch) == "Nd" else ch for ch in shown
    )
    return f' It is written in digits of another script: type it in the digits 0–9 ("{plain_digits[:20]}").'


# -- plurals ---------------------------------------------------------------------------------------------


def plural(n: int, word: str, many: str | None = None) -> str:
    """`1 card`, `3 cards`, `1,200 cards`; `many` for a word not made plural with s (`entry`, `entries`)."""
    return f"{n:,} {word if n == 1 else many or word + 's'}"


def folded(text: str) -> str:
    """`text` with case and accents aside, for comparing names: "José" and "JOSE" are both "jose"."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()


def payout_text(amount: Decimal, capped: bool) -> str:
    """`$250.60`, or `$250.60, capped` for a payout cut to the card's maximum payout."""
    return dollars(amount) + (", capped" if capped else "")
