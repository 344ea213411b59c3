"""The lines players played: each game's spread and total as the card versions that reached players carried them.

A version reached players when cards were printed from it (a print batch) or entries were made on it.
Grading settles every card at its own version's line, so whatever shows results to players shows
each such version's line: `-4 (v1 cards) / -5½ (v3 cards)`. A game on no version that reached players
(added after the last printing) shows the newest version's line, tagged `(v4, not printed)`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from .lines import format_spread, format_total
from .models import Card, Game


@dataclass(frozen=True, slots=True)
class CardLine:
    """One line of a game and the card versions that carried exactly it."""

    versions: tuple[int, ...]
    spread: Decimal  # home's line
    total: Decimal | None
    printed: bool  # False: no card of these versions was printed or entered

    @property
    def away_line(self) -> str:
        return format_spread(-self.spread)

    @property
    def home_line(self) -> str:
        return format_spread(self.spread)

    @property
    def total_text(self) -> str:
        return format_total(self.total)

    @property
    def cards(self) -> str:
        """`v1 cards`, `v1, v2 cards`, or `v4, not printed`."""
        return cards_text(self.versions, self.printed)


def cards_text(versions: Sequence[int], printed: bool) -> str:
    names = ", ".join(f"v{v}" for v in versions)
    return f"{names} cards" if printed else f"{names}, not printed"


def games_of(cards: Mapping[int, Card]) -> dict[int, Game]:
    """Every game on any version, by key, in card order (later versions' games after); the newest wording wins."""
    games: dict[int, Game] = {}
    for version in sorted(cards):
        for g in cards[version].games:
            games[g.key] = g
    return games


def card_lines(cards: Mapping[int, Card], played: Collection[int]) -> dict[int, tuple[CardLine, ...]]:
    """Per game key, the lines it was played at, oldest version first.

    `cards`: every version of the card; `played`: the versions printed or entered. Versions carrying the
    same spread and total share one `CardLine`. A game on no played version gets its newest version's line,
    not printed. Versions edited after the last printing and never printed are left out.
    """
    on: dict[int, list[tuple[int, Game]]] = {}
    newest: dict[int, tuple[int, Game]] = {}
    for version in sorted(cards):
        for g in cards[version].games:
            newest[g.key] = (version, g)
            if version in played:
                on.setdefault(g.key, []).append((version, g))
    out: dict[int, tuple[CardLine, ...]] = {}
    for key, (version, game) in newest.items():
        carried = on.get(key)
        if not carried:
            out[key] = (CardLine((version,), game.spread, game.total, printed=False),)
            continue
        groups: dict[tuple[Decimal, Decimal | None], list[int]] = {}
        for v, g in carried:
            groups.setdefault((g.spread, g.total), []).append(v)
        out[key] = tuple(
            CardLine(tuple(vs), spread, total, printed=True) for (spread, total), vs in groups.items()
        )
    return out


def line_text(lines: Sequence[CardLine], part: Callable[[CardLine], str]) -> str:
    """One part of a game's line (`CardLine.home_line`, …) as players had it.

    `-3½` when every card carried it; `-4 (v1 cards) / -5½ (v3 cards)` when versions differ;
    `-3 (v4, not printed)` when no card carried it. Versions agreeing on this part are grouped.
    """
    groups: dict[str, list[int]] = {}
    for line in lines:
        groups.setdefault(part(line), []).extend(line.versions)
    printed = all(line.printed for line in lines)
    if len(groups) == 1 and printed:
        return next(iter(groups))
    return " / ".join(f"{text or 'none'} ({cards_text(sorted(vs), printed)})" for text, vs in groups.items())


def differs(lines: Sequence[CardLine]) -> bool:
    """True when players hold this game at more than one line, or at a line no card carried."""
    return len(lines) > 1 or not all(line.printed for line in lines)


def other_lines(
    card: Card, lines: Mapping[int, Sequence[CardLine]]
) -> list[tuple[Game, tuple[CardLine, ...]]]:
    """The games of `card` that printed cards carry at another spread or total, with the printed lines."""
    out = []
    for g in card.games:
        printed = tuple(line for line in lines.get(g.key, ()) if line.printed)
        if any((line.spread, line.total) != (g.spread, g.total) for line in printed):
            out.append((g, printed))
    return out


def lines_json(lines: Sequence[CardLine]) -> list[dict[str, object]]:
    """`[{"versions": [1], "printed": true, "home_spread": 2.5, "total": 41.0}, …]` (public JSON shapes)."""
    return [
        {
            "versions": list(line.versions),
            "printed": line.printed,
            "home_spread": float(line.spread),
            "total": float(line.total) if line.total is not None else None,
        }
        for line in lines
    ]
