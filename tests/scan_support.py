"""What the scan tests share: a pool with printed cards, their pages as images, marks drawn on them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np
import pypdfium2 as pdfium

from parlaycards.core.models import Card
from parlaycards.services import printing
from parlaycards.store import Store
from parlaycards.store import cards as card_rows

from .pool_support import printed_earlier

ET = ZoneInfo("America/New_York")
BEFORE_CUTOFF = datetime(2026, 11, 20, 12, 0)  # on the card's wall clock


@dataclass(frozen=True)
class Printed:
    card: Card
    template: str
    file: Path
    first: int


def printed(store: Store, card: Card, template: str, copies: int, folder: Path) -> Printed:
    with store.transaction() as tx:
        saved = card_rows.save(tx, card, "test")
    done = printing.print_batch(store, saved.slug, copies=copies, template=template, folder=folder)
    printed_earlier(store, saved.slug)  # printed before the test week's cards are handed in
    return Printed(saved, template, done.file, done.first or 0)


def page_image(pdf: Path, index: int, dpi: int = 200) -> np.ndarray:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        a = doc[index].render(scale=dpi / 72, grayscale=True).to_numpy()
    finally:
        doc.close()
    return np.ascontiguousarray(a if a.ndim == 2 else a[:, :, 0])


def sheet(
    p: Printed,
    page: int,
    marked: dict[int, tuple[tuple[int, ...], str | None]],
    seed: int = 1,
    styles: tuple[str, ...] = ("solid", "scribble", "tick", "cross", "pencil", "partial"),
    extras: dict[int, list[tuple[str, str]]] | None = None,
    dpi: int = 200,
) -> np.ndarray:
    """Page `page` of a printed batch with marks drawn: slot → (picks, stake key or None). RGB."""
    from parlaycards.demo import marks

    rng = np.random.default_rng(seed)
    img = marks.rasterize(p.file, page, dpi)
    for slot, (picks, stake) in marked.items():
        spots = marks.card_bubbles_px(p.card, p.template, slot, dpi)
        boxes = marks.card_boxes_px(p.card, p.template, slot, dpi)
        plan = marks.Plan(
            tuple(picks),
            stake,
            tuple((extras or {}).get(slot, ())),
            styles=styles,
            colour="blue" if slot % 2 else "black",
        )
        marks.mark_card(img, plan, spots, rng, [boxes[k] for k in ("qr", "tl", "tr", "bl", "br")])
    return img
