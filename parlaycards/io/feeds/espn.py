"""ESPN's public scoreboard JSON (no key): the week's games, their status and scores, and the odds
block where the feed has one.

    GET {base}/nfl/scoreboard?week=12&seasontype=2&dates=2026          a regular-season NFL week
    GET {base}/college-football/scoreboard?groups=80&dates=20261128     FBS games of one day
    GET {base}/nfl/scoreboard?dates=20261119-20261124                   a span of days (results)

The body: `events[]`, each with `date` (UTC), `competitions[0]` holding `neutralSite`,
`competitors[]` (`homeAway`, `team.displayName` / `abbreviation`, `score`, `curatedRank.current`,
99 for unranked), `status.type` (`name` such as STATUS_FINAL / STATUS_FINAL_OVERTIME /
STATUS_POSTPONED, `state` pre / in / post, `completed`, `detail`) and `odds[]` (`provider.name`,
`details` such as "KC -6.5" or "EVEN", `overUnder`). The base URL is PARLAYCARDS_ESPN_URL.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from ...core import leagues, teams
from ...core.errors import ParlayError
from ...core.lines import PICK_WORDS, LineError, parse_spread, split_named, to_half
from ...core.when import read_moment
from .base import (
    Feed,
    FeedGame,
    Query,
    Request,
    Shape,
    Status,
    base_url,
    held,
    number,
    part,
    score,
    team_name,
    unexpected,
)

URL_ENV = "PARLAYCARDS_ESPN_URL"
DEFAULT_URL = "https://site.api.espn.com/apis/site/v2/sports"
SPORTS = {"football", "basketball", "baseball", "hockey"}  # ESPN's path segments
UNRANKED = 99
SCOREBOARD = (
    "An ESPN scoreboard holds a list of events, each with competitions[0] holding its two competitors (each "
    'with homeAway "away" or "home", a team with its displayName, and a score) and a status with its type.'
)


class Espn:
    name = "espn"
    label = "ESPN"

    def lines_request(self, query: Query) -> Request:
        params = self._league_params(query)
        if query.week is not None:
            params.update(week=str(query.week), seasontype="2", dates=str(query.season))
        elif query.day is not None:
            params["dates"] = f"{query.day:%Y%m%d}"
        return Request(self._url(query), params, what="lines")

    def scores_request(self, query: Query) -> Request:
        params = self._league_params(query)
        if query.first is not None and query.last is not None:
            params["dates"] = f"{query.first:%Y%m%d}" + (
                f"-{query.last:%Y%m%d}" if query.last != query.first else ""
            )
        elif query.week is not None:
            params.update(week=str(query.week), seasontype="2", dates=str(query.season))
        return Request(self._url(query), params, what="scores")

    def _url(self, query: Query) -> str:
        base = base_url(URL_ENV, DEFAULT_URL)
        path = str(_league(query).espn)
        last = base.rpartition("/")[2]
        if last in SPORTS:  # a base given down to a sport (…/sports/football), as it once was
            base = base.removesuffix("/" + last)
        return f"{base}/{path}/scoreboard"

    def _league_params(self, query: Query) -> dict[str, str]:
        return dict(_league(query).espn_params)

    def parse_lines(self, data: Any, query: Query, source: str = "ESPN") -> Feed:
        return self._parse(data, query, source)

    def parse_scores(self, data: Any, query: Query, source: str = "ESPN") -> Feed:
        return self._parse(data, query, source)

    def _parse(self, data: Any, query: Query, source: str) -> Feed:
        if not isinstance(data, dict) or not isinstance(data.get("events"), list):
            raise unexpected(self, source, "no list of events")
        games: list[FeedGame] = []
        books: Counter[str] = Counter()
        for i, event in enumerate(data["events"]):
            try:
                game, book = self._game(event, query)
            except (Shape, KeyError, TypeError, IndexError, AttributeError) as exc:
                said = exc if isinstance(exc, Shape) else "is not shaped as a scoreboard's event"
                raise ParlayError(
                    f"{source}: event {i + 1} of the ESPN scoreboard {said}; nothing was changed. {SCOREBOARD} "
                    "If the file was saved from a browser, check it is ESPN's response itself."
                ) from None
            except ValueError:  # a part no check above names: said as a part of another kind
                raise ParlayError(
                    f"{source}: event {i + 1} of the ESPN scoreboard has a part of another kind than a "
                    f"scoreboard's; nothing was changed. {SCOREBOARD} If the file was saved from a browser, "
                    "check it is ESPN's response itself."
                ) from None
            games.append(game)
            if book:
                books[book] += 1
        week = (data.get("week") or {}).get("number") if isinstance(data.get("week"), dict) else None
        return Feed(
            tuple(games),
            book=books.most_common(1)[0][0] if books else "",
            week=week if isinstance(week, int) else None,
            league=_said_league(data),
            day=_said_day(data),
        )

    def _game(self, event: object, query: Query) -> tuple[FeedGame, str]:
        if not isinstance(event, dict):
            raise Shape(f"is {held(event)}, where an object belongs")
        comp = part(part(event, "competitions", list, "competitions"), 0, dict, "competitions[0]")
        competitors = part(comp, "competitors", list, "competitions[0].competitors")
        sides: dict[str, dict[str, Any]] = {}
        places: dict[str, str] = {}  # each side's place in the event, as competitions[0].competitors[1]
        for j in range(len(competitors)):
            at = f"competitions[0].competitors[{j}]"
            competitor = part(competitors, j, dict, at)
            part(competitor, "team", dict, f"{at}.team")
            side = part(competitor, "homeAway", str, f"{at}.homeAway")
            sides[side], places[side] = competitor, at
        for side in ("away", "home"):
            if side not in sides:
                raise Shape(f'has no competitor with homeAway "{side}" in competitions[0].competitors')
        away, home = sides["away"], sides["home"]
        names = (_name(away, places["away"]), _name(home, places["home"]))
        own = bool(comp.get("status"))  # the competition's status, else the event's
        status = part(
            comp if own else event,
            "status",
            dict,
            "competitions[0].status" if own else "status (nor competitions[0].status)",
        )
        kind = part(status, "type", dict, "status.type")
        state = _status(kind)
        when = comp.get("date") or event.get("date")
        kickoff = (
            _kickoff(when, query.zone, "competitions[0].date" if comp.get("date") else "date")
            if when
            else None
        )
        listed = comp.get("odds")
        odds = listed[0] if isinstance(listed, list) and listed else None
        spread = total = None
        problem = None
        book = ""
        if isinstance(odds, dict):
            book = str((odds.get("provider") or {}).get("name") or "")
            total = number(odds.get("overUnder"), "competitions[0].odds[0].overUnder", "a total")
            total = to_half(total) if total is not None and total > 0 else None
            details = str(odds.get("details") or "").strip()
            lg = leagues.get(query.league)
            if lg is not None and lg.run_line is not None:
                spread, problem = _run_line(odds, details, away, home, lg.run_line)
            elif details:
                spread, problem = _spread(details, away, home, names)
        final = state in (Status.FINAL,)
        return FeedGame(
            league=query.league,
            away=names[0],
            home=names[1],
            kickoff=kickoff,
            neutral=bool(comp.get("neutralSite")),
            spread=spread,
            total=total,
            status=state,
            detail=str(kind.get("detail") or kind.get("description") or ""),
            away_score=score(away.get("score"), f"{places['away']}.score") if final else None,
            home_score=score(home.get("score"), f"{places['home']}.score") if final else None,
            ranks=(_rank(away), _rank(home)),
            problem=problem,
        ), book


def _league(query: Query) -> leagues.League:
    found = leagues.get(query.league)
    if found is None or found.espn is None:
        raise ParlayError(
            f"ESPN has no scoreboard for {query.league}. Leagues with one: "
            f"{leagues.accepted(leagues.with_feed())}."
        )
    return found


def _name(competitor: dict[str, Any], at: str) -> str:
    """The team's name (its displayName, else name, else abbreviation) of the competitor at `at`."""
    team = competitor["team"]
    key = next((k for k in ("displayName", "name", "abbreviation") if team.get(k) not in (None, "")), None)
    if key is None:
        raise Shape(
            f"has no name for the {competitor.get('homeAway')} team (its displayName, name or abbreviation)"
        )
    return team_name(team[key], f"{at}.team.{key}")


def _rank(competitor: dict[str, Any]) -> int | None:
    rank = (competitor.get("curatedRank") or {}).get("current")
    return int(rank) if isinstance(rank, int) and 0 < rank < UNRANKED else None


def _kickoff(text: str, zone: str, path: str) -> datetime | None:
    from zoneinfo import ZoneInfo

    try:
        moment = read_moment(str(text), ZoneInfo(zone), "the feed's kickoff")
    except ValueError:
        raise Shape(f"has {held(text)} as its {path}, where a date and time belongs") from None
    return moment.astimezone(ZoneInfo(zone)) if isinstance(moment, datetime) else None


def _status(kind: dict[str, Any]) -> Status:
    name = str(kind.get("name") or "").upper()
    state = str(kind.get("state") or "").lower()
    if "POSTPONED" in name:
        return Status.POSTPONED
    if "CANCELED" in name or "CANCELLED" in name or "FORFEIT" in name:
        return Status.CANCELLED
    if state == "post" and kind.get("completed") is True:
        return Status.FINAL
    if state == "pre":
        return Status.SCHEDULED
    return Status.IN_PROGRESS  # in play, halftime, delayed, suspended: not over


def _spread(
    details: str, away: dict[str, Any], home: dict[str, Any], names: tuple[str, str]
) -> tuple[Decimal | None, str | None]:
    """Home's line from ESPN's "KC -6.5" / "EVEN": the named team lays (or takes) the number."""
    if details.lower() in PICK_WORDS:
        return Decimal(0), None
    named = split_named(details)
    if named is None:
        return None, f'the line "{details}" is not a team and a line'
    name, text = named
    try:
        value = parse_spread(text).value
    except LineError:
        return None, f'the line "{details}" is not a team and a line'
    side = _side(name, away, home)
    if side is None:
        return None, f'the line "{details}" names neither {names[0]} nor {names[1]}'
    return to_half(value if side == "home" else -value), None


def _run_line(
    odds: dict[str, Any], details: str, away: dict[str, Any], home: dict[str, Any], usual: Decimal
) -> tuple[Decimal | None, str | None]:
    """Home's run or puck line. ESPN's `details` for baseball and hockey is the moneyline ("NYY -150"),
    never the line: the line is `pointSpread.home` (close, else open) where the feed has it, else the
    usual ±1½ (or `spread`) laid by the favourite `homeTeamOdds` / `awayTeamOdds` or `details` name."""
    point = odds.get("pointSpread")
    if isinstance(point, dict) and isinstance(point.get("home"), dict):
        for when in ("close", "current", "open"):
            part = point["home"].get(when)
            at = f"competitions[0].odds[0].pointSpread.home.{when}.line"
            value = number(part.get("line"), at, "a line") if isinstance(part, dict) else None
            if value is not None:
                return to_half(value), None
    size = number(odds.get("spread"), "competitions[0].odds[0].spread", "a line")
    size = abs(size) if size else usual
    favourite = None
    for side, key in (("home", "homeTeamOdds"), ("away", "awayTeamOdds")):
        if isinstance(odds.get(key), dict) and odds[key].get("favorite") is True:
            favourite = side
    if favourite is None and details and details.lower() not in PICK_WORDS:
        named = re.fullmatch(r"(.*?\S)\s*([+-]\d{3,5})", details.replace("−", "-"))
        if named is not None:
            price = number(named[2], "competitions[0].odds[0].details", "a price")
            laid = _side(named[1], away, home)
            if laid is not None and price is not None and price != 0:
                other = "away" if laid == "home" else "home"
                favourite = laid if price < 0 else other
    if favourite is None:
        what = f' (the feed says "{details}")' if details else ""
        return None, f"no favourite to lay the run or puck line{what}"
    return to_half(-size if favourite == "home" else size), None


def _side(name: str, away: dict[str, Any], home: dict[str, Any]) -> str | None:
    k = teams.key(name)
    hits = [
        side
        for side, c in (("away", away), ("home", home))
        if k
        in {
            teams.key(str(v))
            for v in (
                c["team"].get(f)
                for f in ("abbreviation", "displayName", "shortDisplayName", "name", "location")
            )
            if v
        }
    ]
    return hits[0] if len(hits) == 1 else None


def _said_league(data: dict[str, Any]) -> str | None:
    """The league code of the scoreboard's own `leagues` entry (its slug, else its abbreviation)."""
    said = data.get("leagues")
    if not isinstance(said, list) or not said or not isinstance(said[0], dict):
        return None
    for key in ("slug", "abbreviation", "name"):
        found = leagues.named(said[0].get(key)) if said[0].get(key) else None
        if found is not None:
            return found.code
    return None


def _said_day(data: dict[str, Any]) -> date | None:
    """The day a one-day scoreboard says it is of (`"day": {"date": "2026-12-01"}`)."""
    day = data.get("day")
    try:
        return date.fromisoformat(str(day["date"])) if isinstance(day, dict) and day.get("date") else None
    except ValueError:
        return None
