"""`grade` before any result: the pool's net counts only settled cards; the stakes still pending are named
apart (a pending card's stake is neither kept nor lost yet)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.services import results
from parlaycards.store import Store

from .pool_support import enter, new_card, print_serials

runner = CliRunner()


def _totals(db_path: Path) -> str:
    r = runner.invoke(app, ["--db", str(db_path), "grade", "nfl-w12"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.stderr
    return " ".join((r.stdout + r.stderr).replace("│", " ").split())


def test_net_to_the_pool_counts_no_pending_stake(store: Store, db_path: Path):
    new_card(store)
    print_serials(store, "nfl-w12", 3)
    for serial in ("1", "2", "3"):
        enter(store, "nfl-w12", serial=serial, stake="5")
    said = _totals(db_path)
    assert "$15.00 $0.00 $0.00 (settled cards) $0.00 $0.00 3 ($15.00 staked) 0" in said, (
        said
    )  # not $15.00 net
    for n in (101, 103, 105):
        results.set_result(store, "nfl-w12", n, 0, 30)  # the away sides (every card's picks) lose
    said = _totals(db_path)
    assert "$15.00 $0.00 $15.00 $0.00 $0.00 0 0" in said, said  # all settled: the pool keeps the stakes
