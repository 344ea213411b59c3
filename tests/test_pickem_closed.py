"""Issue 18 item 1: a pick'em pool closes at the card's cutoff and once its prizes went out; a score
corrected after a prize was paid says who was overpaid and by how much."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError, RefusedError
from parlaycards.core.handed import EntrySheet
from parlaycards.core.prizes import parse_prizes
from parlaycards.report.pickem import payment_notes
from parlaycards.services import edits, results
from parlaycards.services import pickem as svc
from parlaycards.services import pickem_pay as pay

from .pool_support import HANDED_IN, pool_made_earlier

runner = CliRunner()
ET = ZoneInfo("America/New_York")
AWAY = (101, 103, 105, 107, 109, 111)
HOME = (102, 104, 106, 108, 110, 112)


@pytest.fixture
def pool(store, card_in_store):
    svc.create_pool(store, "office-w12", card="nfl-w12", fee=Decimal(10), prizes=parse_prizes("100%"))
    pool_made_earlier(store, "office-w12")
    svc.add_entry(store, "office-w12", name="Ann", picks=AWAY, tiebreak=40, received_at=HANDED_IN)
    svc.add_entry(store, "office-w12", name="Bob", picks=HOME, tiebreak=40, received_at=HANDED_IN)
    return store


def _finals(store, away=30, home=0, yes=False):
    for n in AWAY:
        results.set_result(store, "nfl-w12", n, away, home, yes=yes)


def _state(store):
    view = svc.entries(store, "office-w12")
    report = svc.grade(store, "office-w12")
    return (
        [(e.name, e.picks, e.paid) for e in view.entries],
        report.pot,
        [(s.name, s.place, s.prize) for s in report.standings],
    )


def test_no_entry_of_any_kind_once_a_prize_was_paid(pool):
    _finals(pool)
    assert pay.pay_prize(pool, "office-w12", "Ann").amount == Decimal("20.00")
    before = _state(pool)
    with pytest.raises(
        RefusedError, match=r"prizes of pick'em pool office-w12 were already paid \(Ann \$20.00\)"
    ):
        svc.add_entry(
            pool,
            "office-w12",
            name="Nina",
            picks=AWAY,
            tiebreak=41,
            paid=False,
            late=True,
            received_at=HANDED_IN,
        )
    with pytest.raises(RefusedError, match="would change the pot and the places"):
        svc.add_entry(
            pool,
            "office-w12",
            name="Bob",
            picks=AWAY,
            tiebreak=40,
            replace=True,
            late=True,
            received_at=HANDED_IN,
        )
    assert _state(pool) == before  # the pot is still $20 and Ann still wins all of it


def test_an_import_after_a_prize_was_paid_is_refused_whole(pool, tmp_path):
    _finals(pool)
    pay.pay_prize(pool, "office-w12", "Ann")
    sheet = tmp_path / "late.csv"
    sheet.write_text("Name,Picks,Tiebreaker\nNina," + " ".join(map(str, AWAY)) + ",41\n")
    before = _state(pool)
    with pytest.raises(RefusedError, match=r"^late.csv: prizes of pick'em pool office-w12 were already paid"):
        svc.import_entries(pool, "office-w12", EntrySheet(sheet, late=True, received=HANDED_IN))
    assert _state(pool) == before


def test_the_cards_cutoff_closes_the_pool_unless_late_on_purpose(pool):
    edits.set_rules(pool, "nfl-w12", edits.RuleFields(cutoff=datetime(2026, 11, 22, 12, 0)))
    after = datetime(2026, 11, 22, 12, 5, tzinfo=ET)  # the games kick off at 13:00
    with pytest.raises(
        RefusedError,
        match=r"closed at the card's cutoff Sun Nov 22, 12:00 PM EST; this entry is received Sun Nov 22, "
        r"12:05 PM EST\. Nothing was stored\. To accept it after the cutoff on purpose, add --late\.",
    ):
        svc.add_entry(pool, "office-w12", name="Cy", picks=AWAY, received_at=after)
    added = svc.add_entry(pool, "office-w12", name="Cy", picks=AWAY, received_at=after, late=True)
    assert added.entry.name == "Cy"
    early = datetime(2026, 11, 22, 11, 0, tzinfo=ET)
    assert svc.add_entry(pool, "office-w12", name="Di", picks=HOME, received_at=early).entry.name == "Di"


def test_a_cutoff_years_apart_shows_both_years(pool):
    # rules set now refuses a cutoff this far from the card's games (issue 17: dates within the week);
    # a pool stored before that check may still hold one, and its entries are told both years
    with pytest.raises(RefusedError, match="the cutoff 2023-10-05 is more than 45 days from the games"):
        edits.set_rules(pool, "nfl-w12", edits.RuleFields(cutoff=datetime(2023, 10, 5, 20, 0)))
    from parlaycards.core.edits import rebuild
    from parlaycards.store import cards as card_rows

    with pool.transaction() as tx:
        card = card_rows.latest(tx, "nfl-w12")
        cutoff = datetime(2023, 10, 5, 20, 0, tzinfo=ZoneInfo("America/New_York"))
        card_rows.save(tx, rebuild(card, rules={**card.rules.model_dump(), "cutoff": cutoff}), "an old pool")
    with pytest.raises(
        RefusedError, match=r"cutoff Thu Oct 5 2023, 8:00 PM EDT; this entry is received \w+ \w+ \d+ 20\d\d"
    ):
        svc.add_entry(pool, "office-w12", name="Cy", picks=AWAY)


def test_a_score_corrected_after_payment_names_the_overpayment(pool):
    _finals(pool)
    pay.pay_prize(pool, "office-w12", "Ann")
    results.set_result(pool, "nfl-w12", 101, 0, 30)  # a score typed wrong: the home side won that game
    with pytest.raises(ParlayError, match="changes 1 pick'em prize already paid"):
        _finals(pool, 0, 30)  # refused until confirmed: Ann's paid prize moves
    _finals(pool, 0, 30, yes=True)
    report = svc.grade(pool, "office-w12")
    assert payment_notes(report, pay.prizes_paid(pool, "office-w12")) == [
        "Ann was paid $20.00 but now wins $0.00: overpaid $20.00."
    ]


def test_cli_refuses_a_late_pickem_entry_with_one_paragraph(pool, db_path):
    _finals(pool)
    pay.pay_prize(pool, "office-w12", "Ann")
    pool.dispose()
    r = runner.invoke(
        app,
        [
            "--db",
            str(db_path),
            "pickem",
            "entry",
            "add",
            "office-w12",
            "--name",
            "Nina",
            "--picks",
            "101",
            "--unpaid",
        ],
    )
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: prizes of pick'em pool office-w12 were already paid (Ann $20.00)")
    assert "Traceback" not in r.stderr


def test_a_pickem_entry_at_the_first_kickoff_is_refused_unless_late(db_path):
    """The sheet says "In before the first kickoff": an entry received then, picking only games not yet
    started, was stored as on time."""
    from typer.testing import CliRunner

    from parlaycards.cli.main import app
    from parlaycards.core.prizes import parse_prizes
    from parlaycards.services import pickem
    from parlaycards.store import Store

    from .pool_support import new_card

    store = Store(f"sqlite:///{db_path}")
    new_card(store)
    pickem.create_pool(store, "office-w12", card="nfl-w12", fee=Decimal(10), prizes=parse_prizes("100%"))
    pool_made_earlier(store, "office-w12")
    store.dispose()
    later = ["--db", str(db_path), "game", "set", "nfl-w12", "103", "--kickoff", "2026-11-22 16:25"]
    assert CliRunner().invoke(app, later).exit_code == 0
    args = ["--db", str(db_path), "pickem", "entry", "add", "office-w12", "--name", "Di", "--picks", "103"]
    r = CliRunner().invoke(app, [*args, "--received", "2026-11-22 13:00"])
    assert r.exit_code == 2 and "closed at the first kickoff" in " ".join(r.stderr.split()), r.output
    ok = CliRunner().invoke(app, [*args, "--received", "2026-11-22 12:59"])
    assert ok.exit_code == 0, ok.output


def _made(store, when: datetime) -> None:
    from sqlalchemy import text

    with store.transaction() as tx:
        tx.conn.execute(text("UPDATE pickem_pools SET created_at = :t"), {"t": when.isoformat()})


def test_an_entry_dated_before_its_pool_was_made_after_the_games_started_is_refused(
    store, card_in_store, db_path, tmp_path
):
    from parlaycards.demo import samples_pickem
    from parlaycards.store import cards as card_rows

    store.dispose()
    made = runner.invoke(app, ["--db", str(db_path), "pickem", "new", "office-w12", "--card", "nfl-w12"])
    assert made.exit_code == 0, made.output  # made today, after every game of the test week
    args = ["--db", str(db_path), "pickem", "entry", "add", "office-w12", "--name", "Di", "--picks", "101"]
    r = runner.invoke(app, [*args, "--received", "2026-11-19 09:00"])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2, r.output
    assert "this entry is dated Thu Nov 19 09:00, before pick'em pool office-w12 was made (" in said, said
    assert (
        "picks recorded after their game started are never accepted" in said and "Nothing was stored" in said
    )
    assert svc.entries(store, "office-w12").entries == ()
    with store.reading() as tx:
        card = card_rows.latest(tx, "nfl-w12")
    sheet = samples_pickem.write_sample(card, tmp_path / "sheet.xlsx")
    with pytest.raises(RefusedError, match="every row was refused") as refused:
        svc.import_entries(store, "office-w12", EntrySheet(sheet, received=HANDED_IN))
    assert "before pick'em pool office-w12 was made" in str(refused.value)
    assert svc.entries(store, "office-w12").entries == ()
    _made(store, datetime(2026, 11, 19, 12, 0, tzinfo=ET))  # made after Di's sheet, before any game: taken
    ok = runner.invoke(app, [*args, "--received", "2026-11-19 09:00"])
    assert ok.exit_code == 0, ok.output
