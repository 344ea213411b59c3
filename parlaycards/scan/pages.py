"""The pages of scanner PDFs and photos, as grey images.

PDFs are rasterized with pdfium at `dpi` (scanners write one image a page; pdfium draws it at the
size asked); JPEG, PNG and TIFF (every page of a multi-page TIFF) are decoded by OpenCV, which
also turns a phone photo upright by its EXIF orientation.

A colour page becomes grey by its darkest channel, not by luminance: blue ballpoint is as dark as
black in the red channel, while the paper and the black print are the same in every channel.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from ..core.bounds import MAX_PIXELS
from ..core.errors import ParlayError

ACCEPTED = "PDF files from a scanner, or JPEG, PNG or TIFF photos"
DPI = 200


@dataclass(frozen=True)
class Page:
    file: str
    index: int  # 0-based page of the file
    grey: np.ndarray
    halved: bool = False  # a large JPEG decoded at half its size (the decoder's own halving)
    damaged: bool = False  # the decoder found the JPEG's data corrupt or cut short (see `decoder_quiet`)

    @property
    def where(self) -> str:
        return f"{Path(self.file).name}, page {self.index + 1}"

    def whole(self) -> Page:
        """The same page decoded at its full size (itself when it was)."""
        if not self.halved:
            return self
        images, damaged = _decoded(self.file, False)
        return Page(self.file, self.index, images[self.index], damaged=damaged)


def pages(paths: list[Path], dpi: int = DPI) -> Iterator[Page]:
    """Every page of every file, in order."""
    for p in paths:
        if p.suffix.lower() == ".pdf":
            yield from _pdf(p, dpi)
        else:
            images, damaged = _decode(p)
            for i, grey in enumerate(images):
                yield Page(str(p), i, grey, damaged=damaged)


def page_at(path: Path, index: int, dpi: int = DPI) -> Page:
    """One page of one file (the files having been counted first): what a worker reads."""
    if path.suffix.lower() == ".pdf":
        doc = _open_pdf(str(path))
        page = doc[index]
        try:
            grey, damaged = _scanned_image(page, dpi)
            if grey is None:
                grey = darkest(page.render(scale=dpi / 72).to_numpy())
        finally:
            page.close()
        return Page(str(path), index, np.ascontiguousarray(grey), damaged=damaged)
    halved = _halves(path)
    images, damaged = _decoded(str(path), halved)
    return Page(str(path), index, images[index], halved, damaged)


_OPEN: dict[str, object] = {}  # the PDF being read, kept open for its next page


def _open_pdf(path: str) -> Any:  # a pdfium document (pypdfium2 has no type hints)
    import pypdfium2 as pdfium

    if path not in _OPEN:
        release()
        _OPEN[path] = pdfium.PdfDocument(path)
    return _OPEN[path]


def release() -> None:
    """Close the PDF kept open and forget decoded images: a job's pages are read."""
    for doc in _OPEN.values():
        doc.close()  # type: ignore[attr-defined]
    _OPEN.clear()
    _decoded.cache_clear()


@lru_cache(maxsize=1)
def _decoded(path: str, halved: bool = False) -> tuple[list[np.ndarray], bool]:
    """Every page of an image file (a TIFF may hold several), decoded once for all its pages."""
    return _decode(Path(path), halved)


# what libjpeg prints on stderr for a damaged JPEG that it decodes all the same (the rest of it grey)
JPEG_DAMAGE = ("Corrupt JPEG data", "Premature end of JPEG file", "Invalid SOS parameters")
# ... of which this one is harmless: bytes past the picture's data (some scanners and phones write them),
# the picture itself whole
JPEG_HARMLESS = "extraneous bytes before marker"


@contextmanager
def decoder_quiet() -> Iterator[list[bool]]:
    """Run a decode with the C library's stderr caught rather than printed (libjpeg writes "Corrupt
    JPEG data: 13 extraneous bytes before marker 0xd9" there, to a terminal an operator reads). The
    list yielded holds True once the decode is over when the decoder said the picture is damaged;
    anything else it caught (another thread's words) is written to stderr as it came."""
    damaged: list[bool] = []
    try:
        sys.stderr.flush()
    except (AttributeError, ValueError):
        pass
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all (a service started without one): nothing can be printed
        yield damaged
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield damaged
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            said = caught.read(1 << 16).decode("utf-8", "replace")
            others = [ln for ln in said.splitlines(keepends=True) if not ln.startswith(JPEG_DAMAGE)]
            if others:
                os.write(2, "".join(others).encode())
            damage = [
                ln for ln in said.splitlines() if ln.startswith(JPEG_DAMAGE) and JPEG_HARMLESS not in ln
            ]
            damaged.append(bool(damage))


HALVE_FROM = 1600  # a JPEG this long on its long side is first decoded at half size


def _halves(path: Path) -> bool:
    """Whether a photo is large enough to be read at half its size first: a phone photo of one card is
    finer than the card is read at (K), and the decoder halves a JPEG for a third of the work. The
    reader asks for the whole picture when a card on the halved one is too small (`Page.whole`)."""
    if path.suffix.lower() not in {".jpg", ".jpeg"}:
        return False
    size = _jpeg_size(path)
    return size is not None and max(size) >= HALVE_FROM


def _jpeg_size(path: Path) -> tuple[int, int] | None:
    """A JPEG's width and height from its frame header (None when the header is not found early)."""
    with path.open("rb") as f:
        head = f.read(1 << 16)
    i = 2
    while i + 9 < len(head) and head[i] == 0xFF:
        marker, length = head[i + 1], int.from_bytes(head[i + 2 : i + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            return int.from_bytes(head[i + 7 : i + 9], "big"), int.from_bytes(head[i + 5 : i + 7], "big")
        i += 2 + length
    return None


def _pdf(path: Path, dpi: int) -> Iterator[Page]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        for i in range(len(doc)):
            page = doc[i]
            grey, damaged = _scanned_image(page, dpi)
            if grey is None:
                grey = darkest(page.render(scale=dpi / 72).to_numpy())
            yield Page(str(path), i, np.ascontiguousarray(grey), damaged=damaged)
            page.close()
    finally:
        doc.close()


def _scanned_image(page: Any, dpi: int) -> tuple[np.ndarray | None, bool]:  # page: a pdfium page
    """A scanner's page is one JPEG drawn over the whole page: decode it directly (7× faster than
    drawing the page), halved when it is far finer than `dpi`; and whether the JPEG is damaged. None
    (and False) for any other page."""
    import pypdfium2 as pdfium

    objs = list(page.get_objects(max_depth=1))
    if len(objs) != 1 or not isinstance(objs[0], pdfium.PdfImage):
        return None, False
    img = objs[0]
    try:
        if img.get_filters() != ["DCTDecode"]:
            return None, False
        a, b, c, d, _, _ = img.get_matrix().get()
        if b or c or a <= 0 or d <= 0:  # turned or mirrored on the page: let pdfium draw it
            return None, False
        w, h = img.get_px_size()
        if w * h > MAX_PIXELS:  # a header that claims more than a page: drawn at `dpi` instead
            return None, False
        reduce = w / (a / 72) >= 1.8 * dpi
        data = np.frombuffer(bytes(img.get_data(decode_simple=False)), np.uint8)
    except pdfium.PdfiumError:
        return None, False
    with decoder_quiet() as damaged:
        img = cv2.imdecode(data, cv2.IMREAD_REDUCED_COLOR_2 if reduce else cv2.IMREAD_UNCHANGED)
    return (None, False) if img is None else (darkest(img), any(damaged))


def darkest(img: np.ndarray) -> np.ndarray:
    """A grey image from a decoded one (grey, BGR or BGRA): each pixel's darkest colour channel."""
    if img.ndim == 2:
        return img
    if img.shape[2] == 1:
        return img[:, :, 0]
    out: np.ndarray = np.minimum(img[:, :, 0], img[:, :, 1])  # strided views: 3× faster than cv2.split
    np.minimum(out, img[:, :, 2], out=out)
    return out


def _grey(img: np.ndarray) -> np.ndarray:
    """An 8-bit grey page from a decoded picture of any depth and channels."""
    if img.dtype.kind == "f":
        top = float(np.nanmax(img)) if img.size else 1.0
        img = cv2.convertScaleAbs(np.nan_to_num(img), alpha=255.0 if top <= 1.0 else 255.0 / top)
    elif img.dtype != np.uint8:
        img = cv2.convertScaleAbs(img, alpha=255.0 / max(1.0, float(np.iinfo(img.dtype).max)))
    return darkest(img)


def _decode(path: Path, halved: bool = False) -> tuple[list[np.ndarray], bool]:
    """Every page of an image file as grey, and whether the decoder found it damaged. Decoded as stored
    (no EXIF turn: the corner marks say which way a card lies, and skipping it is a third faster);
    16-bit pictures are brought to 8."""
    with decoder_quiet() as damaged:
        found = _decoded_pages(path, halved)
    if not found:
        raise ParlayError(f"{path}: cannot be read as an image. Accepted: {ACCEPTED}.")
    return found, any(damaged)


def _decoded_pages(path: Path, halved: bool) -> list[np.ndarray]:
    data = np.fromfile(str(path), dtype=np.uint8)
    if path.suffix.lower() in {".tif", ".tiff"}:
        ok, images = cv2.imdecodemulti(data, cv2.IMREAD_UNCHANGED)
        found = [_grey(i) for i in images] if ok else []
    else:
        one = cv2.imdecode(
            data,
            cv2.IMREAD_REDUCED_COLOR_2 | cv2.IMREAD_IGNORE_ORIENTATION if halved else cv2.IMREAD_UNCHANGED,
        )
        if (
            one is not None
            and one.ndim == 3
            and one.shape[2] == 4
            and path.suffix.lower() in {".jpg", ".jpeg"}
        ):
            one = cv2.imdecode(data, cv2.IMREAD_COLOR)  # a CMYK JPEG: let OpenCV convert it
        found = [_grey(one)] if one is not None else []
    return found
