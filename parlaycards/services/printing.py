"""Printing: serialized batches, proofs, the calibration sheet, pick'em sheets, the template list."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import ParlayError
from ..core.verify import format_serial, verify_code
from ..layout.card import layout_card
from ..layout.templates import Template, list_templates, load_template
from ..store import Store, batches
from ..store import cards as card_rows

DEFAULT_TEMPLATE = "letter-2up"
MAX_COPIES = 100_000


@dataclass(frozen=True)
class Printed:
    slug: str
    version: int
    template: str
    file: Path
    copies: int
    pages: int
    first: int | None  # None for a proof
    last: int | None
    sha256: str
    type_size: float


def templates() -> list[Template]:
    return list_templates()


def _out(out: Path | None, folder: Path, name: str) -> Path:
    path = out if out is not None else folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def print_batch(store: Store, slug: str, copies: int = 1, template: str | Path = DEFAULT_TEMPLATE,
                out: Path | None = None, proof: bool = False, folder: Path = Path("output"),
                progress: Callable[[int, int], None] | None = None) -> Printed:
    """Print `copies` serialized cards of the latest version of `slug` (or one PROOF, using no serials).

    The serials are taken, the PDF written and the batch recorded in one transaction: if writing
    fails, no serial is used up and nothing is recorded.
    """
    from ..render.pdf import render_cards, render_proof

    if not proof and not 1 <= copies <= MAX_COPIES:
        raise ParlayError(f"--copies {copies}: print between 1 and {MAX_COPIES:,} cards at a time.")
    t = load_template(template)
    with store.transaction() as tx:
        card = card_rows.latest(tx, slug)
        if not any(not g.off for g in card.games):
            raise ParlayError(f"card {slug} v{card.version} has no game on it to print; add games with `game add`.")
        layout = layout_card(card, t)
        per = len(t.cards)
        if proof:
            path = _out(out, folder, f"{slug}-v{card.version}-proof.pdf")
            render_proof(path, t, layout, slug, card.version, card.title)
            tx.audit("print.proof", slug, version=card.version, template=t.name, file=str(path))
            return Printed(slug, card.version, t.name, path, 1, 1, None, None, _sha(path), layout.type_size)
        first, last = tx.take_serials(copies)
        path = _out(out, folder, f"{slug}-v{card.version}-{format_serial(first)}-{format_serial(last)}.pdf")
        secret = tx.secret
        serials = ((n, verify_code(secret, slug, card.version, n)) for n in range(first, last + 1))
        try:
            render_cards(path, t, layout, slug, card.version, card.title, serials,
                         (lambda n: progress(n, copies)) if progress else None)
        except BaseException:
            path.unlink(missing_ok=True)  # no half-written PDF; the transaction gives the serials back
            raise
        digest = _sha(path)
        batches.record(tx, slug, card.version, t.name, first, last, str(path), digest)
        return Printed(slug, card.version, t.name, path, copies, -(-copies // per), first, last, digest,
                       layout.type_size)


def calibrate(template: str | Path = DEFAULT_TEMPLATE, out: Path | None = None,
              folder: Path = Path("output")) -> Path:
    """A sheet with rulers, the card outlines and offset scales at the perforations."""
    from ..layout.sheet import calibration
    from ..render.pdf import render_boxes

    t = load_template(template)
    path = _out(out, folder, f"calibrate-{t.name}.pdf")
    render_boxes(path, t, [calibration(t)], f"Calibration — {t.name}")
    return path


def pickem_sheet(store: Store, slug: str, out: Path | None = None, copies: int = 1,
                 folder: Path = Path("output")) -> Path:
    """A pick'em sheet for pool `slug` (its card version and tiebreak game), or for card `slug` (see
    services.pickem.sheet_of): a box per side, the tiebreaker, a name line."""
    from ..layout.pickem import layout_pickem
    from ..render.pdf import render_boxes
    from .pickem import sheet_of

    t = load_template("letter-1up")
    with store.reading() as tx:
        of = sheet_of(tx, slug)
    card = of.card
    boxes = layout_pickem(card, t, of.tiebreak)
    path = _out(out, folder, f"{slug}-v{card.version}-pickem.pdf")
    render_boxes(path, t, [boxes] * copies, f"Pick'em — {card.title}")
    return path


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
