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


def test_a_basis_given_with_one_tier_is_refused_unless_the_whole_card_is_meant(db_path: Path, store: Store):
    """`payout set nfl-w12 3 6-1 --basis for` switched all eight tiers of the card to "for" in silence: a
    card pays every tier one way (it prints "pays 10 TO 1"), so the command says so and changes nothing
    until the operator says the whole card."""
    new_card(store)
    store.dispose()
    db = ["--db", str(db_path)]
    r = runner.invoke(app, [*db, "payout", "set", "nfl-w12", "3", "6-1", "--basis", "for"])
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    said = " ".join(r.stderr.split())
    assert "the basis is the whole card's, not one tier's: every tier of nfl-w12 pays \"to\"" in said, said
    assert "would change 7 other tiers too (4 of 4 at 10-1 pays back $110.00 on $10" in said, said
    assert "--whole-card" in said, said
    shown = runner.invoke(app, [*db, "show", "nfl-w12", "--json"])
    assert '"basis": "to"' in shown.stdout and '"version": 1' in shown.stdout, shown.stdout
    r = runner.invoke(app, [*db, "payout", "set", "nfl-w12", "3", "6-1", "--basis", "for", "--whole-card"])
    assert r.exit_code == 0, r.output
    shown = runner.invoke(app, [*db, "show", "nfl-w12", "--json"])
    assert '"basis": "for"' in shown.stdout, shown.stdout
    r = runner.invoke(app, [*db, "payout", "set", "nfl-w12", "4", "11-1", "--basis", "for"])  # no change
    assert r.exit_code == 0, r.output
