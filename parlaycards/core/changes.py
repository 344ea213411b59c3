"""What an edit did, in words: every change between two versions of a card as `before → after`.

Edits print these lines, and an import onto a hand-edited card shows them as what it would undo.
"""

from __future__ import annotations

from decimal import Decimal

from .lines import format_spread, format_total, half
from .models import Card, Game, Rules
from .money import dollars
from .payout_table import PayoutTable
from .text import moment
from .views import kickoff_text

ARROW = "→"


def favourite(game: Game) -> str | None:
    """The team giving points, or None for a pick'em."""
    if game.spread < 0:
        return game.home
    if game.spread > 0:
        return game.away
    return None


def line_text(game: Game) -> str:
    """The line as a bettor says it: the favourite and its points, `NY Giants -5`, or `pick'em`."""
    fav = favourite(game)
    if fav is None:
        return "pick'em"
    return f"{fav} -{half(game.spread)}"


def _spread_change(old: Game, new: Game) -> str:
    """`NY Giants +3½ → -5: the favourite changes to NY Giants` (the same team's line both times)."""
    team = new.home if favourite(new) in (None, new.home) else new.away
    sign = 1 if team == new.home else -1
    before = format_spread(sign * old.spread) if team in (old.home, old.away) else line_text(old)
    text = f"{team} {before} {ARROW} {format_spread(sign * new.spread)}"
    if favourite(old) != favourite(new):
        fav = favourite(new)
        text += ": the game becomes a pick'em" if fav is None else f": the favourite changes to {fav}"
    return text


def game_changes(old: Game, new: Game, tz: str) -> list[str]:
    """Each field of one game that changed, in words."""
    out: list[str] = []
    if (old.away, old.home) != (new.away, new.home):
        out.append(f"teams {old.away} at {old.home} {ARROW} {new.away} at {new.home}")
    if old.spread != new.spread:
        out.append(_spread_change(old, new))
    if old.total != new.total:
        out.append(
            f"total {format_total(old.total) or 'none'} {ARROW} {format_total(new.total) or 'none'}"
            + (
                f" (over {new.numbers.over} / under {new.numbers.under})"
                if old.total is None and new.numbers.over
                else ""
            )
        )
    if old.kickoff != new.kickoff:
        out.append(f"kickoff {kickoff_text(old, tz)} {ARROW} {kickoff_text(new, tz)}")
    if old.neutral != new.neutral:
        out.append("now at a neutral site (N)" if new.neutral else "no longer at a neutral site")
    if old.league != new.league:
        out.append(f"league {old.league} {ARROW} {new.league}")
    if old.off != new.off:
        out.append(
            "taken off the card: later entries that pick it are refused" if new.off else "back on the card"
        )
    return out


def _game_line(g: Game) -> str:
    """`Bears at Lions as 113/114, over 213 / under 214: Lions -7½, total 47½`."""
    nums = f"{g.numbers.away}/{g.numbers.home}" + (
        f", over {g.numbers.over} / under {g.numbers.under}" if g.numbers.over else ""
    )
    total = f", total {format_total(g.total)}" if g.total is not None else ""
    return f"{g.label()} as {nums}: {line_text(g)}{total}"


def payout_changes(old: PayoutTable, new: PayoutTable) -> list[str]:
    out: list[str] = []
    before = {(t.picks, t.hits): str(t.odds) for t in old.tiers}
    after = {(t.picks, t.hits): str(t.odds) for t in new.tiers}
    for key in sorted(set(before) | set(after)):
        picks, hits = key
        if before.get(key) != after.get(key):
            out.append(
                f"payout {hits} of {picks}: {before.get(key, 'none')} {ARROW} {after.get(key, 'removed')}"
            )
    if old.basis != new.basis:
        out.append(f"odds basis {old.basis.upper()} 1 {ARROW} {new.basis.upper()} 1")
    if old.max_payout != new.max_payout:
        out.append(f"maximum payout {_cap(old.max_payout)} {ARROW} {_cap(new.max_payout)}")
    return out


def _cap(value: Decimal | None) -> str:
    return "none" if value is None else dollars(value)


_RULE_WORDS = {
    "ties": "ties",
    "min_picks": "fewest picks",
    "max_picks": "most picks",
    "same_game": "a side and the total of one game",
    "below_minimum": "a card reduced below the fewest picks",
}


def _rule_value(name: str, value: object) -> str:
    if name == "same_game":
        return "allowed" if value else "not allowed"
    if name == "below_minimum":
        return "refunded" if value == "refund" else "loses"
    if name == "ties":
        return {"lose": "lose", "win": "win", "reduce": "drop a tier"}[str(value)]
    return str(value)


def rules_changes(old: Rules, new: Rules, tz: str) -> list[str]:
    out: list[str] = []
    for name, words in _RULE_WORDS.items():
        a, b = getattr(old, name), getattr(new, name)
        if a != b:
            out.append(f"{words}: {_rule_value(name, a)} {ARROW} {_rule_value(name, b)}")
    if old.cutoff != new.cutoff:
        out.append(f"cutoff {_moment(old, tz)} {ARROW} {_moment(new, tz)}")
    return out


def _moment(rules: Rules, tz: str) -> str:
    return "none" if rules.cutoff is None else moment(rules.cutoff, tz, " ")


def card_changes(old: Card, new: Card) -> list[str]:
    """Every difference between two versions of a card, one line each, games first in card order."""
    out: list[str] = []
    before = {g.key: g for g in old.games}
    after = {g.key: g for g in new.games}
    for g in new.games:
        was = before.get(g.key)
        if was is None:
            out.append(f"added {_game_line(g)}")
        else:
            out.extend(f"game {g.key} {g.label()}: {c}" for c in game_changes(was, g, new.timezone))
    out.extend(f"removed {_game_line(g)}" for g in old.games if g.key not in after)
    out.extend(payout_changes(old.payouts, new.payouts))
    out.extend(rules_changes(old.rules, new.rules, new.timezone))
    if old.title != new.title:
        out.append(f'title "{old.title}" {ARROW} "{new.title}"')
    if old.disclaimer != new.disclaimer:
        out.append(f'disclaimer "{old.disclaimer}" {ARROW} "{new.disclaimer}"')
    if old.timezone != new.timezone:
        out.append(f"time zone {old.timezone} {ARROW} {new.timezone}")
    return out
