"""Draw layouts with ReportLab: the static part of a card once as a form, then per card only its
serial, verify code and QR (one path in module units).

Only Helvetica and Helvetica-Bold (built in, WinAnsi: ½ included). `invariant=1`: equal inputs
give equal bytes. The page is the paper, and the PDF asks viewers not to scale it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..core.verify import qr_link, qr_payload
from ..layout import fields as registry
from ..layout.geometry import Box, Bubble, CardLayout, Fiducial, QrBox, Rule, Shade, TextCell
from ..layout.sheet import card_origins, proof_marks
from ..layout.templates import Template
from . import qr as qrcode

FORM = "card"


def new_canvas(out: Path, t: Template, title: str) -> Canvas:
    c = Canvas(str(out), pagesize=t.page_size(), invariant=1, pageCompression=1)
    c.setViewerPreference("PrintScaling", "None")
    c.setTitle(title)
    c.setCreator("parlaycards")
    return c


def draw(c: Canvas, boxes: Iterable[Box], values: dict[str, str] | None = None) -> None:
    """Draw boxes exactly where they are: shades first, then everything else in order."""
    boxes = list(boxes)
    for b in boxes:
        if isinstance(b, Shade):
            c.setFillGray(b.grey)
            c.setStrokeGray(0)
            c.setLineWidth(0.8)
            c.rect(b.rect.x, b.rect.y, b.rect.w, b.rect.h, stroke=1 if b.stroke else 0, fill=1)
    for b in boxes:
        if isinstance(b, TextCell):
            draw_text(c, b, values)
        elif isinstance(b, Bubble):
            c.setLineWidth(b.line)
            c.setStrokeGray(0)
            c.setFillGray(1)
            x, y = b.centre()
            c.circle(x, y, b.radius() - b.line / 2, stroke=1, fill=1)
        elif isinstance(b, Fiducial):
            _fiducial(c, b)
        elif isinstance(b, Rule):
            c.setLineWidth(b.thickness())
            c.setStrokeGray(b.grey)
            c.setDash(list(b.dash) if b.dash else [])
            (x0, y0), (x1, y1) = b.ends()
            c.line(x0, y0, x1, y1)
            c.setDash([])


def draw_text(c: Canvas, b: TextCell, values: dict[str, str] | None) -> None:
    text = b.text.format(**values) if b.field and values is not None else b.text
    c.setFillGray(b.grey)
    c.setFont(b.font, b.size)
    if b.angle:
        c.saveState()
        c.setFillAlpha(0.35)
        x, y = b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2
        c.translate(x, y)
        c.rotate(b.angle)
        c.drawCentredString(0, -b.size * 0.35, text)
        c.restoreState()
        return
    y = b.baseline()
    if b.align == "left":
        c.drawString(b.rect.x, y, text)
    elif b.align == "right":
        c.drawRightString(b.rect.right, y, text)
    else:
        c.drawCentredString(b.rect.x + b.rect.w / 2, y, text)


def _fiducial(c: Canvas, f: Fiducial) -> None:
    r = f.rect
    c.setFillGray(0)
    if f.shape == "square":
        c.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
        return
    hw, hh = r.w / 2, r.h / 2
    # an L: the square less the quarter toward the card's inside
    missing = {"tl": (r.x + hw, r.y), "tr": (r.x, r.y), "bl": (r.x + hw, r.y + hh), "br": (r.x, r.y + hh)}[
        f.corner
    ]
    p = c.beginPath()
    for qx in (r.x, r.x + hw):
        for qy in (r.y, r.y + hh):
            if (qx, qy) != missing:
                p.rect(qx, qy, hw, hh)
    c.drawPath(p, stroke=0, fill=1)


def qr_literal(box: QrBox, payload: str) -> str:
    """The QR as PDF operators: scale to module units, one path, one fill."""
    m = box.module()
    x = box.rect.x + box.quiet * m
    y = box.rect.y + box.quiet * m
    return (
        f"q 0 g {m:.4f} 0 0 {m:.4f} {x:.3f} {y:.3f} cm {qrcode.path_ops(payload, box.version, box.level)} f Q"
    )


def define_form(c: Canvas, layout: CardLayout) -> None:
    c.beginForm(FORM, 0, 0, layout.width, layout.height)
    draw(c, layout.static_boxes())
    c.endForm()


def _field_ops(c: Canvas, cell: TextCell) -> tuple[str, float, str] | None:
    """(prefix, anchor, font) to draw a field cell as raw text operators, or None to use the canvas API.

    Fields hold only digits, capitals, "No." and "CODE": no character needs escaping in a PDF string.
    """
    if cell.angle or not cell.text.isascii() or any(ch in cell.text for ch in "()\\"):
        return None
    font = c._doc.getInternalFontName(cell.font)  # registered by the form already
    return f"BT {font} {cell.size:g} Tf {cell.grey:g} g ", cell.anchor_x(), cell.align


@dataclass(frozen=True)
class CardFace:
    """What every printed copy of a card version shares: the template and the layout on it, the card's
    slug, version and title, and the pool's link its QR carries (address, and the error-correction level
    the link fits the same symbol at), or None for the plain card payload."""

    t: Template
    layout: CardLayout
    slug: str
    version: int
    title: str
    link: tuple[str, str] | None = None

    def qr(self) -> QrBox:
        """The QR's box, at the level the link fits."""
        box = self.layout.qr()
        return box if self.link is None else replace(box, level=self.link[1])

    def payload(self, serial: int, code: str) -> str:
        """What the QR of card `serial` says: the pool's link to it, else the card's own payload."""
        if self.link is None:
            return qr_payload(self.slug, self.version, serial, code)
        return qr_link(self.link[0], serial, code)


def render_cards(
    out: Path, face: CardFace, cards: Iterable[tuple[int, str]], progress: Callable[[int], None] | None = None
) -> int:
    """Write serialized cards (serial, code) into `out`, filling the template's slots page by page.

    Per card: one transform to its slot, the form, the serial and code as text, the QR as one path.
    """
    from reportlab.pdfbase.pdfmetrics import stringWidth

    c = new_canvas(out, face.t, face.title)
    define_form(c, face.layout)
    origins = [f"q 1 0 0 1 {x:.3f} {y:.3f} cm" for x, y in card_origins(face.t)]
    cells = [(cell, _field_ops(c, cell)) for cell in face.layout.field_cells()]
    box = face.qr()
    n = 0
    for serial, code in cards:
        slot = n % len(origins)
        if slot == 0 and n:
            c.showPage()
        c.addLiteral(origins[slot])
        c.doForm(FORM)
        values = registry.values(serial, code)
        ops = []
        for cell, fast in cells:
            if fast is None:
                draw_text(c, cell, values)
                continue
            prefix, x, align = fast
            text = cell.text.format(**values)
            if align != "left":
                w = stringWidth(text, cell.font, cell.size)
                x -= w if align == "right" else w / 2
            ops.append(f"{prefix}{x:.3f} {cell.baseline():.3f} Td ({text}) Tj ET")
        ops.append(qr_literal(box, face.payload(serial, code)))
        ops.append("Q")
        c.addLiteral(" ".join(ops))
        n += 1
        if progress is not None and n % 100 == 0:
            progress(n)
    c.showPage()
    c.save()
    if progress is not None:
        progress(n)
    return n


def render_proof(out: Path, face: CardFace) -> None:
    """One card with sample fields, watermarked PROOF, and the print-at-100% note (its QR the card's own
    payload for serial 0, whatever the link)."""
    c = new_canvas(out, face.t, f"PROOF — {face.title}")
    x, y = card_origins(face.t)[0]
    c.saveState()
    c.translate(x, y)
    draw(c, face.layout.static_boxes())
    samples = registry.samples()
    for cell in face.layout.field_cells():
        draw_text(c, cell, samples)
    c.addLiteral(qr_literal(face.layout.qr(), qr_payload(face.slug, face.version, 0, "PROOF")))
    c.restoreState()
    on_sheet, own_page = proof_marks(face.t)
    draw(c, on_sheet)
    c.showPage()
    if own_page:
        draw(c, own_page)
        c.showPage()
    c.save()


def render_boxes(out: Path, t: Template, pages: list[list[Box]], title: str) -> None:
    """Pages of page-level boxes (the calibration sheet, pick'em sheets)."""
    c = new_canvas(out, t, title)
    for boxes in pages:
        draw(c, boxes)
        c.showPage()
    c.save()
