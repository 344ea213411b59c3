"""The arrangements of the middle of a card: the games, and the QR, payouts and rules beside or below
them, over the entry lines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.models import Card
from . import entry as entry_parts
from . import parts
from .geometry import Rect
from .panels import panel_below, panel_entry
from .places import GAP, PAY_SIZES, Around, EntryAt, PayoutsAt, QrAt, RulesAt, qr_version

ARRANGEMENTS = ("side", "side2", "strip", "bottom", "stack")
PANELS = ("panel-entry", "panel")  # small cards, tried when nothing above fits: see layout.panels

Arrange = Callable[[Card, Rect, float], Around | None]  # a card, its body, the rules' type size


@dataclass(frozen=True)
class _Mid:
    """What every arrangement of the middle of a card starts from: the region between the entry lines and
    the band, the QR code's version and side, the entry lines, and the rules' type size."""

    card: Card
    mid: Rect
    qv: int
    qs: float
    entry: EntryAt
    rsize: float


def middle(card: Card, body: Rect, arrangement: str, rsize: float) -> Around | None:
    """The games region and where QR, payouts, rules and the entry lines go, for one arrangement and rules size."""
    return _ARRANGED[arrangement](card, body, rsize)


def _mid(card: Card, body: Rect, rsize: float) -> _Mid:
    """The full entry lines across the card's foot, and the region between them and the band."""
    qv = qr_version(card)
    erows = entry_parts.entry_rows(body.w)
    entry = EntryAt(body.x, body.y + parts.FID + 3, body.w, erows)
    bottom = entry.y + entry_parts.entry_height(erows) + GAP
    top = body.top - parts.BAND_H - GAP
    return _Mid(card, Rect(body.x, bottom, body.w, top - bottom), qv, parts.qr_side(qv), entry, rsize)


def _below_all(arrange: Callable[[_Mid, RulesAt], Around | None]) -> Arrange:
    """An arrangement with the rules across the foot of the middle, below all the rest."""

    def arranged(card: Card, body: Rect, rsize: float) -> Around | None:
        m = _mid(card, body, rsize)
        rl = parts.rules_lines(card, m.mid.w, (rsize,))
        if rl is None:
            return None
        return arrange(m, RulesAt(m.mid.x, m.mid.y + rl.height, m.mid.w, rl))

    return arranged


def _bottom(m: _Mid) -> Around | None:
    """Games full width; below them QR | payouts | rules."""
    mid, qs = m.mid, m.qs
    ps = PAY_SIZES[0]
    pay = parts.payouts(m.card, ps)
    rules_w = mid.w - qs - pay.width - 2 * GAP - 4
    rl = parts.rules_lines(m.card, rules_w, (m.rsize,)) if rules_w > 120 else None
    if rl is None:
        return None
    row_h = max(qs, pay.height, rl.height)
    return Around(
        games=Rect(mid.x, mid.y + row_h + GAP, mid.w, mid.h - row_h - GAP),
        qr=QrAt(mid.x, mid.y + row_h, m.qv),
        payouts=PayoutsAt(mid.x + qs + GAP, mid.y + row_h, ps, pay.width),
        rules=RulesAt(mid.x + qs + pay.width + 2 * GAP + 4, mid.y + row_h, rules_w, rl),
        entry=m.entry,
    )


def _stack(m: _Mid, rules: RulesAt) -> Around | None:
    """Narrow cards: games full width; QR beside payouts below them; rules below all."""
    mid, qs, rules_h = m.mid, m.qs, rules.text.height
    ps = next((p for p in PAY_SIZES if qs + GAP + parts.payouts(m.card, p).width <= mid.w), None)
    if ps is None:
        return None
    row_h = max(qs, parts.payouts(m.card, ps).height)
    row_top = mid.y + rules_h + GAP + row_h
    return Around(
        games=Rect(mid.x, row_top + GAP, mid.w, mid.h - rules_h - row_h - 2 * GAP),
        qr=QrAt(mid.x, row_top, m.qv),
        payouts=PayoutsAt(mid.x + qs + GAP, row_top, ps, mid.w - qs - GAP),
        rules=rules,
        entry=m.entry,
    )


def _side2(m: _Mid, rules: RulesAt) -> Around | None:
    """A panel right of the games: QR beside payouts; rules below all."""
    mid, qs, rules_h = m.mid, m.qs, rules.text.height
    games_h = mid.h - rules_h - GAP
    ps = next((p for p in PAY_SIZES if parts.payouts(m.card, p).height <= games_h), None)
    if ps is None or qs > games_h:
        return None
    pw = parts.payouts(m.card, ps).width
    games = Rect(mid.x, mid.y + rules_h + GAP, mid.w - (qs + GAP + pw) - GAP, games_h)
    return Around(
        games=games,
        qr=QrAt(games.right + GAP, games.top, m.qv),
        payouts=PayoutsAt(games.right + GAP + qs + GAP, games.top, ps, pw),
        rules=rules,
        entry=m.entry,
    )


def _side(m: _Mid, rules: RulesAt) -> Around | None:
    """A panel right of the games: QR over payouts; rules below all."""
    mid, qs, rules_h = m.mid, m.qs, rules.text.height
    ps = next((p for p in PAY_SIZES if parts.payouts(m.card, p).width <= max(qs, 100)), None)
    if ps is None:
        return None
    pay = parts.payouts(m.card, ps)
    panel_w = max(qs, pay.width)
    games = Rect(mid.x, mid.y + rules_h + GAP, mid.w - panel_w - GAP, mid.h - rules_h - GAP)
    if qs + GAP + pay.height > games.h:
        return None
    return Around(
        games=games,
        qr=QrAt(games.right + GAP + (panel_w - qs) / 2, games.top, m.qv),
        payouts=PayoutsAt(games.right + GAP, games.top - qs - GAP, ps, panel_w),
        rules=rules,
        entry=m.entry,
    )


def _strip(m: _Mid, rules: RulesAt) -> Around | None:
    """QR right of the games; payouts in a few columns across the card; rules below."""
    mid, qs, rules_h = m.mid, m.qs, rules.text.height
    best: tuple[float, int, float] | None = None
    for ps in PAY_SIZES:
        for pc in range(1, 7):
            pay = parts.payouts(m.card, ps, pc)
            if pay.width <= mid.w and (best is None or pay.height < best[2]):
                best = (ps, pc, pay.height)
        if best:
            break
    if best is None:
        return None
    ps, pc, ph = best
    games = Rect(mid.x, mid.y + rules_h + ph + 2 * GAP, mid.w - qs - GAP, mid.h - rules_h - ph - 2 * GAP)
    if games.h < qs:
        return None
    return Around(
        games=games,
        qr=QrAt(games.right + GAP, games.top, m.qv),
        payouts=PayoutsAt(mid.x, mid.y + rules_h + GAP + ph, ps, mid.w, pc),
        rules=rules,
        entry=m.entry,
    )


_ARRANGED: dict[str, Arrange] = {
    "side": _below_all(_side),
    "side2": _below_all(_side2),
    "strip": _below_all(_strip),
    "bottom": lambda card, body, rsize: _bottom(_mid(card, body, rsize)),
    "stack": _below_all(_stack),
    "panel-entry": panel_entry,
    "panel": panel_below,
}
