"""Font metrics for the layout: ReportLab's built-in Helvetica widths (no canvas, no font files)."""

from __future__ import annotations

from functools import lru_cache

from .geometry import CELL, Rect, TextCell

REGULAR = "Helvetica"
BOLD = "Helvetica-Bold"
MIN_SIZE = 6.0  # nothing on a card is printed smaller


@lru_cache(maxsize=8192)
def _unit_width(text: str, font: str) -> float:
    # ReportLab's font metrics, loaded when a text is first measured (a terminal listing never does)
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, font, 1000)) / 1000


def width(text: str, font: str, size: float) -> float:
    return _unit_width(text, font) * size


@lru_cache(maxsize=1024)
def _unit_widest(texts: tuple[str, ...], font: str) -> float:
    return max((_unit_width(t, font) for t in texts), default=0.0)


def widest(texts: list[str] | tuple[str, ...], font: str, size: float) -> float:
    return _unit_widest(tuple(texts), font) * size


def fit_size(text: str, font: str, size: float, room: float, floor: float = MIN_SIZE) -> float | None:
    """The largest size ≤ `size` (in ¼ pt steps, not under `floor`) at which `text` fits `room`."""
    w = _unit_width(text, font)
    if w <= 0:
        return size
    best = min(size, room / w)
    best = int(best * 4) / 4
    return best if best >= floor else None


def wrap(text: str, font: str, size: float, room: float, first_indent: float = 0.0) -> list[str] | None:
    """Greedy word wrap; None when a single word is wider than the room."""
    lines: list[str] = []
    line = ""
    avail = room - first_indent
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if width(trial, font, size) <= avail:
            line = trial
            continue
        if not line:
            return None
        lines.append(line)
        avail = room
        line = word
        if width(line, font, size) > avail:
            return None
    if line:
        lines.append(line)
    return lines


def cell(
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    w: float | None = None,
    align: str = "left",
    grey: float = 0.0,
    field: str | None = None,
) -> TextCell:
    """A text cell whose bottom is at `y`; its width is the text's unless `w` is given."""
    tw = width(text, font, size) if w is None else w
    return TextCell(Rect(x, y, tw, CELL * size), text, font, size, align, grey, field)  # type: ignore[arg-type]
