"""Entries: every refusal of SETTLEMENT.md §4, sheets as people make them, nothing half-stored."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core import edits
from parlaycards.core.errors import NotFoundError, ParlayError, RefusedError, spell
from parlaycards.core.handed import EntrySheet
from parlaycards.services import entries as svc
from parlaycards.services import grading, pool_settings, results
from parlaycards.store import schema

from .conftest import ET, make_card
from .pool_support import (
    BEFORE_KICKOFF,
    HANDED_IN,
    change,
    code,
    csv_file,
    enter,
    file_hash,
    new_card,
    print_serials,
    with_rules,
    xlsx,
)

runner = CliRunner()


@pytest.fixture
def pool(store):
    new_card(store)
    print_serials(store, "nfl-w12", 20)
    return store


def add(store, serial="1", picks="101,103,105", stake="5", **kw):
    return enter(store, "nfl-w12", serial=serial, name=kw.pop("name", "Dana"), stake=stake, picks=picks, **kw)


def count(store, table=schema.entries) -> int:
    with store.transaction() as tx:
        return tx.conn.execute(select(func.count()).select_from(table)).scalar()


def test_an_accepted_entry_is_stored_with_its_version_and_audited(pool):
    e = add(pool, serial="000007", picks="105 101,103", stake="$5", code=code(pool, "nfl-w12", 1, 7))
    assert (e.serial, e.version, e.stake, e.picks, e.late) == (
        "000007",
        1,
        Decimal("5.00"),
        (105, 101, 103),
        False,
    )
    with pool.transaction() as tx:
        row = tx.conn.execute(select(schema.entries.c.picks, schema.entries.c.stake)).one()
        actions = list(tx.conn.execute(select(schema.audit.c.action)).scalars())
    assert (row.picks, row.stake) == ("101,103,105", "5.00")
    assert "entry.add" in actions


@pytest.mark.parametrize(
    ("picks", "reason"),
    [
        ("101,103,999", "pick 999 is not on card nfl-w12 version 1"),
        ("101,101,103", "pick 101 appears twice"),
        ("101,102,103", "picks 101 and 102 are both sides of Buffalo Bills at Houston Texans"),
        ("201,202,103,105", "picks 201 and 202 are over and under of Buffalo Bills at Houston Texans"),
        (
            "101,201,103",
            "a side and the total of Buffalo Bills at Houston Texans are both picked; same-game picks are off",
        ),
        ("101,103", "2 picks; this card needs at least 3"),
        ("101,103,105,107,109,111,201,203,205,207,209", "11 picks; this card takes at most 10"),
    ],
)
def test_card_rule_refusals(pool, picks, reason):
    with pytest.raises(RefusedError, match="card 000001 is refused") as caught:
        add(pool, picks=picks)
    assert any(reason in p for p in caught.value.problems), caught.value.problems
    assert count(pool) == 0


def test_serial_never_printed_or_printed_for_another_card(pool):
    with pytest.raises(RefusedError) as caught:
        add(pool, serial="21")
    assert caught.value.problems == (
        "serial 000021 was never printed: no print batch holds it (check the number on the card)",
    )
    new_card(pool, make_card(slug="ncaa-w13", title="NCAA"))
    print_serials(pool, "ncaa-w13", 5)
    with pytest.raises(RefusedError) as caught:
        add(pool, serial="21")
    assert caught.value.problems == ("serial 000021 was printed for card ncaa-w13, not nfl-w12",)


def test_a_card_never_printed_takes_no_entry(store):
    new_card(store)
    with pytest.raises(
        RefusedError,
        match=r"no cards of nfl-w12 have been printed yet, so no serial can be entered on "
        r"it. Print them first, e.g. `parlaycards print nfl-w12 --copies 100`.",
    ):
        add(store, serial="1")


def test_already_entered_and_replace(pool):
    add(pool, serial="3")
    with pytest.raises(RefusedError) as caught:
        add(pool, serial="3", picks="107,109,111")
    assert caught.value.problems == (
        "serial 000003 was already entered",
        "to correct an entry, enter it again with --replace",
    )
    fixed = add(pool, serial="3", picks="107,109,111", replace=True)
    assert fixed.picks == (107, 109, 111) and count(pool) == 1


def test_verify_code_is_checked_when_given_and_required_by_the_pool_setting(pool):
    with pytest.raises(RefusedError) as caught:
        add(pool, serial="4", code="AAAAAA")
    assert caught.value.problems == (
        'the verify code "AAAAAA" does not match serial 000004 '
        "(the code is printed beside the serial on the card)",
    )
    add(pool, serial="4")  # optional by default
    pool_settings.set_require_code(pool, True)
    with pytest.raises(RefusedError, match="card 000005 is refused") as caught:
        add(pool, serial="5")
    assert caught.value.problems[0].startswith("no verify code: this pool requires the code")
    good = code(pool, "nfl-w12", 1, 5)
    assert add(pool, serial="5", code=good.lower()[:3] + " " + good.lower()[3:]).code == good


def test_game_taken_off_refuses_later_entries_but_keeps_earlier_ones(pool):
    off_at = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    early = add(pool, serial="1", received="2026-11-21 06:00")  # 06:00 ET = 11:00 UTC, before
    change(pool, "nfl-w12", lambda c: edits.take_off(c, 101, off_at))
    with pytest.raises(RefusedError) as caught:
        add(pool, serial="2", received="2026-11-21 08:00")
    assert caught.value.problems == (
        "pick 101: Buffalo Bills at Houston Texans was taken off the card at Sat Nov 21 07:00",
    )
    assert early.version == 1 and count(pool) == 1
    add(pool, serial="2", picks="103,105,107", received="2026-11-21 08:00")  # other games still taken


def test_cutoff_refuses_unless_late_on_purpose_and_late_is_flagged(pool):
    change(pool, "nfl-w12", with_rules(cutoff=datetime(2026, 11, 22, 12, 0, tzinfo=ET)))
    with pytest.raises(RefusedError) as caught:
        add(pool, serial="1", received="2026-11-22 12:30")
    assert tuple(map(spell, caught.value.problems)) == (
        "received Sun Nov 22 12:30 after the cutoff Sun Nov 22 12:00 "
        "(to accept it on purpose, use --late; if it was handed in before the cutoff, "
        "say when with --received, or in a Received column of a sheet)",
    )
    assert add(pool, serial="1", received="2026-11-22 12:30", late=True).late is True
    assert add(pool, serial="2", received="2026-11-22 11:59", late=True).late is False  # not actually late


def test_entry_is_bound_to_the_version_its_serial_was_printed_from(pool):
    change(pool, "nfl-w12", with_rules(ties="win"))
    print_serials(pool, "nfl-w12", 5)  # serials 21-25 from version 2
    assert add(pool, serial="20").version == 1
    assert add(pool, serial="21").version == 2


HEADER = ["Card #", "Player", "Wager", "Picks", "Check"]


def test_import_stores_good_rows_and_lists_refused_ones_by_file_sheet_row_and_cell(pool, tmp_path):
    path = xlsx(
        tmp_path / "entries.xlsx",
        [
            ["Smitty's week 12 card"],
            [],
            HEADER,
            ["000001", "Dana", "$5", "101, 103, 105", None],
            ["No. 2", "Lee", 10, "101 104 106", code(pool, "nfl-w12", 1, 2)],
            [3, "Sam", "five", "101,103,105", None],
            ["000001", "Dup", "5.00", "107,109,111", None],
            ["4", "=cmd|' /C calc'!A0", "2", "101,103", None],
            [None, None, None, None, None],
            ["99", "Ghost", "5", "101,103,105", None],
        ],
    )
    done = svc.import_entries(pool, "nfl-w12", EntrySheet(path, received=HANDED_IN))
    assert [e.serial for e in done.stored] == ["000001", "000002"]
    assert [str(r) for r in done.refused] == [
        'entries.xlsx, sheet "Entries", row 6: cell C6: the stake "five" is not an amount. Accepted: 5, 5.00, $5, '
        "$12.50.",
        'entries.xlsx, sheet "Entries", row 7: serial 000001 appears twice (first at row 4)',
        'entries.xlsx, sheet "Entries", row 8: 2 picks; this card needs at least 3',
        'entries.xlsx, sheet "Entries", row 10: serial 000099 was never printed: no print batch holds it '
        "(check the number on the card)",
    ]
    assert count(pool) == 2


def test_pick_columns_and_csv(pool, tmp_path):
    path = csv_file(
        tmp_path / "week.csv",
        [
            ["Ticket", "Name", "Amount", "Pick 1", "Pick 2", "Pick 3", "Pick 4"],
            ["5", "Ana", "2.50", "101", "103", "105", ""],
            ["6", "Bo", "$20", "107", "109", "111", "201"],
        ],
    )
    done = svc.import_entries(pool, "nfl-w12", EntrySheet(path, received=HANDED_IN))
    assert [(e.serial, e.stake, e.picks) for e in done.stored] == [
        ("000005", Decimal("2.50"), (101, 103, 105)),
        ("000006", Decimal("20.00"), (107, 109, 111, 201)),
    ]


def test_a_sheet_without_an_entries_header_names_what_it_found(pool, tmp_path):
    path = xlsx(tmp_path / "odd.xlsx", [["Who", "What"], ["Dana", "101"]])
    with pytest.raises(
        ParlayError,
        match=r'odd.xlsx, sheet "Entries": no header row found: the likeliest header, '
        r'row 1, has "Who", "What"\. Accepted headers: Serial',
    ):
        svc.import_entries(pool, "nfl-w12", EntrySheet(path))


def test_a_refused_batch_leaves_the_database_byte_for_byte_unchanged(pool, db_path, tmp_path):
    add(pool, serial="1")
    pool.dispose()
    before = file_hash(db_path)
    path = xlsx(tmp_path / "e.xlsx", [HEADER, ["2", "A", "5", "101,103,105"], ["3", "B", "5", "101,102,105"]])
    with pytest.raises(
        RefusedError, match=r"e.xlsx: 1 of 2 rows is refused, so none was stored \(--all-or-nothing\)"
    ):
        svc.import_entries(pool, "nfl-w12", EntrySheet(path, all_or_nothing=True, received=HANDED_IN))
    bad = xlsx(
        tmp_path / "bad.xlsx", [HEADER, ["50", "A", "5", "101,103,105"], ["1", "B", "5", "101,103,105"]]
    )
    done = svc.import_entries(
        pool, "nfl-w12", EntrySheet(bad, received=HANDED_IN)
    )  # every row refused: nothing to store
    assert (len(done.stored), len(done.refused)) == (0, 2)
    with pytest.raises(RefusedError):
        add(pool, serial="1")
    pool.dispose()
    assert file_hash(db_path) == before


def test_all_or_nothing_stores_everything_when_every_row_is_good(pool, tmp_path):
    path = xlsx(tmp_path / "e.xlsx", [HEADER, ["2", "A", "5", "101,103,105"], ["3", "B", "5", "102,104,106"]])
    assert (
        len(
            svc.import_entries(
                pool, "nfl-w12", EntrySheet(path, all_or_nothing=True, received=HANDED_IN)
            ).stored
        )
        == 2
    )
    assert count(pool) == 2


def test_late_column_and_received_column(pool, tmp_path):
    change(pool, "nfl-w12", with_rules(cutoff=datetime(2026, 11, 22, 12, 0, tzinfo=ET)))
    path = xlsx(
        tmp_path / "e.xlsx",
        [
            ["Serial", "Name", "Stake", "Picks", "Received", "Late"],
            ["1", "A", "5", "101,103,105", datetime(2026, 11, 22, 11, 0), None],
            ["2", "B", "5", "101,103,105", "2026-11-22 12:05", "yes"],
            ["3", "C", "5", "101,103,105", "11/22/2026 12:10 PM", None],
        ],
    )
    done = svc.import_entries(pool, "nfl-w12", EntrySheet(path))
    assert [(e.serial, e.late) for e in done.stored] == [("000001", False), ("000002", True)]
    assert "after the cutoff" in done.refused[0].reasons[0]


def test_pay_in_parts_then_in_full_and_never_more(pool):
    add(pool, serial="1", picks="101,103,105", stake="10")
    for number, away, home in ((101, 20, 10), (103, 20, 10), (105, 20, 10)):
        results.set_result(pool, "nfl-w12", number, away, home)
    with pytest.raises(RefusedError, match="has not been graded on the latest results"):
        svc.pay(pool, "nfl-w12", 1)
    grading.grade(pool, "nfl-w12")
    with pytest.raises(RefusedError, match=r"--amount \$70.00 is more than card 000001 is owed: \$60.00"):
        svc.pay(pool, "nfl-w12", 1, Decimal("70"))
    assert svc.pay(pool, "nfl-w12", 1, Decimal("25")).owed == Decimal("35.00")
    assert svc.pay(pool, "nfl-w12", 1).total == Decimal("60.00")
    with pytest.raises(RefusedError, match="already paid in full: \\$60.00"):
        svc.pay(pool, "nfl-w12", 1)
    with pytest.raises(NotFoundError, match="card 000002 was not entered on nfl-w12"):
        svc.pay(pool, "nfl-w12", 2)
    with pool.transaction() as tx:
        pays = list(
            tx.conn.execute(select(schema.audit.c.action).where(schema.audit.c.action == "entry.pay"))
        )
    assert len(pays) == 2


def _db(db_path):
    return ["--db", str(db_path)]


def test_cli_entry_add_and_refusal_messages(pool, db_path):
    pool.dispose()
    ok = runner.invoke(
        app,
        [
            *_db(db_path),
            "entry",
            "add",
            "--received",
            BEFORE_KICKOFF,
            "nfl-w12",
            "--serial",
            "000001",
            "--name",
            "Dana",
            "--stake",
            "5",
            "--picks",
            "101,104,117",
        ],
    )
    assert ok.exit_code == 2
    assert ok.stderr == (
        "Error: card 000001 is refused, nothing was stored\n  - pick 117 is not on card nfl-w12 version 1\n"
    )
    ok = runner.invoke(
        app,
        [
            *_db(db_path),
            "entry",
            "add",
            "--received",
            BEFORE_KICKOFF,
            "nfl-w12",
            "--serial",
            "000001",
            "--name",
            "Dana",
            "--stake",
            "5",
            "--picks",
            "101,104,105",
        ],
    )
    assert ok.exit_code == 0, ok.stderr
    assert (
        ok.stderr
        == "Entered card 000001 on nfl-w12 (printed from version 1): Dana, $5.00 on 101, 104, 105.\n"
    )
    bad = runner.invoke(
        app, [*_db(db_path), "entry", "add", "nfl-w12", "--serial", "x1", "--stake", "5", "--picks", "101"]
    )
    assert (bad.exit_code, bad.stderr) == (
        2,
        'Error: --serial "x1" is not a serial. Accepted: the number printed on '
        "the card, e.g. 000123 or 123.\n",
    )


def test_cli_import_lists_refused_rows_and_exits_1(pool, db_path, tmp_path):
    pool.dispose()
    path = xlsx(tmp_path / "e.xlsx", [HEADER, ["2", "A", "5", "101,103,105"], ["3", "B", "5", "101,102,105"]])
    r = runner.invoke(
        app, [*_db(db_path), "entry", "import", "nfl-w12", str(path), "--received", BEFORE_KICKOFF]
    )
    assert r.exit_code == 1
    assert r.stderr == (
        "Stored 1 of 2 rows from e.xlsx.\nRefused 1 row, not stored:\n"
        '  e.xlsx, sheet "Entries", row 3: picks 101 and 102 are both sides of Buffalo Bills at '
        "Houston Texans\n"
    )
    r = runner.invoke(app, [*_db(db_path), "pool", "set", "--require-code"])
    assert (r.exit_code, r.stderr) == (
        0,
        "Verify codes: required on every entry.\nLargest stake on one card: $1,000.00.\n",
    )


def test_import_of_a_missing_file_is_an_error_not_a_traceback(pool, db_path, tmp_path):
    pool.dispose()
    r = runner.invoke(app, [*_db(db_path), "entry", "import", "nfl-w12", str(tmp_path / "nope.xlsx")])
    assert r.exit_code == 2 and r.stderr.startswith("Error: ") and "Traceback" not in r.stderr


def test_received_in_the_card_zone_when_it_says_none(pool):
    e = add(pool, serial="9", received="2026-11-21 09:30")
    assert e.received_at == datetime(2026, 11, 21, 9, 30, tzinfo=ET)
    assert e.received_at.astimezone(UTC) - datetime(2026, 11, 21, 14, 30, tzinfo=UTC) == timedelta(0)


def test_entries_of_one_player(pool):
    add(pool, serial="1", name="Dana Peña")
    add(pool, serial="2", name="Lee")
    add(pool, serial="3", name="DANA PENA")
    found = svc.list_entries(pool, "nfl-w12", name="dana pena").entries
    assert [e.serial for e in found] == ["000001", "000003"]
