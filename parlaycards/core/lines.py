"""Line notation, parsed in one place and printed in one place.

Spreads: `-3.5`, `-3½`, `-3 1/2`, `-3 ½`, `+7`, `PK`, `pick`, `pick'em`, `pk'em`, `EV`, `even`, `0`,
optionally followed by a price (`-3 -110`, `-6.5 (-105)`, `-3 EV`). Totals: `44½`, `44.5`, `o44.5`,
`u44.5`, `o/u 44½`, `O/U 44.5`, optionally with a price. Halves print as `½`.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import NamedTuple

from .text import digits_note

SPREAD_ACCEPTED = "Accepted: -3.5, -3½, -3 1/2, +7, PK, pick, EV (a price such as -110 may follow)."
TOTAL_ACCEPTED = "Accepted: 44.5, 44½, 44 1/2, o44.5, u44.5, O/U 44½ (a positive number of points)."
NO_LINE_WORDS = {"nl", "off", "n/a", "na", "-", "--", "x", "tba", ""}
PICK_WORDS = {"pk", "pick", "pick'em", "pickem", "pick em", "pk'em", "pkem", "ev", "even", "evens", "p"}

_NUMBER = re.compile(r"^([+-]?)\s*(\d+(?:\.\d+)?)?\s*(½|1/2)?$", re.ASCII)
_PRICE = re.compile(r"^(.*?)\s*\(?\s*([+-]\d{3,4}|EV|ev|even)\s*\)?$", re.ASCII)


class LineError(ValueError):
    """A line that cannot be read; `accepted` says what would be."""

    def __init__(self, text: str, kind: str, accepted: str):
        self.text = text
        self.kind = kind
        self.accepted = accepted
        super().__init__(f'the {kind} "{text}" is not a line.{digits_note(text)} {accepted}')


class Line(NamedTuple):
    value: Decimal
    price: int | None


def _normalise(text: str) -> str:
    t = str(text).strip().replace("\u2212", "-").replace("\u2013", "-").replace("\u00a0", " ")
    return re.sub(r"\s+", " ", t)


def _number(body: str) -> Decimal | None:
    body = body.strip()
    m = _NUMBER.match(body.replace(" ", "", 1) if re.match(r"^[+-]\s", body) else body)
    if not m:
        m = re.match(r"^([+-]?)\s*([0-9]+)\s+(½|1/2)$", body)
        if not m:
            return None
    sign, digits, half = m.group(1), m.group(2), m.group(3)
    if not digits and not half:
        return None
    try:
        value = Decimal(digits or 0)
    except InvalidOperation:
        return None
    if half:
        if digits and "." in digits:
            return None
        value += Decimal("0.5")
    return -value if sign == "-" else value


def _split_price(t: str) -> tuple[str, int | None]:
    """Split `-3 -110` / `-6.5 (-105)` / `-3 EV` into line text and price."""
    m = re.match(r"^(.+?)\s+\(?\s*([+-][0-9]{3,4})\s*\)?$", t)
    if m:
        return m.group(1), int(m.group(2))
    m = re.match(r"^(.+?)\s*\(\s*([+-][0-9]{3,4})\s*\)$", t)
    if m:
        return m.group(1), int(m.group(2))
    m = re.match(r"^(.+?)\s+(?:EV|ev|Ev|even|EVEN)$", t)
    if m and m.group(1).strip().lower() not in PICK_WORDS:
        return m.group(1), 100
    return t, None


def is_pick(text: str) -> bool:
    """`PK`, `pick'em`, `EV` and the like: a game without a favourite."""
    return _normalise(text).lower() in PICK_WORDS


def is_no_line(text: object) -> bool:
    return text is None or _normalise(str(text)).lower() in NO_LINE_WORDS


def parse_spread(text: object) -> Line:
    """Parse a spread as written (sign as given). Raises LineError."""
    if isinstance(text, (int, float, Decimal)) and not isinstance(text, bool):
        value = _exact(text)
        if value is None or abs(value) > 100:
            raise LineError(str(text), "spread", SPREAD_ACCEPTED)
        return Line(value, None)
    raw = _normalise(str(text))
    body, price = _split_price(raw)
    if body.lower().strip() in PICK_WORDS or body.strip() in {"0", "+0", "-0"}:
        return Line(Decimal(0), price)
    value = _number(body)
    if value is None or abs(value) > 100:
        raise LineError(str(text), "spread", SPREAD_ACCEPTED)
    return Line(value, price)


def parse_total(text: object) -> Line:
    """Parse a total (`44½`, `o44.5`, `O/U 44.5`, `44 -110`). Raises LineError."""
    if isinstance(text, (int, float, Decimal)) and not isinstance(text, bool):
        value = _exact(text)
        if value is None or value <= 0 or value > 400:
            raise LineError(str(text), "total", TOTAL_ACCEPTED)
        return Line(value, None)
    raw = _normalise(str(text))
    raw = re.sub(r"^(?:o/u|ou|o-u|total)\s*:?\s*", "", raw, flags=re.I)
    m = re.match(r"^([ou])\s*(?=[0-9])", raw, flags=re.I)
    if m:
        raw = raw[m.end() :]
    m = re.match(r"^([0-9][0-9.½ /]*?)\s*([ou])\s*(-?[0-9]{2,4})$", raw, flags=re.I)  # 44u-115, 7.5o15
    if m:
        raw = m.group(1)
    body, price = _split_price(raw)
    total = _number(body)
    if total is None or total <= 0 or body.strip().startswith(("-", "+")) or total > 400:
        raise LineError(str(text), "total", TOTAL_ACCEPTED)
    return Line(total, price)


def _exact(x: int | float | Decimal) -> Decimal | None:
    """A number from a spreadsheet cell as written (40, never 4E+1); None when it is no line at all (not
    finite, or too large to be one)."""
    d = Decimal(str(x)) if isinstance(x, float) else Decimal(x)
    if not d.is_finite() or abs(d) > 1000:
        return None
    return _plain(d)


def _plain(d: Decimal) -> Decimal:
    return d.quantize(Decimal(1)) if d == d.to_integral_value() else d  # 40, never 4E+1


def to_half(value: Decimal | int | float | str) -> Decimal:
    """A line rounded to the half point a card shows: `-3.25` → `-3.5`, `44.75` → `45`, `2.9` → `3`.

    Exactly between two half points (a quarter) goes away from zero: the favourite lays the bigger number
    and the total is the higher one, as a book hanging a line between two numbers would print it."""
    v = Decimal(str(value)) if isinstance(value, float) else Decimal(value)
    doubled = (abs(v) * 2).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    out = doubled / 2
    return _plain(-out if v < 0 else out)


def half(value: Decimal | int | float) -> str:
    """`3.5` → `3½`, `3` → `3`, `0.5` → `½` (no sign)."""
    v = abs(Decimal(str(value)))
    whole = int(v)
    frac = v - whole
    if frac == 0:
        return str(whole)
    if frac == Decimal("0.5"):
        return f"{whole}½" if whole else "½"
    return format(v.normalize(), "f")


def format_spread(value: Decimal | None) -> str:
    """A side's line as printed: `-3½`, `+7`, `PK`."""
    if value is None:
        return ""
    if value == 0:
        return "PK"
    return ("-" if value < 0 else "+") + half(value)


def format_total(value: Decimal | None) -> str:
    return "" if value is None else half(value)


def is_signed(text: object) -> bool:
    """A spread that says by itself whose it is: an explicit + or −, or a pick'em (PK, EV, 0)."""
    if isinstance(text, (int, float, Decimal)) and not isinstance(text, bool):
        return text <= 0
    body, _ = _split_price(_normalise(str(text)))
    return body.startswith(("+", "-")) or body.lower() in PICK_WORDS or body in {"0", "+0", "-0"}


def is_marked_total(text: object) -> bool:
    """A total written with its marker: `o44½`, `u44.5`, `O/U 44½`, `total 44`."""
    return (
        isinstance(text, str)
        and re.match(r"^(?:o/u|ou|o-u|total|[ou])\s*:?\s*[0-9]", _normalise(text), re.I) is not None
    )


def split_named(text: object) -> tuple[str, str] | None:
    """A line written after a team's name, `GB -6½`, `Home -7 1/2`, `49ers PK` → (name, line text)."""
    t = re.sub(r"(?<=[^\W\d_])([+-])(?=\d)", r" \1", _normalise(str(text)))
    words = t.split(" ")
    for i in range(1, len(words)):
        name, rest = " ".join(words[:i]), " ".join(words[i:])
        if not re.search(r"[^\W\d_]", name):
            continue
        try:
            parse_spread(rest)
        except LineError:
            continue
        return name, rest
    return None
