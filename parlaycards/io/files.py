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


def clear_leftovers(target: Path) -> None:
    """Remove the partly written files of `target` whose writer (the process named in them) is gone."""
    for part in leftovers(target):
        pid = part.name[len(target.stem) + 1 :].split(".", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            part.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # this process has not started writing it: a leftover of an earlier one
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process, alive
        return True
    return True


@contextmanager
def atomic_output(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside `target`; when the block ends well it replaces `target` in one
    rename (synced first), otherwise it is removed and `target` is left as it was."""
    target.parent.mkdir(parents=True, exist_ok=True)
    clear_leftovers(target)
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
