"""One page in, every card on it out: located, straightened, identified by its QR, its bubbles read.

Nothing here decides whether a card is entered: a `Scanned` says what was read and every problem
met on the way (a corner mark missing, a QR that cannot be read, a QR that disagrees with the print
records); the service weighs that with the pool's rules.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Protocol

import cv2
import numpy as np

from ..core.marks import Marked, hand, read_marks, verdicts
from ..core.verify import format_serial, parse_qr_link, parse_qr_payload, unrecorded_text
from ..layout.card import split_body
from ..layout.geometry import Bubble, CardLayout, corners
from ..layout.parts import fiducials
from ..layout.templates import Template
from .locate import Found, locate
from .pages import Page
from .quads import Quad, Shape
from .read import Frame, K, darkness, on_page, ours, read_qr, straighten
from .stray import beside
from .streaks import Streak, crossed, streaks

# A card on a halved photo is read there when drawn at least this share of K pixels a point: measured on
# phone photos of both markers' tuning sets, reading a card at half K or more calls every mark as reading it
# at its full size does, for a quarter less work; a card drawn smaller (a whole sheet from afar) is read on
# the whole photo, where its printed serial is large enough to read.
FINE = 0.5

Batch = tuple[str, int, str]  # slug, version, template of the print batch that holds a serial


class Pool(Protocol):
    """What reading a page needs to know of the pool (scan.batch.Job)."""

    slug: str
    default: Decimal | None
    unrecorded: tuple[tuple[int, int], ...]  # serials printed after a backup the pool was restored from

    def lookup(self, serial: int) -> Batch | None: ...

    def layout(self, slug: str, version: int, template: str) -> CardLayout | None: ...

    @property
    def secret(self) -> bytes: ...

    def printed(self, templates: tuple[str, ...]) -> list[tuple[int, str]]: ...

    def codebook(self, version: int, template: str) -> Mapping[int, str]: ...

    @property
    def templates(self) -> Mapping[str, Template]: ...

    @property
    def shapes(self) -> tuple[Shape, ...]: ...


MIN_FIT = 0.5  # below this share of bubbles lined up, the card goes to review
INK_ELSEWHERE = 0.002  # more of the page inked outside the cards found: look for another card's QR

CORNER_NAMES = {"tl": "top-left (the L)", "tr": "top-right", "br": "bottom-right", "bl": "bottom-left"}


@dataclass
class Scanned:
    """One card as read from a page."""

    file: str
    page: int  # 0-based
    where: str  # "monday.pdf, page 3, card 2"
    crop: np.ndarray | None  # the card straightened (None once written to `crop_file`)
    serial: int | None = None
    code: str | None = None
    slug: str | None = None  # the card the QR names
    version: int | None = None
    template: str | None = None
    marked: Marked | None = None
    problems: list[str] = field(default_factory=list)
    fit: float = 0.0  # share of bubbles found where the layout puts them
    crop_file: str | None = None

    @property
    def doubts(self) -> list[str]:
        return self.problems + list(self.marked.doubts if self.marked else ())


@lru_cache(maxsize=16)
def template_frame(t: Template) -> Frame:
    """A template's corner marks, known before the card is: they sit at the corners of its body."""
    body = split_body(t).body
    w, h = t.card_size()
    return Frame(w, h, corners(fiducials(body)).walk())


DAMAGED = (
    "the picture is damaged (its JPEG data is corrupt or cut short; the damaged part reads as grey), so "
    "its marks may be misread: look at the crop, and scan or photograph the card again, or type it in"
)


def read_page(page: Page, pool: Pool) -> tuple[list[Scanned], bool]:
    """The cards on one page, and whether the page is blank (nothing printed on it at all). Every card of
    a damaged picture goes to review, saying so (a damaged picture is never blank)."""
    out, blank = _read_page(page, pool)
    if not page.damaged:
        return out, blank
    if not out:
        out = [Scanned(page.file, page.index, page.where, _thumb(page.grey))]
    for s in out:
        s.problems.append(DAMAGED)
    return out, False


def _read_page(page: Page, pool: Pool) -> tuple[list[Scanned], bool]:
    found = locate(page.grey, pool.shapes)
    if page.halved and not _fine_enough(found.quads, pool.shapes):
        return _read_page(page.whole(), pool)
    quads, rest = found.quads, found.stray
    out = _read_cards(page, quads, pool)
    again = _as_named(page, out, pool)
    if again is not None:
        found, out = again
        quads, rest = found.quads, found.stray
    sides = sorted(q.side for q in quads)
    stray = [m for m in rest if not sides or 0.7 < m.side / sides[len(sides) // 2] < 1.4]
    ink = found.ink_elsewhere([_outline(q, pool.templates) for q in quads]) if quads else 0.0
    if quads and not stray and ink < INK_ELSEWHERE:
        return out, False
    if not quads and _blank(page.grey):
        return [], True
    seen = {s.serial for s in out if s.serial is not None}
    for text, box in _page_qrs(page.grey):
        parsed = _named(text, pool)
        if parsed is None or parsed[2] in seen:
            continue
        slug, version, serial, code = parsed
        seen.add(serial)
        s = Scanned(page.file, page.index, page.where, _around(page.grey, box), serial, code, slug, version)
        s.problems.append(
            "its corner marks were not found (torn, folded, covered or out of the picture): "
            "the card cannot be lined up to read its bubbles"
        )
        out.append(s)
    if not out:
        s = Scanned(page.file, page.index, page.where, _thumb(page.grey))
        s.problems.append(
            "no card found on this page: neither its corner marks nor its QR code could be read"
        )
        out.append(s)
    elif len(out) == len(quads) and len(stray) >= 2:  # two corner marks of a card not found
        s = Scanned(page.file, page.index, page.where, _thumb(page.grey))
        s.problems.append(
            f"{len(quads)} {'card' if len(quads) == 1 else 'cards'} read on this page, but corner marks of "
            "another card are on it (its QR and other corners could not be read): look at the page, and "
            "scan that card again or type it in"
        )
        out.append(s)
    return out, False


def _read_cards(page: Page, quads: list[Quad], pool: Pool) -> list[Scanned]:
    lines = streaks(page.grey, [np.array(q.corners, np.float32) for q in quads]) if quads else []
    out = []
    for n, quad in enumerate(quads, start=1):
        where = page.where + (f", card {n}" if len(quads) > 1 else "")
        out.append(_read_card(page, quad, where, pool, lines))
    return out


def _lined_up(cards: list[Scanned]) -> int:
    return sum(s.fit >= MIN_FIT for s in cards)


def _as_named(page: Page, cards: list[Scanned], pool: Pool) -> tuple[Found, list[Scanned]] | None:
    """The page's corner marks grouped again, as cards of only the templates the QRs read on it name,
    when a card read on it could not be lined up: on a sheet seen at a slant, a card's corner marks
    with a mark of the card beside it can pass for a card of another template's proportions (an A4
    card on a letter sheet). The new reading when it lines up more cards (None: keep the first)."""
    named = {s.template for s in cards if s.template}
    if not named or all(s.fit >= MIN_FIT for s in cards if s.template):
        return None
    shapes = tuple(s for s in pool.shapes if s.name in named)
    if len(shapes) == len(pool.shapes):
        return None
    found = locate(page.grey, shapes)
    again = _read_cards(page, found.quads, pool)
    return (found, again) if _lined_up(again) > _lined_up(cards) else None


def _fine_enough(quads: list[Quad], shapes: tuple[Shape, ...]) -> bool:
    """Whether every card found on a halved photo is drawn at least as finely as it is read (K pixels a
    point, less a little): a card farther away, or none found, is looked for again on the whole photo."""
    widths = {s.name: s.width for s in shapes}
    return bool(quads) and all(
        math.dist(q.corners[0], q.corners[1]) >= FINE * K * widths[q.templates[0]] for q in quads
    )


def _read_card(page: Page, quad: Quad, where: str, pool: Pool, lines: list[Streak]) -> Scanned:
    guess = template_frame(pool.templates[quad.templates[0]])
    crop = straighten(page.grey, quad, guess)
    s = Scanned(page.file, page.index, where, crop)
    if quad.missing:
        s.problems.append(f"the {CORNER_NAMES[quad.missing]} corner mark is missing (torn or covered)")
    text = read_qr(crop)
    parsed = _named(text, pool) if text else None
    if parsed is None:
        parsed = _from_print(page, quad, crop, s, pool)
    if parsed is None:
        s.problems.append(
            "the QR code cannot be read (smudged, torn or out of focus), nor the serial printed on the "
            "card: type the serial and code printed on it"
        )
        return s
    s.slug, s.version, s.serial, s.code = parsed
    serial = format_serial(s.serial)
    batch = pool.lookup(s.serial)
    if batch is None:
        s.problems.append(
            unrecorded_text(s.serial, pool.unrecorded)
            or f"serial {serial} was never printed in this pool: no print batch holds it (the QR says card "
            f"{s.slug} v{s.version}: a card of another pool, or a forged one)"
        )
        return s
    slug, version, template = batch
    if (slug, version) != (s.slug, s.version):
        s.problems.append(
            f"the QR says card {s.slug} v{s.version}, but serial {serial} was printed for "
            f"{slug} v{version} (a copied or altered card?)"
        )
        return s
    s.template = template
    layout = pool.layout(slug, version, template)
    if layout is None:  # a card of another card of the pool: named by its QR, not read here
        return s
    frame = Frame.of(layout)
    if template != quad.templates[0]:
        s.crop = crop = straighten(page.grey, quad, frame)
    picks = {str(n): b for n, b in layout.bubbles().items()}
    stakes = {f"stake:{k}": b for k, b in layout.stake_bubbles().items()}
    sampled = darkness(crop, frame, picks | stakes)
    s.fit = sampled.fit
    if sampled.fit < MIN_FIT:
        s.problems.append(
            "the bubbles could not be lined up with the printed card (bent, curled, blurred or a "
            "corner mark misread): read the marks on the crop"
        )
        return s
    v = verdicts(sampled.seen, sampled.ink)
    for row in beside(crop, layout, K, hand(sampled.seen).stroke, sampled.moved):
        s.problems.append(
            f"ink beside the bubbles on the row of {', '.join(map(str, row))} (a circled team, a line "
            "through the game, a note?): read it on the card"
        )
    s.marked = read_marks(
        {int(k): v[k] for k in picks}, {k.removeprefix("stake:"): v[k] for k in stakes}, pool.default
    )
    streaked = _streaked(lines, quad, frame, picks | stakes)
    if streaked:
        names = ", ".join(f"${k.removeprefix('stake:')}" if k.startswith("stake:") else k for k in streaked)
        s.problems.append(
            f"a line runs through the whole scanned page across {names} (a streak from dust on the "
            "scanner's glass?): read those bubbles on the card, and clean the glass"
        )
    return s


def _streaked(lines: list[Streak], quad: Quad, frame: Frame, bubbles: Mapping[str, Bubble]) -> list[str]:
    """The bubbles (keys) a streak down or across the page passes through."""
    if not lines:
        return []
    keys = list(bubbles)
    at = np.array(
        [[(bubbles[k].centre()[0], frame.height - bubbles[k].centre()[1]) for k in keys]], np.float32
    )
    page = cv2.perspectiveTransform(at, on_page(quad, frame, 1.0))[0]
    scale = math.dist(quad.corners[0], quad.corners[1]) / (math.dist(frame.marks[0], frame.marks[1]) or 1.0)
    return [
        k
        for k, (x, y) in zip(keys, page, strict=True)
        if any(crossed(line, (float(x), float(y)), bubbles[k].radius() * scale) for line in lines)
    ]


def _named(text: str, pool: Pool) -> tuple[str, int, int, str] | None:
    """(slug, version, serial, code) a card's QR names: its details (`PC1|…`), or its link
    (`https://…/c/000123-K7F2Q9`, printed when the pool has an address), whose card and version are
    those of the batch that printed the serial."""
    parsed = parse_qr_payload(text)
    if parsed is not None:
        return parsed
    linked = parse_qr_link(text)
    batch = pool.lookup(linked[0]) if linked else None
    if linked is None or batch is None:
        return None
    return batch[0], batch[1], linked[0], linked[1]


def _from_print(
    page: Page, quad: Quad, crop: np.ndarray, s: Scanned, pool: Pool
) -> tuple[str, int, int, str] | None:
    """The card named by its printed serial when its QR cannot be read: (slug, version, serial, code).

    Each printed version of the card being scanned, on a template of the card's proportions, is
    tried: the serial's digits are read where that layout prints them, the serial must belong to a
    batch of that very version and template, and the verify code printed beside it must be the one
    the pool's secret gives it. When no serial reads and confirms so, the card is looked for among
    every card printed of that version and template (its serial and code drawn in the renderer's
    glyphs, matched to the picture whole). A serial whose digits read but whose code does not, and that
    no printed card matches clearly, is kept with a problem saying so: the card is then in review under
    its serial."""
    from ..core.verify import ALPHABET, verify_code
    from .printed import code_matches, identify, read_serial

    guess = quad.templates[0]
    views = []
    unconfirmed: tuple[str, int, int, str] | None = None
    for version, template in pool.printed(quad.templates):
        layout = pool.layout(pool.slug, version, template)
        if layout is None:
            continue
        view = crop if template == guess else straighten(page.grey, quad, Frame.of(layout))
        views.append((version, template, layout, view))
        reading = read_serial(view, layout, K)
        if reading is None:
            continue
        serial = int(reading.text)
        if pool.lookup(serial) != (pool.slug, version, template):
            continue
        code = verify_code(pool.secret, pool.slug, version, serial)
        if code_matches(view, layout, code, K, ALPHABET):
            return pool.slug, version, serial, code
        unconfirmed = unconfirmed or (pool.slug, version, serial, code)
    # the digits did not read one by one, or their code did not confirm them: the card among those printed
    for version, template, layout, view in views:
        printed = pool.codebook(version, template)
        found = identify(view, layout, K, printed)
        if found is not None:
            return pool.slug, version, found, printed[found]
    if unconfirmed is not None:
        s.problems.append(
            f"the QR code cannot be read, and the serial printed on the card reads {format_serial(unconfirmed[2])} "
            "but the verify code beside it could not be confirmed: check both on the card"
        )
    return unconfirmed


def _outline(quad: Quad, templates: Mapping[str, Template]) -> np.ndarray:
    """A card's paper on the page (full-size pixels, a little beyond its edges), from its corner marks."""
    frame = template_frame(templates[quad.templates[0]])
    m = on_page(quad, frame, 1.0)
    pad = 0.03 * frame.width
    corners = np.array(
        [
            [
                [-pad, -pad],
                [frame.width + pad, -pad],
                [frame.width + pad, frame.height + pad],
                [-pad, frame.height + pad],
            ]
        ],
        np.float32,
    )
    out: np.ndarray = cv2.perspectiveTransform(corners, m)[0]
    return out


def _blank(grey: np.ndarray) -> bool:
    small = cv2.resize(grey, (200, round(200 * grey.shape[0] / grey.shape[1])), interpolation=cv2.INTER_AREA)
    return float(small.std()) < 6.0


def _page_qrs(grey: np.ndarray) -> list[tuple[str, tuple[int, int, int, int]]]:
    import zxingcpp

    out = []
    # zxing-cpp takes one BarcodeFormat as its BarcodeFormats
    for b in zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormat.QRCode):  # type: ignore[arg-type]
        if b.valid and ours(b.text):
            p = b.position
            xs = [p.top_left.x, p.top_right.x, p.bottom_left.x, p.bottom_right.x]
            ys = [p.top_left.y, p.top_right.y, p.bottom_left.y, p.bottom_right.y]
            out.append((b.text, (min(xs), min(ys), max(xs), max(ys))))
    return out


def _around(grey: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """A generous cut-out around a QR code: enough of the card to see it."""
    x0, y0, x1, y1 = box
    side = max(x1 - x0, y1 - y0)
    h, w = grey.shape
    return grey[max(0, y0 - 4 * side) : min(h, y1 + 4 * side), max(0, x0 - 8 * side) : min(w, x1 + 4 * side)]


def _thumb(grey: np.ndarray) -> np.ndarray:
    f = min(1.0, 1400 / max(grey.shape))
    return cv2.resize(grey, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1 else grey
