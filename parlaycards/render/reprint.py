"""A reprinted card: the same serial and verify code as the original, marked REPRINT; its QR holds the
card's details, or its link when the pool has an address now (the scanner reads either).

One card in the template's first slot, drawn without the shared form (it is one card), so that
the REPRINT mark can sit in its header band; every box a scanner reads is where the original has it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..core.verify import qr_link, qr_payload
from ..layout import fields as registry
from ..layout.geometry import CardLayout
from ..layout.reprint import reprint_boxes
from ..layout.sheet import card_origins
from ..layout.templates import Template
from .pdf import draw, draw_text, new_canvas, qr_literal


def render_reprint(
    out: Path,
    t: Template,
    layout: CardLayout,
    slug: str,
    version: int,
    title: str,
    serial: int,
    code: str,
    link: tuple[str, str] | None = None,
) -> None:
    c = new_canvas(out, t, f"REPRINT — {title}")
    x, y = card_origins(t)[0]
    c.saveState()
    c.translate(x, y)
    draw(c, reprint_boxes(layout))
    values = registry.values(serial, code)
    for cell in layout.field_cells():
        draw_text(c, cell, values)
    if link is None:
        c.addLiteral(qr_literal(layout.qr(), qr_payload(slug, version, serial, code)))
    else:  # the pool's address and the level its link fits the same symbol at
        c.addLiteral(qr_literal(replace(layout.qr(), level=link[1]), qr_link(link[0], serial, code)))
    c.restoreState()
    c.showPage()
    c.save()
