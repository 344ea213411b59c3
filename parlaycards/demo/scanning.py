"""The demo's scan: a dozen sample cards printed, marked as players mark them, scanned and photographed,
then read back with `scan`: eleven are entered, one (both sides of a game marked) waits in review."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, time
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from ..services import printing
from ..services import scan as scan_svc
from ..store import Store
from ..store import cards as card_rows
from . import marks
from .steps import printed_on

SLUG = "nfl-w12"
CARDS = 12


def demo_scan(store: Store, out: Path, _samples: Path, progress: Callable[[str], None]) -> list[str]:
    progress("Marking a dozen cards and scanning them back …")
    batch = printing.print_batch(
        store, SLUG, copies=CARDS, template="letter-2up", folder=out, printed_at=printed_on(store, SLUG)
    )
    with store.transaction() as tx:
        card = card_rows.latest(tx, SLUG)
    folder = out / "scans"
    marks.demo_marks(batch.file, card, batch.first or 0, folder)
    pdf, jpg = folder / "scans.pdf", folder / "photo.jpg"
    zone = ZoneInfo(card.timezone)
    days = [
        g.kickoff.astimezone(zone).date() if isinstance(g.kickoff, datetime) else g.kickoff
        for g in card.games
        if g.kickoff is not None
    ]
    received = datetime.combine(min(days), time(9), zone) if days else None  # the morning of the first game
    report = scan_svc.scan_cards(
        store,
        SLUG,
        [pdf, jpg],
        stake=Decimal(2),
        received=received,  # $2 where none is marked
        folder=scan_svc.crops_folder(str(store.url)),
    )
    said = [
        f"Printed {CARDS} more cards of {SLUG} (serials {batch.first:06d}–{batch.last:06d}), marked them as players "
        f"do and scanned them back from {pdf} and {jpg}: {report.count('entered')} entered, "
        f"{report.count('review')} waiting for review."
    ]
    for c in report.cards:
        if c.status == "review":
            said.append(
                f"  To review: card {c.serial or '(unread)'} — {'; '.join(c.reasons)}. Crop: {c.crop}"
            )
    said.append(
        f"  (decide with: parlaycards --db {out / 'demo.db'} review {SLUG} --accept SERIAL --picks … "
        'or --reject SERIAL --reason "…")'
    )
    return said
