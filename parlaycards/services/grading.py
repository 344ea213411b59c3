"""Grade a card: settle every entry with the version its serial was printed from, store the settlements.

Re-grading the same inputs stores the same rows and reports no change; after a corrected score the
report lists exactly the entries whose outcome or payout moved (against what the last grade stored).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core import bulk
from ..core.money import ZERO
from ..io.files import atomic_output
from ..report.grade import GradeChange, Report, Restored, build_report
from ..store import Store, retry_conflicts
from ..store import cards as card_rows
from ..store import entries as entry_rows
from ..store import results as result_rows
from ..store import settlements as settlement_rows
from ..store import voids as void_rows

if TYPE_CHECKING:
    from ..store import Tx


@contextmanager
def bulk_work() -> Iterator[None]:
    """Pause Python's cycle collector while 100,000s of small objects are made (it would walk them all,
    again and again, and halve the speed); nothing made here forms a cycle. Restored on the way out,
    with what exists then set aside from its later walks (gc.freeze: a report of a million entries is
    not walked again while it is printed; those objects are still freed when no longer used)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()


@retry_conflicts
def grade(store: Store, slug: str) -> Report:
    """Settle every entry of every printed version of `slug` against the card's results, and store it."""
    with bulk_work(), store.transaction() as tx:
        report, before, after = _settle(tx, slug)
        written = settlement_rows.replace(tx, slug, after, before)
        if written:
            t = report.totals
            tx.audit(
                "grade",
                slug,
                entries=t.entries,
                rows_written=written,
                changed=len(report.changes),
                stakes=str(t.stakes),
                payouts=str(t.payouts),
                net=str(t.net),
                pending=t.pending,
            )
    return report


def preview(store: Store, slug: str) -> tuple[Report, bool]:
    """The report `grade` would make now, stored nowhere (what `serve` shows players), and whether the
    last grade stored is this one (every entry graded on the latest results)."""
    with store.reading() as tx:
        report, before, after = _settle(tx, slug)
    return report, bool(before) and not report.changes and len(before) == len(after)


def _settle(tx: Tx, slug: str) -> tuple[Report, Mapping[int, Any], Mapping[int, Any]]:
    """The report of `slug` on its results now, with the settlements stored before and those it makes."""
    latest = card_rows.latest(tx, slug)
    entries = entry_rows.for_grading(tx, slug)
    versions = {v: card_rows.get(tx, slug, v) for v, _, _ in card_rows.history(tx, slug)}
    cards = {v: versions[v] for v in sorted({e.version for e in entries})}
    results = result_rows.of(tx, slug)
    graded = bulk.grade_entries(cards, entries, results)
    before = settlement_rows.seen(tx, slug)
    after = settlement_rows.stored(graded)
    payments = entry_rows.payments(tx, slug)
    paid = {s: p.amount for s, p in payments.items()}
    changes = tuple(
        GradeChange(
            e.serial, e.name, old.outcome, old.amount, new.outcome, new.amount, paid.get(e.serial, ZERO)
        )
        for e in entries
        if (old := before.get(int(e.serial))) is not None
        and ((new := after[int(e.serial)]).outcome, new.payout) != (old.outcome, old.payout)
    )
    report = build_report(
        latest, versions, graded, results, paid, changes, played=card_rows.printed_versions(tx, slug)
    )
    report = replace(
        report,
        voided=tuple(void_rows.of(tx, slug)),
        restored=tuple(
            Restored(p.serial, p.amount, datetime.fromisoformat(p.at))
            for p in payments.values()
            if p.restored
        ),
    )
    return report, before, after


def write_outputs(
    report: Report,
    xlsx: Path | None = None,
    pdf: Path | None = None,
    say: Callable[[str], None] = lambda _: None,
) -> list[Path]:
    """Write the report's workbook and wall sheet where asked."""
    written = []
    if xlsx is not None:
        from ..report.grade_xlsx import write_report_xlsx

        with atomic_output(xlsx) as part:  # whole or not at all
            write_report_xlsx(report, part)
        written.append(xlsx)
        say(f"Wrote {xlsx}")
    if pdf is not None:
        from ..report.grade_pdf import write_report_pdf

        with atomic_output(pdf) as part:
            write_report_pdf(report, part)
        written.append(pdf)
        say(f"Wrote {pdf}")
    return written
