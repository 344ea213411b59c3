"""Issue 18, everyday friction: a new pool is said, --db after the command, --version."""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app, hoist_db

runner = CliRunner()
LINES = Path(__file__).parent.parent / "sample_lines" / "nfl-week-12.csv"


def test_import_into_a_folder_without_a_pool_says_it_starts_one(tmp_path: Path):
    db = tmp_path / "pool.db"
    r = runner.invoke(app, ["--db", str(db), "import", str(LINES), "--card", "w12"])
    assert r.exit_code == 0, r.stderr
    assert f"Started a new pool at {db.resolve()} (serials start at 000001)." in r.stderr
    r = runner.invoke(app, ["--db", str(db), "import", str(LINES), "--card", "w13"])
    assert r.exit_code == 0 and "Started a new pool" not in r.stderr


def test_a_dry_run_starts_no_pool_and_says_none(tmp_path: Path):
    db = tmp_path / "pool.db"
    r = runner.invoke(app, ["--db", str(db), "import", str(LINES), "--card", "w12", "--dry-run"])
    assert r.exit_code == 0 and "Started a new pool" not in r.stderr and not db.exists()


@pytest.mark.parametrize("form", [["--db", "{db}"], ["--db={db}"]])
def test_db_may_follow_the_command(tmp_path: Path, form: list[str]):
    db = tmp_path / "pool.db"
    given = [f.format(db=db) for f in form]
    r = runner.invoke(app, ["import", str(LINES), "--card", "w12", *given])
    assert r.exit_code == 0, r.stderr
    r = runner.invoke(app, ["show", "w12", "--json", *given])
    assert r.exit_code == 0 and '"slug": "w12"' in r.stdout
    assert db.exists()


def test_hoist_db_moves_only_the_pool_option():
    assert hoist_db(["entry", "add", "w", "--db", "p.db", "--name", "Db"]) == [
        "--db",
        "p.db",
        "entry",
        "add",
        "w",
        "--name",
        "Db",
    ]
    assert hoist_db(["import", "--", "--db"]) == ["import", "--", "--db"]


def test_version():
    r = runner.invoke(app, ["--version"])
    assert (r.exit_code, r.stdout) == (0, f"parlaycards {version('parlaycards')}\n")
