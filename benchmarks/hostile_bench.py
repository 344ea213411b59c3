"""Hostile input, from outside: a 300 MB-unpacking xlsx refused (time and peak memory of the whole
process), and a set of hostile cases through the command line, counting tracebacks and internal errors.

    python benchmarks/hostile_bench.py [--unpacked-mb 300]

Targets: the xlsx refused in under 5 s and 300 MB; 0 tracebacks, 0 internal errors (exit 70), every
case refused with exit code 1 or 2 (or accepted with 0) and the database unchanged by a refusal.
Prints figures; exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_lines"
TARGET_S, TARGET_MB = 5.0, 300


def cli(folder: Path, *args: str, timeout: float = 120) -> tuple[int, str, float, float]:
    """(exit code, stderr, seconds, peak MB) of one whole `parlaycards` process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    code = (
        "import resource, sys; from parlaycards.cli.main import main\n"
        "try:\n    main()\nfinally:\n"
        "    sys.stderr.write(f'\\n@peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n')\n"
    )
    start = time.perf_counter()
    p = subprocess.run(
        [sys.executable, "-c", code, "--db", str(folder / "pool.db"), *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    took = time.perf_counter() - start
    err, _, peak = p.stderr.rpartition("\n@peak ")
    return p.returncode, err, took, int(peak.strip() or 0) / 1024


def bomb(path: Path, unpacked_mb: int) -> Path:
    """A valid-looking workbook whose sheet XML unpacks to `unpacked_mb` (rows of blank cells)."""
    from openpyxl import Workbook

    wb = Workbook()
    wb.active.append(["Away", "Home", "Line"])
    buf = io.BytesIO()
    wb.save(buf)
    with zipfile.ZipFile(buf) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    head, _, tail = parts["xl/worksheets/sheet1.xml"].partition(b"</sheetData>")
    row = b'<row r="2"><c r="A2" t="inlineStr"><is><t>x</t></is></c></row>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in parts.items():
            if name != "xl/worksheets/sheet1.xml":
                z.writestr(name, data)
        with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as fh:
            fh.write(head)
            block = row * (1 << 14)
            for _ in range(unpacked_mb * (1 << 20) // len(block)):
                fh.write(block)
            fh.write(b"</sheetData>" + tail)
    return path


def cases(folder: Path) -> list[tuple[str, list[str]]]:
    """Hostile files and values, each a command line."""
    from openpyxl import Workbook

    out: list[tuple[str, list[str]]] = []
    (folder / "long.csv").write_text("Away,Home,Line\nA," + "x" * 140_000 + ",-3\n")
    out.append(("CSV cell over 131,072 characters", ["import", "long.csv", "--card", "h-1"]))
    wb = Workbook()
    wb.active.append(["Away", "Home", "Line"])
    wb.active["XFD1048576"] = "x"
    wb.save(folder / "far.xlsx")
    out.append(("a cell at XFD1048576", ["import", "far.xlsx", "--card", "h-2"]))
    (folder / "empty.xlsx").write_bytes(b"")
    out.append(("0-byte xlsx", ["import", "empty.xlsx", "--card", "h-3"]))
    (folder / "cut.xlsx").write_bytes((SAMPLES / "nfl-week-12.xlsx").read_bytes()[:3000])
    out.append(("a cut xlsx", ["import", "cut.xlsx", "--card", "h-4"]))
    (folder / "deep.json").write_bytes(b"[" * 100_000 + b"]" * 100_000)
    out.append(("JSON 100,000 deep", ["lines", "fetch", "nfl", "--card", "h-5", "--from-file", "deep.json"]))
    (folder / "nan.json").write_bytes(b'{"events": [], "x": NaN}')
    out.append(("JSON NaN", ["lines", "fetch", "nfl", "--card", "h-6", "--from-file", "nan.json"]))
    (folder / "templates").mkdir(exist_ok=True)
    (folder / "templates" / "bad.toml").write_bytes(b"\xff\xfe\x00")
    out.append(("a non-UTF-8 template in ./templates/", ["templates"]))
    for args in (
        ["calc", "1e30", "-110"],
        ["result", "set", "nfl-w12", "101", "2147483648", "3"],
        ["result", "set", "nfl-w12", "101", "999999", "3"],
        ["show", "nfl-w12", "--version", str(2**70)],
        ["entry", "add", "nfl-w12", "--serial", "1", "--stake", "1e30", "--picks", "101,103,105"],
        ["entry", "add", "nfl-w12", "--serial", "1", "--stake", "1e20", "--picks", "101,103,105"],
        ["entry", "add", "nfl-w12", "--serial", "1", "--stake", "NaN", "--picks", "101,103,105"],
        ["entry", "add", "nfl-w12", "--qr", "PC1|nfl-w12|²|000001|K7F2Q9", "--stake", "5", "--picks", "101"],
        [
            "entry",
            "add",
            "nfl-w12",
            "--qr",
            "PC1|nfl-w12|1|" + "9" * 25 + "|K",
            "--stake",
            "5",
            "--picks",
            "101",
        ],
        [
            "entry",
            "add",
            "nfl-w12",
            "--serial",
            "1",
            "--stake",
            "5",
            "--picks",
            "101",
            "--received",
            "9999-12-31",
        ],
        ["entry", "add", "nfl-w12", "--serial", "1", "--stake", "5", "--picks", "101", "--received", "-1:00"],
        ["print", "nfl-w12", "--out", str(folder)],
        ["print", "nfl-w12", "--out", ""],
        ["print", "nfl-w12", "--out", "/dev/full"],
        ["print", "nfl-w12", "--out", "/proc/nowhere/x.pdf"],
        ["grade", "nfl-w12", "--xlsx", str(folder)],
        [
            "import",
            str(SAMPLES / "nfl-week-12.xlsx"),
            "--card",
            "h-7",
            "--map",
            "away=XFD",
            "--map",
            "home=B",
        ],
        ["import", str(SAMPLES / "nfl-week-12.xlsx"), "--card", "h-8", "--map", "=", "--map", "home"],
        ["import", str(SAMPLES / "nfl-week-12.xlsx"), "--card", "h-9", "--map", "away=" + "x" * 100_000],
        [
            "import",
            str(SAMPLES / "nfl-week-12.xlsx"),
            "--card",
            "h-10",
            "--layout",
            "x'; drop table meta; --",
        ],
        ["import", str(SAMPLES / "nfl-week-12.xlsx"), "--card", "h-11", "--layout", "nope"],
        [
            "import",
            "far.xlsx",
            "--card",
            "h-12",
            "--map",
            "away=A",
            "--map",
            "home=B",
            "--map",
            "home-line=C",
        ],
        ["layouts", "--json"],
    ):
        out.append((" ".join(args)[:70], args))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--unpacked-mb", type=int, default=300)
    args = ap.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = bomb(folder / "bomb.xlsx", args.unpacked_mb)
        code, err, took, peak = cli(folder, "import", str(path), "--card", "bomb-w1")
        hit = code == 2 and took < TARGET_S and peak < TARGET_MB and "Traceback" not in err
        ok &= hit
        print(
            f"{path.stat().st_size / 1e6:.1f} MB xlsx unpacking to {args.unpacked_mb} MB: exit {code} in {took:.2f} s, "
            f"peak {peak:.0f} MB (targets < {TARGET_S:g} s, < {TARGET_MB} MB) {'OK' if hit else 'MISSED'}\n  {err.strip()[:200]}"
        )
        code, err, _, _ = cli(folder, "import", str(SAMPLES / "nfl-week-12.xlsx"), "--card", "nfl-w12")
        assert code == 0, err
        code, err, _, _ = cli(folder, "print", "nfl-w12", "--copies", "4", "--out", "cards.pdf")
        assert code == 0, err
        tracebacks = internal = unchanged = 0
        todo = cases(folder)
        for what, argv in todo:
            db = folder / "pool.db"
            before = hashlib.sha256(db.read_bytes()).hexdigest()
            code, err, took, _ = cli(folder, *argv)
            tb = "Traceback" in err
            tracebacks += tb
            internal += code == 70
            same = hashlib.sha256(db.read_bytes()).hexdigest() == before
            unchanged += same or code == 0
            first = err.strip().splitlines()[0][:110] if err.strip() else ""
            print(f"  {what:<72} exit {code} {took:4.1f} s {'' if same else 'db changed '}{first}")
        ok &= tracebacks == 0 and internal == 0 and unchanged == len(todo)
        print(
            f"{len(todo)} hostile cases: {tracebacks} tracebacks, {internal} internal errors, "
            f"{len(todo) - unchanged} databases changed by a refused command"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
