"""Spreadsheets as plain rows: openpyxl (read-only) for .xlsx/.xlsm, the csv module for .csv.

Also what every layout shares: problems with their cell, header keys, declared columns.
"""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from ..core.errors import ParlayError, Source
from ..core.text import folded, strip_invisible
from . import limits

T = TypeVar("T")
ACCEPTED_FILES = "Accepted: .xlsx or .xlsm (Excel) and .csv (comma-separated text)."
TEXT_SUFFIXES = {".csv", ".tsv", ".txt"}
EXCEL_SUFFIXES = {".xlsx", ".xlsm"}
DECIMAL_COMMA = re.compile(r"^\s*([+-]?\d+),(\d{1,2})\s*$", re.ASCII)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the sheet, at its place."""

    source: Source
    message: str

    def __str__(self) -> str:
        where = Source(sheet=self.source.sheet, row=self.source.row, cell=self.source.cell)
        return f"{where}: {self.message}" if str(where) else self.message

    def in_row(self) -> str:
        """The problem as said within its row's line: `cell C6: the stake "five" is not an amount.`"""
        if not self.source.cell:
            return self.message
        cells = "cells" if "–" in self.source.cell else "cell"
        return f"{cells} {self.source.cell}: {self.message}"

    def at_row(self) -> str:
        """The problem with its sheet, row and cell (the file said once above): `row 6, cell C6: …`."""
        where = str(Source(sheet=self.source.sheet, row=self.source.row))
        if not where:
            return self.in_row()
        return f"{where}, {self.in_row()}" if self.source.cell else f"{where}: {self.message}"


@dataclass(frozen=True)
class Sheet:
    """A sheet's cell values; `rows[0]` is row 1, column A is index 0. `name` is None for a CSV file."""

    name: str | None
    rows: tuple[tuple[object, ...], ...]
    hidden: bool = False
    struck: frozenset[int] = frozenset()  # rows (from 1) whose every value is struck through

    def value(self, row: int, col: int) -> object:
        cells = self.rows[row - 1] if 0 < row <= len(self.rows) else ()
        return cells[col] if 0 <= col < len(cells) else None


@dataclass(frozen=True)
class Workbook:
    file: str  # the file's name as users see it
    sheets: tuple[Sheet, ...]


@dataclass(frozen=True)
class RowCells:
    """One row of a sheet read by column name (`cols`: name → index from 0), its problems kept at their cell
    (or at the row, for a problem of no one cell)."""

    file: str
    sheet: Sheet
    row: int
    cols: Mapping[str, int]
    problems: list[Problem]

    def cell(self, name: str) -> object:
        return self.sheet.value(self.row, self.cols[name]) if name in self.cols else None

    def text(self, name: str) -> str:
        return text_of(self.cell(name))

    @property
    def source(self) -> Source:
        return Source(file=self.file, sheet=self.sheet.name, row=self.row)

    def problem(self, name: str | None, message: str) -> None:
        at = cell_source(self.file, self.sheet.name, self.row, self.cols[name]) if name else self.source
        self.problems.append(Problem(at, message))


def whole_of(value: object, most: int | None = None) -> int | None:
    """A cell's whole number: an int, a float with no fraction, or digits 0–9 as text (`12`, `12.0`; `most`:
    at most that many digits); None otherwise (a bool is no number)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    digits = r"[0-9]+" if most is None else rf"[0-9]{{1,{most}}}"  # plain digits: never "١٢" or "１２"
    m = re.fullmatch(rf"({digits})(?:\.0+)?", " ".join(str(value).split()) if value is not None else "")
    return int(m.group(1)) if m else None


def cell_source(file: str, sheet: str | None, row: int, col: int, last: int | None = None) -> Source:
    """Where a cell is (`col` counted from 0); with `last`, the run of cells from `col` to `last`."""
    letter = column_letter(col)
    cell = f"{letter}{row}" if last is None else f"{letter}{row}–{column_letter(last)}{row}"
    return Source(file=file, sheet=sheet, row=row, column=letter, cell=cell)


def column_letter(col: int) -> str:
    """0 → A, 25 → Z, 26 → AA (openpyxl's letters, counted from 0)."""
    from openpyxl.utils import get_column_letter

    return str(get_column_letter(col + 1))


# How sheets say yes and no in a flag column (Late, Paid, Neutral …); each reader adds its own words.
YES = frozenset({"yes", "y", "x", "true", "1", "✓", "✔"})
NO = frozenset({"no", "n", "false", "0", "-"})


def flag(value: object, yes: Iterable[str] = (), no: Iterable[str] = ()) -> bool | None:
    """True / False for a yes / no cell (blank is no), None for anything else."""
    t = text_of(value).casefold()
    if t == "" or t in NO or t in no:
        return False
    if t in YES or t in yes:
        return True
    return None


def text_of(value: object) -> str:
    """A cell as text: stripped, whole numbers without `.0`, blank for None."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return re.sub(r"\s+", " ", strip_invisible(str(value).replace("\u00a0", " "))).strip()


def header_key(text: object) -> str:
    """How header names are compared: case, accents, spacing, punctuation and `(notes)` ignored."""
    t = folded(text_of(text))
    t = re.sub(r"\(.*?\)", "", t)
    return re.sub(r"[^0-9a-z#/&@]", "", t)


@dataclass(frozen=True)
class Column:
    """A column a layout reads: our name, the name users see, and the header names accepted for it."""

    name: str
    label: str
    aliases: tuple[str, ...]

    def keys(self) -> tuple[str, ...]:
        return tuple(header_key(a) for a in (self.label, *self.aliases))


def locate(columns: Sequence[Column], cells: Sequence[object]) -> dict[str, int]:
    """Find each declared column in a header row (first matching alias wins; a cell serves one column)."""
    keys = [header_key(c) for c in cells]
    found: dict[str, int] = {}
    for column in columns:
        for key in column.keys():
            if key in keys and keys.index(key) not in found.values():
                found[column.name] = keys.index(key)
                break
    return found


def repeated(columns: Sequence[Column], cells: Sequence[object]) -> tuple[Column, int, int] | None:
    """A declared column whose header is written twice in one header row (two Serial columns, Picks and
    Picks, Away and Visitor): the column and the two cells (counted from 0); None when every column is
    headed once. Reading one and leaving the other would read half the sheet in silence."""
    keys = [header_key(c) for c in cells]
    for column in columns:
        hits = [i for i, k in enumerate(keys) if k and k in column.keys()]
        if len(hits) >= 2:
            return column, hits[0], hits[1]
    return None


def refuse_repeated(file: str, sheet: Sheet, header_row: int, columns: Sequence[Column], what: str) -> None:
    """ParlayError when a column of `columns` is headed twice in the sheet's header row."""
    cells = sheet.rows[header_row - 1]
    twice = repeated(columns, cells)
    if twice is None:
        return
    column, first, second = twice
    a, b = column_letter(first), column_letter(second)
    raise ParlayError(
        f'column {a} ("{text_of(cells[first])}") and column {b} ("{text_of(cells[second])}") would both be '
        f"read as the {what}'s {column.label}, so which one to read is not clear and nothing was imported. "
        "Keep one of them, or rename the other.",
        Source(file=file, sheet=sheet.name, row=header_row, column=a, cell=f"{a}{header_row}"),
    )


def refuse_hidden(file: str, sheet: Sheet, header_row: int, what: str) -> None:
    """ParlayError for a hidden sheet that holds `what` (its header found at `header_row`): rows nobody
    sees on screen are never stored without a word."""
    count = sum(1 for r in sheet.rows[header_row:] if any(v is not None for v in r))
    raise ParlayError(
        f'sheet "{sheet.name}" is hidden and holds {what} ({count} row{"s" if count != 1 else ""} under '
        f"its header, row {header_row}); hidden rows are not imported without a word, so nothing was. "
        "Unhide it to import it (in Excel: right-click a sheet tab → Unhide), or delete it.",
        Source(file=file, sheet=sheet.name, row=header_row),
    )


HEADER_ROWS = 20  # every reader looks for its header row this far down each sheet


def headed_sheets(
    book: Workbook,
    header_of: Callable[[Sheet], tuple[int, T] | None],
    columns: Sequence[Column],
    what: tuple[str, str],
    expected: str,
) -> list[tuple[Sheet, int, T]]:
    """Each sheet whose header `header_of` finds: (sheet, header row, what it made of the header), each
    refused when it heads a column twice or is hidden (`what`: a row's word and the rows' word, `entry`
    and `entries`); a ParlayError naming the likeliest header when no sheet has one."""
    found = []
    for sheet in book.sheets:
        header = header_of(sheet)
        if header is None:
            continue
        header_row, got = header
        refuse_repeated(book.file, sheet, header_row, columns, what[0])
        if sheet.hidden:
            refuse_hidden(book.file, sheet, header_row, what[1])
        found.append((sheet, header_row, got))
    if not found:
        problem = no_header(book.file, book.sheets, expected)
        raise ParlayError(f"{problem.source}: {problem.message}")
    return found


def find_header(sheet: Sheet, accept: Callable[[tuple[object, ...]], T | None]) -> tuple[int, T] | None:
    """The first of a sheet's top rows that `accept` takes as its header: (row number, what it made of
    it). Title rows, blank rows and notes above the header are passed over."""
    for number, cells in enumerate(sheet.rows[:HEADER_ROWS], start=1):
        found = accept(cells)
        if found is not None:
            return number, found
    return None


def no_header(file: str, sheets: Sequence[Sheet], expected: str, hint: str = "") -> Problem:
    """The one message for sheets without the header a reader needs: where the likeliest header
    row is and what it says, and what is expected."""
    best: tuple[int, Sheet | None, int, list[str]] = (0, None, 0, [])
    for sheet in sheets:
        for number, cells in enumerate(sheet.rows[:HEADER_ROWS], start=1):
            texts = [text_of(v) for v in cells if isinstance(v, str) and text_of(v)]
            if len(texts) > best[0]:
                best = (len(texts), sheet, number, texts)
    count, likeliest, number, texts = best
    if not count:
        found = f"none of the first {HEADER_ROWS} rows has column names"
        likeliest = sheets[0] if len(sheets) == 1 else None
    else:
        found = f"the likeliest header, row {number}, has " + ", ".join(f'"{t}"' for t in texts[:12])
    return Problem(
        Source(file, likeliest.name if likeliest else None), f"no header row found: {found}. {expected}{hint}"
    )


PDF_HINTS = {
    "lines": "Type the lines into the blank template (parlaycards export ⟨blank⟩) or ask for the spreadsheet.",
    "entries": (
        "Filled cards are read with `parlaycards scan SLUG FILE.pdf`; entries typed into a sheet need its "
        "Serial, Name, Stake and Picks columns."
    ),
    "results": (
        "Scores are read from a sheet with Away, Home and the two scores, or fetched with "
        "`parlaycards result fetch SLUG`."
    ),
    "pickem": (
        "Pick'em entries are read from a sheet with a Name column and one column per game (or a Picks "
        "cell), and a Tiebreaker."
    ),
}


FILE_WORDS = {
    "lines": "lines file",
    "entries": "entries sheet",
    "results": "scores sheet",
    "pickem": "pick'em sheet",
}


def open_workbook(path: Path, what: str = "lines") -> Workbook:
    """Read every sheet of an .xlsx/.xlsm/.csv file; anything else is a ParlayError saying what it is
    (`what` the file should hold, `PDF_HINTS`, says where a PDF goes instead)."""
    if not path.exists():
        raise ParlayError(f"{path}: there is no such file. Check the name and folder ({ACCEPTED_FILES})")
    if path.is_dir():
        raise ParlayError(
            f"{path} is a folder, not a file: give the {FILE_WORDS[what]} itself, a file inside it. {ACCEPTED_FILES}"
        )
    data = limits.read_bounded(path, limits.MAX_SHEET_BYTES, "spreadsheets", ACCEPTED_FILES)
    name = path.name
    if not data:
        raise ParlayError(f"{name} is empty (0 bytes). {ACCEPTED_FILES}")
    if data.startswith(b"%PDF"):
        raise ParlayError(f"{name} is a PDF, not a spreadsheet. {ACCEPTED_FILES} {PDF_HINTS[what]}")
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        raise ParlayError(
            f"{name} is an old-style Excel 97–2003 workbook (or a password-protected one), which "
            "cannot be read. Open it in Excel or LibreOffice and save it as .xlsx (without a password)."
        )
    if data.startswith(b"PK"):
        return _excel(path, data)
    suffix = path.suffix.lower()
    if suffix in EXCEL_SUFFIXES:
        kind = "a text file" if _is_text(data) else "not a file Excel wrote"
        raise ParlayError(
            f"{name} is not an Excel workbook: it is {kind} with an {suffix} name. {ACCEPTED_FILES} "
            "If it is comma-separated text, rename it to .csv."
        )
    if suffix not in TEXT_SUFFIXES:
        raise ParlayError(f"{name}: cannot read a {suffix or 'nameless'} file. {ACCEPTED_FILES}")
    if not _is_text(data):
        raise ParlayError(f"{name} is not a text (CSV) file. {ACCEPTED_FILES}")
    return Workbook(name, (Sheet(None, _csv_rows(data, name)),))


def _utf16(data: bytes) -> bool:
    """Text Excel saved as "Unicode Text": UTF-16 with its byte-order mark."""
    return data[:2] in (b"\xff\xfe", b"\xfe\xff")


def _is_text(data: bytes) -> bool:
    return _utf16(data) or b"\x00" not in data[:4096]


def _csv_rows(data: bytes, name: str) -> tuple[tuple[object, ...], ...]:
    text = ""
    for encoding in (
        ("utf-16", "utf-8-sig", "cp1252", "latin-1") if _utf16(data) else ("utf-8-sig", "cp1252", "latin-1")
    ):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    # the separator the file uses: the one its busiest line among the first rows (title lines above a
    # header have none) uses most
    top = [line for line in text.splitlines()[:HEADER_ROWS] if line.strip()]
    delimiter = max(",;\t|", key=lambda d: max((line.count(d) for line in top), default=0))
    rows = limits.csv_rows(text, delimiter, name)
    if delimiter == ";":  # Excel in a decimal-comma locale: -2,5 is -2.5 (1,000 stays as written)
        return _trim(tuple(DECIMAL_COMMA.sub(r"\1.\2", v) for v in row) for row in rows)
    return _trim(tuple(row) for row in rows)


def _excel(path: Path, data: bytes) -> Workbook:
    from openpyxl import load_workbook  # heavy: only when a workbook is read

    name = path.name
    names = limits.check_xlsx_archive(name, data)  # size, damage and DTDs, before openpyxl unpacks anything
    if "xl/workbook.xml" not in names:
        what = (
            "an OpenDocument spreadsheet"
            if "content.xml" in names
            else "a zip file but not an Excel workbook"
        )
        raise ParlayError(
            f"{name} is {what}. {ACCEPTED_FILES} Save it from your spreadsheet program as .xlsx."
        )
    try:
        with warnings.catch_warnings():  # "no default style", "extension is not supported": nothing to say
            warnings.simplefilter("ignore")
            book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds on malformed parts
        raise ParlayError(
            f"{name} could not be read as an Excel workbook ({type(exc).__name__}: {str(exc)[:160]}). "
            "Open it in Excel and save it again as .xlsx."
        ) from None
    try:
        sheets = []
        for ws in book.worksheets:
            # the cells as the XML holds them, bounded: never a stored size that claims a million rows
            struck: set[int] = set()
            hidden: set[int] = set()
            rows = _trim(limits.sheet_rows(ws, name, struck, hidden))
            if hidden and ws.sheet_state == "visible":
                _refuse_hidden_rows(name, ws.title, sorted(hidden))
            sheets.append(Sheet(ws.title, rows, hidden=ws.sheet_state != "visible", struck=frozenset(struck)))
    finally:
        book.close()
    return Workbook(name, tuple(sheets))


def _refuse_hidden_rows(file: str, sheet: str, rows: list[int]) -> None:
    """ParlayError for a sheet whose hidden rows hold values: nobody sees them on the screen, so they are
    neither read without a word nor passed over."""
    shown = ", ".join(map(str, rows[:8])) + (", …" if len(rows) > 8 else "")
    said = f"rows {shown} are hidden and hold" if len(rows) > 1 else f"row {shown} is hidden and holds"
    them = "them" if len(rows) > 1 else "it"
    raise ParlayError(
        f'{file}, sheet "{sheet}": {said} values; hidden rows are not imported without a word, so nothing '
        f"was. Unhide {them} (or delete {them}) in your spreadsheet program and import again."
    )


def _trim(rows: Iterable[tuple[object, ...]]) -> tuple[tuple[object, ...], ...]:
    """Rows with blank text made None and trailing blank rows dropped."""
    out = [tuple(None if isinstance(v, str) and not v.strip() else v for v in row) for row in rows]
    while out and all(v is None for v in out[-1]):
        out.pop()
    return tuple(out)
