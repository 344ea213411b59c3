"""core.text: the one place money, days, hours, moments and plurals become text."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from decimal import Decimal

import pytest

from parlaycards.core import text


@pytest.mark.parametrize(
    ("amount", "shown", "plain"),
    [
        ("250.60", "$250.60", "250.60"),
        ("250", "$250.00", "250.00"),
        ("1234.5", "$1,234.50", "1234.50"),
        ("-5", "-$5.00", "-5.00"),
    ],
)
def test_money_keeps_its_cents(amount: str, shown: str, plain: str):
    assert text.dollars(Decimal(amount)) == shown
    assert text.plain(Decimal(amount)) == plain


@pytest.mark.parametrize(
    ("clock", "hour", "short"),
    [
        (time(0, 5), "12:05 AM", "12:05a"),
        (time(12, 0), "12:00 PM", "12:00p"),
        (time(13, 30), "1:30 PM", "1:30p"),
    ],
)
def test_hours(clock: time, hour: str, short: str):
    assert (text.hour(clock), text.hour_short(clock)) == (hour, short)


def test_days_moments_and_stamps_in_the_zone_asked():
    kick = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)  # 1:00 PM in New York
    assert text.day(date(2026, 11, 29)) == "Sun Nov 29"
    assert text.short_day(date(2026, 11, 29)) == "Sun 11/29"
    assert text.moment(kick, "America/New_York") == "Sun Nov 29, 1:00 PM EST"
    assert text.moment(kick, "America/New_York", " ", year=True) == "Sun Nov 29 2026 1:00 PM EST"
    assert text.stamp(kick, "America/New_York") == "2026-11-29 13:00"
    assert text.stamp(kick, "America/New_York", zone=True) == "2026-11-29 13:00 EST"
    assert text.short_stamp(kick, "America/Chicago", zone=True) == "11/29 12:00 CST"
    earlier = datetime(2023, 10, 5, 23, 0, tzinfo=UTC)
    assert text.moments((earlier, kick), "America/New_York") == (
        "Thu Oct 5 2023, 7:00 PM EDT",
        "Sun Nov 29 2026, 1:00 PM EST",
    )


def test_plurals():
    assert [text.plural(n, "card") for n in (0, 1, 2, 1200)] == [
        "0 cards",
        "1 card",
        "2 cards",
        "1,200 cards",
    ]
    assert text.plural(1, "entry", "entries") == "1 entry"
    assert text.plural(3, "entry", "entries") == "3 entries"
