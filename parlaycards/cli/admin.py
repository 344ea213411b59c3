"""Looking after the pool: a card's history (the audit log) and a backup of the pool database."""

from pathlib import Path
from typing import Annotated

import typer

from .shell import console, err, open_store, print_json, run

Slug = Annotated[str, typer.Argument(help="Card slug, e.g. nfl-w12 (see `parlaycards cards`).")]


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
    json: Annotated[bool, typer.Option("--json", help="Print JSON on stdout instead of a table.")] = False,
) -> None:
    """Show what happened to a card, oldest first: edits, prints, reprints, entries, voids, payments,
    scans, reviews, results and grading — when (in the card's time zone) and who (the user who ran
    the command, or PARLAYCARDS_USER).

    Example: parlaycards history nfl-w12 --kind payment --kind void
    """
    from ..services import history as svc

    kinds = tuple(k.strip().lower() for given in kind or () for k in given.split(",") if k.strip())
    h = run(lambda: svc.history(open_store(), slug, kinds))
    if json:
        print_json(
            [
                {
                    "at": e.at.isoformat(),
                    "who": e.actor,
                    "kind": e.kind,
                    "action": e.action,
                    "what": e.text,
                    "detail": dict(e.detail),
                }
                for e in h.events
            ]
        )
        return
    if not h.events:
        err(
            f"Nothing of the kind {', '.join(kinds)} in the history of {slug} ({h.total} other events)."
            if kinds
            else f"No history recorded for {slug}."
        )
        return
    from rich import box
    from rich.table import Table

    t = Table(
        title=f"History of {slug} (times in {h.timezone}), oldest first",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    t.add_column("When", no_wrap=True)
    t.add_column("Who")
    t.add_column("Kind")
    t.add_column("What happened")
    for e in h.events:
        t.add_row(f"{e.at:%Y-%m-%d %H:%M %Z}", e.actor, e.kind, e.text)
    console().print(t)


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

    from ..services import backup as svc

    done = run(lambda: svc.backup(open_store(), file, replace=force))
    err(
        f"Backed up the pool to {done.file} ({done.size:,} bytes: {done.cards} card"
        f"{'s' if done.cards != 1 else ''}, {done.entries} entr{'ies' if done.entries != 1 else 'y'}). "
        f"Use it with: parlaycards --db {shlex.quote(str(done.file))} cards"
    )
