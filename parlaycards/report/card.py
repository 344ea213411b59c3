"""Plain-data views of cards for JSON and tables (public shapes: keep them stable)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from ..core.models import Card, Game, Side
from ..core.printed import CardLine, lines_json


def kickoff_iso(game: Game, tz: str) -> str | None:
    """ISO 8601 in the card's zone with its offset, or a bare date when the time is TBA."""
    k = game.kickoff
    if k is None:
        return None
    if isinstance(k, datetime):
        return k.astimezone(ZoneInfo(tz)).isoformat()
    return k.isoformat()


def card_json(
    card: Card, printed_versions: tuple[int, ...] = (), lines: Mapping[int, Sequence[CardLine]] | None = None
) -> dict[str, Any]:
    """`show SLUG --json`: the public shape.

    With `lines` (`core.printed.card_lines`), each game also has `printed_lines`: the lines printed cards
    carry it at, with their versions (empty for a game on no printed card).
    """
    data: dict[str, Any] = {
        "slug": card.slug,
        "version": card.version,
        "title": card.title,
        "timezone": card.timezone,
        "games": [
            {
                "league": g.league,
                "kickoff": kickoff_iso(g, card.timezone),
                "away": g.away,
                "home": g.home,
                "home_spread": float(g.spread),
                "total": float(g.total) if g.total is not None else None,
                "neutral": g.neutral,
                "off": g.off,
                **({"matchup": True} if g.matchup else {}),
                **({"teased": _teased(g)} if g.tease else {}),
                "numbers": {
                    "away": g.numbers.away,
                    "home": g.numbers.home,
                    "over": g.numbers.over,
                    "under": g.numbers.under,
                },
            }
            for g in card.games
        ],
        "payouts": [
            {"picks": t.picks, "hits": t.hits, "odds": str(t.odds)} for t in card.payouts.sorted().tiers
        ],
        "basis": card.payouts.basis,
        "max_payout": str(card.payouts.max_payout) if card.payouts.max_payout is not None else None,
        "rules": {
            "ties": card.rules.ties,
            "min_picks": card.rules.min_picks,
            "max_picks": card.rules.max_picks,
            "same_game": card.rules.same_game,
            "below_minimum": card.rules.below_minimum,
            "cutoff": card.rules.cutoff.astimezone(ZoneInfo(card.timezone)).isoformat()
            if card.rules.cutoff
            else None,
        },
        "disclaimer": card.disclaimer,
        "printed_versions": list(printed_versions),
    }
    if card.teaser is not None:
        data["teaser"] = float(card.teaser)
    if lines is not None:
        for g, out in zip(card.games, data["games"], strict=True):
            out["printed_lines"] = lines_json([line for line in lines.get(g.key, ()) if line.printed])
    return data


GAME_COLUMNS = (
    "League",
    "Date",
    "Time",
    "Away No.",
    "Away",
    "Away line",
    "Home No.",
    "Home",
    "Home line",
    "Total",
    "Over No.",
    "Under No.",
    "Neutral",
    "Status",
)


def game_values(game: Game, tz: str) -> tuple:
    """One game as the columns of `GAME_COLUMNS`, typed: the kickoff's local date and time (None, or "TBA"
    for a time not set), each side's line and the total as Decimals, neutral and off as booleans. The
    workbook and the CSV export write these, each in its own way."""
    day: date | None = None
    clock: object = "TBA"
    if isinstance(game.kickoff, datetime):
        local = game.kickoff.astimezone(ZoneInfo(tz))
        day, clock = local.date(), local.time().replace(tzinfo=None)
    elif game.kickoff is not None:
        day = game.kickoff
    return (
        game.league,
        day,
        clock if day else None,
        game.numbers.away,
        game.away,
        -game.spread,
        game.numbers.home,
        game.home,
        game.spread,
        game.total,
        game.numbers.over,
        game.numbers.under,
        game.neutral,
        game.off,
    )


def _teased(game: Game) -> dict[str, float | None]:
    """A teased game's lines as printed (JSON): each side's and the over's and the under's."""
    out: dict[str, float | None] = {}
    for side in Side:
        line = game.line_for(side)
        out[side.value] = float(line) if line is not None else None
    return out
