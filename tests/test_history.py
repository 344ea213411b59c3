"""Issue 18: `history SLUG` — the audit log of one card: who did what and when, oldest first, in the card's zone."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core import edits
from parlaycards.core.errors import NotFoundError, ParlayError
from parlaycards.services import entries as entry_svc
from parlaycards.services import grading, results, versions, voids
from parlaycards.services import history as svc
from parlaycards.store import Store

from .conftest import make_card
from .pool_support import HANDED_IN, change, enter, new_card, pool_made_earlier, print_serials

runner = CliRunner()
BEFORE = "2026-11-20 12:00"


@pytest.fixture
def week(pool_url: str, monkeypatch: pytest.MonkeyPatch) -> Store:
    """A week on one card: made, edited, printed, two cards entered, one voided, scores, graded, paid."""
    monkeypatch.setenv("PARLAYCARDS_USER", "dana")
    store = Store(pool_url)
    new_card(store, make_card(timezone="America/Chicago"))
    change(store, "nfl-w12", lambda c: edits.set_rules(c, min_picks=3))
    print_serials(store, "nfl-w12", 4)
    enter(store, "nfl-w12", serial="1", name="Kim", received=BEFORE)
    enter(store, "nfl-w12", serial="2", name="Lee", received=BEFORE)
    voids.void_entry(store, "nfl-w12", 1, "typed on the wrong serial")
    for number, away, home in ((101, 20, 17), (103, 30, 10), (105, 30, 10)):
        results.set_result(store, "nfl-w12", number, away, home)
    grading.grade(store, "nfl-w12")
    entry_svc.pay(store, "nfl-w12", 2)
    yield store
    store.dispose()


def test_history_is_every_step_of_the_week_oldest_first_in_the_cards_zone(week: Store):
    h = svc.history(week, "nfl-w12")
    assert [e.kind for e in h.events] == [
        "edit",
        "edit",
        "print",
        "entry",
        "entry",
        "void",
        "result",
        "result",
        "result",
        "grade",
        "payment",
    ]
    assert {e.actor for e in h.events} == {"dana"}
    assert h.timezone == "America/Chicago"
    assert str(h.events[0].at.tzinfo) == "America/Chicago"
    texts = [e.text for e in h.events]
    assert texts[2] == "printed 4 cards, serials 000001–000004, version 2 on letter-2up → nfl-w12.pdf"
    assert texts[3] == "card 000001 entered: Kim, $5.00 on 101, 103, 105 (handed in Fri Nov 20 12:00)"
    assert texts[5] == "card 000001 voided (Kim, $5.00): typed on the wrong serial"
    assert texts[-1].startswith("card 000002 paid $")
    assert [e.at for e in h.events] == sorted(e.at for e in h.events)


def test_history_filtered_by_kind(week: Store):
    h = svc.history(week, "nfl-w12", ("payment", "void"))
    assert [e.kind for e in h.events] == ["void", "payment"]
    assert h.total == 11
    with pytest.raises(
        ParlayError, match=r"--kind 'pay' is not a kind of event\. Accepted: edit, print, reprint"
    ):
        svc.history(week, "nfl-w12", ("pay",))


def test_history_of_a_card_that_never_was_names_the_pools_cards(any_store: Store):
    new_card(any_store)
    with pytest.raises(NotFoundError, match='there is no card "nfl-w13". Cards in this pool: nfl-w12.'):
        svc.history(any_store, "nfl-w13")


def test_a_deleted_card_keeps_its_history(any_store: Store):
    new_card(any_store, make_card(slug="test-card", timezone="America/Denver"))
    versions.delete_card(any_store, "test-card")
    h = svc.history(any_store, "test-card")
    assert [e.text for e in h.events] == ["version 1: test card", "card deleted (1 version)"]
    assert h.timezone == "America/Denver"


def test_cli_history_table_json_and_refusal(week: Store, pool_url: str):
    db = ["--db", pool_url]
    r = runner.invoke(app, [*db, "history", "nfl-w12"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.stderr
    assert "History of nfl-w12 (times in America/Chicago), oldest first" in r.stdout
    lines = [line for line in r.stdout.splitlines() if " dana " in line]
    assert len(lines) == 11 and "payment" in lines[-1] and "CST" in lines[-1]
    r = runner.invoke(app, [*db, "history", "nfl-w12", "--kind", "void,payment", "--json"])
    assert r.exit_code == 0, r.stderr
    got = json.loads(r.stdout)
    assert [(e["kind"], e["action"], e["who"]) for e in got] == [
        ("void", "entry.void", "dana"),
        ("payment", "entry.pay", "dana"),
    ]
    assert got[0]["detail"]["reason"] == "typed on the wrong serial"
    assert datetime.fromisoformat(got[0]["at"]).utcoffset() is not None
    r = runner.invoke(app, [*db, "history", "nfl-w12", "--kind", "money"])
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith("Error: --kind 'money' is not a kind of event. Accepted: edit, print,")
    assert "Traceback" not in r.stderr


def test_a_pickem_pool_on_the_card_is_in_its_history_and_another_cards_is_not(any_store: Store):
    from decimal import Decimal

    from parlaycards.core.prizes import parse_prizes
    from parlaycards.services import pickem, pickem_pay

    new_card(any_store)
    new_card(any_store, make_card(slug="nfl-w13"))
    for pool, card in (("office-w12", "nfl-w12"), ("office-w13", "nfl-w13")):
        pickem.create_pool(any_store, pool, card=card, fee=Decimal(10), prizes=parse_prizes("100%"))
        pool_made_earlier(any_store, pool)
        pickem.add_entry(
            any_store, pool, name="Ann", picks=(101, 103), tiebreak=40, paid=False, received_at=HANDED_IN
        )
        pickem_pay.pay_fee(any_store, pool, "Ann")
    h = svc.history(any_store, "nfl-w12")
    assert [(e.kind, e.text) for e in h.events if e.action.startswith("pickem")] == [
        ("entry", "pick'em pool office-w12 started on this card"),
        ("entry", "pick'em office-w12: Ann entered (typed)"),
        ("payment", "pick'em office-w12: entry fee $10.00 taken from Ann"),
    ]


def test_kinds_of_scan_rows():
    from parlaycards.core.history import AuditRow, events

    at = datetime(2026, 11, 22, 18, 0).astimezone()
    rows = [
        AuditRow(
            1, at, "kim", "scan", "w", {"pages": 3, "read": 6, "entered": 5, "review": 1, "duplicates": 0}
        ),
        AuditRow(
            2,
            at,
            "kim",
            "entry.add",
            "w",
            {"serial": 7, "name": "", "stake": "5", "picks": [101], "review": 4},
        ),
        AuditRow(3, at, "kim", "scan.reject", "w", {"serial": "000008", "reason": "two marks on 104"}),
        AuditRow(4, at, "kim", "pool.colour", "w", {"to": "blue"}),
    ]
    got = [(e.kind, e.text) for e in events(rows, "America/New_York")]
    assert got == [
        ("scan", "scanned 3 pages: 6 read, 5 entered, 1 to review, 0 already entered"),
        ("review", "card 000007 accepted from review: no name, $5.00 on 101"),
        ("review", "card 000008 rejected in review: two marks on 104"),
        ("other", "to=blue"),
    ]
    assert [e.kind for e in events(rows, "America/New_York", frozenset({"review"}))] == ["review", "review"]


def test_money_handed_back_is_a_payment_in_history():
    from parlaycards.core.history import AuditRow, events

    at = datetime(2026, 11, 23, 18, 0).astimezone()
    detail = {"serial": 5, "amount": "4.00", "payout": "0.00", "total_paid": "6.00"}
    rows = [AuditRow(1, at, "kim", "entry.returned", "w", detail)]
    assert [(e.kind, e.text) for e in events(rows, "America/New_York", frozenset({"payment"}))] == [
        ("payment", "card 000005: $4.00 handed back (paid in all now $6.00 of $0.00)")
    ]
