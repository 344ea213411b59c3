"""The `--map` command printed for a sheet whose header names no layout: one reading, or two, each with what
it makes of a game, else the form with the sheet's columns (see `io/guess.py`)."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path

from ..core.errors import option
from ..core.when import Calendar
from .guess import Reading, guess
from .mapping import ColumnMap
from .sheets import Sheet, column_letter, text_of

# what a game reads as under a mapping: (away, home, home's line), or None when the reader refuses it
Trial = Callable[[ColumnMap], "Sequence[tuple[str, str, Decimal]] | None"]


def suggest(
    sheet: Sheet, calendar: Calendar, command: str, chosen: str, trial: Trial, read_only: bool
) -> str:
    """The one `command` (see `command_for`) that maps the sheet's columns by hand, guessed from what they
    hold; two, each with what it makes of a game, when the sheet reads two ways and nothing in it says which;
    else the form, with the sheet's columns to choose from. `trial` reads the sheet by a mapping (a reading
    the reader refuses is not offered); `chosen`: the week options the operator gave; `read_only`: nothing
    ("") unless a command is offered that the trial read the sheet by."""
    header_row, readings = guess(sheet, calendar)
    offered = _tried(readings, trial if header_row else None)  # with no header, no mapping reads it yet
    if read_only and not (header_row and offered and all(g is not None for _, g in offered)):
        return ""  # (`read_only`: only a command the reader has read the sheet by)
    if not offered:
        return (
            "To read it anyway, name its columns: "
            f"{command} {' '.join(option('map') + ' ' + r + '=LETTER' for r in ('away', 'home', 'home-line', 'total'))} "
            f"(or team=LETTER for two rows a game, with spread=LETTER). {_listed(sheet, header_row)}"
        )
    insert = (
        "the games start on row 1: insert a row above them with a word over each column (Away, Home, Line …), "
        "then "
        if header_row == 0  # a mapping reads the rows under a header
        else ""
    )
    weeks_note = _weeks_note(offered[0][0], chosen)
    if len(offered) == 1:
        return (
            f"Its columns look like this mapping{', but ' + insert if insert else '; '}check what it reads, "
            f"then run it again without {option('dry_run')}: {command} {offered[0][0].mapping.command()} "
            f"{option('dry_run')}" + (f".{weeks_note}" if weeks_note else "")
        )
    return (
        "Its columns can be read two ways and nothing in the sheet says which: "
        f"{insert}choose the one your sheet means, check what it reads, then run it again without "
        f"{option('dry_run')}: {_two_ways(offered, command)}.{weeks_note}"
    )


def command_for(path: Path, sheet: Sheet, several: bool, chosen: str, typed: str | None) -> str:
    """The command a `--map` is added to: the operator's own (`typed`), else `import FILE` with the week
    options given (`chosen`); with the sheet named when the file has several."""
    command = typed or f"parlaycards import {shlex.quote(str(path))}"  # the options spelled by the CLI
    if several and sheet.name:
        command += f" {option('sheet')} {shlex.quote(sheet.name)}"
    if chosen and not typed:
        command += f" {chosen}"
    return command


def _weeks_note(reading: Reading, chosen: str) -> str:
    """A season's file read with no week chosen: the week options to add."""
    weeks = reading.weeks
    if len(weeks) < 2 or chosen:
        return ""
    seasons = any(role == "season" for role, _ in reading.mapping.roles)
    return (
        f" The file holds weeks {', '.join(weeks)}: add {option('week')} {weeks[-1]} (or the week you mean"
        f"{', and ' + option('season') + ' when it holds several seasons' if seasons else ''})."
    )


def _two_ways(offered: list[tuple[Reading, Sequence[tuple[str, str, Decimal]] | None]], command: str) -> str:
    """Both readings' commands, each with what it makes of the first game they read differently."""
    (one, one_games), (two, two_games) = offered
    game = next(
        (i for i, (g, h) in enumerate(zip(one_games or (), two_games or (), strict=False)) if g != h), None
    )

    def said(reading: Reading, games: Sequence[tuple[str, str, Decimal]] | None) -> str:
        shown = f" ({_game(games[game])})" if games and game is not None else ""
        return f"if {reading.meaning}{shown}: {command} {reading.mapping.command()} {option('dry_run')}"

    return f"{said(one, one_games)}; or, {said(two, two_games)}"


def _tried(
    readings: list[Reading], trial: Trial | None
) -> list[tuple[Reading, Sequence[tuple[str, str, Decimal]] | None]]:
    """The readings worth offering: those the reader does not refuse (all of them when it refuses every
    one, as it does a season's file read without a week), one when both read the same games."""
    if trial is None or not readings:
        return [(r, None) for r in readings]
    tried = [(r, trial(r.mapping)) for r in readings]
    read: list[tuple[Reading, Sequence[tuple[str, str, Decimal]] | None]] = [
        (r, g) for r, g in tried if g is not None
    ]
    if not read:
        return [(r, None) for r in readings]
    if len(read) == 2 and read[0][1] == read[1][1]:
        return read[:1]
    return read


def _game(game: tuple[str, str, Decimal]) -> str:
    away, home, spread = game
    if not spread:
        return f"{away} at {home}, a pick'em"
    favourite = home if spread < 0 else away
    return f"{away} at {home}, {favourite} giving {abs(spread).normalize():f}"


def _listed(sheet: Sheet, header_row: int) -> str:
    row = sheet.rows[header_row - 1] if header_row > 0 else next((r for r in sheet.rows if any(r)), ())
    cells = [f'{column_letter(i)} "{text_of(v)}"' for i, v in enumerate(row) if text_of(v)]
    return f"Its columns: {', '.join(cells)}." if cells else ""
