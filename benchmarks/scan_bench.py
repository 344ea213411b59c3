"""Scan benchmark: cards printed on every template, marked as players mark them (parlaycards.demo.marks),
scanned and photographed, read back with the `parlaycards scan` command, and scored against what was drawn.

    python benchmarks/scan_bench.py [--marker own|heldout] [--cards 1000] [--seed 7] [--games 16,18,20,21]
                                    [--keep DIR [--generate-only | --reuse]]

--marker: who draws the marks and takes the pictures. `own` is parlaycards.demo.marks and
demo.paper, which the reader was tuned on; `heldout` is parlaycards.demo.heldout, a marker and
camera model written apart from the reader from a description only (pen paths with pressure and
skips, graphite grain, spills, ticks and crosses of every size, erasures; lens distortion, shadows,
chroma-subsampled JPEG, whole sheets from arm's length). Report the figures on the held-out marker,
on a seed the reader was not tuned on. The held-out cards also carry erasures (share ERASED_SHARE,
a pick rubbed out beside the real marks: never a pick) and QRs scribbled over (share SCRIBBLED_SHARE:
each must still be identified by its printed serial).

--games: letter-2up cards of these game counts, in equal shares, instead of the mix of every template.

Prints: silent misreads (an entry whose picks or stake differ from the marks, or under a serial that
was not the card's: must be 0), the share of plain cards entered without review (scanner and phone
quality), what became of the cards made doubtful on purpose, the review reasons, and the pace of the
scan command (whole process, rasterizing included). With --keep, DIR holds the inputs (scanner/,
phone/), the pool as printed (pool-printed.db) and truth.json: every card drawn, where it is, and
what a reader should make of it.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np

from parlaycards.core.models import Card, Game, Rules
from parlaycards.core.numbering import assign
from parlaycards.demo import marks, paper
from parlaycards.demo.samples import NFL_CITIES
from parlaycards.io.templates import load_template
from parlaycards.services.printing import print_batch
from parlaycards.store import Store
from parlaycards.store import cards as card_rows

ET = ZoneInfo("America/New_York")
TEAMS = list(NFL_CITIES)
RECEIVED = "2026-11-20 12:00"  # before every card's cutoff
PRINTED = datetime(2026, 11, 17, 14, 0, tzinfo=UTC)  # the cards were printed before they were handed in
SOURCE_DPI = 250  # pages are rasterized and marked at this resolution, then scanned or photographed
SCAN_DPI = 200
STAKE = Decimal(5)  # scan --stake: the stake of a card with none marked
PAGES_A_PDF = 50
DOUBTFUL_SHARE = 0.08
PHONE_SHARE = 0.3
ERASED_SHARE = 0.15  # held-out marker: plain cards with a pick rubbed out beside the real marks
THOROUGH_SHARE = 0.8  # ... most of them erased well; the rest left dark enough that a person hesitates
SCRIBBLED_SHARE = 0.03  # held-out marker: cards whose QR is scribbled over


@dataclass(frozen=True)
class Kind:
    """One card of the benchmark: its template, games, rules and share of the cards."""

    template: str
    games: int
    rules: Rules
    share: float
    college: bool = False
    slug: str = ""  # b-TEMPLATE unless given


CUTOFF = datetime(2026, 11, 22, 13, 0, tzinfo=ET)
KINDS = (
    Kind("letter-2up", 16, Rules(cutoff=CUTOFF), 0.40),
    Kind("letter-2up-stub", 16, Rules(max_picks=8, same_game=True, cutoff=CUTOFF), 0.12),
    Kind("letter-3up", 10, Rules(max_picks=6, cutoff=CUTOFF), 0.12),
    Kind("letter-4up", 8, Rules(max_picks=5, cutoff=CUTOFF), 0.12),
    Kind("letter-1up", 60, Rules(cutoff=CUTOFF), 0.12, college=True),
    Kind("a4-2up", 16, Rules(same_game=True, cutoff=CUTOFF), 0.12),
)

# a review reason that fits each way a card was made doubtful (any of these words, in any reason)
FITTING = {
    "double": ("both sides", "over and under"),
    "unsure": ("unsure", "erased or light"),
    "torn": ("corner",),
    "other-stake": ('"other', "other stake"),
    "too-many": ("at most",),
    "duplicate-serial": ("more than once", "already entered", "scanned twice"),
    "erased-poorly": (
        "erased or light",
    ),  # held-out marker: a pick rubbed out, left nearly as dark as the marks
}


def make_card(kind: Kind) -> Card:
    """The benchmark's card for one template, built in code."""
    nums = assign([True] * kind.games)
    games = []
    for i in range(kind.games):
        away, home = TEAMS[(2 * i) % 32], TEAMS[(2 * i + 1) % 32]
        if i >= 16:  # past a week's 16 games: the same teams in new pairs
            away, home = TEAMS[(2 * i + 1) % 32], TEAMS[(2 * i + 4) % 32]
        if kind.college:  # every team plays more than once, never the same pair
            away, home = TEAMS[i % 32], TEAMS[(i + 7 + 3 * (i // 32)) % 32]
        games.append(
            Game(
                league="NCAA" if kind.college else "NFL",
                away=away,
                home=home,
                kickoff=CUTOFF + timedelta(hours=3 * (i // 12)),
                spread=Decimal((i * 7) % 21 - 10) / 2,
                total=Decimal(38 + i % 14) + Decimal("0.5"),
                numbers=nums[i],
            )
        )
    return Card(
        slug=kind.slug or f"b-{kind.template}",
        title=f"Benchmark {kind.template}",
        games=tuple(games),
        rules=kind.rules,
    )


# ------------------------------------------------------------------------------------------ generate


class Piles:
    """The inputs being written: per slug, scanner pages (into PDFs of PAGES_A_PDF) and photo files."""

    def __init__(self, folder: Path, per_pdf: int = PAGES_A_PDF) -> None:
        self.folder = folder
        self.per_pdf = per_pdf
        self.pages: dict[str, list[np.ndarray]] = defaultdict(list)
        self.files: dict[str, dict[str, list[str]]] = defaultdict(lambda: {"scanner": [], "phone": []})
        self.cards: list[dict] = []

    def _pdf_name(self, slug: str, n: int) -> Path:
        return self.folder / "scanner" / f"{slug}-{n + 1:02d}.pdf"

    def scan(self, slug: str, image: np.ndarray, cards: list[marks.Marked]) -> None:
        done = len(self.files[slug]["scanner"])
        pdf = self._pdf_name(slug, done)
        self.pages[slug].append(image)
        self._truth(slug, "scanner", pdf, len(self.pages[slug]) - 1, cards)
        if len(self.pages[slug]) == self.per_pdf:
            self.flush(slug)

    def flush(self, slug: str) -> None:
        if self.pages[slug]:
            pdf = self._pdf_name(slug, len(self.files[slug]["scanner"]))
            pdf.parent.mkdir(parents=True, exist_ok=True)
            paper.write_scanner_pdf(self.pages[slug], pdf, SCAN_DPI)
            self.files[slug]["scanner"].append(str(pdf.relative_to(self.folder)))
            self.pages[slug] = []

    def photo(self, slug: str, image: np.ndarray, name: str, cards: list[marks.Marked], png: bool) -> None:
        path = self.folder / "phone" / f"{name}.{'png' if png else 'jpg'}"
        path.parent.mkdir(parents=True, exist_ok=True)
        paper.write_photo(image, path)
        self.files[slug]["phone"].append(str(path.relative_to(self.folder)))
        self._truth(slug, "phone", path, 0, cards)

    def _truth(self, slug: str, quality: str, file: Path, page: int, cards: list[marks.Marked]) -> None:
        for c in cards:
            row = asdict(c.at(file.relative_to(self.folder), page))
            self.cards.append({"slug": slug, "quality": quality, **row, "styles": list(c.styles)})


class Own:
    """The project's own marker and cameras (parlaycards.demo.marks, demo.paper)."""

    name = "own"

    def sheets(self, pdf, card, template, first, plans, rng):
        return marks.mark_sheets(pdf, card, template, first, plans, SOURCE_DPI, rng)

    def scanner(self, image: np.ndarray, rng: np.random.Generator, turns: int | None = None) -> np.ndarray:
        return paper.scanner(image, rng, dpi_in=SOURCE_DPI, dpi_out=SCAN_DPI, quarter_turns=turns)

    def phone(self, image: np.ndarray, rng: np.random.Generator, whole: bool = False) -> np.ndarray:
        return paper.phone(image, rng, dpi_in=SOURCE_DPI)


class HeldOut(Own):
    """The held-out marker and cameras (parlaycards.demo.heldout): the same plans (picks, stake, the
    reason a card is doubtful), drawn by another hand; some plain cards carry an erasure, some a QR
    scribbled over."""

    name = "heldout"

    def sheets(self, pdf, card, template, first, plans, rng):
        from parlaycards.demo import heldout
        from parlaycards.demo.where import card_boxes_px, card_bubbles_px, rasterize

        per = len(load_template(template).cards)
        spots = [card_bubbles_px(card, template, s, SOURCE_DPI) for s in range(per)]
        boxes = [card_boxes_px(card, template, s, SOURCE_DPI) for s in range(per)]
        for page in range(-(-len(plans) // per)):
            if not any(plans[page * per : (page + 1) * per]):
                continue
            img = rasterize(pdf, page, SOURCE_DPI)
            cards: list[marks.Marked | None] = []
            for slot in range(per):
                i = page * per + slot
                plan = plans[i] if i < len(plans) else None
                if plan is None:
                    cards.append(None)
                    continue
                if plan.why == "unsure":  # the held-out marker draws no faint dab: its own erasures stand in
                    plan = replace(plan, why=None, extras=())
                hand = heldout.random_hand(rng)
                keys = [str(n) for n in plan.picks] + ([f"stake:{plan.stake}"] if plan.stake else [])
                drawn = [(k, heldout.draw_pick(img, spots[slot][k], hand, rng, dpi=SOURCE_DPI)) for k in keys]
                why = plan.why
                if why is None and rng.random() < ERASED_SHARE:
                    used = {card.game_by_number(n).key for n in plan.picks}
                    free = [str(n) for g in card.games if g.key not in used for n in g.numbers.all()]
                    key = str(rng.choice(free))
                    thorough = bool(rng.random() < THOROUGH_SHARE)
                    heldout.draw_erasure(img, spots[slot][key], hand, rng, thorough=thorough, dpi=SOURCE_DPI)
                    drawn.append((key, "erased" if thorough else "erased-poorly"))
                    why = None if thorough else "erased-poorly"  # a person would hesitate: review, or no pick
                if why is None and rng.random() < SCRIBBLED_SHARE:
                    heldout.scribble_over(img, boxes[slot]["qr"], hand, rng, dpi=SOURCE_DPI)
                    drawn.append(("qr", "scribbled"))
                cards.append(
                    marks.Marked(
                        first + i,
                        str(pdf),
                        page,
                        slot,
                        plan.picks,
                        plan.stake,
                        tuple((k, f"{hand.tool}:{style}" if k != "qr" else style) for k, style in drawn),
                        "review" if why else "entry",
                        why,
                    )
                )
            yield marks.Sheet(img, page, tuple(cards))

    def scanner(self, image: np.ndarray, rng: np.random.Generator, turns: int | None = None) -> np.ndarray:
        from parlaycards.demo import heldout

        return heldout.scanner(image, rng, dpi_in=SOURCE_DPI, dpi_out=SCAN_DPI)

    def phone(self, image: np.ndarray, rng: np.random.Generator, whole: bool = False) -> np.ndarray:
        from parlaycards.demo import heldout

        return heldout.phone(image, rng, dpi_in=SOURCE_DPI, whole_sheet=whole)


def generate(
    folder: Path,
    total: int,
    rng: np.random.Generator,
    store: Store,
    kinds: tuple[Kind, ...] = KINDS,
    marker: Own | None = None,
    per_pdf: int = PAGES_A_PDF,
) -> Piles:
    """Print, mark, scan and photograph about `total` cards (and the second copies of the duplicates)."""
    marker = marker or Own()
    piles = Piles(folder, per_pdf)
    made, start = 0, time.perf_counter()
    doubt = 0
    for kind in kinds:
        card = make_card(kind)
        with store.transaction() as tx:
            card = card_rows.save(tx, card, "benchmark")
        per = len(load_template(kind.template).cards)
        count = -(-max(per, round(total * kind.share)) // per) * per
        batch = print_batch(
            store,
            card.slug,
            copies=count,
            template=kind.template,
            folder=folder / "printed",
            printed_at=PRINTED,
        )
        plans: list[marks.Plan | None] = []
        for _ in range(count):
            why = None
            if rng.random() < DOUBTFUL_SHARE:
                why, doubt = marks.WHY[doubt % len(marks.WHY)], doubt + 1
            plans.append(marks.plan_card(card, rng, why))
        first = batch.first or 0
        for sheet in marker.sheets(batch.file, card, kind.template, first, plans, rng):
            _degrade(piles, card, kind.template, sheet, plans, first, rng, marker)
            made += sum(c is not None for c in sheet.cards)
            if sys.stderr.isatty():
                print(
                    f"\r  generating: {made} cards, {time.perf_counter() - start:.0f} s",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
        again = [marks.plan_card(card, rng) if p and p.why == "duplicate-serial" else None for p in plans]
        for sheet in marker.sheets(batch.file, card, kind.template, first, again, rng):
            for slot, c in enumerate(sheet.cards):  # the same card again, marked otherwise, in the same pile
                if c is None:
                    continue
                c = replace(c, why="duplicate-serial", expect="review")
                piece = (
                    paper.tear(sheet.image, card, kind.template, slot, SOURCE_DPI, rng)
                    if per > 1
                    else sheet.image
                )
                quality = next(
                    t["quality"] for t in piles.cards if t["slug"] == card.slug and t["serial"] == c.serial
                )
                if quality == "phone":
                    piles.photo(
                        card.slug, marker.phone(piece, rng), f"{card.slug}-{c.serial:06d}-again", [c], False
                    )
                else:
                    piles.scan(card.slug, marker.scanner(piece, rng), [c])
                made += 1
        piles.flush(card.slug)
        print(
            f"\r  {kind.template}: {count} cards printed, marked and degraded; {made} in all, "
            f"{time.perf_counter() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    return piles


def _degrade(
    piles: Piles,
    card: Card,
    template: str,
    sheet: marks.Sheet,
    plans: list,
    first: int,
    rng: np.random.Generator,
    marker: Own,
) -> None:
    """Send one marked sheet to the scanner (whole, or torn into cards) or to a phone (each card, or whole)."""
    cards = [c for c in sheet.cards if c is not None]
    corners = {c.slot: plans[c.serial - first].corner for c in cards}
    torn = any(corners.values())
    per = len(sheet.cards)

    def piece(c: marks.Marked) -> np.ndarray:
        return paper.tear(sheet.image, card, template, c.slot, SOURCE_DPI, rng, corner=corners[c.slot])

    if rng.random() >= PHONE_SHARE:
        if per == 1 and not torn:
            piles.scan(card.slug, _scan(marker, sheet.image, rng), cards)
        elif torn or rng.random() < 0.1:  # torn apart first: each card scanned on its own
            for c in cards:
                piles.scan(card.slug, _scan(marker, piece(c), rng), [c])
        else:
            piles.scan(card.slug, _scan(marker, sheet.image, rng), cards)
        return
    if (per == 1 and not torn) or (not torn and rng.random() < 0.2):  # the whole sheet in one photo
        name = f"{card.slug}-sheet-{cards[0].serial:06d}"
        piles.photo(
            card.slug,
            marker.phone(sheet.image, rng, whole=per > 1),
            name,
            cards,
            bool(rng.random() < 0.15),
        )
        return
    for c in cards:
        piles.photo(
            card.slug,
            marker.phone(piece(c), rng),
            f"{card.slug}-{c.serial:06d}",
            [c],
            bool(rng.random() < 0.15),
        )


def _scan(marker: Own, image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A scanner page: mostly upright, some turned (the held-out scanner turns its own way)."""
    turns = int(rng.choice([0, 1, 2, 3], p=[0.6, 0.15, 0.1, 0.15]))
    return marker.scanner(image, rng, turns)


# ------------------------------------------------------------------------------------------ read back


def command() -> list[str]:
    """The parlaycards command installed beside this Python, as a user would run it."""
    script = Path(sys.executable).with_name("parlaycards")
    if script.exists():
        return [str(script)]
    found = shutil.which("parlaycards")
    return [found] if found else [sys.executable, "-m", "parlaycards.cli.main"]


class ScanFailed(Exception):
    pass


PEAK: dict[str, float] = {}  # the largest memory a command's processes held together, MB, by command


def run(args: list[str], ok: tuple[int, ...] = (0,)) -> tuple[str, float]:
    """Run `parlaycards ARGS…`; stdout and the seconds it took. ScanFailed when the exit code is not in `ok`.
    The memory its processes hold together (the command and its workers) is sampled as it runs."""
    import threading

    t = time.perf_counter()
    proc = subprocess.Popen(command() + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = [0.0]

    def watch() -> None:
        while proc.poll() is None:
            peak[0] = max(peak[0], _tree_rss(proc.pid))
            time.sleep(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    out, errs = proc.communicate()
    elapsed = time.perf_counter() - t
    watcher.join()
    PEAK[" ".join(args[2:4])] = max(PEAK.get(" ".join(args[2:4]), 0.0), peak[0])
    if proc.returncode not in ok:
        tail = "\n".join(errs.strip().splitlines()[-12:])
        raise ScanFailed(f"`parlaycards {' '.join(args[:4])} …` exited with {proc.returncode}:\n{tail}")
    return out, elapsed


def _tree_rss(pid: int) -> float:
    """Memory of a process and its children, MB (Linux /proc; 0 elsewhere): each one's proportional set
    size (PSS), so pages the forked workers share with the command are counted once, not once each."""
    total = 0.0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            status = Path(f"/proc/{p}/smaps_rollup").read_text()
            total += int(re.search(r"Pss:\s+(\d+)", status).group(1)) / 1024  # type: ignore[union-attr]
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, AttributeError):
            continue
    return total


def expected_stake(key: str | None) -> Decimal | None:
    return STAKE if key is None else None if key == "other" else Decimal(key)


def short(reason: str) -> str:
    """A review reason without its numbers and names, to count reasons by kind."""
    text = re.sub(r"\$?\d[\d.,]*", "#", reason)
    text = re.sub(r"#(, #)+", "#", text)
    return re.split(r" of |: ", text)[0][:72]


def score(cards: list[dict], entries: dict[str, list[dict]], reviews: dict[str, list[dict]]) -> dict:
    """Each card's fate (entered right, entered wrong, review with a fitting reason or not, lost) and the misreads."""
    by_serial: dict[tuple[str, int], list[dict]] = defaultdict(list)
    by_page: dict[tuple[str, str, int], list[dict]] = defaultdict(list)
    for c in cards:
        by_serial[(c["slug"], c["serial"])].append(c)
        by_page[(c["slug"], Path(c["file"]).name, c["page"])].append(c)
    fate: dict[int, str] = {}  # id(card) → what became of it
    misreads = []
    for slug, rows in entries.items():
        for e in rows:
            drawn = by_serial.get((slug, int(e["serial"])), [])
            picks, stake = tuple(sorted(e["picks"])), Decimal(e["stake"])
            right = [c for c in drawn if _reads(c, picks, stake)]
            if not right:
                misreads.append((slug, e, drawn))
            for c in drawn:
                fate[id(c)] = "entered" if right else "misread"
    unplaced = 0
    for slug, rows in reviews.items():
        for r in rows:
            found = (
                by_serial.get((slug, int(r["serial"])), [])
                if r["serial"]
                else by_page.get((slug, Path(r["file"]).name, r["page"]), [])
            )
            if not found:
                unplaced += 1
            for c in found:
                if r["serial"]:
                    c["identified"] = True
                fits = c["why"] and any(
                    w in reason.lower() for w in FITTING[c["why"]] for reason in r["reasons"]
                )
                fate.setdefault(id(c), "review-fitting" if fits else "review-other")
                c.setdefault("reasons", r["reasons"])
    return {"fate": fate, "misreads": misreads, "unplaced": unplaced}


def _reads(card: dict, picks: tuple[int, ...], stake: Decimal) -> bool:
    """Whether an entry says what was drawn on `card` (a faint mark may be read either way)."""
    faint = {int(k) for k, style in card["marks"] if style in marks.DOUBTFUL and k.isdigit()}
    drawn = tuple(sorted(card["picks"]))
    return stake == expected_stake(card["stake"]) and picks in (drawn, tuple(sorted({*drawn, *faint})))


def report(cards: list[dict], scored: dict, runs: list[tuple[str, str, int, float]]) -> bool:
    """Print the figures; True when there is no silent misread."""
    fate = scored["fate"]
    misreads = scored["misreads"]
    poorly = sum(any(c["why"] == "erased-poorly" for c in drawn) for _, _, drawn in misreads)
    print(
        f"\nsilent misreads: {len(misreads)}"
        + (
            f" ({poorly} of them a pick rubbed out but left nearly as dark as the player's marks, read as a pick;"
            f" {len(misreads) - poorly} other)"
            if poorly
            else ""
        )
    )
    for slug, e, drawn in misreads[:30]:
        where = (
            "; ".join(
                f"{c['file']} page {c['page'] + 1}: drawn {c['picks']} stake {c['stake'] or '-'}"
                f" marks {c['marks']}"
                for c in drawn
            )
            or "no card with that serial was drawn"
        )
        print(f"  {slug} serial {e['serial']}: entered {e['picks']} at {e['stake']} — {where}")
    for quality, target in (("scanner", 99.5), ("phone", 97.0)):
        plain = [c for c in cards if c["quality"] == quality and c["expect"] == "entry"]
        ok = sum(fate.get(id(c)) == "entered" for c in plain)
        print(
            f"{quality}-quality plain cards entered without review: {ok} of {len(plain)} "
            f"({100 * ok / max(1, len(plain)):.2f} %; target {target} %)"
        )
        for c in [c for c in plain if fate.get(id(c)) != "entered"][:12]:
            why = "; ".join(c.get("reasons", [])) or fate.get(id(c), "not found")
            print(
                f"  {c['file']} page {c['page'] + 1} (serial {c['serial']}, {', '.join(sorted(set(c['styles'])))}): {why}"
            )
    erased = [
        c
        for c in cards
        if c["why"] in (None, "erased-poorly") and any("erased" in st for _, st in c["marks"])
    ]
    if erased:
        for label, kinds in (("erased well", ("erased",)), ("erased poorly", ("erased-poorly",))):
            some = [c for c in erased if any(st.split(":")[-1] in kinds for _, st in c["marks"])]
            ok = sum(fate.get(id(c)) == "entered" for c in some)
            print(
                f"cards carrying a mark {label} beside the real ones, entered right without review: {ok} of "
                f"{len(some)} ({100 * ok / max(1, len(some)):.1f} %"
                + ("; target 95 %)" if label == "erased well" else "; the rest may wait in review)")
            )
        ok = sum(fate.get(id(c)) == "entered" for c in erased)
        print(
            f"  every card carrying an erasure: {ok} of {len(erased)} ({100 * ok / len(erased):.1f} %; target 95 %)"
        )
    scribbled = [c for c in cards if any(k == "qr" for k, _ in c["marks"])]
    if scribbled:
        entered = sum(fate.get(id(c)) in ("entered", "misread") for c in scribbled)
        named = sum(fate.get(id(c), "").startswith("review") and bool(c.get("identified")) for c in scribbled)
        print(
            f"cards whose QR was scribbled over, identified: {entered + named} of {len(scribbled)} "
            f"({entered} entered, {named} in review under their serial; target 100 %)"
        )
        for c in [
            c for c in scribbled if fate.get(id(c)) not in ("entered", "misread") and not c.get("identified")
        ][:8]:
            print(
                f"  {c['file']} page {c['page'] + 1} (serial {c['serial']}): {'; '.join(c.get('reasons', []))}"
            )
    print("cards made doubtful on purpose (each should wait in review with a fitting reason):")
    doubtful = [c for c in cards if c["expect"] == "review"]
    for why in (*marks.WHY, "erased-poorly"):
        seen = Counter(fate.get(id(c), "not found") for c in doubtful if c["why"] == why)
        print(f"  {why:17} {sum(seen.values()):4}: " + ", ".join(f"{k} {n}" for k, n in seen.most_common()))
    wrong = sum(fate.get(id(c)) in ("entered", "misread") for c in doubtful)
    print(f"  entered although doubtful: {wrong}")
    reasons = Counter(short(c["reasons"][0]) for c in cards if c.get("reasons"))
    print(
        f"review reasons (first reason of each card in review; {scored['unplaced']} review rows matched no card):"
    )
    for reason, n in reasons.most_common(15):
        print(f"  {n:5}  {reason}")
    for quality in ("scanner", "phone"):
        done = [(n, s) for q, _, n, s in runs if q == quality]
        n, secs = sum(d[0] for d in done), sum(d[1] for d in done)
        if n:
            print(
                f"scan pace, {quality} inputs: {n} cards in {secs:.1f} s = {n / secs:.1f} cards/s, "
                f"{1000 * secs / n:.0f} ms a card ({len(done)} runs of the whole command, start-up included)"
            )
    for quality, what in (("scanner", f"scanner PDFs at {SCAN_DPI} dpi"), ("phone", "phone photos")):
        big = max((r for r in runs if r[0] == quality), key=lambda r: r[2], default=None)
        if big:
            print(
                f"scan pace, largest run ({big[1]}, {what}): {big[2]} cards in {big[3]:.1f} s = "
                f"{big[2] / big[3]:.1f} cards/s; memory at most {PEAK.get(f'scan {big[1]}', 0):.0f} MB "
                "(the command and its workers together)"
            )
    return not misreads


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", type=int, default=1000, help="cards to draw (about; duplicates come on top)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument(
        "--marker",
        choices=("own", "heldout"),
        default="heldout",
        help="who marks and pictures the cards: the project's own marker, or the held-out one (default)",
    )
    ap.add_argument(
        "--games", help="letter-2up cards of these game counts (comma-separated) instead of the mix"
    )
    ap.add_argument(
        "--pages-a-pdf",
        type=int,
        default=PAGES_A_PDF,
        help=f"scanner pages in each PDF (default {PAGES_A_PDF}; 300 measures a 300-page PDF's pace and memory)",
    )
    ap.add_argument("--keep", type=Path, help="write the inputs, the pool and truth.json here, and keep them")
    ap.add_argument("--generate-only", action="store_true", help="with --keep: make the inputs, do not scan")
    ap.add_argument("--reuse", action="store_true", help="with --keep: scan the inputs made there before")
    args = ap.parse_args()
    if (args.generate_only or args.reuse) and not args.keep:
        ap.error("--generate-only and --reuse need --keep DIR")
    folder = args.keep or Path(tempfile.mkdtemp(prefix="scan-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    db, printed, truth_file = folder / "pool.db", folder / "pool-printed.db", folder / "truth.json"
    if args.reuse and printed.exists() and truth_file.exists():
        truth = json.loads(truth_file.read_text())
        print(
            f"reusing {len(truth['cards'])} cards made earlier in {folder} by the {truth.get('marker', 'own')} marker"
        )
    else:
        for old in ("scanner", "phone", "printed"):
            shutil.rmtree(folder / old, ignore_errors=True)
        db.unlink(missing_ok=True)
        store = Store(f"sqlite:///{db}")
        t = time.perf_counter()
        kinds = KINDS
        if args.games:
            counts = [int(n) for n in args.games.split(",")]
            kinds = tuple(
                Kind("letter-2up", n, Rules(cutoff=CUTOFF), 1 / len(counts), slug=f"b-letter-2up-{n}")
                for n in counts
            )
        marker = HeldOut() if args.marker == "heldout" else Own()
        piles = generate(
            folder, args.cards, np.random.default_rng(args.seed), store, kinds, marker, args.pages_a_pdf
        )
        store.dispose()
        shutil.copyfile(db, printed)
        truth = {
            "seed": args.seed,
            "marker": args.marker,
            "dpi": SCAN_DPI,
            "received": RECEIVED,
            "stake": str(STAKE),
            "files": piles.files,
            "cards": piles.cards,
        }
        truth_file.write_text(json.dumps(truth, indent=1))
        n = len(piles.cards)
        print(
            f"made {n} cards ({sum(c['expect'] == 'review' for c in piles.cards)} doubtful on purpose) in "
            f"{time.perf_counter() - t:.0f} s into {folder}"
        )
    if args.generate_only:
        print(f"inputs in {folder}/scanner and {folder}/phone; truth in {truth_file}")
        return 0
    shutil.copyfile(printed, db)
    with sqlite3.connect(db) as con:  # a pool kept by an earlier run was printed the day it ran
        con.execute(
            "UPDATE print_batches SET created_at = ? WHERE created_at > ?", (PRINTED.isoformat(),) * 2
        )
    cards = truth["cards"]
    runs: list[tuple[str, str, int, float]] = []
    entries: dict[str, list[dict]] = {}
    reviews: dict[str, list[dict]] = {}
    try:
        for slug, files in truth["files"].items():
            for quality in ("scanner", "phone"):
                if files[quality]:
                    paths = [str(folder / f) for f in files[quality]]
                    _, secs = run(
                        [
                            "--db",
                            str(db),
                            "scan",
                            slug,
                            *paths,
                            "--stake",
                            str(STAKE),
                            "--received",
                            RECEIVED,
                        ],
                        ok=(0, 1),
                    )
                    runs.append(
                        (
                            quality,
                            slug,
                            sum(c["slug"] == slug and c["quality"] == quality for c in cards),
                            secs,
                        )
                    )
                    print(
                        f"  scanned {slug} ({quality}): {runs[-1][2]} cards in {secs:.1f} s", file=sys.stderr
                    )
            entries[slug] = [
                e
                for e in json.loads(run(["--db", str(db), "entries", slug, "--json", "--all"])[0])
                if e.get("source") == "scan"
            ]
            reviews[slug] = json.loads(run(["--db", str(db), "review", slug, "--json"])[0])
    except ScanFailed as e:
        print(f"\nThe scanner could not be run, so nothing was scored.\n{e}", file=sys.stderr)
        print(
            f"The inputs and truth.json are in {folder}"
            + ("" if args.keep else " (pass --keep DIR to choose where)"),
            file=sys.stderr,
        )
        return 2
    clean = report(cards, score(cards, entries, reviews), runs)
    if not args.keep:
        if clean:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"(inputs kept in {folder} to look at the misreads)")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
