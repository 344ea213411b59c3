"""The one cell writer behind every xlsx and CSV file the tool writes: text is always text.

Text a spreadsheet would take for a formula (starting with = + - @, or a tab or carriage return
before one) is written as a string with Excel's quote prefix (xlsx) or an apostrophe in front (CSV),
so a team or player named `=HYPERLINK(…)` is shown as written, never run. Characters an xlsx file
cannot hold (control codes) are left out rather than stop the whole report.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from typing import Any

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def looks_like_formula(text: str) -> bool:
    """True for text a spreadsheet would run, but not for a plain signed number (-3.5, +7)."""
    if not text.startswith(FORMULA_START):
        return False
    try:
        return not Decimal(text).is_finite()
    except InvalidOperation:
        return True


def csv_value(value: object) -> object:
    """A CSV field that a spreadsheet shows as written."""
    if isinstance(value, str) and looks_like_formula(value):
        return "'" + value
    return value


def csv_row(values: Iterable[object]) -> list[object]:
    return [csv_value(v) for v in values]


def _clean(text: str) -> str:
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    return str(ILLEGAL_CHARACTERS_RE.sub("", text))


def mark(cell: Any) -> Any:
    """Make an openpyxl cell (write-only or not) holding text hold it as a string, never a formula."""
    if isinstance(cell.value, str):
        text = _clean(cell.value)
        if text != cell.value:
            cell.value = text
        cell.data_type = "s"
        if text.startswith(FORMULA_START):
            cell.quotePrefix = True
    return cell


def xlsx_cell(ws: Any, value: object) -> Any:
    """A write-only cell holding `value` (text as text)."""
    from openpyxl.cell import WriteOnlyCell

    if isinstance(value, str):
        value = _clean(value)
    return mark(WriteOnlyCell(ws, value=value))


def xlsx_row(ws: Any, values: Iterable[object]) -> list[object]:
    """A row for a write-only sheet's `append`: every value a cell through `mark` (None stays empty)."""
    from openpyxl.cell.cell import Cell  # what WriteOnlyCell makes

    return [mark(v) if isinstance(v, Cell) else xlsx_cell(ws, v) if isinstance(v, str) else v for v in values]


def put(ws: Any, row: int, col: int, value: object) -> Any:
    """Write one cell of an ordinary sheet (text as text)."""
    cell = ws.cell(row=row, column=col)
    cell.value = _clean(value) if isinstance(value, str) else value
    return mark(cell)
