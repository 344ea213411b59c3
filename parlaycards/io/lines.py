"""The week's lines from a spreadsheet: find each sheet's header and layout, read its games, number them.

A game's league: the League column, else the sheet's name if it is a league's (NFL, NCAA, College…),
else --league, else the sheet's title if it starts with one ("College Football Week 13"), else NFL.

A header row is looked for in the first 20 rows of each sheet (title rows, blank rows and merged cells
above it are normal); its names say the layout. Every problem in every sheet is collected first, then
reported together in one ParlayError naming each cell.

Nothing is dropped in silence: every header column is read or named as ignored (`ReadLines.readings`);
a column that could change a side and is not read refuses the import (columns.py); a row that is neither
a game nor a date or league heading is a problem, or a warning when no game depends on it.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import NoReturn

from ..core import zones
from ..core.errors import ParlayError, Source, option
from ..core.models import Game
from ..core.when import Calendar
from .columns import SheetReading, adopt_headerless, read_columns
from .drafts import drafted_games, struck_rows
from .favorite import FavoriteLayout
from .layouts import OneRowLayout
from .mapping import CHOOSERS, ColumnMap, as_saved, resolve
from .matchup import MatchupLayout
from .rotation import RotationLayout, UnnumberedLayout
from .season import one_week
from .sheets import (
    Problem,
    Sheet,
    Workbook,
    find_header,
    header_key,
    locate,
    no_header,
    open_workbook,
    text_of,
)
from .suggest import command_for, suggest
from .table import Draft, Extracted, Layout, Table
from .team_check import own_leagues, unknown_teams
from .words import league_named, league_of

LAYOUTS: tuple[Layout, ...] = (FavoriteLayout(), RotationLayout(), OneRowLayout(), MatchupLayout())
UNNUMBERED = UnnumberedLayout()


def _mapped(layout: Layout) -> Layout:
    layout.name = f"{layout.name} (columns mapped by hand)"
    return layout


MAPPED: dict[str, Layout] = {
    "one row": _mapped(OneRowLayout()),
    "favourite": _mapped(FavoriteLayout()),
    "two rows": _mapped(RotationLayout()),
    "two rows unnumbered": _mapped(UnnumberedLayout()),
    "matchup": _mapped(MatchupLayout()),
}
EXPECTED = (
    "Expected a header row with Away and Home (and Home line, Total, Date, Time, League, Neutral); "
    "or Rot, Team and Line (a rotation board, two rows a game); or Favorite, Line and Underdog; "
    "or Matchup (Away at Home in one column) and Line."
)
NOT_LINES = (
    "note",
    "readme",
    "instruction",
    "help",
    "about",
    "payout",
    "rule",
    "howto",
)  # sheet names skipped
SHOWN = 25


@dataclass(frozen=True)
class ReadLines:
    games: tuple[Game, ...]
    title: str | None
    sheets: tuple[str, ...]  # the sheets read (none for a CSV file)
    readings: tuple[SheetReading, ...] = ()  # how each sheet's columns were read
    warnings: tuple[str, ...] = ()  # what was passed over, with its place
    mapping: ColumnMap | None = None  # the --map used, by letter with each column's header (to save)
    leagues: tuple[str, ...] = ()  # games stored in a league of their own (a sheet of NFL and college teams)


def _hidden(book: Workbook, chosen: list[Sheet]) -> list[Problem]:
    """A note for each hidden sheet that holds something and was not chosen: it was not read."""
    return [
        Problem(
            Source(book.file, s.name),
            f"the sheet is hidden, so it was not read. To read it, name it: {option('sheet')} "
            + _quoted(s.name or ""),
        )
        for s in book.sheets
        if s.hidden and all(s is not c for c in chosen) and any(any(v is not None for v in r) for r in s.rows)
    ]


def _refuse_empty(book: Workbook, hidden: list[Problem]) -> NoReturn:
    """ParlayError for a file with no lines on the sheets read: the hidden sheets that hold something are
    named, to unhide (a hidden sheet is never read without a word), else every sheet is empty."""
    if not hidden:
        raise ParlayError(
            f"{book.file} has no lines: every sheet is empty. Fill in the blank template "
            "(parlaycards export ⟨blank⟩) or check you saved the right file."
        )
    names = [p.source.sheet or "" for p in hidden]
    listed = ", ".join(f'"{n}"' for n in names)
    said = (
        f"sheet {listed} is hidden and holds" if len(names) == 1 else f"sheets {listed} are hidden and hold"
    )
    raise ParlayError(
        f"{book.file} has no lines on a sheet that shows: {said} values, and hidden sheets are not imported "
        "without a word, so nothing was. "
        + ("Unhide it to import it" if len(names) == 1 else "Unhide them to import them")
        + " (in Excel: right-click a sheet tab → Unhide), or name the sheet to read: "
        + " ".join(f"{option('sheet')} {_quoted(n)}" for n in names)
        + "."
    )


@dataclass(frozen=True)
class Asked:
    """What one read was asked: the file, its sheets, the week chosen, the columns mapped by hand, and the
    operator's own command (`typed`: repeated, with `--map` added, by a suggestion)."""

    path: Path
    sheets: tuple[str, ...] = ()
    league: str | None = None
    tz: str = "America/New_York"
    today: date | None = None
    week: str | None = None
    season: str | None = None
    on: date | None = None
    mapping: ColumnMap | None = None
    typed: str | None = None
    new_teams: tuple[str, ...] = ()


@dataclass
class _Found:
    """What the sheets gave so far: games, problems and notes, each with its place."""

    warnings: list[Problem]
    drafts: list[Draft] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    readings: list[SheetReading] = field(default_factory=list)
    read: list[Sheet] = field(default_factory=list)
    title: str | None = None
    mapped: ColumnMap | None = None


def read_lines(asked: Asked) -> ReadLines:
    """Read every game of a lines file (or of `sheets`), with selection numbers; raises one ParlayError.
    A season's file is read one week at a time: `week` (and `season`) by its Week (and Season) column,
    or `on`, the games of one day by their date. `mapping` (`--map`) names the columns instead of their
    headers; the sheet is then read by the layout those columns make, as if its header had named them.
    `typed`: the operator's command, which a suggested `--map` command repeats (else one is spelled);
    `new_teams`: names the operator says are right though the league's team table does not know them."""
    zone = zones.zone(asked.tz)
    book = open_workbook(asked.path)
    chosen = _choose(book, asked.sheets)
    calendar = Calendar.of((v for s in chosen for r in s.rows for v in r), zone, asked.today)
    found = _Found(_hidden(book, chosen))
    for sheet in chosen:
        if sheet.rows:
            _read_sheet(book, sheet, len(chosen) > 1, asked, calendar, found)
    if not found.read and not found.problems:
        _refuse_empty(book, _hidden(book, chosen))
    sheets_read = {s.name: s for s in found.read}
    refused, stored = unknown_teams(book.file, found.drafts, sheets_read, asked.new_teams)
    found.problems.extend(refused)
    found.warnings.extend(stored)
    found.drafts, moved = own_leagues(book.file, found.drafts)
    games = drafted_games(found.drafts, found.problems)
    if found.problems:
        raise _error(book.file, found.problems, [s.name for s in chosen])
    return ReadLines(
        tuple(games),
        found.title,
        tuple(s.name for s in found.read if s.name is not None),
        tuple(found.readings),
        tuple(str(w) for w in found.warnings),
        found.mapped,
        tuple(str(m) for m in moved),
    )


def _read_sheet(
    book: Workbook, sheet: Sheet, several: bool, asked: Asked, calendar: Calendar, found: _Found
) -> None:
    """One sheet's games, problems and notes into `found`: its header (or the mapping), the week chosen,
    the layout's reading, and what its columns say."""
    suggested = partial(_suggested, asked, calendar)
    columns_of = (
        _mapped_columns(book, sheet, asked.mapping, found) if asked.mapping else _header_columns(sheet)
    )
    if columns_of is None:
        found.problems.append(_no_header(book.file, sheet, several, suggested))
        return
    row, layout, columns, chooser_cols = columns_of
    sheet, choosers = one_week(
        book.file,
        sheet,
        row,
        calendar,
        week=asked.week,
        season=asked.season,
        on=asked.on,
        mapped=chooser_cols,
    )
    heading = _title(sheet, row)
    table = Table(book.file, sheet, row, columns, _league_here(sheet, asked.league, heading), calendar)
    table.mapped = asked.mapping is not None
    if isinstance(layout, RotationLayout) and not table.has("rot"):
        layout = UNNUMBERED if asked.mapping is None else MAPPED["two rows unnumbered"]
    adopt_headerless(table, layout)
    got = layout.extract(table)
    unread, passed = table.unread_rows()
    reading, refused, ignored = read_columns(
        table, layout, got.games, choosers=choosers, mapped=asked.mapping is not None
    )
    mapped_way = suggested(sheet, several, True) if refused and asked.mapping is None else ""
    if mapped_way:  # a column the layout does not read: the mapping that reads the sheet, when one does
        refused[0] = Problem(refused[0].source, f"{refused[0].message} {mapped_way}")
    found.problems.extend(refused + unread)
    found.problems.extend(struck_rows(book.file, sheet, row))
    found.warnings.extend(table.notes + passed + ignored)
    found.readings.append(reading)
    if not got.games and not got.problems:
        found.problems.append(
            Problem(
                Source(book.file, sheet.name, row),
                "there are no games under the header "
                f"row ({layout.name} layout). Type one game per row below it.",
            )
        )
    found.drafts.extend(got.games)
    found.problems.extend(_with_suggestion(got, row, asked.mapping, partial(suggested, sheet, several)))
    found.title = found.title or heading
    found.read.append(sheet)


# a sheet's header row, the layout that reads it, its columns, and the columns that choose a season's week
_Columns = tuple[int, Layout, dict[str, int], dict[str, int] | None]


def _header_columns(sheet: Sheet) -> _Columns | None:
    """The columns its header names (None: no header names a layout)."""
    found = _header(sheet)
    if found is None:
        return None
    row, layout = found
    return row, layout, locate(layout.columns, sheet.rows[row - 1]), None


def _mapped_columns(book: Workbook, sheet: Sheet, mapping: ColumnMap, found: _Found) -> _Columns:
    """The columns the operator's `--map` names (the week's choosers taken out of the layout's)."""
    resolved = resolve(book.file, sheet, mapping)
    columns = dict(resolved.columns)
    found.mapped = found.mapped or as_saved(mapping, resolved, sheet)
    choosers: dict[str, int] = {
        n: columns.pop(n) if n in CHOOSERS else columns[n]
        for n in ("week", "season", "date", "kickoff")
        if n in columns
    }
    return resolved.header_row, MAPPED[resolved.kind], columns, choosers


def _league_here(sheet: Sheet, league: str | None, heading: str | None) -> str:
    """The sheet's name if it is a league's, else --league, else its title's, else NFL."""
    default = (league_of(league) or league.strip().upper()) if league and league.strip() else None
    return league_named(sheet.name) or default or league_named(heading) or "NFL"


def _suggested(asked: Asked, calendar: Calendar, sheet: Sheet, several: bool, read_only: bool = False) -> str:
    """The --map command the sheet's columns suggest, each reading tried through this very reader."""

    def trial(m: ColumnMap) -> list[tuple[str, str, Decimal]] | None:
        try:
            got = read_lines(
                replace(asked, sheets=(sheet.name,) if sheet.name else (), mapping=m, typed=None)
            )
        except ParlayError:
            return None
        return [(g.away, g.home, g.spread) for g in got.games]

    said = [
        (asked.season, "season"),
        (asked.week, "week"),
        (asked.on.isoformat() if asked.on else None, "date"),
    ]
    again = " ".join(f"{option(name)} {shlex.quote(value)}" for value, name in said if value)
    command = command_for(asked.path, sheet, several, again, asked.typed)
    return suggest(sheet, calendar, command, again, trial, read_only)


def _choose(book: Workbook, names: Sequence[str]) -> list[Sheet]:
    """The sheets asked for by name (any case), else every visible sheet that is not notes or rules."""
    if names and book.sheets[0].name is None:
        raise ParlayError(f"{book.file} is a CSV file, which has no sheets: leave out ⟨sheet⟩.")
    if names:
        by_name = {header_key(s.name): s for s in book.sheets}
        unknown = [n for n in names if header_key(n) not in by_name]
        if unknown:
            listed = ", ".join(f'"{s.name}"' for s in book.sheets)
            raise ParlayError(f'{book.file} has no sheet "{unknown[0]}". Its sheets are: {listed}.')
        return [by_name[header_key(n)] for n in names]
    visible = [s for s in book.sheets if not s.hidden]
    lines = [s for s in visible if s.name is None or not header_key(s.name).startswith(NOT_LINES)]
    return lines or visible


def _quoted(name: str) -> str:
    return f'"{name}"' if not name.replace("-", "").replace("_", "").isalnum() else name


def _header(sheet: Sheet) -> tuple[int, Layout] | None:
    return find_header(
        sheet, lambda cells: next((layout for layout in LAYOUTS if layout.identify(cells)), None)
    )


def _no_header(file: str, sheet: Sheet, several: bool, suggested: Callable[[Sheet, bool], str]) -> Problem:
    also = " If this sheet holds no lines, name the sheets to read with ⟨sheet⟩." if several else ""
    return no_header(file, [sheet], EXPECTED, also + " " + suggested(sheet, several))


def _with_suggestion(
    got: Extracted, header_row: int, mapping: ColumnMap | None, suggestion: Callable[[bool], str]
) -> tuple[Problem, ...]:
    """The sheet's problems; when its header named a layout that read no game of it (no line column, two
    of them …), the first problem of the header row also says the --map command its columns suggest (or,
    when every game's row was refused, a problem of its own says it)."""
    if mapping is not None or got.games:
        return got.problems
    at = next((i for i, p in enumerate(got.problems) if p.source.row == header_row), None)
    if at is None:
        if not got.problems:
            return got.problems
        mapped = suggestion(True)
        if not mapped:
            return got.problems
        where = Source(got.problems[0].source.file, got.problems[0].source.sheet, header_row)
        return (
            *got.problems,
            Problem(where, f"no game of the sheet reads as the layout its header names. {mapped}"),
        )
    p = got.problems[at]
    return (
        *got.problems[:at],
        Problem(p.source, f"{p.message} {suggestion(False)}"),
        *got.problems[at + 1 :],
    )


def _title(sheet: Sheet, header_row: int) -> str | None:
    for cells in sheet.rows[: header_row - 1]:
        for v in cells:
            if isinstance(v, str) and text_of(v):
                return text_of(v)[:120]
    return None


def _error(file: str, problems: list[Problem], order: list[str | None]) -> ParlayError:
    problems = sorted(
        problems,
        key=lambda p: (order.index(p.source.sheet) if p.source.sheet in order else 0, p.source.row or 0),
    )
    if len(problems) == 1:
        return ParlayError(problems[0].message, problems[0].source)
    shown = [str(p) for p in problems[:SHOWN]]
    if len(problems) > SHOWN:
        shown.append(f"… and {len(problems) - SHOWN} more.")
    return ParlayError(
        f"{len(problems)} problems; nothing was imported. Fix them and import again:",
        Source(file=file),
        problems=tuple(shown),
    )
