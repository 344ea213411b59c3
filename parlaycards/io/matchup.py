"""The matchup layout: one cell names both teams ("Buffalo at Miami", "Duke vs. UNC" at a neutral site),
the rest of the row as the one-row-per-game layout reads it."""

from __future__ import annotations

import re
from decimal import Decimal

from ..core import teams
from ..core.lines import is_no_line, is_pick, is_signed, split_named
from .layouts import OneRowLayout
from .sheets import Column
from .table import Table
from .words import team_name

MATCHUP = Column("matchup", "Matchup", ("game", "match", "teams", "matchups", "games", "event", "fixture"))
_SPLIT = re.compile(r"\s+(@|at|vs\.?|v\.?|versus)\s+|\s*@\s*", re.I)


class MatchupLayout(OneRowLayout):
    """One row per game with both teams in one cell: `Bills at Texans` or `Bills @ Texans` (the second
    at home), `Georgia vs Clemson` (a neutral site); the line and the rest as in the one-row layout. The
    line may be written in the cell after its team instead (`Chiefs -3 vs Bills`, `Jets @ Dolphins -4`:
    the team it follows gives or gets the points, as `GB -6½` in a line column)."""

    name = "one row per game (Away at Home in one column)"
    columns = (MATCHUP, *(c for c in OneRowLayout.columns if c.name not in ("away", "home", "site")))
    required = ("matchup",)

    def _no_line_column(self, table: Table) -> str | None:
        if super()._no_line_column(table) is None:
            return None
        if any(cell_line(table.text(row, "matchup")) for row in table.rows()):
            return None
        return (
            "the header has Matchup but no column for the line, and no matchup cell carries one. Add a "
            "column headed Line holding home's line (-3½, +7, PK), or write each line after its team in the "
            "matchup (Chiefs -3 vs Bills)."
        )

    def meaning(self, name: str, table: Table) -> str:
        if name == "matchup":
            return 'the game: "Away at Home" (or @), "A vs B" at a neutral site, a line after its team (Chiefs -3)'
        return super().meaning(name, table)

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
        known = [
            m for m in splits if all(teams.canonical(team_name(less_line(t)[0])[0]) for t in _sides(text, m))
        ]
        if len(known) > 1 or (not known and len(splits) > 1):
            table.problem(
                row,
                "matchup",
                f'"{text}" can be read as more than one game. Write it with one at, @ or vs between the teams.',
            )
            return None
        m = (known or splits)[0]
        first, second = (less_line(t)[0] for t in _sides(text, m))
        away, away_neutral = team_name(first)
        home, home_neutral = team_name(second)
        return away, home, away_neutral or home_neutral or _neutral(m)

    def _spread(self, table: Table, row: int, away: str, home: str) -> Decimal | None:
        """As the one-row layout reads it; but in `A vs B` neither team is at home, so a number alone in the
        home line column does not say whose line it is: it must name its team (`UGA -3.5`) or be PK."""
        if cell_line(table.text(row, "matchup")):
            return self._cell_spread(table, row, away, home)
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

    def _cell_spread(self, table: Table, row: int, away: str, home: str) -> Decimal | None:
        """Home's line as the matchup cell writes it after a team (`Chiefs -3 vs Bills`); None and a
        problem when it does not read, or disagrees with the line column."""
        text = table.text(row, "matchup")
        found = cell_line(text)
        lines: list[Decimal] = []
        for side, line_text in found:
            line = table.spread(row, "matchup", line_text)
            if line is None:
                return None
            if not is_signed(line_text):
                line = -line  # `Chiefs 3 vs Bills`: the named team gives the points
            lines.append(line if side == 1 else -line)
        if len(set(lines)) > 1:
            table.problem(
                row,
                "matchup",
                f'"{text}" gives both teams a line, and they disagree; one should be the other with the sign '
                "turned (-3 and +3). Write the line after one team.",
            )
            return None
        column_name = next((c for c in ("spread", "away_line", "home_margin") if table.has(c)), None)
        if column_name and not is_no_line(table.get(row, column_name)):
            column = super()._spread(table, row, away, home)
            if column is not None and column != lines[0]:
                table.problem(
                    row,
                    "matchup",
                    f'{away} at {home}: the line in the matchup ("{text}") and the line column '
                    "disagree. Keep one of them.",
                )
                return None
        return lines[0]


def cell_line(text: str) -> list[tuple[int, str]]:
    """The lines a matchup cell writes after its teams: (0 first team, 1 second; the line as written)."""
    splits = [m for m in _SPLIT.finditer(text) if m.start() > 0 and m.end() < len(text)]
    if len(splits) != 1:
        return []
    return [(i, line) for i, t in enumerate(_sides(text, splits[0])) if (line := less_line(t)[1])]


def less_line(side: str) -> tuple[str, str | None]:
    """A side of a matchup less the line written after its team: `Chiefs -3` → ("Chiefs", "-3")."""
    named = split_named(side)
    if named is None or not re.search(r"[+-]?\d|pk|pick", named[1], re.I):
        return side, None
    return named


def _neutral(m: re.Match[str]) -> bool:
    """The word between the teams says a neutral site: vs, v or versus (at and @ put the second at home)."""
    return (m.group(1) or "@").lower().rstrip(".") in ("vs", "v", "versus")


def _sides(text: str, m: re.Match[str]) -> tuple[str, str]:
    return text[: m.start()].strip(), text[m.end() :].strip()
