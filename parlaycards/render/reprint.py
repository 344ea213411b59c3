"""A reprinted card: the same serial and verify code as the original, marked REPRINT; its QR holds the
card's details, or its link when the pool has an address now (the scanner reads either).

One card in the template's first slot, drawn without the shared form (it is one card), so that
the REPRINT mark can sit in its header band; every box a scanner reads is where the original has it.
"""

from __future__ import annotations

from pathlib import Path

from ..layout import fields as registry
from ..layout.reprint import reprint_boxes
from ..layout.sheet import card_origins
from .pdf import CardFace, draw, draw_text, new_canvas, qr_literal


def render_reprint(out: Path, face: CardFace, serial: int, code: str) -> None:
    c = new_canvas(out, face.t, f"REPRINT — {face.title}")
    x, y = card_origins(face.t)[0]
    c.saveState()
    c.translate(x, y)
    draw(c, reprint_boxes(face.layout))
    values = registry.values(serial, code)
    for cell in face.layout.field_cells():
        draw_text(c, cell, values)
    c.addLiteral(qr_literal(face.qr(), face.payload(serial, code)))
    c.restoreState()
    c.showPage()
    c.save()
