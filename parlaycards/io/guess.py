"""When no header names a layout: a guess at each column's role from what it holds, printed as the one
`--map` command that would read the sheet (teams: words in every row, most of them different; a line:
numbers within ±30 with a sign on some (an unsigned column is the points a favourite gives, which no
guess can tie to a team); a total: numbers from 30 to 70 (football); two moneyline columns (signed,
100 and over), against which the line's sign is checked; dates and times), else the
sheet's columns to map by hand. A guess is only printed, never read: the operator runs it, with
--dry-run first to see what it reads."""

from __future__ import annotations

import shlex
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path

from ..core import teams
from ..core.errors import option
from ..core.lines import LineError, is_no_line, parse_spread, parse_total
from ..core.when import Calendar, WhenError
from .mapping import ColumnMap
from .rotation import money as money_of
from .sheets import HEADER_ROWS, Sheet, column_letter, text_of
from .table import SITE_AT, SITE_NEUTRAL

TOTALS = (Decimal(30), Decimal(70))
SITES = SITE_AT | SITE_NEUTRAL
LOOKED_AT = 200  # rows a guess reads: a week's games, never the whole of a huge sheet


def guess(sheet: Sheet, calendar: Calendar) -> tuple[int, ColumnMap | None]:
    """The likeliest header row (0: the games start on row 1) and a mapping guessed from the columns below
    it (None: no guess)."""
    header_row = _header_row(sheet)
    rows = [r for r in sheet.rows[header_row : header_row + LOOKED_AT] if sum(v is not None for v in r) >= 2]
    if not rows:
        return header_row, None
    width = max(len(r) for r in rows)
    kinds = {
        c: _kind([r[c] for r in rows if c < len(r) and r[c] is not None], len(rows), calendar)
        for c in range(width)
    }
    teams_ = [c for c, k in kinds.items() if k == "team"]
    lines = [c for c, k in kinds.items() if k == "line"]
    totals = [c for c, k in kinds.items() if k == "total"]
    roles: list[tuple[str, str]] = []
    # (a third column naming one of the row's teams may be the favourite or the underdog: no guess)
    if len(teams_) == 2 and lines and not _capitals_mark_home(rows, *teams_):
        roles = [("away", column_letter(teams_[0])), ("home", column_letter(teams_[1]))]
        roles.append(("home-line", column_letter(lines[0])))
    elif len(teams_) == 1 and lines:
        roles = [("team", column_letter(teams_[0])), ("spread", column_letter(lines[0]))]
    if not roles:
        return header_row, None
    sites = [c for c, k in kinds.items() if k == "site"]
    if sites and roles[0][0] == "away":  # at / vs between the teams: a neutral site is read, not lost
        roles.append(("site", column_letter(sites[0])))
    if totals:
        roles.append(("total", column_letter(totals[0])))
    money = [c for c, k in kinds.items() if k == "money"]
    if len(money) == 2 and roles[0][0] == "away":  # the line's sign is then checked against them
        roles += [("away-ml", column_letter(money[0])), ("home-ml", column_letter(money[1]))]
    if len(money) == 1 and roles[0][0] == "team":
        roles.append(("money", column_letter(money[0])))
    for kind in ("kickoff", "date", "time"):
        found = [c for c, k in kinds.items() if k == kind]
        if found:
            roles.append((kind, column_letter(found[0])))
    order = {
        r: i
        for i, r in enumerate(("away", "home", "team", "favourite", "home-line", "spread", "line", "total"))
    }
    return header_row, ColumnMap(tuple(sorted(roles, key=lambda r: order.get(r[0], 9))))


def _header_row(sheet: Sheet) -> int:
    """The row above the first row that holds a number or a date: the likeliest header (0: none)."""
    for number, cells in enumerate(sheet.rows[:HEADER_ROWS], start=1):
        values = [v for v in cells if v is not None]
        if len(values) >= 2 and any(_number(v) is not None or isinstance(v, (date, time)) for v in values):
            return number - 1
    return 0


def _kind(values: list[object], rows: int, calendar: Calendar) -> str | None:
    """What a column's values are: team (a name in every row, most of them different), line, total,
    kickoff, date, time, or None."""
    if len(values) * 2 < rows:
        return None
    if all(isinstance(v, datetime) and (v.hour or v.minute) for v in values):
        return "kickoff"
    if all(isinstance(v, (date, datetime)) for v in values):
        return "date"
    if all(isinstance(v, time) for v in values):
        return "time"
    if all(isinstance(v, str) for v in values):
        said = _when(values, calendar)
        if said is not None:
            return said
    if all(isinstance(v, str) and v.strip().casefold().rstrip(".") in SITES for v in values):
        return "site"
    prices = [money_of(v) for v in values]
    if all(p is not None for p in prices) and any(p is not None and p < 0 for p in prices):
        return "money"
    numbers = [_number(v) for v in values]
    if all(n is not None or is_no_line(v) for n, v in zip(numbers, values, strict=True)):
        got = [n for n in numbers if n is not None]
        if not got:
            return None
        if all(TOTALS[0] <= n <= TOTALS[1] for n in got):
            return "total"
        if all(abs(n) < TOTALS[0] and n * 2 == int(n * 2) for n in got) and (
            any(n < 0 for n in got) or any(isinstance(v, str) and v.strip()[:1] in ("+", "-") for v in values)
        ):
            return "line"
        return None
    words = [text_of(v) for v in values]
    if (
        len(values) == rows
        and all(sum(ch.isalpha() for ch in w) >= 3 and _number(w) is None for w in words)
        and len(set(words)) * 4 >= len(words) * 3
    ):
        known = sum(teams.canonical(w) is not None for w in words)
        return "team" if known * 2 >= len(words) or len(set(words)) == len(words) else None
    return None


def _capitals_mark_home(rows: list[tuple[object, ...]], a: int, b: int) -> bool:
    """Home written in CAPITALS, now in one column and now in the other: the columns are favourite and
    underdog, not away and home (which one is which no guess can tell)."""
    sides = {
        (c == b)
        for r in rows
        if max(a, b) < len(r)
        for c in (a, b)
        if _caps(text_of(r[c])) and not _caps(text_of(r[b if c == a else a]))
    }
    return len(sides) == 2


def _caps(name: str) -> bool:
    letters = [ch for ch in name if ch.isalpha()]
    return len(letters) > 4 and all(ch.isupper() for ch in letters)


def _when(values: list[object], calendar: Calendar) -> str | None:
    """kickoff, date or time when every value reads as one (text as `Sun 11/22`, `1:00 PM`, ISO 8601)."""
    try:
        read = [calendar.read(v) for v in values]
    except WhenError:
        return None
    days = [w.day is not None or w.weekday is not None for w in read]
    clocks = [w.clock is not None or w.tba for w in read]
    if all(days) and all(clocks):
        return "kickoff"
    if all(days):
        return "date"
    if all(clocks):
        return "time"
    return None


def _number(value: object) -> Decimal | None:
    if isinstance(value, bool) or isinstance(value, (date, time)):
        return None
    for parse in (parse_spread, parse_total):
        try:
            return parse(value).value
        except (LineError, TypeError, ValueError):
            continue
    return None


def suggest(path: Path, sheet: Sheet, several: bool, calendar: Calendar) -> str:
    """The one command that maps the sheet's columns by hand, guessed from what they hold; else its form,
    with the sheet's columns to choose from."""
    header_row, guessed = guess(sheet, calendar)
    command = f"parlaycards import {shlex.quote(str(path))}"  # the options spelled by the CLI
    if several and sheet.name:
        command += f" {option('sheet')} {shlex.quote(sheet.name)}"
    if guessed is None:
        return (
            "To read it anyway, name its columns: "
            f"{command} {' '.join(option('map') + ' ' + r + '=LETTER' for r in ('away', 'home', 'home-line', 'total'))} "
            f"(or team=LETTER for two rows a game, with spread=LETTER). {_listed(sheet, header_row)}"
        )
    if header_row == 0:  # a mapping reads the rows under a header: the games start on row 1
        return (
            "Its columns look like this mapping, but the games start on row 1: insert a row above them with "
            "a word over each column (Away, Home, Line …), then check what this reads and run it again "
            f"without {option('dry_run')}: {command} {guessed.command()} {option('dry_run')}"
        )
    return (
        "Its columns look like this mapping; check what it reads, then run it again without "
        f"{option('dry_run')}: {command} {guessed.command()} {option('dry_run')}"
    )


def _listed(sheet: Sheet, header_row: int) -> str:
    row = sheet.rows[header_row - 1] if header_row > 0 else next((r for r in sheet.rows if any(r)), ())
    cells = [f'{column_letter(i)} "{text_of(v)}"' for i, v in enumerate(row) if text_of(v)]
    return f"Its columns: {', '.join(cells)}." if cells else ""
