"""Files a command writes appear whole or not at all: written beside the target, then renamed over it."""

from __future__ import annotations

import errno
import glob
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TypeGuard

PART = ".part"
SQLITE_HEADER = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database file

# the pool's own check (`guard_outputs`), when a shell gave one
_guard: list[Callable[[Path], str | None]] = []


def guard_outputs(check: Callable[[Path], str | None] | None) -> None:
    """Make `check` part of `check_output` for every file written from now on: the shell that knows the pool
    (cli/) gives the check that says what a file of the pool holds ("the pool's record of …"), or refuses a
    print batch's file itself (ParlayError); None for any other file."""
    _guard[:] = [check] if check is not None else []


def is_sqlite(path: Path) -> bool:
    """Whether `path` is a file that begins as a SQLite database does (a pool, a backup of one)."""
    try:
        with path.open("rb") as fh:
            return fh.read(16) == SQLITE_HEADER
    except OSError:
        return False


def check_output(
    target: Path,
    what: str = "the file",
    field: str | None = None,
    *,
    sqlite_ok: bool = False,
    remedy: str | None = None,
) -> None:
    """Refuse, before any work is done (or any serial used), a place a file cannot be written whole: an
    empty name, a folder, a special file (a device such as /dev/full, a pipe: never renamed over), a
    parent that is a file, or a folder that cannot be written; and a file that must not be lost: the pool's
    own files and print batches (`guard_outputs`), or any SQLite database (unless `sqlite_ok`: a backup
    replacing an older backup). Raises ParlayError naming the path, and `remedy` (what to do) when the
    place is not one the operator named."""
    from ..core.errors import ParlayError

    def refuse(why: str) -> ParlayError:
        return ParlayError(
            f"{why}. Nothing was written: {remedy or f'give a file name such as output/{what}'}.", field=field
        )

    text = str(target)
    if not text.strip() or text in {".", ".."} or not target.name:
        raise refuse(f'"{text}" is not a file name')
    if target.is_dir():
        raise refuse(f"{target} is a folder, not a file name")
    if target.exists() and not target.is_file():
        raise refuse(f"{target} is a special file (a device or a pipe), not a file parlaycards writes")
    parent = target.parent if str(target.parent) else Path(".")
    for folder in (parent, *parent.parents):
        if folder.exists():
            if not folder.is_dir():
                raise refuse(f"{folder} is a file, so {target} cannot be made inside it")
            if not os.access(folder, os.W_OK | os.X_OK):
                raise refuse(f"the folder {folder} cannot be written (no permission)")
            break
    such = f", such as output/{what}" if what != target.name else ""
    for check in _guard:
        if holds := check(target):
            raise ParlayError(
                f"{target} is {holds}: writing over it would lose it. Nothing was written: give another "
                f"file name{such}.",
                field=field,
            )
    if not sqlite_ok and target.is_file() and is_sqlite(target):
        raise ParlayError(
            f"{target} is a SQLite database (a pool, or a backup of one): writing over it would lose "
            f"everything it holds. Nothing was written: give another file name{such}, or move that file "
            "away first.",
            field=field,
        )


def part_path(target: Path) -> Path:
    """Where `target` is written before it is renamed: beside it (same folder, same file system), hidden
    (a leading dot: nobody opens or prints it by mistake), with the same suffix (`week.xlsx` →
    `.week.1234.part.xlsx`), so that writers that look at it are content."""
    return target.with_name(f".{target.stem}.{os.getpid()}{PART}{target.suffix}")


def leftovers(target: Path) -> list[Path]:
    """Partly written files of `target` left by a process that was killed before its rename (hidden, and
    as earlier releases named them: `week.1234.part.xlsx`)."""
    stem, suffix = glob.escape(target.stem), glob.escape(target.suffix)
    return sorted(
        {*target.parent.glob(f"{stem}.*{PART}{suffix}"), *target.parent.glob(f".{stem}.*{PART}{suffix}")}
    )


def clear_leftovers(target: Path) -> None:
    """Remove the partly written files of `target` whose writer (the process named in them) is gone."""
    for part in leftovers(target):
        pid = part.name.removeprefix(".")[len(target.stem) + 1 :].split(".", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            part.unlink(missing_ok=True)


def clear_stale_parts(folder: Path, keep: Callable[[Path], bool] | None = None) -> list[Path]:
    """Remove every partly written PDF of a print in `folder` (`_PART_NAME`) whose writer is gone, whatever
    its target (a print killed before recording its batch left one under a name the next print may not
    use), except those `keep` says are still wanted. Returns the files removed."""
    gone: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return gone
    for name in sorted(names):
        found = _PART_NAME.fullmatch(name)
        part = folder / name
        if found and not _alive(int(found["pid"])) and part.is_file() and not (keep and keep(part)):
            part.unlink(missing_ok=True)
            gone.append(part)
    return gone


# a print's own partly written PDF (`part_path`: hidden, `.part.pdf`): nothing else in a folder is touched,
# however its name looks (another program's `Thesis.2999.part.docx` is its own)
_PART_NAME = re.compile(r"\..+\.(?P<pid>[0-9]+)" + re.escape(PART) + r"\.pdf")


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
def atomic_output(
    target: Path, *, durable: bool = True, private: bool = False, sqlite_ok: bool = False
) -> Iterator[Path]:
    """Yield a temporary path beside `target`; when the block ends well it replaces `target` in one
    rename (synced first), otherwise it is removed and `target` is left as it was. A target that is a
    folder, a special file or in a folder that cannot be written is refused first (`check_output`).

    `durable=False`, for the many small files of one command (scan crops): no sync and no sweep of
    the folder for an earlier crash's leftovers; the file still appears whole or not at all.
    `private`: a file that shows verify codes (printed cards, crops) is its owner's only from the start.
    `sqlite_ok`: the target may be a SQLite database (a backup replacing an older one).
    Writing it failing (a full disk) is a ParlayError naming `target` (`unwritten`)."""
    check_output(target, target.name or "file", sqlite_ok=sqlite_ok)
    target.parent.mkdir(parents=True, exist_ok=True)
    if durable:
        clear_leftovers(target)
    part = part_path(target)
    try:
        if private:
            owner_only(part)
        yield part
        if private:
            owner_only(part)  # a writer that made the file anew
        if durable:
            sync(part)
        os.replace(part, target)
    except BaseException as exc:
        with suppress(OSError):
            part.unlink(missing_ok=True)
        if refused(exc, part):
            raise unwritten(target, exc) from None
        raise


def refused(exc: BaseException, part: Path) -> TypeGuard[OSError]:
    """`exc` is the system refusing to write `part` (a full disk): no errno is not the system's, and an
    error naming another file is of one the writer read (said as it is)."""
    return isinstance(exc, OSError) and bool(exc.errno) and exc.filename in (None, str(part), part)


def unwritten(target: Path, exc: OSError) -> Exception:
    """The error for a file that could not be written (a full disk, a folder taken away meanwhile), naming it."""
    from ..core.errors import ParlayError

    full = exc.errno in (errno.ENOSPC, errno.EDQUOT)
    remedy = "free some disk space" if full else "check that its folder can be written"
    return ParlayError(
        f"{target} could not be written ({'the disk is full: ' if full else ''}{exc.strerror or exc}). "
        f"Nothing was written there: {remedy}, or give a file name on another disk, then run this command again."
    )


def owner_only(path: Path) -> None:
    """Make `path` (an empty file when missing) readable and writable by its owner alone (0600): a file
    that shows verify codes must not be read by the machine's other users."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    os.close(fd)
    os.chmod(path, 0o600)


def sync(path: Path) -> None:
    """Flush a written file to disk, so that a rename after it never exposes an empty file after a crash."""
    with path.open("rb") as fh:
        os.fsync(fh.fileno())
