"""The serials a SQLite pool has handed out, remembered in a small file beside the pool (`POOL-serials`).

An older copy of the pool put back over it (a backup restored) has an older serial counter: read
alone, the next print would hand out again the serials printed since, and two different cards would
carry one serial. Every print reads this mark and starts past the larger of it and the database's
counter, and raises it with the transaction recording its serials, both or neither (the runs it steps
over are kept in the database, to name a card of them when one is read). The mark names its pool by a
fingerprint of the pool's secret, so a new pool made under the same file name starts from 1 as before.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

SUFFIX = "-serials"


def mark_file(pool_file: Path | None) -> Path | None:
    """Where the mark of the SQLite pool file `pool_file` lives (None: not a file, no mark)."""
    return None if pool_file is None else pool_file.with_name(pool_file.name + SUFFIX)


def fingerprint(secret: bytes) -> str:
    """Names a pool without telling anything of its secret."""
    return hashlib.sha256(b"parlaycards serial mark\0" + secret).hexdigest()[:16]


def read_mark(path: Path | None, secret: bytes) -> int | None:
    """The first serial never handed out by this pool, as its mark says; None when there is no mark of
    this pool (no file, another pool's, or one that cannot be read)."""
    if path is None or not secret:
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("pool") != fingerprint(secret):
            return None
        value = data.get("next_serial")
        return value if isinstance(value, int) and value >= 1 else None
    except (OSError, ValueError, AttributeError):
        return None


def raise_mark(path: Path | None, secret: bytes, next_serial: int) -> Callable[[], None]:
    """Raise the mark to `next_serial` (never lower it), written whole: a new file renamed over the old
    (removed when it cannot be). Returns how to put the mark back as it was."""
    if path is None or not secret:
        return lambda: None
    known = read_mark(path, secret)
    if known is not None and known >= next_serial:
        return lambda: None
    before = path.read_bytes() if path.exists() else None
    _write(path, json.dumps({"pool": fingerprint(secret), "next_serial": next_serial}).encode("utf-8"))

    def put_back() -> None:
        try:
            if read_mark(path, secret) != next_serial:
                return  # another print raised it since (the failed commit let go of the lock): theirs
            if before is None:
                path.unlink()
            else:
                _write(path, before)
        except OSError:
            pass  # a mark left ahead only makes the next print skip those serials

    return put_back


def _write(path: Path, data: bytes) -> None:
    """`data` as the whole of `path`: a new file beside it, synced, renamed over it; never a .part left."""
    part = path.with_name(path.name + ".part")
    try:
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            rest = data
            while rest:
                rest = rest[os.write(fd, rest) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(part, path)
    except BaseException:
        with suppress(OSError):
            part.unlink(missing_ok=True)
        raise
