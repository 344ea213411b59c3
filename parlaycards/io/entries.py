"""Entry sheets as people make them (xlsx or csv): one row per card handed in.

Columns are found by header name wherever the header row sits in the first rows: Serial / Card # /
Ticket / No., Name / Player, Stake / Bet / Amount / Wager, picks in one cell (`101, 104, 117` or
`101 104 117`) or one column per pick (Pick 1, Pick 2 …), and optionally Code / Check / Verify,
Received and Late. A row's problems are kept with its cells; the service decides what to refuse.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, time
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from ..core import money
from ..core.errors import Source
from ..core.text import digits_note
from ..core.verify import parse_serial
from ..core.when import read_moment
from .sheets import (
    Column,
    Problem,
    RowCells,
    Sheet,
    cell_source,
    find_header,
    flag,
    headed_sheets,
    header_key,
    locate,
    open_workbook,
    text_of,
)

SERIAL = Column(
    "serial",
    "Serial",
    (
        "serial #",
        "serial no",
        "serial number",
        "card",
        "card #",
        "card no",
        "card number",
        "ticket",
        "ticket #",
        "ticket no",
        "ticket number",
        "no",
        "number",
        "#",
    ),
)
NAME = Column("name", "Name", ("player", "entrant", "customer", "player name", "who"))
STAKE = Column("stake", "Stake", ("bet", "amount", "wager", "amt", "$", "stake $", "bet amount", "risk"))
PICKS = Column("picks", "Picks", ("selections", "teams", "numbers", "pick numbers", "legs", "pick #s"))
CODE = Column(
    "code", "Code", ("check", "verify", "verify code", "verification", "check code", "verification code")
)
RECEIVED = Column(
    "received",
    "Received",
    ("received at", "time received", "date received", "handed in", "time", "date", "when"),
)
LATE = Column("late", "Late", ("late entry", "late?"))
COLUMNS = (SERIAL, NAME, STAKE, PICKS, CODE, RECEIVED, LATE)
PICK_COLUMN = re.compile(r"^(?:pick|leg|team|sel|selection|game|p)#?(\d{1,2})$", re.ASCII)

PICKS_ACCEPTED = "Accepted: selection numbers separated by commas or spaces, e.g. 101, 104, 117."


@dataclass(frozen=True)
class RawEntry:
    """One row as read: the values that could be read, and a problem per cell that could not."""

    source: Source  # file, sheet and row
    serial: int | None
    code: str | None
    name: str
    stake: Decimal | None
    picks: tuple[int, ...] | None
    received_at: datetime | None
    late: bool
    problems: tuple[Problem, ...] = field(default=())  # each at its cell (or its row)


@dataclass(frozen=True)
class EntrySheet:
    file: str
    rows: tuple[RawEntry, ...]
    has_code: bool  # a Code / Check / Verify column is present


def parse_stake(value: object) -> Decimal:
    """`$5`, `5.00`, `5`, `$1,000`: a positive amount in whole cents. Raises ValueError."""
    return money.parse(text_of(value), "the stake")


def parse_picks(values: object) -> tuple[int, ...]:
    """Picks from one cell (`101, 104, 117`, `101 104 117`) or several. Raises ValueError."""
    cells = values if isinstance(values, (list, tuple)) else [values]
    picks: list[int] = []
    for cell in cells:
        for token in re.split(r"[\s,;/&+]+", text_of(cell)):
            if not token:
                continue
            if not re.fullmatch(r"[0-9]{1,6}", token):
                raise ValueError(
                    f'"{token}" in the picks "{text_of(cell)}" is not a selection number.{digits_note(token)} '
                    + PICKS_ACCEPTED
                )
            picks.append(int(token))
    if not picks:
        raise ValueError(f"no picks. {PICKS_ACCEPTED}")
    return tuple(picks)


def parse_received(value: object, zone: ZoneInfo) -> datetime:
    """A date-time cell or text, read in the card's zone when it says none; a date alone is its
    midnight. Hours are a 24-hour clock (the kickoff rule, 1–10 meaning afternoon, is not for this).
    Raises ValueError."""
    when = read_moment(value, zone, "the time received")
    return when if isinstance(when, datetime) else datetime.combine(when, time(0), zone)


def parse_flag(value: object) -> bool | None:
    return flag(value, yes=("late",))


def read_entries(path: Path, zone: ZoneInfo) -> EntrySheet:
    """Every entry row of every sheet that has an entry header. ParlayError when none has one."""
    book = open_workbook(path, "entries")
    rows: list[RawEntry] = []
    has_code = False
    for sheet, header_row, (cols, pick_cols) in headed_sheets(
        book, _header, COLUMNS, ("entry", "entries"), EXPECTED
    ):
        has_code = has_code or "code" in cols
        for r in range(header_row + 1, len(sheet.rows) + 1):
            raw = _row(book.file, sheet, r, cols, pick_cols, zone)
            if raw is not None:
                rows.append(raw)
    return EntrySheet(book.file, tuple(rows), has_code)


def _header(sheet: Sheet) -> tuple[int, tuple[dict[str, int], list[int]]] | None:
    def accept(cells: tuple[object, ...]) -> tuple[dict[str, int], list[int]] | None:
        cols = locate(COLUMNS, cells)
        pick_cols = [
            i for i, c in enumerate(cells) if PICK_COLUMN.match(header_key(c)) and i not in cols.values()
        ]
        return (cols, pick_cols) if "serial" in cols and ("picks" in cols or pick_cols) else None

    return find_header(sheet, accept)


EXPECTED = (
    "Accepted headers: Serial (or Card #, Ticket, No.), Name (or Player), Stake (or Bet, Amount, Wager), "
    "Picks (one cell: 101, 104, 117) or Pick 1, Pick 2 …; optional Code (or Check, Verify), Received, Late."
)


def _serial(value: object, problem: Callable[[str | None, str], None]) -> int | None:
    """The serial of a row's Serial cell; None after saying why when it has none."""
    if value is None:
        problem("serial", "no serial. Accepted: the number printed on the card, e.g. 000123.")
        return None
    serial = parse_serial(text_of(value))
    if serial is None:
        problem(
            "serial",
            f'"{text_of(value)}" is not a serial. Accepted: the number printed on the card, e.g. 000123 or 123.',
        )
    return serial


def _row(
    file: str, sheet: Sheet, r: int, cols: dict[str, int], pick_cols: list[int], zone: ZoneInfo
) -> RawEntry | None:
    used = [*cols.values(), *pick_cols]
    if all(sheet.value(r, c) is None for c in used):
        return None
    problems: list[Problem] = []
    row = RowCells(file, sheet, r, cols, problems)
    cell, problem = row.cell, row.problem
    serial = _serial(cell("serial"), problem)
    stake = None
    try:
        stake = parse_stake(cell("stake")) if "stake" in cols else None
        if stake is None:
            problem(None, "no stake: the sheet has no Stake (or Bet, Amount, Wager) column.")
    except ValueError as exc:
        problem("stake", str(exc))
    picks = None
    pick_cells = ([cell("picks")] if "picks" in cols else []) + [sheet.value(r, c) for c in pick_cols]
    try:
        picks = parse_picks(pick_cells)
    except ValueError as exc:
        if "picks" in cols:
            problem("picks", str(exc))
        else:
            problems.append(Problem(cell_source(file, sheet.name, r, pick_cols[0], pick_cols[-1]), str(exc)))
    received = None
    if cell("received") is not None:
        try:
            received = parse_received(cell("received"), zone)
        except ValueError as exc:
            problem("received", str(exc))
    late = parse_flag(cell("late"))
    if late is None:
        problem("late", f'"{text_of(cell("late"))}" is not yes or no. Accepted: yes, y, x, late, or blank.')
    code = text_of(cell("code")) or None
    return RawEntry(
        source=row.source,
        serial=serial,
        code=code,
        name=text_of(cell("name")),
        stake=stake,
        picks=picks,
        received_at=received,
        late=bool(late),
        problems=tuple(problems),
    )
