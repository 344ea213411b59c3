"""The rotation board: two rows a game, visitor then home, each with its rotation number (or, as a
sportsbook's page pasted into a sheet has it, without numbers: the away row then the home row, unless a
mark such as `@`, `at` or `(H)` says which is at home; numbers are then given by the card).

On the classic board one Line column holds both numbers: the spread on the favourite's row (`-6½`,
`PK`) and the total on the other (`44`). An unsigned number there is the total when the other row holds
the spread; of two unsigned numbers the larger is the total; alone, above 25 it is a total, else the
favourite's spread. With separate Spread and Total columns each is read as it says.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from ..core.lines import format_spread, is_marked_total, is_no_line, is_signed
from .sheets import Column, locate
from .table import Draft, Extracted, Layout, Table
from .words import DATE, KICKOFF, LEAGUE, NEUTRAL, TIME, TOTAL, side_marked, team_name

ROT = Column(
    "rot",
    "Rot",
    ("rotation", "rot #", "rot no", "rotation number", "rotation #", "#", "no", "num", "number", "nbr"),
)
TEAM = Column("team", "Team", ("teams", "club", "team name"))
BOARD_LINE = Column("line", "Line", ("odds", "lines", "line/total", "spread/total", "line / total"))
SPREAD = Column("spread", "Spread", ("pts", "points", "point spread", "side"))
MONEY = Column("money", "Money", ("moneyline", "money line", "ml", "moneylines", "odds ml", "price"))
TOTAL_ABOVE = Decimal(25)
_PRICE = re.compile(r"^\(?\s*([+-]?\d{3,5}|ev|even)\s*\)?$", re.I | re.ASCII)

Kind = Literal["blank", "spread", "number", "total", "bad"]


@dataclass
class Mark:
    """What one row's line cell says."""

    row: int
    kind: Kind
    value: Decimal | None = None


class RotationLayout(Layout):
    """Rot, Team, Line (spread on the favourite's row, total on the other), or Spread and Total columns."""

    name = "rotation board"
    columns = (ROT, TEAM, BOARD_LINE, SPREAD, TOTAL, MONEY, DATE, TIME, KICKOFF, LEAGUE, NEUTRAL)
    required = ("team",)

    def identify(self, header: Sequence[object]) -> bool:
        found = locate(self.columns, header)
        return "team" in found and ("line" in found or "spread" in found)

    def meaning(self, name: str, table: Table) -> str:
        board = table.has("line") and not table.has("spread") and not table.has("total")
        if name == "line" and board:
            return "the spread on the favourite's row (-6½, PK), the total on the other (44)"
        if name in ("line", "spread"):
            return "each team's line (an unsigned number on one row: that team is the favourite)"
        if name == "rot":
            return "rotation number (visitor odd, home the next even)"
        if name == "team":
            if table.has("rot"):
                return "team (visitor's row, then home's)"
            return "team (two rows a game: the away row, then the home row, unless @, at or (H) marks home)"
        if name == "money":
            return "moneyline, checked against the spread's favourite (not stored: a card prints no prices)"
        return super().meaning(name, table)

    def extract(self, table: Table) -> Extracted:
        games: list[Draft] = []
        if table.has("line") and table.has("spread"):
            table.problem(
                table.header_row,
                "line",
                "the header has both a Line and a Spread column, so which one "
                "holds the lines is not clear. Keep one of them (and a Total column for the totals).",
            )
            return Extracted((), tuple(table.problems))
        if not table.has("rot"):
            return self._unnumbered(table)
        waiting: tuple[int, int] | None = None  # the visitor's (row, number), waiting for its home row
        for row in table.rows():
            if (not table.text(row, "team") and not table.text(row, "rot").isdigit()) or (
                table.get(row, "rot") is None and table.heading_like(row)
            ):  # `SUNDAY, NOVEMBER 29` above the games, in any column
                table.section(row)
                continue
            rot = table.number(row, "rot")
            if rot is None:
                if table.get(row, "rot") is None:
                    table.problem(
                        row,
                        "rot",
                        f"{table.text(row, 'team')} has no rotation number. Each team's "
                        "row needs one: the visitor odd, the home team the next even number.",
                    )
                continue
            if not table.text(row, "team"):
                table.problem(row, "team", f"the team for rotation number {rot} is missing.")
            if waiting is None:
                waiting = (row, rot)
                continue
            if rot == waiting[1] + 1:
                game = self._game(table, waiting[0], row)
                if game is not None:
                    games.append(game)
                waiting = None
                continue
            self._unpaired(table, waiting, f"the next row has {rot}")
            waiting = (row, rot)
        if waiting is not None:
            self._unpaired(table, waiting, "it is the last row")
        return Extracted(tuple(games), tuple(table.problems))

    def _unnumbered(self, table: Table) -> Extracted:
        """Two rows a game without rotation numbers: each team row pairs with the next; day and league
        rows between games are headings."""
        games: list[Draft] = []
        waiting: int | None = None
        for row in table.rows():
            if not table.text(row, "team") or table.heading_like(row):
                table.section(row)
                continue
            if waiting is None:
                waiting = row
                continue
            game = self._game(table, waiting, row)
            if game is not None:
                games.append(game)
            waiting = None
        if waiting is not None:
            table.problem(
                waiting,
                "team",
                f"{table.text(waiting, 'team')} has no second row below it (it is the last team). A game "
                "is two rows: the away team, then the home team.",
            )
        return Extracted(tuple(games), tuple(table.problems))

    def _unpaired(self, table: Table, visitor: tuple[int, int], why: str) -> None:
        row, rot = visitor
        table.problem(
            row,
            "rot",
            f"{table.text(row, 'team') or 'the team'} ({rot}) has no home row below it: "
            f"{why}, not {rot + 1}. A game is two rows: the visitor with its number, then the home team "
            "with the next number.",
        )

    def _game(self, table: Table, a: int, h: int) -> Draft | None:
        away, away_neutral = team_name(table.text(a, "team"))
        home, home_neutral = team_name(table.text(h, "team"))
        (away, away_side), (home, home_side) = side_marked(away), side_marked(home)
        if not away or not home:
            return None
        if away_side == "home" and home_side == "home" or away_side == "away" and home_side == "away":
            table.problem(
                a, "team", f"{away} and {home} are both marked as the {away_side} team. Correct one."
            )
            return None
        if away_side == "home" or home_side == "away":  # `@ Chiefs` on the first row: it is at home
            if table.has("rot"):
                table.problem(
                    a,
                    "team",
                    f"{away} is on the visitor's row (rotation {table.text(a, 'rot')}) but marked as the home "
                    "team. Correct the mark or the rows.",
                )
                return None
            away, home, a, h = home, away, h, a
        label = f"{away} at {home}"
        board = table.has("line") and not table.has("spread") and not table.has("total")
        column = "spread" if table.has("spread") else "line"
        marks = [self._mark(table, r, column, board) for r in (a, h)]
        if any(m.kind == "bad" for m in marks):
            return None
        total = self._board_total(table, marks, label) if board else self._total(table, a, h)
        spread = self._spread(table, marks, column, label)
        if spread is None or not self._money_agrees(table, a, h, spread, label):
            return None
        return table.draft(
            [a, h],
            away,
            home,
            neutral=away_neutral or home_neutral or table.neutral([a, h]),
            spread=spread,
            total=total,
            numbers=(table.number(a, "rot"), table.number(h, "rot"), None, None),
        )

    def _mark(self, table: Table, row: int, column: str, board: bool) -> Mark:
        value = table.get(row, column)
        if is_no_line(value):
            return Mark(row, "blank")
        if board and is_marked_total(value):
            total = table.total([row], column)
            return Mark(row, "total", total) if total is not None else Mark(row, "bad")
        line = table.spread(row, column)
        if line is None:
            return Mark(row, "bad")
        return Mark(row, "spread" if is_signed(value) else "number", line)

    def _board_total(self, table: Table, marks: list[Mark], label: str) -> Decimal | None:
        """Decide which unsigned numbers of a one-column board are the total; returns the total."""
        numbers = [m for m in marks if m.kind == "number"]
        if len(numbers) == 2:
            low, high = sorted(numbers, key=lambda m: m.value or 0)
            if low.value != high.value:
                high.kind = "total"
        elif len(numbers) == 1:
            [n] = numbers
            other = marks[1] if n is marks[0] else marks[0]
            if other.kind == "spread" and other.value is not None and n.value != abs(other.value):
                n.kind = "total"
            elif other.kind == "blank" and (n.value or 0) > TOTAL_ABOVE:
                n.kind = "total"
        totals = {m.value for m in marks if m.kind == "total"}
        if len(totals) > 1:
            table.problem(
                marks[0].row,
                "line",
                f"{label}: the two rows give two totals ({', '.join(map(str, totals))}).",
            )
        return next(iter(totals)) if len(totals) == 1 else None

    def _total(self, table: Table, a: int, h: int) -> Decimal | None:
        if not table.has("total"):
            return None
        totals = {t for r in (a, h) if (t := table.total([r])) is not None}
        if len(totals) > 1:
            table.problem(
                a, "total", f"the visitor's and home rows give two totals ({', '.join(map(str, totals))})."
            )
        return min(totals) if len(totals) == 1 else None

    def _spread(self, table: Table, marks: list[Mark], column: str, label: str) -> Decimal | None:
        """Home's line from the two rows: signed lines as written, a lone unsigned number is the favourite's."""
        sides = [m for m in marks if m.kind in ("spread", "number")]
        if not sides:
            table.no_line(marks[0].row, column, label)
            return None
        if len(sides) == 2 and all(m.kind == "number" for m in sides):
            if sides[0].value != sides[1].value:
                table.problem(
                    marks[0].row,
                    column,
                    f"{label}: both rows have an unsigned number "
                    f"({sides[0].value}, {sides[1].value}), so the favourite is not clear. "
                    "Write the favourite's line with a minus sign (-3½) or PK.",
                )
                return None
            table.problem(
                marks[0].row,
                column,
                f"{label}: both rows say {sides[0].value} without a sign. "
                "Write the favourite's line with a minus sign (-3½) or PK.",
            )
            return None
        away = _line(marks[0], marks[1])
        home = _line(marks[1], marks[0])
        if away is not None and home is not None and away != -home:
            table.problem(
                marks[0].row,
                column,
                f"{label}: the visitor's row says {format_spread(away)} and the home "
                f"row {format_spread(home)}; one should be the other with the sign turned (-3 and +3).",
            )
            return None
        return home if home is not None else -away if away is not None else None

    def _money_agrees(self, table: Table, a: int, h: int, spread: Decimal, label: str) -> bool:
        """With a moneyline column, the spread's favourite must be the moneyline's (the lower price)."""
        if not table.has("money") or spread == 0:
            return True
        prices = [money(table.get(r, "money")) for r in (a, h)]
        for r, price in zip((a, h), prices, strict=True):
            if price is None and table.get(r, "money") is not None and table.text(r, "money"):
                table.problem(
                    r, "money", f'the moneyline "{table.text(r, "money")}" is not a price (-150, +130, EV).'
                )
                return False
        away_price, home_price = prices
        if away_price is None or home_price is None or away_price == home_price:
            return True
        money_home = home_price < away_price
        if money_home != (spread < 0):
            table.problem(
                a,
                "money",
                f"{label}: the spread makes {label.split(' at ')[1] if spread < 0 else label.split(' at ')[0]} "
                f"the favourite, but the moneylines ({table.text(a, 'money')}, {table.text(h, 'money')}) make "
                "the other team it. Check the sign of the spread (or which row is at home).",
            )
            return False
        return True


def money(value: object) -> int | None:
    """A moneyline price as written (`-150`, `+130`, `(-110)`, `EV`); None for anything else."""
    if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) >= 100:
        return int(value)
    m = _PRICE.match(str(value).strip()) if isinstance(value, str) else None
    if not m:
        return None
    return 100 if m[1].lower() in ("ev", "even") else int(m[1])


def _line(mark: Mark, other: Mark) -> Decimal | None:
    """The line this row's team plays at, as far as its own cell says."""
    if mark.value is None or mark.kind not in ("spread", "number"):
        return None
    if mark.kind == "spread":
        return mark.value
    if other.kind == "spread" and other.value:
        return mark.value if other.value < 0 else -mark.value  # `+` left off the underdog's line
    return -mark.value  # a lone unsigned number: this team is the favourite


class UnnumberedLayout(RotationLayout):
    """Two rows a game without rotation numbers (a sportsbook's page pasted into a sheet): the rotation
    board's reader, under its own name."""

    name = "two rows a game (no rotation numbers)"
