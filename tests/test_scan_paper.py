"""Scanning: a bubble's darkness is taken against the paper's light where the bubble is. A bubble is white
inside: on a shaded game row a mark in it reads as dark as on a white row; a hard shadow's edge across a
bubble makes no blank bubble a mark."""

from __future__ import annotations

import cv2
import numpy as np

from parlaycards.layout.geometry import Bubble, Rect
from parlaycards.scan.read import Frame, K, darkness

R, LINE = 6.0, 0.8  # points: a card's bubble
ROWS = {"white": (40.0, 255), "shaded": (100.0, 224)}  # row centre (points, y up) and the row's paper


def _card() -> tuple[np.ndarray, Frame, dict[str, Bubble]]:
    w, h = 240.0, 150.0
    img = np.full((round(h * K), round(w * K)), 255, np.uint8)
    bubbles: dict[str, Bubble] = {}
    for row, (y, paper) in ROWS.items():
        top = round((h - y - 12) * K)
        img[top : top + round(24 * K), :] = paper
        for i in range(10):
            x = 20.0 + 20 * i
            bubbles[f"{row}{i}"] = Bubble(Rect(x - R, y - R, 2 * R, 2 * R), f"{row}{i}", LINE)
            cx, cy = round(x * K), round((h - y) * K)
            cv2.circle(img, (cx, cy), round((R - LINE) * K), 255, -1)  # white inside, as printed
            cv2.circle(img, (cx, cy), round((R - LINE / 2) * K), 0, max(1, round(LINE * K)), cv2.LINE_AA)
    for row in ROWS:  # the same light grey tick, drawn over whatever is under it
        x, y = bubbles[f"{row}3"].centre()
        cx, cy = x * K, (h - y) * K
        pts = [
            (cx - 0.6 * R * K, cy),
            (cx - 0.15 * R * K, cy + 0.6 * R * K),
            (cx + 0.7 * R * K, cy - 0.7 * R * K),
        ]
        for a, b in zip(pts, pts[1:], strict=False):
            cv2.line(img, (round(a[0]), round(a[1])), (round(b[0]), round(b[1])), 200, 3, cv2.LINE_AA)
    img = cv2.GaussianBlur(img, (0, 0), 0.8)
    return img, Frame(w, h, ((10.0, 140.0), (230.0, 140.0), (230.0, 10.0), (10.0, 10.0))), bubbles


def test_a_mark_on_a_shaded_row_is_as_dark_as_on_a_white_row_and_blank_stays_blank():
    img, frame, bubbles = _card()
    seen = darkness(img, frame, bubbles).seen
    white, shaded = seen["white3"], seen["shaded3"]
    assert white.q90 > 0.1
    assert abs(shaded.q90 - white.q90) < 0.2 * white.q90, (white, shaded)
    assert abs(shaded.mean - white.mean) < 0.25 * white.mean, (white, shaded)
    for key, s in seen.items():
        if not key.endswith("3"):
            assert s.q90 < 0.03 and s.mean < 0.02, (key, s)


def test_a_hard_shadow_across_the_bubbles_changes_no_call():
    """A shadow half as bright, its edge sharp, falling across the middle of a row of bubbles: blank ones
    stay blank on both sides of its edge and in it, the marks read as before."""
    img, frame, bubbles = _card()
    before = darkness(img, frame, bubbles).seen
    h, w = img.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    edge = xx + 0.35 * yy - 237.0  # a straight edge through the middle of a bubble of each row
    light = 1.0 - 0.5 * np.clip(0.5 + edge / 4.0, 0.0, 1.0)  # dark beyond the edge, 4 px of penumbra
    shadowed = np.clip(img.astype(np.float32) * light, 0, 255).astype(np.uint8)
    after = darkness(shadowed, frame, bubbles).seen
    for key, s in after.items():
        if key.endswith("3"):
            assert abs(s.q90 - before[key].q90) < 0.25 * before[key].q90, (key, before[key], s)
        else:
            assert s.q90 < 0.05, (key, s)
