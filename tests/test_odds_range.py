"""`payout set` refuses odds no card would print or pay (a typing slip such as 1000000000-1), saying the
range it takes; odds a card pays are taken as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.store import Store

from .pool_support import new_card

runner = CliRunner()


@pytest.mark.parametrize("odds", ["1000000000-1", "100001-1", "1-101", "5.125-1"])
def test_odds_no_card_pays_are_refused_saying_the_range(store: Store, db_path: Path, odds: str):
    new_card(store)
    before = runner.invoke(app, ["--db", str(db_path), "show", "nfl-w12", "--json"]).stdout
    r = runner.invoke(app, ["--db", str(db_path), "payout", "set", "nfl-w12", "3", odds])
    assert r.exit_code == 2
    said = " ".join(r.stderr.split())
    assert f'odds "{odds}" are not odds a card pays: card odds run from 1-100 to 100000-1' in said, said
    assert runner.invoke(app, ["--db", str(db_path), "show", "nfl-w12", "--json"]).stdout == before


@pytest.mark.parametrize("odds", ["6-1", "13-5", "7.5-1", "100000-1", "1-100"])
def test_odds_a_card_pays_are_taken(store: Store, db_path: Path, odds: str):
    new_card(store)
    r = runner.invoke(app, ["--db", str(db_path), "payout", "set", "nfl-w12", "3", odds, "--force"])
    assert r.exit_code == 0, r.stderr  # --force: 3 of 3 above 4 of 4 (10-1) is taken on purpose
