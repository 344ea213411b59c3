"""Options and arguments several commands share, named once."""

from collections.abc import Callable
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


class Record:
    """Options a command takes together: each field an `Annotated` option with its default, as a
    dataclass declares them; `spread` makes the record from the command line's values. Read-only.

    A plain class rather than a frozen dataclass or a NamedTuple: every command module makes its records
    when it loads, and a plain class is made in a tenth of the time (start-up).
    """

    def __init__(self, **given: object) -> None:
        vars(self).update(given)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: {name}")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(other) == vars(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"


def spread(handler: Callable[..., None]) -> Callable[..., None]:
    """The command Typer sees for `handler`: each parameter of `handler` typed by a `Record` stands as
    the record's options, in its order; run, it gathers their values into the record and calls `handler`
    with it.

    Typer reads a command's options from `inspect.signature`, which takes `__signature__` as given: the
    options a group of commands share are declared once, in their record.
    """
    import inspect

    params: list[inspect.Parameter] = []
    records: dict[str, tuple[type[Record], tuple[str, ...]]] = {}
    for name, param in inspect.signature(handler).parameters.items():
        kind = param.annotation  # evaluated: the commands' modules do not postpone annotations
        if not (isinstance(kind, type) and issubclass(kind, Record)):
            params.append(param.replace(kind=param.KEYWORD_ONLY))
            continue
        records[name] = kind, tuple(kind.__annotations__)
        for field, option in kind.__annotations__.items():
            default = vars(kind).get(field, param.empty)
            params.append(inspect.Parameter(field, param.KEYWORD_ONLY, default=default, annotation=option))

    def command(**given: object) -> None:
        for name, (record, names) in records.items():
            given[name] = record(**{n: given.pop(n) for n in names})
        handler(**given)

    command.__name__ = command.__qualname__ = handler.__name__
    command.__module__, command.__doc__ = handler.__module__, handler.__doc__
    command.__dict__["__signature__"] = inspect.Signature(params, return_annotation=None)
    return command


YesOpt = Annotated[
    bool,
    typer.Option(
        "--yes",
        help="Store a score that changes what cards already paid won (refused without it, naming each "
        "card); the payments stay as they were and the next grade shows each card overpaid or owed.",
    ),
]
