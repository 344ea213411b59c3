"""A photo sent from the phone page: kept whole beside the pool (size and type checked by the same bounded
reader as `scan`), then read by `services.scan.scan_cards` exactly as `parlaycards scan` reads a file."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from ..core.errors import LimitError, ParlayError
from ..core.text import file_stamp
from ..io.files import owner_only
from ..io.scan_limits import check_image_file, header_of
from ..services import scan as scan_svc
from .app import Site

MB = 1_000_000  # as a phone says a photo's size: "25 MB" is 25,000,000 bytes
MAX_UPLOAD = 25 * MB  # a phone photo is 2–10 MB
PHOTOS = "Accepted: JPEG, PNG, WebP, TIFF or BMP photos."  # what the page reads (FORMATS): no PDF
FORMATS = {"JPEG": ".jpg", "MPO": ".jpg", "PNG": ".png", "WEBP": ".webp", "TIFF": ".tif", "BMP": ".bmp"}
CHUNK = 1024 * 1024


@dataclass(frozen=True)
class Read:
    """One card read from the photo, with the id of its scan row (its crop is served by that id)."""

    outcome: scan_svc.CardOutcome
    scan_id: int | None


async def scan_photo(
    site: Site, slug: str, photo: UploadFile, stake: Decimal | None, received: datetime | None, late: bool
) -> list[Read]:
    """Keep the photo, read it as `scan` would (received now, or at `received` on the card's clock)."""
    folder = site.crops / "photos"  # its owner's only, as the crops are: a photo shows verify codes
    site.crops.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder.mkdir(mode=0o700, exist_ok=True)
    stem = f"{file_stamp(datetime.now(UTC))}-{secrets.token_hex(4)}"
    part = folder / f"{stem}.part"
    size = 0
    try:
        owner_only(part)
        with part.open("wb") as out:
            while chunk := await photo.read(CHUNK):
                size += len(chunk)
                if size > MAX_UPLOAD:
                    raise LimitError(
                        f"the photo is over {MAX_UPLOAD // MB} MB; take it again at a lower resolution."
                    )
                out.write(chunk)
        await run_in_threadpool(_not_pdf, part)
        await run_in_threadpool(check_image_file, part, PHOTOS)
        kind = await run_in_threadpool(_format, part)
        path = part.rename(folder / f"{stem}{FORMATS[kind]}")
    except LimitError as exc:
        part.unlink(missing_ok=True)
        raise ParlayError(exc.text().replace(part.name, "The photo")) from None
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    try:
        report = await run_in_threadpool(
            lambda: scan_svc.scan_cards(
                site.store, slug, [path], stake=stake, received=received, late=late, folder=site.crops
            )
        )
    except ParlayError:
        path.unlink(missing_ok=True)  # nothing was stored from it: not kept
        raise
    _, rows = await run_in_threadpool(scan_svc.reviews, site.store, slug, True)
    ids = {r.crop: r.id for r in rows}
    return [Read(c, ids.get(c.crop)) for c in report.cards]


def _not_pdf(path: Path) -> None:
    """A PDF (a scanner's file) is refused as such: this page reads photos."""
    with path.open("rb") as fh:
        if b"%PDF" in fh.read(1024):
            raise LimitError(
                f"{path.name} is a PDF file, which this page does not read. {PHOTOS} A PDF from a scanner is read by "
                "`parlaycards scan` on the computer that keeps the pool."
            )


def _format(path: Path) -> str:
    kind = header_of(path, lambda im: str(im.format or ""))
    if kind not in FORMATS:
        raise LimitError(f"a {kind or 'unknown'} image is not read. {PHOTOS}")
    return kind
