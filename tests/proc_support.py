"""Running `parlaycards` as real processes: several at the same moment, or one killed mid-way."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Imports first, then wait for the moment given as the first argument: processes started one after
# the other then run their command at the same instant, as people pressing Enter together would.
_MAIN = (
    "import sys, time; from parlaycards.cli.main import main; at = float(sys.argv.pop(1)); "
    "time.sleep(max(0.0, at - time.time())); main()"
)


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), e.get("PYTHONPATH", "")) if p)
    e.pop("SOURCE_DATE_EPOCH", None)
    e["COLUMNS"] = "200"
    return e


def start(url: str, *args: str, at: float = 0.0, cwd: Path | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", _MAIN, str(at), "--db", url, *args],
        cwd=cwd,
        env=env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def together(
    url: str, commands: list[list[str]], cwd: Path | None = None, lead: float = 4.0, timeout: float = 240
) -> list[tuple[int, str, str]]:
    """Run every command at once (after `lead` seconds for the imports); (exit code, stdout, stderr) of each."""
    at = time.time() + lead
    procs = [start(url, *c, at=at, cwd=cwd) for c in commands]
    out = []
    for p in procs:
        so, se = p.communicate(timeout=timeout)
        out.append((p.returncode, so, se))
    return out


def run(url: str, *args: str, cwd: Path | None = None, timeout: float = 240) -> tuple[int, str, str]:
    p = start(url, *args, cwd=cwd)
    so, se = p.communicate(timeout=timeout)
    return p.returncode, so, se
