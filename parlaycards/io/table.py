"""What every sheet layout shares: the rows under a header, read by column name, with problems by cell."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from ..core.errors import Source
from ..core.lines import SPREAD_ACCEPTED, TOTAL_ACCEPTED, LineError, is_no_line, parse_spread, parse_total
from .sheets import Column, Problem, Sheet, column_letter, flag, locate, text_of
from .when import Calendar, When, WhenError

LEAGUES = {"nfl": "NFL", "ncaa": "NCAA", "ncaaf": "NCAA", "cfb": "NCAA", "college": "NCAA",
           "collegefootball": "NCAA", "ncaafootball": "NCAA", "fbs": "NCAA", "fcs": "NCAA", "cfl": "CFL",
           "ufl": "UFL", "xfl": "XFL", "usfl": "USFL"}
NEUTRAL_MARK = re.compile(r"\s*\(\s*n\s*\)\s*", re.I)
HOME_MARK = re.compile(r"^(?:@\s*|\*\s*|at\s+)", re.I)

# Columns several layouts read.
DATE = Column("date", "Date", ("day", "game date", "gamedate"))
TIME = Column("time", "Time", ("kickoff time", "start time", "time et", "ko time"))
KICKOFF = Column("kickoff", "Kickoff", ("ko", "date/time", "datetime", "date time", "when", "game time", "start"))
TOTAL = Column("total", "Total", ("o/u", "ou", "over/under", "over under", "totals", "tot", "total points"))
LEAGUE = Column("league", "League", ("lg", "lge", "sport"))
NEUTRAL = Column("neutral", "Neutral", ("neutral site", "neut", "ns", "n"))
WHEN_COLUMNS = (DATE, TIME, KICKOFF)


def league_of(text: object) -> str | None:
    """`College`, `NCAAF`, `cfb` → NCAA; `nfl` → NFL; None when the text is not a league's name."""
    return LEAGUES.get(re.sub(r"[^a-z]", "", text_of(text).casefold()))


def league_named(text: object) -> str | None:
    """The league a name or title starts with: `NCAA Week 13`, `College Football Week 13`, `NFL`."""
    words = re.findall(r"[^\W\d_]+", text_of(text))
    return next((league for n in (2, 1) if len(words) >= n and (league := league_of(" ".join(words[:n])))), None)


@dataclass(frozen=True)
class Draft:
    """A game as a sheet gives it, before selection numbers are settled across the card."""

    source: Source  # its first row
    league: str
    kickoff: datetime | date | None
    away: str
    home: str
    neutral: bool
    spread: Decimal  # home's line
    total: Decimal | None
    numbers: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)


@dataclass(frozen=True)
class Extracted:
    games: tuple[Draft, ...]
    problems: tuple[Problem, ...]


class Table:
    """A sheet's rows under its header row, read by column name; problems are kept with their cell."""

    def __init__(self, file: str, sheet: Sheet, header_row: int, columns: dict[str, int], league: str,
                 calendar: Calendar):
        self.file = file
        self.sheet = sheet
        self.header_row = header_row
        self.columns = columns
        self.league = league
        self.calendar = calendar
        self.day: date | None = None  # from a date row such as "SUNDAY, NOVEMBER 22"
        self.problems: list[Problem] = []

    def rows(self) -> Iterator[int]:
        """Numbers of the rows below the header that hold anything."""
        for number in range(self.header_row + 1, len(self.sheet.rows) + 1):
            if any(v is not None for v in self.sheet.rows[number - 1]):
                yield number

    def has(self, name: str) -> bool:
        return name in self.columns

    def get(self, row: int, name: str) -> object:
        return self.sheet.value(row, self.columns[name]) if name in self.columns else None

    def text(self, row: int, name: str) -> str:
        return text_of(self.get(row, name))

    def source(self, row: int, name: str | None = None) -> Source:
        if name is None or name not in self.columns:
            return Source(file=self.file, sheet=self.sheet.name, row=row)
        letter = column_letter(self.columns[name])
        return Source(file=self.file, sheet=self.sheet.name, row=row, column=letter, cell=f"{letter}{row}")

    def problem(self, row: int, name: str | None, message: str) -> None:
        self.problems.append(Problem(self.source(row, name), message))

    def section(self, row: int) -> None:
        """A row with no teams: a league or date heading changes what follows; anything else is a note."""
        values = [v for v in self.sheet.rows[row - 1] if v is not None]
        if len(values) != 1:
            return
        league = league_of(values[0])
        if league:
            self.league = league
            return
        try:
            when = self.calendar.read(values[0])
        except WhenError:
            return
        if when.day and not when.clock:
            self.day = when.day

    def league_at(self, rows: Sequence[int]) -> str:
        for row in rows:
            text = self.text(row, "league")
            if text:
                return league_of(text) or text.upper()
        return self.league

    def kickoff(self, rows: Sequence[int]) -> datetime | date | None:
        """The kickoff from the Date / Time / Kickoff cells of `rows` (first row first), or a date heading."""
        when = When()
        for row in rows:
            for column in WHEN_COLUMNS:
                if self.get(row, column.name) is None:
                    continue
                try:
                    when = when | self.calendar.read(self.get(row, column.name))
                except WhenError as exc:
                    self.problem(row, column.name, str(exc))
                    return None
        when = when | When(day=self.day)
        kickoff, why = self.calendar.kickoff(when)
        if why:
            name = next((c.name for c in WHEN_COLUMNS if self.get(rows[0], c.name) is not None), None)
            self.problem(rows[0], name, f'the kickoff "{self.text(rows[0], name or "time")}" {why}.')
        return kickoff

    def neutral(self, rows: Sequence[int]) -> bool:
        for row in rows:
            said = flag(self.text(row, "neutral"), yes=("neutral", "(n)"))
            if said:
                return True
            if said is None:
                self.problem(row, "neutral", f'"{self.text(row, "neutral")}" is not a yes or no. '
                             "Accepted: yes, y, x or (N) for a neutral site; no or blank otherwise.")
        return False

    def spread(self, row: int, name: str, part: str | None = None) -> Decimal | None:
        """A spread cell (or `part` of it) as written, sign as given; None and a problem when it is not a line."""
        value = self.get(row, name) if part is None else part
        try:
            line = parse_spread(value).value
        except LineError as exc:
            self.problem(row, name, f"{exc}")
            return None
        if line * 2 != (line * 2).to_integral_value():
            self.problem(row, name, f'the spread "{text_of(value)}" is not a whole or half point. {SPREAD_ACCEPTED}')
            return None
        return line

    def total(self, rows: Sequence[int], name: str = "total") -> Decimal | None:
        """The total from the first of `rows` that gives one (NL, OFF or blank: no total)."""
        for row in rows:
            value = self.get(row, name)
            if is_no_line(value):
                continue
            try:
                total = parse_total(value).value
            except LineError as exc:
                self.problem(row, name, f"{exc}")
                return None
            if total * 2 != (total * 2).to_integral_value():
                self.problem(row, name, f'the total "{text_of(value)}" is not a whole or half point. {TOTAL_ACCEPTED}')
                return None
            return total
        return None

    def no_line(self, row: int, name: str | None, label: str) -> None:
        written = self.text(row, name) if name else ""
        found = f'has no line ("{written}")' if written else "has no line (the cell is blank)"
        self.problem(row, name, f"{label} {found}: a game without a line cannot go on the card. "
                     "Give it a line (-3½, +7, PK), or delete the row.")

    def number(self, row: int, name: str) -> int | None:
        """A selection (rotation) number; None when blank, a problem when not a whole number."""
        value = self.get(row, name)
        if value is None:
            return None
        text = text_of(value)
        if not text.isdigit() or int(text) < 1:
            self.problem(row, name, f'the number "{text}" is not a rotation number. Accepted: whole numbers such '
                         "as 101, 102 (visitor odd, home the next even).")
            return None
        return int(text)


def team_name(text: str) -> tuple[str, bool]:
    """A team as written, less a neutral-site mark: `Michigan (N)` → ("Michigan", True)."""
    if NEUTRAL_MARK.search(text):
        return NEUTRAL_MARK.sub(" ", text).strip(), True
    return text, False


def home_marked(text: str) -> tuple[str, bool]:
    """`@Packers`, `at Green Bay`, `*Packers` → (name, True)."""
    m = HOME_MARK.match(text)
    return (text[m.end():].strip(), True) if m and text[m.end():].strip() else (text, False)


class Layout:
    """A sheet layout: the columns it reads, how to tell it by its header, and how to read its rows."""

    name: str
    columns: tuple[Column, ...]
    required: tuple[str, ...]

    def identify(self, header: Sequence[object]) -> bool:
        found = locate(self.columns, header)
        return all(name in found for name in self.required)

    def extract(self, table: Table) -> Extracted:
        raise NotImplementedError
