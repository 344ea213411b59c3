"""Where a `--map` finds its columns: the header row its headers (or letters) point at, and the sheet's
columns listed for the operator to map from."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..core import teams
from ..core.errors import ParlayError, Source, option
from ..core.lines import LineError, is_no_line, parse_spread
from .sheets import HEADER_ROWS, Sheet, column_letter, header_key, text_of

TEAM_ROLES = {"away", "home", "favourite", "favorite", "underdog", "team", "matchup"}


def is_letter(ref: str, width: int) -> bool:
    return bool(re.fullmatch(r"[A-Za-z]{1,2}", ref)) and (column_index(ref) < width or len(ref) == 1)


def column_index(ref: str) -> int:
    n = 0
    for ch in ref.upper():
        n = n * 26 + ord(ch) - 64
    return n - 1


def mapped_header_row(
    file: str, sheet: Sheet, refs: Mapping[str, str], named: Mapping[str, str], width: int
) -> int:
    """The header row: the first of the top rows holding every header named; with letters alone, the first
    row whose mapped cells are all words (not a line, not blank) — the row above the games."""
    top = sheet.rows[:HEADER_ROWS]
    if named:
        for number, cells in enumerate(top, start=1):
            keys = {header_key(v) for v in cells}
            if all(header_key(ref) in keys for ref in named.values()):
                return number
        missing = next(
            ref
            for ref in named.values()
            if not any(header_key(ref) in {header_key(v) for v in c} for c in top)
        )
        raise ParlayError(
            f'{option("map")}: no column is headed "{shown(missing)}" in the first {HEADER_ROWS} rows. '
            f"{columns_listed(sheet, _likeliest(sheet))}",
            Source(file=file, sheet=sheet.name),
        )
    cols = {role: column_index(ref) for role, ref in refs.items() if column_index(ref) < width}
    for number, cells in enumerate(top, start=1):
        said = {role: cells[c] if c < len(cells) else None for role, c in cols.items()}
        words = [v for v in said.values() if isinstance(v, str) and text_of(v) and not _reads_as_line(v)]
        filled = [v for v in said.values() if v is not None]
        sides = [v for role, v in said.items() if role in TEAM_ROLES]
        if (
            len(words) == len(filled)
            and len(words) * 2 > len(said)
            and all(isinstance(v, str) and text_of(v) for v in sides)
            and not (sides and all(_a_team(v) for v in sides))  # `Tennessee | Indianapolis | PK`: a game
        ):
            return number
    raise ParlayError(
        f"{option('map')}: none of the first {HEADER_ROWS} rows names the mapped columns "
        f"({', '.join(sorted({r.upper() for r in refs.values()}))}). Type a header above the games (a word in "
        "each mapped column) and import again.",
        Source(file=file, sheet=sheet.name),
    )


def _a_team(value: object) -> bool:
    """A cell naming a team of the alias table (in any league): a game's row, not a header's."""
    name = text_of(value)
    return any(teams.canonical(name, league) is not None for league in (None, "NFL", "NCAA"))


def _reads_as_line(value: object) -> bool:
    """A cell that reads as a line, not as a header's word (`Pick` and `Even` are words above a column)."""
    if is_no_line(value) or not re.search(r"\d", text_of(value)):
        return False
    try:
        parse_spread(value)
    except LineError:
        return False
    return True


def _likeliest(sheet: Sheet) -> int:
    rows = sheet.rows[:HEADER_ROWS]
    counts = [sum(isinstance(v, str) and bool(text_of(v)) for v in r) for r in rows]
    return counts.index(max(counts)) + 1 if counts else 1


def columns_listed(sheet: Sheet, header_row: int) -> str:
    """The sheet's columns with their headers, to map from."""
    header = sheet.rows[header_row - 1] if 0 < header_row <= len(sheet.rows) else ()
    listed = [f'{column_letter(i)} "{text_of(v)}"' for i, v in enumerate(header) if text_of(v)]
    return (
        f"Its columns (row {header_row}): {', '.join(listed)}." if listed else "Its columns have no headers."
    )


def shown(text: str) -> str:
    """Text typed by the operator, as a message repeats it: at most 60 characters."""
    return text if len(text) <= 60 else text[:57] + "…"
