"""What a scan run makes of the cards it read, in one transaction: each card entered, a duplicate, or
kept for review with its reasons; every read kept as a scan row beside its crop."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import Source
from ..core.models import Entry
from ..core.text import dollars
from ..core.verify import format_serial
from ..io.entries import RawEntry
from ..report.entries import entry_fields
from ..store import Store, Tx, retry_conflicts
from ..store import entries as entry_rows
from ..store import scans as scan_rows
from .checks import Checks

if TYPE_CHECKING:
    from ..scan.cards import Scanned  # OpenCV: loaded by a scan only


@dataclass(frozen=True)
class CardOutcome:
    """What became of one card read: `entered`, `duplicate` or `review`, and why."""

    where: str
    serial: str | None
    status: str
    reasons: tuple[str, ...]
    picks: tuple[int, ...] | None
    stake: Decimal | None
    crop: str


@dataclass
class _Batch:
    """What one scan run knows while it decides card after card: the scans of each serial, the first place
    each serial was entered from, and the entries made."""

    slug: str
    when: datetime
    late: bool
    now: datetime
    by_serial: dict[int, list[Scanned]]
    first_seen: dict[int, object] = field(default_factory=dict)
    stored: list[Entry] = field(default_factory=list)


@retry_conflicts
def keep_read(
    store: Store, slug: str, read: list[Scanned], pages: int, folder: Path, when: datetime, late: bool
) -> tuple[CardOutcome, ...]:
    """What becomes of every card read from `pages` pages: entered, a duplicate, or kept for review
    (its crop saved in `folder`), in one transaction."""
    from ..scan.batch import save_crop

    # one scan of a serial, or several that agree, is one card; several that disagree all go to review
    by_serial: dict[int, list[Scanned]] = {}
    for s in read:
        if s.serial is not None and s.slug == slug:
            by_serial.setdefault(s.serial, []).append(s)
    run = _Batch(slug, when, late, datetime.now(UTC), by_serial)
    outcomes: list[CardOutcome] = []
    rows: list[scan_rows.ScanRow] = []
    from .scan import write_crop

    crops = [s.crop_file or save_crop(folder, slug, s, write_crop) for s in read]
    with store.transaction() as tx:
        checks = Checks(tx, slug)
        checks.prefetch([s.serial for s in read if s.serial is not None])
        for s, crop in zip(read, crops, strict=True):
            picks = s.marked.picks if s.marked else None
            amount = s.marked.stake if s.marked else None
            status, reasons = _verdict(tx, checks, run, s, picks, amount)
            serial = format_serial(s.serial) if s.serial else None
            outcomes.append(CardOutcome(s.where, serial, status, tuple(reasons), picks, amount, crop))
            rows.append(_scan_row(run, s, crop, picks, amount, status, reasons))
        _keep(tx, run, rows)
        tx.audit(
            "scan",
            slug,
            pages=pages,
            read=len(read),
            entered=len(run.stored),
            review=sum(o.status == "review" for o in outcomes),
            duplicates=sum(o.status == "duplicate" for o in outcomes),
        )
    return tuple(outcomes)


def _verdict(
    tx: Tx, checks: Checks, run: _Batch, s: Scanned, picks: tuple[int, ...] | None, amount: Decimal | None
) -> tuple[str, list[str]]:
    """What becomes of one scanned card: entered (added to `run.stored`), a duplicate, or kept for
    review, and why."""
    slug = run.slug
    status, reasons = "review", list(s.doubts)
    if s.serial is not None and s.slug == slug and s.code and (bad := checks.code_refusal(s.serial, s.code)):
        return status, [bad, *reasons]  # another pool's card, or a forged one: never a rescan of ours
    if (
        reasons
        and s.serial is not None
        and s.slug == slug
        and all(d.startswith("stake not marked") for d in reasons)
    ):  # a card already entered, scanned again: its picks match, and no stake was marked either time
        old = entry_rows.get(tx, s.serial)
        if old is not None and old[0] == slug and old[1].picks == picks:
            return "duplicate", [f"card {format_serial(s.serial)} was already entered with the same marks"]
    if reasons and (already := _already(tx, slug, s, reasons)) is not None:
        return already
    if not reasons and s.slug != slug:
        reasons.append(
            f"this is {s.slug} v{s.version}, not {slug}: scan it with `parlaycards scan {s.slug} …`"
        )
    if reasons:
        return status, reasons
    if s.serial is None:  # the reader says why whenever it reads no serial
        raise ValueError(f"{s.where}: no serial read, and no doubt said")
    serial = s.serial
    same = run.by_serial[serial]
    if len(same) > 1 and any(_marks(o) != _marks(same[0]) or o.doubts for o in same):
        others = ", ".join(o.where for o in same if o is not s)
        reasons.append(
            f"serial {format_serial(serial)} was scanned more than once, not read the same "
            f"each time (also at {others}): a photocopy, a card marked again, or a doubtful "
            "read; compare the crops"
        )
    elif serial in run.first_seen:
        status = "duplicate"
        reasons.append(
            f"the same card with the same marks was scanned twice; entered once "
            f"(first at {run.first_seen[serial]})"
        )
    if reasons:
        return status, reasons
    run.first_seen[serial] = s.where
    old = entry_rows.get(tx, serial)
    if old is not None and old[0] == slug and old[1].picks == picks and old[1].stake == amount:
        return "duplicate", [f"card {format_serial(serial)} was already entered with the same marks"]
    if old is not None:
        return status, [
            f"serial {format_serial(serial)} was already entered"
            + (f" on card {old[0]}" if old[0] != slug else " with other picks or stake")
            + ": a photocopy, or the card scanned again with different marks"
        ]
    raw = RawEntry(Source(file=s.where), serial, s.code, "", amount, picks, run.when, run.late)
    entry, refused = checks.check(raw, where=s.where, late=run.late, source="scan", now=run.now)
    if entry is None:
        return status, reasons + refused
    run.stored.append(entry)
    return "entered", reasons


def _already(tx: Tx, slug: str, s: Scanned, doubts: list[str]) -> tuple[str, list[str]] | None:
    """A doubtful read of a card already entered says so first: with no marks read at all, it is not entered
    again (nothing to enter: a duplicate); with marks in doubt, it waits in review beside the entry to
    compare with. None when the serial is not entered on this card."""
    serial = s.serial
    old = entry_rows.get(tx, serial) if serial is not None and s.slug == slug else None
    if serial is None or old is None or old[0] != slug:
        return None
    how = {"typed": "typed in", "imported": "imported", "scan": "scanned"}.get(old[1].source, old[1].source)
    said = (
        f"card {format_serial(serial)} was already entered ({how}, picks "
        f"{','.join(map(str, old[1].picks))} at {dollars(old[1].stake)})"
    )
    if all(d.startswith("no marks on the card") for d in doubts):
        return "duplicate", [f"{said}; this scan shows no marks, so it is not entered again"]
    return "review", [f"{said}: compare this scan with it", *doubts]


def _scan_row(
    run: _Batch,
    s: Scanned,
    crop: str,
    picks: tuple[int, ...] | None,
    amount: Decimal | None,
    status: str,
    reasons: list[str],
) -> scan_rows.ScanRow:
    from ..store.tx import iso

    return scan_rows.ScanRow(
        0,
        run.slug,
        s.serial,
        s.version,
        s.code,
        s.file,
        s.page,
        crop,
        picks,
        amount,
        run.when,
        run.late,
        status,
        tuple(reasons),
        iso(run.now),
    )


def _keep(tx: Tx, run: _Batch, rows: list[scan_rows.ScanRow]) -> None:
    """The entries made, and every scan row; earlier open review rows settled by this scan are closed."""
    slug, now = run.slug, run.now
    if run.stored:
        entry_rows.insert_many(tx, slug, run.stored)
        tx.audit_many("entry.add", slug, [entry_fields(e) for e in run.stored])
        # an earlier doubtful read of a card now entered with the same picks (other marks still wait)
        entered = {int(e.serial): e.picks for e in run.stored}
        for waiting in scan_rows.of(tx, slug, scan_rows.OPEN):
            if waiting.serial in entered and waiting.picks == entered[waiting.serial]:
                scan_rows.resolve(tx, waiting.id, "duplicate", "entered by a later scan", now)
    # a card scanned again: its earlier open review rows are replaced by what this scan made of it; a card
    # of another pool or version that carries the same serial is not that card, and replaces nothing
    again = [r for r in rows if r.serial is not None]
    for waiting in scan_rows.of(tx, slug, scan_rows.OPEN) if again else ():
        if any(_same_card(waiting, r) for r in again):
            scan_rows.resolve(tx, waiting.id, "replaced", "scanned again: replaced by the later scan", now)
    scan_rows.add_many(tx, rows)


def _same_card(a: scan_rows.ScanRow, b: scan_rows.ScanRow) -> bool:
    """Two reads of one printed card: the same serial and version, and the same verify code when both
    were read (another pool's card 000123 has another code)."""
    if a.serial != b.serial or a.version != b.version:
        return False
    return not (a.code and b.code) or a.code.upper() == b.code.upper()


def _marks(s: Scanned) -> tuple[tuple[int, ...] | None, Decimal | None]:
    return (s.marked.picks, s.marked.stake) if s.marked else (None, None)


# ---------------------------------------------------------------------------------------------- review
