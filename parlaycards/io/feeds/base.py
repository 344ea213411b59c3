"""What every feed shares: the request a provider asks for, the games it reads back, and the one
HTTP path (httpx, a timeout, one retry) that turns network trouble into a ParlayError naming the provider.

A provider is a small object with a `name` and a `label`, two request builders and two parsers
(`Provider` below); a third provider is one more module. Parsers are pure: bytes in, `Feed` out, so a
saved response (`--from-file`) goes through exactly the code a live one does.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any, Protocol

from ...core import leagues
from ...core.errors import ParlayError

TIMEOUT_ENV = "PARLAYCARDS_FEED_TIMEOUT"
TIMEOUT = 15.0  # seconds to connect and to read; PARLAYCARDS_FEED_TIMEOUT overrides
ATTEMPTS = 2  # a timeout, a dropped connection or a server error (5xx) is tried once more


class Status(StrEnum):
    SCHEDULED = "scheduled"
    IN_PROGRESS = "in progress"
    FINAL = "final"
    POSTPONED = "postponed"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class FeedGame:
    """One game as a feed gives it: names as the feed writes them, home's line (favourite negative)."""

    league: str
    away: str
    home: str
    kickoff: datetime | None = None
    neutral: bool = False
    spread: Decimal | None = None  # home's line; None: no line yet
    total: Decimal | None = None
    status: Status = Status.SCHEDULED
    detail: str = ""  # the feed's own words for the status ("Final/OT", "Halftime")
    away_score: int | None = None
    home_score: int | None = None
    ranks: tuple[int | None, int | None] = (None, None)  # away, home (college polls; None: unranked)
    problem: str | None = None  # why the feed's line could not be read (the game is then left off)

    def label(self) -> str:
        return f"{self.away} {'vs' if self.neutral else 'at'} {self.home}"


@dataclass(frozen=True)
class Feed:
    games: tuple[FeedGame, ...]
    book: str = ""  # whose lines: "ESPN BET", "draftkings", "median of 7 books"
    taken_at: datetime | None = None  # when the feed says its lines were last updated, when it says
    week: int | None = None  # the week the feed says its games are of, when it says
    league: str | None = None  # the league code the response says it holds, when it says
    day: date | None = None  # the day the response says its games are of, when it says


@dataclass(frozen=True)
class Query:
    """What a user asked for: a league, a week or a date, a season, a book, a key."""

    league: str  # a league code with a feed (core/leagues.py): NFL, NCAA, NBA, …
    week: int | None = None
    season: int | None = None
    day: date | None = None
    first: date | None = None  # a span of days (results of a card's games)
    last: date | None = None
    book: str | None = None
    api_key: str | None = None
    zone: str = "America/New_York"


@dataclass(frozen=True)
class Request:
    url: str
    params: dict[str, str] = field(default_factory=dict)
    secret: tuple[str, ...] = ()  # params never written down (an API key)
    what: str = "lines"  # lines or scores: names the raw file kept

    def shown(self) -> str:
        """The URL as it may be written in the audit log: secrets replaced."""
        from urllib.parse import urlencode

        params = {k: ("***" if k in self.secret else v) for k, v in self.params.items()}
        return self.url + ("?" + urlencode(params) if params else "")


class Provider(Protocol):
    name: str  # as typed after --provider
    label: str  # as said to a user

    def lines_request(self, query: Query) -> Request: ...
    def scores_request(self, query: Query) -> Request: ...
    def parse_lines(self, data: Any, query: Query, source: str) -> Feed: ...
    def parse_scores(self, data: Any, query: Query, source: str) -> Feed: ...


def league_of(text: str) -> str:
    """The code of a league with a feed (`nfl` → NFL, `ncaaf` / `college` → NCAA, `nba`, `mlb`, `nhl` …);
    a league with no feed, or no league, is refused with the accepted words."""
    found = leagues.named(text)
    fed = leagues.accepted(leagues.with_feed())
    if found is None:
        raise ParlayError(f'"{text}" is not a league. Accepted: {fed}.')
    if not found.has_feed:
        raise ParlayError(
            f'the league "{text}" ({found.name}) has no feed: enter its games with `import` or `game add`. '
            f"Leagues with a feed: {fed}."
        )
    return found.code


def base_url(env: str, default: str) -> str:
    return (os.environ.get(env) or default).rstrip("/")


def timeout() -> float:
    text = os.environ.get(TIMEOUT_ENV)
    try:
        return float(text) if text else TIMEOUT
    except ValueError:
        raise ParlayError(f'{TIMEOUT_ENV}="{text}" is not a number of seconds (e.g. 15).') from None


def get(provider: Provider, request: Request) -> bytes:
    """The response body of one GET, or one ParlayError naming the provider (offline, a refused key,
    a rate limit, a server error, a timeout). Tried twice when the trouble may pass."""
    import httpx

    wait = timeout()
    last = ""
    for attempt in range(ATTEMPTS):
        try:
            with httpx.Client(
                timeout=httpx.Timeout(wait),
                follow_redirects=True,
                headers={"User-Agent": "parlaycards", "Accept": "application/json"},
            ) as client:
                response = client.get(request.url, params=request.params)
        except httpx.TimeoutException:
            last = f"{provider.label} did not answer within {wait:g} seconds (tried {attempt + 1} times)"
        except httpx.TransportError as exc:
            last = f"could not reach {provider.label} at {request.url} ({_reason(exc)})"
        else:
            if response.status_code < 400:
                return response.content
            if response.status_code < 500:
                raise ParlayError(_refused(provider, request, response.status_code, response.text))
            last = f"{provider.label} answered with a server error (HTTP {response.status_code})"
        if attempt + 1 < ATTEMPTS:
            time.sleep(min(1.0, wait / 4))
    raise ParlayError(
        f"{last}; nothing was changed. Check the internet connection and try again later, or "
        "save the response from a browser and give it with ⟨from_file⟩."
    )


def _reason(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text[:160]


def _refused(provider: Provider, request: Request, status: int, body: str) -> str:
    said = _message(body)
    said = f': "{said}"' if said else ""
    if status in (401, 403):
        return (
            f"{provider.label} refused the API key (HTTP {status}{said}); nothing was changed. Check the key "
            "given with ⟨api_key⟩ or PARLAYCARDS_ODDS_API_KEY."
        )
    if status == 429:
        return (
            f"{provider.label} says too many requests (HTTP 429{said}): the key's quota or rate limit is "
            "used up; nothing was changed. Wait and try again, or use ⟨provider⟩ espn."
        )
    if status == 404:
        return (
            f"{provider.label} has nothing at {request.url} (HTTP 404{said}); nothing was changed. "
            "Check the league, week or date."
        )
    return f"{provider.label} refused the request (HTTP {status}{said}); nothing was changed."


def _message(body: str) -> str:
    try:
        data = json.loads(body)
    except ValueError:
        return body.strip()[:160]
    if isinstance(data, dict):
        for k in ("message", "error", "detail"):
            if isinstance(data.get(k), str):
                return str(data[k])[:160]
    return ""


def load(provider: Provider | None, body: bytes, source: str) -> Any:
    """The JSON of a response or a saved file; a body that is not JSON is said as such."""
    from .. import limits

    expected = "an ESPN scoreboard or a response of The Odds API"
    try:
        return limits.load_json(body, source, expected)
    except (UnicodeDecodeError, ValueError):
        start = " ".join(body[:60].decode("utf-8", "replace").split())
        who = f"{provider.label} sent something that is" if provider else "this is"
        raise ParlayError(
            f'{source}: {who} not JSON (it starts "{start}"); nothing was changed. Expected an ESPN '
            "scoreboard or a response of The Odds API."
        ) from None


def unexpected(provider: Provider, source: str, what: str) -> ParlayError:
    return ParlayError(
        f"{source}: {provider.label} sent an unexpected body ({what}); nothing was changed. If the "
        f"file was saved from a browser, check it is {provider.label}'s response itself."
    )


def misshapen(provider: Provider, source: str, index: int, exc: Exception, holds: str) -> ParlayError:
    """ParlayError for event `index` (from 0) of a feed's answer that is not shaped as the feed's events
    are: the part missing or of another kind, in words (never Python's), and what an event `holds`."""
    if isinstance(exc, Shape):
        said = str(exc)
    elif isinstance(exc, KeyError):
        said = f'has no "{str(exc.args[0])[:40]}"' if exc.args else "has a part missing"
    elif isinstance(
        exc, ValueError
    ):  # an adapter's own, naming what is missing: "the final score of both teams"
        said = f"lacks {exc}"
    else:
        said = "has a part of another kind than a feed sends"
    return ParlayError(
        f"{source}: event {index + 1} of {provider.label}'s answer {said}; nothing was changed. {holds} "
        f"If the file was saved from a browser, check it is {provider.label}'s response itself."
    )


class Shape(Exception):
    """A part of a feed's event that is missing or of another kind, said in words ("has no
    competitions[0].competitors", "has null as its …team, where an object belongs"). Not a ValueError: the
    adapters' other refusals are."""


_KINDS: dict[type, str] = {dict: "an object", list: "a list", str: "text"}


def part(parent: object, key: str | int, kind: type, path: str) -> Any:
    """`parent[key]` where a feed holds `kind` there; else Shape naming `path` (the field's place in the
    event, as `competitions[0].status`) and what it holds instead."""
    value: object = None
    if isinstance(parent, dict) and isinstance(key, str):
        value = parent.get(key)
    elif isinstance(parent, list) and isinstance(key, int) and 0 <= key < len(parent):
        value = parent[key]
    if value is None:
        raise Shape(
            f"has no {path}" + (" (it is null)" if isinstance(parent, dict) and key in parent else "")
        )
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise Shape(f"has {held(value)} as its {path}, where {_KINDS.get(kind, kind.__name__)} belongs")
    return value


def held(value: object) -> str:
    """What a JSON value is, in words: `null`, `the number 5`, `the text "abc"`, `a list of 2`, `an object`."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | Decimal):
        return f"the number {str(value)[:20]}"
    if isinstance(value, str):
        return f'the text "{value[:40]}"'
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return "an object"


def team_name(value: object, path: str) -> str:
    """A team name as a feed sends it: text (normalised, invisible characters removed), never an object
    or a number made into one (Shape naming `path`, the field's place in the event, and what it holds)."""
    from ...core.text import clean_name

    if not isinstance(value, str) or not clean_name(value):
        raise Shape(f"has {held(value)} as its {path}, where a team's name (text) belongs")
    return clean_name(value)


FEED_NUMBER = Decimal(100_000)  # no line, total, score or price a feed sends is this large


def number(value: object, path: str, what: str = "a number") -> Decimal | None:
    """A number as feeds write them (44.5, "44.5", -3); None when there is none (null or ""). Text that is
    no number, or a number that is not finite or is past any line, total, score or price (NaN, Infinity,
    1e308), is a Shape naming `path` and saying `what` belongs there: the feed is wrong, and the adapter
    says so rather than read it or pass over it."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    wrong = Shape(f"has {held(value)} as its {path}, where {what} belongs")
    if not isinstance(value, (str, int, float, Decimal)):
        raise wrong
    text = str(value).strip()
    try:
        if not text.isascii():  # Decimal reads "١٢" as 12 too
            raise ArithmeticError
        d = Decimal(text)
    except ArithmeticError:
        raise wrong from None
    if not d.is_finite() or abs(d) >= FEED_NUMBER:
        raise wrong
    return d


def score(value: object, path: str) -> int | None:
    """A final score, a whole number 0–999; None when there is none (null or ""). Anything else (text, a
    fraction, a number out of that range) is a Shape naming `path`."""
    from ...core.bounds import MAX_SCORE

    if isinstance(value, dict):
        value = value.get("value", value.get("displayValue"))
    what = f"a score (a whole number from 0 to {MAX_SCORE})"
    d = number(value, path, what)
    if d is None:
        return None
    if d != d.to_integral_value() or not 0 <= d <= MAX_SCORE:
        raise Shape(f"has {held(value)} as its {path}, where {what} belongs")
    return int(d)
