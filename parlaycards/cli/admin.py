"""Looking after the pool: a card's history (the audit log) and a backup of the pool database."""

from pathlib import Path
from typing import Annotated

import typer

from .options import Json, Slug
from .shell import console, err, open_store, print_json, run


def register(app: typer.Typer) -> None:
    app.command("history")(history)
    app.command("backup")(backup)


def history(
    slug: Slug,
    kind: Annotated[
        list[str] | None,
        typer.Option(
            "--kind",
            metavar="KIND",
            help="Only events of this kind (repeat for several): edit, print, reprint, entry, void, payment, "
            "scan, review, result, grade, archive, other.",
        ),
    ] = None,
    json: Json = False,
) -> None:
    """Show what happened to a card, oldest first: edits, prints, reprints, entries, voids, payments,
    scans, reviews, results and grading — when (in the card's time zone) and who (the user who ran
    the command, or PARLAYCARDS_USER).

    Example: parlaycards history nfl-w12 --kind payment --kind void
    """
    from ..report.history import history_empty, history_json, history_table
    from ..services import history as svc

    kinds = tuple(k.strip().lower() for given in kind or () for k in given.split(",") if k.strip())
    h = run(lambda: svc.history(open_store(), slug, kinds))
    if json:
        print_json(history_json(h.events))
        return
    if not h.events:
        err(history_empty(slug, kinds, h.total))
        return
    from rich import box

    from ..report.table import rich_table

    table = history_table(slug, h.timezone, h.events)
    console().print(
        rich_table(table, columns={"When": {"no_wrap": True}}, box=box.SIMPLE_HEAD, pad_edge=False)
    )


def backup(
    file: Annotated[Path, typer.Argument(help="The backup file to write, e.g. backups/pool-2026-11-29.db.")],
    force: Annotated[bool, typer.Option("--force", help="Replace FILE when it exists.")] = False,
) -> None:
    """Copy the pool database to FILE while it is in use: a consistent copy, written whole or not at
    all (a SQLite file: open it with --db FILE). A PostgreSQL pool is backed up with pg_dump; the
    command says exactly how.

    Example: parlaycards backup backups/pool-2026-11-29.db
    """
    import shlex

    from ..core.text import plural
    from ..services import backup as svc

    done = run(lambda: svc.backup(open_store(), file, replace=force))
    err(
        f"Backed up the pool to {done.file} ({plural(done.size, 'byte')}: {plural(done.cards, 'card')}, "
        f"{plural(done.entries, 'entry', 'entries')}). "
        f"Use it with: parlaycards --db {shlex.quote(str(done.file))} cards"
    )
    err(
        "Cards printed after this backup are not in it: should it ever be put back over the pool, they cannot "
        f"be entered (their serials are not printed again: {done.marks} beside the pool keeps count; leave it "
        "there; the payments file beside it keeps every payment the same way). Back up again after every print."
    )
    from ..services.scan import crops_folder
    from ..store.db import database_url
    from .shell import state

    crops = crops_folder(database_url(state.db))
    if crops.is_dir() and any(crops.iterdir()):
        err(
            f"The scanned cards' pictures (kept for disputes) are files beside the pool, not in the backup: "
            f"copy the folder {shlex.quote(str(crops))} with it."
        )
