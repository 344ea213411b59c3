"""What every workbook we write must say to a spreadsheet program about printing it."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook


def print_setups(path: Path) -> dict[str, tuple]:
    """sheet → (orientation, fit to page, pages wide, pages tall, repeated rows) as a spreadsheet reads them."""
    wb = load_workbook(path)
    return {
        ws.title: (
            ws.page_setup.orientation,
            ws.sheet_properties.pageSetUpPr.fitToPage if ws.sheet_properties.pageSetUpPr else None,
            ws.page_setup.fitToWidth,
            ws.page_setup.fitToHeight,
            ws.print_title_rows,
        )
        for ws in wb.worksheets
    }


def one_page_wide(header_row: int | None) -> tuple:
    return ("landscape", True, 1, 0, f"${header_row}:${header_row}" if header_row else None)
