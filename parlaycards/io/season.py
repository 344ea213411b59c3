"""A season's file (a public data set's export: a row a game, many weeks): one week of it, by its Week
(and Season) column or by a day's date. Rows of other weeks are blanked, not removed, so every problem
still names its own row; a file of several weeks read without a choice is refused naming the weeks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime

from ..core.errors import ParlayError, Source, option
from ..core.text import is_digits
from ..core.when import Calendar, WhenError
from .sheets import Column, Sheet, locate, text_of
from .words import DATE, KICKOFF

WEEK = Column("week", "Week", ("wk", "week #", "week no", "week number", "gameweek", "round"))
SEASON = Column("season", "Season", ("year", "yr", "season year"))
Rows = list[tuple[int, tuple[object, ...]]]  # (row number, cells) of the sheet's games
Cell = Callable[[tuple[object, ...], str], str]  # a named column's text in a row


def _refuse_missing(
    week: str | None, season: str | None, cols: dict[str, int], where: Source, mapped: bool = False
) -> None:
    """A week or season asked for of a sheet that has no such column is refused (`mapped`: its columns
    were named by --map, which can name that column too)."""
    for asked, name in ((week, "week"), (season, "season")):
        if asked is not None and name not in cols:
            raise ParlayError(
                f"{option(name)} {asked} was given, but the sheet has no {name.capitalize()} column"
                + (f" (map it: {option('map')} {name}=LETTER). " if mapped else ". ")
                + (
                    f"Choose the day with {option('date')} 2023-10-08 instead."
                    if name == "week"
                    else f"Leave {option('season')} out."
                ),
                where,
            )


def _of_day(
    games: list[tuple[int, tuple[object, ...]]],
    cols: dict[str, int],
    calendar: Calendar,
    on: date,
    where: Source,
) -> set[int]:
    """The rows of the games played on day `on`, by the Date (or Kickoff) column."""
    col = "date" if "date" in cols else "kickoff" if "kickoff" in cols else None
    if col is None:
        raise ParlayError(
            f"{option('date')} {on} was given, but the sheet has no Date or Kickoff column.", where
        )
    return {n for n, r in games if _day(calendar, r[cols[col]] if cols[col] < len(r) else None) == on}


def one_week(
    file: str,
    sheet: Sheet,
    header_row: int,
    calendar: Calendar,
    *,
    week: str | None = None,
    season: str | None = None,
    on: date | None = None,
    mapped: dict[str, int] | None = None,
) -> tuple[Sheet, dict[int, str]]:
    """The sheet with only the chosen week's rows (the rest blanked), the sheet itself when it holds one;
    and the Week and Season columns that chose the week (index → what the summary says of them).
    `mapped`: the columns named by --map (week, season, date, kickoff), in place of the header's."""
    if mapped is None:
        cols = locate((WEEK, SEASON, DATE, KICKOFF), sheet.rows[header_row - 1])
    else:
        cols = {n: c for n, c in mapped.items() if n in ("week", "season", "date", "kickoff")}
    where = Source(file=file, sheet=sheet.name, row=header_row)
    below = list(enumerate(sheet.rows[header_row:], start=header_row + 1))
    games = [(n, r) for n, r in below if sum(v is not None for v in r) >= 2]

    def cell(r: tuple[object, ...], name: str) -> str:
        return text_of(r[cols[name]]) if name in cols and cols[name] < len(r) else ""

    _refuse_missing(week, season, cols, where, mapped is not None)
    if week is not None and season is None and "season" in cols:
        _one_season_holds(week, games, cell, where)
    if week is not None or season is not None:
        keep: set[int] | None = {
            n
            for n, r in games
            if (week is None or _same(cell(r, "week"), week))
            and (season is None or _same(cell(r, "season"), season))
        }
    else:
        keep = _of_day(games, cols, calendar, on, where) if on is not None else None
    if keep is None:
        _one_week_only(games, cell, cols, where)
        mapped_here = {n: c for n, c in (mapped or {}).items() if n in ("week", "season")}
        return sheet, {c: f"the {n} (the file holds one)" for n, c in mapped_here.items()}
    if not keep:
        held = _weeks(games, cell, cols)
        raise ParlayError(
            "no game of the week asked for"
            + (f" (the file holds {held})" if held else "")
            + f". Check {option('week')}, {option('season')} or {option('date')}.",
            where,
        )
    rows = tuple(r if n <= header_row or n in keep else () for n, r in enumerate(sheet.rows, start=1))
    return replace(sheet, rows=rows), _choosers(cols, week, season)


def _one_season_holds(week: str, games: Rows, cell: Cell, where: Source) -> None:
    """A week asked for without its season is refused when several seasons of the file hold it."""
    seasons = sorted({cell(r, "season") for _, r in games if _same(cell(r, "week"), week)} - {""})
    if len(seasons) > 1:
        raise ParlayError(
            f"week {week} is in {len(seasons)} seasons of the file ({', '.join(seasons)}): add "
            f"{option('season')} {seasons[-1]} (or the season you mean).",
            where,
        )


def _choosers(cols: dict[str, int], week: str | None, season: str | None) -> dict[int, str]:
    """The Week and Season columns that chose the week, as the summary says of them."""
    choosers = {
        cols[n]: "used to choose the week" for n, asked in (("week", week), ("season", season)) if asked
    }
    if week is not None and season is None and "season" in cols:  # one season holds the week: said so
        choosers[cols["season"]] = "used to choose the week (one season holds it)"
    return choosers


def _one_week_only(games: Rows, cell: Cell, cols: dict[str, int], where: Source) -> None:
    if "week" not in cols:
        return
    keys = {(cell(r, "season"), cell(r, "week")) for _, r in games if cell(r, "week")}
    if len(keys) <= 1:
        return
    seasons = sorted({s for s, _ in keys if s})
    example = next(iter(sorted(keys, key=lambda k: _order(k[1]))))
    week = f"{option('week')} {example[1]}"
    choose = f"{option('season')} {seasons[-1]} {week}" if len(seasons) > 1 else week
    raise ParlayError(
        f"the file holds {len(games)} games of {len(keys)} weeks ({_weeks(games, cell, cols)}); a card is "
        f"one week. Import one of them, e.g. {choose} (or a day's games with {option('date')}).",
        where,
    )


def _weeks(games: Rows, cell: Cell, cols: dict[str, int]) -> str:
    by_season: dict[str, set[str]] = {}
    for _, r in games:
        if cell(r, "week"):
            by_season.setdefault(cell(r, "season"), set()).add(cell(r, "week"))
    parts = []
    for s in sorted(by_season):
        weeks = sorted(by_season[s], key=_order)
        listed = _span(weeks)
        word = "week" if len(weeks) == 1 else "weeks"
        parts.append(f"season {s}: {word} {listed}" if s else f"{word} {listed}")
    return "; ".join(parts)


def _span(weeks: list[str]) -> str:
    numbers = [n for w in weeks if (n := _week_number(w)) is not None]
    others = [w for w in weeks if _week_number(w) is None]
    if numbers and numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2:
        text = f"{numbers[0]}–{numbers[-1]}"
    else:
        text = ", ".join(map(str, numbers))
    return ", ".join([t for t in (text, *others) if t])


def _order(week: str) -> tuple[int, str]:
    number = _week_number(week)
    return (number, "") if number is not None else (10_000, week)


def _week_number(week: str) -> int | None:
    """A week written in the digits 0–9 ("²".isdigit() is true, and int() refuses it; "١٢" is no week)."""
    return int(week) if is_digits(week) and len(week) < 9 else None


def _same(cell: str, asked: str) -> bool:
    return cell.casefold().removeprefix("week ").strip() == asked.casefold().strip()


def _day(calendar: Calendar, value: object) -> date | None:
    try:
        when = calendar.read(value)
    except WhenError:
        return None
    moment, _ = calendar.kickoff(when)
    if moment is None:
        return None
    return moment.date() if isinstance(moment, datetime) else moment
