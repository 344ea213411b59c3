"""The boundary every file a user hands the tool crosses: each reader bounded, and each stop said.

Spreadsheets (xlsx: its zip directory's unpacked size, its XML, its rows, columns and cells; CSV: its
size, fields, rows), JSON feeds (size, depth, finite numbers), TOML templates (size, UTF-8, depth),
images (format and pixels, read from the header before anything is decoded) and PDFs (pages and the
pixels they would render to). Every refusal is a `LimitError`: one paragraph naming the file (and the
sheet, row or cell) and what is accepted. Nothing here writes anything.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import tomllib
import warnings
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..core.errors import LimitError

MB = 1024 * 1024
MAX_SHEET_BYTES = 64 * MB  # an .xlsx or .csv file as it is on disk
MAX_UNPACKED = 128 * MB  # everything inside an .xlsx, as its zip directory says (what zipfile will give)
MAX_PARTS = 2_000  # files inside one .xlsx
MAX_ROWS = 200_000  # rows of one sheet that may hold a value
MAX_COLS = 1_024  # columns of one sheet that may hold a value (A … AMJ)
MAX_CELLS = 10_000_000  # rows × columns of one sheet once read (what its rows hold in memory)
MAX_CELL_CHARS = 32_767  # Excel's own limit for one cell
MAX_JSON_BYTES = 32 * MB
MAX_DEPTH = 64  # JSON nesting (a feed is 6 or 7 deep)
MAX_TOML_BYTES = 256 * 1024
MAX_TOML_DEPTH = 8
XML_DTD = re.compile(rb"<!(DOCTYPE|ENTITY)", re.IGNORECASE)
EXCEL_LETTERS = "A–AMJ"


def size_text(n: int) -> str:
    return f"{n / MB:,.0f} MB" if n >= MB else f"{n / 1024:,.0f} KB"


def _letter(col: int) -> str:
    """1 → A, 16384 → XFD (counted from 1, as the sheet's XML counts)."""
    out = ""
    while col > 0:
        col, r = divmod(col - 1, 26)
        out = chr(65 + r) + out
    return out


def read_bounded(path: Path, limit: int, what: str, accepted: str = "") -> bytes:
    """The bytes of `path`, refusing a file over `limit` before reading it (a special file — a pipe,
    a device — is read no further than the limit)."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise LimitError(f"{path}: cannot be read ({exc.strerror or exc}).") from None
    if size > limit:
        raise LimitError(
            f"{path.name} is {size_text(size)}; parlaycards reads {what} of up to {size_text(limit)}. {accepted}".strip()
        )
    with path.open("rb") as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise LimitError(
            f"{path.name} is larger than {size_text(limit)}, the most parlaycards reads of {what}."
        )
    return data


# ------------------------------------------------------------------------------------------------ xlsx


def check_xlsx_archive(name: str, data: bytes) -> set[str]:
    """Refuse a workbook whose zip is damaged, unpacks to more than MAX_UNPACKED (read from its directory,
    which bounds what zipfile will ever give), or whose XML declares a DTD or entities (an entity bomb,
    or an external entity): an Excel file never does. Returns the names of its parts."""
    damaged = (
        f"{name} is damaged or incomplete: it could not be unzipped (an .xlsx file is a zip). "
        "Download it again, or open it in Excel and save it again."
    )
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
            if len(infos) > MAX_PARTS:
                raise LimitError(
                    f"{name} holds {len(infos):,} files inside; an Excel workbook holds at most a few hundred "
                    f"(parlaycards reads up to {MAX_PARTS:,}). Open it in Excel and save it again as .xlsx."
                )
            unpacked = sum(i.file_size for i in infos)
            if unpacked > MAX_UNPACKED:
                raise LimitError(
                    f"{name} unpacks to {size_text(unpacked)}, more than the {size_text(MAX_UNPACKED)} parlaycards reads "
                    f"({MAX_ROWS:,} rows is far less). Remove what the sheet does not need, or split it into files."
                )
            for info in infos:
                _check_part(archive, info, name)
            return {i.filename for i in infos}
    except LimitError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError):
        raise LimitError(damaged) from None
    except NotImplementedError:  # a compression method Excel does not use
        raise LimitError(
            f"{name} is packed in a way Excel does not write. Open it in Excel and save it again as .xlsx."
        ) from None
    except RuntimeError:  # an encrypted zip
        raise LimitError(
            f"{name} is password-protected. Save it again from Excel without a password."
        ) from None


def _check_part(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str) -> None:
    """Unpack one part (the CRC is checked at its end); an XML part must not declare a DTD."""
    xml = info.filename.endswith((".xml", ".rels", ".vml"))
    tail = b""
    with archive.open(info) as fh:
        while chunk := fh.read(1 << 20):
            if xml and XML_DTD.search(tail + chunk):
                raise LimitError(
                    f"{name}: its part {info.filename} declares a DTD or entities, which an Excel file never "
                    "does (it may be built to exhaust memory). Open it in Excel and save it again as .xlsx."
                )
            tail = chunk[-16:]


def _check_row(where: str, idx: int, values: dict[int, object], before: int) -> None:
    """Row `idx` (its values by column) within MAX_ROWS and MAX_COLS, after the `before` rows read, and no
    cell over MAX_CELL_CHARS."""
    last = max(values)
    if idx > MAX_ROWS or last > MAX_COLS:
        col = last if last > MAX_COLS else min(values)
        raise LimitError(
            f"{where}, cell {_letter(col)}{idx}: holds a value beyond what parlaycards reads "
            f"({MAX_ROWS:,} rows and {MAX_COLS:,} columns, {EXCEL_LETTERS}, per sheet). Delete "
            "what lies beyond the table (select the rows or columns, Delete), or split the file."
        )
    if idx <= before:
        raise LimitError(
            f"{where}, row {idx}: appears twice or out of order in the file, which Excel never "
            "writes. Open it in Excel and save it again as .xlsx."
        )
    for col, value in values.items():
        if isinstance(value, str) and len(value) > MAX_CELL_CHARS:
            raise LimitError(
                f"{where}, cell {_letter(col)}{idx}: holds {len(value):,} characters; a cell "
                f"holds at most {MAX_CELL_CHARS:,}."
            )


def _refuse_errors(where: str, idx: int, cells: list[dict[str, Any]]) -> None:
    """A cell holding one of Excel's errors (#N/A, #REF!, #NAME?, …, a formula that failed) is no value:
    never read as a team, a name or a number."""
    for c in cells:
        if c.get("data_type") == "e" and c.get("value") is not None:
            raise LimitError(
                f"{where}, cell {_letter(int(c['column']))}{idx}: holds Excel's error {c['value']} (a formula "
                "that could not be worked out). Mend the formula or type the value, save, and import again."
            )


def sheet_rows(
    ws: Any, name: str, struck: set[int] | None = None, hidden: set[int] | None = None
) -> tuple[tuple[object, ...], ...]:
    """The values of a read-only openpyxl worksheet as rows (row 1 first, column A at index 0), read
    straight from its XML with bounds: a value beyond MAX_ROWS rows or MAX_COLS columns, a cell over
    MAX_CELL_CHARS, or more than MAX_CELLS in all is refused naming the cell — never an import that
    runs on through a million empty rows. Blank cells (styled, or holding "") anywhere are not values.
    `struck` gathers the rows whose every value is struck through (a bookmaker's game off the board),
    `hidden` the rows holding values that Excel hides."""
    from openpyxl.worksheet._reader import WorkSheetParser

    book = ws.parent
    where = f'{name}, sheet "{ws.title}"'
    rows: list[tuple[object, ...]] = []
    held = 0
    try:
        with ws._get_source() as src, warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")  # openpyxl's warnings are kept, never printed: see _refuse_said
            parser = WorkSheetParser(
                src,
                ws._shared_strings,
                data_only=book.data_only,
                epoch=book.epoch,
                date_formats=book._date_formats,
                timedelta_formats=book._timedelta_formats,
            )
            for idx, cells in parser.parse():
                values = {
                    int(c["column"]): c["value"]
                    for c in cells
                    if c["value"] is not None and not (isinstance(c["value"], str) and not c["value"].strip())
                }
                _refuse_said(where, said)
                if not values:
                    continue
                _refuse_errors(where, idx, cells)
                if struck is not None and all(_struck(book, c) for c in cells if int(c["column"]) in values):
                    struck.add(idx)
                if hidden is not None and parser.row_dimensions.get(str(idx), {}).get("hidden") in (
                    "1",
                    "true",
                ):
                    hidden.add(idx)
                last = max(values)
                _check_row(where, idx, values, len(rows))
                held += last + (idx - 1 - len(rows))
                if held > MAX_CELLS:
                    raise LimitError(
                        f"{where}: more than {MAX_CELLS:,} cells up to row {idx}; parlaycards reads sheets "
                        "smaller than that. Remove what the sheet does not need, or split it into files."
                    )
                rows.extend(() for _ in range(idx - 1 - len(rows)))
                row: list[object] = [None] * last
                for col, value in values.items():
                    row[col - 1] = value
                rows.append(tuple(row))
    except LimitError:
        raise
    except RecursionError:
        raise LimitError(f"{where}: its XML is nested too deep to be a sheet Excel wrote.") from None
    except Exception as exc:  # noqa: BLE001 - cut XML, a bad number, a missing part: the file is damaged
        raise LimitError(
            f"{where} is damaged and could not be read ({type(exc).__name__}: {str(exc)[:120]}). Open it "
            "in Excel and save it again as .xlsx."
        ) from None
    return tuple(rows)


# openpyxl's warning for a cell formatted as a date whose number is past Excel's last day (it shows ####)
_NO_DATE = re.compile(
    r"Cell ([A-Z]{1,3}[0-9]+) is marked as a date but the serial value (\S{1,40}) is outside"
)


def _refuse_said(where: str, said: list[warnings.WarningMessage]) -> None:
    """LimitError, in the tool's words, for a cell openpyxl warned of as a date out of range (it would read
    as Excel's error #VALUE!); its other warnings say nothing about the values and are dropped."""
    for w in said:
        m = _NO_DATE.match(str(w.message))
        if m:
            raise LimitError(
                f"{where}, cell {m[1]}: is formatted as a date, but its number {m[2]} is past any date Excel "
                "shows (the cell shows ####). Type the date (e.g. 2026-11-22) or the number it should "
                "hold, save, and import again."
            )
    said.clear()


def _struck(book: Any, cell: dict[str, Any]) -> bool:
    """The cell's font is struck through."""
    try:
        return bool(book._fonts[book._cell_styles[int(cell.get("style_id") or 0)].fontId].strike)
    except (IndexError, KeyError, ValueError, TypeError, AttributeError):
        return False


# ------------------------------------------------------------------------------------------------- CSV


def csv_rows(text: str, delimiter: str, name: str) -> Iterator[list[str]]:
    """The rows of CSV text, bounded: a field over MAX_CELL_CHARS, more than MAX_ROWS rows or
    MAX_COLS columns is refused naming the row."""
    old = csv.field_size_limit(MAX_CELL_CHARS)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for number, row in enumerate(reader, start=1):
            if number > MAX_ROWS and any(v.strip() for v in row):
                raise LimitError(
                    f"{name}, row {number:,}: beyond the {MAX_ROWS:,} rows parlaycards reads from one file. "
                    "Split it into files."
                )
            if len(row) > MAX_COLS and any(v.strip() for v in row[MAX_COLS:]):
                raise LimitError(
                    f"{name}, row {number:,}: has {len(row):,} columns; parlaycards reads up to {MAX_COLS:,}."
                )
            yield row
    except csv.Error as exc:
        said = str(exc)
        what = (
            f"a cell longer than {MAX_CELL_CHARS:,} characters (the most a cell holds; often a quote "
            'mark " left open, which runs the cell on to the end of the file)'
            if "field larger" in said
            else f"it cannot be read as comma-separated text ({said})"
        )
        raise LimitError(f"{name}, row {reader.line_num:,}: {what}.") from None
    finally:
        csv.field_size_limit(old)


# ------------------------------------------------------------------------------------------------ JSON


def load_json(body: bytes, source: str, expected: str) -> Any:
    """JSON of a feed response or a saved file: at most MAX_JSON_BYTES and MAX_DEPTH deep, numbers
    finite (NaN, Infinity and numbers past a float refused). Text that is not JSON is a `ValueError`
    (the caller says what it expected); anything past a limit is a `LimitError`."""
    if len(body) > MAX_JSON_BYTES:
        raise LimitError(
            f"{source}: {size_text(len(body))} of JSON, more than the {size_text(MAX_JSON_BYTES)} parlaycards reads; "
            f"nothing was changed. Expected {expected}."
        )
    text = body.decode("utf-8-sig")  # UnicodeDecodeError is a ValueError: not JSON
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except _NotFinite as exc:
        raise LimitError(
            f"{source}: the JSON holds {exc}, which is not a number parlaycards accepts (finite numbers "
            f"only); nothing was changed. Expected {expected}."
        ) from None
    except RecursionError:
        data = None
        deep = True
    else:
        deep = _depth(data) > MAX_DEPTH
    if deep:
        raise LimitError(
            f"{source}: the JSON is nested more than {MAX_DEPTH} deep, which no feed is; nothing was "
            f"changed. Expected {expected}."
        )
    return data


class _NotFinite(Exception):  # not a ValueError: json.loads must not take it for "not JSON"
    pass


def _no_constant(word: str) -> Any:
    raise _NotFinite(word)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text[:40])
    return value


def _depth(data: Any) -> int:
    """How deep lists and objects nest (without recursion: a deep value cannot exhaust the stack)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict):
            items = list(value.values())
        elif isinstance(value, list):
            items = value
        else:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((v, level + 1) for v in items)
    return deepest


# ------------------------------------------------------------------------------------------------ TOML


def load_toml(data: bytes, source: str) -> dict[str, Any]:
    """A template's TOML: at most MAX_TOML_BYTES, UTF-8, at most MAX_TOML_DEPTH deep."""
    accepted = "See `parlaycards templates` for the shipped ones."
    if len(data) > MAX_TOML_BYTES:
        raise LimitError(
            f"{source}: {size_text(len(data))}, more than the {size_text(MAX_TOML_BYTES)} a template may be. {accepted}"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LimitError(
            f"{source}: not UTF-8 text (byte {exc.start + 1:,} cannot be read). Save it as UTF-8. {accepted}"
        ) from None
    try:
        parsed = tomllib.loads(text)
    except RecursionError:
        parsed = None
    except tomllib.TOMLDecodeError as exc:
        raise LimitError(f"{source}: not a TOML file ({exc}). {accepted}") from None
    if parsed is None or _depth(parsed) > MAX_TOML_DEPTH:
        raise LimitError(
            f"{source}: nested more than {MAX_TOML_DEPTH} deep, which no template is. {accepted}"
        )
    return parsed
