"""The REPRINT mark: where a reprinted card (jammed, lost) says so, without moving anything a scanner reads.

The mark goes on the dark header band, in white, in the room left between the card's title lines
and its serial and code; the bubbles, QR and corner marks are where they were. When a long title
leaves no room, the band's last line starts with "REPRINT · " instead, shrunk to fit.
"""

from __future__ import annotations

from dataclasses import replace

from .geometry import CELL, Box, CardLayout, Rect, Shade, TextCell
from .text import BOLD, fit_size, width

MARK = "REPRINT"
PAD = 6.0  # points kept clear on each side of the mark
LARGEST, SMALLEST = 12.0, 7.0


def _band(layout: CardLayout) -> Shade | None:
    """The dark band holding most of the card's serial and code (a stub template repeats them on the stub)."""
    fields = layout.field_cells()
    bands = [
        (sum(b.rect.contains(f.rect) for f in fields), b)
        for b in layout.boxes
        if isinstance(b, Shade) and b.dark
    ]
    held = [(n, b) for n, b in bands if n]
    return max(held, key=lambda nb: nb[0])[1] if held else None


def _ink(cell: TextCell) -> Rect:
    """The part of a cell its text covers (the rect fits the widest text it may hold); a serial or code
    field at its widest (seven digits, six W's)."""
    text = cell.text.replace("{serial}", "0000000").replace("{code}", "WWWWWW")
    w = width(text, cell.font, cell.size)
    x = {"left": cell.rect.x, "right": cell.rect.right - w, "centre": cell.rect.x + (cell.rect.w - w) / 2}[
        cell.align
    ]
    return Rect(x, cell.rect.y, w, cell.rect.h)


def reprint_boxes(layout: CardLayout) -> tuple[Box, ...]:
    """The static boxes of a reprinted card: the card's own, with REPRINT added on the header band."""
    static = layout.static_boxes()
    band = _band(layout)
    if band is None:  # a layout with no header band: the mark goes above the first field
        f = layout.field_cells()[0]
        w = width(MARK, BOLD, SMALLEST)
        return (
            *static,
            TextCell(
                Rect(f.rect.right - w, f.rect.top + 1, w, CELL * SMALLEST),
                MARK,
                BOLD,
                SMALLEST,
                align="right",
            ),
        )
    texts = [b for b in static if isinstance(b, TextCell) and band.rect.contains(b.rect)]
    best: tuple[float, Rect] | None = None
    fields = [f for f in layout.field_cells() if band.rect.contains(f.rect)]
    for f in fields:
        beside = [*texts, *(g for g in fields if g is not f and _ink(g).right <= f.rect.x)]
        left = max(
            (_ink(t).right for t in beside if t.rect.y < f.rect.top and f.rect.y < t.rect.top),
            default=band.rect.x,
        )
        room = f.rect.x - PAD - (left + PAD)
        fits = fit_size(MARK, BOLD, LARGEST, room, floor=SMALLEST) if room > 0 else None
        if fits is None:
            continue
        w = width(MARK, BOLD, fits)
        rect = Rect(f.rect.x - PAD - w, f.rect.y, w, CELL * fits)
        if band.rect.contains(rect) and (best is None or fits > best[0]):
            best = (fits, rect)
    if best is not None:
        return (*static, TextCell(best[1], MARK, BOLD, best[0], align="right", grey=1.0))
    last = min(texts, key=lambda t: t.rect.y)  # the band's bottom line: prefixed instead
    text = f"{MARK}  ·  {last.text}"
    size = fit_size(text, BOLD, last.size, last.rect.w, floor=4.0) or 4.0
    marked = replace(last, text=text, font=BOLD, size=size, grey=1.0)
    return tuple(marked if b is last else b for b in static)
