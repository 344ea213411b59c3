"""Pick'em pools (SETTLEMENT.md §5) as pure functions: pool settings, picks, weekly scores, places, prizes.

Every entrant picks one side of every game, against the spread or straight-up. A win scores 1, a push
`push_points` [0.5], a loss or a missing pick 0; a cancelled game scores nothing for anyone. Ranking is
by score, then by the tiebreaker (distance from the actual total points of the tiebreak game); entrants
still tied share the place. Money: prizes are cents, split half up; see `split` for the odd cent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from .choices import PickemBasis, TiebreakRule
from .models import Card, Frozen, Game, LegOutcome, Result, Side
from .money import cents, dollars
from .prizes import HUNDRED, Prize, place_prizes, split
from .settle import grade_leg
from .text import clean_name, plural

NIL = Decimal(0)  # a plain zero: no points, no fee (amounts start from money.ZERO)
ONE = Decimal(1)

PickOutcome = Literal["win", "loss", "push", "void", "pending", "missing"]
PICK_SIDES = (Side.AWAY, Side.HOME)
POOL_SLUG = r"^[a-z0-9][a-z0-9-]{0,62}$"


class PickemPool(Frozen):
    """A week's pick'em pool on one card version, with its scoring, tiebreak and prize settings."""

    slug: str = Field(pattern=POOL_SLUG)
    card: str = Field(min_length=1)
    version: int = Field(default=1, ge=1)
    season: str | None = None
    basis: PickemBasis = "ats"
    push_points: Decimal = Field(default=Decimal("0.5"), ge=0, le=1)
    tiebreak_game: int | None = None  # a game key; None: the last game by kickoff
    tiebreak_rule: TiebreakRule = "closest"
    fee: Decimal = Field(default=NIL, ge=0)
    prizes: tuple[Prize, ...] = (Prize(percent=HUNDRED),)

    @field_validator("season")
    @classmethod
    def _season(cls, v: str | None) -> str | None:
        v = re.sub(r"\s+", " ", v).strip() if v else None
        return v or None

    @model_validator(mode="after")
    def _percent_total(self) -> PickemPool:
        share = sum((p.percent for p in self.prizes if p.percent is not None), NIL)
        if share > HUNDRED:
            raise ValueError(f"the prizes add up to {share.normalize():f}% of the pot, more than 100%")
        return self


class PickemEntry(Frozen):
    """One entrant's picks: game key → away or home, and a guess at the tiebreak game's total points."""

    name: str = Field(min_length=1, max_length=80)
    picks: tuple[tuple[int, Side], ...] = ()
    tiebreak: int | None = Field(default=None, ge=0, le=999)
    received_at: datetime | None = None
    paid: bool = True

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        v = clean_name(v)
        if not v:
            raise ValueError("a name cannot be blank")
        return v

    @field_validator("picks", mode="before")
    @classmethod
    def _picks(cls, v: Any) -> Any:
        items = v.items() if isinstance(v, Mapping) else v
        return tuple(sorted(((int(k), Side(s)) for k, s in items), key=lambda p: p[0]))

    @model_validator(mode="after")
    def _sides(self) -> PickemEntry:
        keys = [k for k, _ in self.picks]
        if len(set(keys)) != len(keys):
            raise ValueError("a game is picked twice")
        if any(s not in PICK_SIDES for _, s in self.picks):
            raise ValueError("a pick'em pick is the away or the home side")
        return self

    def side_for(self, key: int) -> Side | None:
        for k, s in self.picks:
            if k == key:
                return s
        return None

    @property
    def key(self) -> str:
        """The name as it identifies an entrant in a pool and across a season (case and spacing ignored)."""
        return name_key(self.name)


def name_key(name: str) -> str:
    return clean_name(name).casefold()


# --- the games and the picks ------------------------------------------------------------------------------


def pool_games(card: Card) -> tuple[Game, ...]:
    """The games entrants pick: every game on the card version that is not off."""
    return tuple(g for g in card.games if not g.off)


def _when(game: Game) -> datetime:
    k = game.kickoff
    if isinstance(k, datetime):
        return k.astimezone(UTC) if k.tzinfo else k.replace(tzinfo=UTC)
    if isinstance(k, date):
        return datetime.combine(k, time(0), tzinfo=UTC)
    return datetime.min.replace(tzinfo=UTC)


def tiebreak_game(pool: PickemPool, games: Sequence[Game]) -> Game:
    """The pool's tiebreak game: the one it names, else the last by kickoff (on a tie, the last on the card)."""
    if not games:
        raise ValueError("the card has no games to pick")
    if pool.tiebreak_game is not None:
        for g in games:
            if g.key == pool.tiebreak_game:
                return g
        raise ValueError(f"the tiebreak game {pool.tiebreak_game} is not among the pool's games")
    return last_by_kickoff(games)


def last_by_kickoff(games: Sequence[Game]) -> Game:
    """The last game by kickoff (on a tie, the last on the card): a pool's tiebreak game unless it names one."""
    return max(enumerate(games), key=lambda ig: (_when(ig[1]), ig[0]))[1]


def find_game(games: Sequence[Game], number: int) -> tuple[Game, Side] | None:
    for g in games:
        side = g.numbers.side_of(number)
        if side is not None:
            return g, side
    return None


def picks_from_numbers(numbers: Sequence[int], card: Card) -> tuple[dict[int, Side], list[str]]:
    """Selection numbers → {game key: side}, and every reason a number is refused (empty: all good)."""
    games = pool_games(card)
    picks: dict[int, Side] = {}
    chosen: dict[int, int] = {}
    problems: list[str] = []
    for number in numbers:
        hit = card.selection(number)
        if hit is None:
            problems.append(f"{number} is not a selection number on card {card.slug} version {card.version}")
            continue
        game, side = hit
        if game not in games:
            problems.append(f"{number}: {game.label()} is off the card, so it is not in the pool")
            continue
        if side not in PICK_SIDES:
            problems.append(
                f"{number} is the {side.value} of {game.label()}; a pick'em pick is a side: "
                f"{game.numbers.away} ({game.away}) or {game.numbers.home} ({game.home})"
            )
            continue
        if game.key in chosen:
            before = chosen[game.key]
            problems.append(
                f"{number} appears twice"
                if before == number
                else f"{before} and {number} are both sides of {game.label()}; pick one"
            )
            continue
        chosen[game.key] = number
        picks[game.key] = side
    return picks, problems


def missing_games(picks: Mapping[int, Side], card: Card) -> tuple[Game, ...]:
    return tuple(g for g in pool_games(card) if g.key not in picks)


# --- scoring one week -------------------------------------------------------------------------------------


class PickLine(Frozen):
    game: int
    side: Side | None
    outcome: PickOutcome
    points: Decimal


class Standing(Frozen):
    """One entrant's week: score, counts, tiebreak, place (shared by `tied` entrants) and prize."""

    place: int
    tied: int
    name: str
    paid: bool
    score: Decimal
    wins: int
    pushes: int
    losses: int
    missing: int
    void: int
    pending: int
    tiebreak: int | None
    distance: int | None  # |guess − actual|; None without a guess or an actual total
    over: bool  # the guess is above the actual total
    prize: Decimal
    picks: tuple[PickLine, ...]


class WeekReport(Frozen):
    pool: PickemPool
    title: str
    games: tuple[Game, ...]
    results: tuple[Result, ...]
    tiebreak_game: Game
    tiebreak_total: int | None
    pot: Decimal
    place_prizes: tuple[Decimal, ...]  # by finishing position, 1st first
    standings: tuple[Standing, ...]
    notes: tuple[str, ...]
    final: bool  # every game has a result

    @property
    def paid_out(self) -> Decimal:
        return sum((s.prize for s in self.standings), NIL)


def graded_sides(game: Game, result: Result | None, basis: PickemBasis) -> dict[Side, LegOutcome]:
    """Both sides of a game graded once: ATS at the card's spread, straight-up as a spread of 0."""
    line_game = game if basis == "ats" else Game.model_validate({**game.model_dump(), "spread": NIL})
    return {side: grade_leg(line_game, side, result) for side in PICK_SIDES}


def score_entry(
    entry: PickemEntry,
    games: Sequence[Game],
    graded: Mapping[int, Mapping[Side, LegOutcome]],
    push_points: Decimal,
) -> tuple[Decimal, tuple[PickLine, ...]]:
    lines: list[PickLine] = []
    for game in games:
        side = entry.side_for(game.key)
        if side is None:
            lines.append(PickLine(game=game.key, side=None, outcome="missing", points=NIL))
            continue
        o = graded[game.key][side]
        points = ONE if o is LegOutcome.WIN else push_points if o is LegOutcome.PUSH else NIL
        lines.append(PickLine(game=game.key, side=side, outcome=o.value, points=points))
    return sum((p.points for p in lines), NIL), tuple(lines)


def tiebreak_key(guess: int | None, actual: int | None, rule: TiebreakRule) -> tuple[int, int]:
    """Smaller is better. No actual total: everyone equal. No guess: after every guess."""
    if actual is None:
        return (0, 0)
    if guess is None:
        return (2, 0)
    over = 1 if rule == "closest-without-going-over" and guess > actual else 0
    return (over, abs(guess - actual))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _scored(
    e: PickemEntry,
    games: Sequence[Game],
    graded: Mapping[int, dict[Side, LegOutcome]],
    pool: PickemPool,
    actual: int | None,
) -> tuple[PickemEntry, Decimal, tuple[PickLine, ...], tuple[int, int]]:
    """An entry with its score, its picks' lines, and the key its tiebreak guess sorts by."""
    score, lines = score_entry(e, games, graded, pool.push_points)
    return e, score, lines, tiebreak_key(e.tiebreak, actual, pool.tiebreak_rule)


def _result_notes(games: Sequence[Game], results: Mapping[int, Result], pending: Sequence[Game]) -> list[str]:
    """What the week's results say of its scores: games cancelled, games with no result yet."""
    notes = [
        f"{g.label()} was cancelled: no points for anyone on it."
        for g in games
        if (r := results.get(g.key)) is not None and r.cancelled
    ]
    if pending:
        notes.append(
            f"{len(pending)} game(s) have no result yet ({', '.join(g.label() for g in pending)}): "
            "scores, places and prizes are provisional."
        )
    return notes


def _prize_notes(prizes: Sequence[Decimal], pot: Decimal, entries: int, fee: Decimal) -> list[str]:
    """The week's prizes adding up to more than its pot, said."""
    notes = []
    if sum(prizes, NIL) > pot:
        notes.append(
            f"The prizes add up to {dollars(sum(prizes, NIL))}, more than the pot {dollars(pot)} "
            f"({plural(entries, 'entry', 'entries')} at {dollars(fee)})."
        )
    return notes


def _standing(
    e: PickemEntry,
    score: Decimal,
    lines: tuple[PickLine, ...],
    place: int,
    tied: int,
    share: Decimal,
    actual: int | None,
) -> Standing:
    """An entrant's line of the standings: place (shared by `tied`), score and its wins, pushes, losses …,
    the tiebreak guess and how far it was from `actual`, and the prize share."""
    counts = {
        o: sum(1 for p in lines if p.outcome == o)
        for o in ("win", "push", "loss", "missing", "void", "pending")
    }
    return Standing(
        place=place,
        tied=tied,
        name=e.name,
        paid=e.paid,
        score=score,
        wins=counts["win"],
        pushes=counts["push"],
        losses=counts["loss"],
        missing=counts["missing"],
        void=counts["void"],
        pending=counts["pending"],
        tiebreak=e.tiebreak,
        distance=abs(e.tiebreak - actual) if e.tiebreak is not None and actual is not None else None,
        over=e.tiebreak is not None and actual is not None and e.tiebreak > actual,
        prize=share,
        picks=lines,
    )


def grade_week(
    pool: PickemPool, card: Card, entries: Iterable[PickemEntry], results: Mapping[int, Result]
) -> WeekReport:
    """Score, rank and pay a week. Entrants still tied after the tiebreaker take consecutive positions
    together: the prizes of those positions are pooled and split equally (`split`), and the odd cent goes
    to the tied entrants in alphabetical order of name. Entry order never matters."""
    games = pool_games(card)
    tb_game = tiebreak_game(pool, games)
    graded = {g.key: graded_sides(g, results.get(g.key), pool.basis) for g in games}
    pending = [g for g in games if results.get(g.key) is None]
    notes = _result_notes(games, results, pending)
    tb_result = results.get(tb_game.key)
    actual: int | None = None
    if tb_result is not None and not tb_result.cancelled and not tb_result.out:
        actual = (tb_result.away_score or 0) + (tb_result.home_score or 0)
    elif tb_result is not None:
        notes.append(f"The tiebreak game {tb_game.label()} was cancelled: ties on score are not broken.")
    scored = sorted(
        (_scored(e, games, graded, pool, actual) for e in entries),
        key=lambda s: (-s[1], s[3], s[0].key, s[0].name),
    )
    pot = cents(pool.fee * len(scored))
    prizes = place_prizes(pot, pool.prizes)
    notes += _prize_notes(prizes, pot, len(scored), pool.fee)

    standings: list[Standing] = []
    i = 0
    while i < len(scored):
        j = i
        while j < len(scored) and (scored[j][1], scored[j][3]) == (scored[i][1], scored[i][3]):
            j += 1
        group = scored[i:j]
        pooled = sum(prizes[i:j], NIL)
        shares = split(pooled, len(group))
        if len(group) > 1 and pooled > 0:
            names = ", ".join(e.name for e, *_ in group)
            end = min(j, len(prizes))
            span = ordinal(i + 1) if end <= i + 1 else f"{ordinal(i + 1)}–{ordinal(end)}"
            notes.append(
                f"{names} tie for {ordinal(i + 1)} and share the {span} prize money "
                f"({dollars(pooled)}): " + ", ".join(dollars(s) for s in shares) + "."
            )
        for (e, score, lines, _), share in zip(group, shares, strict=True):
            standings.append(_standing(e, score, lines, i + 1, len(group), share, actual))
        i = j
    if (unclaimed := sum(prizes[len(scored) :], NIL)) > 0:
        notes.append(f"{dollars(unclaimed)} of prizes is not paid: there are more prizes than entries.")
    return WeekReport(
        pool=pool,
        title=card.title,
        games=games,
        results=tuple(results[g.key] for g in games if g.key in results),
        tiebreak_game=tb_game,
        tiebreak_total=actual,
        pot=pot,
        place_prizes=prizes,
        standings=tuple(standings),
        notes=tuple(notes),
        final=not pending,
    )
