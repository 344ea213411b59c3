"""Things a user types that once crashed a command or left it half done."""

from __future__ import annotations

import hashlib

from typer.testing import CliRunner

from parlaycards.cli.main import app

from .pool_support import enter, new_card, print_serials

runner = CliRunner()


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_name_that_looks_like_markup_is_shown_as_written(store, db_path):
    """`--name "Dana [/b]"` made `entries` and `grade` end in a traceback."""
    new_card(store)
    print_serials(store, "nfl-w12", 2)
    enter(store, "nfl-w12", serial="1", name="Dana [/b]", picks="101,103,105", stake="5")
    for args in (["entries", "nfl-w12"], ["grade", "nfl-w12"]):
        r = runner.invoke(app, ["--db", str(db_path), *args])
        assert r.exit_code == 0 and r.exception is None, r.output
        assert "Dana [/b]" in r.stdout


def test_a_report_file_of_the_wrong_kind_is_refused_before_grading(store, db_path, tmp_path):
    new_card(store)
    print_serials(store, "nfl-w12", 2)
    enter(store, "nfl-w12", serial="1", picks="101,103,105", stake="5")
    before = _digest(db_path)
    for flag, name in (("--csv", "out.txt"), ("--xlsx", "out.csv"), ("--pdf", "out.xlsx")):
        r = runner.invoke(app, ["--db", str(db_path), "grade", "nfl-w12", flag, str(tmp_path / name)])
        assert r.exit_code == 2 and f"{flag}: " in r.stderr and "nothing was graded" in r.stderr, r.output
    assert _digest(db_path) == before
