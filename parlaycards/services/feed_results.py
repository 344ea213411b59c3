"""Finals from a public feed: the card's games matched to the feed's events by the one team matcher
(either way round), recorded as `result import` records them; the raw response kept beside the pool."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from ..core import leagues, teams
from ..core.errors import ParlayError
from ..core.models import Game, Result
from ..core.zones import zone
from ..io.feeds import FeedGame, Provider, Query, Status
from ..store import Store, retry_conflicts
from ..store import cards as card_rows
from . import results
from .feeds import LEAGUES, FeedSource, Taken, feeds_folder, keep_raw, read_feed

if TYPE_CHECKING:
    from .score_checks import Where


@dataclass(frozen=True)
class ResultsFetched:
    recorded: results.Recorded
    taken: tuple[Taken, ...]
    missing: tuple[str, ...]  # games of the card the feed does not have
    dry_run: bool
    finals: int = 0
    cancelled: int = 0
    notes: tuple[str, ...] = field(default=())


class _DryRun(Exception):
    def __init__(self, recorded: results.Recorded):
        self.recorded = recorded


def fetch_results(
    store: Store,
    slug: str,
    feed: FeedSource,
    *,
    dry_run: bool = False,
    replace: bool = False,
    yes: bool = False,
    where: Where = "command line",
) -> ResultsFetched:
    """Finals (and postponements) of the card's games from a feed, recorded as `result import` records them
    (a final that changes what paid cards won, or paid prizes, needs `yes`)."""
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
        games = results.games_in_play(tx, slug)  # (a game removed before any card carried it: not fetched)
    chosen, from_file = feed.chosen(), feed.from_file
    tz = card.timezone
    fed_leagues = [lg for lg in dict.fromkeys(g.league for g in games.values()) if lg in LEAGUES]
    if not fed_leagues:
        raise ParlayError(
            f"card {slug} has no game of a league with a feed ({leagues.accepted(leagues.with_feed())}). "
            "Use `result import` or `result set`."
        )
    if from_file is not None:
        fed_leagues = fed_leagues[:1]
    fed, taken, raws = _scores(chosen, from_file, games, fed_leagues, feed.api_key, tz)
    found, not_over, missing = _match(games, fed)
    finals = results.Finals(slug, games, [r for r in found if r is not None], tuple(not_over))
    source = taken[0].provider if len({t.provider for t in taken}) == 1 else "the feeds"

    @retry_conflicts
    def record(taken: list[Taken]) -> results.Recorded:
        with store.transaction() as tx:
            got = results.record_finals(tx, finals, replace=replace, source=source, yes=yes, where=where)
            if dry_run:
                raise _DryRun(got)
            tx.audit(
                "result.fetch",
                slug,
                **_said(taken),
                stored=len(got.changes),
                not_over=len(not_over),
                missing=len(missing),
            )
            return got

    try:
        if dry_run or not raws:
            recorded = record(taken)
        else:
            recorded, taken = _kept_while(store, raws, taken, record)
    except _DryRun as run:
        recorded = run.recorded
    return ResultsFetched(
        recorded,
        tuple(taken),
        tuple(missing),
        dry_run,
        finals=sum(not r.cancelled for r in finals.results),
        cancelled=sum(r.cancelled for r in finals.results),
    )


Raw = tuple[bytes, Taken, Provider, Query]  # a response as received, to keep beside the pool


def _said(taken: list[Taken]) -> dict[str, list[str]]:
    """Where each response came from and when, for the audit log."""
    return {
        "provider": [t.provider for t in taken],
        "source": [t.source for t in taken],
        "taken_at": [t.taken_at.isoformat() for t in taken],
        "raw": [str(t.kept) for t in taken],
    }


def _scores(
    chosen: Provider | None,
    from_file: Path | None,
    games: dict[int, Game],
    fed_leagues: list[str],
    api_key: str | None,
    tz: str,
) -> tuple[list[FeedGame], list[Taken], list[Raw]]:
    """The feed's events around the card's days, league by league, where each came from, and the raw
    responses."""
    fed: list[FeedGame] = []
    taken: list[Taken] = []
    raws: list[Raw] = []
    for lg in fed_leagues:
        days = [_day(g.kickoff, tz) for g in games.values() if g.league == lg and g.kickoff is not None]
        query = Query(
            league=lg,
            first=min(days) - timedelta(days=1) if days else None,
            last=max(days) + timedelta(days=1) if days else None,
            api_key=api_key,
            zone=tz,
        )
        data, prov, took, raw = read_feed(chosen, from_file, lambda p, q=query: p.scores_request(q))
        feed = prov.parse_scores(data, query, took.source)
        fed.extend(feed.games)
        taken.append(took)
        if raw is not None:
            raws.append((raw, took, prov, query))
    return fed, taken, raws


def _kept_while(
    store: Store, raws: list[Raw], taken: list[Taken], record: Callable[[list[Taken]], results.Recorded]
) -> tuple[results.Recorded, list[Taken]]:
    """`record(taken)`, the raw responses kept beside the pool first (`taken` says where); kept only when
    it is recorded."""
    kept = [
        keep_raw(feeds_folder(str(store.url)), raw, t.taken_at, p.name, q, "scores") for raw, t, p, q in raws
    ]
    taken = [
        Taken(t.provider, t.source, t.taken_at, t.book, k, t.from_file)
        for t, k in zip(taken, kept, strict=True)
    ]
    try:
        return record(taken), taken
    except BaseException:
        for k in kept:
            k.unlink(missing_ok=True)
        raise


def _day(kickoff: datetime | date, tz: str) -> date:
    return kickoff.astimezone(zone(tz)).date() if isinstance(kickoff, datetime) else kickoff


def _match(games: dict[int, Game], fed: list[FeedGame]) -> tuple[list[Result | None], list[str], list[str]]:
    """Each card game's event in the feed (by the one team matcher, either way round), and what it says."""
    found: list[Result | None] = []
    not_over: list[str] = []
    missing: list[str] = []
    for g in games.values():
        hits = teams.best_pairs(
            ((e, e.away, e.home, g.away, g.home) for e in fed), partial(_level, league=g.league)
        )
        if not hits:
            missing.append(g.label())
            continue
        if len(hits) > 1:
            raise ParlayError(
                f"{g.label()} matches more than one game of the feed: "
                + ", ".join(e.label() for e, _ in hits)
                + "; nothing was stored. Write the teams on the "
                "card as the feed does (`game set`), or enter this result with `result set`."
            )
        event, swap = hits[0]
        if event.status is Status.FINAL:
            away, home = (
                (event.home_score, event.away_score) if swap else (event.away_score, event.home_score)
            )
            found.append(Result(game=g.key, away_score=away, home_score=home))
        elif event.status in (Status.POSTPONED, Status.CANCELLED):
            found.append(Result(game=g.key, cancelled=True))
        else:
            not_over.append(f"{g.label()}: {event.detail or event.status.value}")
    return found, not_over, missing


def _level(feed_name: str, card_name: str, league: str) -> int:
    """How surely a feed's name is the card's team: the alias table decides when it knows both names."""
    a, b = teams.canonical(feed_name, league), teams.canonical(card_name, league)
    if a and b:
        return teams.EXACT if a == b else teams.NONE
    return teams.level(feed_name, card_name)


def fed_cards(store: Store) -> list[tuple[str, str]]:
    """(slug, provider) of every card in the listings whose lines last came from a feed and that still has
    a game without its result: what `serve --fetch-results` asks that feed about."""
    from ..io import feeds as feed_io
    from ..store import audit as audit_rows
    from ..store import results as result_rows

    out = []
    with store.reading() as tx:
        imported = audit_rows.last_imports(tx)
        for summary in card_rows.summaries(tx):
            provider = imported.get(summary.slug, {}).get("provider")
            if summary.archived or provider not in feed_io.PROVIDERS:
                continue
            card = card_rows.latest(tx, summary.slug)
            done = result_rows.of(tx, summary.slug)
            if any(not g.off and g.key not in done for g in card.games):
                out.append((summary.slug, provider))
    return out
