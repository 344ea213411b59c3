"""The pool's secret (issue 17): a new SQLite pool file is its owner's alone (0600); an existing file that
others can read is named by `pool show`, with the command that closes it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app

runner = CliRunner()
SAMPLE = Path(__file__).resolve().parents[1] / "sample_lines" / "nfl-week-12.xlsx"

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")


def test_a_fresh_pool_is_made_owner_only_even_with_a_lenient_umask(tmp_path: Path):
    db = tmp_path / "pool.db"
    old = os.umask(0o022)
    try:
        r = runner.invoke(app, ["--db", str(db), "import", str(SAMPLE), "--card", "nfl-w12"])
    finally:
        os.umask(old)
    assert r.exit_code == 0, r.output
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    r = runner.invoke(app, ["--db", str(db), "pool", "show"])
    assert r.exit_code == 0 and "Warning" not in r.output


def test_pool_show_warns_of_a_file_others_can_read(tmp_path: Path):
    db = tmp_path / "pool.db"
    assert runner.invoke(app, ["--db", str(db), "import", str(SAMPLE), "--card", "nfl-w12"]).exit_code == 0
    db.chmod(0o644)
    r = runner.invoke(app, ["--db", str(db), "pool", "show"])
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())
    assert (
        f"Warning: {db} can be read by other users of this computer (rw-r--r--); it holds the pool's "
        f"secret, from which every verify code is made. Make it yours alone: chmod 600 {db}"
    ) in said
