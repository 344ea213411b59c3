"""Where the player writes: the entry lines (name, phone, amount) and the row of stake bubbles, on a line
under the games or as a column beside them."""

from __future__ import annotations

from ..core.marks import STAKE_KEYS
from .games import CLEAR, bubble_size
from .geometry import Box, Bubble, Rect, Rule
from .text import BOLD, cell, width

STAKES = (*STAKE_KEYS, "other")  # the stake bubbles: the denominations, then "other"
ENTRY_LABEL = 7.0


def _stake_w(d: float, other: float = 30) -> list[float]:
    return [
        d
        + CLEAR
        + width(("$" + s) if s != "other" else "Other $", BOLD, ENTRY_LABEL)
        + (7 if s != "other" else other)
        for s in STAKES
    ]


COMPACT_OTHER = 14.0  # room for the "Other $" amount on a compact stake line
COMPACT_AMOUNT = 30.0


def compact_entry_width() -> float:
    """The narrowest room the compact entry (NAME ___ AMOUNT $___ over the stake bubbles) takes."""
    d = bubble_size(ENTRY_LABEL)
    line1 = (
        width("NAME", BOLD, ENTRY_LABEL) + 13 + 50 + width("AMOUNT $", BOLD, ENTRY_LABEL) + 3 + COMPACT_AMOUNT
    )
    return max(line1, sum(_stake_w(d, COMPACT_OTHER)))


def entry_rows(room: float) -> int:
    """1 when name, phone, amount and the stake bubbles fit one line; 2 or 3 lines on narrower cards."""
    d = bubble_size(ENTRY_LABEL)
    label = {k: width(k, BOLD, ENTRY_LABEL) + 13 for k in ("NAME", "PHONE", "AMOUNT $")}
    stakes = sum(_stake_w(d))
    if label["NAME"] + 90 + label["PHONE"] + 60 + label["AMOUNT $"] + 36 + stakes + 8 <= room:
        return 1
    if label["AMOUNT $"] + 36 + stakes + 8 <= room:
        return 2
    return 3


def entry_height(rows: int) -> float:
    return rows * (bubble_size(ENTRY_LABEL) + 6)


def entry_boxes(x: float, y: float, room: float, rows: int, compact: bool = False) -> list[Box]:
    """NAME ___ PHONE ___ AMOUNT $___ ○$1 ○$2 ○$5 ○$10 ○$20 ○Other, on 1–3 lines; `y` is the block's bottom.

    `compact` (small cards, 2 lines): NAME ___ AMOUNT $___ over the stake bubbles, no phone line.
    """
    d = bubble_size(ENTRY_LABEL)
    rh = d + 6
    boxes: list[Box] = []
    stake_ws = _stake_w(d, COMPACT_OTHER) if compact else _stake_w(d)
    stakes_w = sum(stake_ws)
    s = ENTRY_LABEL

    def field(label: str, lx: float, line_w: float, ry: float) -> float:
        boxes.append(cell(lx, ry + 3, label, BOLD, s))
        lx += width(label, BOLD, s) + 3
        boxes.append(Rule(Rect(lx, ry + 2.5, line_w, 0.7)))
        return lx + line_w + 10

    def lw(label: str) -> float:
        return width(label, BOLD, s) + 13

    amount_w = 36.0
    line = [y + (rows - 1 - i) * rh for i in range(rows)]  # bottom of each line, top line first
    if compact:
        rows = 2
        line = [y + rh, y]
        aw = width("AMOUNT $", BOLD, s) + 3 + COMPACT_AMOUNT
        field("NAME", x, room - lw("NAME") - aw, line[0])
        field("AMOUNT $", x + room - aw, COMPACT_AMOUNT, line[0])
        sx, sy = x, line[1]
    elif rows == 1:
        free = room - lw("NAME") - lw("PHONE") - lw("AMOUNT $") - amount_w - stakes_w - 8
        nx = field("NAME", x, free * 0.6, line[0])
        nx = field("PHONE", nx, free * 0.4, line[0])
        sx, sy = field("AMOUNT $", nx, amount_w, line[0]), line[0]
    elif rows == 2:
        free = room - lw("NAME") - lw("PHONE")
        nx = field("NAME", x, free * 0.6, line[0])
        field("PHONE", nx, free * 0.4 - 3, line[0])
        sx, sy = field("AMOUNT $", x, amount_w, line[1]), line[1]
    else:
        field("NAME", x, room - lw("NAME"), line[0])
        nx = field("PHONE", x, room - lw("PHONE") - lw("AMOUNT $") - amount_w - 3, line[1])
        field("AMOUNT $", nx, amount_w, line[1])
        sx, sy = x, line[2]
    for key, sw in zip(STAKES, stake_ws, strict=True):
        boxes += _stake_bubble(key, sx, sy, rh, d, s, x + room)
        sx += sw
    return boxes


def _stake_lines(room: float) -> list[list[int]] | None:
    """The stake bubbles (indices into STAKES) packed into as few lines of `room` as they fit, in order."""
    ws = _stake_w(bubble_size(ENTRY_LABEL))
    lines: list[list[int]] = [[]]
    used = 0.0
    for i, w in enumerate(ws):
        if lines[-1] and used + w > room:
            lines.append([])
            used = 0.0
        if w > room:
            return None
        lines[-1].append(i)
        used += w
    return lines


def entry_column_height(room: float) -> float | None:
    """The height of the entry block stacked in a panel `room` wide (see entry_column), or None when too narrow."""
    stakes = _stake_lines(room)
    if stakes is None or width("AMOUNT $", BOLD, ENTRY_LABEL) + 3 + 36 > room:
        return None
    return entry_height(3 + len(stakes))


def _stake_bubble(key: str, sx: float, sy: float, rh: float, d: float, s: float, right: float) -> list[Box]:
    """One stake bubble at `sx` on the line of height `rh` from `sy`, its label beside it ("$5"); "Other $"
    has a line to write the amount on, up to `right`."""
    label = "$" + key if key != "other" else "Other $"
    lx = sx + d + CLEAR
    out: list[Box] = [
        Bubble(Rect(sx, sy + (rh - d) / 2 + 1, d, d), f"stake:{key}"),
        cell(lx, sy + 4, label, BOLD, s),
    ]
    if key == "other":
        w = width(label, BOLD, s)
        out.append(Rule(Rect(lx + w + 2, sy + 3.5, max(10.0, right - (lx + w + 2)), 0.7)))
    return out


def entry_column(x: float, y: float, room: float) -> list[Box]:
    """NAME ___, PHONE ___ and AMOUNT $___ on a line each over the stake bubbles, in a panel `room` wide;
    `y` is the block's bottom. Every field of the full entry line, none dropped."""
    d = bubble_size(ENTRY_LABEL)
    rh = d + 6
    s = ENTRY_LABEL
    stakes = _stake_lines(room) or []
    n = 3 + len(stakes)
    boxes: list[Box] = []
    for i, label in enumerate(("NAME", "PHONE", "AMOUNT $")):
        ry = y + (n - 1 - i) * rh
        boxes.append(cell(x, ry + 3, label, BOLD, s))
        lx = x + width(label, BOLD, s) + 3
        boxes.append(Rule(Rect(lx, ry + 2.5, x + room - lx, 0.7)))
    ws = _stake_w(d)
    for j, line in enumerate(stakes):
        sy = y + (len(stakes) - 1 - j) * rh
        sx = x
        for i in line:
            boxes += _stake_bubble(STAKES[i], sx, sy, rh, d, s, x + room)
            sx += ws[i]
    return boxes
