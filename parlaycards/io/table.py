"""What every sheet layout shares: the rows under a header, read by column name, with problems by cell."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from ..core import teams
from ..core.errors import Source, option
from ..core.lines import SPREAD_ACCEPTED, TOTAL_ACCEPTED, LineError, is_no_line, parse_spread, parse_total
from ..core.text import digits_note, is_digits
from ..core.when import Calendar, When, WhenError, zone_named
from .sheets import Column, Problem, Sheet, column_letter, flag, header_key, locate, text_of
from .words import SITE_AT, SITE_NEUTRAL, WHEN_COLUMNS, league_named, league_of


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

    def __init__(
        self,
        file: str,
        sheet: Sheet,
        header_row: int,
        columns: dict[str, int],
        league: str,
        calendar: Calendar,
    ):
        self.file = file
        self.sheet = sheet
        self.header_row = header_row
        self.columns = columns
        self.league = league
        self.calendar = calendar
        self.heading = When()  # from a date row such as "SUNDAY, NOVEMBER 22"
        self.mapped = False  # the columns were named by the operator's --map (a sign convention chosen)
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []  # what was read in a way worth saying (a sign convention found)
        self.unknown: list[int] = []  # rows that are neither a game nor a heading understood
        self.date_rows: list[int] = []  # rows read as date headings
        self.own_day: dict[int, bool] = {}
        self._sites: dict[int, bool | None] = {}  # a game's first row → whether its own cells give its date

    def rows(self) -> Iterator[int]:
        """Numbers of the rows below the header that hold anything (less the header said again)."""
        for number in range(self.header_row + 1, len(self.sheet.rows) + 1):
            values = [v for v in self.sheet.rows[number - 1] if v is not None]
            if values and not self._repeated_header(values):
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

    def header_zone(self, name: str) -> ZoneInfo | None:
        """The time zone a column's header names (`Time (CT)`), for the times written without one."""
        if not self.has(name):
            return None
        header = self.sheet.rows[self.header_row - 1]
        col = self.columns[name]
        return zone_named(text_of(header[col])) if col < len(header) else None

    def heading_like(self, row: int) -> bool:
        """A row of one cell that is not a team's name (a date, a league, a note) is a heading, not half a game."""
        values = [v for v in self.sheet.rows[row - 1] if v is not None]
        return len(values) == 1 and (not isinstance(values[0], str) or teams.canonical(values[0]) is None)

    def section(self, row: int) -> None:
        """A row with no teams: a league or date heading changes what follows; anything else is kept in
        `unknown` (see `unread_rows`)."""
        values = [v for v in self.sheet.rows[row - 1] if v is not None]
        if not values:
            return
        if len(values) == 1 and not isinstance(values[0], str):
            try:
                when: When | None = self.calendar.read(values[0])
            except WhenError:
                when = None
            league = None
        else:
            text = " ".join(v.isoformat()[:10] if isinstance(v, date) else text_of(v) for v in values)
            league = league_of(text) or league_named(text)
            try:
                when = self.calendar.heading(text)
            except WhenError as exc:
                self.problem(row, None, f'the heading "{text}" {exc.why}')
                return
        if when is not None and (when.day or when.weekday is not None):
            self.heading = when
            self.date_rows.append(row)
        if league:
            self.league = league
        if league is None and (when is None or not (when.day or when.weekday is not None)):
            self.unknown.append(row)

    def _repeated_header(self, values: Sequence[object]) -> bool:
        header = {header_key(v) for v in self.sheet.rows[self.header_row - 1] if v is not None}
        keys = {header_key(v) for v in values}
        return len(keys) >= 2 and keys <= header

    def unread_rows(self) -> tuple[list[Problem], list[Problem]]:
        """(errors, warnings) for the rows that are neither a game nor a heading: an error when a game
        below it (before the next date heading) has no date of its own, and so may depend on it."""
        errors, warnings = [], []
        for row in self.unknown:
            text = " ".join(text_of(v) for v in self.sheet.rows[row - 1] if v is not None)[:80]
            following = min((r for r in self.date_rows if r > row), default=len(self.sheet.rows) + 1)
            below = [r for r in self.own_day if row < r < following]
            if any(not self.own_day[r] for r in below):
                errors.append(
                    Problem(
                        self.source(row),
                        f'"{text}" is neither a game nor a heading read as a date '
                        "or a league, and the games below it take their date from the heading above it. "
                        "Write the day as a heading (SUNDAY, NOVEMBER 22 or Sun 11/22), give the games "
                        "their dates in a Date column, or delete the row.",
                    )
                )
            else:
                where = "below the last game" if not below else "and every game below it has its own date"
                warnings.append(
                    Problem(
                        self.source(row),
                        f'"{text}" is neither a game nor a date or league '
                        f"heading; it was not used ({where}).",
                    )
                )
        return errors, warnings + self._idle_headings()

    def _idle_headings(self) -> list[Problem]:
        """A warning for each date heading with no game under it (a file cut off after a date, a day
        left empty): it dated nothing."""
        out = []
        for n, row in enumerate(self.date_rows):
            following = self.date_rows[n + 1] if n + 1 < len(self.date_rows) else len(self.sheet.rows) + 1
            if not any(row < r < following for r in self.own_day):
                text = " ".join(text_of(v) for v in self.sheet.rows[row - 1] if v is not None)[:80]
                out.append(
                    Problem(
                        self.source(row),
                        f'"{text}" reads as a date, but no game follows it; it was not used.',
                    )
                )
        return out

    def draft(
        self,
        rows: Sequence[int],
        away: str,
        home: str,
        *,
        neutral: bool,
        spread: Decimal,
        total: Decimal | None,
        numbers: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None),
    ) -> Draft:
        """The game of `rows` (its first row its source), its league and kickoff as those rows give them."""
        return Draft(
            source=self.source(rows[0]),
            league=self.league_at(rows),
            kickoff=self.kickoff(rows),
            away=away,
            home=home,
            neutral=neutral,
            spread=spread,
            total=total,
            numbers=numbers,
        )

    def league_at(self, rows: Sequence[int]) -> str:
        for row in rows:
            text = self.text(row, "league")
            if text:
                return league_of(text) or text.upper()
        return self.league

    def kickoff(self, rows: Sequence[int]) -> datetime | date | None:
        """The kickoff from the Date / Time / Kickoff cells of `rows` (first row first), or a date heading."""
        when = When()
        self.own_day.setdefault(rows[0], False)
        for row in rows:
            for column in WHEN_COLUMNS:
                if self.get(row, column.name) is None:
                    continue
                try:
                    said = self.calendar.read(self.get(row, column.name))
                    if said.clock is not None and said.zone is None:  # `Time (CT)`: the header's zone
                        said = replace(said, zone=self.header_zone(column.name))
                    when = when | said
                except WhenError as exc:
                    self.problem(row, column.name, str(exc))
                    return None
        self.own_day[rows[0]] = when.day is not None or when.weekday is not None
        if not self.own_day[rows[0]]:
            when = when | self.heading
        kickoff, why = self.calendar.kickoff(when)
        if why:
            name = next((c.name for c in WHEN_COLUMNS if self.get(rows[0], c.name) is not None), None)
            self.problem(rows[0], name, f'the kickoff "{self.text(rows[0], name or "time")}" {why}.')
        return kickoff

    def neutral(self, rows: Sequence[int]) -> bool:
        """A neutral site, as a Neutral column (yes / no) or an at/vs column (at or @: no; vs, v or N: yes) says."""
        site = [s for row in rows if (s := self.site(row)) is not None]
        if any(site):
            return True
        for row in rows:
            said = flag(self.text(row, "neutral"), yes=("neutral", "(n)"))
            if said:
                return True
            if said is None:
                self.problem(
                    row,
                    "neutral",
                    f'"{self.text(row, "neutral")}" is not a yes or no. '
                    "Accepted: yes, y, x or (N) for a neutral site; no or blank otherwise.",
                )
        return False

    def site(self, row: int) -> bool | None:
        """What the at/vs cell says: True (vs, v, N: a neutral site), False (at, @), None (blank)."""
        if row in self._sites:
            return self._sites[row]
        self._sites[row] = said = self._site(row)
        return said

    def _site(self, row: int) -> bool | None:
        text = self.text(row, "site").casefold().replace(".", "").strip()
        if not text:
            return None
        if text in SITE_AT:
            return False
        if text in SITE_NEUTRAL:
            return True
        self.problem(
            row,
            "site",
            f'"{self.text(row, "site")}" is not at or vs. Accepted: at, @ or Home (the home team '
            "is at home), vs, vs., N or Neutral (a neutral site), or blank.",
        )
        return None

    def spread(self, row: int, name: str, part: str | None = None) -> Decimal | None:
        """A spread cell (or `part` of it) as written, sign as given; None and a problem when it is not a line."""
        value = self.get(row, name) if part is None else part
        return self._half_points(row, name, value, "spread")

    def total(self, rows: Sequence[int], name: str = "total") -> Decimal | None:
        """The total from the first of `rows` that gives one (NL, OFF or blank: no total)."""
        for row in rows:
            value = self.get(row, name)
            if is_no_line(value):
                continue
            return self._half_points(row, name, value, "total")
        return None

    def _half_points(self, row: int, name: str, value: object, what: str) -> Decimal | None:
        """A spread or a total (`what`) as written, in whole or half points; None and a problem when not."""
        parse, accepted = (
            (parse_spread, SPREAD_ACCEPTED) if what == "spread" else (parse_total, TOTAL_ACCEPTED)
        )
        try:
            line = parse(value).value
        except LineError as exc:
            self.problem(row, name, f"{exc}")
            return None
        if line * 2 != (line * 2).to_integral_value():
            self.problem(row, name, f'the {what} "{text_of(value)}" is not a whole or half point. {accepted}')
            return None
        return line

    def no_line(self, row: int, name: str | None, label: str) -> None:
        written = self.text(row, name) if name else ""
        if written.strip().casefold() in ("off", "off the board"):
            self.problem(
                row,
                name,
                f'{label} is marked "{written}": the game is off the board, and an import does not take a '
                "game off. Delete its row (a game already on the card is taken off with `parlaycards game "
                f"set CARD NUMBER {option('off')}`), or give it a line (-3½, +7, PK) if it is on.",
            )
            return
        found = f'has no line ("{written}")' if written else "has no line (the cell is blank)"
        self.problem(
            row,
            name,
            f"{label} {found}: a game without a line cannot go on the card. "
            "Give it a line (-3½, +7, PK), or delete the row.",
        )

    def number(self, row: int, name: str) -> int | None:
        """A selection (rotation) number; None when blank, a problem when not a whole number."""
        value = self.get(row, name)
        if value is None:
            return None
        text = text_of(value)
        if not is_digits(text) or int(text) < 1:
            self.problem(
                row,
                name,
                f'the number "{text}" is not a rotation number.{digits_note(text)} Accepted: whole '
                "numbers such as 101, 102 (visitor odd, home the next even).",
            )
            return None
        return int(text)


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

    def meaning(self, name: str, table: Table) -> str:
        """What a column found in the header is read as, in the import's summary."""
        label = next((c.label for c in self.columns if c.name == name), name).lower()
        zone = table.header_zone(name) if name in (c.name for c in WHEN_COLUMNS) else None
        return f"{label} in {zone.key}, as the header says" if zone else label

    def side_help(self) -> str:
        """What to do with a column naming a side that this layout does not read."""
        return (
            "Delete the column if the other columns already say it, or lay the sheet out as one row a game "
            "(Away, Home, Line, with a Favorite column naming the favourite or an at/vs column for neutral "
            "sites)."
        )
