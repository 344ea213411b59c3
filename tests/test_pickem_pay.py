"""Pick'em fees and prizes marked paid like parlay winnings: a ledger, --amount, never more than owed."""

from __future__ import annotations

import shutil
from decimal import Decimal

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import NotFoundError, RefusedError
from parlaycards.core.prizes import parse_prizes
from parlaycards.services import pickem as svc
from parlaycards.services import pickem_pay as pay
from parlaycards.services import results
from parlaycards.store import Store, schema

from .pool_support import HANDED_IN, pool_made_earlier

runner = CliRunner()
GAMES = (101, 103, 105, 107, 109, 111)


@pytest.fixture
def pool(store, card_in_store):
    svc.create_pool(store, "office-w12", card="nfl-w12", fee=Decimal(10), prizes=parse_prizes("70%,30%"))
    pool_made_earlier(store, "office-w12")
    svc.add_entry(
        store,
        "office-w12",
        name="Ann",
        picks=(101, 103, 105, 107, 109, 111),
        tiebreak=40,
        received_at=HANDED_IN,
    )
    svc.add_entry(
        store,
        "office-w12",
        name="Bob",
        picks=(102, 104, 106, 108, 110, 112),
        tiebreak=40,
        paid=False,
        received_at=HANDED_IN,
    )
    svc.add_entry(
        store,
        "office-w12",
        name="Cy",
        picks=(101, 103, 105, 108, 110, 112),
        tiebreak=40,
        received_at=HANDED_IN,
    )
    return store


def _finals(store, games=GAMES):
    for n in games:
        results.set_result(store, "nfl-w12", n, 30, 0)  # every away team wins by 30


def test_a_fee_owed_is_paid_in_parts_then_the_entry_shows_paid(pool):
    with pytest.raises(RefusedError, match="Ann is already marked paid in office-w12"):
        pay.pay_fee(pool, "office-w12", "ann")
    with pytest.raises(RefusedError, match=r"--amount \$12.00 is more than Bob owes: \$10.00"):
        pay.pay_fee(pool, "office-w12", "Bob", Decimal("12"))
    first = pay.pay_fee(pool, "office-w12", "bob", Decimal("4"))
    assert (first.amount, first.total, first.owed) == (Decimal("4.00"), Decimal("4.00"), Decimal("6.00"))
    assert not next(e for e in svc.entries(pool, "office-w12").entries if e.name == "Bob").paid
    rest = pay.pay_fee(pool, "office-w12", "Bob")
    assert (rest.amount, rest.owed) == (Decimal("6.00"), Decimal("0.00"))
    assert next(e for e in svc.entries(pool, "office-w12").entries if e.name == "Bob").paid
    with pytest.raises(RefusedError, match=r"Bob has already paid the fee in full: \$10.00"):
        pay.pay_fee(pool, "office-w12", "Bob")
    with pytest.raises(NotFoundError, match='"Zed" has no entry in office-w12'):
        pay.pay_fee(pool, "office-w12", "Zed")


def test_prizes_are_paid_once_final_and_never_more_than_won(pool):
    _finals(pool, GAMES[:-1])
    with pytest.raises(RefusedError, match="office-w12 is not final"):
        pay.pay_prize(pool, "office-w12", "Ann")
    _finals(pool, GAMES[-1:])
    report = svc.grade(pool, "office-w12")
    won = {s.name: s.prize for s in report.standings}
    assert won["Ann"] == Decimal("21.00") and won["Bob"] == Decimal("0.00")  # pot $30: 70% and 30%
    with pytest.raises(RefusedError, match="Bob won no prize"):
        pay.pay_prize(pool, "office-w12", "Bob")
    with pytest.raises(RefusedError, match=r"--amount \$25.00 is more than Ann is owed: \$21.00"):
        pay.pay_prize(pool, "office-w12", "Ann", Decimal("25"))
    assert pay.pay_prize(pool, "office-w12", "Ann", Decimal("20")).owed == Decimal("1.00")
    assert pay.pay_prize(pool, "office-w12", "ANN").total == Decimal("21.00")
    with pytest.raises(RefusedError, match=r"Ann was already paid the prize in full: \$21.00"):
        pay.pay_prize(pool, "office-w12", "Ann")
    assert pay.prizes_paid(pool, "office-w12") == {"ann": Decimal("21.00")}
    with pool.reading() as tx:
        actions = list(
            tx.conn.execute(
                select(schema.audit.c.action).where(schema.audit.c.action.like("pickem.pay%"))
            ).scalars()
        )
    assert actions == ["pickem.pay_prize", "pickem.pay_prize"]


def test_cli_pickem_pay_and_fee_and_the_grade_shows_it(pool, db_path):
    _finals(pool)
    pool.dispose()
    db = ["--db", str(db_path)]
    r = runner.invoke(app, [*db, "pickem", "pay", "office-w12", "Ann", "--amount", "20"])
    assert (r.exit_code, r.stderr) == (
        0,
        "Paid $20.00 of Ann's $21.00 prize in office-w12: $1.00 still owed.\n",
    )
    r = runner.invoke(app, [*db, "pickem", "fee", "office-w12", "Bob"])
    assert (r.exit_code, r.stderr) == (
        0,
        "Bob paid $10.00 of the $10.00 fee in office-w12: the fee is paid.\n",
    )
    r = runner.invoke(app, [*db, "pickem", "grade", "office-w12"])
    assert r.exit_code == 0 and "Prize paid" in r.stdout and "$20.00" in r.stdout and "not yet" in r.stdout


def test_replacing_an_entry_keeps_its_fee_status(pool):
    """A replaced entry came back as paid while its fee was still owed (and the other way round)."""
    pay.pay_fee(pool, "office-w12", "Bob", Decimal("4"))
    svc.add_entry(
        pool, "office-w12", name="Bob", picks=(101, 104), tiebreak=41, replace=True, received_at=HANDED_IN
    )
    [bob] = [e for e in svc.entries(pool, "office-w12").entries if e.name == "Bob"]
    assert bob.paid is False
    assert pay.pay_fee(pool, "office-w12", "Bob").amount == Decimal("6.00")
    svc.add_entry(
        pool, "office-w12", name="Ann", picks=(101, 104), tiebreak=41, replace=True, received_at=HANDED_IN
    )
    [ann] = [e for e in svc.entries(pool, "office-w12").entries if e.name == "Ann"]
    assert ann.paid is True


def test_a_prize_waits_for_its_winners_fee(pool):
    for n in GAMES:
        results.set_result(pool, "nfl-w12", n, 0, 30)  # every home team wins by 30: Bob, unpaid, wins
    won = {s.name: s.prize for s in svc.grade(pool, "office-w12").standings}
    assert won["Bob"] == Decimal("21.00")
    with pytest.raises(RefusedError, match=r"Bob's entry fee is not paid \(\$0.00 of \$10.00 taken\)"):
        pay.pay_prize(pool, "office-w12", "Bob")
    assert pay.prizes_paid(pool, "office-w12") == {}
    pay.pay_fee(pool, "office-w12", "Bob", Decimal("4"))
    with pytest.raises(RefusedError, match=r"\(\$4.00 of \$10.00 taken\)"):
        pay.pay_prize(pool, "office-w12", "Bob")
    pay.pay_fee(pool, "office-w12", "Bob")
    assert pay.pay_prize(pool, "office-w12", "Bob").total == Decimal("21.00")


def test_a_prize_paid_after_the_backup_put_back_is_named_and_never_paid_again(pool, db_path, tmp_path):
    """A backup taken before the prize was paid is put back over the pool: the payments file beside it still
    holds the payment, so paying it again is refused, naming when it was paid and why the pool forgot it."""
    _finals(pool)
    pool.dispose()
    backup = tmp_path / "bk.db"
    assert runner.invoke(app, ["--db", str(db_path), "backup", str(backup)]).exit_code == 0
    store = Store(f"sqlite:///{db_path}")
    assert pay.pay_prize(store, "office-w12", "Ann").total == Decimal("21.00")
    store.dispose()
    shutil.copyfile(backup, db_path)  # the backup put back: it holds no prize paid
    store = Store(f"sqlite:///{db_path}")
    try:
        with pytest.raises(RefusedError) as refused:
            pay.pay_prize(store, "office-w12", "Ann")
        text = str(refused.value)
        assert text.startswith("Ann was already paid the prize in full: $21.00. Ann was paid $21.00 on "), (
            text
        )
        assert (
            "the pool was restored from a backup taken before that" in text
            and "Nothing was paid again" in text
        )
        assert pay.prizes_paid(store, "office-w12") == {"ann": Decimal("21.00")}
    finally:
        store.dispose()


def test_an_empty_amount_is_refused_never_paid_in_full(pool, db_path):
    """`--amount ""` (a script's empty variable) is no amount: refused, nothing paid, not the whole prize."""
    _finals(pool)
    pool.dispose()
    db = ["--db", str(db_path)]
    for command in ("pay", "fee"):
        r = runner.invoke(app, [*db, "pickem", command, "office-w12", "Ann", "--amount", ""])
        assert r.exit_code == 2 and 'the amount "" is not an amount' in r.stderr, r.output
    r = runner.invoke(app, [*db, "pickem", "grade", "office-w12"])
    assert r.exit_code == 0 and "not yet" in r.stdout, r.stdout  # Ann's prize: nothing paid
