"""What a column of a sheet holds, from its values alone: teams, both teams in one cell, a line, points, a
line naming its team, a total, moneylines, rotation numbers, a week, a season, a site, dates and times (see
`io/guess.py`, which guesses a mapping from these kinds)."""

from __future__ import annotations

import re
from datetime import date, datetime, time
from decimal import Decimal

from ..core import teams
from ..core.lines import LineError, is_no_line, parse_spread, parse_total, split_named
from ..core.when import Calendar, WhenError
from .matchup import less_line
from .rotation import money as money_of
from .sheets import HEADER_ROWS, Sheet, text_of, whole_of
from .words import SITE_AT, SITE_NEUTRAL

TOTALS = (Decimal(30), Decimal(70))  # football's
BASKETBALL = (Decimal(120), Decimal(300))  # basketball's totals
SITES = SITE_AT | SITE_NEUTRAL
_SPLIT = re.compile(r"\s+(?:@|at|vs\.?|v\.?|versus)\s+|\s*@\s*", re.I)


def header_row_of(sheet: Sheet) -> int:
    """The likeliest header (0: none): the row of two or more cells above the first row that holds a
    number or a date (a day heading between them is passed over)."""
    for number, cells in enumerate(sheet.rows[:HEADER_ROWS], start=1):
        values = [v for v in cells if v is not None]
        if len(values) >= 2 and any(
            (number_of(v) is not None and re.search(r"\d", text_of(v)))
            or isinstance(v, (date, time))
            or _named(v)
            for v in values
        ):  # (a header's `Pick` reads as PK, and is no number)
            above = [
                n for n in range(number - 1, 0, -1) if sum(v is not None for v in sheet.rows[n - 1]) >= 2
            ]
            return above[0] if above else 0
    return 0


def kind_of(values: list[object], rows: int, calendar: Calendar) -> str | None:
    """What a column's values are (see the module's note), or None."""
    if len(values) * 2 < rows:
        return None
    said = _when_kind(values, calendar)
    if said is not None:
        return said
    if all(isinstance(v, str) and v.strip().casefold().rstrip(".") in SITES for v in values):
        return "site"
    whole = [whole_of(v, 5) for v in values]
    if all(w is not None for w in whole):
        said = _whole_kind([w for w in whole if w is not None], values)
        if said is not None:
            return said
    return _other_kind(values, rows)


def _when_kind(values: list[object], calendar: Calendar) -> str | None:
    """kickoff, date or time: cells a spreadsheet holds as such, or text that reads as one."""
    if all(isinstance(v, datetime) and (v.hour or v.minute) for v in values):
        return "kickoff"
    if all(isinstance(v, (date, datetime)) for v in values):
        return "date"
    if all(isinstance(v, time) for v in values):
        return "time"
    return _when(values, calendar) if all(isinstance(v, str) for v in values) else None


def _whole_kind(got: list[int], values: list[object]) -> str | None:
    """season, week, count or rot, for a column of whole numbers."""
    if all(1900 <= w <= 2100 for w in got) and len(set(got)) * 3 <= len(got) + 2:
        return "season"  # a year or a few, on many rows (distinct numbers are games' ids)
    if all(1 <= w <= 25 for w in got) and len(set(got)) * 2 <= len(got):
        return "week"  # a few weeks of many games each (whole points, seldom repeated, are no week)
    if len(got) > 1 and got[0] < 100 and got == list(range(got[0], got[0] + len(got))):
        return "count"  # 1, 2, 3 …: the games' numbers down the sheet
    if all(100 <= w <= 99999 for w in got) and len(set(got)) * 4 >= len(got) * 3 and _signed_none(values):
        return "rot"
    return None


def _other_kind(values: list[object], rows: int) -> str | None:
    """money, a line's kinds, a line naming its team, a matchup or teams."""
    prices = [money_of(v) for v in values]
    if all(p is not None for p in prices) and any(p is not None and p < 0 for p in prices):
        return "money"
    numbers = [number_of(v) for v in values]
    if all(n is not None or is_no_line(v) for n, v in zip(numbers, values, strict=True)):
        return _numbers_kind(values, [n for n in numbers if n is not None])
    named = [_named(v) for v, n in zip(values, numbers, strict=True) if n is None and not is_no_line(v)]
    if named and all(named):  # `GB -6½` in every cell, or in some beside bare lines
        return "named" if len(named) == len(values) else "line"
    if all(isinstance(v, str) and _two_teams(v) for v in values) and (
        sum(_known_game(str(v)) for v in values) * 2 >= len(values)
    ):  # (`Played at home` in a notes column is no game)
        return "matchup"
    words = [text_of(v) for v in values]
    if (
        len(values) == rows
        and all(
            (sum(ch.isalpha() for ch in w) >= 3 or re.fullmatch(r"[A-Z]{2,4}", w.strip()))
            and number_of(w) is None
            for w in words
        )
        and not any("_" in w or re.search(r"\d{3}", w) for w in words)
        and len(set(words)) * 4 >= len(words) * 3
    ):
        known = sum(known_team(w) for w in words)
        return "team" if known * 2 >= len(words) or len(set(words)) == len(words) else None
    if (
        len(values) == rows
        and len(set(words)) >= 2
        and sum(known_team(w) for w in words) * 4 >= len(words) * 3
    ):
        return "team"  # a season's file: each team on many rows
    return None


def _numbers_kind(values: list[object], got: list[Decimal]) -> str | None:
    """total, line (signed on some), points (never signed), either (a line or a total, each on some), None."""
    if not got:
        return None
    if all(TOTALS[0] <= n <= TOTALS[1] for n in got) or all(BASKETBALL[0] <= n <= BASKETBALL[1] for n in got):
        return "total"
    halves = all(n * 2 == int(n * 2) for n in got)
    if all(abs(n) < TOTALS[0] for n in got) and halves:
        signed = any(n < 0 for n in got) or not _signed_none(values)
        return "line" if signed else "points"
    small = [n for n in got if abs(n) < TOTALS[0]]
    if (
        halves
        and small
        and len(small) < len(got)
        and all(TOTALS[0] <= n <= TOTALS[1] for n in got if n not in small)
    ):
        return "either"
    return None


def _named(value: object) -> bool:
    """A line written after a known team's name: `GB -6½`, `49ers PK`."""
    named = split_named(value) if isinstance(value, str) else None
    return named is not None and known_team(named[0])


def _signed_none(values: list[object]) -> bool:
    return not any(isinstance(v, str) and v.strip()[:1] in ("+", "-") for v in values)


def _two_teams(text: str) -> bool:
    """Both teams in one cell: `Bears at Packers`, `Georgia vs. Clemson`, `Dallas@NY Giants`."""
    return _sides_of(text) is not None


def _sides_of(text: str) -> tuple[str, str] | None:
    for m in _SPLIT.finditer(text):
        first, second = text[: m.start()].strip(), text[m.end() :].strip()
        if first and second and all(sum(ch.isalpha() for ch in s) >= 2 for s in (first, second)):
            return first, second
    return None


def _known_game(text: str) -> bool:
    """A cell whose two sides are teams the alias table knows (a line after one allowed)."""
    sides = _sides_of(text)
    return sides is not None and all(known_team(less_line(s)[0]) for s in sides)


def known_team(name: str) -> bool:
    """A team of the alias table, in any league (Pittsburgh is the Steelers and the Panthers)."""
    return any(teams.canonical(name, league) is not None for league in (None, "NFL", "NCAA"))


def _when(values: list[object], calendar: Calendar) -> str | None:
    """kickoff, date or time when every value reads as one (text as `Sun 11/22`, `1:00 PM`, ISO 8601)."""
    try:
        read = [calendar.read(v) for v in values]
    except WhenError:
        return None
    days = [w.day is not None or w.weekday is not None for w in read]
    clocks = [w.clock is not None or w.tba for w in read]
    if all(days) and all(clocks):
        return "kickoff"
    if all(days):
        return "date"
    if all(clocks):
        return "time"
    return None


def number_of(value: object) -> Decimal | None:
    if isinstance(value, bool) or isinstance(value, (date, time)):
        return None
    for parse in (parse_spread, parse_total):
        try:
            return parse(value).value
        except (LineError, TypeError, ValueError):
            continue
    return None


def full_rows(rows: list[tuple[object, ...]]) -> list[tuple[object, ...]]:
    """The rows with as many cells filled as most rows, when a few (a third at most) are short of one (both
    teams in one cell, the next empty); empty when none is short, or too many are."""
    filled = [sum(v is not None for v in r) for r in rows]
    full = [r for r, n in zip(rows, filled, strict=True) if n >= max(filled, key=filled.count)]
    return full if len(full) * 3 >= len(rows) * 2 > len(full) * 2 else []
