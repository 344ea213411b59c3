"""Cards as printed text: kickoffs, game rows, rules and moments in plain words."""

from __future__ import annotations

from datetime import date, datetime

from .lines import format_spread, format_total, half
from .models import Card, Game, Side
from .text import dollars, hour_short, local, moment, short_day


def kickoff_text(game: Game, tz: str) -> str:
    """`Sun 11/23 1:00p`, or `Sun 11/23 TBA`."""
    k = game.kickoff
    if k is None:
        return "TBA"
    if isinstance(k, datetime):
        k = local(k, tz)
        return f"{short_day(k)} {hour_short(k)}"
    assert isinstance(k, date)
    return f"{short_day(k)} TBA"


def short_kickoff(game: Game, tz: str, with_date: bool) -> str:
    """`Sun 1:00p` (from kickoff_text), keeping the date when the card spans more than a week."""
    parts = kickoff_text(game, tz).split()
    if len(parts) == 3 and not with_date:
        return f"{parts[0]} {parts[2]}"
    return " ".join(parts)


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
    return out + _closing(card, short=False)


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
    return out + _closing(card, short=True)


def _closing(card: Card, short: bool) -> list[str]:
    """The rules every card's list ends with, in full or `short` words: its cap, its cutoff, fixed lines."""
    cap, out = card.payouts.max_payout, list[str]()
    if cap is not None:
        full = f"Maximum payout {dollars(cap)} per card, stake included."
        out.append(f"max payout {dollars(cap)}" if short else full)
    if card.rules.cutoff is not None:
        out.append(f"in by {_cutoff(card, ' ')}" if short else f"Cards must be in by {_cutoff(card, ', ')}.")
    out.append("lines fixed as printed" if short else "Lines are fixed as printed.")
    return out


def _cutoff(card: Card, sep: str) -> str:
    """The card's cutoff in its zone: `Sun Nov 29, 1:00 PM EST` (sep between date and time)."""
    assert card.rules.cutoff is not None
    return moment(card.rules.cutoff, card.timezone, sep)
