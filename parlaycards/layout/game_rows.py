"""The games' table drawn: its column headings and each game's row (on one line, or stacked on two), at
the sizes and columns `layout.games` measured."""

from __future__ import annotations

from dataclasses import replace

from .games import (
    CLEAR,
    GROUP_GREY,
    GUTTER,
    HEADER_H,
    LABEL,
    LEAGUE_GREY,
    STRIPE,
    Columns,
    Row,
    kick_lines,
    weight,
)
from .geometry import CELL, Box, Bubble, Rect, Rule, Shade
from .text import BOLD, REGULAR, cell, fit_size, width


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


def _numbered(
    number: str, x: float, by: float, ty: float, off: bool, geo: Columns, grey: float
) -> tuple[list[Box], float]:
    """A side's bubble (none for a game taken off) and its selection number from `x`; and where the
    team's name starts."""
    out: list[Box] = [] if off else [Bubble(Rect(x, by, geo.d, geo.d), number)]
    x += geo.d + CLEAR
    out.append(cell(x, ty, number, BOLD, geo.s, w=geo.num, grey=grey))
    return out, x + geo.num + geo.pad


def _stripe(r: Row, x0: float, y: float, w: float, h: float) -> list[Box]:
    """The grey band behind every other game's row (`h` high), or nothing."""
    return [Shade(Rect(x0, y, w, h), grey=STRIPE)] if r.stripe else []


def _game(r: Row, x0: float, y: float, geo: Columns, xs: dict[str, float]) -> list[Box]:
    s, p, d = geo.s, geo.p, geo.d
    c = r.cells or {}
    g = r.game
    assert g is not None
    out = _stripe(r, x0, y, geo.w, p)
    ty = y + (p - CELL * s) / 2
    by = y + (p - d) / 2
    grey = 0.55 if g.off else 0.0
    if not geo.groups:
        ks = max(geo.least, s - 1)
        out.append(cell(x0 + xs["kick"], y + (p - CELL * ks) / 2, c["kick"], REGULAR, ks, grey=grey))
    floor = max(geo.least, 0.85 * s)
    for side in ("away", "home"):
        boxes, x = _numbered(c[f"{side}_no"], x0 + xs[side], by, ty, g.off, geo, grey)
        out += boxes
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


def _stacked_game(r: Row, x0: float, y: float, geo: Columns, xs: dict[str, float]) -> list[Box]:
    """A game on two lines from `y` up: away (and over) on top, home (and under) below."""
    s, p, d = geo.s, geo.p, geo.d
    c = r.cells or {}
    g = r.game
    assert g is not None
    out = _stripe(r, x0, y, geo.w, 2 * p)
    grey = 0.55 if g.off else 0.0
    floor = max(geo.least, 0.85 * s)
    kicks = kick_lines(c["kick"])
    ks = max(geo.least, s - 1)
    for i, (side, ou, letter) in enumerate((("away", "over", "O"), ("home", "under", "U"))):
        ly = y + (1 - i) * p
        ty = ly + (p - CELL * s) / 2
        by = ly + (p - d) / 2
        if not geo.groups and kicks[i]:
            out.append(cell(x0 + xs["kick"], ly + (p - CELL * ks) / 2, kicks[i], REGULAR, ks, grey=grey))
        boxes, x = _numbered(c[f"{side}_no"], x0 + xs[side], by, ty, g.off, geo, grey)
        out += boxes
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
