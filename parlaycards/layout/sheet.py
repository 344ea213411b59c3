"""Page-level geometry: where each card lands on the sheet, the proof marks and the calibration sheet.

Page coordinates, points, origin at the paper's bottom-left. A card is placed by one translation:
its rectangle's corner plus the template's printer offset.
"""

from __future__ import annotations

from .geometry import CELL, Box, Rect, Rule, Shade, TextCell
from .templates import Template
from .text import BOLD, REGULAR, cell, width, wrap

PROOF_NOTE = (
    'Print this page at 100% ("Actual size"), never "Fit to page". Hold it over a sheet of your '
    "card stock against the light: every card edge should sit on a perforation."
)


def card_origins(t: Template) -> list[tuple[float, float]]:
    """Where each card's card-local origin lands on the page (printer offset included)."""
    ox, oy = t.offset_pt()
    return [(r.x + ox, r.y + oy) for r in t.card_rects()]


def proof_marks(t: Template) -> tuple[list[Box], list[Box]]:
    """PROOF across the first card, and the print-at-100% note: in the second card's place when the
    sheet has one (returned first, with the watermark), else on a page of its own (returned second)."""
    x0, y0 = card_origins(t)[0]
    w, h = t.card_size()
    size = min(110.0, w / 4.5)
    wm = width("PROOF", BOLD, size)
    marks: list[Box] = [
        TextCell(
            Rect(x0 + w / 2 - wm / 2, y0 + h / 2 - size * 0.35, wm, CELL * size),
            "PROOF",
            BOLD,
            size,
            "centre",
            0.5,
            None,
            25.0,
        )
    ]
    rects = t.card_rects()
    pw, ph = t.page_size()
    m = t.safe_margin * t.k
    area = rects[1].inset(0.45 * 72) if len(rects) > 1 else Rect(m + 36, m, pw - 2 * m - 72, ph - 2 * m - 72)
    note: list[Box] = []
    lines = wrap("PROOF — not a card: no serial numbers were used. " + PROOF_NOTE, REGULAR, 12, area.w) or []
    y = area.top - 20
    note.append(cell(area.x, y, "How to check this proof", BOLD, 14))
    for line in lines:
        y -= 17
        note.append(cell(area.x, y, line, REGULAR, 12))
    return (marks + note, []) if len(rects) > 1 else (marks, note)


def calibration(t: Template) -> list[Box]:
    """Rulers along the edges, crosshairs and offset scales at every perforation, card outlines, instructions."""
    pw, ph = t.page_size()
    ox, oy = t.offset_pt()
    m = t.safe_margin * t.k
    out: list[Box] = []
    inch = 72.0
    out += _rulers(pw, ph, m, ox, oy)
    # card outlines (dashed) and a crosshair with an offset scale at each perforation
    for r in t.card_rects():
        out += [
            Rule(Rect(r.x + ox + a, r.y + oy + b, w_, h_), grey=0.6, dash=(3, 3), width=0.5)
            for a, b, w_, h_ in (
                (0, 0, r.w, 0.5),
                (0, r.h - 0.5, r.w, 0.5),
                (0, 0, 0.5, r.h),
                (r.w - 0.5, 0, 0.5, r.h),
            )
        ]
    step = 0.02 * inch if t.units == "in" else 0.5 * 72 / 25.4
    unit = "in" if t.units == "in" else "mm"
    for axis, pos in t.perforations_pt():
        along = pw if axis == "y" else ph
        for at in (along * 0.3, along * 0.7):
            out += _scale(axis, pos, at, ox, oy, step, unit)
    out += _instructions(t, pw, ph, ox, oy, unit)
    return out


def _rulers(pw: float, ph: float, m: float, ox: float, oy: float) -> list[Box]:
    """Rulers along the edges: ticks every 1/8 in, measured from the paper's left and bottom edges."""
    out: list[Box] = []
    inch = 72.0
    for axis, length in (("x", pw), ("y", ph)):
        k = 1
        while k * inch / 8 < length - m:
            pos = k * inch / 8
            if pos > m:
                tick = 14 if k % 8 == 0 else 9 if k % 4 == 0 else 5
                if axis == "x":
                    out.append(Rule(Rect(pos + ox - 0.2, m + oy, 0.4, tick), width=0.4))
                    out.append(Rule(Rect(pos + ox - 0.2, ph - m - tick + oy, 0.4, tick), width=0.4))
                else:
                    out.append(Rule(Rect(m + ox, pos + oy - 0.2, tick, 0.4), width=0.4))
                    out.append(Rule(Rect(pw - m - tick + ox, pos + oy - 0.2, tick, 0.4), width=0.4))
                if k % 8 == 0:
                    label = f"{k // 8} in"
                    if axis == "x":
                        out.append(cell(pos + ox + 2, m + 15 + oy, label, REGULAR, 7))
                    else:
                        out.append(cell(m + 16 + ox, pos + oy + 2, label, REGULAR, 7))
            k += 1
    return out


def _instructions(t: Template, pw: float, ph: float, ox: float, oy: float, unit: str) -> list[Box]:
    """The instructions, on a light panel: how to read the scales and set the template's offset."""
    out: list[Box] = []
    inch = 72.0
    x0, x1 = 1.4 * inch, pw - 1.4 * inch
    y = ph - 1.3 * inch
    lines = [
        (BOLD, 16, f"Calibration sheet for template {t.name}"),
        (REGULAR, 10, t.description),
        (REGULAR, 10, f"Current printer offset: x = {t.offset.x:g} {t.units}, y = {t.offset.y:g} {t.units}."),
        (
            BOLD,
            11,
            '1. Print this page at 100% ("Actual size", never "Fit to page") on your perforated stock.',
        ),
        (
            REGULAR,
            10,
            "2. At each perforation there is a crosshair and a scale. Find the tick the real perforation runs "
            "through and read its number: that is how far the print must move.",
        ),
        (
            REGULAR,
            10,
            f"3. Add the number to the template's offset: a perforation across the page gives y, one down "
            f"the page gives x (positive = move the print up / right), in {unit}.",
        ),
        (
            REGULAR,
            10,
            "4. No perforations? Measure from the paper's left edge to the 1 in mark of the bottom ruler: "
            "if it reads more than 1 in, x = 1 − measured (the same for y with the left ruler).",
        ),
        (
            REGULAR,
            10,
            "5. Save the template as templates/NAME.toml with the new offset = { x = …, y = … }, print this "
            "sheet again to check, then print a proof: parlaycards print SLUG --proof --template NAME.",
        ),
    ]
    for font, size, text in lines:
        for line in wrap(text, font, size, x1 - x0) or [text]:
            y -= size * 1.45
            out.append(cell(x0 + ox, y + oy, line, font, size))
        y -= 4
    out.append(Shade(Rect(x0 + ox - 8, y + oy - 6, x1 - x0 + 16, ph - 1.3 * inch - y + 14), grey=0.95))
    return out


def _scale(axis: str, pos: float, at: float, ox: float, oy: float, step: float, unit: str) -> list[Box]:
    """A crosshair on the expected perforation and ticks either side, labelled with the offset to add."""
    out: list[Box] = []
    if axis == "y":
        out.append(Rule(Rect(at - 30 + ox, pos + oy - 0.25, 60, 0.5), width=0.5))
        out.append(Rule(Rect(at + ox - 0.25, pos - 20 + oy, 0.5, 40), width=0.5))
    else:
        out.append(Rule(Rect(pos + ox - 0.25, at - 30 + oy, 0.5, 60), width=0.5))
        out.append(Rule(Rect(pos - 20 + ox, at + oy - 0.25, 40, 0.5), width=0.5))
    for i in range(-10, 11):
        if i == 0:
            continue
        d = i * step
        long = i % 5 == 0
        tl = 10 if long else 5
        if axis == "y":
            out.append(Rule(Rect(at + 8 + ox, pos + d + oy - 0.15, tl, 0.3), width=0.3))
            if long:
                out.append(
                    cell(
                        at + 20 + ox,
                        pos + d + oy - 2.5,
                        f"{-i * step / (72 if unit == 'in' else 72 / 25.4):+g}",
                        REGULAR,
                        6,
                    )
                )
        else:
            out.append(Rule(Rect(pos + d + ox - 0.15, at + 8 + oy, 0.3, tl), width=0.3))
            if long:
                out.append(
                    cell(
                        pos + d + ox - 6,
                        at + 20 + oy,
                        f"{-i * step / (72 if unit == 'in' else 72 / 25.4):+g}",
                        REGULAR,
                        6,
                    )
                )
    return out
