"""The Odds API v4 (a key: PARLAYCARDS_ODDS_API_KEY or --api-key): spreads and totals per bookmaker,
and its scores endpoint for finals.

    GET {base}/sports/americanfootball_nfl/odds?apiKey=…&regions=us&markets=spreads,totals&oddsFormat=american
    GET {base}/sports/americanfootball_ncaaf/scores?apiKey=…&daysFrom=3

Odds: a list of events (`commence_time`, `home_team`, `away_team`, `bookmakers[]` with `key`, `title`,
`last_update` and `markets[]`: `spreads` outcomes named by team with `point` and `price`, `totals`
outcomes Over / Under with `point`). One bookmaker by --book, else the median line across bookmakers,
rounded to the half point. Scores: a list of events with `completed` and `scores` ([{name, score}] or
null before kickoff); the API keeps finals for 3 days and says nothing of postponements. The base URL
is PARLAYCARDS_ODDS_API_URL.
"""

from __future__ import annotations

import statistics
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from ...core import leagues
from ...core.errors import ParlayError
from ...core.lines import to_half
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
    misshapen,
    number,
    part,
    score,
    team_name,
    unexpected,
)

URL_ENV = "PARLAYCARDS_ODDS_API_URL"
EVENT = (
    "An event of The Odds API is an object with home_team, away_team and commence_time, and bookmakers (its "
    "lines) or completed and scores (its finals)."
)
KEY_ENV = "PARLAYCARDS_ODDS_API_KEY"
DEFAULT_URL = "https://api.the-odds-api.com/v4"
LATE = time(6)  # a kickoff before 6 in the morning belongs to the night before (west-coast games)


class OddsApi:
    name = "odds-api"
    label = "The Odds API"

    def _key(self, query: Query) -> str:
        if not query.api_key:
            raise ParlayError(
                f"{self.label} needs an API key: give ⟨api_key⟩ KEY or set {KEY_ENV} (a free key "
                "comes from the-odds-api.com), or use ⟨provider⟩ espn, which needs none."
            )
        return query.api_key

    def lines_request(self, query: Query) -> Request:
        params = {
            "apiKey": self._key(query),
            "regions": "us",
            "markets": "spreads,totals",
            "oddsFormat": "american",
            "dateFormat": "iso",
        }
        span = _span(query)
        if span is not None:
            params["commenceTimeFrom"], params["commenceTimeTo"] = span
        return Request(self._url(query, "odds"), params, secret=("apiKey",), what="lines")

    def scores_request(self, query: Query) -> Request:
        params = {"apiKey": self._key(query), "daysFrom": "3", "dateFormat": "iso"}
        return Request(self._url(query, "scores"), params, secret=("apiKey",), what="scores")

    def _url(self, query: Query, what: str) -> str:
        found = leagues.get(query.league)
        if found is None or found.odds_api is None:
            fed = [lg for lg in leagues.LEAGUES if lg.odds_api]
            raise ParlayError(
                f"{self.label} has no odds for {query.league}. Leagues it has: {leagues.accepted(tuple(fed))}."
            )
        return f"{base_url(URL_ENV, DEFAULT_URL)}/sports/{found.odds_api}/{what}"

    def parse_lines(self, data: Any, query: Query, source: str = "The Odds API") -> Feed:
        events = self._events(data, source)
        games: list[FeedGame] = []
        books_seen: set[str] = set()
        counts: list[int] = []
        updated: list[datetime] = []
        for i, event in enumerate(events):
            try:
                game, count = _event_lines(_object(event), query, books_seen, updated)
            except (Shape, KeyError, TypeError, AttributeError, ValueError, ArithmeticError) as exc:
                raise misshapen(self, source, i, exc, EVENT) from None
            games.append(game)
            counts.append(count)
        if query.book and events and not any(counts):
            raise ParlayError(
                f'{source}: no event has lines from the bookmaker "{query.book}"; nothing was changed. '
                "Bookmakers in this response: " + (", ".join(sorted(books_seen)) or "none") + "."
            )
        most = max(counts, default=0)
        book = query.book or (f"median of up to {most} bookmakers" if most else "")
        keys = {str(e.get("sport_key")) for e in events if isinstance(e, dict) and e.get("sport_key")}
        said = leagues.named(next(iter(keys)).split("_", 1)[-1]) if len(keys) == 1 else None
        return Feed(
            tuple(games),
            book=book,
            taken_at=max(updated) if updated else None,
            league=said.code if said else None,
        )

    def parse_scores(self, data: Any, query: Query, source: str = "The Odds API") -> Feed:
        games: list[FeedGame] = []
        for i, event in enumerate(self._events(data, source)):
            try:
                home, away = _teams(_object(event))
                listed = (
                    part(event, "scores", list, "scores") if event.get("scores") else []
                )  # null: not begun
                given = [part(listed, j, dict, f"scores[{j}]") for j in range(len(listed))]
                points = {
                    team_name(s.get("name"), f"scores[{j}].name"): score(s.get("score"), f"scores[{j}].score")
                    for j, s in enumerate(given)
                }
                completed = event.get("completed") is True
                state = Status.FINAL if completed else Status.IN_PROGRESS if points else Status.SCHEDULED
                for team in (away, home):
                    if completed and points.get(team) is None:
                        raise Shape(
                            f'is completed but has no score for "{team}" in its scores (a final holds one '
                            "for each team, named as home_team and away_team name them)"
                        )
                games.append(
                    FeedGame(
                        league=query.league,
                        away=away,
                        home=home,
                        kickoff=_moment(event["commence_time"], query.zone, "commence_time"),
                        status=state,
                        detail="Final" if completed else "in progress" if points else "not started",
                        away_score=points.get(away) if completed else None,
                        home_score=points.get(home) if completed else None,
                    )
                )
            except (Shape, KeyError, TypeError, AttributeError, ValueError) as exc:
                raise misshapen(self, source, i, exc, EVENT) from None
        return Feed(tuple(games))

    def _events(self, data: Any, source: str) -> list[Any]:
        if not isinstance(data, list):
            said = data.get("message") if isinstance(data, dict) else None
            raise unexpected(self, source, f'"{said}"' if said else "not a list of events")
        return data


def _teams(event: dict[str, Any]) -> tuple[str, str]:
    """The event's home and away teams' names."""
    return team_name(event["home_team"], "home_team"), team_name(event["away_team"], "away_team")


def _object(event: object) -> dict[str, Any]:
    """An event, which the API sends as an object; else Shape saying what it is."""
    if not isinstance(event, dict):
        raise Shape(f"is {held(event)}, where an object belongs")
    return event


def _event_lines(
    event: dict[str, Any], query: Query, books_seen: set[str], updated: list[datetime]
) -> tuple[FeedGame, int]:
    """One event's game, its lines the median of its bookmakers' (or the one asked for), and how many
    bookmakers gave a spread; each bookmaker's key into `books_seen`, each lines update into `updated`."""
    home, away = _teams(event)
    spreads: list[Decimal] = []
    totals: list[Decimal] = []
    kickoff = _moment(event["commence_time"], query.zone, "commence_time")
    started = False  # a bookmaker updated after kickoff: its lines are in-play ones, not the board's
    for k, book in enumerate(event.get("bookmakers") or []):
        at = f"bookmakers[{k}]"
        book = part(event["bookmakers"], k, dict, at)
        if book.get("last_update"):
            started = started or _moment(book["last_update"], query.zone, f"{at}.last_update") > kickoff
        books_seen.add(str(book["key"]))
        if query.book and query.book.casefold() not in (
            str(book["key"]).casefold(),
            str(book.get("title", "")).casefold(),
        ):
            continue
        got = _book_lines(book, home, at)
        if got[0] is not None:
            spreads.append(got[0])
        if got[1] is not None:
            totals.append(got[1])
        if got != (None, None) and book.get("last_update"):
            updated.append(_moment(book["last_update"], query.zone, f"{at}.last_update"))
    game = FeedGame(
        league=query.league,
        away=away,
        home=home,
        kickoff=kickoff,
        spread=to_half(statistics.median(spreads)) if spreads else None,
        total=to_half(statistics.median(totals)) if totals else None,
        status=Status.IN_PROGRESS if started else Status.SCHEDULED,
        detail="in play: the lines were updated after kickoff" if started else "",
    )
    return game, len(spreads)


def _book_lines(book: dict[str, Any], home: str, at: str) -> tuple[Decimal | None, Decimal | None]:
    """One bookmaker's home line and total (None where it has no such market); `at` is its place in the
    event (`bookmakers[0]`)."""
    spread = total = None
    for m, market in enumerate(book.get("markets") or []):
        where = f"{at}.markets[{m}]"
        outcomes = part(part(book["markets"], m, dict, where), "outcomes", list, f"{where}.outcomes")
        points = {
            o: part(outcomes, o, dict, f"{where}.outcomes[{o}]").get("point") for o in range(len(outcomes))
        }
        if market["key"] == "spreads":
            spread = next(
                (
                    number(points[o], f"{where}.outcomes[{o}].point", "a line")
                    for o in points
                    if outcomes[o].get("name") == home
                ),
                None,
            )
            if spread is None and outcomes:
                raise Shape(f"has no spread for {home} (the home team) in its {where}.outcomes")
        elif market["key"] == "totals":
            total = next(
                (
                    number(points[o], f"{where}.outcomes[{o}].point", "a total")
                    for o in points
                    if str(outcomes[o].get("name")).lower() == "over"
                ),
                None,
            )
    return spread, total


def _moment(text: object, zone: str, path: str) -> datetime:
    """A moment the API sends (`commence_time`, a bookmaker's `last_update`): a Shape naming `path` when it
    is none."""
    wrong = Shape(f"has {held(text)} as its {path}, where a date and time belongs")
    if not isinstance(text, str):
        raise wrong
    try:
        moment = read_moment(text, ZoneInfo(zone), "the feed's time")
    except ValueError:
        raise wrong from None
    if not isinstance(moment, datetime):
        raise wrong
    return moment.astimezone(ZoneInfo(zone))


def nfl_week(season: int, week: int) -> tuple[date, date]:
    """The days of an NFL regular-season week: week 1 opens the Thursday after Labor Day (the first
    Monday of September); each week runs Tuesday to Monday."""
    first_monday = date(season, 9, 1) + timedelta(days=(7 - date(season, 9, 1).weekday()) % 7)
    tuesday = first_monday + timedelta(days=1 + 7 * (week - 1))
    return tuesday, tuesday + timedelta(days=6)


def _span(query: Query) -> tuple[str, str] | None:
    """commenceTimeFrom / commenceTimeTo (UTC, as the API wants them) for a week or a day."""
    if query.week is not None:
        if query.league != "NFL":
            raise ParlayError(
                f"The Odds API has no {query.league} weeks (only NFL weeks are known): give ⟨date⟩ "
                "YYYY-MM-DD for one day's games."
            )
        first, last = nfl_week(query.season or date.today().year, query.week)
    elif query.day is not None:
        first = last = query.day
    else:
        return None
    zone = ZoneInfo(query.zone)
    start = datetime.combine(first, time(0), tzinfo=zone)
    end = datetime.combine(last + timedelta(days=1), LATE, tzinfo=zone)
    utc = ZoneInfo("UTC")
    return start.astimezone(utc).strftime("%Y-%m-%dT%H:%M:%SZ"), end.astimezone(utc).strftime(
        "%Y-%m-%dT%H:%M:%SZ"
    )
