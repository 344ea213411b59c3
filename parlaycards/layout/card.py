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

This module chooses and builds; the arrangements it chooses among are in `layout.middle` (the middle of
a card, by name) and `layout.panels` (small and dense cards), what they place in `layout.places`.
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
from .middle import ARRANGEMENTS, PANELS, middle
from .panels import column, panel_widths, tall
from .places import Around
from .templates import Template
from .text import MIN_SIZE

SIZES = tuple(x / 2 for x in range(22, 11, -1))  # 11 … 6 pt
FULL_WEEK = 16  # a card with more games than a full NFL week is "dense": see _dense
DENSE_TYPE = 8.0  # a dense card on a sheet of several cards is never printed smaller
COLUMNS = ("column", "column-entry")  # dense cards: one tall table of games and a panel beside it
TALL = "tall"  # dense cards that no column fits: the games from the card's top to its foot, see tall


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


def _fit_games(card: Card, rows: list[gt.Row], region: Rect, size: float, how: gt.Setting) -> GamesFit | None:
    cap = gt.capacity(region.h, size, how.tight)
    lines = sum(gt.weight(r, how.stacked) for r in rows)
    for k in (1, 2, 3):
        if k * cap < lines:  # too few lines in k columns, whatever their width
            continue
        col_w = (region.w - (k - 1) * gt.GUTTER) / k
        geo = gt.measure(card, rows, size, col_w, how)
        if geo is None:
            continue
        cols = gt.split(rows, k, cap, how.groups, how.stacked)
        if cols is not None:
            return GamesFit(k, geo, cols)
    return None


def _choose(card: Card, body: Rect, dense: bool = False) -> Plan | None:
    """The plan with the largest type; then fewest columns, a kickoff column, larger rules.

    The compact panels (short rules, no phone line, tighter rows) only when nothing else fits.
    A dense card (see _dense) is never compact: every entry field, rules at 7 pt, type of 8 pt or more.
    """
    if dense:
        middles = [(arr, middle(card, body, arr, 7.0)) for arr in ARRANGEMENTS]
        middles += [
            (arr, column(card, body, pw, arr == "column-entry"))
            for arr in COLUMNS
            for pw in panel_widths(card, body)
        ]
        talls = [(TALL, tall(card, body, pw)) for pw in panel_widths(card, body)]
        return _choose_among(card, middles, DENSE_TYPE) or _choose_among(card, talls, DENSE_TYPE)
    return _choose_among(
        card, [(arr, middle(card, body, arr, rs)) for arr in ARRANGEMENTS for rs in (7.0, 6.5, 6.0)]
    ) or _choose_among(card, [(arr, middle(card, body, arr, rs)) for arr in PANELS for rs in (7.0, 6.5, 6.0)])


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
                how = gt.Setting(groups, stacked, m.tight, least)
                fit = _fit_games(card, rows[groups], m.games, size, how)
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
