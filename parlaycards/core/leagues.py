"""The leagues a card can hold, as data: one table, read by the importers, the feeds, grading and printing.

A game stores its league's `code` ("NFL", "NCAA", "NBA", …; NCAA is college football, as cards stored
before this table wrote it). Everything else a league decides is looked up here: the sport, the words
users type for it, its ESPN scoreboard path and The Odds API key (when it has a feed), the team alias
table, the line increment and the usual run or puck line, the teasers it offers, whether the lower
score finishes ahead (golf strokes, race positions), whether a game is a matchup of two competitors,
and how a tie happens (said on the card's rules and in `leagues`).
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

Sport = Literal["football", "basketball", "baseball", "hockey", "golf", "racing", "other"]
HALF = Decimal("0.5")


class League(BaseModel):
    """One league: what it is called, where its lines come from, and how its games are settled."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str  # as a game stores it
    name: str  # as a card's title says it
    sport: Sport
    words: tuple[str, ...] = ()  # other names users and sheets write (letters only compared)
    espn: str | None = None  # ESPN scoreboard path: "football/nfl"
    espn_params: tuple[tuple[str, str], ...] = ()  # extra query parameters (college groups)
    odds_api: str | None = None  # The Odds API sport key
    aliases: str | None = None  # the team alias table (core/teams.py) by name
    step: Decimal = HALF  # lines and totals move by this much
    run_line: Decimal | None = None  # the usual fixed line (baseball run line, hockey puck line)
    teasers: tuple[Decimal, ...] = ()  # the teaser points this sport's cards offer
    weeks: bool = False  # its schedule is in numbered weeks (a feed's `--week`)
    ranked: bool = False  # the feed carries poll ranks (`--top`)
    lower_wins: bool = False  # the lower score finishes ahead (strokes, positions)
    matchup: bool = False  # games are two competitors, no home or away
    ties: str = "a tie is a push"  # how a tie happens, in words
    can_tie: bool = True  # a final may be level (NFL regular season, golf); False: a tied final is a mistake

    @property
    def has_feed(self) -> bool:
        return self.espn is not None


FOOTBALL_TEASERS = (Decimal(6), Decimal("6.5"), Decimal(7), Decimal(10), Decimal(14))
BASKETBALL_TEASERS = (Decimal(4), Decimal("4.5"), Decimal(5))
FOOTBALL_TIES = "a game can end tied after overtime (NFL regular season); on a spread, landing on the number"
COLLEGE_TIES = "overtime until someone wins: a push only lands on the number"

LEAGUES: tuple[League, ...] = (
    League(
        code="NFL",
        name="NFL",
        sport="football",
        words=("pro football",),
        espn="football/nfl",
        odds_api="americanfootball_nfl",
        aliases="NFL",
        teasers=FOOTBALL_TEASERS,
        weeks=True,
        ties=FOOTBALL_TIES,
    ),
    League(
        code="NCAA",
        name="College Football",
        sport="football",
        words=("ncaaf", "cfb", "college", "college football", "ncaa football", "fbs", "fcs"),
        espn="football/college-football",
        espn_params=(("groups", "80"), ("limit", "400")),
        odds_api="americanfootball_ncaaf",
        aliases="NCAA",
        teasers=FOOTBALL_TEASERS,
        weeks=True,
        ranked=True,
        ties=COLLEGE_TIES,
        can_tie=False,
    ),
    League(
        code="NBA",
        name="NBA",
        sport="basketball",
        words=("pro basketball",),
        espn="basketball/nba",
        odds_api="basketball_nba",
        teasers=BASKETBALL_TEASERS,
        ties="overtime until someone wins: a push only lands on the number",
        can_tie=False,
    ),
    League(
        code="NCAAB",
        name="College Basketball",
        sport="basketball",
        words=("cbb", "college basketball", "ncaa basketball", "mens college basketball", "ncaam"),
        espn="basketball/mens-college-basketball",
        espn_params=(("groups", "50"), ("limit", "400")),
        odds_api="basketball_ncaab",
        teasers=BASKETBALL_TEASERS,
        ranked=True,
        ties="overtime until someone wins: a push only lands on the number",
        can_tie=False,
    ),
    League(
        code="WNBA",
        name="WNBA",
        sport="basketball",
        espn="basketball/wnba",
        odds_api="basketball_wnba",
        teasers=BASKETBALL_TEASERS,
        ties="overtime until someone wins: a push only lands on the number",
        can_tie=False,
    ),
    League(
        code="MLB",
        name="MLB",
        sport="baseball",
        words=("baseball",),
        espn="baseball/mlb",
        odds_api="baseball_mlb",
        run_line=Decimal("1.5"),
        ties="extra innings until someone wins; run lines of ±1½ cannot push",
        can_tie=False,
    ),
    League(
        code="NHL",
        name="NHL",
        sport="hockey",
        words=("hockey",),
        espn="hockey/nhl",
        odds_api="icehockey_nhl",
        run_line=Decimal("1.5"),
        ties="overtime and a shootout decide every game (the shootout winner gets one goal)",
        can_tie=False,
    ),
    League(
        code="HS",
        name="High School",
        sport="football",
        words=("high school", "hs football"),
        teasers=FOOTBALL_TEASERS,
        ties="overtime by state rules; a tie is a push",
    ),
    League(
        code="PGA",
        name="Golf",
        sport="golf",
        words=("golf", "pga tour", "lpga"),
        lower_wins=True,
        matchup=True,
        ties="equal strokes is a push; a golfer who does not start voids the matchup",
    ),
    League(
        code="NASCAR",
        name="NASCAR",
        sport="racing",
        words=("racing", "cup series", "auto racing"),
        lower_wins=True,
        matchup=True,
        ties="positions cannot tie; a driver who does not start voids the matchup",
        can_tie=False,
    ),
    League(
        code="LOCAL",
        name="Local",
        sport="other",
        words=("local game",),
        ties="equal scores are a push",
    ),
    League(code="CFL", name="CFL", sport="football", teasers=FOOTBALL_TEASERS, ties=FOOTBALL_TIES),
    League(code="UFL", name="UFL", sport="football", teasers=FOOTBALL_TEASERS, ties=FOOTBALL_TIES),
    League(code="XFL", name="XFL", sport="football", teasers=FOOTBALL_TEASERS, ties=FOOTBALL_TIES),
    League(code="USFL", name="USFL", sport="football", teasers=FOOTBALL_TEASERS, ties=FOOTBALL_TIES),
)


def squash(text: str) -> str:
    """Letters only, lower case: how league names are compared ("College-Football" = "collegefootball")."""
    return re.sub(r"[^a-z]", "", str(text).casefold())


@lru_cache(maxsize=1)
def _by_word() -> dict[str, League]:
    out: dict[str, League] = {}
    for lg in LEAGUES:
        for w in (lg.code, lg.name, *lg.words, *((lg.espn.split("/")[-1],) if lg.espn else ())):
            out.setdefault(squash(w), lg)
        if lg.odds_api:
            out.setdefault(squash(lg.odds_api.split("_", 1)[-1]), lg)
    return out


def word_codes() -> dict[str, str]:
    """Every word a league is known by (letters only) → its code."""
    return {w: lg.code for w, lg in _by_word().items()}


def named(text: object) -> League | None:
    """The league `text` names (`nfl`, `College`, `ncaab`, `mens-college-basketball`, `PGA`), or None."""
    return _by_word().get(squash(str(text))) if text is not None else None


def get(code: str) -> League | None:
    """The league a game's stored code names (any case), or None for a code the table does not hold."""
    return named(code)


def with_feed() -> tuple[League, ...]:
    return tuple(lg for lg in LEAGUES if lg.has_feed)


def accepted(leagues: tuple[League, ...] = LEAGUES) -> str:
    """`nfl, ncaaf, nba, …` as a refusal lists them."""
    return ", ".join(_typed(lg) for lg in leagues)


def _typed(lg: League) -> str:
    return {"NCAA": "ncaaf", "HS": "hs", "PGA": "pga"}.get(lg.code, lg.code.lower())


def tied_by_mistake(code: str, away: int | None, home: int | None) -> bool:
    """A final level on both scores in a league whose games cannot end tied (an NHL 3-3: overtime and a
    shootout decide every game)."""
    lg = get(code)
    return lg is not None and not lg.can_tie and away is not None and away == home


def lower_wins(code: str) -> bool:
    lg = get(code)
    return lg is not None and lg.lower_wins
