"""A file a command writes is never one that must not be lost: the pool's database, a file kept beside it,
another SQLite database, or a print batch's PDF. Each is refused in a sentence, and nothing is written.
A print killed before recording its batch leaves no printable PDF behind for long."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.io import files

from .pool_support import sample_pool

runner = CliRunner()


def _said(text: str) -> str:
    return " ".join(text.split())


def _dead_pid() -> int:
    """The number of a process that has ended."""
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


WRITERS = {
    "print": (["print", "hx", "--out"], "--out: ", ", such as output/hx-v1-000001-000001.pdf"),
    "proof": (["print", "hx", "--proof", "--out"], "--out: ", ", such as output/hx-v1-proof.pdf"),
    "calibrate": (["calibrate", "--out"], "--out: ", ", such as output/calibrate-letter-2up.pdf"),
    "pickem": (["pickem", "print", "hx", "--out"], "--out: ", ", such as output/hx-v1-pickem.pdf"),
    "blank": (["export", "--blank", "--out"], "", ""),
}


@pytest.mark.parametrize("command", WRITERS)
def test_no_command_writes_over_the_pool_database(tmp_path: Path, command: str):
    """`print nfl-w12 --out pool.db` wrote a PDF over the pool (its cards, entries and payments lost) and
    said it was done; `--proof` then ended in an internal error claiming nothing was changed."""
    db = sample_pool(tmp_path)
    before = db.read_bytes()
    args, field, such = WRITERS[command]
    r = runner.invoke(app, ["--db", str(db), *args, str(db)])
    assert r.exit_code == 2, r.output
    assert _said(r.stderr) == (
        f"Error: {field}{db} is the pool's database (its cards, entries and payments): writing over it "
        f"would lose it. Nothing was written: give another file name{such}."
    )
    assert db.read_bytes() == before
    assert runner.invoke(app, ["--db", str(db), "cards"]).exit_code == 0


@pytest.mark.parametrize(
    ("beside", "holds"),
    [
        ("-payments", "the pool's record of the payments it has made"),
        ("-serials", "the pool's record of the serials it has handed out"),
        ("-print", "the lock the pool's prints take turns on"),
    ],
)
def test_no_command_writes_over_a_file_kept_beside_the_pool(tmp_path: Path, beside: str, holds: str):
    """`backup pool.db-payments --force` wrote a SQLite copy over the payments record (then `grade` and
    `entry pay` ended in UnicodeDecodeError); `print --out pool.db-serials` wrote a PDF over the serials."""
    db = sample_pool(tmp_path)
    kept = db.with_name(db.name + beside)
    kept.write_text('{"kept": "as it was"}\n', encoding="utf-8")
    r = runner.invoke(app, ["--db", str(db), "backup", str(kept), "--force"])
    assert r.exit_code == 2, r.output
    assert _said(r.stderr) == (
        f"Error: --file: {kept} is {holds}: writing over it would lose it. Nothing was written: give another "
        "file name, such as output/pool-backup.db."
    )
    r = runner.invoke(app, ["--db", str(db), "print", "hx", "--out", str(kept)])
    assert r.exit_code == 2 and f"{kept} is {holds}" in _said(r.stderr), r.output
    assert kept.read_text(encoding="utf-8") == '{"kept": "as it was"}\n'


def test_no_command_writes_over_another_sqlite_database(tmp_path: Path):
    """Any SQLite database (another pool, a backup) is refused as an output; a backup with --force still
    replaces an older backup, which is what --force is for."""
    db = sample_pool(tmp_path)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
    before = other.read_bytes()
    r = runner.invoke(app, ["--db", str(db), "calibrate", "--out", str(other)])
    assert r.exit_code == 2, r.output
    assert _said(r.stderr) == (
        f"Error: --out: {other} is a SQLite database (a pool, or a backup of one): writing over it would "
        "lose everything it holds. Nothing was written: give another file name, such as "
        "output/calibrate-letter-2up.pdf, or move that file away first."
    )
    r = runner.invoke(app, ["--db", str(db), "export", "hx", "--out", str(other.with_suffix(".json"))])
    assert r.exit_code == 0, r.output  # an ordinary new file is written as before
    assert other.read_bytes() == before
    r = runner.invoke(app, ["--db", str(db), "backup", str(other), "--force"])
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("command", ["calibrate", "blank"])
def test_a_print_batch_pdf_is_never_replaced_by_another_command(tmp_path: Path, command: str):
    """`print` refused to write over a batch's PDF, but `calibrate --out` and `export --blank --out`
    replaced it silently, losing those cards: they say what print says."""
    db = sample_pool(tmp_path)
    batch = tmp_path / "a.pdf"
    r = runner.invoke(app, ["--db", str(db), "print", "hx", "--copies", "2", "--out", str(batch)])
    assert r.exit_code == 0, r.output
    before = batch.read_bytes()
    args = WRITERS[command][0]
    r = runner.invoke(app, ["--db", str(db), *args, str(batch)])
    assert r.exit_code == 2, r.output
    assert _said(r.stderr) == (
        f"Error: {batch} holds print batch 000001–000002 of hx; printing over it would lose those cards. "
        "Nothing was printed: choose another --out, or move that file away first."
    )
    assert batch.read_bytes() == before


def test_a_print_batch_pdf_printed_from_another_folder_is_never_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """A batch printed with a relative --out is recorded by that name: from another folder the name
    points elsewhere, and `grade --pdf` or `calibrate` replaced the batch's PDF. It is known by its
    content too."""
    db = sample_pool(tmp_path)
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["--db", str(db), "print", "hx", "--copies", "2", "--out", "a.pdf"])
    assert r.exit_code == 0, r.output
    before = (tmp_path / "a.pdf").read_bytes()
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    r = runner.invoke(app, ["--db", str(db), "calibrate", "--out", "../a.pdf"])
    assert r.exit_code == 2 and "holds print batch 000001–000002 of hx" in _said(r.stderr), r.output
    assert (tmp_path / "a.pdf").read_bytes() == before


def test_a_part_file_is_hidden():
    """The file being written waits under a hidden name, which nobody opens or prints by mistake."""
    part = files.part_path(Path("out") / "k.pdf")
    assert part.name == f".k.{os.getpid()}.part.pdf" and part.suffix == ".pdf"


def test_a_killed_print_leaves_no_printable_batch_behind(tmp_path: Path):
    """A print killed before recording its batch left `k.<pid>.part.pdf`: a whole PDF of cards no batch
    records, whose serials and codes the next print hands out again. The next print in that folder (any
    name) removes such files of ended processes, 0-byte ones too; a file still being written stays, and so
    does every file another program left under a look-alike name."""
    db = sample_pool(tmp_path)
    folder = tmp_path / "out"
    folder.mkdir()
    dead = _dead_pid()
    stale = [folder / f".k.{dead}.part.pdf", folder / f".j.{dead}.part.pdf"]
    stale[0].write_bytes(b"%PDF-1.3 cards 000001-003000")
    stale[1].write_bytes(b"")
    # another program's partly written files look alike, and are its own
    theirs = [
        folder / f"Thesis.{dead}.part.docx",
        folder / f"movie.mkv.{dead}.part",
        folder / f"k.{dead}.part.pdf",
    ]
    for other in theirs:
        other.write_bytes(b"not ours")
    writing = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        busy = folder / f".m.{writing.pid}.part.pdf"
        busy.write_bytes(b"%PDF-1.3 being written")
        r = runner.invoke(app, ["--db", str(db), "print", "hx", "--out", str(folder / "next.pdf")])
        assert r.exit_code == 0, r.output
        assert "000001" in r.stderr  # no batch was recorded: the serials are the next print's
        assert [p for p in stale if p.exists()] == [] and busy.exists()
    finally:
        writing.kill()
        writing.wait()
    assert files.clear_stale_parts(folder) == [busy]
    assert sorted(p.name for p in folder.iterdir()) == sorted(["next.pdf", *(p.name for p in theirs)])
