"""`show`: a card as JSON (the public shape: keep it stable), its games as the export writes them
(`GAME_COLUMNS`), and the lines the terminal shows under its games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any, NamedTuple
from zoneinfo import ZoneInfo

from ..core.lines import format_spread, format_total
from ..core.models import Card, Game, Side
from ..core.printed import CardLine, lines_json, other_lines
from ..core.text import plural
from ..core.views import rules_text


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


class GameValues(NamedTuple):
    """One game's values in the order of `GAME_COLUMNS`."""

    league: str
    day: date | None
    clock: time | str | None  # None with no date; "TBA" for a time not set
    away_no: int
    away: str
    away_line: Decimal
    home_no: int
    home: str
    home_line: Decimal
    total: Decimal | None
    over_no: int | None
    under_no: int | None
    neutral: bool
    off: bool


def game_values(game: Game, tz: str) -> GameValues:
    """One game as the columns of `GAME_COLUMNS`, typed: the kickoff's local date and time (None, or "TBA"
    for a time not set), each side's line and the total as Decimals, neutral and off as booleans. The
    workbook and the CSV export write these, each in its own way."""
    day: date | None = None
    clock: time | str = "TBA"
    if isinstance(game.kickoff, datetime):
        local = game.kickoff.astimezone(ZoneInfo(tz))
        day, clock = local.date(), local.time().replace(tzinfo=None)
    elif game.kickoff is not None:
        day = game.kickoff
    return GameValues(
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


def card_text(card: Card, printed: Sequence[int]) -> tuple[str, ...]:
    """`show`'s lines under the games: the payout table, the rules as the card prints them, the versions
    on paper."""
    basis = "TO 1" if card.payouts.basis == "to" else "FOR 1"
    tiers = " · ".join(f"{t.hits}/{t.picks} {t.odds}" for t in card.payouts.sorted().tiers)
    return (
        f"Payouts ({basis}): {tiers}",
        *("  " + line for line in rules_text(card)),
        f"Printed versions: {', '.join(map(str, printed)) or 'none yet'}",
    )


def other_lines_text(
    card: Card, lines: Mapping[int, Sequence[CardLine]], printed: Sequence[int]
) -> tuple[str, ...]:
    """The games that cards already in players' hands carry at another line than `card` (none: no lines)."""
    games = other_lines(card, lines)
    if not games:
        return ()

    def line(home: str, spread: Decimal, total: Decimal | None) -> str:
        return f"{home} {format_spread(spread)}" + (
            f", total {format_total(total)}" if total is not None else ""
        )

    mine = "" if card.version in printed else ", not printed"
    return (
        f"Printed cards carry other lines than version {card.version} for {plural(len(games), 'game')} "
        "(each card is graded at the line printed on it):",
        *(
            f"  {g.numbers.away}/{g.numbers.home} {g.label()}: "
            + "; ".join(f"{line(g.home, x.spread, x.total)} ({x.cards})" for x in held)
            + f"; this version: {line(g.home, g.spread, g.total)} (v{card.version}{mine})."
            for g, held in games
        ),
    )
