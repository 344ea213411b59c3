"""Frozen domain models. Names are the ones users see: game, card, payout table, rules, entry, result."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from functools import cached_property
from typing import Literal

from pydantic import Field, field_validator, model_validator

from .bounds import MAX_INT, MAX_SCORE
from .choices import BelowMinimum, SourceKind, Ties
from .frozen import Frozen
from .payout_table import PayoutTable, PayoutTier, seed_payouts
from .text import clean_name


def not_blank(v: str, what: str) -> str:
    """A name as typed, cleaned (`core.text.clean_name`); ValueError when nothing is left of it."""
    v = clean_name(v)
    if not v:
        raise ValueError(f"{what} cannot be blank")
    return v


class Side(StrEnum):
    AWAY = "away"
    HOME = "home"
    OVER = "over"
    UNDER = "under"


class SelectionNumbers(Frozen):
    """The numbers printed beside away / home / over / under (rotation style, unique on a card)."""

    away: int = Field(ge=1)
    home: int = Field(ge=1)
    over: int | None = Field(default=None, ge=1)
    under: int | None = Field(default=None, ge=1)

    def all(self) -> tuple[int, ...]:
        return tuple(n for n in (self.away, self.home, self.over, self.under) if n is not None)

    def side_of(self, number: int) -> Side | None:
        for side in Side:
            if getattr(self, side.value) == number:
                return side
        return None


class Game(Frozen):
    """One game on a card. `spread` is home's line (favourite negative, PK 0).

    A matchup (golf, NASCAR, any head-to-head) has two competitors and no home: `away` is the first
    named, `home` the second, and `spread` the second's line. `tease` (a teaser card's points) moves
    every line of the game toward the player: each side's line up by it, over down, under up; the
    stored `spread` and `total` stay the board's, `line_for` gives the teased line printed and graded.
    """

    league: str = "NFL"
    kickoff: datetime | date | None = None
    away: str = Field(min_length=1)
    home: str = Field(min_length=1)
    neutral: bool = False
    spread: Decimal
    total: Decimal | None = None
    numbers: SelectionNumbers
    off: bool = False
    off_at: datetime | None = None
    matchup: bool = False
    tease: Decimal = Decimal(0)

    @field_validator("tease")
    @classmethod
    def _tease(cls, v: Decimal) -> Decimal:
        if v < 0 or v > 20 or (v * 2) != (v * 2).to_integral_value():
            raise ValueError(f"teaser points {v} must be a whole or half point from 0 to 20")
        return v

    @field_validator("away", "home")
    @classmethod
    def _team(cls, v: str) -> str:
        return not_blank(v, "a team name")  # its length is held where it is typed (core.printable)

    @field_validator("spread")
    @classmethod
    def _spread(cls, v: Decimal) -> Decimal:
        if abs(v) > 100 or (v * 2) != (v * 2).to_integral_value():
            raise ValueError(f"spread {v} must be a whole or half point between -100 and 100")
        return v

    @field_validator("total")
    @classmethod
    def _total(cls, v: Decimal | None) -> Decimal | None:
        if v is not None and (v <= 0 or v > 400 or (v * 2) != (v * 2).to_integral_value()):
            raise ValueError(f"total {v} must be a positive whole or half point")
        return v

    @model_validator(mode="after")
    def _numbers_match(self) -> Game:
        if (self.total is None) != (self.numbers.over is None or self.numbers.under is None):
            if self.total is None and (self.numbers.over or self.numbers.under):
                raise ValueError("a game without a total has no over/under numbers")
            if self.total is not None:
                raise ValueError("a game with a total needs over and under numbers")
        nums = self.numbers.all()
        if len(set(nums)) != len(nums):
            raise ValueError(f"selection numbers {nums} repeat within one game")
        if self.away.casefold() == self.home.casefold():
            raise ValueError(f"{self.away} cannot play itself")
        return self

    @property
    def key(self) -> int:
        """The game's key within a card: its away selection number (stable across versions)."""
        return self.numbers.away

    def line_for(self, side: Side) -> Decimal | None:
        """The line a side plays at: away gets −spread, home spread, over/under the total; on a
        teaser card each moved `tease` points toward the player (SETTLEMENT.md §6)."""
        if side is Side.HOME:
            return self.spread + self.tease
        if side is Side.AWAY:
            return -self.spread + self.tease
        if self.total is None:
            return None
        return self.total - self.tease if side is Side.OVER else self.total + self.tease

    def label(self) -> str:
        at = "vs" if self.neutral or self.matchup else "at"
        return f"{self.away} {at} {self.home}"


class Rules(Frozen):
    ties: Ties = "lose"
    min_picks: int = Field(default=3, ge=1, le=30)
    max_picks: int = Field(default=10, ge=1, le=30)
    same_game: bool = False
    below_minimum: BelowMinimum = "refund"
    cutoff: datetime | None = None

    @model_validator(mode="after")
    def _range(self) -> Rules:
        if self.min_picks > self.max_picks:
            raise ValueError(f"min picks {self.min_picks} is above max picks {self.max_picks}")
        return self


DEFAULT_DISCLAIMER = (
    "For amusement only. Void where prohibited. Must be 21 or older. Management decisions are final."
)


class Card(Frozen):
    """One version of a weekly card. Every edit makes a new version; printed versions never change."""

    slug: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,62}$")
    title: str = Field(min_length=1, max_length=120)
    version: int = Field(default=1, ge=1)
    timezone: str = "America/New_York"
    games: tuple[Game, ...]
    payouts: PayoutTable = Field(default_factory=seed_payouts)
    rules: Rules = Field(default_factory=Rules)
    disclaimer: str = DEFAULT_DISCLAIMER
    note: str = ""
    teaser: Decimal | None = None  # a teaser card: every game's lines moved this many points

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        points = self.teaser or Decimal(0)
        for g in self.games:
            if g.tease != points:
                raise ValueError(
                    f"{g.label()} is teased {g.tease} points on a card teased {points}: every game of a "
                    "teaser card moves by the card's points"
                )
        seen: dict[int, Game] = {}
        pairs: set[tuple[str, str]] = set()
        for g in self.games:
            for n in g.numbers.all():
                if n in seen:
                    raise ValueError(
                        f"selection number {n} is used by both {seen[n].label()} and {g.label()}"
                    )
                seen[n] = g
            pair = (g.away.casefold(), g.home.casefold())
            if pair in pairs:
                raise ValueError(f"{g.label()} is on the card twice")
            pairs.add(pair)
        missing = [
            n
            for n in range(self.rules.min_picks, self.rules.max_picks + 1)
            if self.payouts.tier(n, n) is None
        ]
        if missing:
            raise ValueError(
                "the payout table has no all-hit tier for "
                + ", ".join(f"{n} of {n}" for n in missing)
                + f" (the rules accept {self.rules.min_picks} to {self.rules.max_picks} picks); "
                "add one with `payout set` or change the pick range with `rules set`"
            )
        return self

    @cached_property
    def selections(self) -> dict[int, tuple[Game, Side]]:
        """Every selection number → (game, side), built once per card (entries look picks up by the thousand)."""
        return {
            getattr(g.numbers, side.value): (g, side)
            for g in self.games
            for side in Side
            if getattr(g.numbers, side.value) is not None
        }

    def selection(self, number: int) -> tuple[Game, Side] | None:
        return self.selections.get(number)

    def game_by_number(self, number: int) -> Game | None:
        hit = self.selection(number)
        return hit[0] if hit else None

    def leagues(self) -> tuple[str, ...]:
        out: list[str] = []
        for g in self.games:
            if g.league not in out:
                out.append(g.league)
        return tuple(out)


class Entry(Frozen):
    serial: str = Field(min_length=1)
    code: str | None = None
    name: str = ""
    stake: Decimal = Field(gt=0)
    picks: tuple[int, ...]
    received_at: datetime
    late: bool = False
    source: SourceKind = "typed"
    version: int = Field(default=1, ge=1, le=MAX_INT)

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return clean_name(v)


OUT_WORDS = {"wd": "withdrew", "dq": "was disqualified"}


class Result(Frozen):
    """A game's final score, or cancelled (void for every leg on it).

    In a matchup a competitor who started and then withdrew (`wd`) or was disqualified (`dq`) is marked
    out (`away_out`, `home_out`): SETTLEMENT.md §6, they finish behind a competitor who finishes. Such a
    result needs no score; a competitor who never started is `cancelled` (no action)."""

    game: int  # the game's key (its away selection number)
    away_score: int | None = Field(default=None, ge=0, le=MAX_SCORE)
    home_score: int | None = Field(default=None, ge=0, le=MAX_SCORE)
    cancelled: bool = False
    away_out: Literal["wd", "dq"] | None = None
    home_out: Literal["wd", "dq"] | None = None

    @property
    def out(self) -> bool:
        """A competitor withdrew or was disqualified after starting."""
        return self.away_out is not None or self.home_out is not None

    def out_text(self, away: str, home: str) -> str:
        """`Scheffler withdrew` / `Elliott was disqualified` (both when both are out), or "" for neither."""
        said = [f"{name} {OUT_WORDS[o]}" for name, o in ((away, self.away_out), (home, self.home_out)) if o]
        return " and ".join(said)

    @model_validator(mode="after")
    def _scored(self) -> Result:
        if self.cancelled and self.out:
            raise ValueError("a cancelled game has no competitor out")
        if not self.cancelled and not self.out and (self.away_score is None or self.home_score is None):
            raise ValueError("a result needs both scores, or cancelled")
        return self


class LegOutcome(StrEnum):
    WIN = "win"
    LOSS = "loss"
    PUSH = "push"
    VOID = "void"
    PENDING = "pending"


class Outcome(StrEnum):
    WIN = "win"
    LOSS = "loss"
    REFUND = "refund"
    PENDING = "pending"


class Leg(Frozen):
    number: int
    outcome: LegOutcome


class Settlement(Frozen):
    serial: str
    stake: Decimal
    legs: tuple[Leg, ...]
    effective_picks: int  # n'
    hits: int  # k
    tier: PayoutTier | None
    outcome: Outcome
    payout: Decimal  # handed back, stake included; 0 on a loss

    @property
    def profit(self) -> Decimal:
        return self.payout - self.stake
