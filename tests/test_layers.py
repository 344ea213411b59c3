"""Layering rules a reader can rely on: option spellings live in cli/ only."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "parlaycards"
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_no_message_outside_the_cli_spells_a_flag():
    """Services named CLI flags in their messages; they name options with `core.errors.option` instead, and
    the CLI spells them. (Text printed on paper, such as the calibration sheet's instructions, is not a message.)"""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in ("cli", "demo"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and node.exc is not None:
                found += [
                    f"{rel}:{node.lineno}: {s.strip()[:60]}" for s in _strings(node.exc) if FLAG.search(s)
                ]
            elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                "ParlayError",
                "RefusedError",
                "NotFoundError",
                "Problem",
            ):
                found += [f"{rel}:{node.lineno}: {s.strip()[:60]}" for s in _strings(node) if FLAG.search(s)]
    assert found == []
