"""Ink on a card's game rows that is in no bubble: a circled team name, a line struck through a game, a
note. A scanner reads bubbles; what a player drew beside them is never read, so it is never passed over
in silence either: the card waits for a person, naming the rows.

The layout says where the card prints: each text's glyphs (its width at its font and size), every
bubble, rule, corner mark, dark band and the QR. Ink found on the game rows away from all of that (and
more than a bubble's spill away from every bubble) was drawn by a hand. It is taken against the paper's
own light (the card closed by a square wider than a pen's line, so a line vanishes while a shaded row
stays) and the player's own stroke, so a shadow, the grey of a shaded row or a light pencil changes
nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

import cv2
import numpy as np

from ..layout.geometry import Bubble, CardLayout, Fiducial, QrBox, Rule, Shade, TextCell

PEN = 4.5  # points: wider than any pen's line, narrower than a shaded row: the paper is the card closed by it
CLEAR = 1.5  # points: how far the print's own edges reach in a picture (blur, a lens, a slight misfit)
SPILL = 2.1  # bubble radii: a mark of its bubble reaches this far (a fill spilling over, a large cross)
STROKE = 0.5  # of the player's own stroke: ink darker than this is a stroke (never below FLOOR)
FLOOR = 0.12
PIECE = 1.5  # bubble radii: the least extent of a piece of a stroke (a dot, a speck or a smudge is none)
LENGTH = 3.0  # bubble radii: the least length of strokes beside one row's bubbles that a person must see
THICK = 2.0  # px: a pen's line at the least; a stroke is as long as its ink drawn this thick (slivers of
# print peeking past its mask, thin and broken, add up to little)
STEP = 8  # px: the move of the print is worked out on a grid this coarse (it varies slowly)
NEAREST = 0.6  # of the most drawn beside one row: a circle spilling onto the rows next to it names its own


def beside(
    crop: np.ndarray, layout: CardLayout, k: float, stroke: float | None, moved: np.ndarray | None = None
) -> list[tuple[int, ...]]:
    """The game rows (each as its selection numbers) carrying hand-drawn ink outside every bubble.
    `moved`: each bubble where the layout puts it and where it was found (px, n × 4), so the print is
    looked for where a lens or a curl has moved it, as the bubbles were."""
    picks = layout.bubbles()
    if not picks:
        return []
    rows = _rows(picks)
    region, printed, (y0, y1, x0, x1) = _masks(layout, crop.shape, k)
    if moved is not None and len(moved) >= 6:
        printed = follow(printed, moved, (y0, y1, x0, x1))
    else:
        printed = printed[y0:y1, x0:x1]
    sub = crop[y0:y1, x0:x1]
    n = 2 * round(PEN * k / 2) + 1
    paper = cv2.morphologyEx(sub, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (n, n)))
    ratio = cv2.medianBlur(cv2.divide(sub, np.maximum(paper, 1), scale=255), 3)  # 255: paper; no lone specks
    least = 255 * (1.0 - max(FLOOR, STROKE * (stroke or 0.0)))
    ink = ((ratio <= least) & region[y0:y1, x0:x1] & ~printed).astype(np.uint8)
    if not ink.any():
        return []
    grown = cv2.dilate(ink, np.ones((5, 5), np.uint8))  # a stroke broken where it crosses print: one stroke
    r = next(iter(picks.values())).radius() * k
    # every second pixel of the strokes grown by 5 px keeps them whole: their pieces, at a quarter the work
    n, labels, stats, _ = cv2.connectedComponentsWithStats(
        np.ascontiguousarray(grown[::2, ::2]), connectivity=8
    )
    stats = stats * 2
    inked = np.bincount(labels[ink[::2, ::2] > 0], minlength=n) * 4  # each piece's own ink, px
    tops = np.array([layout.height - y for y, _ in rows], np.float32) * k  # rows' centres, px from the top
    pitch = float(np.median(np.diff(tops))) if len(tops) > 1 else 4.0 * r
    drawn = np.zeros(len(rows), np.float32)  # how long the strokes beside each row's bubbles are, px
    for i in range(1, n):
        _, y, w, h, _ = stats[i]
        y = int(y) + y0
        if max(w, h) >= PIECE * r:  # a stroke broken where it crosses print counts piece by piece
            drawn[(tops >= y - pitch / 2) & (tops <= y + h + pitch / 2)] += min(max(w, h), inked[i] / THICK)
    most = float(drawn.max(initial=0.0))
    return [rows[i][1] for i in range(len(rows)) if drawn[i] >= max(LENGTH * r, NEAREST * most)]


def follow(mask: np.ndarray, moved: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """`mask` moved as the bubbles moved, within `box` (rows y0:y1, columns x0:x1): a smooth field
    (second degree in x and y) through every bubble's move, so print between and beside the bubbles moves
    with them."""
    h, w = mask.shape
    y0, y1, x0, x1 = box
    x, y = moved[:, 0] / w, moved[:, 1] / h
    terms = np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], axis=1)
    coef, *_ = np.linalg.lstsq(terms, moved[:, 2:4] - moved[:, 0:2], rcond=None)
    ny, nx = -(-(y1 - y0) // STEP), -(-(x1 - x0) // STEP)
    gy, gx = np.mgrid[0:ny, 0:nx].astype(np.float32) * STEP + (STEP - 1) / 2  # each coarse cell's middle
    gy, gx = gy + y0, gx + x0
    u, v = gx / w, gy / h
    grid = np.stack([np.ones_like(u), u, v, u * u, u * v, v * v], axis=-1) @ coef  # the move at each point
    # where each pixel's print comes from, worked out coarse and spread (exact for the straight part)
    size = (nx * STEP, ny * STEP)
    mx = cv2.resize((gx - grid[..., 0]).astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
    my = cv2.resize((gy - grid[..., 1]).astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
    hh, ww = y1 - y0, x1 - x0
    mx, my = np.ascontiguousarray(mx[:hh, :ww]), np.ascontiguousarray(my[:hh, :ww])
    out: np.ndarray = cv2.remap(mask.view(np.uint8), mx, my, cv2.INTER_NEAREST) > 0
    return out


def _text(layout: CardLayout, k: float, shape: tuple[int, int]) -> np.ndarray:
    """The card's own words where it prints them (1), grown by CLEAR: drawn by ReportLab as the card is,
    rasterized by pdfium at `k` px a point."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from .printed import rasterize

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(layout.width, layout.height))
    for b in layout.boxes:
        if not isinstance(b, TextCell) or b.field or b.angle:
            continue
        c.setFont(b.font, b.size)
        y = b.baseline()
        if b.align == "left":
            c.drawString(b.rect.x, y, b.text)
        elif b.align == "right":
            c.drawRightString(b.rect.right, y, b.text)
        else:
            c.drawCentredString(b.rect.x + b.rect.w / 2, y, b.text)
    grey = rasterize(c, buf, k)
    out = np.zeros(shape, np.uint8)
    hh, ww = min(shape[0], grey.shape[0]), min(shape[1], grey.shape[1])
    out[:hh, :ww] = grey[:hh, :ww] < 200
    n = 2 * round(CLEAR * k) + 1
    grown: np.ndarray = cv2.dilate(out, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (n, n)))
    return grown


def _rows(picks: Mapping[int, Bubble]) -> list[tuple[float, tuple[int, ...]]]:
    """The card's game rows, top first: (the y of their bubbles' centres, their selection numbers)."""
    pitch = min(b.rect.h for b in picks.values())
    rows: list[tuple[float, list[int]]] = []
    for n, b in sorted(picks.items(), key=lambda nb: -nb[1].centre()[1]):
        y = b.centre()[1]
        if rows and abs(rows[-1][0] - y) < 0.5 * pitch:
            rows[-1][1].append(n)
        else:
            rows.append((y, [n]))
    return [(y, tuple(sorted(ns))) for y, ns in rows]


Box = tuple[int, int, int, int]  # rows y0:y1, columns x0:x1 of a crop
_MASKS: dict[tuple[int, float, tuple[int, ...]], tuple[CardLayout, np.ndarray, np.ndarray, Box]] = {}


def _masks(layout: CardLayout, shape: tuple[int, ...], k: float) -> tuple[np.ndarray, np.ndarray, Box]:
    """Where to look (the game rows, clear of the bubbles and their spill), where the card prints, and
    the box around where to look."""
    key = (id(layout), k, tuple(shape))
    kept = _MASKS.get(key)
    if kept is not None and kept[0] is layout:
        return kept[1], kept[2], kept[3]
    h, w = shape[:2]
    H = layout.height

    def box(img: np.ndarray, x0: float, y0: float, x1: float, y1: float, grow: float) -> None:
        a, b = round((x0 - grow) * k), round((H - y1 - grow) * k)
        c, d = round((x1 + grow) * k), round((H - y0 + grow) * k)
        img[max(0, b) : max(0, d), max(0, a) : max(0, c)] = 1

    printed = _text(layout, k, (h, w))
    for b in layout.boxes:
        rc = b.rect
        if isinstance(b, TextCell) and (b.field or b.angle):  # a per-card value, a slanted word: its box
            box(printed, rc.x, rc.y, rc.right, rc.top, CLEAR)
        elif isinstance(b, QrBox | Fiducial) or (isinstance(b, Shade) and b.dark):
            box(printed, rc.x, rc.y, rc.right, rc.top, CLEAR)
        elif isinstance(b, Rule | Shade):
            for x0, y0, x1, y1 in ((rc.x, rc.y, rc.right, rc.y), (rc.x, rc.top, rc.right, rc.top)):
                box(printed, x0, y0, x1, y1, CLEAR)
            if isinstance(b, Rule) or b.stroke:
                box(printed, rc.x, rc.y, rc.x, rc.top, CLEAR)
                box(printed, rc.right, rc.y, rc.right, rc.top, CLEAR)
    picks = layout.bubbles()
    bubbles = [b for b in layout.boxes if isinstance(b, Bubble)]
    for b in bubbles:
        (x, y), r = b.centre(), b.radius()
        cv2.circle(printed, (round(x * k), round((H - y) * k)), round(SPILL * r * k), 1, -1)
    region = np.zeros((h, w), np.uint8)
    xs = [b.rect.right for b in picks.values()]
    ys = [b.centre()[1] for b in picks.values()]
    pitch = min(b.rect.h for b in picks.values())
    box(region, layout.body.x, min(ys) - 0.9 * pitch, max(xs), max(ys) + 0.9 * pitch, 0.0)
    rows, cols = np.nonzero(region)
    bounds: Box = (
        (int(rows.min()), int(rows.max()) + 1, int(cols.min()), int(cols.max()) + 1)
        if len(rows)
        else (0, 1, 0, 1)
    )
    out = region.astype(bool), printed.astype(bool), bounds
    _MASKS.clear()
    _MASKS[key] = (layout, *out)
    return out
