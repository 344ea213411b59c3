"""The `parlaycards` command: the global --db option and every command group."""

import copy
import gc
import os
import sys
from importlib import import_module
from typing import Annotated, Any

import typer

from .shell import Defended, use_pool


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


_base = typer.Typer(
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


@_base.callback()
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
    use_pool(db)


def _version(asked: bool) -> None:
    if asked:
        from importlib.metadata import version as installed

        print(f"parlaycards {installed('parlaycards')}")
        raise typer.Exit()


# The modules of the commands, in the order `--help` lists what they register, and the modules each
# top-level command needs (some add a command to another module's group: `result fetch`, `pickem print`).
# A command line naming one command loads its modules alone; tests/test_startup.py keeps this table true.
MODULES = ("demo", "cards", "layouts", "printing", "pool", "scan", "pickem", "feeds", "admin", "serve")
NEEDS = {
    **dict.fromkeys(
        ("import", "cards", "show", "game", "payout", "rules", "calc", "export", "card"), ("cards",)
    ),
    **dict.fromkeys(("templates", "print", "calibrate"), ("printing",)),
    **dict.fromkeys(("entry", "entries", "results", "grade", "pool"), ("pool",)),
    **dict.fromkeys(("scan", "review"), ("scan",)),
    **dict.fromkeys(("history", "backup"), ("admin",)),
    "demo": ("demo",),
    "layouts": ("layouts",),
    "pickem": ("printing", "pickem"),
    "lines": ("feeds",),
    "result": ("pool", "feeds"),
    "serve": ("serve",),
}
_registered: dict[str, typer.Typer] = {}


def registered(module: str) -> typer.Typer:
    """What `module`'s `register` adds to the app, recorded once: it may also add a command to another
    module's group, which must happen once only."""
    if module not in _registered:
        holder = typer.Typer()
        import_module(f"{__package__}.{module}").register(holder)
        _registered[module] = holder
    return _registered[module]


def _with(modules: tuple[str, ...]) -> typer.Typer:
    """The app with the commands of `modules`, in the order of MODULES."""
    out = copy.copy(_base)
    out.registered_commands = []
    out.registered_groups = []
    for module in MODULES:
        if module in modules:
            out.registered_commands += registered(module).registered_commands
            out.registered_groups += registered(module).registered_groups
    return out


def _whole() -> typer.Typer:
    """The app with every command, made once."""
    if "app" not in globals():
        globals()["app"] = _with(MODULES)
    whole: typer.Typer = globals()["app"]
    return whole


def __getattr__(name: str) -> typer.Typer:
    """`app`, every command registered, made when first named (a command line naming one command loads
    that command's modules alone)."""
    if name == "app":
        return _whole()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    completing = any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ)
    if name is None or completing or name not in NEEDS:
        return _whole()
    one = _with(NEEDS[name])
    one.registered_commands = [c for c in one.registered_commands if c.name == name]
    one.registered_groups = [g for g in one.registered_groups if g.name == name]
    return one


def main() -> None:
    # What start-up loaded (Typer, the CLI's shell) lives as long as the process: the garbage collector need
    # not walk it again each time what a command loads next (pydantic, rich) sets it off.
    gc.freeze()
    only(command_named(hoist_db(sys.argv[1:])))()


if __name__ == "__main__":
    main()
