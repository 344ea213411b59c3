"""`parlaycards demo`: the whole week on the shipped sample data."""

from pathlib import Path
from typing import Annotated

import typer

from .shell import err, run


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)


def demo(
    out: Annotated[
        Path, typer.Option("--out", help="Folder for the demo's database, PDFs and reports.")
    ] = Path("output"),
) -> None:
    """Run the whole week on the sample data: import, print, enter, score, grade. Everything goes to output/.

    The demo uses its own database (output/demo.db, made afresh each run), never your pool's.

    Example: parlaycards demo
    """
    from ..demo import run as svc

    for line in run(lambda: svc.run_demo(out, progress=err)):
        err(line)
