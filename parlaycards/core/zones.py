"""Time zones by IANA name, with the one error message users see for a bad name."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .errors import ParlayError


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ParlayError(
            f'"{name}" is not a time zone. Accepted: IANA names such as America/New_York, '
            "America/Chicago, America/Los_Angeles, Europe/London."
        ) from None


def localise(moment: datetime | date, tz: str) -> datetime | date:
    """A wall-clock time (naive) placed in zone `tz`; aware times and bare dates unchanged."""
    if isinstance(moment, datetime) and moment.tzinfo is None:
        return moment.replace(tzinfo=zone(tz))
    return moment
