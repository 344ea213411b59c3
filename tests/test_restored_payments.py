"""A backup put back over the pool: a payment recorded since is never forgotten (no winner is paid twice),
and is named as unknown to the restored database."""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path

from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.services import entries, grading, results
from parlaycards.store import Store

from .pool_support import enter, new_card, print_serials

runner = CliRunner()
SLUG = "nfl-w12"


def _scores(store: Store, yes: bool = False) -> None:
    for number, away, home in ((101, 24, 20), (103, 27, 20), (105, 30, 20), (107, 20, 17), (109, 20, 17)):
        results.set_result(store, SLUG, number, away, home, yes=yes)
    results.set_result(store, SLUG, 111, 21, 14, yes=yes)


def _cli(db_path: Path, *args: str):
    return runner.invoke(app, ["--db", str(db_path), *args])


def paid_then_restored(db_path: Path, tmp_path: Path, second: str = "102,104,106") -> Store:
    """Card 000001 ($10 on 101, 103, 105, three winners) and 000002 ($5 on `second`) entered, a backup
    taken, the scores set and card 000001 paid $60.00; then the backup put back (it holds no score and no
    payment). The restored pool, opened."""
    store = Store(f"sqlite:///{db_path}")
    new_card(store)
    print_serials(store, SLUG, 4)
    enter(store, SLUG, serial="1", name="Ann", stake="10", picks="101,103,105")
    enter(store, SLUG, serial="2", name="Bo", stake="5", picks=second)
    store.dispose()
    backup = tmp_path / "bk.db"
    assert _cli(db_path, "backup", str(backup)).exit_code == 0
    store = Store(f"sqlite:///{db_path}")
    _scores(store)
    grading.grade(store, SLUG)
    assert entries.pay(store, SLUG, 1).total == Decimal("60.00")
    store.dispose()
    shutil.copyfile(backup, db_path)
    return Store(f"sqlite:///{db_path}")


def test_a_payment_made_after_the_backup_survives_the_restore(db_path: Path, tmp_path: Path):
    store = paid_then_restored(db_path, tmp_path)
    _scores(store, yes=True)  # the restored pool knows card 000001 was paid: the score it wins by is said
    report = grading.grade(store, SLUG)
    assert report.totals.paid == Decimal("60.00")
    store.dispose()
    r = _cli(db_path, "entry", "pay", SLUG, "000001")
    said = " ".join(r.output.split())
    assert r.exit_code != 0, r.output
    assert "card 000001 was paid $60.00 on" in said and "restored from a backup taken before that" in said
    assert "Nothing was paid again" in said
    shown = _cli(db_path, "grade", SLUG)
    assert shown.exit_code == 0 and "Unpaid" not in shown.output.split("All entries")[0], shown.output
    told = " ".join(shown.output.split())  # named apart from the payments the database holds
    assert "Counted as paid: card 000001 was paid $60.00 on " in told, told
    assert "— the pool was restored from a backup taken before that" in told
    store = Store(f"sqlite:///{db_path}")
    with store.reading() as tx:  # nothing was written by the refusal
        assert next(tx.rows("SELECT paid_amount FROM entries WHERE serial = 1"))[0] is None
    store.dispose()


def test_a_new_pool_under_the_same_file_name_reads_no_old_payments(db_path: Path, tmp_path: Path):
    store = Store(f"sqlite:///{db_path}")
    new_card(store)
    print_serials(store, SLUG, 2)
    enter(store, SLUG, serial="1", name="Ann", stake="10", picks="101,103,105")
    _scores(store)
    grading.grade(store, SLUG)
    entries.pay(store, SLUG, 1)
    store.dispose()
    db_path.unlink()
    store = Store(f"sqlite:///{db_path}")
    new_card(store)
    print_serials(store, SLUG, 2)
    enter(store, SLUG, serial="1", name="Ann", stake="10", picks="101,103,105")
    _scores(store)
    assert grading.grade(store, SLUG).totals.paid == Decimal("0.00")
    assert entries.pay(store, SLUG, 1).total == Decimal("60.00")
    store.dispose()
