"""What the `serve` tests share: a pool with printed cards, one scanned and entered, one waiting for review,
and a phone photo of two more cards to upload; `serve` started as a real process."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import cv2
import httpx
import numpy as np
from PIL import Image

from parlaycards.services import scan as scan_svc
from parlaycards.store import Store

from .pool_support import code
from .print_support import nfl_card
from .scan_support import BEFORE_CUTOFF, Printed, printed, sheet

SLUG = "nfl-w12"


@dataclass(frozen=True)
class Pool:
    store: Store
    printed: Printed
    codes: dict[str, str]  # serial → verify code
    photo: Path  # a phone photo of cards 000003 and 000004, marked


def make_pool(store: Store, tmp_path: Path) -> Pool:
    """Cards 000001–000004 printed; 000001 scanned and entered (101,104,117 at $10), 000002 scanned blank and
    waiting for review; a photo of page 2 (000003 marked 103,205,131 at $5, 000004 blank) ready to upload."""
    from parlaycards.demo import paper

    p = printed(store, nfl_card(16), "letter-2up", 4, tmp_path / "print")
    img = sheet(p, 0, {0: ((101, 104, 117), "10")})
    scan = tmp_path / "monday.png"
    Image.fromarray(img).convert("L").save(scan)
    folder = scan_svc.crops_folder(store.url)
    report = scan_svc.scan_cards(store, SLUG, [scan], received=BEFORE_CUTOFF, folder=folder)
    assert [(c.serial, c.status) for c in report.cards] == [("000001", "entered"), ("000002", "review")]
    rng = np.random.default_rng(5)
    photo_img = paper.phone(
        sheet(p, 1, {0: ((103, 205, 131), "5")}),
        rng,
        dpi_in=200,
        ppi=150,
        tilt_deg=6,
        jpeg_quality=80,
        blur=0.6,
        spin_deg=8.0,
        shadow=False,
        motion=0.0,
        grey=False,
    )
    photo = tmp_path / "phone.jpg"
    cv2.imwrite(str(photo), photo_img)
    codes = {f"{n:06d}": code(store, SLUG, p.card.version, n) for n in range(1, 5)}
    return Pool(store, p, codes, photo)


STAKE = Decimal(10)


def wait_without_serial(store: Store) -> int:
    """A scan of the photo's first card whose QR and serial could not be read, waiting for review as #id
    (what a torn or smudged card gives): its id."""
    from parlaycards.store import scans as scan_rows

    with store.transaction() as tx:
        first = scan_rows.of(tx, SLUG)[0]
        scan_rows.add_many(
            tx,
            [
                scan_rows.ScanRow(
                    id=0,
                    slug=SLUG,
                    serial=None,
                    version=None,
                    code=None,
                    file=first.file,
                    page=1,
                    crop=first.crop,
                    picks=(103, 205, 131),
                    stake=None,
                    received_at=first.received_at,
                    late=False,
                    status="review",
                    reasons=("no QR code or serial could be read",),
                    created_at=first.created_at,
                )
            ],
        )
        return max(r.id for r in scan_rows.of(tx, SLUG, "review") if r.serial is None)


@dataclass
class Served:
    base: str
    link: str
    log: Path
    proc: subprocess.Popen

    def said(self) -> str:
        return self.log.read_text()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(db: str, folder: Path, *args: str, env: dict[str, str] | None = None) -> Iterator[Served]:
    """`parlaycards serve` started as a user starts it; stopped (and waited for) afterwards."""
    import os

    port = free_port()
    log = folder / f"serve-{port}.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "parlaycards.cli.main", "--db", db, "serve", "--port", str(port), *args],
        stderr=log.open("w"),
        env={**os.environ, **(env or {}), "PYTHONUNBUFFERED": "1"},
        cwd=folder,
    )
    try:
        base, deadline, link = f"http://127.0.0.1:{port}", time.monotonic() + 60, None
        while link is None and time.monotonic() < deadline and proc.poll() is None:
            found = re.search(r"Operator \(works once, within 30 minutes\): (\S+)", log.read_text())
            if found:
                try:
                    httpx.get(f"{base}/", timeout=1)
                    link = found.group(1)
                except httpx.TransportError:
                    pass
            time.sleep(0.1)
        assert link, log.read_text()
        yield Served(base, link, log, proc)
    finally:
        proc.terminate()
        proc.wait(20)
