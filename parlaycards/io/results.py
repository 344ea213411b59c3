"""Score sheets (xlsx or csv): by selection number, or by team names with a status.

By number: Number (any selection number of the game), Away score, Home score, optional Status.
By teams: Away, Away score, Home, Home score, Status (Final, Final OT, Postponed, Cancelled). Two
columns both headed "Score" are read as the score of the team to their left. Rows with no scores
and no status, or a status such as Scheduled or In progress, are games not over yet. In a matchup
(golf, NASCAR), WD or DQ written in place of a competitor's score says they started, then withdrew or
were disqualified.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..core.errors import Source
from ..core.text import digits_note
from .sheets import (
    Column,
    Problem,
    RowCells,
    Sheet,
    find_header,
    headed_sheets,
    header_key,
    locate,
    open_workbook,
    text_of,
)

NUMBER = Column(
    "number",
    "Number",
    (
        "no",
        "#",
        "rot",
        "rotation",
        "selection",
        "sel",
        "num",
        "game",
        "game #",
        "game no",
        "selection number",
    ),
)
AWAY = Column("away", "Away", ("visitor", "visitors", "road", "away team", "visiting team", "team 1"))
HOME = Column("home", "Home", ("home team", "team 2"))
AWAY_SCORE = Column(
    "away_score",
    "Away score",
    (
        "away pts",
        "away points",
        "away final",
        "visitor score",
        "visitors score",
        "road score",
        "ascore",
        "away score final",
    ),
)
HOME_SCORE = Column("home_score", "Home score", ("home pts", "home points", "home final", "hscore"))
STATUS = Column("status", "Status", ("result", "state", "final", "note", "notes"))
COLUMNS = (NUMBER, AWAY, HOME, AWAY_SCORE, HOME_SCORE, STATUS)
SCORE_KEYS = {"score", "pts", "points", "finalscore"}

FINAL = {
    "final",
    "f",
    "finalot",
    "fot",
    "f/ot",
    "final/ot",
    "ft",
    "ot",
    "final2ot",
    "end",
    "complete",
    "completed",
}
CANCELLED = {
    "postponed",
    "ppd",
    "cancelled",
    "canceled",
    "nocontest",
    "nc",
    "void",
    "novoid",
    "calledoff",
    "forfeit",
    "abandoned",
}
NOT_OVER = {
    "scheduled",
    "inprogress",
    "live",
    "halftime",
    "half",
    "delayed",
    "suspended",
    "pending",
    "tbd",
    "tba",
    "notstarted",
    "1stquarter",
    "2ndquarter",
    "3rdquarter",
    "4thquarter",
    "q1",
    "q2",
    "q3",
    "q4",
}
OUT = {"wd": "wd", "withdrew": "wd", "withdrawn": "wd", "dq": "dq", "disqualified": "dq", "dsq": "dq"}
STATUS_ACCEPTED = "Accepted: Final, Final OT, Postponed, Cancelled (or blank when the scores are there)."


@dataclass(frozen=True)
class RawResult:
    """One row: which game (a number, or two team names) and its final score or cancellation."""

    source: Source
    number: int | None
    away: str | None
    home: str | None
    away_score: int | None
    home_score: int | None
    cancelled: bool
    said_number: int | None = None  # a Number cell beside the teams: checked against the game they name
    away_out: str | None = None  # "wd" or "dq": a matchup's competitor who started, then withdrew or was
    home_out: str | None = None  # disqualified (WD or DQ written in place of the score)


@dataclass(frozen=True)
class ResultSheet:
    file: str
    rows: tuple[RawResult, ...]
    not_over: tuple[str, ...]  # rows of games not finished, as `row 9 (Chiefs at Raiders): In progress`
    problems: tuple[Problem, ...]  # each at its row (and cell)


def read_results(path: Path) -> ResultSheet:
    book = open_workbook(path, "results")
    rows: list[RawResult] = []
    not_over: list[str] = []
    problems: list[Problem] = []
    for sheet, header_row, cols in headed_sheets(book, _header, COLUMNS, ("score", "scores"), EXPECTED):
        for r in range(header_row + 1, len(sheet.rows) + 1):
            _row(book.file, sheet, r, cols, rows, not_over, problems)
    return ResultSheet(book.file, tuple(rows), tuple(not_over), tuple(problems))


EXPECTED = (
    "Accepted: Number, Away score, Home score — or Away, Away score, Home, Home score, Status (two "
    "columns headed Score are read as the score of the team to their left)."
)


def _header(sheet: Sheet) -> tuple[int, dict[str, int]] | None:
    return find_header(sheet, _columns)


def _columns(cells: tuple[object, ...]) -> dict[str, int] | None:
    cols = locate(COLUMNS, cells)
    keys = [header_key(c) for c in cells]
    for team, score in (("away", "away_score"), ("home", "home_score")):
        right = cols.get(team, -9) + 1
        if score not in cols and team in cols and right < len(keys) and keys[right] in SCORE_KEYS:
            cols[score] = right
    if (
        "number" in cols
        and "away_score" not in cols
        and "away" in cols
        and "home" in cols
        and "home_score" not in cols
    ):
        cols["away_score"], cols["home_score"] = cols.pop("away"), cols.pop("home")  # Number | Away | Home
    by_teams = {"away", "home"} <= cols.keys()
    if (by_teams or "number" in cols) and {"away_score", "home_score"} <= cols.keys():
        if by_teams and "number" in cols:
            cols["said_number"] = cols.pop("number")  # the teams name the game; the number is checked
        return cols
    return None


def _scores(
    cell: Callable[[str], object], problem: Callable[[str | None, str], None]
) -> list[int | None] | None:
    """A row's away and home scores (None where blank); None when one is not a score, its cell named."""
    scores: list[int | None] = []
    for name in ("away_score", "home_score"):
        value = text_of(cell(name))
        if not value or _out(value):
            scores.append(None)
        elif re.fullmatch(r"[0-9]{1,3}", value):
            scores.append(int(value))
        else:
            problem(
                name,
                f'the score "{value}" is not a whole number of points (0 or more), or WD/DQ for a '
                "competitor of a matchup who started, then withdrew or was disqualified."
                + digits_note(value),
            )
            return None
    return scores


def _out(value: str) -> str | None:
    """ "wd" or "dq" for WD, W/D, DQ … written in place of a competitor's score (a matchup), else None."""
    return OUT.get(re.sub(r"[\s/.]", "", value.casefold()))


def _number(
    cell: Callable[[str], object], problem: Callable[[str | None, str], None], numbered: bool
) -> int | None | Literal[False]:
    """The row's selection number (None where the sheet names games by their teams); False after saying
    why the row names no game."""
    if numbered:
        text = text_of(cell("number"))
        if not re.fullmatch(r"[0-9]{1,6}", text):
            problem("number", f'"{text}" is not a selection number.' + digits_note(text))
            return False
        return int(text)
    if not text_of(cell("away")) or not text_of(cell("home")):
        problem(None, "both teams are needed (Away and Home).")
        return False
    return None


def _scored_but_off(status: str, scores: list[int | None], game: str) -> str:
    """Why a row whose status says cancelled or postponed, but which has a score, stores neither."""
    shown = "–".join("" if s is None else str(s) for s in scores)
    return (
        f'the status says "{status}" but the row has a score ({shown}) for {game}: a '
        "cancelled or postponed game has no score, so neither was stored. Clear the scores to record "
        "it cancelled, or write Final (or leave the status blank) to record the score."
    )


def _row(
    file: str,
    sheet: Sheet,
    r: int,
    cols: dict[str, int],
    rows: list[RawResult],
    not_over: list[str],
    problems: list[Problem],
) -> None:
    """One row of a score sheet: a result, a game not over yet, or a problem at its cell."""
    row = RowCells(file, sheet, r, cols, problems)
    if all(row.cell(n) is None for n in cols):
        return
    scores = _scores(row.cell, row.problem)
    number = _number(row.cell, row.problem, "number" in cols) if scores is not None else False
    if scores is None or number is False:
        return
    said = row.text("said_number") if "said_number" in cols else ""
    if said and not re.fullmatch(r"[0-9]{1,6}", said):
        row.problem(
            "said_number",
            f'"{said}" is not a selection number.{digits_note(said)} Accepted: one of the game\'s '
            "selection numbers (e.g. 101), or the Number cell left blank (the teams name the game).",
        )
        return
    outs = (_out(row.text("away_score")), _out(row.text("home_score")))
    verdict = _verdict(row, scores, outs)
    if verdict == "not over":
        not_over.append(
            f"{Source(sheet=sheet.name, row=r)} ({_game(row)}): {row.text('status') or 'no score yet'}"
        )
    elif verdict is not None:
        final = verdict == "final"
        rows.append(
            RawResult(
                row.source,
                number,
                row.text("away") or None,
                row.text("home") or None,
                scores[0] if final else None,
                scores[1] if final else None,
                verdict == "cancelled",
                int(said) if said else None,
                away_out=outs[0],
                home_out=outs[1],
            )
        )


def _verdict(row: RowCells, scores: list[int | None], outs: tuple[str | None, str | None]) -> str | None:
    """What the row's status and scores say: "final", "cancelled", "out" (WD or DQ in a matchup), "not
    over"; None after naming the problem at its cell."""
    written = row.text("status")
    status = re.sub(r"[\s\-_.()]", "", written.casefold())
    cancelled = status in CANCELLED
    if any(outs):
        if cancelled or (status and status not in FINAL):
            row.problem("status", f'the status "{written}" with WD or DQ: write Final, or leave it blank.')
            return None
        return "out"
    if cancelled and scores != [None, None]:
        row.problem("status", _scored_but_off(written, scores, _game(row)))
        return None
    if status in NOT_OVER or (not status and scores == [None, None]):
        return "not over"
    if not cancelled and status and status not in FINAL:
        row.problem("status", f'the status "{written}" is not one we know. {STATUS_ACCEPTED}')
        return None
    if not cancelled and None in scores:
        row.problem(None, f"a final needs both scores ({_game(row)}).")
        return None
    return "cancelled" if cancelled else "final"


def _game(row: RowCells) -> str:
    return f"{row.text('away')} at {row.text('home')}" if "away" in row.cols else f"game {row.text('number')}"
