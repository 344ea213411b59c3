"""A scan job's pages read on every core: a pool of worker processes, one per core, each reading
whole pages (decode, locate, straighten, QR, marks) and writing each card's crop to disk as it is
made, so the parent holds only what was read, never the pictures.

Pages are streamed to the workers one at a time and their results come back in page order; a job
of one page, or a machine of one core, is read in the calling process. Workers are forked where the
system can (Linux: no start-up cost), started fresh elsewhere.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import cv2

from ..core.errors import ParlayError
from ..core.models import Card
from ..core.verify import format_serial
from ..layout.geometry import CardLayout
from ..layout.templates import Template
from .cards import Batch, Scanned, read_page
from .pages import DPI, page_at, release
from .quads import Shape, shapes_of

Progress = Callable[[int, int], None]


@dataclass
class Job:
    """What every worker needs to read a page: the print batches (to place a serial), the versions
    of the card being scanned (to lay it out), the default stake and where crops go."""

    slug: str
    ranges: tuple[tuple[int, int, str, int, str], ...]  # first serial, last serial, slug, version, template
    cards: dict[int, Card]  # the scanned card's printed versions, by version
    default: Decimal | None
    folder: Path
    secret: bytes = b""  # the pool's secret: a serial read from its printed digits is checked by its code
    templates: Mapping[str, Template] = field(default_factory=dict)  # every paper template, by name
    write: Callable[[Path, bytes], None] | None = None  # writes a crop whole (the caller's file adapter)
    dpi: int = DPI
    unrecorded: tuple[tuple[int, int], ...] = ()  # serials printed after a backup the pool was restored from
    _layouts: dict[tuple[int, str], CardLayout] = field(default_factory=dict, repr=False)
    _codebooks: dict[tuple[int, str], dict[int, str]] = field(default_factory=dict, repr=False)
    _shapes: tuple[Shape, ...] | None = field(default=None, repr=False)

    def lookup(self, serial: int) -> Batch | None:
        """The batch (slug, version, template) that printed `serial`, or None."""
        i = bisect_right([r[0] for r in self.ranges], serial) - 1
        if i >= 0 and serial <= self.ranges[i][1]:
            return self.ranges[i][2], self.ranges[i][3], self.ranges[i][4]
        return None

    def printed(self, templates: tuple[str, ...]) -> list[tuple[int, str]]:
        """The (version, template) of every batch of the card being scanned printed on one of
        `templates` (the shapes a located card fits), in the order of `templates`."""
        mine = {(r[3], r[4]) for r in self.ranges if r[2] == self.slug and r[4] in templates}
        return sorted(mine, key=lambda vt: (templates.index(vt[1]), -vt[0]))

    def codebook(self, version: int, template: str) -> dict[int, str]:
        """Every serial printed of a version of the card being scanned on `template`, with the verify
        code the pool's secret gives it."""
        key = (version, template)
        if key not in self._codebooks:
            from ..core.verify import verify_code

            self._codebooks[key] = {
                serial: verify_code(self.secret, self.slug, version, serial)
                for first, last, slug, v, t in self.ranges
                if (slug, v, t) == (self.slug, version, template)
                for serial in range(first, last + 1)
            }
        return self._codebooks[key]

    @property
    def shapes(self) -> tuple[Shape, ...]:
        """The proportions of every template's card, for finding cards on a page."""
        if self._shapes is None:
            self._shapes = shapes_of(self.templates.values())
        return self._shapes

    def layout(self, slug: str, version: int, template: str) -> CardLayout | None:
        """The layout of a version of the card being scanned (None for another card of the pool)."""
        if slug != self.slug or version not in self.cards:
            return None
        key = (version, template)
        if key not in self._layouts:
            from ..layout.card import layout_card

            self._layouts[key] = layout_card(self.cards[version], self.templates[template])
        return self._layouts[key]


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def read_all(
    job: Job, files: list[Path], counts: list[int], progress: Progress | None = None
) -> tuple[list[Scanned], list[str]]:
    """Every card on every page of `files` (whose page counts are `counts`), in page order, each with
    its crop written under `job.folder`; and the blank pages, by where."""
    tasks = [(str(f), i) for f, n in zip(files, counts, strict=True) for i in range(n)]
    read: list[Scanned] = []
    blank: list[str] = []
    for n, (found, empty) in enumerate(_results(job, tasks), start=1):
        read += found
        if empty:
            blank.append(empty)
        if progress:
            progress(n, len(tasks))
    return read, blank


def _results(job: Job, tasks: list[tuple[str, int]]) -> Iterator[tuple[list[Scanned], str | None]]:
    workers = min(cores(), len(tasks))
    if workers <= 1:
        _start(job)
        try:
            yield from map(_read, tasks)
        finally:
            release()
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    # OpenCV's own thread pool must not be running when this process forks (a forked worker would wait
    # for threads it does not have), and one worker a core leaves it nothing to do: one thread, then fork.
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        with ProcessPoolExecutor(workers, mp_context=context, initializer=_start, initargs=(job,)) as pool:
            yield from pool.map(_read, tasks, chunksize=1)
    finally:
        cv2.setNumThreads(threads)


_JOB: Job | None = None


def _start(job: Job) -> None:
    global _JOB
    _JOB = job
    multiprocessing.util.Finalize(None, release, exitpriority=10)  # a worker closes its PDF on its way out


def _read(task: tuple[str, int]) -> tuple[list[Scanned], str | None]:
    """One page: its cards, crops saved and dropped from memory, and its name when it is blank."""
    assert _JOB is not None, "a worker reads pages only after _start"
    path, index = task
    page = page_at(Path(path), index, _JOB.dpi)
    found, empty = read_page(page, _JOB)
    for s in found:
        s.crop_file = save_crop(_JOB.folder, _JOB.slug, s, _JOB.write)
        s.crop = None
    return found, page.where if empty else None


def save_crop(folder: Path, slug: str, s: Scanned, write: Callable[[Path, bytes], None] | None) -> str:
    """Write a card's crop as a JPEG under `folder` through `write` (whole or not at all); return its path."""
    if s.crop is None:
        return s.crop_file or ""
    ok, data = cv2.imencode(".jpg", s.crop, [cv2.IMWRITE_JPEG_QUALITY, 85])
    if not ok:
        raise ParlayError(f"{s.where}: the card's image could not be saved.")
    blob = data.tobytes()
    serial = format_serial(s.serial) if s.serial else "unread"
    path = folder / f"{slug}-{serial}-{hashlib.sha256(blob).hexdigest()[:10]}.jpg"
    if not path.exists():
        if write is None:
            raise ParlayError(f"{s.where}: no place to keep the card's image.")
        write(path, blob)
    return str(path)
