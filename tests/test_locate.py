"""Corner marks as a phone sees them: small and blurred, the L still reads as the L, a filled bubble never."""

from __future__ import annotations

import cv2
import numpy as np

from parlaycards.scan.locate import components, find_marks

# The top-left mark of a card photographed from afar (a phone, 2 177 × 2 666 px, the card a third of the
# picture), as the working image's ink mask holds it: 15 × 17 px, turned 16°, its corners rounded off.
# It fills 61 % of its smallest rectangle where a printed L fills 75 %.
SMALL_L = """
..##...........
..#####........
..#######......
..#######......
.########......
.########......
.########......
.#######.......
.#######.......
###########....
###############
###############
###############
###############
...############
.......#######.
..........####.
"""


def _page() -> np.ndarray:
    return np.full((700, 1000), 235, np.uint8)


def _stamp(page: np.ndarray, x: int, y: int, art: str) -> None:
    rows = [r for r in art.strip().splitlines()]
    for dy, row in enumerate(rows):
        for dx, ch in enumerate(row):
            if ch == "#":
                page[y + dy, x + dx] = 25


def test_a_small_blurred_l_is_still_the_l():
    page = _page()
    _stamp(page, 200, 300, SMALL_L)
    cv2.rectangle(page, (700, 300), (716, 316), 25, -1)  # a square mark of the same size beside it
    marks, _ = find_marks(page)
    found = sorted((m.shape, round(m.x), round(m.y)) for m in marks)
    assert [s for s, _, _ in found] == ["L", "square"]
    l_mark = next(m for m in marks if m.shape == "L")
    assert abs(l_mark.x - 207) < 3 and abs(l_mark.y - 308) < 3


def test_a_filled_bubble_of_that_size_is_not_a_mark():
    page = _page()
    cv2.circle(page, (300, 300), 8, 25, -1)
    cv2.ellipse(page, (600, 300), (9, 8), 20, 0, 300, 25, -1)  # a bubble filled three quarters round
    marks, _ = find_marks(page)
    assert marks == []


def test_blobs_are_counted_alike_in_16_bits_and_on_a_page_of_noise():
    """Blobs are labelled in 16 bits when they fit, and a page of more blobs than 16 bits can count (a
    checkerboard of dots) falls back to 32 bits rather than failing."""
    rng = np.random.default_rng(5)
    page = (rng.random((600, 800)) < 0.1).astype(np.uint8) * 255
    page = cv2.dilate(page, np.ones((3, 3), np.uint8))
    assert np.array_equal(components(page), cv2.connectedComponentsWithStats(page, connectivity=8)[2])
    noise = np.zeros((700, 800), np.uint8)
    noise[::2, ::2] = 255  # 140,000 separate dots
    stats = components(noise)
    assert len(stats) == 1 + 350 * 400
    assert (stats[1:, 4] == 1).all()
