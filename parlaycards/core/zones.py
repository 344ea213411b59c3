"""Time zones by IANA name, with the one error message users see for a bad name."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, overload
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .errors import ParlayError

if TYPE_CHECKING:
    from .models import Card


class YearlessDateTime(datetime):
    """A date and time typed without a year (`10/5 7pm`): read in today's year for want of better, its
    year is the one nearest the card's week once the card is known (`localise(..., near=)`)."""


class YearlessDate(date):
    """A date typed without a year; see `YearlessDateTime`."""


def yearless(moment: datetime | date) -> datetime | date:
    """`moment` marked as typed without a year."""
    if isinstance(moment, datetime):
        return YearlessDateTime.combine(moment.date(), moment.timetz())
    return YearlessDate(moment.year, moment.month, moment.day)


def week_of(kickoffs: Iterable[datetime | date | None]) -> date | None:
    """The day a card's week starts: its earliest kickoff (None for a card with no game, or none dated)."""
    days = [k.date() if isinstance(k, datetime) else k for k in kickoffs if k is not None]
    return min(days) if days else None


def _near(moment: datetime | date, near: date) -> datetime | date:
    """A year-less `moment` in the year that puts it nearest `near`; as a plain datetime or date."""
    options = []
    for year in (near.year - 1, near.year, near.year + 1):
        try:
            options.append(moment.replace(year=year))
        except ValueError:  # Feb 29 in a year without one
            continue
    near = near.date() if isinstance(near, datetime) else near
    day = min(options, key=lambda m: abs(((m.date() if isinstance(m, datetime) else m) - near).days))
    if isinstance(day, datetime):
        return datetime.combine(day.date(), day.timetz())
    return date(day.year, day.month, day.day)


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ParlayError(
            f'"{name}" is not a time zone. Accepted: IANA names such as America/New_York, '
            "America/Chicago, America/Los_Angeles, Europe/London."
        ) from None


@overload
def localise(moment: datetime, tz: str, near: date | None = None) -> datetime: ...
@overload
def localise(moment: date, tz: str, near: date | None = None) -> date: ...
def localise(moment: datetime | date, tz: str, near: date | None = None) -> datetime | date:
    """A wall-clock time (naive) placed in zone `tz`; aware times and bare dates unchanged. A moment
    typed without a year takes the year nearest `near` (the card's week), when given."""
    if isinstance(moment, YearlessDateTime | YearlessDate):
        moment = _near(moment, near if near is not None else moment)
    if isinstance(moment, datetime) and moment.tzinfo is None:
        return moment.replace(tzinfo=zone(tz))
    return moment


@overload
def on_card(moment: datetime, card: Card) -> datetime: ...
@overload
def on_card(moment: date, card: Card) -> date: ...
def on_card(moment: datetime | date, card: Card) -> datetime | date:
    """`moment` as typed for `card`: a wall-clock time in the card's zone, a year left out the one nearest
    the card's week."""
    return localise(moment, card.timezone, week_of(g.kickoff for g in card.games))


def handed_in(when: datetime | date | None, card: Card) -> datetime:
    """When a card (or a sheet of picks) was handed in: `when` as typed for `card` (`on_card`; a day alone
    is its midnight on the card's clock), else now."""
    if when is None:
        return datetime.now(UTC)
    placed = on_card(when, card)
    if isinstance(placed, datetime):
        return placed
    return datetime.combine(placed, datetime.min.time(), zone(card.timezone))
