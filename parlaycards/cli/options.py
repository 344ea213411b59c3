"""Options and arguments several commands share, named once."""

from pathlib import Path
from typing import Annotated, Any

import typer

from ..core.bounds import MAX_INT


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
GameNumber = Annotated[int, typer.Argument(min=1, max=MAX_INT, help="Any selection number of the game.")]
Xlsx = Annotated[Path | None, typer.Option("--xlsx", help="Also write the report to this .xlsx workbook.")]
AllOrNothing = Annotated[bool, typer.Option("--all-or-nothing", help="Store no row if any row is refused.")]


def after_cutoff(what: str, more: str = "") -> Any:
    """`--late`: accept `what` (it, rows, cards handed in) after the cutoff, on purpose."""
    return typer.Option("--late", help=f"Accept {what} after the cutoff, on purpose{more}.")


def handed_in(what: str, more: str = "", example: str = "2026-11-28 11:45") -> Any:
    """`--received`: when `what` (it was, the sheet was) handed in; now when left out."""
    return typer.Option(help=f'When {what} handed in{more}, e.g. "{example}" [default: now].')


def money_back(who: str, paid: str) -> Any:
    """`--returned` beside `--amount`: money the `who` handed back on what was paid more than it now wins."""
    return typer.Option(
        help=f"Money the {who} handed back on {paid} (a score corrected after paying); 'all' for "
        "everything overpaid.",
        show_default=False,
    )


def every_entry(first: int) -> Any:
    """`--all` on a list of entries that shows the `first` ones unless told."""
    return typer.Option("--all", help=f"List every entry, however many (default: the first {first}).")
