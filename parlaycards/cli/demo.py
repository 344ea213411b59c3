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
    ] = Path("output/demo"),
) -> None:
    """Run the whole week on the sample data: import, print, enter, score, grade. Everything goes to output/demo/.

    The demo uses its own database (output/demo/demo.db, made afresh each run) and its own folder, never
    your pool's: the cards you print to output/ are never touched.

    Example: parlaycards demo
    """
    from ..demo import run as svc

    for line in run(lambda: svc.run_demo(out, progress=err)):
        err(line)
