"""Options and arguments several commands share, named once."""

from typing import Annotated

import typer

Slug = Annotated[str, typer.Argument(help="Card slug, e.g. nfl-w12 (see `parlaycards cards`).")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON on stdout instead of a table.")]
CardTitle = Annotated[str | None, typer.Option(help="Title printed on the card.")]
PaidNow = Annotated[str | None, typer.Option(help="Amount paid now [default: everything still owed].")]
Fresh = Annotated[
    bool, typer.Option("--new", help="Start the card afresh (default keeps its payouts and rules).")
]
