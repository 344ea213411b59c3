"""One date/time reader: kickoffs keep the football clock, every other time is a plain clock."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from parlaycards.cli.values import moment
from parlaycards.core.errors import ParlayError
from parlaycards.core.when import MOMENT_ACCEPTED, Calendar, read_moment
from parlaycards.core.zones import localise
from parlaycards.io.entries import parse_received

ET = ZoneInfo("America/New_York")


def test_the_afternoon_rule_is_for_kickoffs_only():
    kick = Calendar(zone=ET, today=date(2026, 11, 20))
    assert kick.kickoff(kick.read("Sun 11/22 1:00"))[0] == datetime(2026, 11, 22, 13, 0, tzinfo=ET)
    assert parse_received("11/22/2026 9:30", ET) == datetime(2026, 11, 22, 9, 30, tzinfo=ET)
    typed = moment("2026-11-22 9:30", "cutoff")
    assert typed == datetime(
        2026, 11, 22, 9, 30
    )  # the wall clock as typed: the card's zone is added by the edit
    assert localise(typed, "America/New_York") == datetime(2026, 11, 22, 9, 30, tzinfo=ET)
    assert moment("2026-11-22T09:30:00-06:00", "cutoff") == datetime(2026, 11, 22, 10, 30, tzinfo=ET)


def test_received_takes_every_form_its_message_names():
    """ "11/28 11:45" was named as accepted, and refused."""
    assert parse_received("11/28 11:45", ET).replace(year=2026) == datetime(2026, 11, 28, 11, 45, tzinfo=ET)
    assert parse_received("11/28/2026 11:45 AM", ET) == datetime(2026, 11, 28, 11, 45, tzinfo=ET)
    assert parse_received("2026-11-28T11:45:00-06:00", ET) == datetime(2026, 11, 28, 12, 45, tzinfo=ET)
    assert parse_received(datetime(2026, 11, 28, 11, 45), ET) == datetime(2026, 11, 28, 11, 45, tzinfo=ET)


def test_one_list_of_accepted_forms():
    with pytest.raises(ValueError, match='the time received "soon" is not a date and time') as e:
        parse_received("soon", ET)
    assert MOMENT_ACCEPTED in str(e.value)
    with pytest.raises(ParlayError, match='--cutoff "Sunday-ish" is not a date and time') as p:
        moment("Sunday-ish", "cutoff")
    assert MOMENT_ACCEPTED in str(p.value)
    assert read_moment("2026-11-26", ET, "--kickoff") == date(2026, 11, 26)
