"""Reading pick'em entry sheets (xlsx or csv): one row per entrant.

Columns are found by header wherever the header row sits (within the first 20 rows):
  Name (or Player, Entrant, Participant) — required;
  one column per game, headed by any of the game's selection numbers (`101`, `101/102`) or its teams
  (`Bears at Packers`, `Packers`), holding the picked team, its number, or away/home;
  and/or a Picks cell with selection numbers (`101, 104, 106`);
  Tiebreaker (Tiebreak, TB, Total points) — optional; Paid — optional (x / yes / paid ticks it).
Every value keeps its cell; every problem names it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import teams
from ..core.errors import ParlayError, Source
from ..core.models import Card, Game
from ..core.pickem import pool_games
from ..core.text import digits_note
from .sheets import (
    Problem,
    cell_source,
    column_letter,
    find_header,
    flag,
    no_header,
    open_workbook,
    refuse_hidden,
    whole_of,
)

NAME_HEADERS = ("name", "player", "entrant", "participant", "your name", "full name", "entry name")
TIEBREAK_HEADERS = (
    "tiebreaker",
    "tiebreak",
    "tie breaker",
    "tie-breaker",
    "tb",
    "total points",
    "tiebreaker points",
    "mnf total",
    "monday total",
    "tiebreaker total",
)
PICKS_HEADERS = ("picks", "selections", "numbers", "pick numbers")
PAID_HEADERS = ("paid", "fee paid", "paid?")
ACCEPTED_FILES = "Accepted: .xlsx, .xlsm or .csv."


@dataclass(frozen=True)
class PickemRow:
    """One entrant's row as read: selection numbers, not yet checked against the pool's rules."""

    row: int
    name: str
    numbers: tuple[int, ...]
    tiebreak: int | None
    paid: bool | None  # None: the sheet has no Paid column
    problems: tuple[Problem, ...]  # each at its cell
    source: Source


@dataclass(frozen=True)
class EntrySheet:
    file: str
    sheet: str | None
    rows: tuple[PickemRow, ...]
    games_by_column: tuple[tuple[str, int], ...]  # (column letter, game key)
    ignored: tuple[str, ...]  # headers of columns not read


def _norm(value: Any) -> str:
    return re.sub(r"\s+", " ", str(value if value is not None else "")).strip()


def _header(value: Any) -> str:
    return _norm(value).casefold().rstrip(":").strip()


def _is_name(header: str) -> bool:
    """Name, Player, Entrant…, also with a note: `Name (first and last)`."""
    return header in NAME_HEADERS or re.match(r"^(name|player|entrant|participant)\b", header) is not None


def match_game(header: str, games: Sequence[Game]) -> tuple[Game | None, str | None]:
    """The game a column header names, by selection number or by teams (`Bears at Packers`, or
    abbreviations in capitals as written: `GB @ CHI`); or a problem."""
    numbers = {int(t) for t in re.findall(r"\b[0-9]{1,5}\b", header)}
    by_number = [g for g in games if numbers & set(g.numbers.all())]
    if len(by_number) == 1:
        return by_number[0], None
    if len(by_number) > 1:
        return None, "names numbers of " + " and ".join(g.label() for g in by_number)
    scored = [(teams.mentions(header, g.away) + teams.mentions(header, g.home), g) for g in games]
    best = max((s for s, _ in scored), default=0)
    hits = [g for s, g in scored if s == best and s > 0]
    if len(hits) == 1:
        return hits[0], None
    if len(hits) > 1:
        return None, "could be " + " or ".join(g.label() for g in hits)
    return None, None


def game_pick(value: Any, game: Game) -> tuple[int | None, str | None]:
    """A game column's cell → the selection number picked (None: blank), or a problem."""
    if value is None or _norm(value) == "":
        return None, None
    accepted = (
        f"Accepted: {game.numbers.away} or {game.away} (away), {game.numbers.home} or {game.home} "
        "(home), or blank for no pick."
    )
    number = whole_of(value)
    if number is not None:
        if number in game.numbers.all():
            return number, None
        return None, f"{number} is not a number of {game.label()}. {accepted}"
    text = _norm(value)
    low = text.casefold()
    if low in ("away", "a", "visitor", "visitors"):
        return game.numbers.away, None
    if low in ("home", "h"):
        return game.numbers.home, None
    lead = re.match(r"^\s*([0-9]{1,5})\b", text)
    if lead and int(lead.group(1)) in game.numbers.all():
        return int(lead.group(1)), None
    which = teams.side(text, game.away, game.home)
    if which is not None:
        return (game.numbers.away if which == "away" else game.numbers.home), None
    if teams.match_team(text, [game.away, game.home]).ambiguous:
        return None, (
            f'"{text}" is ambiguous in {game.label()}: it could be either team. Write the name as the '
            f"card prints it. {accepted}"
        )
    return None, f'"{text}" is not a side of {game.label()}.{digits_note(text)} {accepted}'


def parse_numbers(text: Any) -> tuple[tuple[int, ...], str | None]:
    """`101, 104 106;108` → (101, 104, 106, 108), or a problem naming the first bad part."""
    if text is None or _norm(text) == "":
        return (), None
    single = whole_of(text)
    if single is not None:
        return (single,), None
    out: list[int] = []
    for part in re.split(r"[,;/\s]+", _norm(text)):
        if not part:
            continue
        n = whole_of(part)
        if n is None:
            return (), (
                f'"{part}" in "{_norm(text)}" is not a selection number.{digits_note(part)} Accepted: the '
                "numbers printed beside the teams, separated by commas or spaces, e.g. 101, 104, 106."
            )
        out.append(n)
    return tuple(out), None


def parse_tiebreak(value: Any) -> tuple[int | None, str | None]:
    if value is None or _norm(value) == "":
        return None, None
    n = whole_of(value)
    if n is None or n > 999:
        return None, (
            f'the tiebreaker "{_norm(value)}" is not a number of points.{digits_note(value)} '
            "Accepted: a whole number such as 44, or blank."
        )
    return n, None


def parse_paid(value: Any) -> tuple[bool, str | None]:
    said = flag(value, yes=("paid",), no=("unpaid", "owes", "owed"))
    if said is None:
        return (
            False,
            f'paid "{_norm(value)}" is not yes or no. Accepted: x, yes, paid, or blank / no for not paid.',
        )
    return said, None


def read_entries(path: Path, card: Card) -> EntrySheet:
    """Read every entrant row of the first sheet that has a Name column. Structural problems (no Name
    column, two columns for one game) raise ParlayError; row problems stay with their row."""
    games = pool_games(card)
    book = open_workbook(path, "pickem")
    sheets = list(book.sheets)
    for sheet in sheets:
        header = find_header(sheet, lambda cells: cells if any(_is_name(_header(v)) for v in cells) else None)
        if header is not None:
            number, cells = header
            if sheet.hidden:  # as every other import: a hidden sheet is never read without a word
                refuse_hidden(book.file, sheet, number, "pick'em entries")
            return _read(
                path,
                sheet.name,
                [list(r) for r in sheet.rows],
                number - 1,
                [_header(v) for v in cells],
                games,
            )
    problem = no_header(
        book.file,
        sheets,
        "Accepted: a header row with Name (or Player, Entrant, Participant), then "
        "one column per game (headed by its numbers or teams) or a Picks column, and a Tiebreaker column.",
    )
    raise ParlayError(f"{problem.source}: {problem.message}")


def _kind(header: str) -> str | None:
    """What a header that names no game heads: name, tiebreak, picks or paid (None: perhaps a game)."""
    if _is_name(header):
        return "name"
    if header in TIEBREAK_HEADERS or "tiebreak" in header:
        return "tiebreak"
    if header in PICKS_HEADERS:
        return "picks"
    return "paid" if header in PAID_HEADERS else None


def _read(
    path: Path,
    sheet: str | None,
    rows: list[list[Any]],
    header_row: int,
    headers: list[str],
    games: Sequence[Game],
) -> EntrySheet:
    where = Source(file=path.name, sheet=sheet, row=header_row + 1)
    cols: dict[str, int] = {}
    game_cols: list[tuple[int, Game]] = []
    ignored: list[str] = []
    for i, h in enumerate(headers):
        if not h:
            continue
        kind = _kind(h)
        if kind and kind not in cols:
            cols[kind] = i
            continue
        # the header as written: its capitals tell the abbreviations (GB @ CHI) from words
        game, problem = match_game(_norm(rows[header_row][i]).rstrip(":").strip(), games)
        cell = f"{column_letter(i)}{header_row + 1}"
        if problem:
            raise ParlayError(
                f'the header "{_norm(rows[header_row][i])}" {problem}. Head each game\'s column '
                "with its numbers (e.g. 101/102) or both teams (e.g. Bears at Packers).",
                Source(file=path.name, sheet=sheet, cell=cell),
            )
        if game is None:
            ignored.append(_norm(rows[header_row][i]))
            continue
        twice = next((c for c, g in game_cols if g.key == game.key), None)
        if twice is not None:
            raise ParlayError(
                f"columns {column_letter(twice)} and {column_letter(i)} are both {game.label()}. "
                "Keep one column per game.",
                Source(file=path.name, sheet=sheet, cell=cell),
            )
        game_cols.append((i, game))
    if not game_cols and "picks" not in cols:
        raise ParlayError(
            "there is no Picks column and no column headed by a game of the card. Accepted: one "
            "column per game headed by its numbers (101/102) or teams (Bears at Packers), or a "
            "Picks column with selection numbers (101, 104, …).",
            where,
        )
    out: list[PickemRow] = []
    for r in range(header_row + 1, len(rows)):
        row = rows[r]
        if all(_norm(v) == "" for v in row):
            continue
        out.append(_entry(path, sheet, r + 1, row, cols, game_cols))
    return EntrySheet(
        file=path.name,
        sheet=sheet,
        rows=tuple(out),
        games_by_column=tuple((column_letter(i), g.key) for i, g in game_cols),
        ignored=tuple(ignored),
    )


def _entry(
    path: Path,
    sheet: str | None,
    row_no: int,
    row: list[Any],
    cols: dict[str, int],
    game_cols: list[tuple[int, Game]],
) -> PickemRow:
    def cell(i: int) -> Any:
        return row[i] if i < len(row) else None

    problems: list[Problem] = []

    def problem(i: int, message: str) -> None:
        problems.append(Problem(cell_source(path.name, sheet, row_no, i), message))

    name = _norm(cell(cols["name"]))
    if not name:
        problem(cols["name"], "no name")
    numbers: list[int] = []
    if "picks" in cols:
        found, said = parse_numbers(cell(cols["picks"]))
        numbers.extend(found)
        if said:
            problem(cols["picks"], said)
    for i, game in game_cols:
        number, said = game_pick(cell(i), game)
        if said:
            problem(i, said)
        elif number is not None:
            numbers.append(number)
    tiebreak = None
    if "tiebreak" in cols:
        tiebreak, said = parse_tiebreak(cell(cols["tiebreak"]))
        if said:
            problem(cols["tiebreak"], said)
    paid = None
    if "paid" in cols:
        paid, said = parse_paid(cell(cols["paid"]))
        if said:
            problem(cols["paid"], said)
    return PickemRow(
        row=row_no,
        name=name,
        numbers=tuple(numbers),
        tiebreak=tiebreak,
        paid=paid,
        problems=tuple(problems),
        source=Source(file=path.name, sheet=sheet, row=row_no),
    )
