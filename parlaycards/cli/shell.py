"""What every command shares: the store, `run()` (errors → one paragraph + exit 2), JSON output, and
the last line of defence (`Defended`): an error nothing expected → one paragraph, a report file, exit 70."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer
from typer.core import TyperGroup

if TYPE_CHECKING:  # loaded by the commands that use them
    from rich.console import Console
    from rich.text import Text

    from ..store import Store
    from ..store.look import Pool

T = TypeVar("T")
INTERNAL = 70  # EX_SOFTWARE: an internal error (sysexits.h)


class State:
    db: str | None = None


state = State()


def use_pool(db: str | None) -> None:
    """The pool this command works on (`--db`); no file the command writes may be one of the pool's own
    files or a print batch's PDF (`services.outputs.pool_guard`)."""
    from ..io.files import guard_outputs
    from ..services.outputs import pool_guard

    state.db = db
    guard_outputs(pool_guard(db))


def new_pool_path() -> Path | None:
    """The SQLite file a command that makes a pool would start, when there is none there yet."""
    from ..store.db import database_url

    url = database_url(state.db)
    if not url.startswith("sqlite:///"):
        return None
    path = Path(url.removeprefix("sqlite:///"))
    return None if path.exists() else path.resolve()


def say_new_pool(path: Path | None) -> None:
    """Say that a command started a pool, and where: its serials start again from 000001."""
    if path is not None and path.exists():
        err(
            f"Started a new pool at {path} (serials start at 000001). Run the week's other commands in "
            "this folder, or pass --db with this file."
        )


def open_pool() -> Pool:
    """The pool, for a command that only reads it: a SQLite pool is read without loading SQLAlchemy."""
    from ..store.look import Pool

    return Pool(state.db)


def open_store(create: bool = False) -> Store:
    from ..store import open_store as _open

    return _open(state.db, create=create)


def _console(**kwargs: Any) -> Console:
    """A rich Console that spells every option a message names (`core.errors.option`) as this CLI does."""
    from rich.console import Console
    from rich.errors import MarkupError

    from ..core.errors import spell
    from ..core.text import for_terminal
    from .values import flag

    class Spelling(Console):
        def render_str(self, text: str, **kw: Any) -> Text:
            text = for_terminal(spell(text, flag))  # a name's escape codes never reach the terminal
            if text.count(":") < 2:  # no `:emoji:` code can be in it: rich need not load its emoji table
                kw["emoji"] = False
            try:
                return super().render_str(text, **kw)
            except MarkupError:  # a name or reason that looks like markup ("Dana [/b]") is shown as written
                return super().render_str(text, **{**kw, "markup": False})

    return Spelling(**kwargs)


def err(text: str, style: str = "") -> None:
    _console(stderr=True, highlight=False, soft_wrap=True).print(text, style=style or None, markup=False)


def say_paid(amount: Decimal, what: str, left: Decimal) -> None:
    """`Paid $50.00 {what}: paid in full.` (or what is still owed) on stderr: a prize, a fee or a card paid."""
    from ..core.money import dollars
    from ..core.text import owed_text

    err(f"Paid {dollars(amount)} {what}: " + owed_text(left, "paid in full."))


def run(fn: Callable[[], T]) -> T:
    """Call a service; a ParlayError becomes one paragraph on stderr and exit code 2, never a traceback."""
    from ..core.errors import ParlayError
    from .values import flag

    try:
        return fn()
    except ParlayError as exc:
        err("Error: " + exc.text(flag), "bold red")
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        err("Interrupted: nothing was changed by the unfinished command.")
        raise typer.Exit(130) from None
    except OSError as exc:
        name = getattr(exc, "filename", None)
        err(f"Error: {name + ': ' if name else ''}{exc.strerror or exc}.", "bold red")
        raise typer.Exit(2) from None


def report_folder() -> Path:
    """Where an internal error's report is written: beside the SQLite pool database when that folder
    can be written, else the system's temporary folder."""
    import tempfile

    from ..store.db import database_url

    try:
        url = database_url(state.db)
        if url.startswith("sqlite:///"):
            folder = Path(url.removeprefix("sqlite:///")).expanduser().resolve().parent
            if folder.is_dir() and os.access(folder, os.W_OK):
                return folder
    except Exception:  # noqa: BLE001 - the report goes to the temporary folder instead
        pass
    return Path(tempfile.gettempdir())


def write_report(exc: BaseException) -> Path | None:
    """The traceback of an unexpected error, with the command line and versions, in a file of its own."""
    import platform
    import tempfile
    import traceback

    from .. import __version__
    from ..core.text import file_stamp

    stamp = file_stamp(datetime.now())
    body = (
        f"parlaycards {__version__}, Python {platform.python_version()}, {platform.platform()}\n"
        f"command: {' '.join(sys.argv)}\n\n" + "".join(traceback.format_exception(exc))
    )
    for folder in (report_folder(), Path(tempfile.gettempdir())):
        try:
            fd, name = tempfile.mkstemp(prefix=f"parlaycards-error-{stamp}-", suffix=".txt", dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as fh:
                fh.write(body)
            return Path(name)
        except OSError:
            continue
    return None


def internal_error(exc: BaseException) -> typer.Exit:
    """The one paragraph for an error nothing expected (the transaction it broke was rolled back)."""
    report = write_report(exc)
    where = f"the details are in {report}" if report else "the details could not be written to a file"
    err(
        f"Error: an internal error ({type(exc).__name__}) stopped this command: nothing was changed; "
        f"{where}, please send it to whoever looks after parlaycards for you.",
        "bold red",
    )
    return typer.Exit(INTERNAL)


FILE_OPTIONS = ("--out", "--xlsx", "--pdf", "--csv")  # the files commands write


def _refuse_empty_names(args: list[str]) -> None:
    """`--out ""` is an empty name, said so (a path made of it would read as "." , the folder)."""
    for i, arg in enumerate(args):
        if not isinstance(arg, str):  # a value a test passes as it is (a datetime): not a name
            continue
        name, eq, value = arg.partition("=")
        given = value if eq else (args[i + 1] if i + 1 < len(args) else None)
        if name in FILE_OPTIONS and isinstance(given, str) and not given.strip():
            err(
                f"{name} was given an empty file name. Nothing was written: give a file name, such as "
                f"{name} output/week{'.pdf' if name == '--out' else '.' + name[2:]}, or leave the option "
                "out for the default."
            )
            raise typer.Exit(2)


class Defended(TyperGroup):
    """The top command group: whatever a command raises that no layer expected becomes
    `internal_error` (exit 70), never a traceback; Typer's and click's own exits and usage errors pass through."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        from .params import defer_checks

        _refuse_empty_names(args)
        defer_checks(self, ctx, subcommands=False)  # pydantic only for the values that need it
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        from .params import defer_checks

        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:
            defer_checks(command, ctx)
        return name, command, rest

    def invoke(self, ctx: Any) -> Any:
        from ..core.errors import ParlayError

        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException, SystemExit):
            raise
        except ParlayError as exc:  # refused before `run` was reached (an option's value read in the command)
            return run(partial(_raise, exc))
        except KeyboardInterrupt:
            err("Interrupted: nothing was changed by the unfinished command.")
            raise typer.Exit(130) from None
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            raise internal_error(exc) from None


def _raise(exc: Exception) -> None:
    raise exc


def _default(o: Any) -> Any:
    if isinstance(o, Decimal):
        return str(o)
    if hasattr(o, "isoformat"):
        return o.isoformat()
    raise TypeError(type(o))


def print_json(data: Any) -> None:
    from ..core.errors import spell
    from .values import flag

    sys.stdout.write(spell(json.dumps(data, indent=2, default=_default, ensure_ascii=False), flag) + "\n")


def console() -> Console:
    """Tables for people: the terminal's width (or COLUMNS when it is set), else 120 columns when the
    output goes to a file or pipe."""
    return _console(highlight=False, width=None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 120)
