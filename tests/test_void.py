"""`entry void`: out of grading, kept in the history, refused once paid; a void serial stays void."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import NotFoundError, ParlayError, RefusedError
from parlaycards.core.handed import EntrySheet
from parlaycards.services import entries as svc
from parlaycards.services import grading, results, voids
from parlaycards.store import schema

from .pool_support import HANDED_IN, enter, new_card, print_serials, xlsx

runner = CliRunner()


@pytest.fixture
def pool(store):
    new_card(store)
    print_serials(store, "nfl-w12", 10)
    return store


def add(store, serial, picks="101,103,105", stake="10", name="Dana", **kw):
    return enter(store, "nfl-w12", serial=serial, name=name, stake=stake, picks=picks, **kw)


def _finals(store):
    for number, away, home in ((101, 20, 10), (103, 20, 10), (105, 20, 10)):
        results.set_result(store, "nfl-w12", number, away, home)


def _count(store, table):
    with store.reading() as tx:
        return tx.conn.execute(select(func.count()).select_from(table)).scalar()


def test_a_void_entry_is_not_graded_and_is_listed_as_void(pool):
    add(pool, "1", name="Dana")
    add(pool, "2", name="Lee", stake="5")
    _finals(pool)
    before = grading.grade(pool, "nfl-w12")
    assert (before.totals.entries, before.totals.stakes, before.totals.payouts) == (
        2,
        Decimal("15.00"),
        Decimal("90.00"),
    )
    v = voids.void_entry(pool, "nfl-w12", 2, "  typed on   the wrong serial ")
    assert (v.entry.serial, v.entry.name, v.reason) == ("000002", "Lee", "typed on the wrong serial")
    after = grading.grade(pool, "nfl-w12")
    assert [r.serial for r in after.rows] == ["000001"]
    assert (after.totals.entries, after.totals.stakes, after.totals.payouts) == (
        1,
        Decimal("10.00"),
        Decimal("60.00"),
    )
    assert [(x.entry.serial, x.entry.name, x.entry.stake, x.reason) for x in after.voided] == [
        ("000002", "Lee", Decimal("5.00"), "typed on the wrong serial")
    ]
    listing = svc.list_entries(pool, "nfl-w12")
    assert [e.serial for e in listing.entries] == ["000001"]
    assert [x.entry.serial for x in listing.voided] == ["000002"]
    assert 2 not in listing.settled  # its last grade went with it
    assert _count(pool, schema.voided_entries) == 1
    with pool.reading() as tx:
        audit = tx.conn.execute(
            select(schema.audit.c.detail).where(schema.audit.c.action == "entry.void")
        ).scalar()
    assert json.loads(audit)["reason"] == "typed on the wrong serial"
    assert json.loads(audit)["picks"] == [101, 103, 105]


def test_void_is_refused_once_paid_and_changes_nothing(pool):
    add(pool, "1")
    _finals(pool)
    grading.grade(pool, "nfl-w12")
    svc.pay(pool, "nfl-w12", 1, Decimal("20"))
    with pytest.raises(RefusedError, match=r"card 000001 has been paid \$20.00 .* so it cannot be voided"):
        voids.void_entry(pool, "nfl-w12", 1, "mistake")
    assert (_count(pool, schema.entries), _count(pool, schema.voided_entries)) == (1, 0)


def test_void_errors_name_what_is_wrong(pool):
    add(pool, "1")
    with pytest.raises(ParlayError, match="give the reason"):
        voids.void_entry(pool, "nfl-w12", 1, "  ")
    with pytest.raises(NotFoundError, match="card 000003 was not entered on nfl-w12"):
        voids.void_entry(pool, "nfl-w12", 3, "mistake")
    voids.void_entry(pool, "nfl-w12", 1, "mistake")
    with pytest.raises(RefusedError, match=r'card 000001 was already voided on .* \("mistake"\)'):
        voids.void_entry(pool, "nfl-w12", 1, "again")


def test_a_void_serial_stays_void_unless_entered_again_on_purpose(pool, tmp_path):
    add(pool, "1", picks="101,103,105")
    voids.void_entry(pool, "nfl-w12", 1, "player took the card back")
    with pytest.raises(RefusedError) as caught:
        add(pool, "1", picks="101,103,107")
    assert any("serial 000001 was voided on" in p and "--replace" in p for p in caught.value.problems)
    path = xlsx(
        tmp_path / "e.xlsx",
        [
            ["Serial", "Name", "Stake", "Picks"],
            ["1", "Dana", "10", "101,103,105"],
            ["2", "Lee", "5", "101,103,105"],
        ],
    )
    done = svc.import_entries(pool, "nfl-w12", EntrySheet(path, received=HANDED_IN))
    assert [e.serial for e in done.stored] == ["000002"]
    assert "was voided" in done.refused[0].reasons[0]
    again = add(pool, "1", picks="101,103,107", replace=True)
    assert again.picks == (101, 103, 107)
    listing = svc.list_entries(pool, "nfl-w12")
    assert ([e.serial for e in listing.entries], listing.voided) == (["000001", "000002"], ())
    assert _count(pool, schema.voided_entries) == 1  # the void stays in the history


def test_cli_entry_void_then_entries_and_grade_show_it(pool, db_path):
    add(pool, "1", name="Dana")
    add(pool, "2", name="Lee", stake="5")
    _finals(pool)
    pool.dispose()
    db = ["--db", str(db_path)]
    r = runner.invoke(app, [*db, "entry", "void", "nfl-w12", "2", "--reason", "duplicate of 000001"])
    assert r.exit_code == 0, r.stderr
    assert r.stderr.startswith(
        "Voided card 000002 on nfl-w12 (Lee, $5.00 on 101, 103, 105): duplicate of 000001."
    )
    r = runner.invoke(app, [*db, "entries", "nfl-w12"])
    assert r.exit_code == 0 and "VOID: duplicate of 000001" in r.stdout and "1 entry, 1 void" in r.stdout
    r = runner.invoke(app, [*db, "entries", "nfl-w12", "--json"])
    rows = json.loads(r.stdout)
    assert [(x["serial"], x["outcome"]) for x in rows] == [("000001", None), ("000002", "void")]
    assert rows[1]["void"]["reason"] == "duplicate of 000001"
    r = runner.invoke(app, [*db, "grade", "nfl-w12", "--json"])
    data = json.loads(r.stdout)
    assert [e["serial"] for e in data["entries"]] == ["000001"]
    assert [(v["serial"], v["reason"]) for v in data["void"]] == [("000002", "duplicate of 000001")]
    assert data["totals"]["stakes"] == "10.00"
    r = runner.invoke(app, [*db, "grade", "nfl-w12"])
    assert "Void (1)" in r.stdout and "duplicate of 000001" in r.stdout
    r = runner.invoke(app, [*db, "entry", "void", "nfl-w12", "2", "--reason", "x"])
    assert r.exit_code == 2 and r.stderr.startswith("Error: card 000002 was already voided on")


def test_the_workbook_and_the_wall_sheet_list_void_entries(pool, tmp_path):
    """Void entries were listed by `entries` and `grade` but left out of the xlsx and the wall PDF."""
    from openpyxl import load_workbook
    from pypdf import PdfReader

    add(pool, "1", name="Dana")
    add(pool, "2", name="Lee", stake="5")
    _finals(pool)
    voids.void_entry(pool, "nfl-w12", 2, "typed on the wrong serial")
    report = grading.grade(pool, "nfl-w12")
    grading.write_outputs(report, tmp_path / "r.xlsx", tmp_path / "wall.pdf", lambda _: None)
    ws = load_workbook(tmp_path / "r.xlsx")["Void"]
    assert [c.value for c in ws[2]][:5] == ["000002", 1, "Lee", 5, "101, 103, 105"]
    assert ws.cell(2, 7).value == "typed on the wrong serial"
    text = " ".join(p.extract_text() for p in PdfReader(str(tmp_path / "wall.pdf")).pages)
    assert "Void (1): not graded, stake not counted" in text and "typed on the wrong serial" in text


def test_paying_a_void_card_says_it_was_voided(pool):
    add(pool, "1")
    voids.void_entry(pool, "nfl-w12", 1, "player took the card back")
    with pytest.raises(
        RefusedError,
        match=r"card 000001 was voided on .* \(player took the card back\): a void card "
        "is never graded and has nothing to pay",
    ):
        svc.pay(pool, "nfl-w12", 1)
