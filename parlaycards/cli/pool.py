"""Pool commands: entries, results, grading, payments."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    pass
