"""Checks every layout before anything is printed: what the scan issue relies on.

- every box inside the card's safe area (body boxes in the body, stub boxes in the stub);
- no two boxes overlap, except text, bubbles and shades sitting on a shade that contains them;
- bubbles ≥ 4 mm across and ≥ 1.5 mm clear of any text; corner marks ≥ 5 mm with nothing solid
  near them; the QR's modules ≥ 0.8 mm, its quiet zone clear and off any shade.
"""

from __future__ import annotations

from .fields import widest
from .geometry import MM, Box, Bubble, CardLayout, Fiducial, QrBox, Rect, Rule, Shade, TextCell
from .text import MIN_SIZE, width

BUBBLE_MIN = 4.0 * MM
CLEAR_MIN = 1.5 * MM
FID_MIN = 5.0 * MM
QR_MODULE_MIN = 0.8 * MM
SOLID_NEAR = 8.0  # nothing solid within this many points of a corner mark


class LayoutError(AssertionError):
    """A layout breaks a rule it must keep: a bug in the engine, never the user's doing."""


def problems(layout: CardLayout) -> list[str]:
    out: list[str] = []
    boxes = layout.boxes
    for b in boxes:
        area = layout.stub if layout.stub is not None and layout.stub.contains(b.rect) else layout.body
        if not area.contains(b.rect):
            out.append(f"{_name(b)} at {_r(b.rect)} is outside the safe area {_r(area)}")
        if isinstance(b, Bubble) and b.rect.w < BUBBLE_MIN - 0.01:
            out.append(f"{_name(b)} is {b.rect.w / MM:.2f} mm across (< 4 mm)")
        if isinstance(b, Fiducial) and min(b.rect.w, b.rect.h) < FID_MIN - 0.01:
            out.append(f"{_name(b)} is under 5 mm")
        if isinstance(b, QrBox) and b.module() < QR_MODULE_MIN - 0.001:
            out.append(f"QR modules are {b.module() / MM:.2f} mm (< 0.8 mm)")
        if isinstance(b, TextCell):
            if b.size < MIN_SIZE - 0.01:
                out.append(f"{_name(b)} is {b.size} pt (< 6 pt)")
            text = b.text.format(**widest()) if b.field else b.text
            if width(text, b.font, b.size) > b.rect.w + 0.05:
                out.append(f"{_name(b)} does not fit its cell")
    out += _overlaps(boxes)
    fids = [b for b in boxes if isinstance(b, Fiducial)]
    if len(fids) != 4 or sum(f.shape != "square" for f in fids) != 1:
        out.append("there must be four corner marks, exactly one of them shaped differently")
    for f in fids:
        for b in boxes:
            if b is not f and _solid(b) and f.rect.distance(b.rect) < SOLID_NEAR:
                out.append(f"{_name(b)} is solid and within {SOLID_NEAR} pt of corner mark {f.corner}")
    return out


def largest_empty(layout: CardLayout) -> Rect:
    """The largest rectangle of the body that no box touches (the blank a reader sees), in points.

    Exact on the boxes' own edges: the body is cut into a grid at every box edge, each grid cell is
    empty or not, and the largest all-empty rectangle of cells is found row by row (histogram method).
    """
    body = layout.body
    rects = [r for r in (_clip(b.rect, body) for b in layout.boxes) if r is not None]
    xs = sorted({body.x, body.right, *(v for r in rects for v in (r.x, r.right))})
    ys = sorted({body.y, body.top, *(v for r in rects for v in (r.y, r.top))})
    xi = {v: i for i, v in enumerate(xs)}
    yi = {v: i for i, v in enumerate(ys)}
    nx, ny = len(xs) - 1, len(ys) - 1
    full = [bytearray(nx) for _ in range(ny)]
    for r in rects:
        x0, x1 = xi[r.x], xi[r.right]
        for j in range(yi[r.y], yi[r.top]):
            full[j][x0:x1] = b"\x01" * (x1 - x0)
    best = Rect(body.x, body.y, 0.0, 0.0)
    height = [0.0] * nx  # empty height reaching down from the current row's top, per grid column
    for j in range(ny - 1, -1, -1):  # top row first
        row_h = ys[j + 1] - ys[j]
        for i in range(nx):
            height[i] = 0.0 if full[j][i] else height[i] + row_h
        stack: list[tuple[int, float]] = []  # (first column, height), heights increasing
        for i in range(nx + 1):
            h = height[i] if i < nx else 0.0
            start = i
            while stack and stack[-1][1] >= h:
                first, sh = stack.pop()
                w = xs[i] - xs[first]
                if sh * w > best.w * best.h:
                    best = Rect(xs[first], ys[j], w, sh)
                start = first
            stack.append((start, h))
    return best


def _clip(r: Rect, area: Rect) -> Rect | None:
    x0, y0 = max(r.x, area.x), max(r.y, area.y)
    x1, y1 = min(r.right, area.right), min(r.top, area.top)
    return Rect(x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


def check_layout(layout: CardLayout) -> None:
    found = problems(layout)
    if found:
        raise LayoutError("layout breaks its rules:\n" + "\n".join(found[:20]))


def _solid(b: Box) -> bool:
    return isinstance(b, (Fiducial, QrBox)) or (isinstance(b, Shade) and b.dark)


def _overlaps(boxes: tuple[Box, ...]) -> list[str]:
    """Sweep along x: pairs whose rectangles overlap and are not an allowed containment."""
    out: list[str] = []
    items = sorted(((_extent(b), b) for b in boxes), key=lambda t: t[0].x)
    active: list[tuple[Rect, Box]] = []
    for r, b in items:
        active = [(ar, ab) for ar, ab in active if ar.right > r.x]
        for ar, ab in active:
            if ar.overlaps(r) and not _allowed(ab, b) and not _allowed(b, ab):
                out.append(f"{_name(ab)} {_r(ab.rect)} overlaps {_name(b)} {_r(b.rect)}")
        active.append((r, b))
    return out


def _extent(b: Box) -> Rect:
    """The room a box claims: bubbles keep 1.5 mm clear of text around them."""
    if isinstance(b, Bubble):
        return b.rect.grow(CLEAR_MIN - 0.05)
    return b.rect


def _allowed(outer: Box, inner: Box) -> bool:
    if isinstance(outer, Shade):
        if isinstance(inner, (TextCell, Bubble, Rule)):
            return outer.rect.contains(inner.rect)
        if isinstance(inner, Shade):
            return outer.rect.contains(inner.rect) or inner.rect.contains(outer.rect)
        return False
    if isinstance(outer, Bubble) and isinstance(inner, (Shade, Rule)):
        return True  # a bubble's clearance may reach past its stripe or a neighbouring rule
    if isinstance(outer, Bubble) and isinstance(inner, Bubble):
        return not outer.rect.overlaps(inner.rect)  # clearances may touch; the circles may not
    if isinstance(outer, Rule) and isinstance(inner, Rule):
        return True
    return False


def _name(b: Box) -> str:
    if isinstance(b, TextCell):
        return f'text "{b.text[:30]}"'
    if isinstance(b, Bubble):
        return f"bubble {b.key}"
    return type(b).__name__.lower()


def _r(r: Rect) -> str:
    return f"({r.x:.1f}, {r.y:.1f}, {r.w:.1f} × {r.h:.1f})"
