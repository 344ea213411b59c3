"""`parlaycards --help` as a whole process: median wall time over repeated runs (target ≤ 150 ms).

Run: python benchmarks/help_bench.py [RUNS]
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    exe = shutil.which("parlaycards")
    cmd = [exe, "--help"] if exe else [sys.executable, "-m", "parlaycards.cli.main", "--help"]
    subprocess.run(cmd, capture_output=True, check=True)  # warm the file cache
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=True)
        times.append(time.perf_counter() - t)
    print(
        f"parlaycards --help: median {statistics.median(times) * 1000:.0f} ms, "
        f"min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms over {runs} runs (target ≤ 150 ms)"
    )


if __name__ == "__main__":
    main()
