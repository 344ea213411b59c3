"""The fixed parts of a card around its games: corner marks, header band, QR, payouts, rules,
the name/phone/amount line with stake bubbles, the disclaimer and the tear-off stub.

Each part is a function from a place (and what it shows) to boxes plus the room it took.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from ..core.models import Card, Odds
from ..core.views import rules_text
from .games import CLEAR, bubble_size
from .geometry import CELL, MM, Box, Bubble, Fiducial, QrBox, Rect, Rule, Shade
from .text import BOLD, MIN_SIZE, REGULAR, cell, fit_size, width, wrap

FID = 5.5 * MM  # corner marks: ≥ 5 mm square
FID_CLEAR = 10.0  # nothing solid this close to a corner mark
BAND_H = 34.0
BAND_GREY = 0.12
QR_MODULE = 0.85 * MM  # ≥ 0.8 mm
QR_QUIET = 4
STAKES = ("1", "2", "5", "10", "20", "other")
HOW_TO = "HOW TO PLAY"
HOW_TO_TEXT = "Fill in the bubble beside each pick completely with a dark pen."
HOW_TO_SHORT = "Fill each bubble fully, dark pen"


def fiducials(body: Rect) -> list[Fiducial]:
    """Four solid corner marks at the body's corners; the top-left one is an L (orientation)."""
    f = FID
    return [
        Fiducial(Rect(body.x, body.top - f, f, f), "tl", "L"),
        Fiducial(Rect(body.right - f, body.top - f, f, f), "tr"),
        Fiducial(Rect(body.x, body.y, f, f), "bl"),
        Fiducial(Rect(body.right - f, body.y, f, f), "br"),
    ]


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
    fa = f"{a:%a %b} {a.day}"
    return fa if a == b else f"{fa} – {b:%a %b} {b.day}"


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
    c = c.astimezone(ZoneInfo(card.timezone))
    hour = c.strftime("%I").lstrip("0") or "12"
    return f"Cards due {c:%a %b} {c.day}, {hour}:{c:%M} {c:%p}"


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
    """The header band stacked for a panel beside the games (see layout.card's tall cards): the title on
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


def qr_box(x: float, top: float, version: int) -> QrBox:
    modules = 17 + 4 * version
    side = (modules + 2 * QR_QUIET) * QR_MODULE
    return QrBox(Rect(x, top - side, side, side), modules, QR_QUIET, "Q", version)


def qr_side(version: int) -> float:
    return (17 + 4 * version + 2 * QR_QUIET) * QR_MODULE


def _odds(o: Odds, basis: str) -> str:
    a, b = str(o).split("-")
    return f"{a} {basis} {b}"


@dataclass(frozen=True)
class PayoutTable:
    """The payout table measured at one type size in some columns: its room and its rows (tier, odds)."""

    width: float
    height: float
    rows: tuple[tuple[str, str], ...]


def payouts(card: Card, size: float, cols: int = 1) -> PayoutTable:
    """The payout table at `size` in `cols` columns."""
    t = card.payouts.sorted()
    rows = tuple((f"{tier.hits} of {tier.picks} pays", _odds(tier.odds, t.basis)) for tier in t.tiers)
    lw = max(width(a, REGULAR, size) for a, _ in rows)
    rw = max(width(b, BOLD, size) for _, b in rows)
    col_w = lw + 8 + rw
    per = -(-len(rows) // cols)
    w = max(cols * col_w + (cols - 1) * 12, width("PAYOUTS", BOLD, size + 1) + 12)
    h = 13 + per * size * 1.35 + (size * 1.35 if t.max_payout else 0)
    return PayoutTable(w, h, rows)


def payout_boxes(card: Card, x: float, top: float, size: float, w: float, cols: int = 1) -> list[Box]:
    rows = payouts(card, size, cols).rows
    t = card.payouts.sorted()
    boxes: list[Box] = [Shade(Rect(x, top - 12, w, 12), grey=0.3)]
    boxes.append(cell(x + 4, top - 12 + (12 - CELL * (size + 1)) / 2, "PAYOUTS", BOLD, size + 1, grey=1.0))
    per = -(-len(rows) // cols)
    col_w = (w - (cols - 1) * 12) / cols
    lead = size * 1.35
    for i, (a, b) in enumerate(rows):
        c, r = divmod(i, per)
        cx = x + c * (col_w + 12)
        y = top - 13 - (r + 1) * lead
        if r % 2 == 1:
            boxes.append(Shade(Rect(cx, y, col_w, lead), grey=0.92))
        ty = y + (lead - CELL * size) / 2
        boxes.append(cell(cx + 2, ty, a, REGULAR, size))
        bw = width(b, BOLD, size)
        boxes.append(cell(cx + col_w - 2 - bw, ty, b, BOLD, size))
    if t.max_payout is not None:
        y = top - 13 - (per + 1) * lead
        text = f"Max payout ${t.max_payout:,.0f} per card"
        ms = fit_size(text, REGULAR, size, w - 4) or MIN_SIZE
        boxes.append(cell(x + 2, y + (lead - CELL * ms) / 2, text, REGULAR, ms))
    return boxes


@dataclass(frozen=True)
class RulesText:
    """The rules paragraph wrapped at one size: its lines, the first one after HOW TO PLAY."""

    size: float
    lines: tuple[str, ...]

    @property
    def height(self) -> float:
        return rules_height(self.size, len(self.lines))


def rules_lines(
    card: Card, room: float, sizes: tuple[float, ...] = (7.0, 6.5, 6.0), short: bool = False
) -> RulesText | None:
    """The rules paragraph wrapped to `room` at the first of `sizes` it fits, or None.

    `short`: the terse rules of a small card (`3–10 picks · ties lose · …`).
    """
    if short:
        text = HOW_TO_SHORT + " · " + " · ".join(rules_text(card, short=True))
        if any(g.neutral for g in card.games):
            text += " · (N) neutral site"
    else:
        text = HOW_TO_TEXT + " " + " ".join(rules_text(card))
        if any(g.neutral for g in card.games):
            text += " (N) marks a game at a neutral site."
    for size in sizes:
        lines = wrap(text, REGULAR, size, room, width(HOW_TO + "  ", BOLD, size))
        if lines is not None:
            return RulesText(size, tuple(lines))
    return None


def rules_height(size: float, n: int) -> float:
    return n * size * 1.2


def rules_boxes(x: float, top: float, room: float, rules: RulesText) -> list[Box]:
    size, lines = rules.size, rules.lines
    lead = size * 1.2
    boxes: list[Box] = []
    indent = width(HOW_TO + "  ", BOLD, size)
    boxes.append(cell(x, top - lead + (lead - CELL * size) / 2, HOW_TO, BOLD, size))
    for i, line in enumerate(lines):
        lx = x + (indent if i == 0 else 0)
        y = top - (i + 1) * lead + (lead - CELL * size) / 2
        boxes.append(cell(lx, y, line, REGULAR, size, w=min(width(line, REGULAR, size), room - (lx - x))))
    return boxes


ENTRY_LABEL = 7.0


def _stake_w(d: float, other: float = 30) -> list[float]:
    return [
        d
        + CLEAR
        + width(("$" + s) if s != "other" else "Other $", BOLD, ENTRY_LABEL)
        + (7 if s != "other" else other)
        for s in STAKES
    ]


COMPACT_OTHER = 14.0  # room for the "Other $" amount on a compact stake line
COMPACT_AMOUNT = 30.0


def compact_entry_width() -> float:
    """The narrowest room the compact entry (NAME ___ AMOUNT $___ over the stake bubbles) takes."""
    d = bubble_size(ENTRY_LABEL)
    line1 = (
        width("NAME", BOLD, ENTRY_LABEL) + 13 + 50 + width("AMOUNT $", BOLD, ENTRY_LABEL) + 3 + COMPACT_AMOUNT
    )
    return max(line1, sum(_stake_w(d, COMPACT_OTHER)))


def entry_rows(room: float) -> int:
    """1 when name, phone, amount and the stake bubbles fit one line; 2 or 3 lines on narrower cards."""
    d = bubble_size(ENTRY_LABEL)
    label = {k: width(k, BOLD, ENTRY_LABEL) + 13 for k in ("NAME", "PHONE", "AMOUNT $")}
    stakes = sum(_stake_w(d))
    if label["NAME"] + 90 + label["PHONE"] + 60 + label["AMOUNT $"] + 36 + stakes + 8 <= room:
        return 1
    if label["AMOUNT $"] + 36 + stakes + 8 <= room:
        return 2
    return 3


def entry_height(rows: int) -> float:
    return rows * (bubble_size(ENTRY_LABEL) + 6)


def entry_boxes(x: float, y: float, room: float, rows: int, compact: bool = False) -> list[Box]:
    """NAME ___ PHONE ___ AMOUNT $___ ○$1 ○$2 ○$5 ○$10 ○$20 ○Other, on 1–3 lines; `y` is the block's bottom.

    `compact` (small cards, 2 lines): NAME ___ AMOUNT $___ over the stake bubbles, no phone line.
    """
    d = bubble_size(ENTRY_LABEL)
    rh = d + 6
    boxes: list[Box] = []
    stake_ws = _stake_w(d, COMPACT_OTHER) if compact else _stake_w(d)
    stakes_w = sum(stake_ws)
    s = ENTRY_LABEL

    def field(label: str, lx: float, line_w: float, ry: float) -> float:
        boxes.append(cell(lx, ry + 3, label, BOLD, s))
        lx += width(label, BOLD, s) + 3
        boxes.append(Rule(Rect(lx, ry + 2.5, line_w, 0.7)))
        return lx + line_w + 10

    def lw(label: str) -> float:
        return width(label, BOLD, s) + 13

    amount_w = 36.0
    line = [y + (rows - 1 - i) * rh for i in range(rows)]  # bottom of each line, top line first
    if compact:
        rows = 2
        line = [y + rh, y]
        aw = width("AMOUNT $", BOLD, s) + 3 + COMPACT_AMOUNT
        field("NAME", x, room - lw("NAME") - aw, line[0])
        field("AMOUNT $", x + room - aw, COMPACT_AMOUNT, line[0])
        sx, sy = x, line[1]
    elif rows == 1:
        free = room - lw("NAME") - lw("PHONE") - lw("AMOUNT $") - amount_w - stakes_w - 8
        nx = field("NAME", x, free * 0.6, line[0])
        nx = field("PHONE", nx, free * 0.4, line[0])
        sx, sy = field("AMOUNT $", nx, amount_w, line[0]), line[0]
    elif rows == 2:
        free = room - lw("NAME") - lw("PHONE")
        nx = field("NAME", x, free * 0.6, line[0])
        field("PHONE", nx, free * 0.4 - 3, line[0])
        sx, sy = field("AMOUNT $", x, amount_w, line[1]), line[1]
    else:
        field("NAME", x, room - lw("NAME"), line[0])
        nx = field("PHONE", x, room - lw("PHONE") - lw("AMOUNT $") - amount_w - 3, line[1])
        field("AMOUNT $", nx, amount_w, line[1])
        sx, sy = x, line[2]
    by = sy + (rh - d) / 2 + 1
    for key, sw in zip(STAKES, stake_ws, strict=True):
        boxes.append(Bubble(Rect(sx, by, d, d), f"stake:{key}"))
        label = "$" + key if key != "other" else "Other $"
        lx = sx + d + CLEAR
        boxes.append(cell(lx, sy + 4, label, BOLD, s))
        if key == "other":
            w = width(label, BOLD, s)
            boxes.append(Rule(Rect(lx + w + 2, sy + 3.5, max(10.0, x + room - (lx + w + 2)), 0.7)))
        sx += sw
    return boxes


def _stake_lines(room: float) -> list[list[int]] | None:
    """The stake bubbles (indices into STAKES) packed into as few lines of `room` as they fit, in order."""
    ws = _stake_w(bubble_size(ENTRY_LABEL))
    lines: list[list[int]] = [[]]
    used = 0.0
    for i, w in enumerate(ws):
        if lines[-1] and used + w > room:
            lines.append([])
            used = 0.0
        if w > room:
            return None
        lines[-1].append(i)
        used += w
    return lines


def entry_column_height(room: float) -> float | None:
    """The height of the entry block stacked in a panel `room` wide (see entry_column), or None when too narrow."""
    stakes = _stake_lines(room)
    if stakes is None or width("AMOUNT $", BOLD, ENTRY_LABEL) + 3 + 36 > room:
        return None
    return entry_height(3 + len(stakes))


def entry_column(x: float, y: float, room: float) -> list[Box]:
    """NAME ___, PHONE ___ and AMOUNT $___ on a line each over the stake bubbles, in a panel `room` wide;
    `y` is the block's bottom. Every field of the full entry line, none dropped."""
    d = bubble_size(ENTRY_LABEL)
    rh = d + 6
    s = ENTRY_LABEL
    stakes = _stake_lines(room) or []
    n = 3 + len(stakes)
    boxes: list[Box] = []
    for i, label in enumerate(("NAME", "PHONE", "AMOUNT $")):
        ry = y + (n - 1 - i) * rh
        boxes.append(cell(x, ry + 3, label, BOLD, s))
        lx = x + width(label, BOLD, s) + 3
        boxes.append(Rule(Rect(lx, ry + 2.5, x + room - lx, 0.7)))
    ws = _stake_w(d)
    for j, line in enumerate(stakes):
        sy = y + (len(stakes) - 1 - j) * rh
        sx = x
        for i in line:
            key = STAKES[i]
            boxes.append(Bubble(Rect(sx, sy + (rh - d) / 2 + 1, d, d), f"stake:{key}"))
            label = "$" + key if key != "other" else "Other $"
            lx = sx + d + CLEAR
            boxes.append(cell(lx, sy + 4, label, BOLD, s))
            if key == "other":
                w = width(label, BOLD, s)
                boxes.append(Rule(Rect(lx + w + 2, sy + 3.5, max(10.0, x + room - (lx + w + 2)), 0.7)))
            sx += ws[i]
    return boxes


NOTE_SIZE = 7.0


def note_lines(card: Card, room: float) -> tuple[str, ...] | None:
    """The disclaimer wrapped to a panel `room` wide at 7 pt (see layout.card's tall cards), or None."""
    lines = wrap(card.disclaimer.strip(), REGULAR, NOTE_SIZE, room)
    return None if lines is None else tuple(lines)


def note_height(lines: tuple[str, ...]) -> float:
    return len(lines) * NOTE_SIZE * 1.2


def note_boxes(x: float, top: float, room: float, lines: tuple[str, ...]) -> list[Box]:
    """The disclaimer as a paragraph in a panel (a tall card's foot, beside the bottom corner mark)."""
    lead = NOTE_SIZE * 1.2
    return [
        cell(
            x,
            top - (i + 1) * lead + (lead - CELL * NOTE_SIZE) / 2,
            line,
            REGULAR,
            NOTE_SIZE,
            w=room,
            grey=0.2,
        )
        for i, line in enumerate(lines)
    ]


def disclaimer(card: Card, body: Rect) -> list[Box]:
    """The disclaimer, between the bottom corner marks."""
    x0, x1 = body.x + FID + 8, body.right - FID - 8
    room = x1 - x0
    text = card.disclaimer.strip()
    if not text:
        return []
    size = fit_size(text, REGULAR, 7, room)
    if size is not None:
        return [
            cell(x0, body.y + (FID - CELL * size) / 2, text, REGULAR, size, w=room, align="centre", grey=0.2)
        ]
    lines = wrap(text, REGULAR, 6, room)
    if lines is None or len(lines) > 2:
        from ..core.errors import ParlayError

        raise ParlayError(
            "the disclaimer is too long for this template (two lines of small print at most); "
            "shorten it with `parlaycards rules set SLUG ⟨disclaimer⟩`."
        )
    out: list[Box] = []
    for i, line in enumerate(reversed(lines)):
        out.append(cell(x0, body.y + 0.5 + i * 7.2, line, REGULAR, 6, w=room, align="centre", grey=0.2))
    return out


def stub(card: Card, area: Rect) -> list[Box]:
    """The player's tear-off stub: serial and code again, name, amount and room to copy the picks."""
    x, w = area.x, area.w
    top = area.top
    boxes: list[Box] = [Shade(Rect(x, top - 16, w, 16), grey=0.3)]
    ks = fit_size("KEEP THIS STUB", BOLD, 8, w - 8) or MIN_SIZE
    boxes.append(cell(x + 4, top - 16 + (16 - CELL * ks) / 2, "KEEP THIS STUB", BOLD, ks, grey=1.0))
    boxes.append(cell(x, top - 25, "CARD No.", BOLD, 6, grey=0.35))
    boxes.append(cell(x, top - 27 - CELL * 14, "{serial}", BOLD, 14, w=w, field="serial"))
    boxes.append(cell(x, top - 46, "VERIFY CODE", BOLD, 6, grey=0.35))
    boxes.append(cell(x, top - 48 - CELL * 12, "{code}", BOLD, 12, w=w, field="code"))
    y = top - 64
    title = wrap(card.title, REGULAR, 7, w) or [_clip(card.title, REGULAR, 7, w)]
    for line in title[:2]:
        y -= 9
        boxes.append(cell(x, y, line, REGULAR, 7, w=w))
    for label in ("Name", "Amount $"):
        y -= 20
        boxes.append(cell(x, y + 2, label, BOLD, 7))
        lx = x + width(label, BOLD, 7) + 3
        boxes.append(Rule(Rect(lx, y + 1.5, x + w - lx, 0.7)))
    y -= 16
    boxes.append(cell(x, y, "My picks", BOLD, 7))
    cols = 3
    cw = (w - (cols - 1) * 6) / cols
    n = card.rules.max_picks
    i = 0
    while i < n and y - 18 > area.y + 2:
        y -= 18
        for c in range(cols):
            if i < n:
                boxes.append(Rule(Rect(x + c * (cw + 6), y, cw, 0.6), grey=0.3))
                i += 1
    return boxes


def _clip(text: str, font: str, size: float, room: float) -> str:
    """`text` cut short with an ellipsis so that it fits `room`."""
    while text and width(text + "…", font, size) > room:
        text = text[:-1]
    return text + "…"
