"""The band across the top of a card (title, dates, cutoff, serial and verify code, how to play), and its
narrow form beside a corner mark on a small card."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from ..core.models import Card
from ..core.text import day, hour, local
from .geometry import CELL, Box, Rect, Shade
from .parts import BAND_GREY, BAND_H, FID, FID_CLEAR
from .text import BOLD, MIN_SIZE, REGULAR, cell, fit_size, width, wrap


def _when(card: Card) -> str:
    tz = ZoneInfo(card.timezone)
    days = []
    for g in card.games:
        k = g.kickoff
        if isinstance(k, datetime):
            days.append(k.astimezone(tz).date())
        elif isinstance(k, date):
            days.append(k)
    if not days:
        return ""
    a, b = min(days), max(days)
    return day(a) if a == b else f"{day(a)} – {day(b)}"


def _zone(card: Card) -> str:
    tz = ZoneInfo(card.timezone)
    for g in card.games:
        if isinstance(g.kickoff, datetime):
            return g.kickoff.astimezone(tz).tzname() or ""
    return ""


def _cutoff(card: Card) -> str:
    c = card.rules.cutoff
    if c is None:
        return ""
    c = local(c, card.timezone)
    return f"Cards due {day(c)}, {hour(c)}"


def band(card: Card, body: Rect) -> list[Box]:
    """The dark header band between the top corner marks: title, dates and cutoff; serial and code."""
    x0, x1 = body.x + FID + FID_CLEAR, body.right - FID - FID_CLEAR
    y0 = body.top - BAND_H
    boxes: list[Box] = [Shade(Rect(x0, y0, x1 - x0, BAND_H), grey=BAND_GREY)]
    pad = 7.0
    serial_w = width("No. 0000000", BOLD, 14)
    code_w = width("CODE WWWWWW", BOLD, 12)
    rw = max(serial_w, code_w)
    boxes.append(
        cell(
            x1 - pad - rw,
            y0 + BAND_H - 4 - CELL * 14,
            "No. {serial}",
            BOLD,
            14,
            w=rw,
            align="right",
            grey=1.0,
            field="serial",
        )
    )
    boxes.append(
        cell(x1 - pad - rw, y0 + 4, "CODE {code}", BOLD, 12, w=rw, align="right", grey=1.0, field="code")
    )
    room = x1 - x0 - 2 * pad - rw - 10
    size = fit_size(card.title, BOLD, 16, room, 10)
    if size is None:  # a narrow card: the title across the band, serial and code side by side below it
        boxes = boxes[:1]
        full = x1 - x0 - 2 * pad
        sw, cw = width("No. 0000000", BOLD, 12), width("CODE WWWWWW", BOLD, 12)
        size = fit_size(card.title, BOLD, 13, full, 7)
        if size is None or sw + cw + 6 > full:
            from ..core.errors import ParlayError

            raise ParlayError(
                f'the title "{card.title}" is too long to print on this template; shorten it with '
                f'`parlaycards rules set {card.slug} ⟨title⟩ "…"` or pick a wider template.'
            )
        boxes.append(cell(x0 + pad, y0 + BAND_H - 5 - CELL * size, card.title, BOLD, size, w=full, grey=1.0))
        boxes.append(cell(x0 + pad, y0 + 4, "No. {serial}", BOLD, 12, w=sw, grey=1.0, field="serial"))
        boxes.append(
            cell(x1 - pad - cw, y0 + 4, "CODE {code}", BOLD, 12, w=cw, align="right", grey=1.0, field="code")
        )
        return boxes
    boxes.append(cell(x0 + pad, y0 + BAND_H - 5 - CELL * size, card.title, BOLD, size, w=room, grey=1.0))
    parts = _band_facts(card)
    while parts:
        text = "  ·  ".join(parts)
        sub = fit_size(text, REGULAR, 8, room, MIN_SIZE)
        if sub is not None:
            boxes.append(cell(x0 + pad, y0 + 4.5, text, REGULAR, sub, w=room, grey=0.92))
            break
        parts.pop()
    return boxes


def _band_facts(card: Card) -> list[str]:
    """What the band says under the title: dates, time zone, cutoff and the card's name and version."""
    return [
        p
        for p in (
            _when(card),
            f"Times {_zone(card)}" if _zone(card) else "",
            _cutoff(card),
            f"Card {card.slug} v{card.version}",
        )
        if p
    ]


NARROW_PAD = 6.0
NARROW_SUB = 7.0  # the dates and cutoff, as the rules beside them
NARROW_FIELD = 12.0  # serial and code


@dataclass(frozen=True)
class NarrowBand:
    """The header band stacked for a panel beside the games (see layout.panels.tall): the title on
    one or two lines, the dates, zone, cutoff and card name under it, then the serial and the code, side by
    side when they fit (else on a line each, at the right, where a REPRINT mark finds room on their left)."""

    width: float
    title: tuple[str, ...]
    title_size: float
    facts: tuple[str, ...]
    fields_on_one_line: bool

    @property
    def height(self) -> float:
        fields = 1 if self.fields_on_one_line else 2
        return (
            NARROW_PAD
            + len(self.title) * self.title_size * 1.15
            + 2
            + len(self.facts) * NARROW_SUB * 1.2
            + 3
            + fields * NARROW_FIELD * 1.15
            + NARROW_PAD
            - 2
        )


def _field_widths() -> tuple[float, float]:
    return width("No. 0000000", BOLD, NARROW_FIELD), width("CODE WWWWWW", BOLD, NARROW_FIELD)


def narrow_band(card: Card, w: float) -> NarrowBand | None:
    """The band stacked in `w` points, or None when the title, serial or code do not fit it."""
    room = w - 2 * NARROW_PAD
    sw, cw = _field_widths()
    if max(sw, cw) > room:
        return None
    title: tuple[str, ...] | None = None
    size = fit_size(card.title, BOLD, 14, room, 11)
    if size is not None:
        title = (card.title,)
    else:
        for size in (12.0, 11.0, 10.0):
            lines = wrap(card.title, BOLD, size, room)
            if lines is not None and len(lines) <= 2:
                title = tuple(lines)
                break
    if title is None or size is None:
        return None
    facts: list[str] = []
    for fact in _band_facts(card):  # whole phrases to a line, as many lines as they take
        joined = f"{facts[-1]}  ·  {fact}" if facts else fact
        if facts and width(joined, REGULAR, NARROW_SUB) <= room:
            facts[-1] = joined
        elif width(fact, REGULAR, NARROW_SUB) <= room:
            facts.append(fact)
    return NarrowBand(w, title, size, tuple(facts), sw + cw + 12 <= room)


def narrow_band_boxes(x: float, top: float, band: NarrowBand) -> list[Box]:
    h, w, pad = band.height, band.width, NARROW_PAD
    boxes: list[Box] = [Shade(Rect(x, top - h, w, h), grey=BAND_GREY)]
    y = top - pad
    for line in band.title:
        y -= band.title_size * 1.15
        boxes.append(cell(x + pad, y + 1, line, BOLD, band.title_size, w=w - 2 * pad, grey=1.0))
    y -= 2
    for line in band.facts:
        y -= NARROW_SUB * 1.2
        boxes.append(cell(x + pad, y + 1, line, REGULAR, NARROW_SUB, w=w - 2 * pad, grey=0.92))
    y -= 3 + NARROW_FIELD * 1.15
    sw, cw = _field_widths()
    serial = ("No. {serial}", "serial")
    code = ("CODE {code}", "code")
    if band.fields_on_one_line:
        boxes.append(cell(x + pad, y + 1, serial[0], BOLD, NARROW_FIELD, w=sw, grey=1.0, field=serial[1]))
        place = [(code, x + w - pad - cw, cw, y)]
    else:
        rw = max(sw, cw)
        place = [(serial, x + w - pad - rw, rw, y), (code, x + w - pad - rw, rw, y - NARROW_FIELD * 1.15)]
    for (text, field), fx, fw, fy in place:
        boxes.append(cell(fx, fy + 1, text, BOLD, NARROW_FIELD, w=fw, align="right", grey=1.0, field=field))
    return boxes
