"""Card edits: each takes a card and returns a new, validated card (the store gives it a version)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import ValidationError

from .bounds import KICKOFF_WINDOW_DAYS, as_day, far_from, middle_day
from .errors import NotFoundError, ParlayError, RefusedError, option
from .models import Card, Game, Rules
from .numbering import assign
from .payout_table import Odds, PayoutTable, PayoutTier, card_odds
from .text import iso_day


def rebuild(card: Card, **changes: Any) -> Card:
    """A new card with `changes`, validated (never model_copy, which skips validation)."""
    data = card.model_dump()
    data.update({k: (v.model_dump() if hasattr(v, "model_dump") else v) for k, v in changes.items()})
    try:
        return Card.model_validate(data)
    except ValidationError as exc:
        raise ParlayError(validation_text(exc)) from None


def validation_text(exc: ValidationError) -> str:
    """A pydantic error as plain words (first problem first)."""
    parts = []
    for e in exc.errors():
        msg = str(e.get("msg", "")).removeprefix("Value error, ")
        loc = ".".join(str(x) for x in e.get("loc", ()) if not isinstance(x, int))
        if (
            e.get("type") == "string_too_short" and (e.get("ctx") or {}).get("min_length") == 1
        ):  # pydantic's words
            msg = "a team name cannot be blank" if loc in ("away", "home") else "cannot be blank"
        named = not loc or loc in msg or f" {loc.rpartition('.')[2]} " in f" {msg} "  # the message names it
        parts.append(msg if named else f"{loc}: {msg}")
    return "; ".join(parts)


def find_game(card: Card, number: int) -> Game:
    game = card.game_by_number(number)
    if game is None:
        nums = sorted(n for g in card.games for n in g.numbers.all())
        span = f"{nums[0]}–{nums[-1]}" if nums else "none"
        raise NotFoundError(
            f"selection number {number} is not on card {card.slug} "
            f"(version {card.version} uses {span}; see `parlaycards show {card.slug}`)."
        )
    return game


def in_week(card: Card, moment: datetime | date | None, what: str, besides: Game | None = None) -> None:
    """A kickoff or cutoff typed for `card` (a pick'em pool closes at them too) must lie within
    KICKOFF_WINDOW_DAYS of the card's other games: a mistyped year is refused, never stored."""
    middle = middle_day(g.kickoff for g in card.games if g.kickoff is not None and g is not besides)
    if moment is None or middle is None or not far_from(moment, middle, KICKOFF_WINDOW_DAYS):
        return
    raise RefusedError(
        f"{what} {iso_day(as_day(moment))} is more than {KICKOFF_WINDOW_DAYS} days from the games of card "
        f"{card.slug} (around {iso_day(middle)}); nothing was changed. Check the date and its year."
    )


def _replace_game(card: Card, old: Game, new: Game) -> Card:
    return rebuild(card, games=tuple(new if g is old else g for g in card.games))


def with_game(card: Card, number: int, **fields: Any) -> Card:
    """Change fields of the game holding selection `number` (spread, total, teams, kickoff, off…)."""
    game = find_game(card, number)
    if fields.get("kickoff") is not None:
        in_week(card, fields["kickoff"], f"the kickoff of {game.label()}", besides=game)
    data = game.model_dump()
    if "total" in fields and fields["total"] is not None and game.total is None:
        [nums] = assign([True], [g.numbers for g in card.games if g is not game])
        data["numbers"] = {**data["numbers"], "over": nums.over, "under": nums.under}
    if "total" in fields and fields["total"] is None:
        data["numbers"] = {**data["numbers"], "over": None, "under": None}
    data.update(fields)
    try:
        new = Game.model_validate(data)
    except ValidationError as exc:
        raise ParlayError(f"game {game.label()}: {validation_text(exc)}") from None
    return _replace_game(card, game, new)


@dataclass(frozen=True, kw_only=True)
class NewGame:
    """A game to add to a card: its league (`game add` takes any word the league table knows, None for NFL
    or a local matchup; the card takes its code), the two sides (a matchup's two competitors), home's line,
    the total, the kickoff (None: not known yet; a naive one is in the card's zone), a neutral site."""

    league: str | None = None
    away: str
    home: str
    spread: Decimal
    total: Decimal | None = None
    kickoff: datetime | date | None = None
    neutral: bool = False
    matchup: bool = False


def add_game(card: Card, new: NewGame) -> Card:
    """A new version with one more game (on a teaser card, teased by the card's points)."""
    in_week(card, new.kickoff, f"the kickoff of {new.away} at {new.home}")
    [nums] = assign([new.total is not None], [g.numbers for g in card.games])
    try:
        game = Game.model_validate({**asdict(new), "numbers": nums, "tease": card.teaser or Decimal(0)})
    except ValidationError as exc:
        raise ParlayError(validation_text(exc)) from None
    at = kickoff_place(card, game)
    return rebuild(card, games=(*card.games[:at], game, *card.games[at:]))


def kickoff_place(card: Card, game: Game) -> int:
    """Where a game added by hand stands among the card's games: before the first game of its league
    that kicks off later (so after those at the same time), else after its league's last game, else
    last; a game without a kickoff goes last. Only new versions take it: a printed card never moves."""
    if game.kickoff is None:
        return len(card.games)
    zone = ZoneInfo(card.timezone)
    mine = [i for i, g in enumerate(card.games) if g.league == game.league]
    later = (i for i in mine if (k := card.games[i].kickoff) is not None and _after(k, game.kickoff, zone))
    return next(later, mine[-1] + 1 if mine else len(card.games))


def _after(a: datetime | date, b: datetime | date, zone: ZoneInfo) -> bool:
    """Whether kickoff `a` comes after `b`: by the moment when both have a time, else by the day in `zone`."""
    if isinstance(a, datetime) and isinstance(b, datetime) and (a.tzinfo is None) == (b.tzinfo is None):
        return a > b
    return _day(a, zone) > _day(b, zone)


def _day(moment: datetime | date, zone: ZoneInfo) -> date:
    return (
        moment.astimezone(zone).date() if isinstance(moment, datetime) and moment.tzinfo else as_day(moment)
    )


def remove_game(card: Card, number: int) -> Card:
    game = find_game(card, number)
    return rebuild(card, games=tuple(g for g in card.games if g is not game))


def take_off(card: Card, number: int, at: datetime) -> Card:
    """Take a game off the card from `at`: later entries that pick it are refused."""
    return with_game(card, number, off=True, off_at=at)


def tier(picks: int, hits: int, odds: str | Odds) -> PayoutTier:
    """One payout tier, `hits` of `picks` at `odds` (a-b), validated."""
    try:
        return PayoutTier(picks=picks, hits=hits, odds=card_odds(Odds.parse(odds)))
    except (ValidationError, ValueError) as exc:
        raise ParlayError(validation_text(exc) if isinstance(exc, ValidationError) else str(exc)) from None


def _with_tiers(table: PayoutTable, tiers: tuple[PayoutTier, ...]) -> PayoutTable:
    keys = {(t.picks, t.hits) for t in tiers}
    kept = [t for t in table.tiers if (t.picks, t.hits) not in keys]
    return PayoutTable(tiers=(*kept, *tiers), basis=table.basis, max_payout=table.max_payout).sorted()


def set_payout(card: Card, picks: int, hits: int, odds: str | Odds) -> Card:
    """Set one tier. A tier for more picks than the rules accept would be printed and never paid: refused."""
    new = tier(picks, hits, odds)
    if picks > card.rules.max_picks:
        raise RefusedError(
            f"a payout for {picks} picks would never be paid: the rules accept {card.rules.min_picks} to "
            f"{card.rules.max_picks} picks. To take {picks}-pick cards, raise the most picks and give the new "
            f"all-hit tiers in the same rules edit ({option('max_picks')} {picks} with {option('tier')} for each "
            f"of {', '.join(str(n) for n in range(card.rules.max_picks + 1, picks + 1))} picks)."
        )
    return rebuild(card, payouts=_with_tiers(card.payouts, (new,)))


def remove_payout(card: Card, picks: int, hits: int) -> Card:
    if card.payouts.tier(picks, hits) is None:
        raise NotFoundError(f"card {card.slug} has no tier for {hits} of {picks}.")
    tiers = tuple(t for t in card.payouts.tiers if (t.picks, t.hits) != (picks, hits))
    return rebuild(
        card, payouts=PayoutTable(tiers=tiers, basis=card.payouts.basis, max_payout=card.payouts.max_payout)
    )


_NO_CAP = object()


def set_table(card: Card, *, basis: str | None = None, max_payout: Decimal | None | object = _NO_CAP) -> Card:
    data = card.payouts.model_dump()
    if basis is not None:
        data["basis"] = basis
    if max_payout is not _NO_CAP:
        data["max_payout"] = max_payout
    return rebuild(card, payouts=data)


def set_rules(card: Card, *, tiers: tuple[PayoutTier, ...] = (), **fields: Any) -> Card:
    """Change rules (and, with `tiers`, the payout tiers a new pick range needs, in the same version).

    Lowering the most picks drops the tiers above it (they could never be paid); raising it needs an
    all-hit tier for each new pick count, given here or already in the table."""
    if fields.get("cutoff") is not None:
        in_week(card, fields["cutoff"], "the cutoff")
    data = card.rules.model_dump()
    data.update({k: v for k, v in fields.items()})
    try:
        rules = Rules.model_validate(data)
    except ValidationError as exc:
        raise ParlayError(validation_text(exc)) from None
    table = _with_tiers(card.payouts, tiers) if tiers else card.payouts
    beyond = [t for t in tiers if t.picks > rules.max_picks]
    if beyond:
        raise RefusedError(
            f"a payout for {beyond[0].picks} picks would never be paid: these rules accept "
            f"{rules.min_picks} to {rules.max_picks} picks."
        )
    if rules.max_picks < card.rules.max_picks:
        table = PayoutTable(
            tiers=tuple(t for t in table.tiers if t.picks <= rules.max_picks),
            basis=table.basis,
            max_payout=table.max_payout,
        )
    missing = [n for n in range(rules.min_picks, rules.max_picks + 1) if table.tier(n, n) is None]
    if missing:
        raise RefusedError(
            "the payout table has no all-hit tier for "
            + ", ".join(f"{n} of {n}" for n in missing)
            + f" (these rules accept {rules.min_picks} to {rules.max_picks} picks): give each in the same edit "
            f'with {option("tier")}, e.g. {option("tier")} "{missing[0]} 150-1" (the picks, then the odds).'
        )
    return rebuild(card, rules=rules, payouts=table)
