"""What importing a sheet again would undo: the hand edits made to a card since its last import.

A hand edit is a difference between the version the last import stored and the card's latest version
(a game set, added or removed; the payouts, rules, title or disclaimer changed). It is undone when the
card the new import would store does not keep it.
"""

from __future__ import annotations

from collections.abc import Callable

from .lines import format_spread, format_total
from .models import Card, Game
from .views import kickoff_text

Identity = Callable[[str, str], str]  # (a team's name, its league) → who the team is


def spelling(name: str, league: str) -> str:
    """A team known by its name as written, case aside (for want of an alias table)."""
    return name.casefold()


def pair(game: Game, identity: Identity = spelling) -> frozenset[str]:
    """A game known by its two teams, however the sheet or feed spells them."""
    return frozenset((identity(game.away, game.league), identity(game.home, game.league)))


GAME_FIELDS = ("spread", "total", "kickoff", "neutral", "off", "league", "numbers")
CARD_FIELDS = {
    "payouts": "the payout table",
    "rules": "the rules",
    "title": "the title",
    "disclaimer": "the disclaimer",
    "timezone": "the time zone",
}


def undone_edits(
    imported: Card, edited: Card, new: Card, source: str = "the sheet", identity: Identity = spelling
) -> tuple[str, ...]:
    """Each hand edit (imported → edited) that `new` would undo, said as a sentence; `source` is where
    `new`'s lines come from ("the sheet", "the feed"). Games are the same game when `identity` (the
    alias table, from the caller) says their teams are: "Bears" at "Packers" is Chicago at Green Bay."""
    out: list[str] = []
    before, after, coming = (_games(c, identity) for c in (imported, edited, new))
    for key, game in after.items():
        if key not in before and key not in coming:
            out.append(
                f"{_label(game)} was added by hand; {source} does not have it, so it would be removed."
            )
    for key, game in before.items():
        if key not in after and key in coming:
            out.append(
                f"{_label(game)} was removed by hand; {source} has it, so it would be back on the card."
            )
    for key, game in after.items():
        if key not in before or key not in coming:
            continue
        for field in GAME_FIELDS:
            was, now, sheet = (_value(g, field, edited.timezone) for g in (before[key], game, coming[key]))
            if was != now and sheet != now:
                out.append(
                    f"{_label(game)}: the {_name(field)} was changed by hand from {was} to {now}; "
                    f"{source} says {sheet}."
                )
    for field, name in CARD_FIELDS.items():
        was, now, then = (getattr(c, field) for c in (imported, edited, new))
        if was != now and then != now:
            out.append(f"{name} was changed by hand after the last import; this import would not keep it.")
    return tuple(out)


def _games(card: Card, identity: Identity) -> dict[frozenset[str], Game]:
    return {pair(g, identity): g for g in card.games}


def keep_names(current: Card, games: tuple[Game, ...], identity: Identity) -> tuple[Game, ...]:
    """`games` with each team spelled as `current` spells it where `identity` says it is the same game
    (away and home the same teams): re-importing "Bears" over "Chicago Bears" does not rename the card."""
    known = {(identity(g.away, g.league), identity(g.home, g.league)): g for g in current.games}
    out = []
    for g in games:
        was = known.get((identity(g.away, g.league), identity(g.home, g.league)))
        if was is not None and (was.away, was.home) != (g.away, g.home):
            g = Game.model_validate({**g.model_dump(), "away": was.away, "home": was.home})
        out.append(g)
    return tuple(out)


def _label(game: Game) -> str:
    return f"game {game.numbers.away} {game.label()}"


def _name(field: str) -> str:
    return {"spread": "home line", "off": "off-the-card mark", "numbers": "selection numbers"}.get(
        field, field
    )


def _value(game: Game, field: str, tz: str) -> str:
    if field == "spread":
        return format_spread(game.spread)
    if field == "total":
        return format_total(game.total) if game.total is not None else "no total"
    if field == "kickoff":
        return kickoff_text(game, tz) or "no kickoff"
    if field in ("neutral", "off"):
        return "yes" if getattr(game, field) else "no"
    if field == "numbers":
        return "/".join(str(n) for n in game.numbers.all())
    return str(getattr(game, field))
