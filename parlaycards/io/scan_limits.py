"""The bounds of the files a scan reads, checked before a pixel is decoded: images (JPEG, PNG, TIFF, BMP,
WebP) and PDF files, by size, pages and pixels."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from ..core.bounds import MAX_PIXELS
from ..core.errors import LimitError, ParlayError
from .limits import MB, read_bounded, size_text

T = TypeVar("T")
MAX_IMAGE_BYTES = 200 * MB
MAX_PDF_BYTES = 500 * MB
MAX_PDF_PAGES = 5_000

IMAGES = "Accepted: JPEG, PNG, TIFF, BMP or WebP images and PDF files."


def check_image_file(path: Path, accepted: str = IMAGES) -> None:
    """Refuse an image the scanner should not decode: empty, not an image format OpenCV reads, or whose
    header claims more than MAX_PIXELS (checked before a single pixel is decoded, every frame of a TIFF).
    `accepted`: what a refusal says is read (the phone page reads photos only). Pillow's warnings on a
    damaged header ("Corrupt EXIF data") are not printed."""
    from PIL import Image, UnidentifiedImageError

    name = path.name
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise LimitError(f"{path}: cannot be read ({exc.strerror or exc}).") from None
    if size == 0:
        raise LimitError(f"{name} is empty (0 bytes): nothing was scanned from it. {accepted}")
    if size > MAX_IMAGE_BYTES:
        raise LimitError(
            f"{name} is {size_text(size)}; parlaycards reads images of up to {size_text(MAX_IMAGE_BYTES)}."
        )
    pillow_limit, Image.MAX_IMAGE_PIXELS = (
        Image.MAX_IMAGE_PIXELS,
        None,
    )  # ours is checked below, with the size
    try:
        with _quiet(), Image.open(path) as im:  # reads the header only
            kind = im.format or "?"
            if kind not in {"JPEG", "PNG", "TIFF", "BMP", "WEBP", "MPO"}:
                raise LimitError(f"{name} is a {kind} image, which the scanner does not read. {accepted}")
            frames = getattr(im, "n_frames", 1)
            if frames > MAX_PDF_PAGES:
                raise LimitError(f"{name} holds {frames:,} pages; parlaycards reads up to {MAX_PDF_PAGES:,}.")
            for frame in range(frames):
                if frame:
                    im.seek(frame)
                w, h = im.size
                if w <= 0 or h <= 0 or w * h > MAX_PIXELS:
                    page = f" (page {frame + 1})" if frames > 1 else ""
                    raise LimitError(
                        f"{name}{page} claims {w:,} × {h:,} pixels; parlaycards reads images of up to "
                        f"{MAX_PIXELS // 1_000_000} million pixels (a letter page at 600 dpi is 34 million). "
                        "Scan at 200–300 dpi."
                    )
    except LimitError:
        raise
    except (UnidentifiedImageError, Image.DecompressionBombError):
        raise LimitError(f"{name} is not an image the scanner reads (or is damaged). {accepted}") from None
    except Exception:  # noqa: BLE001 - a header Pillow cannot follow: a damaged file
        raise LimitError(f"{name} is damaged: its header could not be read. {accepted}") from None
    finally:
        Image.MAX_IMAGE_PIXELS = pillow_limit


@contextmanager
def _quiet() -> Iterator[None]:
    """No warning is printed inside (Pillow's on a damaged header: "Corrupt EXIF data")."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def check_pdf_file(path: Path, dpi: int = 200) -> int:
    """Refuse a PDF the scanner should not render: empty, not a PDF, encrypted or damaged, more than
    MAX_PDF_PAGES pages, or a page that at `dpi` would be more than MAX_PIXELS. Returns its page count."""
    import pypdfium2 as pdfium

    name = path.name
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise LimitError(f"{path}: cannot be read ({exc.strerror or exc}).") from None
    if size > MAX_PDF_BYTES or not path.is_file():
        head = read_bounded(path, MAX_PDF_BYTES, "PDF files")  # refuses, naming the limit
    else:
        with path.open("rb") as fh:
            head = fh.read(1024)  # the PDF itself is opened by pdfium from the file, never held in memory
    if not head:
        raise LimitError(f"{name} is empty (0 bytes): nothing was scanned from it. {IMAGES}")
    if b"%PDF" not in head[:1024]:
        raise LimitError(f"{name} is not a PDF file. {IMAGES}")
    try:
        pdf = pdfium.PdfDocument(str(path) if path.is_file() else head)
    except pdfium.PdfiumError as exc:
        raise LimitError(
            f"{name} could not be opened as a PDF ({exc}): it is damaged or password-protected. "
            "Save or scan it again without a password."
        ) from None
    try:
        pages = len(pdf)
        if pages > MAX_PDF_PAGES:
            raise LimitError(
                f"{name} holds {pages:,} pages; parlaycards reads up to {MAX_PDF_PAGES:,} per file."
            )
        for i in range(pages):
            w, h = pdf.get_page_size(i)
            px = (w / 72 * dpi) * (h / 72 * dpi)
            if not math.isfinite(px) or px > MAX_PIXELS or w <= 0 or h <= 0:
                raise LimitError(
                    f"{name}, page {i + 1}: {w / 72:,.1f} × {h / 72:,.1f} inches, too large to read at {dpi} dpi "
                    f"(up to {MAX_PIXELS // 1_000_000} million pixels). Scan the cards on letter or A4 pages."
                )
    finally:
        pdf.close()
    return pages


SCAN_IMAGES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".bmp", ".webp"}
SCANS = "PDF files from a scanner, or JPEG, PNG or TIFF photos"


def count_pages(paths: list[Path], dpi: int = 200) -> list[int]:
    """How many pages each file holds; a file that is missing, not a scan, damaged, or larger than the
    reader's bounds (bytes, pages, pixels, all checked before decoding) is refused, naming it."""
    out = []
    for p in paths:
        if p.is_dir():
            raise ParlayError(
                f"{p} is a folder, not a file: give the scans inside it (e.g. {p / '*.pdf'}). Accepted: {SCANS}."
            )
        if not p.is_file():
            raise ParlayError(f"{p}: no such file. Accepted: {SCANS}.")
        suffix = p.suffix.lower()
        if suffix == ".pdf":
            out.append(check_pdf_file(p, dpi))
        elif suffix in SCAN_IMAGES:
            check_image_file(p)
            out.append(_frames(p) if suffix in {".tif", ".tiff"} else 1)
        else:
            raise ParlayError(
                f'{p}: "{p.suffix or p.name}" is not a scan this command reads. Accepted: {SCANS}.'
            )
    return out


def _frames(path: Path) -> int:
    """The pages of a TIFF, from its header."""
    return int(header_of(path, lambda im: getattr(im, "n_frames", 1)))


def header_of(path: Path, read: Callable[[Any], T]) -> T:
    """`read` of Pillow's view of an image whose size `check_image_file` checked already (the header only):
    Pillow's warning of a picture over its own 89 million pixels is not printed."""
    import warnings

    from PIL import Image

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        with Image.open(path) as im:
            return read(im)
