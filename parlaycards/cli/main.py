"""The `parlaycards` command: the global --db option and every command group."""

from typing import Annotated

import typer

from . import cards, demo, feeds, pickem, pool, printing, scan
from .shell import Defended, state

app = typer.Typer(
    name="parlaycards",
    cls=Defended,
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
) -> None:
    """Run a weekly football parlay card.

    Example: parlaycards --db pool.db cards --json
    """
    state.db = db


for module in (demo, cards, printing, pool, scan, pickem, feeds):
    module.register(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
