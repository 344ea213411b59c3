"""The demo's scan: a dozen sample cards printed, marked as players mark them, scanned and photographed,
then read back with `scan`: eleven are entered, one (both sides of a game marked) waits in review."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import cv2
import numpy as np

from ..services import printing
from ..services import scan as scan_svc
from ..store import Store
from ..store import cards as card_rows
from . import pen

SLUG = "nfl-w12"
DPI = 200
CARDS = 12


def demo_scan(store: Store, out: Path, _samples: Path, progress: Callable[[str], None]) -> list[str]:
    progress("Marking a dozen cards and scanning them back …")
    batch = printing.print_batch(store, SLUG, copies=CARDS, template="letter-2up", folder=out)
    with store.transaction() as tx:
        card = card_rows.latest(tx, SLUG)
    rng = np.random.default_rng(12)
    spots = [pen.bubbles_px(card, "letter-2up", slot, DPI) for slot in (0, 1)]
    styles = (("solid",), ("scribble",), ("tick",), ("cross",), ("pencil",), ("solid", "partial"))
    scans, photo = [], None
    for page in range(CARDS // 2):
        img = pen.rasterize(batch.file, page, DPI)
        for slot in (0, 1):
            picks = pen.legal_picks(card, rng)
            if page == CARDS // 2 - 1 and slot == 1:  # the doubtful one: both sides of its first game
                g = card.game_by_number(picks[0])
                picks = tuple(sorted({*picks, g.numbers.away, g.numbers.home}))
            stake = str(rng.choice(["1", "2", "5", "10", "20"]))
            pen.mark_card(img, spots[slot], picks, stake, rng, styles=styles[page], colour="blue" if page % 2 else "black")
        if page < CARDS // 2 - 1:
            scans.append(pen.scanner(img, rng, dpi_in=DPI, quarter_turns=2 if page == 2 else 0,
                                     skew_deg=float(rng.uniform(-2, 2)), quality=80))
        else:  # the last sheet torn in two: one half photographed with a phone, the other scanned
            scans.append(pen.scanner(pen.tear(img, "letter-2up", 1, DPI, rng), rng, dpi_in=DPI, quality=80))
            photo = pen.phone(pen.tear(img, "letter-2up", 0, DPI, rng), rng, dpi_in=DPI, ppi=180, tilt_deg=10,
                              quality=75)
    folder = out / "scans"
    folder.mkdir(parents=True, exist_ok=True)
    pdf = pen.write_pdf(scans, folder / "monday-scans.pdf", DPI)
    jpg = folder / "phone-photo.jpg"
    cv2.imwrite(str(jpg), photo)
    zone = ZoneInfo(card.timezone)
    days = [g.kickoff.astimezone(zone).date() if isinstance(g.kickoff, datetime) else g.kickoff
            for g in card.games if g.kickoff is not None]
    received = f"{min(days):%Y-%m-%d} 09:00" if days else None  # the morning of the first game
    report = scan_svc.scan_cards(store, SLUG, [pdf, jpg], received=received,
                                 folder=scan_svc.crops_folder(str(store.url)))
    said = [f"Printed {CARDS} more cards of {SLUG} (serials {batch.first:06d}–{batch.last:06d}), marked them as players "
            f"do and scanned them back from {pdf} and {jpg}: {report.count('entered')} entered, "
            f"{report.count('review')} waiting for review."]
    for c in report.cards:
        if c.status == "review":
            said.append(f"  To review: card {c.serial or '(unread)'} — {'; '.join(c.reasons)}. Crop: {c.crop}")
    said.append(f"  (decide with: parlaycards --db {out / 'demo.db'} review {SLUG} --accept SERIAL --picks … "
                'or --reject SERIAL --reason "…")')
    return said
