"""Synthetic players: pen and pencil marks drawn on printed card pages, then scanned or photographed.

A printed page is rasterized; marks go where the layout engine puts each bubble (`card_bubbles_px`),
in the styles people use: solid, scribbled, ticked, crossed, pencil, half filled (they count); an
erased pencil smudge and a stray line beside a bubble (they must not count); a faint dab (nobody can
call it). The page, or a card torn off it, then goes through a document scanner or a phone camera.

Images are numpy uint8, RGB (H×W×3), page pixels with y down. A torn piece carries a fourth channel,
the paper (255) against where there is none (0), which the scanner bed or the table shows through.
Everything random comes from a `numpy.random.Generator`: equal seeds give equal images.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

import numpy as np

from ..core.marks import STAKE_KEYS
from ..core.models import Card, Game
from ..io.templates import load_template
from .pen import COUNTS, NOT_COUNTING

# re-exported: the tests place marks with these, the scan bench reads the styles
from .pen import DOUBTFUL as DOUBTFUL
from .pen import draw_mark as draw_mark
from .where import Spot as Spot
from .where import card_boxes_px as card_boxes_px
from .where import card_bubbles_px as card_bubbles_px
from .where import rasterize as rasterize

WHY = ("double", "unsure", "torn", "other-stake", "too-many", "duplicate-serial")

# --------------------------------------------------------------------------------------- cards marked


@dataclass(frozen=True)
class Plan:
    """What one player draws on one card: `picks` and `stake` in counting styles, then `extras`
    ((bubble key, style) in a style that must not count, or a doubtful one). `why`: the review
    reason the card is made for (None: a plain card). `corner`: a corner to tear off (see `tear`)."""

    picks: tuple[int, ...]
    stake: str | None  # "1" … "20", "other", or None (no stake marked)
    extras: tuple[tuple[str, str], ...] = ()
    why: str | None = None
    corner: str | None = None
    styles: tuple[str, ...] = tuple(sorted(COUNTS))
    colour: str = "black"


@dataclass(frozen=True)
class Marked:
    """The truth of one drawn card: where it is and what it says."""

    serial: int
    file: str
    page: int
    slot: int
    picks: tuple[int, ...]  # every selection drawn in a counting style
    stake: str | None
    marks: tuple[tuple[str, str], ...]  # every (bubble key, style) drawn, in order
    expect: Literal["entry", "review"]
    why: str | None

    @property
    def styles(self) -> tuple[str, ...]:
        return tuple(style for _, style in self.marks)

    def at(self, file: Path | str, page: int) -> Marked:
        """The same card, found in another file (the scan or photo made of it)."""
        return replace(self, file=str(file), page=page)


@dataclass(frozen=True)
class Sheet:
    """One printed page with its cards marked: the image (RGB, page px) and each slot's truth."""

    image: np.ndarray
    page: int
    cards: tuple[Marked | None, ...]


def legal_picks(card: Card, rng: np.random.Generator, count: int | None = None) -> tuple[int, ...]:
    """Picks a player may make on `card`: min–max picks (or `count`), never both sides of one market,
    a side and the total of one game only when the rules allow it."""
    rules = card.rules
    games = [g for g in card.games if not g.off]
    most = min(rules.max_picks, len(games) * (2 if rules.same_game else 1))
    n = min(count, most) if count is not None else int(rng.integers(min(rules.min_picks, most), most + 1))
    picks: list[int] = []
    for i in rng.permutation(len(games)):
        if len(picks) >= n:
            break
        nums = games[i].numbers
        sides, totals = [nums.away, nums.home], [t for t in (nums.over, nums.under) if t is not None]
        if rules.same_game and totals and len(picks) + 2 <= n and rng.random() < 0.3:
            picks += [int(rng.choice(sides)), int(rng.choice(totals))]
        else:
            picks.append(int(rng.choice(sides + totals)))
    return tuple(sorted(picks))


def plan_card(
    card: Card,
    rng: np.random.Generator,
    why: str | None = None,
    *,
    colour: str | None = None,
    styles: tuple[str, ...] = tuple(sorted(COUNTS)),
    not_counting: float = 0.3,
) -> Plan:
    """A plain card (legal picks, a stake or none, sometimes a mark that must not count: share
    `not_counting`), or one made doubtful for `why` (see WHY). "duplicate-serial" plans a plain card:
    the caller marks the same serial twice."""
    rules = card.rules
    if why not in (None, *WHY):
        raise ValueError(f"unknown reason {why!r}; known: {', '.join(WHY)}")
    games = [g for g in card.games if not g.off]
    if why == "too-many":
        if len(games) <= rules.max_picks:
            raise ValueError(
                f"card {card.slug} has {len(games)} games: too few for more than {rules.max_picks} picks"
            )
        chosen = [games[i] for i in rng.permutation(len(games))[: rules.max_picks + 1]]
        picks = tuple(sorted(int(rng.choice(g.numbers.all())) for g in chosen))
    else:
        picks = legal_picks(
            card, rng, int(rng.integers(rules.min_picks, rules.max_picks)) if why == "double" else None
        )
    if why == "double":  # the other side of the same market of one game picked
        n = int(rng.choice(picks))
        nums = _game(card, n).numbers
        pair = (nums.away, nums.home) if n in (nums.away, nums.home) else (nums.over, nums.under)
        picks = tuple(sorted((*picks, next(m for m in pair if m is not None and m != n))))
    stake = (
        "other"
        if why == "other-stake"
        else (str(rng.choice(list(STAKE_KEYS))) if rng.random() < 0.7 else None)
    )
    used = {_game(card, n).key for n in picks}
    free = [str(n) for g in games if g.key not in used for n in g.numbers.all()]
    extras: list[tuple[str, str]] = []
    if why == "unsure":
        extras.append((str(rng.choice(free)), "faint"))
    elif free and rng.random() < not_counting:
        spare = free + [f"stake:{k}" for k in STAKE_KEYS if k != stake]
        extras.append((str(rng.choice(spare)), str(rng.choice(sorted(NOT_COUNTING)))))
    ink = colour or str(rng.choice(["black", "blue"], p=[0.6, 0.4]))
    corner = str(rng.choice(["tl", "tr", "bl", "br"])) if why == "torn" else None
    return Plan(picks, stake, tuple(extras), why, corner, styles, ink)


def mark_card(
    img: np.ndarray,
    plan: Plan,
    spots: dict[str, Spot],
    rng: np.random.Generator,
    keep_clear: Sequence[tuple[float, float, float, float]] = (),
) -> tuple[tuple[str, str], ...]:
    """Draw `plan` on one card of a page image, in place. Returns every (bubble key, style) drawn.

    `keep_clear`: boxes besides the bubbles that a stray line keeps off (the card's QR, its corner marks)."""
    marks = [(str(n), str(rng.choice(plan.styles))) for n in plan.picks]
    if plan.stake:
        marks.append((f"stake:{plan.stake}", str(rng.choice(plan.styles))))
    marks += list(plan.extras)
    for key, style in marks:
        cx, cy, r = spots[key]
        boxes = list(keep_clear)
        if style == "stray":
            boxes += [(x - rr, y - rr, x + rr, y + rr) for k, (x, y, rr) in spots.items() if k != key]
        draw_mark(img, cx, cy, r, style, plan.colour, rng, keep_clear=boxes)
    return tuple(marks)


def mark_sheets(
    pdf: Path,
    card: Card,
    template: str,
    first_serial: int,
    plans: Sequence[Plan | None],
    dpi: float,
    rng: np.random.Generator,
) -> Iterator[Sheet]:
    """The pages of a printed batch, rasterized at `dpi`, each card marked by its plan (plans[i] for
    serial first_serial + i; None leaves it blank, and a page with no plan is skipped). Torn corners
    are left to `tear`."""
    import pypdfium2 as pdfium

    per = len(load_template(template).cards)
    spots = [card_bubbles_px(card, template, s, dpi) for s in range(per)]
    boxes = [card_boxes_px(card, template, s, dpi) for s in range(per)]
    keep = [[b[k] for k in ("qr", "tl", "tr", "bl", "br")] for b in boxes]  # no stray line across these
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for page in range(math.ceil(len(plans) / per)):
            if not any(plans[page * per : (page + 1) * per]):
                continue
            img = np.ascontiguousarray(
                doc[page].render(scale=dpi / 72, rev_byteorder=True).to_numpy()[:, :, :3]
            )
            cards: list[Marked | None] = []
            for slot in range(per):
                i = page * per + slot
                plan = plans[i] if i < len(plans) else None
                if plan is None:
                    cards.append(None)
                    continue
                marks = mark_card(img, plan, spots[slot], rng, keep[slot])
                cards.append(
                    Marked(
                        first_serial + i,
                        str(pdf),
                        page,
                        slot,
                        plan.picks,
                        plan.stake,
                        marks,
                        "review" if plan.why else "entry",
                        plan.why,
                    )
                )
            yield Sheet(img, page, tuple(cards))
    finally:
        doc.close()


# ---------------------------------------------------------------------------------------------- demo


def _game(card: Card, number: int) -> Game:
    """The game of a selection number the card has."""
    game = card.game_by_number(number)
    if game is None:
        raise ValueError(f"card {card.slug} has no selection number {number}")
    return game


def demo_marks(
    pdf: Path, card: Card, first_serial: int, folder: Path, *, template: str = "letter-2up", seed: int = 12
) -> list[Marked]:
    """Mark the first twelve cards of a printed 2-up batch as players would (solid, scribble, tick,
    cross, pencil, half fills; black and blue pen), one of them doubtful (both sides of a game), and
    write what comes back: `folder`/scans.pdf (eleven cards; small skews, one page upside down, one
    card torn off and turned) and `folder`/photo.jpg (the twelfth, torn off and photographed).
    `pdf` must hold at least twelve cards. Returns the truth."""
    from .paper import write_photo, write_scanner_pdf

    rng = np.random.default_rng(seed)
    dpi = 200
    plans = _demo_plans(card, rng)
    folder.mkdir(parents=True, exist_ok=True)
    scans, truth, photo = [], [], None
    scans_pdf, photo_file = folder / "scans.pdf", folder / "photo.jpg"
    for sheet in mark_sheets(pdf, card, template, first_serial, plans, dpi, rng):
        if sheet.page < 5:
            turns = 2 if sheet.page == 2 else 0
            scans.append(_scanned(sheet.image, rng, dpi, turns, float(rng.uniform(-2, 2)), dark_bed=False))
            truth += [c.at(scans_pdf, len(scans) - 1) for c in sheet.cards if c]
            continue
        top, bottom = sheet.cards
        photo, scan = _torn_apart(sheet, card, template, dpi, rng)
        scans.append(scan)
        truth += [top.at(photo_file, 0), bottom.at(scans_pdf, len(scans) - 1)] if top and bottom else []
    write_scanner_pdf(scans, scans_pdf, dpi)
    if photo is not None:
        write_photo(photo, photo_file)
    return truth


def _demo_plans(card: Card, rng: np.random.Generator) -> list[Plan | None]:
    """The demo's twelve players, two a look (solid, scribble, tick, cross, pencil, half fills; black and
    blue pen); the twelfth marks both sides of a game."""
    looks = [
        (("solid",), "black"),
        (("scribble",), "blue"),
        (("tick",), "black"),
        (("cross",), "blue"),
        (("pencil",), "black"),
        (("solid", "partial"), "blue"),
    ]
    return [
        plan_card(
            card,
            rng,
            "double" if i == 11 else None,
            styles=looks[i // 2][0],
            colour=looks[i // 2][1],
            not_counting=0.0,
        )
        for i in range(12)
    ]


def _torn_apart(
    sheet: Sheet, card: Card, template: str, dpi: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """The demo's last sheet torn in two: the top card photographed, the bottom one scanned turned."""
    from .paper import phone, tear

    photo = phone(
        tear(sheet.image, card, template, 0, dpi, rng),
        rng,
        dpi_in=dpi,
        ppi=190,
        tilt_deg=8,
        shadow=True,
        blur=0.6,
        motion=0.0,
        grey=False,
        jpeg_quality=85,
    )
    scan = _scanned(tear(sheet.image, card, template, 1, dpi, rng), rng, dpi, 1, 1.0, dark_bed=True)
    return photo, scan


def _scanned(
    image: np.ndarray, rng: np.random.Generator, dpi: int, turns: int, skew: float, dark_bed: bool
) -> np.ndarray:
    """A demo sheet through the demo's scanner (grey JPEG, quality 85), turned and skewed as given."""
    from .paper import scanner

    return scanner(
        image,
        rng,
        dpi_in=dpi,
        quarter_turns=turns,
        skew_deg=skew,
        dark_bed=dark_bed,
        jpeg_quality=85,
        grey=True,
    )
