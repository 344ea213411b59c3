"""A scanner's streak: a thin dark line down (or across) the whole scanned page, drawn by dust on the
glass of a sheet-fed scanner, straight along the page's pixels whatever the card's skew. Where it passes
through a bubble it looks like a stroke of the player's pen: a bubble it crosses is never read as a pick
on its own, the card waits for a person.

A streak is told from print by where it runs: it crosses the paper outside every card too (the margins,
the gap between two cards), where nothing is printed, and it is darker than the paper on both sides of
it all along.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

EVERY = 16  # px: the page is looked at every this many rows (for columns) or columns (for rows)
BESIDE = 6  # px: the paper beside a line, this far on each side of it
DARKER = 0.8  # of the paper beside it: a line pixel is at most this bright
OUTSIDE = 0.6  # share of the paper outside the cards, along the line, that the line darkens
INSIDE = 0.5  # ... and of the cards along it (print and marks hide it in places)
LEAST = (
    0.02  # of the page's length: the least paper outside the cards a line is judged on (3 samples at least)
)
WIDE = 6  # px: a streak is thinner than this


@dataclass(frozen=True)
class Streak:
    """A line down (`across` False: the column `at`) or across (`across` True: the row `at`) the page."""

    at: float
    width: float
    across: bool


def streaks(grey: np.ndarray, outlines: list[np.ndarray]) -> list[Streak]:
    """The streaks on a page (full-size grey), given where its cards print (full-size polygons through
    their corner marks: the layout prints nothing outside them)."""
    h, w = grey.shape
    rows = grey[::EVERY]
    cols = grey[:, ::EVERY].T
    found = [Streak(at, wide, False) for at, wide in _lines(rows, _cards(rows.shape, outlines, (1, EVERY)))]
    found += [Streak(at, wide, True) for at, wide in _lines(cols, _cards(cols.shape, outlines, (EVERY, 1)).T)]
    return found


def _cards(shape: tuple[int, ...], outlines: list[np.ndarray], step: tuple[int, int]) -> np.ndarray:
    """Where the cards are on the page sampled every `step` (x, y) pixels: 1 on a card."""
    sx, sy = step
    h, w = (shape[0], shape[1]) if sx == 1 else (shape[1], shape[0])
    out = np.zeros((h, w), np.uint8)
    for poly in outlines:
        pts = np.round(poly / np.array([sx, sy], np.float32)).astype(np.int32)
        cv2.fillPoly(out, [pts], 1)
    return out


def _lines(rows: np.ndarray, inside: np.ndarray) -> list[tuple[float, float]]:
    """Columns of `rows` (one sampled row of the page each) that a thin dark line runs down: (centre, width)."""
    g = rows.astype(np.int16)
    n = g.shape[1]
    if n <= 2 * BESIDE:
        return []
    left = np.empty_like(g)
    right = np.empty_like(g)
    left[:, BESIDE:], left[:, :BESIDE] = g[:, :-BESIDE], g[:, :1]
    right[:, :-BESIDE], right[:, -BESIDE:] = g[:, BESIDE:], g[:, -1:]
    dark = g * 10 <= np.minimum(left, right) * round(DARKER * 10)
    out = inside == 0
    outside_n = out.sum(axis=0)
    enough = outside_n >= max(3, LEAST * len(rows))
    share_out = np.where(enough, (dark & out).sum(axis=0) / np.maximum(outside_n, 1), 0.0)
    inside_n = np.maximum((~out).sum(axis=0), 1)
    share_in = np.where((~out).any(axis=0), (dark & ~out).sum(axis=0) / inside_n, 1.0)
    hit = (share_out >= OUTSIDE) & (share_in >= INSIDE)
    found = []
    cols = np.flatnonzero(hit)
    if not len(cols):
        return []
    runs = np.split(cols, np.flatnonzero(np.diff(cols) > 1) + 1)
    for run in runs:
        if len(run) < WIDE:
            found.append((float(run.mean()), float(len(run))))
    return found


def crossed(streak: Streak, centre: tuple[float, float], radius: float) -> bool:
    """Whether `streak` passes through a bubble at `centre` (page px) of `radius` (page px)."""
    at = centre[1] if streak.across else centre[0]
    return abs(at - streak.at) <= radius + streak.width / 2
