"""How long a command takes to answer, as a whole process, against a bare `python -c pass`.

Run: python benchmarks/startup_bench.py [--runs 7] [--imports]

Builds the demo pool in a temporary folder with the project's own command (`parlaycards demo --out
TMP`), then times each command as a real process, median of --runs (at least 7) after one warm-up run:
`--help`, `calc` (no database), and `show`, `cards`, `entries`, `results` on the demo pool.
Targets: `--help` and `calc` ≤ 6× the bare interpreter; the four read commands ≤ 12×.
With --imports, also lists for each command the modules that cost it most (`python -X importtime`,
cumulative microseconds of the top-level imports). Prints figures only (no asserts); beside each
median, the least CPU time (user + system) of a run, the steadier figure when others share the machine.

Every module runs from its compiled bytecode, as after `pip install` (which compiles it): the commands
run with a bytecode folder of their own in the temporary folder (PYTHONPYCACHEPREFIX), filled by
compileall and the warm-up runs, even where PYTHONDONTWRITEBYTECODE is set or the source tree is an
editable install; without that, every run would compile the package's sources again.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"--help": 6, "calc": 6, "show": 12, "cards": 12, "entries": 12, "results": 12}


def _command() -> list[str]:
    """The installed `parlaycards` script beside this interpreter, as a user runs it."""
    exe = Path(sys.executable).with_name("parlaycards")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("parlaycards")
    return [found] if found else [sys.executable, "-m", "parlaycards.cli.main"]


def _median(args: list[str], runs: int, env: dict[str, str]) -> tuple[float, float]:
    """Median wall seconds of `args` as a whole process (after one warm-up run), and the least CPU
    seconds (user + system) a run took: the steadier figure on a busy machine. Fails on a non-zero exit."""
    subprocess.run(args, capture_output=True, check=True, env=env)
    times, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
        times.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times), min(cpu)


def _imports(args: list[str], env: dict[str, str], top: int = 8) -> list[tuple[int, str]]:
    """The top-level imports of one run and their cumulative microseconds, costliest first."""
    python = [sys.executable, "-X", "importtime", "-m", "parlaycards.cli.main"]
    rest = args[len(_command()) :]
    p = subprocess.run(python + rest, capture_output=True, text=True, env=env, check=True)
    rows = []
    for line in p.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.split("|")
        if cumulative.strip().isdigit() and not name.startswith("  "):  # top level: no indent after the bar
            rows.append((int(cumulative), name.strip()))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7, help="Runs per command (at least 7).")
    ap.add_argument("--imports", action="store_true", help="Also list each command's costliest imports.")
    opts = ap.parse_args()
    runs = max(7, opts.runs)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PARLAYCARDS_DB", "COLUMNS", "PYTHONDONTWRITEBYTECODE")
    }
    cli = _command()
    with tempfile.TemporaryDirectory(prefix="parlaycards-startup-") as tmp:
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "bytecode")
        package = Path(__file__).resolve().parents[1] / "parlaycards"
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True, env=env)
        subprocess.run([*cli, "demo", "--out", tmp], capture_output=True, check=True, env=env, cwd=tmp)
        db = ["--db", str(Path(tmp) / "demo.db")]
        commands = {
            "--help": [*cli, "--help"],
            "calc": [*cli, "calc", "100", "-110", "-110", "+150"],
            "show": [*cli, *db, "show", "nfl-w12"],
            "cards": [*cli, *db, "cards"],
            "entries": [*cli, *db, "entries", "nfl-w12"],
            "results": [*cli, *db, "results", "nfl-w12"],
        }
        bare, bare_cpu = _median([sys.executable, "-c", "pass"], runs, env)
        print(
            f"python -c pass: median {bare * 1000:.0f} ms, least CPU {bare_cpu * 1000:.0f} ms over {runs} runs"
        )
        for name, args in commands.items():
            took, cpu = _median(args, runs, env)
            ratio = took / bare
            verdict = "ok" if ratio <= TARGETS[name] else "over"
            print(
                f"{name:8} median {took * 1000:4.0f} ms = {ratio:4.1f}× bare "
                f"(target ≤ {TARGETS[name]}×, {TARGETS[name] * bare * 1000:.0f} ms): {verdict}; "
                f"least CPU {cpu * 1000:.0f} ms = {cpu / bare_cpu:4.1f}× bare's"
            )
            if opts.imports:
                for us, module in _imports(args, env):
                    print(f"           {us / 1000:6.1f} ms  {module}")


if __name__ == "__main__":
    main()
