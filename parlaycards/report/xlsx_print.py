"""How every workbook we write prints from a spreadsheet program: landscape, one page wide (as many
pages tall as it needs), the header row repeated on every page, narrow margins."""

from __future__ import annotations

from typing import Any


def print_setup(
    ws: Any, header_row: int | None = None
) -> None:  # an openpyxl worksheet (openpyxl ships no types)
    """Set `ws` (normal or write-only; before its rows are written) to print landscape, fitted to one
    page width, with row `header_row` (when given) repeated at the top of every page."""
    from openpyxl.worksheet.page import PageMargins

    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0  # as many pages tall as the rows need
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_margins = PageMargins(left=0.4, right=0.4, top=0.5, bottom=0.5, header=0.3, footer=0.3)
    ws.print_options.horizontalCentered = True
    if header_row is not None:
        ws.print_title_rows = f"{header_row}:{header_row}"
