"""Where things are on a printed page, in page pixels: each card's bubbles, its corner marks, its QR,
its printed serial and code. The one geometry that synthetic players and cameras (demo.marks,
demo.heldout) draw by: it comes from the layout engine, as the printed PDF does.

Page pixels: y down, origin at the page's top-left, at the `dpi` the page was rasterized at.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..core.models import Card
from ..io.templates import load_template
from ..layout.card import layout_card
from ..layout.geometry import Rect
from ..layout.sheet import card_origins

Spot = tuple[float, float, float]  # centre x, centre y, radius: page pixels
Box = tuple[float, float, float, float]  # x0, y0, x1, y1: page pixels


def rasterize(pdf: Path, page: int, dpi: float) -> np.ndarray:
    """One page of a PDF as an RGB image at `dpi` (pypdfium2)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        a = doc[page].render(scale=dpi / 72, rev_byteorder=True).to_numpy()
    finally:
        doc.close()
    return np.ascontiguousarray(a[:, :, :3])


def _to_px(template: str, slot: int, dpi: float) -> tuple[float, float, float, float]:
    """(origin x, origin y, page height) in points and the pixels a point, for a card's slot."""
    t = load_template(template)
    ox, oy = card_origins(t)[slot]
    return ox, oy, t.page_size()[1], dpi / 72


def card_bubbles_px(card: Card, template: str, slot: int, dpi: float) -> dict[str, Spot]:
    """Each bubble of the card in `slot`: "101" … and "stake:5", "stake:other" → (cx, cy, r), page px."""
    layout = layout_card(card, load_template(template))
    ox, oy, page_h, k = _to_px(template, slot, dpi)
    keys = [(str(n), b) for n, b in layout.bubbles().items()] + [
        (f"stake:{s}", b) for s, b in layout.stake_bubbles().items()
    ]
    return {
        key: ((b.centre()[0] + ox) * k, (page_h - b.centre()[1] - oy) * k, b.radius() * k) for key, b in keys
    }


def card_boxes_px(
    card: Card, template: str, slot: int, dpi: float
) -> dict[str, tuple[float, float, float, float]]:
    """The card's rectangle ("card"), corner marks ("tl" … "br") and QR ("qr") as (x0, y0, x1, y1) page px."""
    layout = layout_card(card, load_template(template))
    ox, oy, page_h, k = _to_px(template, slot, dpi)

    def px(r: Rect) -> tuple[float, float, float, float]:
        return (r.x + ox) * k, (page_h - r.top - oy) * k, (r.right + ox) * k, (page_h - r.y - oy) * k

    out = {"card": px(Rect(0, 0, layout.width, layout.height)), "qr": px(layout.qr().rect)}
    out.update({f.corner: px(f.rect) for f in layout.fiducials()})
    return out
