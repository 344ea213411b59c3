"""The games table: one row per game, in 1–3 columns, sized to the card's longest names and lines.

A row reads  `Sun 1:00p  ○ 101 Buffalo Bills +3½  ○ 102 Houston Texans −3½  44½  ○ 201  ○ 202`;
the bubble comes first and stays 1.5 mm clear of its number. Combo cards get a section header
per league; a dense card may group games under kickoff headers instead of a kickoff column.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..core.models import Card, Game
from ..core.views import game_row, kickoff_text
from .geometry import CELL, MM, Box, Bubble, Rect, Rule, Shade
from .text import BOLD, MIN_SIZE, REGULAR, cell, fit_size, widest, width

BUBBLE_MIN = 4.05 * MM  # ≥ 4 mm across
CLEAR = 1.55 * MM  # bubble to its number: ≥ 1.5 mm
GUTTER = 9.0
HEADER_H = 10.5
LABEL = 6.0  # column-header labels
STRIPE = 0.88
LEAGUE_GREY = 0.3
GROUP_GREY = 0.78


def bubble_size(s: float) -> float:
    return max(BUBBLE_MIN, 1.2 * s)


def pitch(s: float, tight: bool = False) -> float:
    """Row height at size `s`; `tight` (small cards) leaves 1 pt between bubbles instead of 2."""
    return max(1.5 * s, bubble_size(s) + (1.0 if tight else 2.0))


@dataclass(frozen=True)
class Row:
    kind: str  # "game", "league", "group"
    text: str = ""
    game: Game | None = None
    cells: dict[str, str] | None = None
    stripe: bool = False


def short_kickoff(game: Game, tz: str, with_date: bool) -> str:
    """`Sun 1:00p` (from kickoff_text), keeping the date when the card spans more than a week."""
    parts = kickoff_text(game, tz).split()
    if len(parts) == 3 and not with_date:
        return f"{parts[0]} {parts[2]}"
    return " ".join(parts)


def rows_for(card: Card, groups: bool) -> list[Row]:
    leagues = card.leagues()
    dated = [g.kickoff for g in card.games if g.kickoff is not None]
    span = (max(dated) - min(dated)).days if dated and all(type(d) is type(dated[0]) for d in dated) else 0
    with_date = span >= 6
    out: list[Row] = []
    league = group = None
    n = 0
    for g in card.games:
        if len(leagues) > 1 and g.league != league:
            league, group = g.league, None
            out.append(Row("league", g.league.upper()))
            n = 0
        cells = game_row(g, card.timezone)
        cells["kick"] = short_kickoff(g, card.timezone, with_date)
        if groups and cells["kick"] != group:
            group = cells["kick"]
            out.append(Row("group", group))
            n = 0
        out.append(Row("game", game=g, cells=cells, stripe=n % 2 == 1))
        n += 1
    return out


@dataclass(frozen=True)
class Columns:
    """The x positions (column-local) of every part of a game row at one type size."""

    s: float
    d: float
    p: float
    w: float  # column width
    kick: float
    num: float
    name: float  # room for one team name
    line: float
    total: float
    has_total: bool
    groups: bool
    stacked: bool = False  # two lines a game (away over home), for narrow cards
    least: float = MIN_SIZE  # no name or kickoff in a row is smaller (dense cards keep 8 pt)

    def xs(self) -> dict[str, float]:
        x = 0.0
        out = {}
        if not self.groups:
            out["kick"] = x
            x += self.kick + self.gap
        if self.stacked:
            out["away"] = out["home"] = x
            x += self.d + CLEAR + self.num + 2 * self.pad + self.name + self.line + self.gap
            out["over"] = out["under"] = x
            return out
        for side in ("away", "home"):
            out[side] = x
            x += self.d + CLEAR + self.num + self.pad + self.name + self.pad + self.line + self.gap
        if self.has_total:
            out["total"] = x
            x += self.total + self.gap
            out["over"] = x
            x += self.ou() + self.gap
            out["under"] = x
        return out

    @property
    def pad(self) -> float:
        """Number to name, name to line."""
        return 0.5 + 0.3 * self.s

    @property
    def gap(self) -> float:
        return 1.5 + 0.45 * self.s

    def ou(self) -> float:
        return max(self.d + CLEAR + self.num, width("UNDER", BOLD, LABEL))

    def ou_stacked(self) -> float:
        return self.d + CLEAR + self.num + self.pad + self.total

    def fixed(self) -> float:
        if self.stacked:
            f = self.d + CLEAR + self.num + 2 * self.pad + self.line
            f += (self.kick + self.gap) if not self.groups else 0
            return f + (self.gap + self.ou_stacked() if self.has_total else 0)
        f = 2 * (self.d + CLEAR + self.num + 2 * self.pad + self.line + self.gap)
        if not self.groups:
            f += self.kick + self.gap
        if self.has_total:
            f += self.total + self.gap + 2 * self.ou() + self.gap
        return f


def measure(
    card: Card,
    rows: list[Row],
    s: float,
    col_w: float,
    groups: bool,
    stacked: bool = False,
    tight: bool = False,
    least: float = MIN_SIZE,
) -> Columns | None:
    """Column geometry at size `s` in a column `col_w` wide, or None when a name cannot fit at ≥ `least`."""
    games = [r.cells for r in rows if r.kind == "game" and r.cells is not None]
    d = bubble_size(s)
    ks = max(least, s - 1)
    kick = max(widest([c["kick"] for c in games], REGULAR, ks), width("TIME", BOLD, LABEL))
    nums = [c[k] for c in games for k in ("away_no", "home_no", "over_no", "under_no") if c[k]]
    num = widest(nums, BOLD, s)
    line = max(
        widest([c[k] for c in games for k in ("away_line", "home_line")], BOLD, s), width("LINE", BOLD, LABEL)
    )
    has_total = any(c["total"] for c in games)
    total = max(widest([c["total"] for c in games] + ["OFF"], BOLD, s), width("O/U", BOLD, LABEL))
    if stacked:
        total = max(
            widest([f"{o} {c[k]}" for c in games for o, k in _OU] + ["OFF"], BOLD, s),
            width("TOTAL", BOLD, LABEL),
        )
        kick = max(
            widest([p for c in games for p in _kick_lines(c["kick"])], REGULAR, ks),
            width("TIME", BOLD, LABEL),
        )
    cols = Columns(
        s, d, pitch(s, tight), col_w, kick, num, 0.0, line, total, has_total, groups, stacked, least
    )
    room = (col_w - cols.fixed()) / (1 if stacked else 2)
    if room < width("HOME", BOLD, LABEL):
        return None
    floor = max(least, 0.85 * s)
    names = [c["away"] for c in games] + [c["home"] for c in games]
    if widest(names, REGULAR, floor) > room:
        return None
    return Columns(
        s, d, pitch(s, tight), col_w, kick, num, room, line, total, has_total, groups, stacked, least
    )


_OU = (("O", "over_total"), ("U", "under_total"))  # a teased total prints the over's and the under's


def _kick_lines(kick: str) -> tuple[str, str]:
    """`Sun 1:00p` → (`Sun`, `1:00p`); `Sun 11/23 1:00p` → (`Sun 11/23`, `1:00p`)."""
    head, _, tail = kick.rpartition(" ")
    return (head, tail) if head else (kick, "")


def weight(r: Row, stacked: bool) -> int:
    return 2 if stacked and r.kind == "game" else 1


def split(
    rows: list[Row], k: int, capacity: int, groups: bool, stacked: bool = False
) -> list[list[Row]] | None:
    """Rows into at most `k` columns of at most `capacity` lines, balanced, no header left last."""
    if capacity < 2:
        return None
    target = min(capacity, math.ceil(sum(weight(r, stacked) for r in rows) / k))
    cols: list[list[Row]] = [[]]
    current_group: Row | None = None
    current_league: Row | None = None
    for r in rows:
        col = cols[-1]
        used = sum(weight(x, stacked) for x in col)
        w = weight(r, stacked)
        full = used + w > capacity or (
            len(cols) < k and (used + w > target or (r.kind != "game" and used >= target - 1))
        )
        if full and col:
            cols.append([])
            if len(cols) > k:
                return None
            col = cols[-1]
            if r.kind != "league" and current_league is not None:
                col.append(Row("league", current_league.text + " (cont.)"))
            if groups and r.kind == "game" and current_group is not None:
                col.append(Row("group", current_group.text + " (cont.)"))
        if r.kind == "group":
            current_group = r
        elif r.kind == "league":
            current_group, current_league = None, r
        col.append(r)
    if any(sum(weight(x, stacked) for x in c) > capacity for c in cols):
        return None
    return cols


def build(cols: list[list[Row]], geo: Columns, region: Rect) -> list[Box]:
    """Boxes for the table: a header row per column, then rows top-down from the region's top."""
    boxes: list[Box] = []
    s = geo.s
    longest = max(sum(weight(r, geo.stacked) for r in c) for c in cols)
    p = max(geo.p, min(geo.p * 1.3, (region.h - HEADER_H - 0.6) / longest))  # spread rows into spare height
    geo = replace(geo, p=p)
    xs = geo.xs()
    for ci, col in enumerate(cols):
        x0 = region.x + ci * (geo.w + GUTTER)
        top = region.top
        boxes += _header(x0, top - HEADER_H, geo, xs)
        boxes.append(Rule(Rect(x0, top - HEADER_H - 0.6, geo.w, 0.6), grey=0.2))
        y = top - HEADER_H - 0.6
        for r in col:
            y -= p
            if r.kind in ("league", "group"):
                # the text sits between bubble columns, so it keeps clear of the bubbles above and below
                tx = x0 + xs["away"] + geo.d + CLEAR
                room = (
                    x0
                    + (
                        xs["over"]
                        if geo.stacked and geo.has_total
                        else xs["home"]
                        if not geo.stacked
                        else geo.w + CLEAR
                    )
                    - CLEAR
                    - tx
                )
                league = r.kind == "league"
                size = (
                    fit_size(
                        r.text,
                        BOLD,
                        max(geo.least, min(s + (1 if league else -0.5), p * 0.62)),
                        room,
                        geo.least,
                    )
                    or geo.least
                )
                boxes.append(
                    Shade(Rect(x0, y + 0.5, geo.w, p - 1), grey=LEAGUE_GREY if league else GROUP_GREY)
                )
                boxes.append(
                    cell(
                        tx, y + (p - CELL * size) / 2, r.text, BOLD, size, w=room, grey=1.0 if league else 0.0
                    )
                )
                continue
            if geo.stacked:
                y -= p
                boxes += _stacked_game(r, x0, y, geo, xs)
            else:
                boxes += _game(r, x0, y, geo, xs)
        if ci:
            boxes.append(Rule(Rect(x0 - GUTTER / 2 - 0.25, y, 0.5, top - y), grey=0.6))
    return boxes


def _header(x0: float, y: float, geo: Columns, xs: dict[str, float]) -> list[Box]:
    out: list[Box] = []
    ty = y + 3.5

    def label(text: str, x: float, w: float | None = None, align: str = "left") -> None:
        lw = width(text, BOLD, LABEL)
        out.append(
            cell(
                x0 + x
                if align == "left"
                else x0 + x + (w or lw) - lw
                if align == "right"
                else x0 + x + ((w or lw) - lw) / 2,
                ty,
                text,
                BOLD,
                LABEL,
                grey=0.35,
            )
        )

    if not geo.groups:
        label("TIME", xs["kick"])
    unit = geo.d + CLEAR + geo.num + 2 * geo.pad + geo.name
    if geo.stacked:
        label("AWAY / HOME", xs["away"])
        label("LINE", xs["away"] + unit - geo.pad, geo.line, "right")
        if geo.has_total:
            label("TOTAL", xs["over"], geo.ou_stacked(), "centre")
        return out
    for side, text in (("away", "AWAY"), ("home", "HOME")):
        label(text, xs[side])
        label("LINE", xs[side] + unit, geo.line, "right")
    if geo.has_total:
        label(
            "TOTAL" if width("TOTAL", BOLD, LABEL) <= geo.total + geo.gap - 1 else "O/U",
            xs["total"],
            geo.total,
            "centre",
        )
        label("OVER", xs["over"], geo.ou(), "centre")
        label("UNDER", xs["under"], geo.ou(), "centre")
    return out


def _game(r: Row, x0: float, y: float, geo: Columns, xs: dict[str, float]) -> list[Box]:
    s, p, d = geo.s, geo.p, geo.d
    c = r.cells or {}
    g = r.game
    assert g is not None
    out: list[Box] = []
    if r.stripe:
        out.append(Shade(Rect(x0, y, geo.w, p), grey=STRIPE))
    ty = y + (p - CELL * s) / 2
    by = y + (p - d) / 2
    grey = 0.55 if g.off else 0.0
    if not geo.groups:
        ks = max(geo.least, s - 1)
        out.append(cell(x0 + xs["kick"], y + (p - CELL * ks) / 2, c["kick"], REGULAR, ks, grey=grey))
    floor = max(geo.least, 0.85 * s)
    for side in ("away", "home"):
        x = x0 + xs[side]
        if not g.off:
            out.append(Bubble(Rect(x, by, d, d), c[f"{side}_no"]))
        x += d + CLEAR
        out.append(cell(x, ty, c[f"{side}_no"], BOLD, s, w=geo.num, grey=grey))
        x += geo.num + geo.pad
        name = c[side]
        ns = fit_size(name, REGULAR, s, geo.name, floor) or floor
        out.append(cell(x, y + (p - CELL * ns) / 2, name, REGULAR, ns, w=geo.name, grey=grey))
        x += geo.name + geo.pad
        out.append(cell(x, ty, c[f"{side}_line"], BOLD, s, w=geo.line, align="right", grey=grey))
    if geo.has_total:
        text = "OFF" if g.off else c["total"]
        if text:
            out.append(cell(x0 + xs["total"], ty, text, BOLD, s, w=geo.total, align="centre", grey=grey))
        if c["over_no"] and not g.off:
            for side in ("over", "under"):
                x = x0 + xs[side] + (geo.ou() - (d + CLEAR + geo.num)) / 2
                out.append(Bubble(Rect(x, by, d, d), c[f"{side}_no"]))
                out.append(cell(x + d + CLEAR, ty, c[f"{side}_no"], BOLD, s, w=geo.num))
    return out


def table_height(n_rows: int, s: float) -> float:
    return HEADER_H + 0.6 + n_rows * pitch(s)


def capacity(height: float, s: float, tight: bool = False) -> int:
    return int((height - HEADER_H - 0.6) // pitch(s, tight))


def _stacked_game(r: Row, x0: float, y: float, geo: Columns, xs: dict[str, float]) -> list[Box]:
    """A game on two lines from `y` up: away (and over) on top, home (and under) below."""
    s, p, d = geo.s, geo.p, geo.d
    c = r.cells or {}
    g = r.game
    assert g is not None
    out: list[Box] = []
    if r.stripe:
        out.append(Shade(Rect(x0, y, geo.w, 2 * p), grey=STRIPE))
    grey = 0.55 if g.off else 0.0
    floor = max(geo.least, 0.85 * s)
    kicks = _kick_lines(c["kick"])
    ks = max(geo.least, s - 1)
    for i, (side, ou, letter) in enumerate((("away", "over", "O"), ("home", "under", "U"))):
        ly = y + (1 - i) * p
        ty = ly + (p - CELL * s) / 2
        by = ly + (p - d) / 2
        if not geo.groups and kicks[i]:
            out.append(cell(x0 + xs["kick"], ly + (p - CELL * ks) / 2, kicks[i], REGULAR, ks, grey=grey))
        x = x0 + xs[side]
        if not g.off:
            out.append(Bubble(Rect(x, by, d, d), c[f"{side}_no"]))
        x += d + CLEAR
        out.append(cell(x, ty, c[f"{side}_no"], BOLD, s, w=geo.num, grey=grey))
        x += geo.num + geo.pad
        ns = fit_size(c[side], REGULAR, s, geo.name, floor) or floor
        out.append(cell(x, ly + (p - CELL * ns) / 2, c[side], REGULAR, ns, w=geo.name, grey=grey))
        x += geo.name + geo.pad
        out.append(cell(x, ty, c[f"{side}_line"], BOLD, s, w=geo.line, align="right", grey=grey))
        if geo.has_total and c[f"{ou}_no"] and not g.off:
            x = x0 + xs[ou]
            out.append(Bubble(Rect(x, by, d, d), c[f"{ou}_no"]))
            x += d + CLEAR
            out.append(cell(x, ty, c[f"{ou}_no"], BOLD, s, w=geo.num))
            x += geo.num + geo.pad
            out.append(cell(x, ty, f"{letter} {c.get(ou + '_total', c['total'])}", BOLD, s, w=geo.total))
        elif geo.has_total and g.off and i == 0:
            out.append(cell(x0 + xs[ou], ty, "OFF", BOLD, s, grey=grey))
    return out
