"""A payout typo (3 of 3 at 60-1 for 6-1, above 4 of 4 at 10-1) is refused at `payout set`, naming both
tiers; `--force` sets it when the house really means it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import RefusedError
from parlaycards.core.payout_table import Odds, PayoutTable, PayoutTier, seed_payouts, upside_down
from parlaycards.services import edits
from parlaycards.store import Store

from .pool_support import new_card

runner = CliRunner()


def test_only_an_all_hit_tier_paying_more_than_one_for_more_picks_is_upside_down():
    table = seed_payouts()  # 3 of 3 5-1, 4 of 4 10-1, 5 of 5 15-1 ...
    assert upside_down(table, 4, 4) == ()
    three = PayoutTier(picks=3, hits=3, odds=Odds.parse("60-1"))
    wrong = PayoutTable(tiers=tuple(three if t.picks == 3 else t for t in table.tiers))
    assert upside_down(wrong, 3, 3) == (
        "3 of 3 at 60-1 pays more than 4 of 4 at 10-1",
        "3 of 3 at 60-1 pays more than 5 of 5 at 15-1",
        "3 of 3 at 60-1 pays more than 6 of 6 at 25-1",
        "3 of 3 at 60-1 pays more than 7 of 7 at 40-1",
        "3 of 3 at 60-1 pays more than 8 of 8 at 50-1",
    )


def test_payout_set_refuses_a_typo_and_takes_it_with_force(store: Store):
    new_card(store)
    with pytest.raises(RefusedError) as got:
        edits.set_payout(store, "nfl-w12", 3, 3, "60-1")
    assert "a card of fewer picks would pay more than a card of more picks" in got.value.message
    assert "--force" in got.value.message
    assert got.value.problems[0] == "3 of 3 at 60-1 pays more than 4 of 4 at 10-1"
    assert edits.set_payout(store, "nfl-w12", 3, 3, "6-1").card.payouts.tier(3, 3).odds.ratio() == 6
    with pytest.raises(RefusedError, match="4 of 4 at 4-1"):
        edits.set_payout(store, "nfl-w12", 4, 4, "4-1")  # below 3 of 3 at 6-1
    done = edits.set_payout(store, "nfl-w12", 3, 3, "60-1", force=True)
    assert str(done.card.payouts.tier(3, 3).odds) == "60-1"


def test_the_command_line_names_both_tiers(store: Store, db_path: Path):
    new_card(store)
    store.dispose()
    r = runner.invoke(app, ["--db", str(db_path), "payout", "set", "nfl-w12", "3", "60-1"])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "3 of 3 at 60-1 pays more than 4 of 4 at 10-1" in r.stderr
    r = runner.invoke(app, ["--db", str(db_path), "payout", "set", "nfl-w12", "3", "60-1", "--force"])
    assert r.exit_code == 0, r.stderr
