"""Plain-data views of cards for JSON and tables (public shapes: keep them stable)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from .lines import format_spread, format_total, half
from .models import Card, Game, Side
from .money import dollars
from .printed import CardLine, lines_json


def kickoff_iso(game: Game, tz: str) -> str | None:
    """ISO 8601 in the card's zone with its offset, or a bare date when the time is TBA."""
    k = game.kickoff
    if k is None:
        return None
    if isinstance(k, datetime):
        return k.astimezone(ZoneInfo(tz)).isoformat()
    return k.isoformat()


def kickoff_text(game: Game, tz: str) -> str:
    """`Sun 11/23 1:00p`, or `Sun 11/23 TBA`."""
    k = game.kickoff
    if k is None:
        return "TBA"
    if isinstance(k, datetime):
        k = k.astimezone(ZoneInfo(tz))
        hour = k.strftime("%I").lstrip("0") or "12"
        return f"{k:%a %m/%d} {hour}:{k:%M}{'a' if k.hour < 12 else 'p'}"
    assert isinstance(k, date)
    return f"{k:%a %m/%d} TBA"


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


def game_row(game: Game, tz: str) -> dict[str, str]:
    """One game as printed text: numbers, teams, lines, kickoff."""
    return {
        "kickoff": kickoff_text(game, tz),
        "away_no": str(game.numbers.away),
        "away": game.away,
        "away_line": format_spread(game.line_for(Side.AWAY)),
        "home_no": str(game.numbers.home),
        "home": game.home + (" (N)" if game.neutral and not game.matchup else ""),
        "home_line": format_spread(game.line_for(Side.HOME)),
        "total": _total_text(game),
        "over_total": format_total(game.line_for(Side.OVER)),
        "under_total": format_total(game.line_for(Side.UNDER)),
        "over_no": str(game.numbers.over or ""),
        "under_no": str(game.numbers.under or ""),
    }


def _teased(game: Game) -> dict[str, float | None]:
    """A teased game's lines as printed (JSON): each side's and the over's and the under's."""
    out: dict[str, float | None] = {}
    for side in Side:
        line = game.line_for(side)
        out[side.value] = float(line) if line is not None else None
    return out


def _total_text(game: Game) -> str:
    """The total as printed: `44½`; teased, the over's and the under's (`o38½ u50½`)."""
    if game.tease and game.total is not None:
        return f"o{format_total(game.line_for(Side.OVER))} u{format_total(game.line_for(Side.UNDER))}"
    return format_total(game.total)


def rules_text(card: Card, short: bool = False) -> list[str]:
    """The card's rules in plain words, generated from its settings (printed on the card too).

    `short`: the same rules as terse phrases for small cards (`3–10 picks`, `ties lose`, …).
    """
    r = card.rules
    p = card.payouts
    if short:
        return _rules_short(card)
    out = [f"Pick at least {r.min_picks} and no more than {r.max_picks} selections."]
    if card.teaser is not None:
        out.append(
            f"Teaser: every line is moved {half(card.teaser)} points toward the player; the lines printed "
            "are the teased lines."
        )
    if any(g.matchup for g in card.games):
        out.append("Matchups (A vs B): both must start for action; the one who finishes ahead wins.")
    out.append(
        {
            "lose": "Ties (pushes) lose.",
            "win": "Ties (pushes) win.",
            "reduce": "Ties (pushes) are dropped and the card drops to the next lower tier.",
        }[r.ties]
    )
    out.append("Cancelled or postponed games are no action: the card drops to the next lower tier.")
    if r.below_minimum == "refund":
        out.append(f"A card reduced below {r.min_picks} picks with no loss is refunded.")
    else:
        out.append(f"A card reduced below {r.min_picks} picks loses.")
    out.append(
        "A side and the total of the same game may both be picked."
        if r.same_game
        else "Only one selection per game: not a side and the total of the same game."
    )
    out.append(
        "Payouts include the stake (odds FOR 1)."
        if p.basis == "for"
        else "Odds are TO 1: the stake is returned on top of the winnings."
    )
    if p.max_payout is not None:
        out.append(f"Maximum payout {dollars(p.max_payout)} per card, stake included.")
    if r.cutoff is not None:
        out.append(f"Cards must be in by {_cutoff(card, ', ')}.")
    out.append("Lines are fixed as printed.")
    return out


def _rules_short(card: Card) -> list[str]:
    r = card.rules
    p = card.payouts
    out = [
        *([f"teased {half(card.teaser)} pts"] if card.teaser is not None else []),
        f"{r.min_picks}–{r.max_picks} picks",
        {"lose": "ties lose", "win": "ties win", "reduce": "ties drop a tier"}[r.ties],
        "side and total of a game allowed" if r.same_game else "one pick per game",
        "odds FOR 1 (stake included)" if p.basis == "for" else "odds TO 1",
        "cancelled games no action",
        f"under {r.min_picks} picks {'refunded' if r.below_minimum == 'refund' else 'loses'}",
    ]
    if p.max_payout is not None:
        out.append(f"max payout ${p.max_payout:,.0f}")
    if r.cutoff is not None:
        out.append(f"in by {_cutoff(card, ' ')}")
    out.append("lines fixed as printed")
    return out


def _cutoff(card: Card, sep: str) -> str:
    """The card's cutoff in its zone: `Sun Nov 29, 1:00 PM EST` (sep between date and time)."""
    assert card.rules.cutoff is not None
    return moment_text(card.rules.cutoff, card.timezone, sep)


def moment_text(moment: datetime, tz: str, sep: str = ", ", *, year: bool = False) -> str:
    """A moment in zone `tz`: `Sun Nov 29, 1:00 PM EST` (sep between date and time); with `year`,
    `Sun Nov 29 2026, 1:00 PM EST`."""
    c = moment.astimezone(ZoneInfo(tz))
    hour = c.strftime("%I").lstrip("0") or "12"
    return f"{c:%a %b} {c.day}{f' {c.year}' if year else ''}{sep}{hour}:{c:%M} {c:%p} {c.tzname()}"


def moments_text(moments: tuple[datetime, ...], tz: str, sep: str = ", ") -> tuple[str, ...]:
    """Moments compared in one message, in zone `tz`: each with its year when their years differ
    (`Mon Oct 5 2026, 7:00 PM EDT` after `Thu Oct 5 2023, 8:00 PM EDT`, not two Oct 5ths)."""
    zone = ZoneInfo(tz)
    years = {m.astimezone(zone).year for m in moments}
    return tuple(moment_text(m, tz, sep, year=len(years) > 1) for m in moments)
