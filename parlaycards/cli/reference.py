"""The CLI reference (docs/cli.md), generated from every command's --help.

Regenerate with: python -m parlaycards.cli.reference > docs/cli.md
"""

from __future__ import annotations

from typing import Any

import typer.main
from typer.models import Context

Chain = tuple[tuple[str, Any], ...]  # (name, click command) from the root down


def walk(chain: Chain) -> list[Chain]:
    out = [chain]
    cmd = chain[-1][1]
    for name in sorted(getattr(cmd, "commands", {}) or {}):
        out.extend(walk((*chain, (name, cmd.commands[name]))))
    return out


def commands() -> list[Chain]:
    from .main import app

    return walk((("parlaycards", typer.main.get_command(app)),))


def help_text(chain: Chain) -> str:
    ctx = None
    for name, cmd in chain:
        ctx = Context(cmd, info_name=name, parent=ctx, terminal_width=100, max_content_width=100)
    return str(chain[-1][1].get_help(ctx))


def reference_markdown() -> str:
    parts = [
        "# parlaycards command reference",
        "",
        "Generated from `--help` by `python -m parlaycards.cli.reference > docs/cli.md`; "
        "a test fails when it is stale.",
        "",
    ]
    for chain in commands():
        parts += [f"## {' '.join(n for n, _ in chain)}", "", "```", help_text(chain).rstrip(), "```", ""]
    return "\n".join(parts)


if __name__ == "__main__":
    print(reference_markdown(), end="")
