"""Files a command writes appear whole or not at all: written beside the target, then renamed over it."""

from __future__ import annotations

import glob
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PART = ".part"


def part_path(target: Path) -> Path:
    """Where `target` is written before it is renamed: beside it (same folder, same file system), with
    the same suffix (`week.xlsx` → `week.1234.part.xlsx`), so that writers that look at it are content."""
    return target.with_name(f"{target.stem}.{os.getpid()}{PART}{target.suffix}")


def leftovers(target: Path) -> list[Path]:
    """Partly written files of `target` left by a process that was killed before its rename."""
    return sorted(target.parent.glob(f"{glob.escape(target.stem)}.*{PART}{glob.escape(target.suffix)}"))


@contextmanager
def atomic_output(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside `target`; when the block ends well it replaces `target` in one
    rename (synced first), otherwise it is removed and `target` is left as it was."""
    target.parent.mkdir(parents=True, exist_ok=True)
    part = part_path(target)
    try:
        yield part
        sync(part)
        os.replace(part, target)
    except BaseException:
        part.unlink(missing_ok=True)
        raise


def sync(path: Path) -> None:
    """Flush a written file to disk, so that a rename after it never exposes an empty file after a crash."""
    with path.open("rb") as fh:
        os.fsync(fh.fileno())
