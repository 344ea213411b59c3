"""Pick'em money as a person running the pool needs it: a fee counted as paid is said so, the pot as
advertised beside the fees collected, and a prize paid too much (a score corrected after paying) handed
back with `pickem pay --returned`, as a parlay card's `entry pay --returned`."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import RefusedError
from parlaycards.core.prizes import parse_prizes
from parlaycards.services import pickem as svc
from parlaycards.services import pickem_pay as pay
from parlaycards.services import results
from parlaycards.store import Store

from .pool_support import BEFORE_KICKOFF, HANDED_IN, pool_made_earlier

runner = CliRunner()
GAMES = (101, 103, 105, 107, 109, 111)
POOL = "office-w12"


@pytest.fixture
def pool(store: Store, card_in_store) -> Store:
    svc.create_pool(store, POOL, card="nfl-w12", fee=Decimal(10), prizes=parse_prizes("100%"))
    pool_made_earlier(store, POOL)
    for name, picks, paid in (
        ("Ann", (101, 103, 105, 107, 109, 111), None),
        ("Bob", (102, 104, 106, 108, 110, 112), False),
        ("Cy", (101, 103, 105, 108, 110, 112), None),
    ):
        svc.add_entry(store, POOL, name=name, picks=picks, tiebreak=40, paid=paid, received_at=HANDED_IN)
    return store


def cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def _add(db: Path, name: str, picks: str, *more: str):
    """`pickem entry add` for `name`, handed in before kickoff."""
    return cli(
        db,
        "pickem",
        "entry",
        "add",
        POOL,
        "--name",
        name,
        "--picks",
        picks,
        *more,
        "--received",
        BEFORE_KICKOFF,
    )


def _said(r) -> str:
    return " ".join(r.stderr.split())


def test_an_entry_says_whether_its_fee_is_counted_paid_or_owed(pool: Store, db_path: Path):
    r = _add(db_path, "Di", "101,103")
    assert r.exit_code == 0, r.stderr
    assert (
        "Its $10.00 fee is counted as paid: if it is still owed, enter it again with --unpaid --replace."
        in _said(r)
    )
    r = _add(db_path, "Ed", "101", "--unpaid")
    assert r.exit_code == 0, r.stderr
    assert f'Its $10.00 fee is owed: `parlaycards pickem fee {POOL} "Ed"` when it comes in.' in _said(r)


def test_grade_shows_the_pot_as_advertised_and_the_fees_collected(pool: Store, db_path: Path):
    pay.pay_fee(pool, POOL, "Bob", Decimal(4))
    report = svc.grade(pool, POOL)
    assert (report.pot, report.collected) == (Decimal("30.00"), Decimal("24.00"))
    r = cli(db_path, "pickem", "grade", POOL)
    assert r.exit_code == 0, r.stderr
    said = _said(r)
    assert "Pot $30.00; prizes $30.00. Provisional." in said
    assert (
        "Fees collected $24.00 of the $30.00 pot: $6.00 still owed (Bob). The prizes are of the pot as advertised."
        in said
    )
    pay.pay_fee(pool, POOL, "Bob")
    assert "Fees collected" not in _said(cli(db_path, "pickem", "grade", POOL))  # all in: nothing to say


def test_a_prize_paid_too_much_is_handed_back_with_returned(pool: Store, db_path: Path):
    for n in GAMES:
        results.set_result(pool, "nfl-w12", n, 30, 0)  # away wins: Ann 6 of 6
    pay.pay_fee(pool, POOL, "Bob")
    assert pay.pay_prize(pool, POOL, "Ann").total == Decimal("30.00")
    for n in GAMES:  # corrected: every home team won; Bob takes the pot
        results.set_result(pool, "nfl-w12", n, 0, 30, yes=True)
    with pytest.raises(RefusedError, match="Bob was not overpaid in office-w12"):
        pay.prize_returned(pool, POOL, "Bob")
    r = cli(db_path, "pickem", "pay", POOL, "Ann", "--returned", "40")
    assert r.exit_code == 2
    assert (
        "--returned $40.00 is more than Ann was overpaid: $30.00 ($30.00 paid, the prize is now $0.00)."
        in _said(r)
    )
    r = cli(db_path, "pickem", "pay", POOL, "Ann", "--returned", "10")
    assert r.exit_code == 0, r.stderr
    assert _said(r) == "Recorded $10.00 handed back by Ann in office-w12: $20.00 still owed back."
    r = cli(db_path, "pickem", "pay", POOL, "ann", "--returned", "all")
    assert _said(r) == "Recorded $20.00 handed back by Ann in office-w12: nothing is owed back now."
    assert pay.prizes_paid(pool, POOL) == {"ann": Decimal("0.00")}
    r = cli(db_path, "pickem", "pay", POOL, "Ann", "--returned", "all")
    assert r.exit_code == 2 and "Ann was not overpaid" in _said(r)
    # the pool stays closed: money went out once, so the entries and the pot stay as they were
    with pytest.raises(RefusedError, match="were already paid"):
        svc.add_entry(pool, POOL, name="Late", picks=(101,), received_at=HANDED_IN)
    assert pay.pay_prize(pool, POOL, "Bob").total == Decimal("30.00")


def test_the_entries_list_says_what_fees_are_still_owed(pool: Store, db_path: Path):
    pay.pay_fee(pool, POOL, "Bob", Decimal(4))
    r = cli(db_path, "pickem", "entries", POOL)
    assert r.exit_code == 0, r.stderr
    assert (
        "Fees collected $24.00 of the $30.00 pot: $6.00 still owed (Bob). The prizes are of the pot as advertised."
        in _said(r)
    )
    assert svc.entries(pool, POOL).collected == Decimal("24.00")


def test_a_prize_paid_after_a_backup_is_not_paid_again_once_the_backup_is_put_back(
    pool: Store, db_path: Path, tmp_path: Path
):
    import shutil

    backup = tmp_path / "bk.db"
    assert cli(db_path, "backup", str(backup)).exit_code == 0
    for n in GAMES:
        results.set_result(pool, "nfl-w12", n, 30, 0)  # away wins: Ann 6 of 6
    pay.pay_fee(pool, POOL, "Bob")
    assert pay.pay_prize(pool, POOL, "Ann").total == Decimal("30.00")
    pool.dispose()
    shutil.copyfile(backup, db_path)  # the backup holds neither the scores nor the payments
    again = Store(f"sqlite:///{db_path}")
    try:
        for n in GAMES:
            results.set_result(again, "nfl-w12", n, 30, 0, yes=True)
        assert pay.prizes_paid(again, POOL) == {"ann": Decimal("30.00")}
        with pytest.raises(RefusedError):
            pay.pay_prize(again, POOL, "Ann")
        assert pay.prizes_paid(again, POOL) == {"ann": Decimal("30.00")}
    finally:
        again.dispose()
