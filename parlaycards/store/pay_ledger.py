"""The payments a SQLite pool has recorded, kept again in an append-only file beside the pool
(`POOL-payments`), one JSON line a payment.

An older copy of the pool put back over it (a backup restored) forgets the payments recorded since: read
alone, `grade` would show those winners unpaid and `entry pay` would pay them a second time. Every payment
is appended here with its transaction, just before the commit (a file that cannot be written rolls the
payment back; a commit that fails takes the line back out), and every read of what was paid takes the line
newer than the database's own record as what was paid (named as unknown to the database). Like the serial
mark, the file names its pool by a fingerprint of the pool's secret: a new pool made under the same file
name does not read an old pool's payments.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

from .serial_mark import SUFFIX, fingerprint

LEDGER = "-payments"
WHAT = "the record of every payment"  # the file, as a message names it


@dataclass(frozen=True)
class Line:
    """One payment as the ledger holds it: what card `serial` (or pick'em name key) had been paid in all."""

    kind: str  # "card" (a parlay entry: total paid after it), "fee"/"prize" (pick'em: the amount of one)
    pool: str  # the card slug or pick'em pool
    key: str  # the serial (six digits) or the pick'em name key
    amount: Decimal
    at: str  # ISO time, as the database stamped it


def ledger_file(mark: Path | None) -> Path | None:
    """The ledger beside the pool whose serial mark is `mark` (None: not a file, no ledger)."""
    if mark is None or not mark.name.endswith(SUFFIX):
        return None
    return mark.with_name(mark.name[: -len(SUFFIX)] + LEDGER)


def read(path: Path | None, secret: bytes) -> list[Line]:
    """Every line of this pool's ledger, oldest first (a line of another pool, or one cut short by a crash
    while it was written, is skipped)."""
    if path is None or not secret:
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return []
    mine = fingerprint(secret)
    out: list[Line] = []
    for raw in text.splitlines():
        try:
            data = json.loads(raw)
            if data.get("pool_id") != mine:
                continue
            out.append(Line(data["kind"], data["pool"], data["key"], Decimal(data["amount"]), data["at"]))
        except (ValueError, KeyError, TypeError, AttributeError, InvalidOperation):
            continue
    return out


ROOM = 1 << 16  # bytes free on the ledger's disk for a payment to go ahead: a line is about 200


def check_writable(path: Path | None) -> None:
    """Raise OSError when a line could not be added to the ledger at `path`: the file (or, before its first
    line, its folder) cannot be opened for appending, or its disk has no room. Nothing is written (a file
    opened to try it, when there was none, is removed again)."""
    if path is None:
        return
    existed = path.exists()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.close(fd)
    if not existed:
        path.unlink()
    disk = os.statvfs(path.parent)
    if disk.f_bavail * disk.f_frsize < ROOM:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))


def append(path: Path | None, secret: bytes, line: Line) -> Callable[[], None]:
    """Add one line at the end of the ledger, flushed to disk before returning; returns how to take it
    back out (the file cut back to its length before). A line cut short (a full disk) is taken out at once."""
    if path is None or not secret:
        return lambda: None
    data = {
        "pool_id": fingerprint(secret),
        "kind": line.kind,
        "pool": line.pool,
        "key": line.key,
        "amount": str(line.amount),
        "at": line.at,
    }
    new = not path.exists()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        size = os.fstat(fd).st_size
        try:
            rest = (json.dumps(data, sort_keys=True) + "\n").encode("utf-8")
            while rest:
                rest = rest[os.write(fd, rest) :]
            os.fsync(fd)
        except BaseException:
            os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)

    def take_back() -> None:
        try:
            if new and size == 0:
                path.unlink()
            else:
                os.truncate(path, size)
        except OSError:
            pass  # the line stays: read as a payment the database does not hold, never paid again

    return take_back
