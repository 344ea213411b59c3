"""The `layouts` command: the column mappings saved with `import --map … --save-layout NAME`."""

from typing import Annotated

import typer

from . import values
from .shell import console, err, print_json, run

Json = Annotated[bool, typer.Option("--json", help="Print JSON on stdout instead of a table.")]


def register(app: typer.Typer) -> None:
    app.command("layouts")(layouts)


def layouts(json: Json = False) -> None:
    """List the column layouts saved in the pool with `import --map … --save-layout NAME`.

    Example: parlaycards layouts --json   (then: parlaycards import club-week-7.xlsx --layout club-sheet)
    """
    from ..core.errors import spell
    from ..services import cards as cards_svc
    from ..services import layouts as svc
    from .shell import state

    found = run(lambda: svc.list_layouts(cards_svc.pool_if_any(state.db)))
    if json:
        print_json(
            [
                {
                    "name": s.name,
                    "columns": dict(s.roles),
                    "headers": dict(s.headers),
                    "favourite_by": s.favourite_by,
                    "saved_at": s.saved_at,
                    "saved_from": s.source,
                    "map": spell(svc.command(s), values.flag),
                }
                for s in found
            ]
        )
        return
    if not found:
        err("No saved layouts yet. Save one with: parlaycards import FILE --map away=B … --save-layout NAME")
        return
    from rich.table import Table

    t = Table("Layout", "Columns", "Saved from", "Saved at")
    for s in found:
        heads = dict(s.headers)
        cols = ", ".join(f'{role}={letter} ("{heads.get(role, "")}")' for role, letter in s.roles)
        if s.favourite_by:
            cols += f"; favourite by {s.favourite_by}"
        t.add_row(s.name, cols, s.source, s.saved_at[:16].replace("T", " "))
    console().print(t)
