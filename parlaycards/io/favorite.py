"""The Favorite / Line / Underdog layout: the favourite, the line and the underdog in a row, the home team
written in CAPITALS or marked at, @ or *; (N) marks a neutral site."""

from __future__ import annotations

import re
from decimal import Decimal

from ..core.lines import is_no_line, is_signed
from .row_columns import FAVORITE, UNDERDOG
from .sheets import Column, text_of
from .table import Draft, Extracted, Layout, Table
from .words import DATE, KICKOFF, LEAGUE, NEUTRAL, SITE, TIME, TOTAL, side_marked, team_name

LINE = Column("line", "Line", ("spread", "pts", "points", "odds", "points given"))


class FavoriteLayout(Layout):
    """FAVORITE / LINE / UNDERDOG (/ TOTAL): home in CAPITALS or marked at, @ or *; (N) marks a neutral site."""

    name = "Favorite / Line / Underdog"
    columns = (FAVORITE, LINE, UNDERDOG, TOTAL, DATE, TIME, KICKOFF, LEAGUE, NEUTRAL, SITE)
    required = ("favorite", "line", "underdog")

    def meaning(self, name: str, table: Table) -> str:
        if name == "line":
            return "the points the favourite gives"
        if name in ("favorite", "underdog"):
            return f"the {'favourite' if name == 'favorite' else 'underdog'} (home in CAPITALS or after at, @ or *)"
        if name == "site":
            return (
                "at or vs between the teams (at: the team on the right is at home; vs or N: a neutral site)"
            )
        return super().meaning(name, table)

    def extract(self, table: Table) -> Extracted:
        games = []
        columns = table.columns
        if table.has("site") and not min(columns["favorite"], columns["underdog"]) < columns["site"] < max(
            columns["favorite"], columns["underdog"]
        ):
            table.problem(
                table.header_row,
                "site",
                "an at/vs column in a Favorite / Line / Underdog sheet must sit "
                'between the Favorite and Underdog columns, to read as "Dallas at Houston". Move it '
                "there, or mark the home team in CAPITALS or with @ before its name.",
            )
            return Extracted((), tuple(table.problems))
        right = "favorite" if table.has("site") and columns["favorite"] > columns["site"] else "underdog"
        for row in table.rows():
            game = self._game(table, row, right)
            if game is not None:
                games.append(game)
        return Extracted(tuple(games), tuple(table.problems))

    def _game(self, table: Table, row: int, right: str) -> Draft | None:
        """The game of one row (None for a section heading, or a row refused with its problem)."""
        fav_text, dog_text = table.text(row, "favorite"), table.text(row, "underdog")
        if (not fav_text and not dog_text) or table.heading_like(row):
            table.section(row)
            return None
        if not fav_text or not dog_text:
            side = "favorite" if not fav_text else "underdog"
            table.problem(
                row,
                side,
                f"the {side} is missing ({fav_text or dog_text} plays nobody). "
                "Write both teams, or delete the row.",
            )
            return None
        fav, fav_side, fav_neutral = _marks(fav_text)
        dog, dog_side, dog_neutral = _marks(dog_text)
        fav_home = fav_side == "home" or dog_side == "away"
        dog_home = dog_side == "home" or fav_side == "away"
        if table.site(row) is False:  # `Favorite at Underdog`: the team on the right is at home
            if (fav_home and right == "underdog") or (dog_home and right == "favorite"):
                table.problem(
                    row,
                    "site",
                    f'"at" puts {dog if right == "underdog" else fav} at home, but '
                    f"{fav if right == 'underdog' else dog} is marked as the home team. Correct one.",
                )
                return None
            fav_home, dog_home = right == "favorite", right == "underdog"
        neutral = fav_neutral or dog_neutral or table.neutral([row])
        home = _home_of(fav, fav_home, dog, dog_home, neutral)
        if home is None:
            table.problem(
                row,
                "favorite",
                f'cannot tell which of "{fav_text}" and "{dog_text}" is at home. '
                "Write the home team in CAPITALS or put @ (or at) before it; mark a neutral site "
                "with (N).",
            )
            return None
        line = self._line(table, row, f"{fav_text} v {dog_text}")
        if line is None:
            return None
        away_name, home_name = (dog, fav) if home == "favorite" else (fav, dog)
        spread = -line if home == "favorite" else line
        return table.draft(
            [row], away_name, home_name, neutral=neutral, spread=spread, total=table.total([row])
        )

    def _line(self, table: Table, row: int, label: str) -> Decimal | None:
        """Points the favourite gives (unsigned or negative as written)."""
        value = table.get(row, "line")
        if is_no_line(value):
            table.no_line(row, "line", label)
            return None
        line = table.spread(row, "line")
        if line is None:
            return None
        if line > 0 and is_signed(value):
            table.problem(
                row,
                "line",
                f'the line "{text_of(value)}" has a plus sign, but in a Favorite / Line / '
                "Underdog sheet the favourite gives the points. Write 3½ or -3½.",
            )
            return None
        return abs(line)


def _marks(text: str) -> tuple[str, str | None, bool]:
    """A team less its marks: the side it is marked as playing (home, away or None), and (N)."""
    name, neutral = team_name(text)
    name, side = side_marked(name)
    return name, side, neutral


def _is_caps(name: str) -> bool:
    letters = [c for c in name if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def _acronym(name: str) -> bool:
    """LSU, UCLA, BYU: capitals by nature, not as a home mark."""
    return " " not in name.strip() and len(re.sub(r"[^A-Za-z]", "", name)) <= 4


def _home_of(fav: str, fav_home: bool, dog: str, dog_home: bool, neutral: bool) -> str | None:
    """Which column holds the home team: a mark first, then CAPITALS; at a neutral site, the favourite."""
    if fav_home != dog_home:
        return "favorite" if fav_home else "underdog"
    if fav_home and dog_home:
        return None
    caps = [side for side, name in (("favorite", fav), ("underdog", dog)) if _is_caps(name)]
    if len(caps) == 2:
        caps = [side for side, name in (("favorite", fav), ("underdog", dog)) if not _acronym(name)]
    if len(caps) == 1:
        return caps[0]
    return "favorite" if neutral else None


def _key(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.casefold())
