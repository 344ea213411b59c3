"""The settlement contract (SETTLEMENT.md) as pure functions: legs, cards, money, refusals.

No clock, no database: every function is a function of its arguments. Money is Decimal,
rounded to the cent half up once, at the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from . import leagues
from .models import Card, Entry, Game, Leg, LegOutcome, Outcome, Result, Rules, Settlement, Side
from .money import ZERO, cents
from .payout_table import PayoutTable, PayoutTier, uncapped
from .text import brief, plural


def grade_leg(game: Game, side: Side, result: Result | None) -> LegOutcome:
    """Grade one selection against a game's result (§1) at its line as printed (teased on a teaser
    card, §6). Straight-up is a spread of 0; where the league's lower score finishes ahead (golf
    strokes, race positions) a side's margin is counted the other way."""
    if result is None:
        return LegOutcome.PENDING
    if result.cancelled:
        return LegOutcome.VOID
    if result.out:
        return _out(side, result)
    away, home = Decimal(result.away_score or 0), Decimal(result.home_score or 0)
    if side in (Side.OVER, Side.UNDER):
        total = game.line_for(side)
        if total is None:
            return LegOutcome.VOID
        points = away + home
        if points == total:
            return LegOutcome.PUSH
        over_wins = points > total
        return LegOutcome.WIN if over_wins == (side is Side.OVER) else LegOutcome.LOSS
    if leagues.lower_wins(game.league):
        away, home = -away, -home
    line = game.line_for(side)
    assert line is not None  # a side always has its line (the spread)
    mine, other = (away, home) if side is Side.AWAY else (home, away)
    margin = mine + line - other
    if margin == 0:
        return LegOutcome.PUSH
    return LegOutcome.WIN if margin > 0 else LegOutcome.LOSS


def _out(side: Side, result: Result) -> LegOutcome:
    """A matchup where a competitor started and then withdrew or was disqualified (§6): they finish behind
    a competitor who finishes, whatever the line. Where both are out the contract is silent; the usual
    sportsbook rule applies: no action. A total cannot be counted without both scores: no action."""
    if side in (Side.OVER, Side.UNDER) or (result.away_out and result.home_out):
        return LegOutcome.VOID
    mine = result.away_out if side is Side.AWAY else result.home_out
    return LegOutcome.LOSS if mine else LegOutcome.WIN


def returned(stake: Decimal, tier: PayoutTier, table: PayoutTable) -> Decimal:
    """What a winning card hands back at `tier`, stake included, capped, rounded once (§3)."""
    amount = uncapped(stake, tier, table)
    if table.max_payout is not None and amount > table.max_payout:
        amount = table.max_payout
    return cents(amount)


def settle_counts(outcomes: Sequence[LegOutcome], rules: Rules) -> tuple[int, int, bool, bool]:
    """Apply the ties rule and drop voids: (n', k, any loss, any pending)."""
    n = k = 0
    lost = pending = False
    for o in outcomes:
        if o is LegOutcome.PENDING:
            pending = True
            continue
        if o is LegOutcome.VOID:
            continue
        if o is LegOutcome.PUSH:
            if rules.ties == "reduce":
                continue
            o = LegOutcome.WIN if rules.ties == "win" else LegOutcome.LOSS
        n += 1
        if o is LegOutcome.WIN:
            k += 1
        else:
            lost = True
    return n, k, lost, pending


def cannot_win(n: int, k: int, lost: bool, pending: int, table: PayoutTable) -> bool:
    """Whether a card with a leg lost, n' legs decided with k wins and `pending` legs still to play, loses
    however they end (each may yet win, lose, or drop out as void): no tier is left within its reach."""
    if not lost:
        return False
    return not any(table.tier(n + m, k + w) is not None for m in range(pending + 1) for w in range(m + 1))


def settle_card(
    stake: Decimal, n: int, k: int, lost: bool, card_rules: Rules, table: PayoutTable
) -> tuple[Outcome, PayoutTier | None, Decimal]:
    """Steps 4–6 of §2 and the money of §3, given n' legs with k wins."""
    tier = table.tier(n, k)
    if tier is not None:
        return Outcome.WIN, tier, returned(stake, tier, table)
    if lost:
        return Outcome.LOSS, None, ZERO
    if card_rules.below_minimum == "refund":
        return Outcome.REFUND, None, cents(stake)
    return Outcome.LOSS, None, ZERO


def settle_entry(entry: Entry, card: Card, results: Mapping[int, Result]) -> Settlement:
    """Settle one entry against the card version it was printed from and the results by game key."""
    legs: list[Leg] = []
    for number in entry.picks:
        hit = card.selection(number)
        if hit is None:
            raise ValueError(f"pick {number} is not on {card.slug} v{card.version}")
        game, side = hit
        legs.append(Leg(number=number, outcome=grade_leg(game, side, results.get(game.key))))
    n, k, lost, pending = settle_counts([leg.outcome for leg in legs], card.rules)
    still = sum(1 for leg in legs if leg.outcome is LegOutcome.PENDING)
    outcome, tier, amount = (
        (Outcome.PENDING, None, ZERO)
        if pending and not cannot_win(n, k, lost, still, card.payouts)
        else settle_card(entry.stake, n, k, lost, card.rules, card.payouts)
    )
    return Settlement(
        serial=entry.serial,
        stake=entry.stake,
        legs=tuple(legs),
        effective_picks=n,
        hits=k,
        tier=tier,
        outcome=outcome,
        payout=amount,
    )


def grade_selections(card: Card, results: Mapping[int, Result]) -> dict[int, LegOutcome]:
    """Every selection number of a card graded once: the lookup table bulk settlement reads."""
    out: dict[int, LegOutcome] = {}
    for game in card.games:
        result = results.get(game.key)
        for side in Side:
            number = getattr(game.numbers, side.value)
            if number is not None:
                out[number] = grade_leg(game, side, result)
    return out


def refusals(
    entry: Entry,
    card: Card,
    *,
    current: Card | None = None,
    off_before: Mapping[int, datetime | None] | None = None,
    cutoff_applies: bool = True,
) -> list[str]:
    """Every reason §4 refuses `entry` on `card` (serial checks live with the store). Empty: accepted.

    `card` is the version the serial was printed from (its numbers and pick rules apply); `current`
    is the card as it stands now, whose games taken off and cutoff govern new entries. `off_before`
    adds games (by key) taken off at a time (None: off with no time, so always).
    """
    reasons: list[str] = []
    rules = card.rules
    now = current or card
    taken: dict[int, datetime | None] = {g.key: g.off_at for g in now.games if g.off}
    taken.update(off_before or {})
    seen: set[int] = set()
    markets: dict[tuple[int, str], int] = {}
    games_with: dict[int, set[str]] = {}
    for number in entry.picks:
        if number in seen:
            reasons.append(f"pick {number} appears twice")
            continue
        seen.add(number)
        hit = card.selection(number)
        if hit is None:
            reasons.append(f"pick {number} is not on card {card.slug} version {card.version}")
            continue
        game, side = hit
        market = "total" if side in (Side.OVER, Side.UNDER) else "side"
        other = markets.get((game.key, market))
        if other is not None:
            what = "over and under" if market == "total" else "both sides"
            reasons.append(f"picks {other} and {number} are {what} of {game.label()}")
        markets[(game.key, market)] = number
        games_with.setdefault(game.key, set()).add(market)
        if game.off or game.key in taken:
            taken_off = taken[game.key] if game.key in taken else game.off_at
            if taken_off is None or entry.received_at >= taken_off:
                when = f" at {brief(_local(taken_off, now))}" if taken_off else ""
                reasons.append(f"pick {number}: {game.label()} was taken off the card{when}")
    if not rules.same_game:
        reasons += _same_game(card, games_with)
    count = len(entry.picks)
    if count < rules.min_picks:
        reasons.append(f"{plural(count, 'pick')}; this card needs at least {rules.min_picks}")
    if count > rules.max_picks:
        reasons.append(f"{count} picks; this card takes at most {rules.max_picks}")
    cutoff = now.rules.cutoff
    if cutoff_applies and cutoff is not None and entry.received_at > cutoff and not entry.late:
        reasons.append(_after_cutoff(entry, cutoff, now))
    reasons += _past_posted(entry, card, now)
    return reasons


def _same_game(card: Card, games_with: Mapping[int, set[str]]) -> list[str]:
    """A game with both a side and the total picked, on a card whose same-game picks are off."""
    games = {g.key: g for g in card.games}
    return [
        f"a side and the total of {games[key].label()} are both picked; same-game picks are off on this card"
        for key, markets in games_with.items()
        if len(markets) > 1
    ]


def _after_cutoff(entry: Entry, cutoff: datetime, now: Card) -> str:
    """Why an entry received after the card's cutoff is refused, and how to accept it on purpose."""
    got, due = _local(entry.received_at, now), _local(cutoff, now)
    remedy = (
        "(to accept it on purpose, import with ⟨late⟩; if it was handed in before the cutoff, say "
        "when in a Received column of the sheet)"
        if entry.source == "imported"
        else "(to accept it on purpose, use ⟨late⟩; if it was handed in before the cutoff, say when "
        "with ⟨received⟩, or in a Received column of a sheet)"
    )
    year = got.year != due.year
    return f"received {brief(got, year=year)} after the cutoff {brief(due, year=year)} {remedy}"


def _past_posted(entry: Entry, card: Card, now: Card) -> list[str]:
    """No card keeps a pick on a game that had kicked off when it was received (the kickoff as the card
    stands now): past-posting is never accepted, on time or late, whatever the card's cutoff (a Thursday
    game on a card due Sunday locks at its kickoff)."""
    if entry.late:
        rule = "a late card may only pick games not yet started"
    else:
        rule = (
            "a pick must be in before its game starts (if the card was handed in earlier, say when with "
            "⟨received⟩, or in a Received column of a sheet)"
        )
    out = []
    for number in dict.fromkeys(entry.picks):
        hit = card.selection(number)
        if hit is None:
            continue
        game = next((g for g in now.games if g.key == hit[0].key), hit[0])
        began = started(game, entry.received_at, now, "late card" if entry.late else "card")
        if began is not None:
            out.append(f"pick {number}: {game.label()} {began}; {rule}")
    return out


def started(game: Game, received_at: datetime, card: Card, what: str) -> str | None:
    """Why a pick on `game` received at `received_at` comes after its start (None: the game had not
    started), e.g. "had kicked off (Fri Nov 20 20:15) when this card was received (Tue Nov 24 05:02)"."""
    began = kicked_off(game, received_at, card)
    if began is None:
        return None
    got = brief(_local(received_at, card))
    if isinstance(game.kickoff, datetime):
        return f"had kicked off ({began}) when this {what} was received ({got})"
    return f"was played on {began}, before this {what} was received ({got})"


def kicked_off(game: Game, received_at: datetime, card: Card) -> str | None:
    """When `game` started, if it had by `received_at` ("Fri Nov 20 20:15", or "Fri Nov 20" for a day with
    no time, which counts as started from the day after); a time with no zone is on `card`'s clock. None
    if not yet."""
    kick = game.kickoff
    if isinstance(kick, datetime):
        kick, got = _aware(kick, card), _aware(received_at, card)
        return brief(_local(kick, card)) if got >= kick else None
    if kick is not None and _local(received_at, card).date() > kick:
        return f"{kick:%a %b %d}"
    return None


def _aware(when: datetime, card: Card) -> datetime:
    """A time with no zone placed on the card's clock (UTC when the card's zone is unknown)."""
    if when.tzinfo is not None:
        return when
    try:
        return when.replace(tzinfo=ZoneInfo(card.timezone))
    except (ZoneInfoNotFoundError, ValueError):
        return when.replace(tzinfo=ZoneInfo("UTC"))


def _local(when: datetime, card: Card) -> datetime:
    """A time as the card's players read it: in the card's time zone."""
    if when.tzinfo is None:
        return when
    try:
        return when.astimezone(ZoneInfo(card.timezone))
    except (ZoneInfoNotFoundError, ValueError):
        return when
