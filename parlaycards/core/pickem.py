"""Pick'em pools (SETTLEMENT.md §5) as pure functions: pool settings, picks, weekly scores, places, prizes.

Every entrant picks one side of every game, against the spread or straight-up. A win scores 1, a push
`push_points` [0.5], a loss or a missing pick 0; a cancelled game scores nothing for anyone. Ranking is
by score, then by the tiebreaker (distance from the actual total points of the tiebreak game); entrants
still tied share the place. Money: prizes are cents, split half up; see `split` for the odd cent.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from .choices import PickemBasis, TiebreakRule
from .frozen import Frozen
from .models import Card, Game, Side, not_blank
from .printable import MAX_NAME, too_long_note
from .prizes import HUNDRED, Prize
from .text import clean_name

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

    name: str = Field(min_length=1)  # at most MAX_NAME characters, as a parlay card's player
    picks: tuple[tuple[int, Side], ...] = ()
    tiebreak: int | None = Field(default=None, ge=0, le=999)
    received_at: datetime | None = None
    paid: bool = True

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        said = too_long_note("the name", v, MAX_NAME)
        if said:
            raise ValueError(said)
        return not_blank(v, "a name")

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
