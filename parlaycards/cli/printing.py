"""Printing commands: templates, print, calibrate (filled in by the printing work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    pass
