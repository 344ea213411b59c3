"""How many picks a card can take, and the payout tiers it can never pay: a 10-of-10 tier on a six-game
card is printed on every card and never paid. Pure: the print and `payout set` say it by name."""

from __future__ import annotations

from .errors import option
from .models import Card
from .text import plural


def most_picks(card: Card) -> int:
    """The most selections one card can take: a side of each game on it, and its total too when the
    rules allow a side and the total of one game."""
    return sum(1 + (card.rules.same_game and g.total is not None) for g in card.games if not g.off)


def beyond_reach(card: Card) -> str | None:
    """What to tell the operator when the payout table has tiers for more picks than the card can take
    (None when it has none), with the command that takes them off."""
    most = most_picks(card)
    over = sorted({t.picks for t in card.payouts.tiers if t.picks > most})
    if not over or most == 0:
        return None
    games = plural(sum(not g.off for g in card.games), "game")
    counts = ", ".join(map(str, over[:-1])) + (" and " if len(over) > 1 else "") + str(over[-1])
    fix = f"parlaycards rules set {card.slug} {option('max_picks')} {most}"
    if card.rules.min_picks > most:
        fix = f"parlaycards rules set {card.slug} {option('min_picks')} {most} {option('max_picks')} {most}"
    return (
        f"card {card.slug} v{card.version} has {games}, so one card takes at most {most} picks, but its payout "
        f"table has tiers for {counts} picks and its rules accept up to {card.rules.max_picks}: players see tiers "
        f"they can never win. To take them off the card: {fix} (the tiers above it go), or add games."
    )
