"""The words and forms kickoff cells are written in (see `core.when`): the accepted forms, US zone names,
prime-time names, months and weekdays, the patterns that find each part in a cell's text, and what is
left of the text as they are read off it."""

from __future__ import annotations

import re
from datetime import time

KICKOFF_ACCEPTED = (
    "Accepted: a date cell, 11/22, Sun 11/22, 11/22/2026, 2026-11-22, Nov 22, and times such as "
    "1:00 PM, 1p, 13:00, 4:25 ET, SNF, or TBA."
)
ZONES = {
    "et": "America/New_York",
    "est": "America/New_York",
    "edt": "America/New_York",
    "eastern": "America/New_York",
    "ct": "America/Chicago",
    "cst": "America/Chicago",
    "cdt": "America/Chicago",
    "central": "America/Chicago",
    "mt": "America/Denver",
    "mst": "America/Denver",
    "mdt": "America/Denver",
    "mountain": "America/Denver",
    "pt": "America/Los_Angeles",
    "pst": "America/Los_Angeles",
    "pdt": "America/Los_Angeles",
    "pacific": "America/Los_Angeles",
}
PRIME_TIME = {"tnf": (3, time(20, 15)), "snf": (6, time(20, 20)), "mnf": (0, time(20, 15))}
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")

# ISO 8601 as machines write it: 2023-10-08, 2023-10-08 13:00, 2023-10-08T17:00:00Z, 2023-10-08T13:00-04:00
ISO = re.compile(
    r"\b([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:([t ])([0-9]{1,2}):([0-9]{2})(:[0-9]{2}(?:\.[0-9]+)?)?"
    r"(?:\s*(z|utc|gmt|[+-][0-9]{2}(?::?[0-9]{2})?))?)?(?![0-9:])"
)
SERIAL = re.compile(r"^\s*([0-9]{5})(\.[0-9]+)?\s*$")  # an Excel serial date written as text (45207.54)
NUMERIC = re.compile(r"\b([0-9]{1,2})/([0-9]{1,2})(?:/([0-9]{4}|[0-9]{2}))?\b")
MONTH_DAY = re.compile(
    r"\b(" + "|".join(MONTHS) + r")[a-z]*\.?\s+([0-9]{1,2})(?:st|nd|rd|th)?(?:\s+([0-9]{4}))?\b"
)
DAY_MONTH = re.compile(r"\b([0-9]{1,2})\s+(" + "|".join(MONTHS) + r")[a-z]*\.?(?:\s+([0-9]{4}))?\b")
WEEKDAY = re.compile(r"\b(" + "|".join(DAYS) + r")[a-z]*\.?")
# a clock never follows a minus sign: "-1:00" is refused, not read as 1:00 (PM, on a football card)
CLOCK_AMPM = re.compile(
    r"(?<![-−–])\b([0-9]{1,2})(?::([0-9]{2}))?(?::[0-9]{2})?\s*([ap])\.?(?:m\.?)?(?![a-z])"
)
CLOCK_24 = re.compile(r"(?<![-−–])\b([0-9]{1,2}):([0-9]{2})(?::[0-9]{2})?\b")
ZONE = re.compile(r"\b(" + "|".join(ZONES) + r")\b")
TBA = re.compile(r"\b(?:tba|tbd|tbc)\b")


class Rest:
    """What is left of a cell's text as its date, clock, zone and words are read off it."""

    def __init__(self, raw: str):
        self.t = " " + re.sub(r"\s+", " ", raw.lower().replace(",", " ").replace("@", " ")) + " "

    def take(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        """The first match of `pattern`, cut out of what is left."""
        m = pattern.search(self.t)
        if m:
            self.t = self.t[: m.start()] + " " + self.t[m.end() :]
        return m

    def drop(self, word: str) -> bool:
        """Whether `word` is there, every time it is cut out."""
        if not re.search(rf"\b{word}\b", self.t):
            return False
        self.t = re.sub(rf"\b{word}\b", " ", self.t)
        return True

    def prime_time(self) -> tuple[int, time] | None:
        """The weekday and kickoff of a prime-time name (`SNF`, `MNF`…): the last one named."""
        prime = None
        for word, (weekday, clock) in PRIME_TIME.items():
            if self.drop(word):
                prime = (weekday, clock)
        return prime

    def left(self) -> bool:
        """Whether anything but filler words and punctuation is left."""
        return bool(re.sub(r"\b(?:at|kickoff|ko|game|time)\b|[-–.:/()]", " ", self.t).strip())
