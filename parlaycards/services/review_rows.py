"""Which card in review an operator means: a serial (`000123`), a review id (`#7`), or several of them."""

from __future__ import annotations

from ..core.errors import NotFoundError, ParlayError
from ..core.text import is_digits
from ..core.verify import format_serial, parse_serial
from ..store import Tx
from ..store import scans as scan_rows


def pick_row(tx: Tx, slug: str, which: str) -> scan_rows.ScanRow:
    """The open review named by a serial (`000123`) or by its id (`#7`, for a card with no serial read)."""
    text = which.strip()
    if text.startswith("#") or text.lower().startswith("id:"):
        digits = text.lstrip("#").removeprefix("id:").removeprefix("ID:").strip()
        row = scan_rows.get(tx, int(digits)) if is_digits(digits) else None
        if row is None or row.slug != slug or row.status != scan_rows.OPEN:
            raise NotFoundError(
                f"no card waiting for review on {slug} has id {text}. See `parlaycards review {slug}`."
            )
        return row
    number = parse_serial(text)
    if number is None:
        raise ParlayError(
            f'"{which}" is neither a serial nor a review id. Accepted: the serial printed on the card, '
            'e.g. 000123, or "#7" for the review with id 7 (a card whose QR could not be read).'
        )
    found = [r for r in scan_rows.of(tx, slug, scan_rows.OPEN) if r.serial == number]
    if not found:
        raise NotFoundError(
            f"card {format_serial(number)} is not waiting for review on {slug}. "
            f"See `parlaycards review {slug}`."
        )
    return found[-1]


def several(text: str) -> list[str]:
    """The cards named by one --accept or --reject: "000055,000056", "#7", or a mix, each once."""
    out: list[str] = []
    for part in text.split(","):
        if part.strip() and part.strip() not in out:
            out.append(part.strip())
    if not out:
        raise ParlayError(
            f'"{text}" names no card. Accepted: serials or review ids, comma-separated, e.g. 000055,000056 or "#7".'
        )
    return out
