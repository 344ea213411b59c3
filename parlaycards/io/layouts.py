"""The one-row-per-game and Favorite / Line / Underdog layouts (the rotation board is in rotation.py)."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from ..core import teams
from ..core.lines import is_no_line, is_pick, is_signed, split_named
from .rotation import money
from .sheets import Column, Problem, text_of
from .table import (
    DATE,
    KICKOFF,
    LEAGUE,
    NEUTRAL,
    SITE,
    TIME,
    TOTAL,
    Draft,
    Extracted,
    Layout,
    Table,
    side_marked,
    team_name,
)

AWAY = Column(
    "away", "Away", ("away team", "visitor", "visitors", "visiting team", "visiting", "road", "road team")
)
HOME = Column("home", "Home", ("home team",))
HOME_LINE = Column(
    "spread", "Home line", ("home spread", "line", "spread", "pts", "points", "point spread", "odds", "hline")
)
AWAY_NO = Column(
    "away_no",
    "Away No.",
    ("away rot", "away number", "away #", "rot", "rot #", "rotation", "rot no", "no", "#"),
)
HOME_MARGIN = Column(
    "home_margin",
    "Home margin",
    ("spread line", "home expected margin", "expected margin", "home margin", "projected margin", "margin"),
)
AWAY_ML = Column("away_ml", "Away moneyline", ("away moneyline", "away ml", "away money", "away money line"))
HOME_ML = Column("home_ml", "Home moneyline", ("home moneyline", "home ml", "home money", "home money line"))
HOME_NO = Column("home_no", "Home No.", ("home rot", "home number", "home #"))
OVER_NO = Column("over_no", "Over No.", ("over rot", "over number", "over #"))
UNDER_NO = Column("under_no", "Under No.", ("under rot", "under number", "under #"))
FAVORITE = Column("favorite", "Favorite", ("favourite", "fav", "favorites", "favourites", "favs"))
UNDERDOG = Column("underdog", "Underdog", ("dog", "underdogs", "dogs"))
LINE = Column("line", "Line", ("spread", "pts", "points", "odds", "points given"))
AWAY_LINE = Column(
    "away_line",
    "Away line",
    (
        "away spread",
        "visitor line",
        "visitor spread",
        "visitors line",
        "road line",
        "road spread",
        "vis line",
        "aline",
    ),
)


class OneRowLayout(Layout):
    """One row per game: Away, Home, Home line (or `GB -6½` naming a team), Total, Date, Time, League, Neutral.

    The line may instead be the points a team named in a Favorite (or Underdog) column gives (or gets),
    or the away team's line (Away line); an at/vs column marks neutral sites (vs, N)."""

    name = "one row per game"
    columns: tuple[Column, ...] = (
        AWAY,
        HOME,
        HOME_LINE,
        AWAY_LINE,
        HOME_MARGIN,
        AWAY_ML,
        HOME_ML,
        FAVORITE,
        UNDERDOG,
        TOTAL,
        DATE,
        TIME,
        KICKOFF,
        LEAGUE,
        NEUTRAL,
        SITE,
        AWAY_NO,
        HOME_NO,
        OVER_NO,
        UNDER_NO,
    )
    required: tuple[str, ...] = ("away", "home")

    def extract(self, table: Table) -> Extracted:
        games = []
        if not table.has("spread") and not table.has("away_line") and not table.has("home_margin"):
            table.problem(
                table.header_row,
                None,
                "the header has Away and Home but no column for the line. "
                "Add one headed Home line (or Line, Spread) holding home's line: -3½, +7, PK.",
            )
            return Extracted((), tuple(table.problems))
        if table.has("favorite") and table.has("underdog"):
            table.problem(
                table.header_row,
                "underdog",
                "the header has Away and Home and also both Favorite and "
                "Underdog columns, so which team is at home is said twice. Keep Away and Home with a "
                "Favorite column, or Favorite, Line and Underdog without Away and Home.",
            )
            return Extracted((), tuple(table.problems))
        prices: list[tuple[Draft, int | None, int | None]] = []
        for row in table.rows():
            teams_of = self._teams(table, row)
            if teams_of is None:
                continue
            away, home, marked_neutral = teams_of
            spread = self._spread(table, row, away, home)
            game = Draft(
                source=table.source(row),
                league=table.league_at([row]),
                kickoff=table.kickoff([row]),
                away=away,
                home=home,
                neutral=marked_neutral or table.neutral([row]),
                spread=spread if spread is not None else Decimal(0),
                total=table.total([row]),
                numbers=self._numbers(table, row),
            )
            if spread is not None:
                games.append(game)
                prices.append((game, money(table.get(row, "away_ml")), money(table.get(row, "home_ml"))))
        return Extracted(self._convention(table, games, prices), tuple(table.problems))

    def _convention(
        self, table: Table, games: list[Draft], prices: list[tuple[Draft, int | None, int | None]]
    ) -> tuple[Draft, ...]:
        """Sign conventions checked, not assumed: where the moneylines name a favourite, the line must
        make the same team the favourite. When it makes the other team on most such games, the column
        is of the other convention (positive: home favoured): said, and read that way. When only a few
        disagree, they are refused by name."""
        checked = [
            (g, (h < a)) for g, a, h in prices if a is not None and h is not None and a != h and g.spread != 0
        ]
        wrong = [g for g, home_fav in checked if home_fav != (g.spread < 0)]
        if not checked or not wrong:
            return tuple(games)
        column = next(c for c in ("spread", "home_margin", "away_line") if table.has(c))
        letter = table.source(table.header_row, column).column
        if len(wrong) * 2 > len(checked):
            right = [g for g, home_fav in checked if home_fav == (g.spread < 0)]
            if right:
                for g in right:
                    table.problem(
                        g.source.row or 0,
                        column,
                        f"{g.away} at {g.home}: the line column reads the other way round on most games "
                        f"({len(wrong)} of {len(checked)}), as the moneylines show, but this game's line agrees "
                        "with its moneylines. Check this game's line (or the moneylines).",
                    )
                return tuple(games)
            table.notes.append(
                Problem(
                    table.source(table.header_row, column),
                    f"column {letter} uses the other sign convention (positive: the home team is favoured), as "
                    f"the moneylines show on all {len(checked)} games that have them; it was read that way.",
                )
            )
            return tuple(replace(g, spread=-g.spread) for g in games)
        for g in wrong:
            table.problem(
                g.source.row or 0,
                column,
                f"{g.away} at {g.home}: the line makes {g.home if g.spread < 0 else g.away} the favourite, but "
                f"the moneylines make {g.away if g.spread < 0 else g.home} it. Check the line's sign (or the "
                "moneylines).",
            )
        return tuple(games)

    def _teams(self, table: Table, row: int) -> tuple[str, str, bool] | None:
        """The row's away and home teams and whether a (N) marks a neutral site; None for a heading (read
        as one) or a row missing a team (a problem)."""
        away, away_neutral = team_name(table.text(row, "away"))
        home, home_neutral = team_name(table.text(row, "home"))
        if (not away and not home) or table.heading_like(row):
            table.section(row)
            return None
        (away, away_side), (home, home_side) = side_marked(away, prefix=False), side_marked(home)
        if away_side == "home" or home_side == "away":
            wrong = "away" if away_side == "home" else "home"
            table.problem(
                row,
                wrong,
                f'"{table.text(row, wrong)}" in the {wrong.capitalize()} column is marked as the '
                f"{'home' if wrong == 'away' else 'away'} team. Correct the column or the mark.",
            )
            return None
        if not home or not away:
            side = "home" if not home else "away"
            other = away or home
            table.problem(
                row,
                side,
                f"the {side} team is missing ({other} plays nobody). Write both teams, or delete the row.",
            )
            return None
        return away, home, away_neutral or home_neutral

    def meaning(self, name: str, table: Table) -> str:
        if name == "matchup":
            return 'the game: "Away at Home" (or @), "A vs B" at a neutral site'
        if name == "spread":
            if table.has("favorite") or table.has("underdog"):
                role = "favourite gives" if table.has("favorite") else "underdog gets"
                return f"the points the {role} (home's line as written when signed with a team's name)"
            return "home's line (the favourite negative)" + (
                ", checked against the away line" if table.has("away_line") else ""
            )
        if name == "home_margin":
            return (
                "the home team's expected margin (positive: home favoured), read as home's line turned round"
            )
        if name in ("away_ml", "home_ml"):
            return f"{name[:4]}'s moneyline, checked against the line's favourite (not stored: a card prints no prices)"
        if name == "away_line":
            return "away's line (home's is the same with the sign turned)"
        if name == "favorite":
            return "the favourite (a team of the row, or home / away)"
        if name == "underdog":
            return "the underdog (a team of the row, or home / away)"
        if name == "site":
            return "at or vs (vs, v or N: a neutral site)"
        if name == "neutral":
            return "neutral site (yes / no)"
        return super().meaning(name, table)

    def side_help(self) -> str:
        return (
            "Delete the column if the other columns already say it. This layout reads a Favorite (or "
            "Underdog) column naming a team of the row, with the points it gives in Line; an at/vs column "
            "(at or @; vs or N for a neutral site); a Neutral column (yes / no); and an Away line column."
        )

    def _spread(self, table: Table, row: int, away: str, home: str) -> Decimal | None:
        if table.has("home_margin") and not table.has("spread"):
            if is_no_line(table.get(row, "home_margin")):
                table.no_line(row, "home_margin", f"{away} at {home}")
                return None
            margin = table.spread(row, "home_margin")
            return None if margin is None else -margin if margin else Decimal(0)
        if table.has("away_line"):
            return self._away_line(table, row, away, home)
        if table.has("favorite") or table.has("underdog"):
            return self._favourite_line(table, row, away, home)
        return self._home_line(table, row, away, home)

    def _away_line(self, table: Table, row: int, away: str, home: str) -> Decimal | None:
        """Away's line (sign turned for home's); with a Home line column too, the two must agree."""
        value = table.get(row, "away_line")
        if is_no_line(value) and table.has("spread"):
            return self._home_line(table, row, away, home)
        if is_no_line(value):
            table.no_line(row, "away_line", f"{away} at {home}")
            return None
        line = table.spread(row, "away_line")
        if line is None:
            return None
        if table.has("spread") and not is_no_line(table.get(row, "spread")):
            home_line = self._home_line(table, row, away, home)
            if home_line is not None and home_line != -line:
                table.problem(
                    row,
                    "away_line",
                    f'{away} at {home}: the away line "{table.text(row, "away_line")}" '
                    f'and the home line "{table.text(row, "spread")}" disagree; one should be the other '
                    "with the sign turned (-3 and +3).",
                )
                return None
        return -line

    def _favourite_line(self, table: Table, row: int, away: str, home: str) -> Decimal | None:
        """The points the team in the Favorite column gives (or the Underdog column's team gets): unsigned, or
        signed as that team plays; home's line is worked out from which team it is."""
        column = "favorite" if table.has("favorite") else "underdog"
        value = table.get(row, "spread")
        if is_pick(table.text(row, column)):  # `PK` where the favourite goes: a pick'em, the line blank or 0
            line = None if is_no_line(value) else table.spread(row, "spread")
            if is_no_line(value) or line == 0:
                return Decimal(0)
            if line is not None:
                table.problem(
                    row,
                    column,
                    f'{away} at {home}: the {column.capitalize()} column says "{table.text(row, column)}" '
                    f'(no favourite) but the line is "{table.text(row, "spread")}". Name the '
                    f"{_role(column)} ({away} or {home}), or leave the line blank for a pick'em.",
                )
            return None
        if is_no_line(value):
            table.no_line(row, "spread", f"{away} at {home}")
            return None
        named = split_named(value) if isinstance(value, str) else None
        line = self._home_line(table, row, away, home) if named is not None else table.spread(row, "spread")
        if line is None:
            return None
        if line == 0:
            return Decimal(0)
        written = table.text(row, column)
        if not written:
            table.problem(
                row,
                column,
                f'{away} at {home}: the line is "{table.text(row, "spread")}" but the '
                f"{column.capitalize()} cell is blank. Name the {_role(column)} ({away} or {home}), "
                "or write PK.",
            )
            return None
        side = which_team(written, away, home)
        if side is None:
            table.problem(
                row,
                column,
                f'"{written}" in the {column.capitalize()} column is not {away} (away) or '
                f"{home} (home), or could be either. Write one of the two names as the row writes it "
                "(or its abbreviation, or home / away).",
            )
            return None
        gives = column == "favorite"
        if named is not None:  # `DAL -4`: home's line already; the column must name the same favourite
            favourite = "home" if line < 0 else "away"
            if (side == favourite) != gives:
                table.problem(
                    row,
                    column,
                    f'{away} at {home}: the line "{table.text(row, "spread")}" makes '
                    f"{home if favourite == 'home' else away} the favourite, but the "
                    f'{column.capitalize()} column says "{written}". Correct one of them.',
                )
                return None
            return line
        if is_signed(value) and (line > 0) == gives:
            table.problem(
                row,
                "spread",
                f'{away} at {home}: the line "{table.text(row, "spread")}" has a '
                f"{'plus' if gives else 'minus'} sign, but the {column.capitalize()} column names the "
                f"team that {'gives' if gives else 'gets'} the points. Write {abs(line)} (or "
                f"{'-' if gives else '+'}{abs(line)}).",
            )
            return None
        points = abs(line)
        home_gives = (side == "home") == gives
        return -points if home_gives else points

    def _home_line(self, table: Table, row: int, away: str, home: str) -> Decimal | None:
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
            table.problem(
                row,
                "spread",
                f'the line "{text_of(value)}" names "{name}", which is not {away} (away) '
                f"or {home} (home), or could be either. Write home's line alone (-3½, +7, PK), or "
                "start it with one team's name or abbreviation (GB -6½).",
            )
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
            fav_text, dog_text = table.text(row, "favorite"), table.text(row, "underdog")
            if (not fav_text and not dog_text) or table.heading_like(row):
                table.section(row)
                continue
            if not fav_text or not dog_text:
                side = "favorite" if not fav_text else "underdog"
                table.problem(
                    row,
                    side,
                    f"the {side} is missing ({fav_text or dog_text} plays nobody). "
                    "Write both teams, or delete the row.",
                )
                continue
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
                    continue
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
                continue
            line = self._line(table, row, f"{fav_text} v {dog_text}")
            if line is None:
                continue
            away_name, home_name = (dog, fav) if home == "favorite" else (fav, dog)
            games.append(
                Draft(
                    source=table.source(row),
                    league=table.league_at([row]),
                    kickoff=table.kickoff([row]),
                    away=away_name,
                    home=home_name,
                    neutral=neutral,
                    spread=-line if home == "favorite" else line,
                    total=table.total([row]),
                )
            )
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
            table.problem(
                row,
                "line",
                f'the line "{text_of(value)}" has a plus sign, but in a Favorite / Line / '
                "Underdog sheet the favourite gives the points. Write 3½ or -3½.",
            )
            return None
        return abs(line)


def _role(column: str) -> str:
    return "favourite" if column == "favorite" else "underdog"


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


def which_team(name: str, away: str, home: str) -> str | None:
    """ "away" or "home" for a team named by a prefix, a word, initials or NFL abbreviation (`Pack`, `NYG`, `GB`)."""
    return teams.side(name, away, home)


def _key(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.casefold())
