"""The CLI as a whole: fast start, help with examples, the generated reference kept fresh."""

import subprocess
import sys
from pathlib import Path

import pytest

from parlaycards.cli.reference import commands, help_text, reference_markdown

HEAVY = (
    "sqlalchemy",
    "reportlab",
    "openpyxl",
    "pydantic",
    "pypdf",
    "rich.table",
    "parlaycards.store",
    "parlaycards.core.models",
)


def test_cli_module_imports_no_heavy_library():
    code = f"import sys, parlaycards.cli.main; print(','.join(m for m in {HEAVY!r} if m in sys.modules))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert loaded == ""


@pytest.mark.parametrize("chain", commands(), ids=lambda c: " ".join(n for n, _ in c))
def test_every_command_has_help_with_an_example(chain):
    text = help_text(chain)
    assert "Example: parlaycards" in text or "Example:\n" in text, text


def test_every_command_is_in_the_reference():
    doc = Path(__file__).parents[1] / "docs" / "cli.md"
    assert doc.exists(), "docs/cli.md is missing: python -m parlaycards.cli.reference > docs/cli.md"
    text = doc.read_text(encoding="utf-8")
    for chain in commands():
        assert f"## {' '.join(n for n, _ in chain)}\n" in text


def test_reference_is_not_stale():
    doc = Path(__file__).parents[1] / "docs" / "cli.md"
    assert doc.read_text(encoding="utf-8") == reference_markdown(), (
        "docs/cli.md is stale: regenerate with python -m parlaycards.cli.reference > docs/cli.md"
    )
