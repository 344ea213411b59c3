"""Options and arguments several commands share, named once."""

from typing import Annotated

import typer


def group(about: str, example: str) -> typer.Typer:
    """A command group (`game`, `entry`, …): what it does, one example; given no command, its help."""
    return typer.Typer(help=f"{about}\n\nExample: {example}", no_args_is_help=True)


Slug = Annotated[str, typer.Argument(help="Card slug, e.g. nfl-w12 (see `parlaycards cards`).")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON on stdout instead of a table.")]
CardTitle = Annotated[str | None, typer.Option(help="Title printed on the card.")]
PaidNow = Annotated[str | None, typer.Option(help="Amount paid now [default: everything still owed].")]
Fresh = Annotated[
    bool, typer.Option("--new", help="Start the card afresh (default keeps its payouts and rules).")
]
