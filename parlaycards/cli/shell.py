"""What every command shares: the store, `run()` (errors → one paragraph + exit 2), JSON output."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from decimal import Decimal
from typing import Any, TypeVar

import typer

T = TypeVar("T")


class State:
    db: str | None = None


state = State()


def open_store(create: bool = False):  # noqa: ANN201 - returns parlaycards.store.Store (imported lazily)
    from ..store import open_store as _open

    return _open(state.db, create=create)


def _console(**kwargs: Any):  # noqa: ANN202 - rich.console.Console
    """A rich Console that spells every option a message names (`core.errors.option`) as this CLI does."""
    from rich.console import Console
    from rich.errors import MarkupError

    from ..core.errors import spell
    from .values import flag

    class Spelling(Console):
        def render_str(self, text: str, **kw: Any):  # noqa: ANN202
            text = spell(text, flag)
            try:
                return super().render_str(text, **kw)
            except MarkupError:  # a name or reason that looks like markup ("Dana [/b]") is shown as written
                return super().render_str(text, **{**kw, "markup": False})

    return Spelling(**kwargs)


def err(text: str, style: str = "") -> None:
    _console(stderr=True, highlight=False, soft_wrap=True).print(text, style=style or None, markup=False)


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


def console():  # noqa: ANN201
    """Tables for people: the terminal's width, or 120 columns when the output goes to a file or pipe."""
    return _console(highlight=False, width=None if sys.stdout.isatty() else 120)
