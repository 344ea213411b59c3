"""The demo's steps after the import: printing, the pool (entries, finals, grading, a payment) and the
office pick'em pool. Each takes the store, the output folder and the sample folder, and says what it did."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

from ..core.handed import EntrySheet
from ..core.money import dollars
from ..services import grading as grading_svc
from ..services import pickem as pickem_svc
from ..services import printing as printing_svc
from ..store import Store
from ..store import cards as card_rows


def printed_on(store: Store, slug: str) -> datetime | None:
    """When the demo's cards of `slug` are printed: three days before the card's first game (the sample
    week is gone by; cards are handed in after they are printed)."""
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
    first = min((g.kickoff for g in card.games if isinstance(g.kickoff, datetime)), default=None)
    return first - timedelta(days=3) if first is not None else None


def print_step(store: Store, out: Path, samples: Path, progress: Callable[[str], None]) -> list[str]:
    """The demo's printing: a batch of NFL cards and a proof, the college card 1-up, combo cards,
    a calibration sheet and a pick'em sheet, all under `out`."""
    progress("Printing sample cards …")
    said = []
    for slug, copies, template in (
        ("nfl-w12", 40, "letter-2up"),
        ("ncaa-w13", 4, "letter-1up"),
        ("combo-w12", 10, "letter-2up"),
    ):
        done = printing_svc.print_batch(
            store, slug, copies=copies, template=template, folder=out, printed_at=printed_on(store, slug)
        )
        said.append(
            f"Printed {done.copies} cards of {slug} v{done.version} on {template} "
            f"(serials {done.first:06d}–{done.last:06d}): {done.file}"
        )
    proof = printing_svc.print_batch(store, "nfl-w12", proof=True, folder=out)
    said.append(f"Printed a proof of nfl-w12 (no serials used): {proof.file}")
    said.append(f"Calibration sheet: {printing_svc.calibrate('letter-2up', folder=out)}")
    said.append(f"Pick'em sheet: {printing_svc.pickem_sheet(store, 'nfl-w12', folder=out)}")
    said.append('Print the PDFs at 100% ("Actual size"), never "Fit to page".')
    return said


def pool_step(store: Store, out: Path, samples: Path, progress: Callable[[str], None]) -> list[str]:
    """The demo's pool on nfl-w12: enter the sample cards, import the finals, grade, pay the top winner,
    write the workbook and the wall sheet under `out`."""
    from ..services import entries as entry_svc
    from ..services import results as result_svc
    from . import samples_pool

    slug = "nfl-w12"
    entries_file, scores_file = samples / samples_pool.ENTRIES, samples / samples_pool.SCORES
    if not entries_file.exists() or not scores_file.exists():
        samples_pool.write_all(samples, samples)
    with store.transaction() as tx:
        printed = card_rows.printed_versions(tx, slug)
    if not printed:
        return [f"Skipped entries and grading: no cards of {slug} were printed, so no serial can be entered."]
    progress("Entering the cards handed in …")
    said = []
    done = entry_svc.import_entries(store, slug, EntrySheet(entries_file))
    said.append(
        f"Entered {len(done.stored)} cards from {entries_file}; refused {len(done.refused)} "
        "(the sample sheet has bad rows on purpose):"
    )
    said += [f"  {r}" for r in done.refused]
    scores = result_svc.import_results(store, slug, scores_file)
    cancelled = [c.game.label() for c in scores.changes if c.new.cancelled]
    said.append(
        f"Stored {len(scores.changes)} results from {scores_file}"
        + (f" ({', '.join(cancelled)}: postponed, no action)." if cancelled else ".")
    )
    report = grading_svc.grade(store, slug)
    if report.winners:
        top = report.winners[0]
        paid = entry_svc.pay(store, slug, int(top.serial))
        said.append(
            f"Paid {dollars(paid.amount)} to {top.name} (card {top.serial}); the other winners show unpaid."
        )
        report = grading_svc.grade(store, slug)
    t = report.totals
    files = grading_svc.write_outputs(report, out / f"{slug}-report.xlsx", out / f"{slug}-report.pdf")
    said.append(
        f"Graded {slug}: {t.entries} cards, {len(report.winners)} paid back, stakes {dollars(t.stakes)}, "
        f"payouts {dollars(t.payouts)}, net to the pool {dollars(t.settled_net)}. Report: {files[0]}; wall sheet: {files[1]}"
    )
    return said


def pickem_step(store: Store, out: Path, samples: Path, progress: Callable[[str], None]) -> list[str]:
    """The demo's office pick'em pool on nfl-w12: twelve sample entrants, graded on whatever results exist."""
    from . import samples_pickem

    with store.transaction() as tx:
        card = card_rows.latest(tx, "nfl-w12")
    sheet = samples / samples_pickem.FILE
    if not sheet.exists():
        sheet = samples_pickem.write_sample(card, out / "sample_lines" / samples_pickem.FILE)
    progress("Pick'em: office pool on nfl-w12…")
    from ..core.prizes import parse_prizes

    view = pickem_svc.create_pool(
        store,
        "office-w12",
        card="nfl-w12",
        fee=Decimal(10),
        prizes=parse_prizes("60%,30%,10%"),
        season="Office 2026",
        made_at=printed_on(store, "nfl-w12"),  # the sample week is gone by: the pool was made before it
    )
    first = min((g.kickoff for g in card.games if isinstance(g.kickoff, datetime)), default=None)
    handed_in = (
        first - timedelta(hours=6) if first is not None else None
    )  # the sheet came in before the first game
    got = pickem_svc.import_entries(store, "office-w12", EntrySheet(sheet, received=handed_in))
    report = pickem_svc.grade(store, "office-w12")
    path = pickem_svc.write_week(report, out / "pickem-nfl-w12.xlsx")
    said = [
        f"Pick'em pool office-w12 on nfl-w12 ({len(view.games)} games, against the spread, $10 entry, "
        f"60/30/10): {len(got.stored)} entrants from {sheet}"
        + (f", {len(got.refused)} refused." if got.refused else ".")
    ]
    scored = len(report.results)
    leaders = [s for s in report.standings if s.place == 1]
    if scored and leaders:
        said.append(
            f"Pick'em graded on {scored} of {len(report.games)} results"
            + ("" if report.final else " (provisional)")
            + ": "
            + " and ".join(s.name for s in leaders)
            + (" lead" if len(leaders) > 1 else " leads")
            + f" with {leaders[0].score.normalize():f} points; "
            f"pot {dollars(report.pot)}."
        )
    else:
        said.append("Pick'em: no results yet, so every score is 0 for now.")
    said.append(f"Pick'em report: {path}")
    return said
