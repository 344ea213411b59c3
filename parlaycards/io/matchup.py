"""The matchup layout: one cell names both teams ("Buffalo at Miami", "Duke vs. UNC" at a neutral site),
the rest of the row as the one-row-per-game layout reads it."""

from __future__ import annotations

import re
from decimal import Decimal

from ..core import teams
from ..core.lines import is_no_line, is_pick, split_named
from .layouts import OneRowLayout
from .sheets import Column
from .table import (
    Table,
    team_name,
)

MATCHUP = Column("matchup", "Matchup", ("game", "match", "teams", "matchups", "games", "event", "fixture"))
_SPLIT = re.compile(r"\s+(@|at|vs\.?|v\.?|versus)\s+|\s*@\s*", re.I)


class MatchupLayout(OneRowLayout):
    """One row per game with both teams in one cell: `Bills at Texans` or `Bills @ Texans` (the second
    at home), `Georgia vs Clemson` (a neutral site); the line and the rest as in the one-row layout."""

    name = "one row per game (Away at Home in one column)"
    columns = (MATCHUP, *(c for c in OneRowLayout.columns if c.name not in ("away", "home", "site")))
    required = ("matchup",)

    def _teams(self, table: Table, row: int) -> tuple[str, str, bool] | None:
        text = table.text(row, "matchup")
        if not text or (table.heading_like(row) and not _SPLIT.search(text)):
            table.section(row)
            return None
        splits = [m for m in _SPLIT.finditer(text) if m.start() > 0 and m.end() < len(text)]
        if not splits:
            table.problem(
                row,
                "matchup",
                f'"{text}" is not a game. Write it "Away at Home" (or Away @ Home), or "A vs B" for a game '
                "at a neutral site.",
            )
            return None
        # of several places to split (`Texas A&M at Army`), the one that leaves two known teams
        known = [m for m in splits if all(teams.canonical(team_name(t)[0]) for t in _sides(text, m))]
        if len(known) > 1 or (not known and len(splits) > 1):
            table.problem(
                row,
                "matchup",
                f'"{text}" can be read as more than one game. Write it with one at, @ or vs between the teams.',
            )
            return None
        m = (known or splits)[0]
        first, second = _sides(text, m)
        away, away_neutral = team_name(first)
        home, home_neutral = team_name(second)
        return away, home, away_neutral or home_neutral or _neutral(m)

    def _spread(self, table: Table, row: int, away: str, home: str) -> Decimal | None:
        """As the one-row layout reads it; but in `A vs B` neither team is at home, so a number alone in the
        home line column does not say whose line it is: it must name its team (`UGA -3.5`) or be PK."""
        value = table.get(row, "spread")
        vs = any(_neutral(m) for m in _SPLIT.finditer(table.text(row, "matchup")))
        if (
            vs
            and not table.has("away_line")
            and not table.has("favorite")
            and not table.has("underdog")
            and not is_no_line(value)
            and not (isinstance(value, str) and (split_named(value) is not None or is_pick(value)))
        ):
            table.problem(
                row,
                "spread",
                f"{away} vs {home} is at a neutral site, where neither team is at home, so the line "
                f'"{table.text(row, "spread")}" does not say whose it is. Write it with the team\'s name '
                f'({away} -3) or PK, or write the game "{away} at {home}".',
            )
            return None
        return super()._spread(table, row, away, home)


def _neutral(m: re.Match[str]) -> bool:
    """The word between the teams says a neutral site: vs, v or versus (at and @ put the second at home)."""
    return (m.group(1) or "@").lower().rstrip(".") in ("vs", "v", "versus")


def _sides(text: str, m: re.Match[str]) -> tuple[str, str]:
    return text[: m.start()].strip(), text[m.end() :].strip()
