"""Printing benchmark: prints figures, asserts nothing.

    python benchmarks/print_bench.py            # 1,000 and 10,000 letter-2up cards, naive comparison

Whole process, start-up included: `parlaycards print` is run as a child process and timed from the
outside; its peak memory comes from getrusage of the children. The naive drawing (every box of every
card drawn again, the QR through ReportLab's widget) is timed in this process on a sample of cards.
Targets (issue 3): 1,000 cards ≤ 1.5 s; 10,000 ≤ 15 s and ≤ 200 MB; ≤ 1.2 KB a card; naive ≥ 15× slower.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo


def make_card():
    from parlaycards.core.models import Card, Game, Rules
    from parlaycards.core.numbering import assign
    from parlaycards.demo.samples import NFL_GAMES as TEAMS

    tz = ZoneInfo("America/New_York")
    base = datetime(2026, 11, 22, 13, 0, tzinfo=tz)
    nums = assign([True] * len(TEAMS))
    games = tuple(
        Game(
            league="NFL",
            kickoff=base + timedelta(hours=3 * (i // 6)),
            away=a,
            home=h,
            spread=Decimal(s),
            total=Decimal(t),
            numbers=nums[i],
        )
        for i, (a, h, s, t) in enumerate(TEAMS)
    )
    return Card(slug="nfl-w12", title="NFL Week 12 Parlay Card", games=games, rules=Rules(cutoff=base))


def command() -> list[str]:
    script = Path(sys.executable).with_name("parlaycards")
    if script.exists():
        return [str(script)]
    found = shutil.which("parlaycards")
    return [found] if found else [sys.executable, "-c", "from parlaycards.cli.main import main; main()"]


def run_print(db: Path, copies: int, out: Path) -> float:
    # As installed: byte-code caches allowed (an editable checkout gets them from the warm-up run).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {
        "PARLAYCARDS_DB": str(db)
    }
    start = time.perf_counter()
    subprocess.run(
        [*command(), "print", "nfl-w12", "--copies", str(copies), "--out", str(out)],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def naive_per_card(sample: int = 60) -> float:
    """Everything drawn per card: every box again, and the QR through ReportLab's QrCodeWidget."""
    from reportlab.graphics import renderPDF
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.graphics.shapes import Drawing

    from parlaycards.core.verify import qr_payload
    from parlaycards.io.templates import load_template
    from parlaycards.layout import fields
    from parlaycards.layout.card import layout_card
    from parlaycards.layout.sheet import card_origins
    from parlaycards.render.pdf import _text, draw, new_canvas

    card = make_card()
    t = load_template("letter-2up")
    lay = layout_card(card, t)
    origins = card_origins(t)
    q = lay.qr()
    with tempfile.TemporaryDirectory() as tmp:
        c = new_canvas(Path(tmp) / "naive.pdf", t, "naive")
        start = time.perf_counter()
        for n in range(1, sample + 1):
            slot = (n - 1) % len(origins)
            if slot == 0 and n > 1:
                c.showPage()
            c.saveState()
            c.translate(*origins[slot])
            draw(c, lay.static_boxes())
            values = fields.values(n, "K7F2Q9")
            for cell in lay.field_cells():
                _text(c, cell, values)
            widget = QrCodeWidget(
                qr_payload(card.slug, card.version, n, "K7F2Q9"),
                barLevel="Q",
                barWidth=q.rect.w,
                barHeight=q.rect.h,
                barBorder=4,
            )
            d = Drawing(q.rect.w, q.rect.h)
            d.add(widget)
            renderPDF.draw(d, c, q.rect.x, q.rect.y)
            c.restoreState()
        c.showPage()
        c.save()
        return (time.perf_counter() - start) / sample


def main() -> None:
    from reportlab.lib import rl_accel

    from parlaycards.store import Store
    from parlaycards.store import cards as card_rows

    c_funcs = sorted(getattr(rl_accel, "_c_funcs", {}))
    print(
        f"rl_accel: {'C accelerator in use' if c_funcs else 'pure Python fallback'} ({', '.join(c_funcs[:4])} …)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = folder / "bench.db"
        store = Store(f"sqlite:///{db}")
        with store.transaction() as tx:
            card_rows.save(tx, make_card(), "benchmark")
        store.dispose()
        run_print(
            db, 2, folder / "warm.pdf"
        )  # warm the file cache and byte-code caches, as any later run has
        runs = sorted(run_print(db, 1000, folder / "1k.pdf") for _ in range(3))
        t1k = runs[1]
        t10k = run_print(db, 10_000, folder / "10k.pdf")
        rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        size = (folder / "10k.pdf").stat().st_size / 10_000
        naive = naive_per_card()
    print(
        f"1,000 letter-2up cards, whole process:  {t1k:6.2f} s   (target ≤ 1.5 s; median of 3, "
        f"best {runs[0]:.2f} s)"
    )
    print(f"10,000 letter-2up cards, whole process: {t10k:6.2f} s   (target ≤ 15 s)")
    print(f"peak RSS of the print process:          {rss_mb:6.0f} MB  (target ≤ 200 MB)")
    print(f"PDF size per card:                      {size:6.0f} B   (target ≤ 1,200 B)")
    fast = t1k / 1000
    print(
        f"naive drawing, per card:                {naive * 1000:6.2f} ms  (everything per card, QrCodeWidget)"
    )
    print(f"reused form + one-path QR, per card:    {fast * 1000:6.2f} ms  (1,000-card run incl. start-up)")
    print(f"ratio naive / ours:                     {naive / fast:6.1f}×  (target ≥ 15×)")


if __name__ == "__main__":
    main()
