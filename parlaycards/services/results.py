"""Results: set one game's score (or cancel it), import a score sheet, list them.

A result belongs to a game of the card, whatever version: it is stored by game key (the away
selection number), which never changes across versions. A score sheet is stored whole or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import replace as with_fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from ..core import printed, teams
from ..core.errors import NotFoundError, ParlayError, option
from ..core.models import Card, Game, Result
from ..core.score_rows import by_teams, printed_as, same_game
from ..core.text import plural
from ..store import cards as card_rows
from ..store import results as result_rows
from ..store import retry_conflicts

if TYPE_CHECKING:
    from ..io.results import RawResult
    from ..io.sheets import Problem
    from ..store import Store, Tx
    from ..store.look import Pool, Rows
    from .score_checks import Where


Out = Literal["wd", "dq"] | None  # a competitor out of a matchup: withdrew or disqualified


@dataclass(frozen=True)
class ScoreChange:
    game: Game
    old: Result | None
    new: Result


@dataclass(frozen=True)
class Recorded:
    changes: tuple[ScoreChange, ...]
    unchanged: int = 0
    not_over: tuple[str, ...] = ()
    not_on_card: tuple[str, ...] = ()  # rows of a bigger slate naming no team of the card
    removed: tuple[str, ...] = ()  # rows of games removed before any card carried them: left alone
    paid_moved: tuple[str, ...] = ()  # paid cards whose winnings the new scores change (confirmed)
    prizes_moved: tuple[str, ...] = ()  # pick'em prizes paid that the new scores change (confirmed)
    settled_by: tuple[str, ...] = ()  # what the new scores settle: "cards" (entries on it), pick'em pools


def games_of(tx: Rows, slug: str) -> dict[int, Game]:
    """Every game on any version of the card, by key; the latest version's wording wins."""
    games = printed.games_of({v: card_rows.get(tx, slug, v) for v, _, _ in card_rows.history(tx, slug)})
    if not games:
        card_rows.latest(tx, slug)  # names the card when it does not exist
    return games


def games_in_play(tx: Rows, slug: str) -> dict[int, Game]:
    """The games of `games_of` a result can matter to: not those removed before any card carried them."""
    from . import score_checks as checks  # grading code: loaded when a score is stored, not by `results`

    live = checks.in_play(tx, slug)
    return {k: g for k, g in games_of(tx, slug).items() if k in live}


def game_for(card: Card, games: dict[int, Game], number: int) -> Game:
    for g in games.values():
        if number in g.numbers.all():
            return g
    nums = sorted(n for g in games.values() for n in g.numbers.all())
    raise NotFoundError(
        f"selection number {number} is not on card {card.slug} (its numbers run "
        f"{nums[0]}–{nums[-1]}; see `parlaycards show {card.slug}`)."
    )


def result_text(r: Result | None, game: Game) -> str:
    if r is None:
        return "no result"
    if r.cancelled:
        return "cancelled"
    if r.out:
        return r.out_text(game.away, game.home)
    return f"{game.away} {r.away_score}, {game.home} {r.home_score}"


@retry_conflicts
def set_result(
    store: Store,
    slug: str,
    number: int,
    away: int | None = None,
    home: int | None = None,
    cancelled: bool = False,
    out: Literal["wd", "dq"] | None = None,
    yes: bool = False,
    where: Where = "command line",
) -> Recorded:
    """Record one game's final score (by any of its selection numbers), or that it was cancelled; in a
    matchup, `out` says the competitor of `number` started and then withdrew (`wd`) or was disqualified
    (`dq`): they finish behind the other (SETTLEMENT.md §6). Both out: record each in turn. A score that
    changes what paid cards won is refused, naming them, unless `yes` (services/score_checks.py), with what to
    do `where` the operator is."""
    if out is not None:
        scored = away is not None or home is not None or cancelled
        return _set_out(store, slug, number, out, scored=scored, yes=yes, where=where)
    if cancelled and (away is not None or home is not None):
        raise ParlayError(f"give the two scores or {option('cancelled')}, not both.")
    if not cancelled and (away is None or home is None):
        raise ParlayError(
            f"give both scores, away then home (e.g. `result set {slug} {number} 20 23`), "
            f"or {option('cancelled')} for a game that was not played."
        )
    if not cancelled and (away < 0 or home < 0):  # type: ignore[operator]
        raise ParlayError("a score cannot be below 0.")
    with store.transaction() as tx:
        game = _in_play(tx, slug, number)
        result = Result(game=game.key, away_score=away, home_score=home, cancelled=cancelled)
        return _save(tx, Finals(slug, {game.key: game}, [result]), yes=yes, where=where)


def _in_play(tx: Rows, slug: str, number: int) -> Game:
    """The game of selection `number`; refused when it was removed before any card carried it."""
    from . import score_checks as checks

    game = game_for(card_rows.latest(tx, slug), games_of(tx, slug), number)
    if game.key not in checks.in_play(tx, slug):
        raise ParlayError(f"{checks.removed_text(game, slug)}; nothing was stored.")
    return game


def _set_out(
    store: Store,
    slug: str,
    number: int,
    out: Literal["wd", "dq"],
    scored: bool,
    yes: bool,
    where: Where = "command line",
) -> Recorded:
    word = "withdrew" if out == "wd" else "was disqualified"
    if scored:
        raise ParlayError(
            f"a competitor who {word} has no final score: give the competitor's selection number alone "
            f"(e.g. `result set {slug} {number}` with {option('withdrew' if out == 'wd' else 'disqualified')}); "
            f"a competitor who never started is {option('cancelled')} (no action)."
        )
    with store.transaction() as tx:
        game = _in_play(tx, slug, number)
        if not game.matchup:
            raise ParlayError(
                f"{game.label()} is a game of two teams, not a matchup: only a competitor of a matchup "
                f"(golf, NASCAR, a head-to-head) withdraws or is disqualified. Record its final score, or "
                f"{option('cancelled')} if it was not played."
            )
        if number not in (game.numbers.away, game.numbers.home):
            raise ParlayError(
                f"{number} is a total of {game.label()}, not a competitor: give {game.numbers.away} "
                f"({game.away}) or {game.numbers.home} ({game.home})."
            )
        side = "away_out" if number == game.numbers.away else "home_out"
        stored = result_rows.of(tx, slug).get(game.key)
        fields: dict[
            str, Any
        ] = {  # the other competitor already recorded out stays out: both out is no action
            k: getattr(stored, k) for k in ("away_out", "home_out") if k != side and stored and stored.out
        }
        fields[side] = out
        result = Result(game=game.key, **fields)
        return _save(tx, Finals(slug, {game.key: game}, [result]), yes=yes, where=where)


@dataclass(frozen=True)
class Finals:
    """Results to store for card `slug`: `games` (by key) holds every game they are of; `not_over` names
    the games passed over because they are not over yet."""

    slug: str
    games: dict[int, Game]
    results: list[Result]
    not_over: tuple[str, ...] = ()


def _save(
    tx: Tx, finals: Finals, *, yes: bool = True, feed: bool = False, where: Where = "command line"
) -> Recorded:
    """Store `finals`, audited; refused when they change what paid cards won, unless `yes`, or (typed or
    from a sheet, not a `feed`'s finals) when a game has not kicked off."""
    from . import score_checks as checks

    slug, games, results = finals.slug, finals.games, finals.results

    if not feed:
        checks.refuse_unplayed(games, results, slug)
    checks.refuse_ties(games, results, slug)
    moved = checks.paid_moved(tx, slug, results)
    prizes = checks.prizes_moved(tx, slug, results)
    checks.refuse_money_moves(moved, prizes, slug, yes, where)
    changed = result_rows.put(tx, slug, results)
    if changed:
        tx.audit_many(
            "result.set",
            slug,
            [
                {
                    "game": new.game,
                    "label": games[new.game].label(),
                    "old": result_text(old, games[new.game]),
                    "new": result_text(new, games[new.game]),
                }
                for old, new in changed
            ],
        )
    return Recorded(
        tuple(ScoreChange(games[new.game], old, new) for old, new in changed),
        len(results) - len(changed),
        finals.not_over,
        paid_moved=moved,
        prizes_moved=prizes,
        settled_by=checks.settled_by(tx, slug),
    )


def record_finals(
    tx: Tx,
    finals: Finals,
    *,
    replace: bool = False,
    source: str = "the feed",
    yes: bool = False,
    where: Where = "command line",
) -> Recorded:
    """Store results read from elsewhere (a feed) as `result import` stores them. A result that differs
    from one already stored is refused, each named with both scores, unless `replace`; one that changes
    what paid cards won or paid prizes, unless `yes` too (as a typed or imported score is)."""
    slug, games, results = finals.slug, finals.games, finals.results
    stored = result_rows.of(tx, slug)
    differ = [(stored[r.game], r) for r in results if r.game in stored and stored[r.game] != r]
    if differ and not replace:
        raise ParlayError(
            f"{source} differs from {plural(len(differ), 'result')} already stored; nothing was stored. Check "
            "them, then run again with ⟨replace⟩ to take the new ones (or keep yours and leave it):",
            problems=tuple(
                f"{games[new.game].label()}: stored {result_text(old, games[new.game])}; "
                f"{source} says {result_text(new, games[new.game])}"
                for old, new in differ
            ),
        )
    return _save(tx, finals, yes=yes, feed=True, where=where)


@dataclass
class _Taken:
    """A score sheet's rows as far as read: a result per game (with its row), what is left alone, problems."""

    problems: list[Problem]
    found: dict[int, tuple[Result, str]] = field(default_factory=dict)
    elsewhere: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    older: list[Game] = field(
        default_factory=list
    )  # printed wordings of a number the newest gives another game


@retry_conflicts
def import_results(store: Store, slug: str, path: Path, yes: bool = False) -> Recorded:
    """Store every final and cancellation in a score sheet; any problem stores none and names its row.
    Rows of games not on the card, or removed from it before any card carried them, are left alone and
    named; scores that change what paid cards won are refused unless `yes`."""
    from ..io.results import read_results
    from . import score_checks as checks

    sheet = read_results(path)
    taken = _Taken(list(sheet.problems))  # each at its sheet, row and cell
    with store.transaction() as tx:
        card = card_rows.latest(tx, slug)
        games = games_of(tx, slug)
        taken.older = _older_wordings(tx, slug, games)
        live = checks.in_play(tx, slug)
        for raw in sheet.rows:
            _take(card, games, live, raw, str(raw.source).removeprefix(f"{sheet.file}, "), taken)
        if taken.problems:
            raise ParlayError(
                f"{sheet.file}: {plural(len(taken.problems), 'problem')}; no result was stored. "
                f"Fix {'it' if len(taken.problems) == 1 else 'them'} and import "
                "the file again",
                problems=tuple(p.at_row() for p in taken.problems),
            )
        if not taken.found:
            raise ParlayError(
                f"{sheet.file}: no final or cancelled game of card {slug} in the sheet"
                + (f" ({len(sheet.not_over)} not over yet)" if sheet.not_over else "")
                + (f"; {plural(len(taken.elsewhere), 'game')} not on this card" if taken.elsewhere else "")
                + (f"; {len(taken.removed)} removed from it" if taken.removed else "")
                + "."
            )
        saved = _save(tx, Finals(slug, games, [r for r, _ in taken.found.values()], sheet.not_over), yes=yes)
        return with_fields(saved, not_on_card=tuple(taken.elsewhere), removed=tuple(taken.removed))


def _take(
    card: Card, games: dict[int, Game], live: set[int], raw: RawResult, where: str, taken: _Taken
) -> None:
    """One row of a score sheet: its game's result, or a row left alone (another game of the slate, a game
    removed before any card carried it), or a problem at its row."""
    from ..io.sheets import Problem
    from . import score_checks as checks

    if raw.number is None and raw.away and raw.home:
        games = printed_as(games, taken.older, raw.away, raw.home)
    names = [t for g in games.values() for t in (g.away, g.home)]
    if (
        raw.number is None
        and raw.away
        and raw.home
        and not any(teams.best(n, names) for n in (raw.away, raw.home))
    ):
        taken.elsewhere.append(f"{raw.away} at {raw.home} ({where})")  # a game of the slate, not the card
        return
    try:
        if raw.number is not None:
            game, swap = game_for(card, games, raw.number), False
        else:
            game, swap = by_teams(card, games, raw.away or "", raw.home or "")
            same_game(card, games, raw.said_number, game)
        result = _result_of(game, swap, raw)
    except ParlayError as exc:
        taken.problems.append(Problem(raw.source, exc.message))
        return
    if game.key not in live:
        taken.removed.append(f"{where}: {checks.removed_text(game, card.slug)}")
        return
    if game.key in taken.found and taken.found[game.key][0] != result:
        taken.problems.append(
            Problem(
                raw.source,
                f"{game.label()} is already given a different result at {taken.found[game.key][1]}.",
            )
        )
    taken.found.setdefault(game.key, (result, where))


def _older_wordings(tx: Tx, slug: str, games: dict[int, Game]) -> list[Game]:
    """The games printed cards carry under a number whose newest version names other teams (a card
    renumbered before such edits were refused): a score sheet may name them as the cards do."""
    out: list[Game] = []
    for version in card_rows.printed_versions(tx, slug):
        for g in card_rows.get(tx, slug, version).games:
            now = games.get(g.key)
            if now is not None and {g.away, g.home} != {now.away, now.home} and g not in out:
                out.append(g)
    return out


def _result_of(game: Game, swap: bool, raw: RawResult) -> Result:
    """The row's result for `game` (its teams written the other way round: `swap`)."""
    away, home = (raw.home_score, raw.away_score) if swap else (raw.away_score, raw.home_score)
    outs = (raw.home_out, raw.away_out) if swap else (raw.away_out, raw.home_out)
    if any(outs) and not game.matchup:
        raise ParlayError(
            f"WD/DQ for {game.label()}, a game of two teams: only a competitor of a matchup "
            "(golf, NASCAR, a head-to-head) withdraws or is disqualified. Write its final score, "
            "or Cancelled if it was not played."
        )
    return Result(
        game=game.key,
        away_score=away,
        home_score=home,
        cancelled=raw.cancelled,
        away_out=cast(Out, outs[0]),  # the sheet reader reads only WD and DQ
        home_out=cast(Out, outs[1]),
    )


@dataclass(frozen=True)
class ResultList:
    card: Card
    games: tuple[tuple[Game, Result | None], ...]


def list_results(store: Store | Pool, slug: str) -> ResultList:
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
        games = games_of(tx, slug)
        results = result_rows.of(tx, slug)
    return ResultList(card, tuple((g, results.get(k)) for k, g in games.items()))
