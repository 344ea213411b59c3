"""What the sheet layouts share: the columns several of them read, the names of leagues, and the marks
written beside a team (`@Packers`, `Bears (A)`, `Michigan (N)`)."""

from __future__ import annotations

import re

from ..core import leagues
from .sheets import Column, text_of

LEAGUES = leagues.word_codes()  # every word a league is known by → its code (core/leagues.py)
NEUTRAL_MARK = re.compile(r"\s*\(\s*n\s*\)\s*", re.I)
HOME_MARK = re.compile(r"^(?:@\s*|\*\s*|at\s+)", re.I)
HOME_SUFFIX = re.compile(r"\s*\(\s*(?:h|home)\s*\)\s*$", re.I)
AWAY_SUFFIX = re.compile(r"\s*\(\s*(?:a|v|away|vis|visitor|road)\s*\)\s*$", re.I)

# Columns several layouts read.
DATE = Column("date", "Date", ("day", "game date", "gamedate", "gameday", "game day"))
TIME = Column("time", "Time", ("kickoff time", "start time", "time et", "ko time"))
KICKOFF = Column(
    "kickoff",
    "Kickoff",
    (
        "ko",
        "date/time",
        "datetime",
        "date time",
        "when",
        "game time",
        "start",
        "commence time",
        "start date",
        "start datetime",
        "event date",
        "scheduled",
    ),
)
TOTAL = Column(
    "total", "Total", ("o/u", "ou", "over/under", "over under", "totals", "tot", "total points", "total line")
)
LEAGUE = Column("league", "League", ("lg", "lge", "sport"))
NEUTRAL = Column("neutral", "Neutral", ("neutral site", "neut", "ns", "n"))
SITE = Column(
    "site",
    "At/Vs",
    (
        "at/vs",
        "vs/at",
        "@/vs",
        "vs/@",
        "at/v",
        "v/at",
        "@/v",
        "at",
        "vs",
        "v",
        "@",
        "site",
        "at-vs",
        "at or vs",
        "at/vs/n",
        "at/n",
        "@/n",
        "location",
        "venue type",
    ),
)
SITE_AT = frozenset({"at", "@", "home"})  # a location column's Home: the home team's own ground
SITE_NEUTRAL = frozenset({"vs", "v", "n", "neutral", "(n)", "vs (n)", "neutral site", "ns", "versus"})
WHEN_COLUMNS = (DATE, TIME, KICKOFF)


def league_of(text: object) -> str | None:
    """`College`, `NCAAF`, `cfb` → NCAA; `nfl` → NFL; `nba`, `MLB` …; None when the text is not a league's name."""
    return LEAGUES.get(leagues.squash(text_of(text)))


def league_named(text: object) -> str | None:
    """The league a name or title starts with: `NCAA Week 13`, `College Football Week 13`, `NFL`."""
    words = re.findall(r"[^\W\d_]+", text_of(text))
    return next(
        (league for n in (2, 1) if len(words) >= n and (league := league_of(" ".join(words[:n])))), None
    )


def team_name(text: str) -> tuple[str, bool]:
    """A team as written, less a neutral-site mark: `Michigan (N)` → ("Michigan", True)."""
    if NEUTRAL_MARK.search(text):
        return NEUTRAL_MARK.sub(" ", text).strip(), True
    return text, False


def side_marked(text: str, prefix: bool = True) -> tuple[str, str | None]:
    """A team as written, less a mark of its side: `@Packers`, `at Green Bay`, `*Packers`, `Packers (H)` →
    (name, "home"); `Bears (A)`, `Bears (V)` → (name, "away"); else (text, None). Without `prefix`, only
    the marks after a name are read (an Away column's `@Bears` is a name as written)."""
    m = HOME_MARK.match(text) if prefix else None
    if m and text[m.end() :].strip():
        return text[m.end() :].strip(), "home"
    for suffix, side in ((HOME_SUFFIX, "home"), (AWAY_SUFFIX, "away")):
        m = suffix.search(text)
        if m and text[: m.start()].strip():
            return text[: m.start()].strip(), side
    return text, None
