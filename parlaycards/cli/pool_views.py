"""How pool commands show things: rich tables on the terminal, JSON shapes, the import progress bar."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from .shell import console, err


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


def print_grade_json(data: dict) -> None:
    """`grade --json`: one entry per line (the standard encoder at C speed, for 100,000 entries)."""
    import json

    dumps = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    entries = ",".join("\n    " + dumps(e) for e in data["entries"])
    games = ",".join("\n    " + dumps(g) for g in data["games"])
    sys.stdout.write(
        f'{{\n  "card": {dumps(data["card"])},\n  "entries": [{entries}'
        + ("\n  ]" if entries else "]")
        + f',\n  "totals": {dumps(data["totals"])}'
        + (f',\n  "void": {dumps(data["void"])}' if "void" in data else "")
        + f',\n  "games": [{games}'
        + ("\n  ]" if games else "]")
        + "\n}\n"
    )


def _money(d: Any) -> str:
    from ..core.money import dollars

    return dollars(d)


def entries_json(view) -> list[dict]:  # noqa: ANN001 - services.entries.EntryList
    out = []
    for e in view.entries:
        paid = view.payments.get(e.serial)
        last = view.settled.get(int(e.serial))
        out.append(
            {
                "serial": e.serial,
                "version": e.version,
                "name": e.name,
                "stake": str(e.stake),
                "picks": list(e.picks),
                "received_at": e.received_at.isoformat(),
                "late": e.late,
                "source": e.source,
                "outcome": last.outcome if last else None,
                "payout": last.payout if last else None,
                "paid": str(paid.amount) if paid else "0.00",
            }
        )
        if e.source == "scan":
            out[-1]["crop"] = view.crops.get(int(e.serial))
    for v in view.voided:
        e = v.entry
        out.append(
            {
                "serial": e.serial,
                "version": e.version,
                "name": e.name,
                "stake": str(e.stake),
                "picks": list(e.picks),
                "received_at": e.received_at.isoformat(),
                "late": e.late,
                "source": e.source,
                "outcome": "void",
                "payout": "0.00",
                "paid": "0.00",
                "void": {"reason": v.reason, "at": v.at.isoformat(), "by": v.actor},
            }
        )
    return sorted(out, key=lambda row: row["serial"])


def print_entries(view, limit: int | None = 200) -> None:  # noqa: ANN001
    if not view.entries and not view.voided:
        err(
            f"No entries on {view.card.slug} yet. Add one with `parlaycards entry add {view.card.slug} …` "
            "or import a sheet with `parlaycards entry import`."
        )
        return
    from zoneinfo import ZoneInfo

    from rich.table import Table

    zone = ZoneInfo(view.card.timezone)
    void = f", {len(view.voided)} void" if view.voided else ""
    t = Table(
        "Serial",
        "Ver.",
        "Name",
        "Stake",
        "Picks",
        f"Received ({view.card.timezone})",
        "Last grade",
        "Paid",
        title=f"{view.card.title} — {len(view.entries)} entries{void}",
        title_justify="left",
    )
    rows = [(e.serial, e, None) for e in view.entries] + [(v.entry.serial, v.entry, v) for v in view.voided]
    rows.sort(key=lambda r: r[0])
    for _, e, gone in rows if limit is None else rows[:limit]:
        last = view.settled.get(int(e.serial))
        paid = view.payments.get(e.serial)
        grade = f"VOID: {gone.reason}" if gone else f"{last.outcome} {_money(last.amount)}" if last else "-"
        t.add_row(
            e.serial,
            str(e.version),
            e.name,
            _money(e.stake),
            " ".join(map(str, e.picks)),
            e.received_at.astimezone(zone).strftime("%m/%d %H:%M") + (" late" if e.late else ""),
            grade,
            _money(paid.amount) if paid else "-",
        )
    console().print(t)
    if limit is not None and len(rows) > limit:
        err(f"… and {len(rows) - limit} more: --all lists them, --json prints them all.")


def say_results(slug: str, saved, file: str | None = None) -> None:  # noqa: ANN001 - services.results.Recorded
    from ..services.results import result_text

    for c in saved.changes:
        was = f" (was: {result_text(c.old, c.game)})" if c.old is not None else ""
        err(f"{c.game.label()}: {result_text(c.new, c.game)}{was}.")
    if file:
        err(
            f"Stored {len(saved.changes)} result{'s' if len(saved.changes) != 1 else ''} from {file}"
            + (f"; {saved.unchanged} already stored." if saved.unchanged else ".")
        )
    elif not saved.changes:
        err("That result was already stored: nothing changed.")
    for line in saved.not_over:
        err(f"  not over yet: {line}")
    if saved.not_on_card:
        n = len(saved.not_on_card)
        err(
            f"{n} game{'s' if n != 1 else ''} of the sheet {'are' if n != 1 else 'is'} not on this card (left alone):"
        )
        for line in saved.not_on_card:
            err(f"  not on this card: {line}")
    if saved.changes:
        err(f"Run `parlaycards grade {slug}` to settle the cards.")


def results_json(view) -> list[dict]:  # noqa: ANN001 - services.results.ResultList
    return [
        {
            "game": g.key,
            "away": g.away,
            "home": g.home,
            "numbers": list(g.numbers.all()),
            "status": "pending" if r is None else "cancelled" if r.cancelled else "final",
            "away_score": r.away_score if r else None,
            "home_score": r.home_score if r else None,
        }
        for g, r in view.games
    ]


def print_results(view) -> None:  # noqa: ANN001
    from rich.table import Table

    t = Table("No.", "Game", "Result", title=f"{view.card.title} — results", title_justify="left")
    for g, r in view.games:
        text = (
            "-"
            if r is None
            else "cancelled (no action)"
            if r.cancelled
            else f"{g.away} {r.away_score}, {g.home} {r.home_score}"
        )
        t.add_row(f"{g.numbers.away}/{g.numbers.home}", g.label(), text)
    console().print(t)
    missing = sum(1 for _, r in view.games if r is None)
    if missing:
        err(f"{missing} game{'s' if missing != 1 else ''} without a result: legs on them are pending.")


def print_report(report, limit: int | None = 100) -> None:  # noqa: ANN001 - report.grade.Report
    from zoneinfo import ZoneInfo

    from rich.table import Table

    c = console()
    t = report.totals
    c.print(f"[bold]{report.title}[/bold] — {report.slug}, {t.entries} entries")
    if report.changes:
        ch = Table(
            "Serial", "Name", "Was", "Now", "Paid", title="Changed since the last grade", title_justify="left"
        )
        for x in report.changes:
            ch.add_row(
                x.serial,
                x.name,
                f"{x.old_outcome} {_money(x.old_payout)}",
                f"{x.new_outcome} {_money(x.new_payout)}",
                _money(x.paid) if x.paid else "-",
            )
        c.print(ch)
        if any(x.paid > x.new_payout for x in report.changes):
            err(
                "Some changed cards were paid more than they now pay: settle the difference with the player.",
                "bold red",
            )
    print_scores(report)
    winners = report.winners
    versions = len(report.played) > 1  # then each card's version, to read its line by
    w = Table(
        "Serial",
        *(["Card"] if versions else []),
        "Name",
        "Stake",
        "Hits",
        "Tier",
        "Payout",
        "Paid",
        title=f"Winners ({len(winners)})",
        title_justify="left",
    )
    for r in winners if limit is None else winners[:limit]:
        w.add_row(
            r.serial,
            *([f"v{r.version}"] if versions else []),
            r.name,
            _money(r.stake),
            f"{r.hits} of {r.effective_picks}",
            r.tier or r.outcome.value,
            _money(r.payout),
            r.paid_status + (" (late)" if r.late else ""),
        )
    c.print(w if winners else "No winning cards" + (" yet." if t.pending else "."))
    if limit is not None and len(winners) > limit:
        err(f"… and {len(winners) - limit} more winners: --all lists them, --xlsx writes them all.")
    rows = report.rows if limit is None else report.rows[:limit]
    a = Table(
        "Serial",
        *(["Card"] if versions else []),
        "Name",
        "Stake",
        "Picks",
        "Outcome",
        "Payout",
        title="All entries",
        title_justify="left",
    )
    for r in rows:
        picks = " ".join(f"{n}{_MARK[o.value]}" for n, o in zip(r.picks, r.legs, strict=True))
        a.add_row(
            r.serial,
            *([f"v{r.version}"] if versions else []),
            r.name + (" (late)" if r.late else ""),
            _money(r.stake),
            picks,
            r.outcome.value,
            _money(r.payout),
        )
    c.print(a)
    if len(rows) < len(report.rows):
        err(f"… and {len(report.rows) - len(rows)} more entries: --all lists them, --xlsx writes them all.")
    err("Legs: ✓ win, ✗ loss, = push, ∅ void, ? no result yet.")
    if report.voided:
        zone = ZoneInfo(report.timezone)
        v = Table(
            "Serial",
            "Name",
            "Stake",
            "Picks",
            "Voided",
            "Reason",
            title=f"Void ({len(report.voided)}): not graded, not counted",
            title_justify="left",
        )
        for x in report.voided:
            v.add_row(
                x.serial,
                x.name,
                _money(x.stake),
                " ".join(map(str, x.picks)),
                x.voided_at.astimezone(zone).strftime("%m/%d %H:%M %Z"),
                x.reason,
            )
        c.print(v)
    tt = Table(
        "Stakes",
        "Payouts",
        "Net to the pool",
        "Paid out",
        "Still owed",
        "Pending",
        "Late",
        title="Totals",
        title_justify="left",
    )
    tt.add_row(
        _money(t.stakes),
        _money(t.payouts),
        _money(t.net),
        _money(t.paid),
        _money(t.owed),
        str(t.pending),
        str(t.late),
    )
    c.print(tt)
    if t.overpaid:
        err(
            f"Overpaid {_money(t.overpaid)}: cards paid more than they now pay (scores corrected after paying) — "
            "their status says how much; when a player hands it back, record it with "
            f"`parlaycards entry pay {report.slug} SERIAL --returned AMOUNT`.",
            "bold red",
        )
    from ..report.grade import net_text

    err(net_text(t)[0].upper() + net_text(t)[1:] + ".")


def print_scores(report) -> None:  # noqa: ANN001 - report.grade.Report
    """The games with their scores and the lines players held: each printed version's where they differ."""
    from rich.table import Table

    t = Table("No.", "Away", "Home", "Home line", "Total", "Score", title="Scores", title_justify="left")
    for g in report.games:
        t.add_row(
            f"{g.numbers[0]}/{g.numbers[1]}",
            g.away,
            g.home + (" (off)" if g.off else ""),
            g.home_line.replace(" / ", "\n"),
            g.total.replace(" / ", "\n"),
            g.score,
        )
    console().print(t)
    for note in report.line_notes:
        err(note)


_MARK = {"win": "✓", "loss": "✗", "push": "=", "void": "∅", "pending": "?"}
