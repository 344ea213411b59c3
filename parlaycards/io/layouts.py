"""The one-row-per-game layout (the rotation board is in rotation.py, Favorite / Line / Underdog in favorite.py,
one cell naming both teams in matchup.py)."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from ..core import teams
from ..core.lines import is_no_line, is_pick, is_signed, split_named
from .bare_lines import bare_line
from .rotation import money
from .row_columns import (
    AWAY,
    AWAY_LINE,
    AWAY_ML,
    AWAY_NO,
    FAVORITE,
    HOME,
    HOME_LINE,
    HOME_MARGIN,
    HOME_ML,
    HOME_NO,
    OVER_NO,
    UNDER_NO,
    UNDERDOG,
)
from .sheets import Column, Problem, text_of
from .table import Draft, Extracted, Layout, Table
from .words import DATE, KICKOFF, LEAGUE, NEUTRAL, SITE, TIME, TOTAL, side_marked, team_name


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

    def _no_line_column(self, table: Table) -> str | None:
        """Why the sheet has no line to read (None: it has one)."""
        if table.has("spread") or table.has("away_line") or table.has("home_margin"):
            return None
        return (
            "the header has Away and Home but no column for the line. "
            "Add one headed Home line (or Line, Spread) holding home's line: -3½, +7, PK."
        )

    def extract(self, table: Table) -> Extracted:
        games = []
        missing = self._no_line_column(table)
        if missing:
            table.problem(table.header_row, None, missing)
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
            game = table.draft(
                [row],
                away,
                home,
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
            return _pick_line(table, row, column, away, home)
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
        side = teams.side(written, away, home)
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
            return _agreeing(table, row, column, line, side, away, home)
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
            line = table.spread(row, "spread")
            why = bare_line(table, row, away, home) if line else None  # whose it is: never assumed
            if why:
                table.problem(row, "spread", why)
                return None
            return line
        name, line_text = named
        side = teams.side(name, away, home)
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


def _agreeing(
    table: Table, row: int, column: str, line: Decimal, side: str, away: str, home: str
) -> Decimal | None:
    """Home's line written with its team (`DAL -4`), if the Favorite (or Underdog) column names the same
    favourite (or underdog); else the row refused."""
    favourite = "home" if line < 0 else "away"
    if (side == favourite) != (column == "favorite"):
        table.problem(
            row,
            column,
            f'{away} at {home}: the line "{table.text(row, "spread")}" makes '
            f"{home if favourite == 'home' else away} the favourite, but the "
            f'{column.capitalize()} column says "{table.text(row, column)}". Correct one of them.',
        )
        return None
    return line


def _pick_line(table: Table, row: int, column: str, away: str, home: str) -> Decimal | None:
    """`PK` in the Favorite (or Underdog) column: 0 when the line is blank or 0, else the row refused."""
    value = table.get(row, "spread")
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


def _role(column: str) -> str:
    return "favourite" if column == "favorite" else "underdog"
