"""The fixed parts of a card around its games: corner marks, header band, QR, payouts, rules,
the name/phone/amount line with stake bubbles, the disclaimer and the tear-off stub.

Each part is a function from a place (and what it shows) to boxes plus the room it took.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.models import Card
from ..core.payout_table import Odds
from ..core.text import dollars
from ..core.views import rules_text
from .geometry import CELL, MM, Box, Fiducial, QrBox, Rect, Rule, Shade
from .text import BOLD, MIN_SIZE, REGULAR, cell, fit_size, width, wrap

FID = 5.5 * MM  # corner marks: ≥ 5 mm square
FID_CLEAR = 10.0  # nothing solid this close to a corner mark
BAND_H = 34.0
BAND_GREY = 0.12
QR_MODULE = 0.85 * MM  # ≥ 0.8 mm
QR_QUIET = 4
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
        text = f"Max payout {dollars(t.max_payout)} per card"
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


NOTE_SIZE = 7.0


def note_lines(card: Card, room: float) -> tuple[str, ...] | None:
    """The disclaimer wrapped to a panel `room` wide at 7 pt (see layout.panels.tall), or None."""
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
