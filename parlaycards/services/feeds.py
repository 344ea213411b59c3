"""Lines and finals from public feeds: `lines fetch` makes a card as `import` does, `result fetch`
records finals as `result import` does.

A feed (io/feeds/) is asked over the network, or its saved response is read (`from_file`) through the
same parser. The response is kept beside the database (`pool.db` → `pool-feeds/`) so a dispute can be
settled by what the feed said; the audit entry names the provider, the book, the time and that file.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timezone
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any

from ..core import leagues, teams
from ..core.errors import ParlayError, option
from ..core.models import Game
from ..core.numbering import assign
from ..core.printable import MAX_TEAM, shown
from ..core.zones import zone
from ..io import feeds
from ..io.feeds import Feed, FeedGame, Provider, Query, Request, Status
from ..io.files import atomic_output
from ..store import Store
from . import cards

LEAGUES = tuple(lg.code for lg in leagues.with_feed())  # the leagues the feeds have


@dataclass(frozen=True)
class Taken:
    """Where a feed's games came from: provider, the URL (key hidden) or file, when, whose lines, the copy kept."""

    provider: str
    source: str
    taken_at: datetime
    book: str = ""
    kept: Path | None = None
    from_file: bool = False


@dataclass(frozen=True)
class FeedSource:
    """Where a feed's answer comes from: a provider by name (else ESPN) with its API key where it wants
    one, or a response saved as `from_file` (its provider found in it unless named)."""

    provider: str | None = None
    api_key: str | None = None
    from_file: Path | None = None

    def chosen(self) -> Provider | None:
        """The provider asked for; None for a saved file with no provider named (the file says which)."""
        return provider_of(self.provider, self.from_file)


@dataclass(frozen=True)
class FeedWeek:
    """The games a feed is asked for: a league's `week` (of `season`, else the season of the day) or one
    `day`, only those with a `top`-ranked team (college), with the lines of `book`, dates in zone `tz`."""

    league: str
    week: int | None = None
    season: int | None = None
    day: str | date | None = None
    top: int | None = None
    book: str | None = None
    tz: str = "America/New_York"


@dataclass(frozen=True)
class LinesFetched:
    saved: cards.Saved
    taken: Taken
    left_off: tuple[str, ...]  # games of the feed not put on the card, each with its reason
    outside_top: int  # games without a ranked team (--top)
    as_written: tuple[str, ...]  # team names the alias table does not know, kept as the feed writes them
    dry_run: bool


def feeds_folder(db_url: str) -> Path:
    """Where raw responses are kept: beside a SQLite file (`pool.db` → `pool-feeds/`), else `./parlaycards-feeds/`."""
    if db_url.startswith("sqlite:///"):
        db = Path(db_url.removeprefix("sqlite:///"))
        return db.with_name(db.stem + "-feeds")
    return Path("parlaycards-feeds")


def season_of(day: date) -> int:
    """The football season a day belongs to: January and February games finish the season before."""
    return day.year if day.month >= 3 else day.year - 1


def fetch_lines(store: Store, asked: FeedWeek, source: FeedSource, into: cards.Into) -> LinesFetched:
    """The week's games and lines from a feed, stored as card `into.slug` exactly as `import` stores a sheet
    (`into.fresh` starts the card afresh; `into.replace` lets the lines undo hand edits made since the last
    import)."""
    league, week, top, tz, from_file = asked.league, asked.week, asked.top, asked.tz, source.from_file
    lg = feeds.league_of(league)
    zone(tz)
    cards.check_slug(slug := into.slug or "")
    day = _date(asked.day, tz)
    _check_asked(league, lg, slug, week, day, top, from_file)
    season = asked.season or season_of(day or datetime.now(zone(tz)).date())
    query = Query(
        league=lg, week=week, season=season, day=day, book=asked.book, api_key=source.api_key, zone=tz
    )
    feed, prov, taken, raw = _lines_feed(source.chosen(), from_file, query, top)
    picked, left_off, outside = _pick(feed, top, lg)
    if not picked:
        raise ParlayError(
            f"{taken.source}: {prov.label} has no game with a line to put on the card"
            + (f" (and {outside} without a top-{top} team)" if outside else "")
            + "; nothing was stored.",
            problems=left_off,
        )
    games, as_written = _games(picked, lg)
    how = cards.Storing(_card_title(lg, week if week is not None else feed.week, day, games), tz, into)
    store_it = partial(_store_lines, store, slug, games, prov, taken, len(left_off), how=how)
    saved, kept = _keeping(store, raw, taken, prov, query, into.dry_run, store_it)
    return LinesFetched(
        saved,
        Taken(taken.provider, taken.source, taken.taken_at, taken.book, kept, taken.from_file),
        left_off,
        outside,
        as_written,
        into.dry_run,
    )


def _store_lines(
    store: Store,
    slug: str,
    games: tuple[Game, ...],
    prov: Provider,
    taken: Taken,
    left_off: int,
    kept: Path | None,
    *,
    how: cards.Storing,
) -> cards.Saved:
    """The feed's games stored as `import` stores a sheet's, as `how` says; the audit saying which provider
    and book, when, and where the raw response is kept."""
    detail = {
        "provider": prov.name,
        "book": taken.book,
        "taken_at": taken.taken_at.isoformat(),
        "source": taken.source,
        "left_off": left_off,
        "raw": str(kept) if kept else None,
    }
    source = f"{prov.label} ({taken.book})" if taken.book else prov.label
    return cards.store_games(store, slug, games, how, source=source, detail=detail, lines_from="the feed")


def _lines_feed(
    chosen: Provider | None, from_file: Path | None, query: Query, top: int | None
) -> tuple[Feed, Provider, Taken, bytes | None]:
    """The feed's games and lines for `query` (from the provider, or a response saved as `from_file`), the
    provider that gave them, when and where they were taken, and the raw response to keep."""
    if top is not None and chosen is not None and chosen.name != "espn":
        raise ParlayError(
            f"⟨top⟩ needs the college rankings, which only ESPN's feed gives: use ⟨provider⟩ espn "
            f"(or leave ⟨top⟩ out with {chosen.label})."
        )
    data, prov, taken, raw = read_feed(chosen, from_file, lambda p: p.lines_request(query))
    if top is not None and prov.name != "espn":
        raise ParlayError(
            f"⟨top⟩ needs the college rankings, which only ESPN's feed gives; {from_file} is a "
            f"{prov.label} response."
        )
    feed = prov.parse_lines(data, query, taken.source)
    if from_file is not None:
        _refuse_another_week(feed, query.league, query.week, query.day, taken.source)
    when = (feed.taken_at or taken.taken_at).astimezone(timezone.utc)
    return feed, prov, Taken(taken.provider, taken.source, when, feed.book, taken.kept, taken.from_file), raw


def _check_asked(
    league: str,
    lg: str,
    slug: str,
    week: int | None,
    day: date | None,
    top: int | None,
    from_file: Path | None,
) -> None:
    """Which games to fetch, said in a way the league allows: a week or a day (not both), a day for a
    league without numbered weeks, ⟨top⟩ only where the feed ranks teams."""
    if week is not None and day is not None:
        raise ParlayError("give ⟨week⟩ or ⟨date⟩, not both.")
    found = leagues.get(lg)
    if week is not None and found is not None and not found.weeks:
        raise ParlayError(
            f"{found.name} has no numbered weeks: give ⟨date⟩ YYYY-MM-DD for one day's games "
            f"(e.g. `lines fetch {league} ⟨date⟩ 2026-12-01 ⟨card⟩ {slug}`)."
        )
    if top is not None and found is not None and not found.ranked:
        raise ParlayError(
            f"⟨top⟩ keeps games with a ranked team, and {found.name} has no poll ranks in the feed; "
            "leave ⟨top⟩ out (college football and college basketball have them)."
        )
    if from_file is None and week is None and day is None and found is not None and not found.weeks:
        raise ParlayError(
            f"say which day: ⟨date⟩ YYYY-MM-DD (e.g. `lines fetch {league} ⟨date⟩ 2026-12-01 ⟨card⟩ {slug}`)."
        )
    if from_file is None and week is None and day is None:
        raise ParlayError(
            f"say which games: ⟨week⟩ N (e.g. `lines fetch {league} ⟨week⟩ 12 ⟨card⟩ {slug}`) or "
            "⟨date⟩ YYYY-MM-DD for one day's games."
        )


def _card_title(lg: str, week: int | None, day: date | None, games: tuple[Game, ...]) -> str:
    """`NFL Week 12`, or `NBA Dec 1` for a league without numbered weeks."""
    first = min((g.kickoff for g in games if g.kickoff is not None), default=None)
    when = day or (first.date() if isinstance(first, datetime) else first)
    what = f"Week {week}" if week is not None else f"{when:%b} {when.day}" if when else ""
    return f"{_title(lg)} {what}".strip()


def _refuse_another_week(feed: Feed, lg: str, week: int | None, day: date | None, source: str) -> None:
    """A saved response whose league, week or day is not the one asked for is refused naming both: a
    file saved for another week would otherwise become this week's card."""
    said = []
    if feed.league is not None and feed.league != lg:
        said.append(f"it holds {_title(feed.league)} games, and {_title(lg)} was asked for")
    if week is not None and feed.week is not None and feed.week != week:
        said.append(f"it holds week {feed.week}, and {option('week')} {week} was asked for")
    if day is not None:
        days = {g.kickoff.date() for g in feed.games if isinstance(g.kickoff, datetime)}
        if feed.day is not None and feed.day != day:
            said.append(f"it holds the games of {feed.day}, and {option('date')} {day} was asked for")
        elif feed.day is None and days and day not in days:
            first, last = min(days), max(days)
            span = f"{first}" if first == last else f"{first} to {last}"
            said.append(f"its games are on {span}, and {option('date')} {day} was asked for")
    if not said:
        return
    holds = [(feed.league or lg).lower()]
    if feed.week is not None and week is not None:
        holds.append(f"{option('week')} {feed.week}")
    elif feed.day is not None and day is not None:
        holds.append(f"{option('date')} {feed.day}")
    raise ParlayError(
        f"{source} is not the file asked for: {'; '.join(said)}. Nothing was stored: give the file saved "
        f"for what you asked, or ask for what the file holds (`lines fetch {' '.join(holds)} "
        f"{option('from_file')} {source} …`)."
    )


def _title(code: str) -> str:
    found = leagues.get(code)
    return found.name if found else code


def _date(text: str | date | None, tz: str) -> date | None:
    """--date as typed, read by the one date reader (core/when.py): a day, not a time."""
    if text is None or isinstance(text, date):
        return text
    from ..core.when import read_moment

    try:
        moment = read_moment(text, zone(tz), "⟨date⟩")
    except ValueError as exc:
        raise ParlayError(str(exc)) from None
    return moment.date() if isinstance(moment, datetime) else moment


def provider_of(name: str | None, from_file: Path | None) -> Provider | None:
    """The provider asked for; None with --from-file and no --provider (the file says which)."""
    if name:
        return feeds.provider(name)
    return None if from_file is not None else feeds.provider("espn")


def read_feed(
    chosen: Provider | None, from_file: Path | None, request: Any
) -> tuple[Any, Provider, Taken, bytes | None]:
    """The response's JSON, its provider, where it came from, and the bytes to keep (None: a file given)."""
    if from_file is not None:
        body = Path(from_file).read_bytes()
        data = feeds.load(chosen, body, str(from_file))
        prov = chosen or feeds.PROVIDERS["espn"]
        if chosen is None:
            found = feeds.detect(data)
            if found is None:
                raise ParlayError(
                    f"{from_file}: this is neither an ESPN scoreboard (an object with events) nor a "
                    "response of The Odds API (a list of events); nothing was changed."
                )
            prov = found
        when = datetime.fromtimestamp(Path(from_file).stat().st_mtime, timezone.utc)
        return data, prov, Taken(prov.label, str(from_file), when, kept=Path(from_file), from_file=True), None
    assert chosen is not None
    req: Request = request(chosen)
    body = feeds.get(chosen, req)
    data = feeds.load(chosen, body, chosen.label)
    return data, chosen, Taken(chosen.label, req.shown(), datetime.now(timezone.utc)), body


def _pick(feed: Feed, top: int | None, league: str) -> tuple[list[FeedGame], tuple[str, ...], int]:
    """The games that go on the card, and each one left off with why (and how many had no top team)."""
    picked: list[FeedGame] = []
    left: list[str] = []
    outside = 0
    for g in feed.games:
        if top is not None and not any(r is not None and r <= top for r in g.ranks):
            outside += 1
            continue
        if g.status in (Status.POSTPONED, Status.CANCELLED):
            left.append(
                f"{g.label()}: {g.status.value} ({g.detail})"
                if g.detail
                else f"{g.label()}: {g.status.value}"
            )
        elif g.status is not Status.SCHEDULED:
            left.append(f"{g.label()}: already started ({g.detail or g.status.value})")
        elif g.problem:
            left.append(f"{g.label()}: {g.problem}")
        elif g.spread is None:
            left.append(f"{g.label()}: no line yet" + (f" (total {g.total})" if g.total is not None else ""))
        elif long := _too_long(g, league):
            left.append(f"{g.label()}: {long} (add the game by hand, with a shorter name: game add)")
        else:
            picked.append(g)
    return picked, tuple(left), outside


def _too_long(g: FeedGame, league: str) -> str | None:
    """Why a team's name, as the card would write it, is too long to print (None when both fit)."""
    for side, text in (("away", g.away), ("home", g.home)):
        name = teams.canonical(text, league) or text
        if len(name) > MAX_TEAM:
            return f'the {side} team\'s name "{shown(name)}" has {len(name):,} characters, more than a card prints ({MAX_TEAM})'
    return None


def _games(picked: list[FeedGame], league: str) -> tuple[tuple[Game, ...], tuple[str, ...]]:
    """Card games in kickoff order: names as the alias table writes them, numbers as a fresh card's."""
    order = sorted(
        picked, key=lambda g: (g.kickoff is None, g.kickoff or datetime.min.replace(tzinfo=timezone.utc))
    )
    unknown: list[str] = []

    known = bool(
        (lg := leagues.get(league)) and lg.aliases
    )  # no alias table: every name as the feed writes it

    def name(text: str) -> str:
        found = teams.canonical(text, league)
        if found is None and known and text not in unknown:
            unknown.append(text)
        return found or text

    numbers = assign([g.total is not None for g in order])
    games = tuple(
        Game(
            league=league,
            kickoff=g.kickoff,
            away=name(g.away),
            home=name(g.home),
            neutral=g.neutral,
            spread=g.spread if g.spread is not None else Decimal(0),
            total=g.total,
            numbers=n,
        )
        for g, n in zip(order, numbers, strict=True)
    )
    return games, tuple(unknown)


def _keeping(
    store: Store, raw: bytes | None, taken: Taken, prov: Provider, query: Query, dry_run: bool, store_it: Any
) -> tuple[Any, Path | None]:
    """Keep the raw response (whole or not at all) and store; if storing fails, the copy goes too."""
    if raw is None or dry_run:
        return store_it(taken.kept), taken.kept
    kept = keep_raw(feeds_folder(str(store.url)), raw, taken.taken_at, prov.name, query)
    try:
        return store_it(kept), kept
    except BaseException:
        kept.unlink(missing_ok=True)
        raise


def keep_raw(
    folder: Path, body: bytes, at: datetime, provider: str, query: Query, what: str = "lines"
) -> Path:
    """Write a response beside the database as `20261117T150405Z-espn-nfl-lines.json` (beside, then replace)."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{at.astimezone(timezone.utc):%Y%m%dT%H%M%SZ}-{provider}-{query.league.lower()}-{what}"
    path = folder / f"{stem}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    with atomic_output(path) as part:
        part.write_bytes(body)
    return path
