"""How pool commands show things: what report/ builds, printed (tables on the terminal, JSON); the import
progress bar."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .shell import console, err

if TYPE_CHECKING:
    from ..report.entries import EntryList
    from ..report.grade import Report
    from ..report.results import ResultList
    from ..services.results import Recorded


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr when it is a terminal; a silent callback otherwise."""
    if not sys.stderr.isatty():
        yield lambda done, total: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def print_grade_json(data: dict[str, Any]) -> None:
    """`grade --json`, one entry per line."""
    from ..report.grade_json import grade_json_text

    sys.stdout.write(grade_json_text(data))


def print_entries(view: EntryList, limit: int | None = 200, name: str | None = None) -> None:
    if not view.entries and not view.voided and name:
        err(
            f'No entry on {view.card.slug} has a name containing "{name}". '
            f"`parlaycards entries {view.card.slug}` lists them all."
        )
        return
    if not view.entries and not view.voided:
        err(
            f"No entries on {view.card.slug} yet. Add one with `parlaycards entry add {view.card.slug} …` "
            "or import a sheet with `parlaycards entry import`."
        )
        return
    from ..report.entries import entries_table
    from ..report.table import rich_table

    table, more = entries_table(view, limit)
    console().print(rich_table(table))
    if more:
        err(f"… and {more} more: --all lists them, --json prints them all.")


def say_results(slug: str, saved: Recorded, file: str | None = None) -> None:
    from ..core.text import plural
    from ..services.results import result_text

    for c in saved.changes:
        was = f" (was: {result_text(c.old, c.game)})" if c.old is not None else ""
        err(f"{c.game.label()}: {result_text(c.new, c.game)}{was}.")
    if file:
        err(
            f"Stored {plural(len(saved.changes), 'result')} from {file}"
            + (f"; {saved.unchanged} already stored." if saved.unchanged else ".")
        )
    elif not saved.changes:
        err("That result was already stored: nothing changed.")
    for line in saved.not_over:
        err(f"  not over yet: {line}")
    if saved.not_on_card:
        n = len(saved.not_on_card)
        err(f"{plural(n, 'game')} of the sheet {'are' if n != 1 else 'is'} not on this card (left alone):")
        for line in saved.not_on_card:
            err(f"  not on this card: {line}")
    for line in saved.removed:
        err(f"  left alone: {line}")
    for line in saved.paid_moved:
        err(f"  a paid card changes: {line}")
    for line in saved.prizes_moved:
        err(f"  a paid prize changes: {line}")
    steps = [f"`parlaycards grade {slug}` to settle the cards"] if "cards" in saved.settled_by else []
    steps += [
        f"`parlaycards pickem grade {p}` to rank pick'em pool {p}" for p in saved.settled_by if p != "cards"
    ]
    if saved.changes and steps:
        err("Run " + "; and ".join(steps) + ".")


def print_results(view: ResultList) -> None:
    from ..report.results import results_note, results_table
    from ..report.table import rich_table

    console().print(rich_table(results_table(view)))
    note = results_note(view)
    if note:
        err(note)


def print_report(report: Report, limit: int | None = 100) -> None:
    """`grade` on the terminal: what `report.grade_terminal.grade_view` builds, in its order."""
    from rich.text import Text

    from ..core.text import plural
    from ..report.grade_terminal import LEGEND, OVERPAID, grade_view
    from ..report.table import rich_table

    c = console()
    v = grade_view(report, limit)
    c.print(Text.assemble((v.title, "bold"), v.heading))
    if v.changes:
        c.print(rich_table(v.changes))
        if v.overpaid:
            err(OVERPAID, "bold red")
    c.print(rich_table(v.scores))
    for note in v.line_notes:
        err(note)
    c.print(rich_table(v.winners) if v.winners else v.no_winners)
    if v.winners_more:
        err(f"… and {plural(v.winners_more, 'more winner')}: --all lists them, --xlsx writes them all.")
    if v.owed_back:
        c.print(rich_table(v.owed_back))
    c.print(rich_table(v.entries))
    if v.entries_more:
        err(
            f"… and {plural(v.entries_more, 'more entry', 'more entries')}: --all lists them, --xlsx writes them all."
        )
    err(LEGEND)
    if v.voided:
        c.print(rich_table(v.voided))
    c.print(rich_table(v.totals))
    for note in v.restored_notes:
        err(note, "bold")
    if v.overpaid_note:
        err(v.overpaid_note, "bold red")
    err(v.net)
