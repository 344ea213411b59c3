"""`grade` on the terminal: the report's tables (changes, scores, winners, every entry, voids, totals) and
what is said between them, built once from `report.grade.Report`; the CLI prints them in order."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.text import dollars, plural, short_stamp
from .grade import EntryRow, Report, net_text, winners_heading
from .grade_columns import (
    ENTRIES_TERMINAL,
    OWED_BACK,
    VOID_TERMINAL,
    WINNERS_TERMINAL,
    Writes,
    headers,
    shown,
    text_drawer,
    void_shown,
)
from .table import Table

MARK = {"win": "✓", "loss": "✗", "push": "=", "void": "∅", "pending": "?"}
LEGEND = "Legs: ✓ win, ✗ loss, = push, ∅ void, ? no result yet."
WRITES = Writes(money=dollars, flag=lambda late: "late" if late else "")
OVERPAID = "Some changed cards were paid more than they now pay: settle the difference with the player."


@dataclass(frozen=True)
class GradeView:
    """Everything `grade` shows, in the order it is shown; `…_more`: rows left out by the limit."""

    title: str  # shown bold, then `heading`
    heading: str
    changes: Table | None
    overpaid: bool
    scores: Table
    line_notes: tuple[str, ...]
    restored_notes: tuple[str, ...]  # payments the database does not hold (a backup put back since)
    winners: Table | None
    no_winners: str
    winners_more: int
    owed_back: Table | None  # cards paid more than they now pay (never on the wall sheet)
    entries: Table
    entries_more: int
    voided: Table | None
    totals: Table
    overpaid_note: str | None  # cards paid more than they now pay: how much, and how to record it coming back
    net: str


def payout_cell(r: EntryRow) -> str:
    """`$250.60, capped` where the card's maximum payout cut it."""
    return r.payout_text


def grade_view(report: Report, limit: int | None = 100) -> GradeView:
    """The report as the terminal shows it, the first `limit` winners and entries listed."""
    t = report.totals
    winners = report.winners
    listed = winners if limit is None else winners[:limit]
    rows = report.rows if limit is None else report.rows[:limit]
    net = net_text(t)
    return GradeView(
        title=report.title,
        heading=f" — {report.slug}, {plural(t.entries, 'entry', 'entries')}",
        changes=changes_table(report) if report.changes else None,
        overpaid=any(x.paid > x.new_payout for x in report.changes),
        scores=scores_table(report),
        line_notes=tuple(report.line_notes),
        restored_notes=tuple(report.restored_notes),
        winners=winners_table(report, listed) if winners else None,
        no_winners="No winning cards" + (" yet." if t.pending else "."),
        winners_more=len(winners) - len(listed),
        owed_back=owed_back_table(report) if report.owed_back else None,
        entries=entries_table(report, rows),
        entries_more=len(report.rows) - len(rows),
        voided=void_table(report) if report.voided else None,
        totals=totals_table(report),
        overpaid_note=overpaid_note(report),
        net=net[0].upper() + net[1:] + ".",
    )


def changes_table(report: Report) -> Table:
    """The cards whose grade changed since the last `grade`."""
    return Table(
        ("Serial", "Name", "Was", "Now", "Paid"),
        tuple(
            (
                x.serial,
                x.name,
                f"{x.old_outcome} {dollars(x.old_payout)}",
                f"{x.new_outcome} {dollars(x.new_payout)}",
                dollars(x.paid) if x.paid else "-",
            )
            for x in report.changes
        ),
        title="Changed since the last grade",
    )


def scores_table(report: Report) -> Table:
    """The games with their scores and the lines players held: each printed version's where they differ."""
    return Table(
        ("No.", "Away", "Home", "Home line", "Total", "Score"),
        tuple(
            (
                f"{g.numbers[0]}/{g.numbers[1]}",
                g.away,
                g.home + (" (off)" if g.off else ""),
                g.home_line.replace(" / ", "\n"),
                g.total.replace(" / ", "\n"),
                g.score,
            )
            for g in report.games
        ),
        title="Scores",
    )


def winners_table(report: Report, rows: list[EntryRow]) -> Table:
    """The cards handing money back (`rows` of them), biggest first."""
    cols = shown(report, WINNERS_TERMINAL)
    late = {"status": lambda r: r.paid_status + (" (late)" if r.late else ""), "payout": payout_cell}
    return Table(
        headers(cols), tuple(map(text_drawer(cols, WRITES, **late), rows)), title=winners_heading(report)
    )


def owed_back_table(report: Report) -> Table:
    """The cards paid more than they now pay (scores corrected after paying): what each owes back."""
    cols = shown(report, OWED_BACK)
    rows = report.owed_back
    return Table(
        headers(cols),
        tuple(map(text_drawer(cols, WRITES, payout=payout_cell), rows)),
        title=f"Owed back to the pool ({len(rows):,})",
    )


def entries_table(report: Report, rows: tuple[EntryRow, ...]) -> Table:
    """Every entry with its legs marked (`MARK`), its outcome and payout."""
    cols = shown(report, ENTRIES_TERMINAL)
    own = {
        "name": lambda r: r.name + (" (late)" if r.late else ""),
        "legs": lambda r: " ".join(f"{n}{MARK[o.value]}" for n, o in zip(r.picks, r.legs, strict=True)),
        "payout": payout_cell,
    }
    return Table(headers(cols), tuple(map(text_drawer(cols, WRITES, **own), rows)), title="All entries")


def void_table(report: Report) -> Table:
    """The entries voided: listed, not graded, not counted."""
    cols = void_shown(VOID_TERMINAL)
    writes = replace(WRITES, time=lambda at: short_stamp(at, report.timezone, zone=True))
    return Table(
        headers(cols),
        tuple(map(text_drawer(cols, writes), report.voided)),
        title=f"Void ({len(report.voided)}): not graded, not counted",
    )


def totals_table(report: Report) -> Table:
    """Stakes, payouts, the pool's net on the cards settled (a pending card's stake is neither kept nor lost
    yet: it is named under Pending), paid and owed, pending and late cards."""
    t = report.totals
    return Table(
        ("Stakes", "Payouts", "Net to the pool", "Paid out", "Still owed", "Pending", "Late"),
        (
            (
                dollars(t.stakes),
                dollars(t.payouts),
                dollars(t.cash_net)
                + (" (settled cards)" if t.pending else "")
                + (f" ({dollars(t.overpaid)} owed back)" if t.overpaid else ""),
                dollars(t.paid),
                dollars(t.owed),
                f"{t.pending} ({dollars(t.pending_stakes)} staked)" if t.pending else "0",
                str(t.late),
            ),
        ),
        title="Totals",
    )


def overpaid_note(report: Report) -> str | None:
    """What the cards paid more than they now pay (scores corrected after paying) add up to, and how the
    money handed back is recorded."""
    t = report.totals
    if not t.overpaid:
        return None
    return (
        f"Overpaid {dollars(t.overpaid)}: cards paid more than they now pay (scores corrected after paying) — "
        'listed under "Owed back to the pool"; when a player hands it back, record it with '
        f"`parlaycards entry pay {report.slug} SERIAL --returned AMOUNT`."
    )
