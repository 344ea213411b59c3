"""Store figures on SQLite and PostgreSQL: `grade` of 1,000,000 stored entries, `entry import` of
100,000 rows, and 8 `entry add` processes at once.

    python benchmarks/store_bench.py [--entries 1000000] [--rows 100000] [--adders 8]
                                     [--backend sqlite|postgresql|both]

Prints figures only (no asserts). Targets: grade of 1,000,000 entries, whole process, ≤ 20 s and
≤ 1 GB on each backend; entry import of 100,000 xlsx rows ≤ 30 s on each; 8 concurrent `entry add`
processes on PostgreSQL: every entry stored once, and their throughput. PostgreSQL is a throwaway
local cluster (tests/pg_cluster.py), started for the run and removed at the end. Each command runs as a
real process; its peak memory is the process's own maximum resident set (wait4).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.grade_bench import STAKES, _cli, finals, random_picks, week_card
from parlaycards.core.models import Entry


def _timed(args: list[str]) -> tuple[float, float, int, str]:
    """Run a command; (seconds, peak MB of its memory, exit code, stderr tail)."""
    t = time.perf_counter()
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err_chunks: list[str] = []
    reader = threading.Thread(target=lambda: err_chunks.append(p.stderr.read()))  # type: ignore[union-attr]
    reader.start()
    _, status, usage = os.wait4(p.pid, 0)
    dt = time.perf_counter() - t
    reader.join()
    p.returncode = os.waitstatus_to_exitcode(status)
    return dt, usage.ru_maxrss / 1024, p.returncode, "".join(err_chunks)[-600:]


def _pool(url: str, serials: int):
    from parlaycards.store import Store, batches
    from parlaycards.store import cards as card_rows

    store = Store(url)
    with store.transaction() as tx:
        card = card_rows.save(tx, week_card(), "bench")
        first, last = tx.take_serials(serials)
        batches.record(tx, card.slug, card.version, "letter-2up", first, last, "bench.pdf", "0" * 64)
    return store, card


def bench_grade(name: str, url: str, n: int) -> None:
    from parlaycards.store import entries as entry_rows
    from parlaycards.store import results as result_rows

    store, card = _pool(url, n)
    rng = random.Random(3)
    when = datetime(2026, 11, 21, 18, tzinfo=UTC)
    t = time.perf_counter()
    step = 100_000
    for start in range(1, n + 1, step):
        with store.transaction() as tx:
            entry_rows.insert_many(
                tx,
                card.slug,
                [
                    Entry.model_construct(
                        serial=f"{i:06d}",
                        code=None,
                        name=f"Player {i}",
                        stake=rng.choice(STAKES),
                        picks=random_picks(card, rng),
                        received_at=when,
                        late=False,
                        source="imported",
                        version=1,
                    )
                    for i in range(start, min(n, start + step - 1) + 1)
                ],
            )
    with store.transaction() as tx:
        result_rows.put(tx, card.slug, finals(card, rng).values())
    store.dispose()
    print(f"[{name}] set-up: {n:,} entries stored in {time.perf_counter() - t:.1f} s")
    for what in ("first grade (stores every settlement)", "re-grade, nothing changed"):
        dt, mb, code, err = _timed([*_cli(), "--db", url, "grade", card.slug])
        if code != 0:
            print(f"  grade failed ({code}): {err}")
            return
        print(
            f"[{name}] grade of {n:,} stored entries, whole process, {what}: {dt:.1f} s, peak {mb:,.0f} MB  "
            "target ≤ 20 s, ≤ 1,024 MB"
        )


def bench_import(name: str, url: str, rows: int, folder: Path) -> None:
    from openpyxl import Workbook

    store, card = _pool(url, rows)
    store.dispose()
    path = folder / f"entries-{rows}.xlsx"
    if not path.exists():
        rng = random.Random(5)
        wb = Workbook(write_only=True)
        ws = wb.create_sheet("Entries")
        ws.append(["Week 12 entries"])
        ws.append(["Serial", "Name", "Stake", "Picks", "Received"])
        for i in range(1, rows + 1):
            ws.append(
                [
                    f"{i:06d}",
                    f"Player {i}",
                    f"${rng.choice(STAKES)}",
                    ", ".join(map(str, random_picks(card, rng))),
                    "2026-11-21 13:00",
                ]
            )
        wb.save(path)
    dt, mb, code, err = _timed([*_cli(), "--db", url, "entry", "import", card.slug, str(path)])
    print(
        f"[{name}] entry import of {rows:,} xlsx rows, whole process: {dt:.1f} s, peak {mb:,.0f} MB "
        f"(exit {code})  target ≤ 30 s" + (f"\n  {err}" if code not in (0, 1) else "")
    )


def bench_adders(name: str, url: str, adders: int, each: int) -> None:
    """`adders` workers, each entering `each` cards one `entry add` process at a time; every worker
    also tries a serial another worker enters (a card typed twice): each serial must be stored once."""
    from sqlalchemy import text

    from parlaycards.store import Store

    store, card = _pool(url, adders * each)
    store.dispose()
    rng = random.Random(9)
    plan = [[(w * each + k + 1) for k in range(each)] for w in range(adders)]
    for w in range(adders):  # a clash: the first card of the next worker, typed here as well
        plan[w].insert(1, plan[(w + 1) % adders][0])
    picks = ",".join(map(str, random_picks(card, rng)))
    codes: list[int] = []
    tracebacks = []

    def worker(serials: list[int]) -> None:
        for s in serials:
            done = subprocess.run(
                [
                    *_cli(),
                    "--db",
                    url,
                    "entry",
                    "add",
                    card.slug,
                    "--serial",
                    f"{s:06d}",
                    "--name",
                    f"Player {s}",
                    "--stake",
                    "5",
                    "--picks",
                    picks,
                ],
                capture_output=True,
                text=True,
            )
            codes.append(done.returncode)
            if "Traceback" in done.stderr:
                tracebacks.append(done.stderr[-400:])

    threads = [threading.Thread(target=worker, args=(p,)) for p in plan]
    t = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    dt = time.perf_counter() - t
    s = Store(url)
    with s.reading() as tx:
        stored = tx.conn.execute(text("select serial from entries")).scalars().all()
    s.dispose()
    wanted = sorted({x for p in plan for x in p})
    ok = sorted(stored) == wanted and len(stored) == len(set(stored))
    print(
        f"[{name}] {adders} concurrent `entry add` processes, {len(codes)} commands ({adders} of them a card typed "
        f"twice): {codes.count(0)} stored, {codes.count(2)} refused, {len(tracebacks)} tracebacks; every entry "
        f"stored once: {'yes' if ok else 'NO'}; {len(stored) / dt:.1f} entries/s "
        f"({dt:.1f} s wall, {dt / len(codes) * adders:.2f} s a command)"
    )
    for tb in tracebacks[:2]:
        print(tb)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entries", type=int, default=1_000_000)
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--adders", type=int, default=8)
    ap.add_argument("--each", type=int, default=6, help="cards each adder enters")
    ap.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="store-bench-"))
    cluster = None
    try:
        backends: list[tuple[str, object]] = []
        if args.backend in ("sqlite", "both"):
            backends.append(("sqlite", lambda tag: f"sqlite:///{folder / tag}.db"))
        if args.backend in ("postgresql", "both"):
            from tests.pg_cluster import Cluster

            cluster = Cluster.start()
            backends.append(("postgresql", lambda tag: cluster.new_database(tag)))
        print(f"Python {sys.version.split()[0]}; {os.cpu_count()} cores; load {os.getloadavg()[0]:.1f}")
        for name, url in backends:
            if args.entries:
                bench_grade(name, url("grade"), args.entries)  # type: ignore[operator]
            if args.rows:
                bench_import(name, url("imp"), args.rows, folder)  # type: ignore[operator]
            if args.adders and name == "postgresql":
                bench_adders(name, url("add"), args.adders, args.each)  # type: ignore[operator]
    finally:
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
