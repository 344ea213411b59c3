"""`kill -9` at random moments of print, entry import, result import and grade, on both backends.

After each kill: the database passes its integrity check, no file under an output's name is half
written, every command's change is there wholly or not at all; then the command run again completes.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
from pathlib import Path

from openpyxl import load_workbook

from parlaycards.io.files import leftovers
from parlaycards.services.printing import finish_batches
from parlaycards.store import Store, batches
from parlaycards.store import check as store_check
from parlaycards.store import entries as entry_rows
from parlaycards.store import results as result_rows
from parlaycards.store import settlements as settlement_rows

from .pool_support import BEFORE_KICKOFF, csv_file, file_hash, new_card, print_serials
from .proc_support import run, start

KILLS = 2  # per command and backend: bounded, the whole file stays under a minute a backend
ROWS = 2000


def _kill_after(url: str, args: list[str], delay: float, cwd: Path) -> bool:
    """Start the command, SIGKILL it after `delay` seconds; True when it was killed (not already done)."""
    p = start(url, *args, cwd=cwd)
    try:
        p.wait(timeout=delay)
        p.communicate()
        return False
    except subprocess.TimeoutExpired:  # still running: the moment has come
        os.kill(p.pid, signal.SIGKILL)
        p.communicate()
        return True


def _sound(store: Store) -> None:
    with store.reading() as tx:
        assert store_check.problems(tx) == []


def _batches_whole(store: Store, folder: Path, *, settled: bool) -> None:
    """Every recorded batch has its whole PDF (in place, or — killed between record and rename — whole
    beside its name until the next print puts it there); nothing half is under a batch's name."""
    with store.reading() as tx:
        recorded = batches.all_batches(tx)
    names = {Path(b.file).name for b in recorded}
    for pdf in folder.glob("*.pdf"):
        if ".part" not in pdf.name:
            assert pdf.name in names, f"{pdf.name}: a PDF no batch records"
    for b in recorded:
        path = Path(b.file)
        if not path.is_absolute():
            path = folder.parent / path
        if path.exists() or settled:
            assert file_hash(path) == b.sha256
        else:
            assert any(file_hash(p) == b.sha256 for p in leftovers(path))
    if settled:
        assert not list(folder.glob("*.part*"))


def test_kill_9_at_random_moments(any_store: Store, pool_url: str, tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # batches record their files as `output/…`, relative to where print ran
    rng = random.Random(int(time.time()))
    seed_note = f"(random moments from seed {rng.random():.6f})"
    card = new_card(any_store)
    out = tmp_path / "output"

    # print: a batch is recorded with its whole file, or there is no batch and the serials are reused
    t = time.perf_counter()
    code, _, err = run(pool_url, "print", "nfl-w12", "--copies", "200", cwd=tmp_path)
    full = time.perf_counter() - t
    assert code == 0, err
    for _ in range(KILLS):
        _kill_after(pool_url, ["print", "nfl-w12", "--copies", "200"], rng.uniform(0.3, 1.1) * full, tmp_path)
        _sound(any_store)
        _batches_whole(any_store, out, settled=False)
        code, _, err = run(pool_url, "print", "nfl-w12", "--copies", "200", cwd=tmp_path)
        assert code == 0, err
        _sound(any_store)
        _batches_whole(any_store, out, settled=True)
    with any_store.reading() as tx:
        recorded = batches.all_batches(tx)
        assert tx.next_serial() == recorded[-1].last_serial + 1
    assert [b.first_serial for b in recorded] == [1 + 200 * i for i in range(len(recorded))], seed_note
    assert finish_batches(any_store) == []

    # entry import: all rows or none
    first = recorded[-1].last_serial + 1
    print_serials(any_store, "nfl-w12", ROWS)
    g = card.games
    rows = [["Serial", "Name", "Stake", "Picks"]] + [
        [
            f"{first + i:06d}",
            f"Player {i}",
            "5",
            f"{g[0].numbers.away},{g[1].numbers.home},{g[2].numbers.over}",
        ]
        for i in range(ROWS)
    ]
    sheet = csv_file(tmp_path / "entries.csv", rows)
    for _ in range(KILLS):
        _kill_after(
            pool_url,
            ["entry", "import", "nfl-w12", str(sheet), "--received", BEFORE_KICKOFF],
            rng.uniform(0.5, 4.0),
            tmp_path,
        )
        _sound(any_store)
        with any_store.reading() as tx:
            assert len(entry_rows.of(tx, "nfl-w12")) in (0, ROWS), seed_note
    code, _, err = run(
        pool_url, "entry", "import", "nfl-w12", str(sheet), "--received", BEFORE_KICKOFF, cwd=tmp_path
    )
    assert code in (0, 1), err  # 1: every row was already stored by a run that finished before its kill
    with any_store.reading() as tx:
        assert len(entry_rows.of(tx, "nfl-w12")) == ROWS

    # result import: every score or none
    scores = csv_file(
        tmp_path / "scores.csv",
        [["No.", "Away score", "Home score"]]
        + [[str(x.numbers.away), str(10 + i), str(20 - i)] for i, x in enumerate(g)],
    )
    for _ in range(KILLS):
        _kill_after(pool_url, ["result", "import", "nfl-w12", str(scores)], rng.uniform(0.3, 2.5), tmp_path)
        _sound(any_store)
        with any_store.reading() as tx:
            assert len(result_rows.of(tx, "nfl-w12")) in (0, len(g)), seed_note
    code, _, err = run(pool_url, "result", "import", "nfl-w12", str(scores), cwd=tmp_path)
    assert code == 0, err

    # grade: every settlement or none; the workbook and wall sheet whole or absent
    report, wall = tmp_path / "report.xlsx", tmp_path / "wall.pdf"
    for _ in range(KILLS):
        _kill_after(
            pool_url,
            ["grade", "nfl-w12", "--xlsx", str(report), "--pdf", str(wall)],
            rng.uniform(0.5, 4.0),
            tmp_path,
        )
        _sound(any_store)
        with any_store.reading() as tx:
            assert len(settlement_rows.of(tx, "nfl-w12")) in (0, ROWS), seed_note
        if report.exists():
            load_workbook(report, read_only=True).close()
        if wall.exists():
            assert wall.read_bytes().rstrip().endswith(b"%%EOF")
    code, _, err = run(pool_url, "grade", "nfl-w12", "--xlsx", str(report), "--pdf", str(wall), cwd=tmp_path)
    assert code == 0, err
    with any_store.reading() as tx:
        assert len(settlement_rows.of(tx, "nfl-w12")) == ROWS
    load_workbook(report, read_only=True).close()
    assert not [p.name for p in tmp_path.glob("*.part*")]
