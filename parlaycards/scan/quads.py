"""A page's corner marks, and how they are grouped four at a time into cards: quadrilaterals with the
proportions of a printed card (the templates say which exist), the L first and the others clockwise, that
order being the card's own however the page was turned; three marks at a card's proportions make a card
with a corner missing."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass

import cv2
import numpy as np

from ..layout.card import split_body
from ..layout.parts import FID
from ..layout.templates import Template

Point = tuple[float, float]
CORNERS = ("tl", "tr", "br", "bl")


@dataclass(frozen=True)
class Mark:
    """One corner mark on the page: its centre and side in full-size pixels."""

    x: float
    y: float
    side: float
    shape: str  # "square" or "L"
    isolated: bool = True  # clear paper around it, as around every printed corner mark (see _isolated)


@dataclass(frozen=True)
class Quad:
    """A card's corner marks on the page, in the card's own order: top-left (the L), top-right,
    bottom-right, bottom-left. `missing` names a corner whose mark was not found (its point is
    then inferred from the other three)."""

    corners: tuple[Point, Point, Point, Point]
    side: float
    templates: tuple[str, ...]  # templates whose proportions fit, best first
    missing: str | None = None


@dataclass(frozen=True)
class Shape:
    """What a template's corner marks look like: the rectangle through their centres, in points."""

    name: str
    width: float
    height: float

    @property
    def ratio(self) -> float:
        return self.width / self.height

    @property
    def scale(self) -> float:  # width over a mark's side
        return self.width / FID


def shapes_of(templates: Iterable[Template]) -> tuple[Shape, ...]:
    """Each template's card as the corner marks frame it: its name, width and height between them."""
    out = []
    for t in templates:
        body = split_body(t).body
        out.append(Shape(t.name, body.w - FID, body.h - FID))
    return tuple(out)


def _order(points: list[tuple[Mark, int]]) -> list[tuple[Mark, int]]:
    """The four marks clockwise on the page (y down), starting from the L."""
    cx = sum(m.x for m, _ in points) / 4
    cy = sum(m.y for m, _ in points) / 4
    ring = sorted(points, key=lambda p: math.atan2(p[0].y - cy, p[0].x - cx))
    start = next(i for i, (m, _) in enumerate(ring) if m.shape == "L")
    return ring[start:] + ring[:start]


def _convex(p: list[Point]) -> bool:
    """Clockwise, convex, and every corner within 25° of square (a card seen at up to ~15° tilt)."""
    for i in range(4):
        (x0, y0), (x1, y1), (x2, y2) = p[i], p[(i + 1) % 4], p[(i + 2) % 4]
        ax, ay, bx, by = x1 - x0, y1 - y0, x2 - x1, y2 - y1
        cross = ax * by - ay * bx
        norm = math.hypot(ax, ay) * math.hypot(bx, by)
        if cross <= 0 or norm == 0 or abs(ax * bx + ay * by) / norm > 0.42:
            return False
    return True


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def fit(corners: list[Point], side: float, shapes: tuple[Shape, ...]) -> tuple[float, tuple[str, ...]]:
    """How far four corners (tl, tr, br, bl) are from a card's proportions: (badness, templates that fit)."""
    tl, tr, br, bl = corners
    top, bottom, left, right = _dist(tl, tr), _dist(bl, br), _dist(tl, bl), _dist(tr, br)
    if min(top, bottom, left, right) <= 0:
        return math.inf, ()
    if not (0.7 < top / bottom < 1.43 and 0.7 < left / right < 1.43):
        return math.inf, ()
    w, h = (top + bottom) / 2, (left + right) / 2
    found = []
    for s in shapes:
        dr = abs(math.log(w / h / s.ratio))
        ds = abs(math.log(w / side / s.scale))
        if dr < 0.15 and ds < 0.3:
            found.append((dr + ds / 3, s.name))
    if not found:
        return math.inf, ()
    found.sort()
    return found[0][0], tuple(name for _, name in found)


LIKE = 1.18  # a corner mark of another card of the sheet is printed alike: its side within this of ours


def _clear(corners: list[Point], own: tuple[int, ...], marks: list[Mark], side: float) -> bool:
    """No other corner mark of a like size inside this card or on its edges: corners of two cards
    of a sheet taken together would otherwise pass for one card. A blot with ink right beside it (a
    filled bubble, a heavy cross passing for a square) is no corner mark and does not count, nor is a blot
    of another size than this card's marks (LIKE): the marks of two cards of one sheet are printed alike."""
    poly = np.array(corners, dtype=np.float32).reshape(-1, 1, 2)
    for i, m in enumerate(marks):
        if i in own or not m.isolated or not 1 / LIKE < m.side / side < LIKE:
            continue
        if cv2.pointPolygonTest(poly, (float(m.x), float(m.y)), True) > -0.5 * side:
            return False
    return True


def group(marks: list[Mark], shapes: tuple[Shape, ...]) -> tuple[list[Quad], list[Mark]]:
    """Complete cards (four marks each) and the marks left over."""
    ls = [i for i, m in enumerate(marks) if m.shape == "L"]
    squares = [i for i, m in enumerate(marks) if m.shape == "square"]
    options = []
    for li in ls:
        near = [s for s in squares if 0.6 < marks[s].side / marks[li].side < 1.6]
        for trio in itertools.combinations(near, 3):
            pts = _order([(marks[i], i) for i in (li, *trio)])
            corners = [(m.x, m.y) for m, _ in pts]
            if not _convex(corners):
                continue
            sides = [m.side for m, _ in pts]
            if max(sides) / min(sides) > 1.5:
                continue
            side = sum(sides) / 4
            bad, names = fit(corners, side, shapes)
            if names and _clear(corners, (li, *trio), marks, side):
                options.append((bad, [i for _, i in pts], names, side))
    options.sort(key=lambda o: o[0])
    used: set[int] = set()
    quads = []
    for _bad, idx, names, side in options:
        if used.intersection(idx):
            continue
        used.update(idx)
        c = [(marks[i].x, marks[i].y) for i in idx]
        quads.append(Quad((c[0], c[1], c[2], c[3]), side, names))
    return quads, [m for i, m in enumerate(marks) if i not in used]


def partial(left: list[Mark], shapes: tuple[Shape, ...]) -> list[Quad]:
    """Cards with one corner mark missing (torn, covered, inked over): three marks at a card's
    proportions. The fourth corner is inferred, so the card can be read for review, never entered."""
    out: list[Quad] = []
    used: set[int] = set()
    found = []
    for trio in itertools.combinations(range(len(left)), 3):
        ms = [left[i] for i in trio]
        if sum(m.shape == "L" for m in ms) > 1:
            continue
        sides = [m.side for m in ms]
        if max(sides) / min(sides) > 1.5:
            continue
        for k in range(3):  # k: the mark at the right angle, opposite the missing corner
            a, b, c = ms[(k + 1) % 3], ms[k], ms[(k + 2) % 3]
            d = (a.x + c.x - b.x, a.y + c.y - b.y)
            ring = [(a.x, a.y, a.shape), (b.x, b.y, b.shape), (c.x, c.y, c.shape), (d[0], d[1], "missing")]
            cx, cy = sum(p[0] for p in ring) / 4, sum(p[1] for p in ring) / 4
            ring.sort(key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
            shapes_ = [p[2] for p in ring]
            start = shapes_.index("L") if "L" in shapes_ else shapes_.index("missing")
            ring = ring[start:] + ring[:start]
            corners = [(p[0], p[1]) for p in ring]
            if not _convex(corners):
                continue
            side = sum(sides) / 3
            bad, names = fit(corners, side, shapes)
            if names and _clear(corners, trio, left, side):
                missing = CORNERS[[p[2] for p in ring].index("missing")]
                found.append(
                    (bad, trio, (corners[0], corners[1], corners[2], corners[3]), names, side, missing)
                )
    found.sort(key=lambda f: f[0])
    for _bad, trio, quad, names, side, missing in found:
        if used.intersection(trio):
            continue
        used.update(trio)
        out.append(Quad(quad, side, names, missing))
    return out
