"""Saving an openpyxl workbook: on failure (a full disk) nothing of it is left open to complain later."""

from __future__ import annotations

from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any


def save_book(wb: Any, path: Path) -> None:
    """Save `wb` (an openpyxl Workbook, write-only or not) to `path`, as `wb.save` does. When the writing
    fails, the archive and every write-only sheet's writer are closed (and its temporary file removed)
    before the error goes on: none is left for the garbage collector to close, which would print
    "Exception ignored in ZipFile.__del__" tracebacks on stderr."""
    from zipfile import ZIP_DEFLATED, ZipFile

    from openpyxl.writer.excel import ExcelWriter

    if wb.write_only and not wb.worksheets:
        wb.create_sheet()
    archive = ZipFile(path, "w", ZIP_DEFLATED, allowZip64=True)
    try:
        wb.properties.modified = datetime.now(UTC).replace(tzinfo=None)
        ExcelWriter(wb, archive).save()
    except BaseException:
        _close_sheets(wb)
        with suppress(Exception):
            archive.close()  # its file is let go even when the last write fails
        raise


def _close_sheets(wb: Any) -> None:
    """Close the row streams and temporary files of a write-only workbook's sheets, errors and all."""
    for ws in wb.worksheets:
        rows, writer = getattr(ws, "_rows", None), getattr(ws, "_writer", None)
        if rows is not None:
            with suppress(Exception):
                rows.close()
        if writer is not None:
            with suppress(Exception):
                writer.close()
            with suppress(Exception):
                writer.cleanup()
