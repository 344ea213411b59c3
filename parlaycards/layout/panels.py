"""The arrangements of small cards (a panel beside the games, compact entry lines) and of dense cards
(one tall table of games with a panel beside it, or the games from the card's top to its foot)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.models import Card
from . import band as band_parts
from . import entry as entry_parts
from . import parts
from .geometry import Rect
from .places import GAP, PAY_SIZES, Around, BandAt, EntryAt, NoteAt, PayoutsAt, QrAt, RulesAt, qr_version


@dataclass(frozen=True)
class _Small:
    """What both panels of a small card start from: the card, its body, the QR code's version and side,
    the top (under the band) and the floor (over the corner marks), the rules' type size."""

    card: Card
    body: Rect
    qv: int
    qs: float
    top: float
    floor: float
    rsize: float


def panel_entry(card: Card, body: Rect, rsize: float) -> Around | None:
    """Small cards, wide: the games from the band down, a panel right of them with the QR, the payouts
    and the short rules in a row, and the compact entry lines (name, amount, stake bubbles; no phone)
    at the panel's foot."""
    return _panel_entry(_small(card, body, rsize))


def panel_below(card: Card, body: Rect, rsize: float) -> Around | None:
    """Small cards: the games from the band down, a panel right of them with the QR over the payouts
    over the short rules, and the compact entry lines across the card under the games."""
    return _panel_below(_small(card, body, rsize))


def _small(card: Card, body: Rect, rsize: float) -> _Small:
    qv = qr_version(card)
    top, floor = body.top - parts.BAND_H - GAP, body.y + parts.FID + 3
    return _Small(card, body, qv, parts.qr_side(qv), top, floor, rsize)


def _panel_entry(m: _Small) -> Around | None:
    """QR | payouts | rules in a row right of the games, the entry lines under them."""
    card, body, qs, top, floor = m.card, m.body, m.qs, m.top, m.floor
    ps = PAY_SIZES[-1]
    pay = parts.payouts(card, ps)
    row_h = max(qs, pay.height)
    rw = 50.0
    while (rl := parts.rules_lines(card, rw, (m.rsize,), short=True)) is None or rl.height > row_h:
        rw += 5
        if rw > body.w / 3:
            return None
    panel_w = max(qs + pay.width + rw + 2 * GAP, entry_parts.compact_entry_width())
    if row_h + GAP + entry_parts.entry_height(2) > top - floor or panel_w > body.w * 0.6:
        return None
    px = body.right - panel_w
    low = floor + 2  # the bubbles' clearance stays off the bottom corner mark
    return Around(
        games=Rect(body.x, low, px - GAP - body.x, top - low),
        qr=QrAt(px, top, m.qv),
        payouts=PayoutsAt(px + qs + GAP, top, ps, pay.width),
        rules=RulesAt(px + qs + pay.width + 2 * GAP, top, panel_w - qs - pay.width - 2 * GAP, rl),
        entry=EntryAt(px, floor, panel_w, 2, compact=True),
        tight=True,
    )


def _panel_below(m: _Small) -> Around | None:
    """QR over payouts over rules right of the games, the entry lines across the card under them."""
    card, body, qs, top, floor = m.card, m.body, m.qs, m.top, m.floor
    if entry_parts.compact_entry_width() > body.w:
        return None
    bottom = floor + entry_parts.entry_height(2) + GAP
    panel_w = qs
    rl = parts.rules_lines(card, panel_w, (m.rsize,), short=True)
    if rl is None:
        return None
    rh = rl.height
    found = next(
        (
            p
            for p in PAY_SIZES
            if parts.payouts(card, p).width <= panel_w
            and qs + GAP + parts.payouts(card, p).height + GAP + rh <= top - bottom
        ),
        None,
    )
    if found is None:
        return None
    ps = found
    ph = parts.payouts(card, ps).height
    px = body.right - panel_w
    # the QR's quiet zone is white: the games may come within 2 pt of it
    return Around(
        games=Rect(body.x, bottom, px - 2 - body.x, top - bottom),
        qr=QrAt(px, top, m.qv),
        payouts=PayoutsAt(px, top - qs - GAP, ps, panel_w),
        rules=RulesAt(px, top - qs - ph - 2 * GAP, panel_w, rl),
        entry=EntryAt(body.x, floor, body.w, 2, compact=True),
        tight=True,
    )


def panel_widths(card: Card, body: Rect) -> list[float]:
    """Widths to try for a dense card's panel, widest first: the games take what they need, the panel the rest."""
    qs = parts.qr_side(qr_version(card))
    return [w for w in range(int(body.w * 0.45), int(qs) - 1, -6)]


def _qr_and_payouts(card: Card, px: float, top: float, pw: float) -> tuple[QrAt, PayoutsAt, float] | None:
    """A dense card's panel head, `pw` wide from `top` down: the QR with the payouts beside it at 7 pt or
    more (or under it, in a narrow panel), and the height they take."""
    qv = qr_version(card)
    qs = parts.qr_side(qv)
    sizes = [p for p in PAY_SIZES if p >= 7.0]  # as on the 16-game card
    beside = next((p for p in sizes if qs + GAP + parts.payouts(card, p).width <= pw), None)
    if beside is not None:
        pay = parts.payouts(card, beside)
        payouts = PayoutsAt(px + qs + GAP, top, beside, min(pw - qs - GAP, pay.width + 24))
        return QrAt(px, top, qv), payouts, max(qs, pay.height)
    under = next((p for p in sizes if parts.payouts(card, p).width <= pw), None)
    if under is None:
        return None
    head = qs + GAP + parts.payouts(card, under).height
    return QrAt(px + (pw - qs) / 2, top, qv), PayoutsAt(px, top - qs - GAP, under, pw), head


def _dense_rules(card: Card, pw: float, room: float) -> parts.RulesText | None:
    """A dense card's rules at 7 pt in a panel `pw` wide: the full paragraph, or the short one, if `room` holds it."""
    for short in (False, True):
        rl = parts.rules_lines(card, pw, (7.0,), short=short)
        if rl is not None and rl.height <= room:
            return rl
    return None


def column(card: Card, body: Rect, pw: float, entry_in_panel: bool) -> Around | None:
    """Dense cards: the games in one tall table on the left; a panel `pw` wide on the right with the QR, the
    payouts beside it (or under it, in a narrow panel) and the rules at 7 pt below them. The full entry
    line (name, phone, amount, stake bubbles) runs across the card under both, or (`entry_in_panel`)
    stands at the panel's foot so that the games reach down to the bottom corner marks.
    """
    top = body.top - parts.BAND_H - GAP
    floor = body.y + parts.FID + 3
    px = body.right - pw
    if entry_in_panel:
        eh = entry_parts.entry_column_height(pw)
        if eh is None:
            return None
        entry = EntryAt(px, floor, pw, 0, column=True)
        bottom, panel_bottom = floor + 2, floor + eh + GAP  # the bubbles' clearance stays off the corner mark
    else:
        erows = entry_parts.entry_rows(body.w)
        entry = EntryAt(body.x, floor, body.w, erows)
        bottom = panel_bottom = floor + entry_parts.entry_height(erows) + GAP
    head = _qr_and_payouts(card, px, top, pw)
    if head is None:
        return None
    qr, payouts, head_h = head
    rl = _dense_rules(card, pw, top - panel_bottom - head_h - GAP)
    if rl is None:
        return None
    return Around(
        games=Rect(body.x, bottom, px - GAP - body.x, top - bottom),
        qr=qr,
        payouts=payouts,
        rules=RulesAt(px, top - head_h - GAP, pw, rl),
        entry=entry,
        tight=True,
    )


def tall(card: Card, body: Rect, pw: float) -> Around | None:
    """Dense cards that no column fits (more rows than the room under the band): the games from the card's
    top to its foot, clear of the left corner marks; beside them a panel `pw` wide with the header band
    stacked (title, dates, serial, code), the QR and payouts, the rules at 7 pt and the full entry block
    (name, phone, amount, stake bubbles), and the disclaimer at its foot beside the bottom corner mark.
    """
    px = body.right - pw
    beside_mark = (
        pw - parts.FID - parts.FID_CLEAR
    )  # the band and the disclaimer stay clear of the corner marks
    nb = band_parts.narrow_band(card, beside_mark)
    eh = entry_parts.entry_column_height(pw)
    note = parts.note_lines(card, beside_mark)
    if nb is None or eh is None or note is None:
        return None
    top = body.top - nb.height - GAP
    head = _qr_and_payouts(card, px, top, pw)
    if head is None:
        return None
    qr, payouts, head_h = head
    floor = body.y + max(parts.FID, parts.note_height(note)) + 3
    rl = _dense_rules(card, pw, top - head_h - GAP - (floor + eh + GAP))
    if rl is None:
        return None
    left = body.x + parts.FID + parts.FID_CLEAR
    return Around(
        games=Rect(left, body.y, px - GAP - left, body.h),
        qr=qr,
        payouts=payouts,
        rules=RulesAt(px, top - head_h - GAP, pw, rl),
        entry=EntryAt(px, floor, pw, 0, column=True),
        tight=True,
        band=BandAt(px, body.top, nb),
        note=NoteAt(px, body.y + parts.note_height(note), beside_mark, note) if note else None,
    )
