"""Reprint one card (jammed in the printer, lost before it was handed out).

The reprint carries the serial, verify code and QR of the original, from the same card version on
the same template, marked REPRINT; it uses no new serial and records no print batch, so the scan
of a reprint enters like the original. A card already entered is not reprinted (that would be a
second copy of a played card). Every reprint is audited.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlalchemy import select

from ..core.errors import NotFoundError, RefusedError
from ..core.verify import format_serial, verify_code
from ..io.files import atomic_output
from ..layout.card import layout_card
from ..layout.templates import load_template
from ..store import Store, Tx, batches, schema
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


def reprint(
    store: Store, slug: str, number: int, out: Path | None = None, folder: Path = Path("output")
) -> Reprinted:
    """Write the card of `slug` with printed serial `number`, marked REPRINT, to a PDF (whole or not at all)."""
    from ..render.reprint import render_reprint

    s = format_serial(number)
    with store.transaction() as tx:
        zone = ZoneInfo(card_rows.latest(tx, slug).timezone)  # names the card when it does not exist
        batch = next(
            (b for b in batches.of_card(tx, slug) if b.first_serial <= number <= b.last_serial), None
        )
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
                f"{e.received_at.astimezone(zone):%a %b %d %H:%M %Z}): a reprint would be a second copy of a played "
                f"card. If that entry is a mistake, void it first with `parlaycards entry void "
                f"{slug} {s} ⟨reason⟩ …`."
            )
        card = card_rows.get(tx, slug, batch.version)
        t = load_template(batch.template)
        layout = layout_card(card, t)
        code = verify_code(tx.secret, slug, batch.version, number)
        path = out if out is not None else folder / f"{slug}-v{batch.version}-{s}-reprint.pdf"
        from .printing import refuse_overwrite

        refuse_overwrite(store, path)
        with atomic_output(path) as part:
            render_reprint(part, t, layout, slug, batch.version, card.title, number, code)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        times = 1 + sum(1 for _ in _reprints(tx, slug, s))
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
        return Reprinted(slug, batch.version, batch.template, s, path, digest, times)


def _reprints(tx: Tx, slug: str, serial: str) -> Iterator[str]:
    """The audit rows of earlier reprints of `serial`."""
    a = schema.audit.c
    for detail in tx.conn.execute(
        select(a.detail).where(a.action == "print.reprint", a.slug == slug)
    ).scalars():
        if json.loads(detail).get("serial") == serial:
            yield detail
