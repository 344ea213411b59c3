"""Rectangles and the typed boxes of a layout, in points, origin bottom-left (ReportLab's convention).

Every box is a rectangle plus what goes in it. Derived positions (a bubble's centre, a text
baseline, a QR module size) are methods, so nobody stores a second number that can disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

MM = 72.0 / 25.4
DESCENT = 0.21  # Helvetica: baseline sits this many ems above the bottom of a text cell
CELL = 0.93  # a text cell's height in ems (descender to cap/ascender height)


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def grow(self, d: float) -> Rect:
        return self.inset(-d)

    def contains(self, o: Rect, eps: float = 0.01) -> bool:
        return (
            o.x >= self.x - eps
            and o.y >= self.y - eps
            and o.right <= self.right + eps
            and o.top <= self.top + eps
        )

    def overlaps(self, o: Rect, eps: float = 0.01) -> bool:
        return (
            o.x < self.right - eps
            and self.x < o.right - eps
            and o.y < self.top - eps
            and self.y < o.top - eps
        )

    def distance(self, o: Rect) -> float:
        dx = max(o.x - self.right, self.x - o.right, 0.0)
        dy = max(o.y - self.top, self.y - o.top, 0.0)
        return float((dx * dx + dy * dy) ** 0.5)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


Align = Literal["left", "right", "centre"]


@dataclass(frozen=True, slots=True)
class TextCell:
    """One line of text in `font` at `size` pt, inside `rect` (which it fits).

    `field` names a per-card value (see layout.fields): the text is then a template such as
    "No. {serial}" filled in for each card, and the rect fits the widest value.
    """

    rect: Rect
    text: str
    font: str = "Helvetica"
    size: float = 8.0
    align: Align = "left"
    grey: float = 0.0  # 0 black … 1 white
    field: str | None = None
    angle: float = 0.0

    def baseline(self) -> float:
        return self.rect.y + DESCENT * self.size

    def anchor_x(self) -> float:
        return {"left": self.rect.x, "right": self.rect.right, "centre": self.rect.x + self.rect.w / 2}[
            self.align
        ]


@dataclass(frozen=True, slots=True)
class Bubble:
    """A circle to fill in: white inside, `key` is the selection number ("101") or "stake:5"."""

    rect: Rect
    key: str
    line: float = 0.8

    def centre(self) -> tuple[float, float]:
        return self.rect.x + self.rect.w / 2, self.rect.y + self.rect.h / 2

    def radius(self) -> float:
        return self.rect.w / 2


@dataclass(frozen=True, slots=True)
class QrBox:
    """The QR code: `rect` includes the quiet zone of `quiet` modules on every side."""

    rect: Rect
    modules: int  # symbol size in modules, without the quiet zone
    quiet: int = 4
    level: str = "Q"
    version: int = 1

    def module(self) -> float:
        return self.rect.w / (self.modules + 2 * self.quiet)


@dataclass(frozen=True, slots=True)
class Fiducial:
    """A solid corner mark. `shape` "L" (the orientation mark) misses the quarter toward the card."""

    rect: Rect
    corner: Literal["tl", "tr", "bl", "br"]
    shape: Literal["square", "L"] = "square"

    def centre(self) -> tuple[float, float]:
        return self.rect.x + self.rect.w / 2, self.rect.y + self.rect.h / 2


@dataclass(frozen=True, slots=True)
class Rule:
    """A straight line along the long side of `rect`, `rect`'s short side thick (or `width` if set)."""

    rect: Rect
    grey: float = 0.0
    dash: tuple[float, ...] = ()
    width: float | None = None

    def ends(self) -> tuple[tuple[float, float], tuple[float, float]]:
        r = self.rect
        if r.w >= r.h:
            y = r.y + r.h / 2
            return (r.x, y), (r.right, y)
        x = r.x + r.w / 2
        return (x, r.y), (x, r.top)

    def thickness(self) -> float:
        return self.width if self.width is not None else min(self.rect.w, self.rect.h)


@dataclass(frozen=True, slots=True)
class Shade:
    """A filled background rectangle; text and bubbles may sit on it."""

    rect: Rect
    grey: float = 0.9
    stroke: bool = False

    @property
    def dark(self) -> bool:
        return self.grey < 0.5


Box = TextCell | Bubble | QrBox | Fiducial | Rule | Shade


@dataclass(frozen=True)
class CardLayout:
    """Every box of one card version on one template, card-local, in points."""

    width: float
    height: float
    safe: Rect
    body: Rect  # the part handed in (safe area less the stub)
    stub: Rect | None
    boxes: tuple[Box, ...]
    type_size: float = 0.0
    columns: int = 1
    arrangement: str = ""
    short_names: tuple[tuple[str, str], ...] = ()  # (full, printed) when full names did not fit

    def bubbles(self) -> dict[int, Bubble]:
        """Selection number → its bubble (what a scanner reads)."""
        return {int(b.key): b for b in self.boxes if isinstance(b, Bubble) and b.key.isdigit()}

    def stake_bubbles(self) -> dict[str, Bubble]:
        """ "1", "2", "5", "10", "20", "other" → the stake bubble."""
        return {
            b.key.removeprefix("stake:"): b
            for b in self.boxes
            if isinstance(b, Bubble) and b.key.startswith("stake:")
        }

    def fiducials(self) -> tuple[Fiducial, ...]:
        return tuple(b for b in self.boxes if isinstance(b, Fiducial))

    def mark_centres(self) -> Corners:
        """The centres of the four corner marks (what a scanner's homography maps)."""
        return corners(self.fiducials())

    def qr(self) -> QrBox:
        return next(b for b in self.boxes if isinstance(b, QrBox))

    def static_boxes(self) -> tuple[Box, ...]:
        """Boxes that are the same on every copy (drawn once, as a form)."""
        return tuple(
            b for b in self.boxes if not isinstance(b, QrBox) and not (isinstance(b, TextCell) and b.field)
        )

    def field_cells(self) -> tuple[TextCell, ...]:
        return tuple(b for b in self.boxes if isinstance(b, TextCell) and b.field)


Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Corners:
    """One point per corner of a card, named, in the order a scanner walks them: tl, tr, br, bl."""

    tl: Point
    tr: Point
    br: Point
    bl: Point

    def walk(self) -> tuple[Point, Point, Point, Point]:
        return self.tl, self.tr, self.br, self.bl


def corners(marks: tuple[Fiducial, ...] | list[Fiducial]) -> Corners:
    """The centres of four corner marks, by corner."""
    by = {f.corner: f.centre() for f in marks}
    return Corners(tl=by["tl"], tr=by["tr"], br=by["br"], bl=by["bl"])
