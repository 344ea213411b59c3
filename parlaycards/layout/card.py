"""`layout_card(card, template) -> CardLayout`: where every box of a card goes, computed.

The card is a stack: header band (between the top corner marks), the games with the QR and payout
table beside or below them, the rules, the name/phone/amount line with stake bubbles, and the
disclaimer between the bottom corner marks. The engine tries type sizes from large to small, 1–3
game columns, a kickoff column or kickoff headers, and three places for the QR and payouts; it
takes the largest type that fits. Under 6 pt it refuses and names the templates that fit.

A card of more than a full NFL week on a sheet of several cards keeps 8 pt type and every entry field:
its games stand in one table with a panel beside it (QR, payouts, rules, entry lines) under the band
across the top; when more rows are needed than the band leaves room for, the band is stacked at the top
of the panel and the games run from the card's top to its foot ("tall").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from ..core.errors import ParlayError
from ..core.models import Card
from ..core.names import with_short_names
from . import band as band_parts
from . import entry as entry_parts
from . import game_rows, parts
from . import games as gt
from .check import check_layout
from .geometry import Box, CardLayout, Rect
from .templates import Template
from .text import MIN_SIZE

SIZES = tuple(x / 2 for x in range(22, 11, -1))  # 11 … 6 pt
GAP = 5.0
PAY_SIZES = (8.0, 7.5, 7.0, 6.5, 6.0)
MAX_SERIAL_DIGITS = 7
ARRANGEMENTS = ("side", "side2", "strip", "bottom", "stack")
PANELS = ("panel-entry", "panel")  # small cards, tried when nothing above fits: see _panel
FULL_WEEK = 16  # a card with more games than a full NFL week is "dense": see _dense
DENSE_TYPE = 8.0  # a dense card on a sheet of several cards is never printed smaller
COLUMNS = ("column", "column-entry")  # dense cards: one tall table of games and a panel beside it
TALL = "tall"  # dense cards that no column fits: the games from the card's top to its foot, see _tall


@dataclass(frozen=True)
class QrAt:
    """Where the QR goes: its left edge and top, and its version (which sets its size)."""

    x: float
    top: float
    version: int


@dataclass(frozen=True)
class PayoutsAt:
    """Where the payout table goes: left edge, top, type size, width and columns."""

    x: float
    top: float
    size: float
    width: float
    columns: int = 1


@dataclass(frozen=True)
class RulesAt:
    """Where the rules paragraph goes: left edge, top, width, and the paragraph wrapped to it."""

    x: float
    top: float
    width: float
    text: parts.RulesText


@dataclass(frozen=True)
class EntryAt:
    """Where the name/phone/amount lines and stake bubbles go: left edge, bottom, width, lines.

    `compact`: the small cards' two lines without a phone line.
    """

    x: float
    y: float
    width: float
    rows: int
    compact: bool = False
    column: bool = False  # stacked in a panel: NAME, PHONE, AMOUNT $ on a line each over the stake bubbles


@dataclass(frozen=True)
class BandAt:
    """A header band stacked in a panel (tall cards), by its top-left corner; None in Around: across the top."""

    x: float
    top: float
    band: band_parts.NarrowBand


@dataclass(frozen=True)
class NoteAt:
    """The disclaimer as a paragraph in a panel (tall cards); None in Around: between the bottom corner marks."""

    x: float
    top: float
    width: float
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Around:
    """Everything placed around the games for one arrangement; `tight` rows keep 1 pt between bubbles."""

    games: Rect
    qr: QrAt
    payouts: PayoutsAt
    rules: RulesAt
    entry: EntryAt
    tight: bool = False
    band: BandAt | None = None
    note: NoteAt | None = None


@dataclass(frozen=True)
class Plan:
    size: float
    columns: int
    groups: bool
    arrangement: str  # one of ARRANGEMENTS or PANELS
    geo: gt.Columns
    cols: list[list[gt.Row]]
    around: Around


@dataclass(frozen=True)
class Areas:
    """A card's safe area split into the body (the card proper) and the tear-off stub, if any."""

    body: Rect
    stub: Rect | None


@dataclass(frozen=True)
class GamesFit:
    """The games fitted into a region: columns, their geometry, and the rows of each column."""

    columns: int
    geo: gt.Columns
    cols: list[list[gt.Row]]


def qr_version(card: Card) -> int:
    """The QR version that holds this card's payload at level Q for any serial up to 7 digits."""
    from ..core.verify import CODE_LENGTH, qr_payload

    n = len(qr_payload(card.slug, card.version, 10 ** (MAX_SERIAL_DIGITS - 1), "X" * CODE_LENGTH).encode())
    for v, cap in enumerate(_CAPS["Q"], 1):
        if n <= cap:
            return v
    raise ParlayError(f'the card name "{card.slug}" is too long for the QR code; use a shorter slug.')


# Bytes a QR code holds in byte mode, by version (1–15), at each error-correction level.
_CAPS = {
    "Q": (11, 20, 32, 46, 60, 74, 86, 108, 130, 151, 177, 203, 241, 258, 292),
    "M": (14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412),
    "L": (17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520),
}


def link_level(card: Card, site: str) -> str | None:
    """The error-correction level at which the card's link QR (`core.verify.qr_link`) fits the QR printed
    for the card's details (the same version, so the same box: nothing else on the card moves): Q as
    ever when it fits, else M (15 % of the code may be lost instead of 25 %; a smudged one is still found
    by its printed serial); None when the address is too long for that (never L: 7 % is too little for a
    card handled with pens)."""
    from ..core.verify import CODE_LENGTH, qr_link

    n = len(qr_link(site, 10 ** (MAX_SERIAL_DIGITS - 1), "X" * CODE_LENGTH).encode())
    v = qr_version(card)
    return next((level for level in ("Q", "M") if n <= _CAPS[level][v - 1]), None)


def split_body(t: Template) -> Areas:
    """The template's card safe area less the stub (and its perforation margin), and the stub."""
    safe = t.card_safe()
    stub = t.stub_pt()
    if not stub:
        return Areas(safe, None)
    sw, side = stub
    w, _ = t.card_size()
    perf = t.perforation_margin * t.k
    if side == "right":
        cut = w - sw
        return Areas(
            Rect(safe.x, safe.y, cut - perf - safe.x, safe.h),
            Rect(cut + perf, safe.y, safe.right - cut - perf, safe.h),
        )
    cut = sw
    return Areas(
        Rect(cut + perf, safe.y, safe.right - cut - perf, safe.h),
        Rect(safe.x, safe.y, cut - perf - safe.x, safe.h),
    )


def _fit_games(
    card: Card,
    rows: list[gt.Row],
    region: Rect,
    size: float,
    groups: bool,
    stacked: bool,
    tight: bool = False,
    least: float = MIN_SIZE,
) -> GamesFit | None:
    cap = gt.capacity(region.h, size, tight)
    lines = sum(gt.weight(r, stacked) for r in rows)
    for k in (1, 2, 3):
        if k * cap < lines:  # too few lines in k columns, whatever their width
            continue
        col_w = (region.w - (k - 1) * gt.GUTTER) / k
        geo = gt.measure(card, rows, size, col_w, groups, stacked, tight, least)
        if geo is None:
            continue
        cols = gt.split(rows, k, cap, groups, stacked)
        if cols is not None:
            return GamesFit(k, geo, cols)
    return None


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


def _panel(card: Card, body: Rect, arrangement: str, rsize: float) -> Around | None:
    """Small cards: the games from the band down, a panel right of them with the QR, the payouts and
    the short rules, and the compact entry lines (name, amount, stake bubbles; no phone) either at the
    panel's foot ("panel-entry", wide cards) or across the card under the games ("panel").
    """
    qv = qr_version(card)
    top, floor = body.top - parts.BAND_H - GAP, body.y + parts.FID + 3
    small = _Small(card, body, qv, parts.qr_side(qv), top, floor, rsize)
    return _panel_entry(small) if arrangement == "panel-entry" else _panel_below(small)


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


def _panel_widths(card: Card, body: Rect) -> list[float]:
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


def _column(card: Card, body: Rect, pw: float, entry_in_panel: bool) -> Around | None:
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


def _tall(card: Card, body: Rect, pw: float) -> Around | None:
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


def _middle(card: Card, body: Rect, arrangement: str, rsize: float) -> Around | None:
    """The games region and where QR, payouts, rules and the entry lines go, for one arrangement and rules size."""
    if arrangement in PANELS:
        return _panel(card, body, arrangement, rsize)
    qv = qr_version(card)
    erows = entry_parts.entry_rows(body.w)
    entry = EntryAt(body.x, body.y + parts.FID + 3, body.w, erows)
    bottom = entry.y + entry_parts.entry_height(erows) + GAP
    top = body.top - parts.BAND_H - GAP
    m = _Mid(card, Rect(body.x, bottom, body.w, top - bottom), qv, parts.qr_side(qv), entry, rsize)
    if arrangement == "bottom":
        return _bottom(m)
    rl = parts.rules_lines(card, m.mid.w, (rsize,))
    if rl is None:
        return None
    return _BESIDE_RULES[arrangement](m, RulesAt(m.mid.x, m.mid.y + rl.height, m.mid.w, rl))


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


_BESIDE_RULES = {"stack": _stack, "side2": _side2, "side": _side, "strip": _strip}  # rules below all


def _choose(card: Card, body: Rect, dense: bool = False) -> Plan | None:
    """The plan with the largest type; then fewest columns, a kickoff column, larger rules.

    The compact panels (short rules, no phone line, tighter rows) only when nothing else fits.
    A dense card (see _dense) is never compact: every entry field, rules at 7 pt, type of 8 pt or more.
    """
    if dense:
        middles = [(arr, _middle(card, body, arr, 7.0)) for arr in ARRANGEMENTS]
        middles += [
            (arr, _column(card, body, pw, arr == "column-entry"))
            for arr in COLUMNS
            for pw in _panel_widths(card, body)
        ]
        tall = [(TALL, _tall(card, body, pw)) for pw in _panel_widths(card, body)]
        return _choose_among(card, middles, DENSE_TYPE) or _choose_among(card, tall, DENSE_TYPE)
    return _choose_among(
        card, [(arr, _middle(card, body, arr, rs)) for arr in ARRANGEMENTS for rs in (7.0, 6.5, 6.0)]
    ) or _choose_among(
        card, [(arr, _middle(card, body, arr, rs)) for arr in PANELS for rs in (7.0, 6.5, 6.0)]
    )


def _choose_among(
    card: Card, middles: list[tuple[str, Around | None]], least: float = MIN_SIZE
) -> Plan | None:
    rows = {groups: gt.rows_for(card, groups) for groups in (False, True)}
    for size in (s for s in SIZES if s >= least):
        best = None
        for groups, stacked in ((False, False), (True, False), (False, True), (True, True)):
            if best is not None and (best.columns, best.groups, best.geo.stacked) <= (1, groups, stacked):
                break  # nothing from here on can come before it
            for arr, m in middles:
                if m is None or m.games.w <= 0 or m.games.h <= 0:
                    continue
                fit = _fit_games(card, rows[groups], m.games, size, groups, stacked, m.tight, least)
                if fit is None:
                    continue
                plan = Plan(size, fit.columns, groups, arr, fit.geo, fit.cols, m)
                if best is None or (fit.columns, groups, stacked) < (
                    best.columns,
                    best.groups,
                    best.geo.stacked,
                ):
                    best = plan
        if best is not None:
            return best
    return None


def _build(card: Card, t: Template, plan: Plan, areas: Areas) -> CardLayout:
    a = plan.around
    boxes: list[Box] = []
    boxes += parts.fiducials(areas.body)
    if a.band is None:
        boxes += band_parts.band(card, areas.body)
    else:
        boxes += band_parts.narrow_band_boxes(a.band.x, a.band.top, a.band.band)
    boxes += game_rows.build(plan.cols, plan.geo, a.games)
    boxes.append(parts.qr_box(a.qr.x, a.qr.top, a.qr.version))
    boxes += parts.payout_boxes(
        card, a.payouts.x, a.payouts.top, a.payouts.size, a.payouts.width, a.payouts.columns
    )
    boxes += parts.rules_boxes(a.rules.x, a.rules.top, a.rules.width, a.rules.text)
    if a.entry.column:
        boxes += entry_parts.entry_column(a.entry.x, a.entry.y, a.entry.width)
    else:
        boxes += entry_parts.entry_boxes(a.entry.x, a.entry.y, a.entry.width, a.entry.rows, a.entry.compact)
    if a.note is None:
        boxes += parts.disclaimer(card, areas.body)
    else:
        boxes += parts.note_boxes(a.note.x, a.note.top, a.note.width, a.note.lines)
    if areas.stub is not None:
        boxes += parts.stub(card, areas.stub)
    w, h = t.card_size()
    return CardLayout(
        width=w,
        height=h,
        safe=t.card_safe(),
        body=areas.body,
        stub=areas.stub,
        boxes=tuple(boxes),
        type_size=plan.size,
        columns=plan.columns,
        arrangement=plan.arrangement,
    )


def _dense(card: Card, t: Template) -> bool:
    """More games than a full NFL week on a sheet of several cards: type of 8 pt or more, or another template."""
    return len(card.games) > FULL_WEEK and len(t.cards) > 1


def _try(card: Card, t: Template) -> CardLayout | None:
    """The card laid out with its full names; only when they cannot fit, with the short names a
    sportsbook prints (Buffalo, NY Giants, Ohio St.). A card that fits with full names is laid out
    exactly as before short names existed, so cards already printed keep their layout."""
    areas = split_body(t)
    plan = _choose(card, areas.body, _dense(card, t))
    if plan is not None:
        return _build(card, t, plan, areas)
    tried: set[tuple[tuple[str, str], ...]] = set()
    for tier in (1, 2):  # tier 2 only for cards tier 1 does not fit: such cards were refused before
        short, used = with_short_names(card, tier)
        if not used or used in tried:
            continue
        tried.add(used)
        plan = _choose(short, areas.body, _dense(short, t))
        if plan is not None:
            return replace(_build(short, t, plan, areas), short_names=used)
    return None


@lru_cache(maxsize=256)
def _tried(card_json: str, template_json: str) -> CardLayout | None:
    """_try, remembered: refusing a card lays it out on every other template to name those that fit."""
    return _try(Card.model_validate_json(card_json), Template.model_validate_json(template_json))


@lru_cache(maxsize=64)
def _cached(card_json: str, template_json: str) -> CardLayout | None:
    out = _tried(card_json, template_json)
    if out is not None:
        check_layout(out)
    return out


def layout_card(card: Card, template: Template, others: Sequence[Template] = ()) -> CardLayout:
    """Every box of `card` on `template`, checked: inside the safe area, nothing overlapping.

    Raises ParlayError when the games cannot fit at 6 pt or more, naming those of `others` (the
    templates there are) that fit.
    """
    out = _cached(card.model_dump_json(), template.model_dump_json())
    if out is None:
        raise _too_big(card, template, others)
    return out


def fits(card: Card, template: Template) -> bool:
    try:
        return _tried(card.model_dump_json(), template.model_dump_json()) is not None
    except ParlayError:
        return False


def _too_big(card: Card, t: Template, others: Sequence[Template]) -> ParlayError:
    good = [o.name for o in others if o.name != t.name and fits(card, o)]
    n = len(card.games)
    where = (
        f"Templates that fit it: {', '.join(good)} (use ⟨template⟩ NAME)."
        if good
        else "No template fits it: split it into two cards, or add a template with bigger cards."
    )
    why = (
        f"a card of more than {FULL_WEEK} games keeps its type at {DENSE_TYPE:g} pt or more on a sheet of "
        + (
            "several cards, even with team names as sportsbooks shorten them (Buffalo for Buffalo Bills)"
            if with_short_names(card)[1] or with_short_names(card, 2)[1]
            else "several cards; shorter team names, as most sheets print them (Buffalo for Buffalo Bills), "
            "leave room for more games"
        )
        if _dense(card, t)
        else "the type would be under 6 pt"
    )
    return ParlayError(
        f"card {card.slug} v{card.version} has {n} games, too many to print legibly on "
        f"{t.name} ({why}). {where}"
    )
