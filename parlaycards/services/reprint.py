"""Reprint one card (jammed in the printer, lost before it was handed out).

The reprint carries the serial, verify code and QR of the original, from the same card version on
the same template, marked REPRINT; it uses no new serial and records no print batch, so the scan
of a reprint enters like the original. A card already entered is not reprinted (that would be a
second copy of a played card). Every reprint is audited.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo

from ..core.errors import NotFoundError, RefusedError, option
from ..core.text import brief
from ..core.verify import format_serial, verify_code
from ..io.files import atomic_output
from ..io.templates import load_template
from ..layout.card import layout_card
from ..store import Store, Tx, batches
from ..store import audit as audit_rows
from ..store import cards as card_rows
from ..store import entries as entry_rows


@dataclass(frozen=True)
class Reprinted:
    slug: str
    version: int
    template: str
    serial: str
    file: Path
    sha256: str
    times: int  # how many times this serial has now been reprinted
    earlier: tuple[str, ...] = ()  # the files the earlier reprints of this serial were written to


def reprint(
    store: Store, slug: str, number: int, out: Path | None = None, folder: Path = Path("output")
) -> Reprinted:
    """Write the card of `slug` with printed serial `number`, marked REPRINT, to a PDF (whole or not at all)."""
    from ..render.pdf import CardFace
    from ..render.reprint import render_reprint
    from .access import SITE

    s = format_serial(number)
    with store.transaction() as tx:
        batch = _batch_to_reprint(tx, slug, number)
        card = card_rows.get(tx, slug, batch.version)
        t = load_template(batch.template)
        layout = layout_card(card, t)
        code = verify_code(tx.secret, slug, batch.version, number)
        site = tx.meta(SITE) or None
        earlier = [d for _, d in audit_rows.details(tx, "print.reprint", slug) if d.get("serial") == s]
        times = 1 + len(earlier)
        path = out if out is not None else _free_name(folder, f"{slug}-v{batch.version}-{s}-reprint", times)
        from .printing import qr_link_of, refuse_overwrite

        refuse_overwrite(store, path)
        _refuse_earlier_reprint(tx, path)
        with atomic_output(path, private=True) as part:  # it shows the card's verify code
            face = CardFace(t, layout, slug, batch.version, card.title, qr_link_of(card, site))
            render_reprint(part, face, number, code)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        tx.audit(
            "print.reprint",
            slug,
            serial=s,
            version=batch.version,
            template=batch.template,
            file=str(path),
            sha256=digest,
            batch_file=batch.file,
        )
        return Reprinted(
            slug,
            batch.version,
            batch.template,
            s,
            path,
            digest,
            times,
            tuple(str(d.get("file")) for d in earlier),
        )


def _batch_to_reprint(tx: Tx, slug: str, number: int) -> batches.Batch:
    """The print batch of `slug` that printed serial `number`; refused when none did, or when the card
    was entered already (a reprint would be a second copy of a played card)."""
    s = format_serial(number)
    zone = ZoneInfo(card_rows.latest(tx, slug).timezone)  # names the card when it does not exist
    batch = next((b for b in batches.of_card(tx, slug) if b.first_serial <= number <= b.last_serial), None)
    if batch is None:
        other = batches.batch_for_serial(tx, number)
        raise NotFoundError(
            f"serial {s} was printed for card {other[0]}, not {slug}."
            if other
            else f"serial {s} was never printed for {slug}: only a printed card can be reprinted "
            f"(`parlaycards print {slug}` prints new ones)."
        )
    entered = entry_rows.get(tx, number)
    if entered is not None:
        e = entered[1]
        raise RefusedError(
            f"card {s} was already entered ({e.name or 'no name'}, received "
            f"{brief(e.received_at.astimezone(zone), zone=True)}): a reprint would be a second copy of a played "
            f"card. If that entry is a mistake, void it first with `parlaycards entry void "
            f"{slug} {s} ⟨reason⟩ …`."
        )
    return batch


def _free_name(folder: Path, stem: str, times: int) -> Path:
    """`stem.pdf` for a card's first reprint, `stem-2.pdf` for its second, …; a name already taken by
    a file (of an earlier pool, or moved there by hand) is passed over: a reprint never writes over one."""
    n = times
    while True:
        path = folder / (f"{stem}.pdf" if n == 1 else f"{stem}-{n}.pdf")
        if not path.exists():
            return path
        n += 1


def _refuse_earlier_reprint(tx: Tx, path: Path) -> None:
    """A file an earlier reprint was written to is not written over (that card may be in someone's hands)."""
    if not path.exists():
        return
    target = path.resolve()
    for slug, d in audit_rows.details(tx, "print.reprint"):
        if d.get("file") and Path(d["file"]).resolve() == target:
            raise RefusedError(
                f"{path} holds the reprint of card {d.get('serial')} of {slug}; writing over it would lose "
                f"that file. Nothing was printed: choose another {option('out')}, or leave it out for a new name."
            )
