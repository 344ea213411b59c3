"""Kickoff dates and times as sheets write them: Excel date/time cells or text such as `Sun 11/22`, `1:00p`.

A date without a year takes the year nearest the sheet's own dates (the earliest full date in the
workbook), else the year the sheet names (a title such as "November 19–23, 2026"), else the year that
puts it nearest today. A weekday alone (`Sun 1:00p`) is the next such day from the sheet's first date or today.
Kickoff times without am/pm: 1–10 are afternoon/evening (football), 11 and 12 morning and noon, 0 and
13–23 a 24-hour clock; every other time (received, cutoff) is a plain 24-hour clock: `Calendar.football`
is that switch. A zone written after the time (`4:25 ET`, `7:30 CT`) wins over the sheet's zone.

`read_moment` reads one date and time typed or written anywhere else (received-at, a cutoff, a kickoff
typed on the command line) with the same rules and one list of accepted forms.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

from .when_words import (
    CLOCK_24,
    CLOCK_AMPM,
    DAY_MONTH,
    DAYS,
    ISO,
    KICKOFF_ACCEPTED,
    MONTH_DAY,
    MONTHS,
    NUMERIC,
    SERIAL,
    TBA,
    WEEKDAY,
    ZONE,
    ZONES,
    Rest,
)
from .zones import yearless


def zone_named(text: str) -> ZoneInfo | None:
    """The zone a header names (`Time (CT)`, `Kickoff ET`, `Pacific time`), or None."""
    m = ZONE.search(text.casefold())
    return ZoneInfo(ZONES[m[1]]) if m else None


class WhenError(ValueError):
    """A date or time that cannot be read: the text, and why."""

    def __init__(self, text: str, why: str = f"is not a date or time. {KICKOFF_ACCEPTED}"):
        self.text = text
        self.why = why
        super().__init__(f'the kickoff "{text}" {why}')


@dataclass(frozen=True)
class When:
    """What one cell says about a kickoff (any part may be missing)."""

    day: date | None = None
    clock: time | None = None
    zone: tzinfo | None = None  # a zone (ET) or an offset (Z, -04:00) the cell names
    weekday: int | None = None  # a weekday given without a date
    tba: bool = False

    def __or__(self, other: When) -> When:
        """Fill what this cell leaves out from `other`."""
        clock, zone = (self.clock, self.zone) if self.clock else (other.clock, other.zone)
        return When(
            day=self.day or other.day,
            clock=clock,
            zone=zone,
            weekday=self.weekday if self.weekday is not None else other.weekday,
            tba=(self.tba or other.tba) and clock is None,
        )


@dataclass(frozen=True)
class Calendar:
    """How a workbook's dates are read: its zone, and what fixes a year or a week."""

    zone: ZoneInfo
    today: date
    anchor: date | None = None  # the earliest full date in the workbook
    year: int | None = None  # a year the workbook names
    football: bool = True  # hours 1–10 without am/pm are afternoon (kickoffs); False: a 24-hour clock

    @classmethod
    def of(cls, values: Iterable[object], zone: ZoneInfo, today: date | None = None) -> Calendar:
        """Look through a workbook's cells for full dates and named years."""
        dates: list[date] = []
        years: Counter[int] = Counter()
        for v in values:
            if isinstance(v, datetime | date) and v.year >= 2000:
                dates.append(v.date() if isinstance(v, datetime) else v)
            elif isinstance(v, str) and re.search(r"20[0-9][0-9]", v):
                dates.extend(
                    d for m in ISO.finditer(v.lower()) if (d := _valid(int(m[1]), int(m[2]), int(m[3])))
                )
                years.update(int(y) for y in re.findall(r"\b(20[0-9][0-9])\b", v))
        return cls(
            zone=zone,
            today=today or datetime.now(zone).date(),
            anchor=min(dates) if dates else None,
            year=years.most_common(1)[0][0] if years else None,
        )

    def read(self, value: object) -> When:
        """One cell: a date, a time, a datetime, a number Excel stores them as, or text."""
        if value is None or value == "":
            return When()
        if isinstance(value, datetime):
            if value.year < 1901:  # a time Excel kept on its zero day
                return When(clock=value.time())
            return When(day=value.date(), clock=value.time() if value.time() != time(0) else None)
        if isinstance(value, date):
            return When(day=value)
        if isinstance(value, time):
            return When(clock=value.replace(tzinfo=None))
        if isinstance(value, timedelta):
            return When(clock=(datetime.min + value).time())
        if isinstance(value, int | float) and not isinstance(value, bool):
            if 0 <= value < 1:
                return When(clock=(datetime.min + timedelta(minutes=round(value * 1440))).time())
            if 30000 < value < 80000:  # an Excel serial date in a cell without a date format
                minutes = round(value * 1440)  # to the minute: a serial's float is never exact
                return self.read(datetime(1899, 12, 30) + timedelta(minutes=minutes))
            raise WhenError(text_number(value))
        if isinstance(value, str) and SERIAL.match(value) and 30000 < float(value) < 80000:
            return self.read(float(value))
        return self._text(str(value))

    def _text(self, raw: str) -> When:
        rest = Rest(raw)
        tba = rest.take(TBA) is not None
        prime = None if tba else rest.prime_time()
        zone: tzinfo | None = ZoneInfo(ZONES[m[1]]) if (m := rest.take(ZONE)) is not None else None
        day, clock, offset = self._date(rest, raw)
        zone = offset or zone
        weekday = DAYS.index(m[1]) if (m := rest.take(WEEKDAY)) is not None else None
        clock = self._clock(rest, raw) or clock
        if rest.left():
            raise WhenError(raw)
        if prime is not None:
            weekday = weekday if weekday is not None else prime[0]
            clock, zone = clock or prime[1], zone or ZoneInfo("America/New_York")
        if day is not None and weekday is not None and day.weekday() != weekday:
            raise WhenError(
                raw, f"says {_day_name(weekday)}, but {day:%m/%d/%Y} is a {day:%A}. Check the date."
            )
        return When(
            day=day,
            clock=clock,
            zone=zone if clock else None,
            weekday=weekday if day is None else None,
            tba=tba,
        )

    def _date(self, rest: Rest, raw: str) -> tuple[date | None, time | None, tzinfo | None]:
        """The date a cell's text holds (with the clock and offset of an ISO stamp), read off `rest`."""
        if (m := rest.take(ISO)) is not None:
            day = _checked(int(m[1]), int(m[2]), int(m[3]), raw)
            if not m[5]:
                return day, None, None
            # a T, seconds or an offset: a machine's 24-hour clock, never the football afternoon
            machine = m[4] == "t" or m[7] is not None or m[8] is not None
            clock = _clock(int(m[5]), int(m[6]), None, raw, self.football and not machine)
            return day, clock, _offset(m[8], raw) if m[8] else None
        if (m := rest.take(NUMERIC)) is not None:
            return self._day(int(m[1]), int(m[2]), m[3], raw), None, None
        if (m := rest.take(MONTH_DAY)) is not None:
            return self._day(MONTHS.index(m[1]) + 1, int(m[2]), m[3], raw), None, None
        if (m := rest.take(DAY_MONTH)) is not None:
            return self._day(MONTHS.index(m[2]) + 1, int(m[1]), m[3], raw), None, None
        return None, None, None

    def _clock(self, rest: Rest, raw: str) -> time | None:
        """The time of day a cell's text says in words or digits, read off `rest`."""
        if (m := rest.take(CLOCK_AMPM)) is not None:
            return _clock(int(m[1]), int(m[2] or 0), m[3], raw, self.football)
        if (m := rest.take(CLOCK_24)) is not None:  # `09:30`, with its zero, is a 24-hour clock's morning
            return _clock(int(m[1]), int(m[2]), None, raw, self.football and not m[1].startswith("0"))
        if rest.drop("noon"):
            return time(12)
        return None

    def heading(self, raw: str) -> When | None:
        """A heading row's date with words around it (`FRIDAY, SEPT. 6, 2024 — at São Paulo, Brazil`,
        `Week 12: Sunday 11/22`, `SUNDAY`); None when it holds no date and does not start with a weekday."""
        try:
            return self._text(raw)
        except WhenError:
            pass
        t = re.sub(r"\s+", " ", raw.lower().replace(",", " "))
        found = [m for p in (ISO, NUMERIC, MONTH_DAY, DAY_MONTH) if (m := p.search(t))]
        if not found:
            m = re.match(r"\s*(" + "|".join(DAYS) + r")[a-z]*\.?(?=\s|$)", t)
            if m is None or len(m[0].strip()) < 3:
                return None
            return When(weekday=DAYS.index(m[1]))
        first = min(found, key=lambda m: m.start())
        before = re.search(r"\b(" + "|".join(DAYS) + r")[a-z]*\.?\s*$", t[: first.start()])
        part = t[before.start() if before else first.start() : first.end()]
        clock = CLOCK_AMPM.search(t, first.end())
        when = self._text(
            part
        )  # a date that is wrong in itself (a weekday that does not match) is still an error
        if clock is not None:
            try:
                when = self._text(part + " " + clock[0])
            except WhenError:
                pass
        return when

    def _day(self, month: int, day: int, year_text: str | None, raw: str) -> date:
        if year_text:
            year = int(year_text) + (2000 if len(year_text) == 2 else 0)
            return _checked(year, month, day, raw)
        if self.anchor is None and self.year is not None:
            return _checked(self.year, month, day, raw)
        near = self.anchor or self.today
        options = [d for y in (near.year - 1, near.year, near.year + 1) if (d := _valid(y, month, day))]
        if not options:
            raise WhenError(raw)
        return min(options, key=lambda d: abs((d - near).days))

    def kickoff(self, when: When) -> tuple[datetime | date | None, str | None]:
        """The kickoff a game's cells add up to, or a reason it cannot be had."""
        day = when.day
        if day is None and when.weekday is not None:
            base = self.anchor or self.today
            day = base + timedelta(days=(when.weekday - base.weekday()) % 7)
        if day is None:
            return None, (
                "has a time but no date. Add a Date column (11/22 or Sun 11/22) or a date to the time"
                if when.clock
                else None
            )
        if when.clock is None:
            return day, None
        local = datetime.combine(day, when.clock, tzinfo=when.zone or self.zone)
        return local.astimezone(self.zone), None


MOMENT_ACCEPTED = (
    'Accepted: a date-time cell, "2026-11-28 11:45", "2026-11-28T11:45", "11/28/2026 11:45 AM", '
    '"11/28 11:45", "Sat 11/28 9:30am", or a date alone ("2026-11-28").'
)


def read_moment(
    value: object, zone: ZoneInfo, what: str, *, today: date | None = None, football: bool = False
) -> datetime | date:
    """One date and time, as a cell or text, in `zone` unless it names one; a date alone stays a date.
    Hours without am/pm are a 24-hour clock unless `football`. ValueError names `what` and the forms."""
    typed = _iso(value)
    if typed is not None:
        return typed if typed.tzinfo else typed.replace(tzinfo=zone)
    cal = Calendar(zone=zone, today=today or datetime.now(zone).date(), football=football)
    return _read(cal, value, what)[0]


def _iso(value: object) -> datetime | None:
    """An ISO date and time (`2026-11-28T11:45`, with or without its offset), else None."""
    if isinstance(value, str) and ":" in value:
        try:
            return datetime.fromisoformat(value.strip())
        except ValueError:
            return None
    return None


def _read(cal: Calendar, value: object, what: str) -> tuple[datetime | date, When]:
    shown = (
        value if isinstance(value, str) else text_number(value) if isinstance(value, int | float) else value
    )
    try:
        when = cal.read(value)
    except WhenError:
        raise ValueError(f'{what} "{shown}" is not a date and time. {MOMENT_ACCEPTED}') from None
    moment, problem = cal.kickoff(when)
    if moment is None:
        raise ValueError(f'{what} "{shown}" {problem or "is not a date and time"}. {MOMENT_ACCEPTED}')
    return moment, when


def text_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _clock(hour: int, minute: int, ampm: str | None, raw: str, football: bool = True) -> time:
    if minute > 59 or hour > 23 or (ampm and not 1 <= hour <= 12):
        raise WhenError(raw)
    if ampm == "p" and hour != 12:
        hour += 12
    elif ampm == "a" and hour == 12:
        hour = 0
    elif ampm is None and football and 1 <= hour <= 10:
        hour += 12
    return time(hour, minute)


def _offset(text: str, raw: str) -> tzinfo:
    """`z`, `utc`, `+02:00`, `-0400`, `-04` → the zone an ISO time is written in."""
    if text in ("z", "utc", "gmt"):
        return ZoneInfo("UTC")
    digits = text[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:] or 0)
    if hours > 14 or minutes > 59:
        raise WhenError(raw)
    delta = timedelta(hours=hours, minutes=minutes)
    return timezone(-delta if text[0] == "-" else delta)


def _valid(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _checked(year: int, month: int, day: int, raw: str) -> date:
    d = _valid(year, month, day)
    if d is None:
        raise WhenError(raw)
    return d


def _day_name(weekday: int) -> str:
    return ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")[weekday]


UTC_ZONE = ZoneInfo("UTC")


def read_wall_clock(value: object, what: str, *, today: date | None = None) -> datetime | date:
    """A moment typed on the command line before its card is known: a date, or a date and time on the
    wall clock (naive, to be placed in the card's zone by `core.zones.localise`), or an aware time when the
    text names its zone or offset. Same forms and message as `read_moment`."""
    typed = _iso(value)
    if typed is not None:
        return typed
    day = today or datetime.now(UTC_ZONE).date()
    cal = Calendar(zone=UTC_ZONE, today=day, football=False)
    moment, when = _read(cal, value, what)
    if isinstance(moment, datetime) and when.zone is None:
        moment = moment.replace(tzinfo=None)  # read on a UTC calendar: the wall clock as typed
    # read again three years on: a date whose year moves with it was typed without one
    other, _ = _read(
        Calendar(zone=UTC_ZONE, today=day.replace(year=day.year + 3, day=min(day.day, 28)), football=False),
        value,
        what,
    )
    if other.year != moment.year and (other.month, other.day) == (moment.month, moment.day):
        return yearless(moment)
    return moment
