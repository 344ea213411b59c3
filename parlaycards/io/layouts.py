"""The one-row-per-game and Favorite / Line / Underdog layouts (the rotation board is in rotation.py)."""

from __future__ import annotations

import re
from decimal import Decimal

from ..core.lines import is_no_line, is_signed, split_named
from . import teams
from .sheets import Column, text_of
from .table import (
    DATE,
    KICKOFF,
    LEAGUE,
    NEUTRAL,
    TIME,
    TOTAL,
    Draft,
    Extracted,
    Layout,
    Table,
    home_marked,
    team_name,
)

AWAY = Column("away", "Away", ("away team", "visitor", "visitors", "visiting team", "visiting", "road",
                               "road team"))
HOME = Column("home", "Home", ("home team",))
HOME_LINE = Column("spread", "Home line", ("home spread", "line", "spread", "pts", "points", "point spread",
                                           "odds", "hline"))
AWAY_NO = Column("away_no", "Away No.", ("away rot", "away number", "away #", "rot", "rot #", "rotation",
                                         "rot no", "no", "#"))
HOME_NO = Column("home_no", "Home No.", ("home rot", "home number", "home #"))
OVER_NO = Column("over_no", "Over No.", ("over rot", "over number", "over #"))
UNDER_NO = Column("under_no", "Under No.", ("under rot", "under number", "under #"))
FAVORITE = Column("favorite", "Favorite", ("favourite", "fav", "favorites", "favourites", "favs"))
UNDERDOG = Column("underdog", "Underdog", ("dog", "underdogs", "dogs"))
LINE = Column("line", "Line", ("spread", "pts", "points", "odds", "points given"))


class OneRowLayout(Layout):
    """One row per game: Away, Home, Home line (or `GB -6½` naming a team), Total, Date, Time, League, Neutral."""

    name = "one row per game"
    columns = (AWAY, HOME, HOME_LINE, TOTAL, DATE, TIME, KICKOFF, LEAGUE, NEUTRAL, AWAY_NO, HOME_NO, OVER_NO,
               UNDER_NO)
    required = ("away", "home")

    def extract(self, table: Table) -> Extracted:
        games = []
        if not table.has("spread"):
            table.problem(table.header_row, None, "the header has Away and Home but no column for the line. "
                          "Add one headed Home line (or Line, Spread) holding home's line: -3½, +7, PK.")
            return Extracted((), tuple(table.problems))
        for row in table.rows():
            away, away_neutral = team_name(table.text(row, "away"))
            home, home_neutral = team_name(home_marked(table.text(row, "home"))[0])
            if not away and not home:
                table.section(row)
                continue
            if not home or not away:
                side = "home" if not home else "away"
                other = away or home
                table.problem(row, side, f"the {side} team is missing ({other} plays nobody). "
                              "Write both teams, or delete the row.")
                continue
            spread = self._spread(table, row, away, home)
            game = Draft(source=table.source(row), league=table.league_at([row]), kickoff=table.kickoff([row]),
                         away=away, home=home, neutral=away_neutral or home_neutral or table.neutral([row]),
                         spread=spread if spread is not None else Decimal(0), total=table.total([row]),
                         numbers=self._numbers(table, row))
            if spread is not None:
                games.append(game)
        return Extracted(tuple(games), tuple(table.problems))

    def _spread(self, table: Table, row: int, away: str, home: str) -> Decimal | None:
        value = table.get(row, "spread")
        if is_no_line(value):
            table.no_line(row, "spread", f"{away} at {home}")
            return None
        named = split_named(value) if isinstance(value, str) else None
        if named is None:
            return table.spread(row, "spread")
        name, line_text = named
        side = which_team(name, away, home)
        if side is None:
            table.problem(row, "spread", f'the line "{text_of(value)}" names "{name}", which is not {away} (away) '
                          f"or {home} (home), or could be either. Write home's line alone (-3½, +7, PK), or "
                          "start it with one team's name or abbreviation (GB -6½).")
            return None
        line = table.spread(row, "spread", line_text)
        if line is None:
            return None
        if not is_signed(line_text):
            line = -line  # `GB 6½`: the named team gives the points
        return line if side == "home" else -line

    def _numbers(self, table: Table, row: int) -> tuple[int | None, int | None, int | None, int | None]:
        away = table.number(row, "away_no")
        home = table.number(row, "home_no")
        if away is not None and home is None and not table.has("home_no"):
            home = away + 1
        return away, home, table.number(row, "over_no"), table.number(row, "under_no")


class FavoriteLayout(Layout):
    """FAVORITE / LINE / UNDERDOG (/ TOTAL): home in CAPITALS or marked at, @ or *; (N) marks a neutral site."""

    name = "Favorite / Line / Underdog"
    columns = (FAVORITE, LINE, UNDERDOG, TOTAL, DATE, TIME, KICKOFF, LEAGUE, NEUTRAL)
    required = ("favorite", "line", "underdog")

    def extract(self, table: Table) -> Extracted:
        games = []
        for row in table.rows():
            fav_text, dog_text = table.text(row, "favorite"), table.text(row, "underdog")
            if not fav_text and not dog_text:
                table.section(row)
                continue
            if not fav_text or not dog_text:
                side = "favorite" if not fav_text else "underdog"
                table.problem(row, side, f"the {side} is missing ({fav_text or dog_text} plays nobody). "
                              "Write both teams, or delete the row.")
                continue
            fav, fav_home, fav_neutral = _marks(fav_text)
            dog, dog_home, dog_neutral = _marks(dog_text)
            neutral = fav_neutral or dog_neutral or table.neutral([row])
            home = _home_of(fav, fav_home, dog, dog_home, neutral)
            if home is None:
                table.problem(row, "favorite", f'cannot tell which of "{fav_text}" and "{dog_text}" is at home. '
                              "Write the home team in CAPITALS or put @ (or at) before it; mark a neutral site "
                              "with (N).")
                continue
            line = self._line(table, row, f"{fav_text} v {dog_text}")
            if line is None:
                continue
            away_name, home_name = (dog, fav) if home == "favorite" else (fav, dog)
            games.append(Draft(source=table.source(row), league=table.league_at([row]),
                               kickoff=table.kickoff([row]), away=away_name, home=home_name, neutral=neutral,
                               spread=-line if home == "favorite" else line, total=table.total([row])))
        return Extracted(tuple(games), tuple(table.problems))

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
            table.problem(row, "line", f'the line "{text_of(value)}" has a plus sign, but in a Favorite / Line / '
                          "Underdog sheet the favourite gives the points. Write 3½ or -3½.")
            return None
        return abs(line)


def _marks(text: str) -> tuple[str, bool, bool]:
    name, neutral = team_name(text)
    name, home = home_marked(name)
    return name, home, neutral


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


def which_team(name: str, away: str, home: str) -> str | None:
    """"away" or "home" for a team named by a prefix, a word, initials or NFL abbreviation (`Pack`, `NYG`, `GB`)."""
    return teams.side(name, away, home)


def _key(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.casefold())
