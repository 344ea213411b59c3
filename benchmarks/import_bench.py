"""How long `parlaycards import` of a 300-game workbook takes, as a whole process (target: under 1 s).

    python benchmarks/import_bench.py [--games 300] [--runs 5]

Builds the workbook in a temporary folder (one row per game, text dates and times, lines written as
operators write them), imports it into a fresh database each run, and prints the median wall time.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from openpyxl import Workbook

TARGET = 1.0  # seconds
LINES = ("-3", "-6½", "+2.5", "PK", "-10 1/2", "+7", "-1.5 -110", "+14")
TIMES = ("12:00p", "3:30 PM", "7:30 PM", "TBA", "8:15 PM")


def build(path: Path, games: int) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "NCAA"
    ws.append([f"Big board — {games} games — November 28, 2026"])
    ws.append([])
    ws.append(["Date", "Time", "Away", "Home", "Line", "Total", "Neutral"])
    for i in range(games):
        ws.append(
            [
                "Sat 11/28",
                TIMES[i % len(TIMES)],
                f"Visitors {i + 1:03d}",
                f"Hosts {i + 1:03d}",
                LINES[i % len(LINES)],
                40.5 + i % 20,
                "yes" if i % 25 == 0 else None,
            ]
        )
        for cell in ws[ws.max_row]:
            if isinstance(cell.value, str) and cell.value.startswith(("+", "-")):
                cell.data_type = "s"
    wb.save(path)
    return path


def command() -> list[str]:
    exe = Path(sys.executable).with_name("parlaycards")
    return [str(exe)] if exe.exists() else [shutil.which("parlaycards") or "parlaycards"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        book = build(Path(tmp) / "big.xlsx", args.games)
        times = []
        for run in range(args.runs):
            db = Path(tmp) / f"bench-{run}.db"
            start = time.perf_counter()
            done = subprocess.run(
                [*command(), "--db", str(db), "import", str(book), "--card", "big"],
                capture_output=True,
                text=True,
                cwd=tmp,
            )
            times.append(time.perf_counter() - start)
            if done.returncode != 0:
                print(done.stderr, file=sys.stderr)
                return 1
    median = statistics.median(times)
    print(
        f"parlaycards import of {args.games} games: median {median:.3f} s over {args.runs} runs "
        f"(min {min(times):.3f}, max {max(times):.3f}); target under {TARGET:.1f} s: "
        + ("met" if median < TARGET else "MISSED")
    )
    return 0 if median < TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
