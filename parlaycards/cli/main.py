"""The `parlaycards` command: the global --db option and every command group."""

import copy
import os
import sys
from typing import Annotated, Any

import typer

from . import admin, cards, demo, feeds, layouts, pickem, pool, printing, scan, serve
from .shell import Defended, state


def hoist_db(args: list[str]) -> list[str]:
    """`parlaycards import lines.xlsx --db pool.db` as `parlaycards --db pool.db import lines.xlsx`: the
    pool's --db may be given after the command too (a command's own arguments never include one)."""
    out, front, i = [], [], 0
    while i < len(args):
        a = args[i]
        if a == "--":
            out += args[i:]
            break
        if a == "--db" and i + 1 < len(args):
            front += args[i : i + 2]
            i += 2
            continue
        if isinstance(a, str) and a.startswith("--db="):
            front.append(a)
        else:
            out.append(a)
        i += 1
    return front + out


class _Group(Defended):
    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # ctx: the command's context
        return super().parse_args(ctx, hoist_db(list(args)))


app = typer.Typer(
    cls=_Group,
    name="parlaycards",
    help="Run a weekly football parlay card: import lines, edit, print serialized cards, take entries, "
    "settle to the cent.\n\nExample: parlaycards demo",
    no_args_is_help=True,
    add_completion=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _global(
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="PARLAYCARDS_DB",
            help="The pool database: a SQLite file path or a SQLAlchemy URL [default: ./parlaycards.db].",
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", is_eager=True, callback=lambda v: _version(v), help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Run a weekly football parlay card.

    Example: parlaycards --db pool.db cards --json
    """
    state.db = db


def _version(asked: bool) -> None:
    if asked:
        from importlib.metadata import version as installed

        print(f"parlaycards {installed('parlaycards')}")
        raise typer.Exit()


for module in (demo, cards, layouts, printing, pool, scan, pickem, feeds, admin, serve):
    module.register(app)


def command_named(args: list[str]) -> str | None:
    """The top-level command a command line runs (`show` in `parlaycards --db pool.db show nfl-w12`), or
    None when a global option other than --db comes first (`--help`, `--version`)."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--db":
            i += 2
        elif arg.startswith("--db="):
            i += 1
        else:
            return None if arg.startswith("-") else arg
    return None


def only(name: str | None) -> typer.Typer:
    """The app with its one top-level command `name` registered: Typer then builds the options of that
    command alone, not those of every command. Anything else (no command, a mistyped one, `--help`, shell
    completion) gets the whole app, so that listings, suggestions and completion name every command."""
    commands = [c for c in app.registered_commands if c.name == name]
    groups = [g for g in app.registered_groups if g.name == name]
    completing = any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ)
    if name is None or completing or len(commands) + len(groups) != 1:
        return app
    one = copy.copy(app)
    one.registered_commands = commands
    one.registered_groups = groups
    return one


def main() -> None:
    only(command_named(hoist_db(sys.argv[1:])))()


if __name__ == "__main__":
    main()
