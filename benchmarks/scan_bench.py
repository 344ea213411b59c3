"""Scan benchmark: print real cards on every template, mark them as players do, scan and photograph
them, read them back with `parlaycards scan`, and score the read-back against what was drawn.

    python benchmarks/scan_bench.py [--cards 1000] [--seed 7] [--keep DIR [--reuse]]

Prints: silent misreads (an entry whose picks or stake differ from the marks, or under a serial
that was not the card's: must be 0), the share of plain cards entered without review (scanner and
phone), what became of the cards made doubtful on purpose, the review reasons, and the scan
command's pace (cards per second, whole process, rasterizing included) at 200 dpi.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import cv2
import numpy as np

from parlaycards.core.models import Card, Game, Rules
from parlaycards.core.numbering import assign
from parlaycards.demo import pen
from parlaycards.layout.templates import load_template
from parlaycards.services.printing import print_batch
from parlaycards.store import Store
from parlaycards.store import cards as card_rows

ET = ZoneInfo("America/New_York")
TEAMS = ["Buffalo", "Houston", "Dallas", "NY Giants", "Kansas City", "Las Vegas", "Green Bay", "Chicago", "Baltimore",
         "Pittsburgh", "Cincinnati", "Cleveland", "Miami", "New England", "NY Jets", "Indianapolis", "Jacksonville",
         "Tennessee", "Denver", "LA Chargers", "Philadelphia", "Washington", "Detroit", "Minnesota", "Atlanta",
         "New Orleans", "Carolina", "Tampa Bay", "San Francisco", "Seattle", "Arizona", "LA Rams"]
RECEIVED = "2026-11-20 12:00"
SOURCE_DPI = 250  # marks are drawn at this resolution, then scanned or photographed
# template → (games on the card, share of the cards)
PLAN = {"letter-2up": (16, 0.40), "letter-2up-stub": (16, 0.12), "a4-2up": (14, 0.12), "letter-3up": (10, 0.12),
        "letter-4up": (8, 0.12), "letter-1up": (30, 0.12)}
DOUBTS = ("double", "faint", "torn", "other-stake", "too-many", "duplicate-serial")


def make_card(slug: str, n: int) -> Card:
    base = datetime(2026, 11, 22, 13, 0, tzinfo=ET)
    nums = assign([True] * n)
    games = []
    for i in range(n):
        away, home = TEAMS[(2 * i) % 32], TEAMS[(2 * i + 1) % 32]
        if i >= 16:
            away, home = f"{away} St", f"{home} Tech"
        games.append(Game(league="NFL", kickoff=base + timedelta(hours=3 * (i // 6)), away=away, home=home,
                          spread=Decimal((i * 7) % 21 - 10) / 2, total=Decimal(38 + i % 14) + Decimal("0.5"),
                          numbers=nums[i]))
    return Card(slug=slug, title=f"Benchmark card {slug}", games=tuple(games), rules=Rules(cutoff=base))


@dataclass
class Truth:
    serial: int
    slug: str
    picks: tuple[int, ...]
    stake: str | None  # marked stake, None for none (scanned with --stake 5)
    quality: str  # scanner / phone
    doubt: str | None = None  # why it must go to review, None for a plain card
    where: list[str] = field(default_factory=list)  # file names holding it
    extras: list = field(default_factory=list)  # marks that must not count, or doubtful ones: (key, style)

    def expected_stake(self) -> Decimal:
        return Decimal(self.stake) if self.stake and self.stake != "other" else Decimal(5)


def plan_card(card: Card, serial: int, rng: np.random.Generator, doubt: str | None, quality: str) -> tuple[Truth, list]:
    """What to draw on one card: (the truth, extra marks that must not count or are doubtful)."""
    picks = pen.legal_picks(card, rng)
    stake = str(rng.choice(["1", "2", "5", "10", "20"])) if rng.random() < 0.7 else None
    extras: list[tuple[str, str]] = []
    taken = {g.key for g in card.games for n in picks if n in g.numbers.all()}
    free = [n for g in card.games if g.key not in taken for n in g.numbers.all()]
    if free and rng.random() < 0.3:
        extras.append((str(free[rng.integers(len(free))]), str(rng.choice(["erased", "stray"]))))
    if doubt == "double":
        g = card.game_by_number(picks[0])
        other = next(n for n in (g.numbers.away, g.numbers.home, g.numbers.over, g.numbers.under)
                     if n is not None and n != picks[0] and (n in (g.numbers.away, g.numbers.home))
                     == (picks[0] in (g.numbers.away, g.numbers.home)))
        picks = tuple(sorted((*picks, other)))
    elif doubt == "faint" and not free:
        return plan_card(card, serial, rng, "double", quality)
    elif doubt == "faint":
        extras.append((str(free[rng.integers(len(free))]), "faint"))
    elif doubt == "other-stake":
        stake = "other"
    elif doubt == "too-many":
        games = [g for g in card.games if g.key not in taken]
        extra = card.rules.max_picks + 1 - len(picks)
        if len(games) < extra:  # a small card cannot hold too many picks, one a game
            return plan_card(card, serial, rng, "double", quality)
        picks = tuple(sorted((*picks, *(int(g.numbers.away) for g in games[:extra]))))
    return Truth(serial, card.slug, picks, stake, quality, doubt, extras=extras), extras


def generate(folder: Path, total: int, rng: np.random.Generator, store: Store) -> tuple[list[Truth], dict]:
    """Print, mark and degrade `total` cards. Returns the truth and {slug: {"scanner": [...], "phone": [...]}}."""
    truths: list[Truth] = []
    files: dict[str, dict[str, list[Path]]] = {}
    made = 0
    for template, (games, share) in PLAN.items():
        slug = f"b-{template}"
        card = make_card(slug, games)
        with store.transaction() as tx:
            card_rows.save(tx, card, "benchmark")
        count = max(4, round(total * share))
        per = len(load_template(template).cards)
        count = -(-count // per) * per
        batch = print_batch(store, slug, copies=count, template=template, folder=folder / "printed")
        files[slug] = {"scanner": [], "phone": []}
        scanner_pages: list[np.ndarray] = []
        spots = [pen.bubbles_px(card, template, s, SOURCE_DPI) for s in range(per)]
        fids = _fiducials_px(card, template, SOURCE_DPI)
        pages = count // per
        for p in range(pages):
            page = pen.rasterize(batch.file, p, SOURCE_DPI)
            phone_page = rng.random() < 0.3
            quality = "phone" if phone_page else "scanner"
            drawn = []
            for slot in range(per):
                serial = batch.first + p * per + slot
                doubt = str(rng.choice(DOUBTS)) if rng.random() < 0.08 else None
                truth, extras = plan_card(card, serial, rng, doubt, quality)
                pen.mark_card(page, spots[slot], truth.picks, truth.stake, rng, extras=extras)
                if doubt == "torn":
                    corner = fids[slot][int(rng.integers(4))]
                    pen.cover_corner(page, corner, fids[slot][4], rng)
                truths.append(truth)
                drawn.append(truth)
                made += 1
            if phone_page:
                whole = per == 1 or rng.random() < 0.2  # the whole sheet in one photo, or each card torn off
                for slot, truth in enumerate(drawn):
                    piece = page if whole else pen.tear(page, template, slot, SOURCE_DPI, rng)
                    img = pen.phone(piece, rng, dpi_in=SOURCE_DPI, ppi=float(rng.uniform(140, 240)),
                                    tilt_deg=float(rng.uniform(0, 15)), quality=int(rng.integers(50, 96)),
                                    grey=bool(rng.random() < 0.3), blur=float(rng.uniform(0.3, 1.6)),
                                    motion=float(rng.uniform(2, 5)) if rng.random() < 0.2 else 0.0)
                    path = folder / "phone" / f"{slug}-{truth.serial:06d}.jpg"
                    path.parent.mkdir(parents=True, exist_ok=True)
                    cv2.imwrite(str(path), img)
                    truth.where.append(path.name)
                    files[slug]["phone"].append(path)
                    if piece is page:  # a whole sheet in one photo: every card on it is in the file
                        for other in drawn:
                            if other is not truth:
                                other.where.append(path.name)
                        break
            else:
                grey = cv2.cvtColor(page, cv2.COLOR_RGB2GRAY)
                if per > 1 and rng.random() < 0.1:
                    for slot in range(per):
                        scanner_pages.append(_scan(pen.tear(grey, template, slot, SOURCE_DPI, rng), rng))
                else:
                    scanner_pages.append(_scan(grey, rng))
                for truth in drawn:
                    truth.where.append(f"{slug}-scans.pdf")
            for truth in drawn:
                if truth.doubt == "duplicate-serial":  # the same card again, marked differently, in the same pile
                    again = pen.rasterize(batch.file, p, SOURCE_DPI)
                    slot = drawn.index(truth)
                    other, _ = plan_card(card, truth.serial, rng, None, quality)
                    pen.mark_card(again, spots[slot], other.picks, other.stake, rng)
                    piece = pen.tear(again, template, slot, SOURCE_DPI, rng) if per > 1 else again
                    if phone_page:
                        path = folder / "phone" / f"{slug}-{truth.serial:06d}-again.jpg"
                        cv2.imwrite(str(path), pen.phone(piece, rng, dpi_in=SOURCE_DPI, ppi=200, quality=80))
                        files[slug]["phone"].append(path)
                    else:
                        scanner_pages.append(_scan(cv2.cvtColor(piece, cv2.COLOR_RGB2GRAY), rng))
            if sys.stderr.isatty():
                print(f"\r  generating: {made} cards", end="", file=sys.stderr, flush=True)
        if scanner_pages:
            (folder / "scanner").mkdir(parents=True, exist_ok=True)
            files[slug]["scanner"].append(pen.write_pdf(scanner_pages, folder / "scanner" / f"{slug}-scans.pdf", 200))
    print(file=sys.stderr)
    return truths, files


def _scan(grey: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return pen.scanner(grey, rng, dpi_in=SOURCE_DPI, dpi_out=200, quarter_turns=int(rng.integers(4)),
                       skew_deg=float(rng.uniform(-3, 3)), dark_bed=bool(rng.random() < 0.2),
                       quality=int(rng.integers(50, 96)))


def _fiducials_px(card: Card, template: str, dpi: float) -> list[tuple]:
    from parlaycards.layout.card import layout_card
    from parlaycards.layout.sheet import card_origins

    t = load_template(template)
    layout = layout_card(card, t)
    k = dpi / 72
    page_h = t.page_size()[1]
    out = []
    for ox, oy in card_origins(t):
        pts = [((f.rect.x + f.rect.w / 2 + ox) * k, (page_h - (f.rect.y + f.rect.h / 2 + oy)) * k)
               for f in layout.fiducials()]
        out.append((*pts, layout.fiducials()[0].rect.w * k))
    return out


def run_scan(db: Path, slug: str, paths: list[Path]) -> tuple[dict, float]:
    cmd = [sys.executable, "-m", "parlaycards.cli.main", "--db", str(db), "scan", slug, *map(str, paths),
           "--stake", "5", "--received", RECEIVED, "--json"]
    t = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    elapsed = time.perf_counter() - t
    if done.returncode not in (0, 1):
        sys.exit(f"scan failed (exit {done.returncode}):\n{done.stderr}")
    return json.loads(done.stdout), elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--keep", type=Path, help="keep the generated inputs and the database here")
    ap.add_argument("--reuse", action="store_true", help="with --keep: scan the inputs generated there before")
    args = ap.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="scan-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "pool.db"
    db.unlink(missing_ok=True)
    store = Store(f"sqlite:///{db}")
    rng = np.random.default_rng(args.seed)
    printed = folder / "pool-printed.db"
    if args.reuse and printed.exists() and (folder / "truth.json").exists():
        store.dispose()
        shutil.copyfile(printed, db)
        truths = [Truth(**{**t, "picks": tuple(t["picks"])}) for t in json.loads((folder / "truth.json").read_text())]
        files = {}
        for slug in sorted({t.slug for t in truths}):
            files[slug] = {"scanner": sorted((folder / "scanner").glob(f"{slug}-scans.pdf")),
                           "phone": sorted((folder / "phone").glob(f"{slug}-0*.jpg"))}
        print(f"reusing {len(truths)} cards generated earlier in {folder}")
    else:
        t = time.perf_counter()
        truths, files = generate(folder, args.cards, rng, store)
        store.dispose()
        shutil.copyfile(db, printed)
        print(f"generated {len(truths)} cards in {time.perf_counter() - t:.0f} s into {folder}")
        (folder / "truth.json").write_text(json.dumps([t.__dict__ for t in truths], indent=1))
    by = {(tr.slug, tr.serial): tr for tr in truths}
    outcomes: list[tuple[str, dict]] = []
    pace: dict[str, list[float]] = {"scanner": [0.0, 0], "phone": [0.0, 0]}
    largest: tuple[str, float, int] = ("", 1.0, 0)
    for slug, kinds in files.items():
        for quality in ("scanner", "phone"):
            if not kinds[quality]:
                continue
            report, elapsed = run_scan(db, slug, kinds[quality])
            pace[quality][0] += elapsed
            pace[quality][1] += len(report["cards"])
            if quality == "scanner" and len(report["cards"]) > largest[2]:
                largest = (slug, elapsed, len(report["cards"]))
            outcomes += [(slug, c) for c in report["cards"]]
    misreads, entered, review_kinds = [], Counter(), Counter()
    doubt_seen: dict[str, Counter] = {d: Counter() for d in DOUBTS}
    for slug, c in outcomes:
        truth = by.get((slug, int(c["serial"]))) if c["serial"] else None
        if c["status"] == "entered" and (truth is None or truth.doubt not in (None, "faint")
                                         or tuple(c["picks"]) != truth.picks
                                         or Decimal(c["stake"]) != truth.expected_stake()):
            misreads.append((c, truth))
        if c["status"] == "review":
            review_kinds[c["reasons"][0].split(":")[0][:70] if c["reasons"] else "?"] += 1
        if truth is not None:
            if truth.doubt:
                doubt_seen[truth.doubt][c["status"]] += 1
            else:
                entered[(truth.quality, c["status"])] += 1
    plain = Counter(t.quality for t in truths if not t.doubt)
    print(f"\nsilent misreads: {len(misreads)}")
    for c, truth in misreads[:20]:
        print(f"  {c['where']}: entered {c['serial']} {c['picks']} at {c['stake']}; drawn "
              f"{truth.picks if truth else '(no such card)'} at {truth.expected_stake() if truth else ''}"
              f" ({truth.doubt if truth else ''}; other marks {truth.extras if truth else ''})")
    for quality in ("scanner", "phone"):
        n = plain[quality]
        ok = entered[(quality, "entered")]
        print(f"{quality}-quality plain cards entered without review: {ok} of {n} ({100 * ok / max(n, 1):.2f} %)")
    print("cards made doubtful on purpose (what became of them):")
    for d, seen in doubt_seen.items():
        print(f"  {d:17} " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))
    print("review reasons (first reason of each card):")
    for reason, n in review_kinds.most_common(12):
        print(f"  {n:5}  {reason}")
    for quality, (secs, n) in pace.items():
        if n:
            print(f"scan pace, {quality} inputs: {n} cards in {secs:.1f} s = {n / secs:.1f} cards/s "
                  f"({1000 * secs / n:.1f} ms a card; {len(files)} runs of the whole command, start-up included)")
    big, secs, n = largest
    print(f"scan pace, the largest run ({big}, scanner PDF at 200 dpi): {n} cards in {secs:.1f} s = "
          f"{n / secs:.1f} cards/s, whole process")
    if not args.keep:
        print(f"(inputs left in {folder}; pass --keep DIR to choose where)")


if __name__ == "__main__":
    main()
