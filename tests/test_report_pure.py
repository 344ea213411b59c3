"""report/: the builders are pure (they import the core and each other, never a database, a file reader,
a feed or a shell); the writers draw what a builder returns."""

from __future__ import annotations

import ast
from pathlib import Path

from parlaycards.report.table import Table, rich_table

REPORT = Path(__file__).resolve().parent.parent / "parlaycards" / "report"
# the modules that write (a file, a workbook, a PDF, the terminal): they may use io/'s atomic output
WRITERS = {
    "card_xlsx",
    "cells",
    "csv_out",
    "grade_pdf",
    "grade_xlsx",
    "pickem_xlsx",
    "xlsx_print",
    "card_terminal",
}


def _runtime_imports(tree: ast.Module) -> list[str]:
    """Relative imports a module makes when it runs (those under `if TYPE_CHECKING:` only name types)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            found.append("." * node.level + (node.module or ""))
    return found


def test_builders_import_only_the_core_and_each_other():
    reached = {}
    for path in sorted(REPORT.glob("*.py")):
        if path.stem in WRITERS or path.stem == "__init__":
            continue
        bad = [
            m
            for m in _runtime_imports(ast.parse(path.read_text(encoding="utf-8")))
            if not (
                m.startswith("..core")
                or m.startswith("..layout")
                or (m.startswith(".") and not m.startswith(".."))
            )
        ]
        if bad:
            reached[path.stem] = bad
    assert reached == {}


def test_a_table_is_drawn_as_built():
    from rich.console import Console

    table = Table(
        ("Name", "Paid"), (("Ann", "$5.00"), ("[b]Bo", "why\n[entered]")), title="Entries", emphasis=(0,)
    )
    console = Console(width=40, record=True, color_system=None)
    console.print(rich_table(table))
    out = console.export_text()
    assert out.splitlines()[0].startswith("Entries")
    assert "Ann" in out and "$5.00" in out
    assert "[b]Bo" in out and "[entered]" in out  # text as written, not rich markup (`review --all`'s status)
