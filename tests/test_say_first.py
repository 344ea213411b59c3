"""`card revert` lists what it changed, as an edit does; `print` warns of payout tiers no card can reach
before it writes the PDF."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core import edits
from parlaycards.store import Store

from .conftest import make_card
from .pool_support import change, new_card

runner = CliRunner()


def test_card_revert_lists_every_change_it_makes(store: Store, db_path: Path):
    new_card(store)
    change(store, "nfl-w12", lambda c: edits.with_game(c, 101, spread=Decimal("-4")))
    change(store, "nfl-w12", lambda c: edits.set_payout(c, 3, 3, "6-1"))
    r = runner.invoke(app, ["--db", str(db_path), "card", "revert", "nfl-w12", "--to", "1"])
    assert r.exit_code == 0, r.stderr
    lines = r.stderr.splitlines()
    assert lines[0] == "nfl-w12 version 4: reverted to version 1."
    assert any("-4 → -3½" in line for line in lines[1:]), lines
    assert any("6-1 → 5-1" in line for line in lines[1:]), lines


def test_print_warns_of_unreachable_tiers_before_writing(store: Store, db_path: Path, tmp_path: Path):
    new_card(store, make_card(games=4))  # at most 4 picks, but tiers to 10
    r = runner.invoke(
        app, ["--db", str(db_path), "print", "nfl-w12", "--copies", "2", "--out", str(tmp_path / "c.pdf")]
    )
    assert r.exit_code == 0, r.stderr
    said = " ".join(r.stderr.split())
    assert "Warning: card nfl-w12 v1 has 4 games" in said
    assert said.index("Warning: card nfl-w12") < said.index("Wrote ")
