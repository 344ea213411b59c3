"""The serial and verify code as printed in text, read when the QR cannot be.

No OCR engine: the product knows the font (Helvetica-Bold, the renderer's), the size and the box of
every field, and that a serial's digits all have the same advance. Each glyph the renderer can print
is drawn once, by the same PDF engine that draws the cards, at the straightened card's scale; each
digit of the serial is then the glyph that matches best where the layout put it. A serial read this
way is only a candidate: the caller checks it against the print batches, and the verify code printed
beside it is checked glyph by glyph against the code the pool's secret gives that serial.

When the digits are too small or too blurred to read one by one (a whole sheet photographed from
arm's length), the card is found among the cards printed instead: every printed serial, with the
verify code the secret gives it, is drawn in the renderer's glyphs where the layout prints them, and
the one that matches the picture best is the card, if it matches clearly better than every other
(`identify`). Six random letters of code beside six digits leave no two printed cards alike.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import cv2
import numpy as np

from ..layout.geometry import DESCENT, CardLayout, TextCell
from ..layout.text import width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

DIGITS = "0123456789"
SERIAL_DIGITS = (6, 7)  # format_serial pads to six; a pool past 999,999 prints seven
SHIFT = 3  # px: how far a glyph is looked for around where the layout puts it
MATCH = 0.45  # least correlation of the best glyph ...
MARGIN = 0.04  # ... and its lead over the next best
# A card found among the printed ones: the mean correlation of its serial's and code's glyphs, at
# least FOUND, and ahead of the next printed card by LEAD (the true card leads by 0.08 and more even on
# a whole 4-up sheet photographed at 105 px an inch; two wrong ones differ by up to 0.055).
FOUND = 0.6
LEAD = 0.07
# ... and its own code, letter by letter: every letter among the TOP best-matching letters where it is
# printed. A card missing from the print batches (another pool's) can lead the printed ones through its
# serial's digits, shared but for one with a printed card's: measured on held-out seed 2041's 333 phone
# cards, each read with its own card left out, the best other card led by up to 0.087, with at most 5
# of its 6 letters among the top 3; the true card always had all 6, and led by 0.105 or more.
CODE_HITS = 6
TOP = 3
BLURS = (0.0, 1.2, 2.0)  # px: the glyphs softened as a far or shaken picture softens the print


@dataclass(frozen=True)
class Reading:
    """A field read glyph by glyph: the text, and the weakest glyph's match and lead."""

    text: str
    weakest: float
    lead: float


def field_cell(layout: CardLayout, field: str) -> TextCell | None:
    """The first text cell of the card that prints `field` ("serial" or "code") in its header."""
    cells = [c for c in layout.field_cells() if c.field == field]
    return max(cells, key=lambda c: c.size) if cells else None


def read_serial(crop: np.ndarray, layout: CardLayout, k: float) -> Reading | None:
    """The serial's digits as printed on the straightened card `crop` (`k` px a point), or None."""
    cell = field_cell(layout, "serial")
    if cell is None:
        return None
    prefix, _, suffix = cell.text.partition("{serial}")
    best: Reading | None = None
    for n in SERIAL_DIGITS:
        x = _start(cell, prefix + "0" * n + suffix) + width(prefix, cell.font, cell.size)
        glyphs = []
        for _ in range(n):
            glyphs.append(_glyph_at(crop, layout, cell, x, DIGITS, k))
            x += width("0", cell.font, cell.size)
        reading = Reading("".join(g[0] for g in glyphs), min(g[1] for g in glyphs), min(g[2] for g in glyphs))
        if best is None or reading.weakest > best.weakest:
            best = reading
    return best if best and best.weakest >= MATCH and best.lead >= MARGIN else None


def code_matches(crop: np.ndarray, layout: CardLayout, code: str, k: float, alphabet: str) -> bool:
    """Whether the verify code printed on the card is `code`: at each place the layout and the code's
    own widths give, `code`'s glyph matches best of every glyph of `alphabet`."""
    cell = field_cell(layout, "code")
    if cell is None:
        return False
    before, _, after = cell.text.partition("{code}")
    x = _start(cell, before + code + after) + width(before, cell.font, cell.size)
    for ch in code:
        found, score, _ = _glyph_at(crop, layout, cell, x, alphabet, k)
        if found != ch or score < MATCH:
            return False
        x += width(ch, cell.font, cell.size)
    return True


def identify(crop: np.ndarray, layout: CardLayout, k: float, printed: Mapping[int, str]) -> int | None:
    """The card among `printed` (each printed serial and its verify code) whose serial and code, drawn
    where `layout` prints them, match the straightened card `crop` best; None unless it matches well
    and clearly better than every other printed card."""
    serial_cell, code_cell = field_cell(layout, "serial"), field_cell(layout, "code")
    if serial_cell is None or code_cell is None or not printed:
        return None
    best: list[tuple[float, int, int]] = []
    for blur in BLURS:
        ranked = _ranked(crop, layout, k, printed, (serial_cell, code_cell), blur)
        if not best or ranked[0][0] > best[0][0]:
            best = ranked
    top, serial, hits = best[0]
    second = best[1][0] if len(best) > 1 else 0.0
    return serial if top >= FOUND and top - second >= LEAD and hits >= CODE_HITS else None


def _ranked(
    crop: np.ndarray,
    layout: CardLayout,
    k: float,
    printed: Mapping[int, str],
    cells: tuple[TextCell, TextCell],
    blur: float,
) -> list[tuple[float, int, int]]:
    """Every printed card's match, best first: the mean correlation of its serial's digits and its
    code's letters, each glyph softened by `blur`; with how many of its code's letters are among the
    TOP best-matching letters where each is printed."""
    serial_cell, code_cell = cells
    prefix, _, suffix = serial_cell.text.partition("{serial}")
    before, _, after = code_cell.text.partition("{code}")
    advance = width("0", serial_cell.font, serial_cell.size)
    digits: dict[int, list[dict[str, float]]] = {}  # by the serial's length: each place's digit scores
    letters: dict[int, dict[str, float]] = {}  # by the pixel a letter starts at: each letter's score
    leaders: dict[int, set[str]] = {}  # ... and the TOP letters there
    alphabet = "".join(sorted(set("".join(printed.values()))))
    out = []
    for serial, code in printed.items():
        text = f"{serial:06d}"
        if len(text) not in digits:
            x = _start(serial_cell, prefix + "0" * len(text) + suffix) + width(
                prefix, serial_cell.font, serial_cell.size
            )
            digits[len(text)] = [
                _scores(crop, layout, serial_cell, x + i * advance, DIGITS, k, blur) for i in range(len(text))
            ]
        total = sum(digits[len(text)][i][d] for i, d in enumerate(text))
        x = _start(code_cell, before + code + after) + width(before, code_cell.font, code_cell.size)
        hits = 0
        for ch in code:
            at = round(x * k)
            if at not in letters:
                letters[at] = _scores(crop, layout, code_cell, x, alphabet, k, blur)
                leaders[at] = set(sorted(letters[at], key=letters[at].__getitem__, reverse=True)[:TOP])
            total += letters[at].get(ch, -1.0)
            hits += ch in leaders[at]
            x += width(ch, code_cell.font, code_cell.size)
        out.append((total / (len(text) + len(code)), serial, hits))
    return sorted(out, reverse=True)


def _start(cell: TextCell, text: str) -> float:
    """Where `text` printed in `cell` begins, in points: the renderer's alignment."""
    full = width(text, cell.font, cell.size)
    return {
        "left": cell.rect.x,
        "right": cell.rect.right - full,
        "centre": cell.rect.x + (cell.rect.w - full) / 2,
    }[cell.align]


def _glyph_at(
    crop: np.ndarray, layout: CardLayout, cell: TextCell, x: float, chars: str, k: float
) -> tuple[str, float, float]:
    """The glyph of `chars` that best matches the crop where a glyph of `cell` starts at `x` points:
    (glyph, its correlation, its lead over the next best)."""
    found = _scores(crop, layout, cell, x, chars, k, 0.0)
    scores = [found[ch] for ch in chars]
    order = np.argsort(scores)[::-1]
    first, second = float(scores[order[0]]), float(scores[order[1]]) if len(order) > 1 else -1.0
    return chars[order[0]], first, first - second


def _scores(
    crop: np.ndarray, layout: CardLayout, cell: TextCell, x: float, chars: str, k: float, blur: float
) -> dict[str, float]:
    """How well each glyph of `chars` (softened by `blur` px) matches the crop where a glyph of `cell`
    starts at `x` points: its best correlation within a few pixels of that place (-1: off the crop)."""
    top = layout.height - (cell.baseline() + (1 - DESCENT) * cell.size)  # card px, y down
    out: dict[str, float] = {}
    for ch in chars:
        t = _soft(cell.font, cell.size, ch, k, blur)
        th, tw = t.shape
        x0, y0 = round(x * k) - SHIFT, round(top * k) - SHIFT
        patch = crop[max(0, y0) : y0 + th + 2 * SHIFT, max(0, x0) : x0 + tw + 2 * SHIFT]
        if patch.shape[0] < th or patch.shape[1] < tw:
            out[ch] = -1.0
            continue
        if cell.grey > 0.5:  # light type on a dark band: read it dark on light, as the glyphs are drawn
            patch = 255 - patch
        out[ch] = float(cv2.matchTemplate(patch, t, cv2.TM_CCOEFF_NORMED).max())
    return out


@lru_cache(maxsize=1024)
def _soft(font: str, size: float, ch: str, k: float, blur: float) -> np.ndarray:
    """A glyph softened by a Gaussian of `blur` px (0: as printed)."""
    sharp = glyph(font, size, ch, k)
    return cv2.GaussianBlur(sharp, (0, 0), blur) if blur > 0 else sharp


@lru_cache(maxsize=256)
def glyph(font: str, size: float, ch: str, k: float) -> np.ndarray:
    """One glyph as the renderer prints it, black on white, at `k` px a point: its advance wide and
    an em tall (from the ascender to the descender), drawn by ReportLab and rasterized by pdfium."""
    return _alphabet(font, size, k)[ch]


def rasterize(c: Canvas, buf: io.BytesIO, k: float) -> np.ndarray:
    """The one page drawn on `c` (writing into `buf`), as the printer's PDF engine would show it: grey,
    `k` px a point, rasterized by pdfium."""
    import pypdfium2 as pdfium

    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        img = doc[0].render(scale=k, grayscale=True).to_numpy()
    finally:
        doc.close()
    out: np.ndarray = img if img.ndim == 2 else img[:, :, 0]
    return out


@lru_cache(maxsize=16)
def _alphabet(font: str, size: float, k: float) -> dict[str, np.ndarray]:
    from reportlab.pdfgen.canvas import Canvas

    chars = DIGITS + "".join(chr(c) for c in range(ord("A"), ord("Z") + 1))
    pitch = round(size * 1.2 * k) / k  # each glyph on whole pixels
    page_w, page_h = pitch * (len(chars) + 1), round(size * 2 * k) / k
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(page_w, page_h))
    c.setFont(font, size)
    margin = round(0.3 * size * k) / k  # the glyph box's top on a whole pixel
    baseline = page_h - margin - (1 - DESCENT) * size
    for i, ch in enumerate(chars):
        c.drawString(pitch * (i + 0.5), baseline, ch)
    grey = rasterize(c, buf, k)
    top = round(margin * k)
    h = round(size * k)
    out = {}
    for i, ch in enumerate(chars):
        x0 = round(pitch * (i + 0.5) * k)
        w = max(2, round(width(ch, font, size) * k))
        out[ch] = np.ascontiguousarray(grey[top : top + h, x0 : x0 + w])
    return out
