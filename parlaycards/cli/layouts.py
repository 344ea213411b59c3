"""The `layouts` command: the column mappings saved with `import --map … --save-layout NAME`."""

import typer

from . import values
from .options import Json
from .shell import console, err, print_json, run


def register(app: typer.Typer) -> None:
    app.command("layouts")(layouts)


def layouts(json: Json = False) -> None:
    """List the column layouts saved in the pool with `import --map … --save-layout NAME`.

    Example: parlaycards layouts --json   (then: parlaycards import club-week-7.xlsx --layout club-sheet)
    """
    from ..core.errors import spell
    from ..report.layouts import layouts_json, layouts_table
    from ..services import cards as cards_svc
    from ..services import layouts as svc
    from .shell import state

    found = run(lambda: svc.list_layouts(cards_svc.pool_if_any(state.db)))
    if json:
        print_json(layouts_json(found, lambda s: spell(svc.command(s), values.flag)))
        return
    if not found:
        err("No saved layouts yet. Save one with: parlaycards import FILE --map away=B … --save-layout NAME")
        return
    from ..report.table import rich_table

    console().print(rich_table(layouts_table(found)))
