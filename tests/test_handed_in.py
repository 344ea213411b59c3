"""A card is handed in after it is printed: a received time (`--received`, a Received cell) earlier than
its serial's print batch is refused, naming the print time; `history` shows the hand-in time of a card
entered with a received time earlier than its entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import RefusedError
from parlaycards.core.handed import EntrySheet
from parlaycards.services import entries as svc
from parlaycards.services import history
from parlaycards.store import Store

from .conftest import make_card
from .pool_support import code, enter, new_card, print_serials, xlsx

runner = CliRunner()


@pytest.fixture
def printed(store: Store) -> Store:
    new_card(store, make_card())
    print_serials(store, "nfl-w12", 4)  # printed Mon Nov 16 09:00 EST
    return store


def test_a_card_received_before_it_was_printed_is_refused_naming_the_print_time(printed: Store):
    with pytest.raises(RefusedError) as got:
        enter(printed, "nfl-w12", serial="1", received="2026-11-14 12:00")
    said = " ".join(got.value.problems)
    assert (
        "received Sat Nov 14 2026 12:00, before serial 000001 was printed (Mon Nov 16 2026 09:00 EST)" in said
    )
    assert svc.list_entries(printed, "nfl-w12").entries == ()
    # the minute it was printed, and later, are fine
    assert enter(printed, "nfl-w12", serial="1", received="2026-11-16 09:00").serial == "000001"


def test_a_received_cell_before_the_print_is_refused_at_its_row(printed: Store, tmp_path: Path):
    sheet = xlsx(
        tmp_path / "in.xlsx",
        [
            ["Serial", "Code", "Name", "Stake", "Picks", "Received"],
            ["000002", code(printed, "nfl-w12", 1, 2), "Ann", 5, "101,103,105", "2026-11-13 18:30"],
            ["000003", code(printed, "nfl-w12", 1, 3), "Bo", 5, "101,103,105", "2026-11-19 08:00"],
        ],
    )
    done = svc.import_entries(printed, "nfl-w12", EntrySheet(sheet))
    assert [e.serial for e in done.stored] == ["000003"]
    assert len(done.refused) == 1 and "before serial 000002 was printed" in str(done.refused[0])


def test_history_shows_when_a_card_was_handed_in(printed: Store, db_path: Path):
    enter(printed, "nfl-w12", serial="1", name="Kim", received="2026-11-19 09:00")
    texts = [e.text for e in history.history(printed, "nfl-w12").events]
    assert "card 000001 entered: Kim, $5.00 on 101, 103, 105 (handed in Thu Nov 19 09:00)" in texts
    assert "printed 4 cards, serials 000001–000004, version 1 on letter-2up → nfl-w12.pdf" in texts
    r = runner.invoke(app, ["--db", str(db_path), "history", "nfl-w12"])
    assert r.exit_code == 0, r.stderr
    assert "(handed in Thu Nov 19 09:00)" in " ".join(r.stdout.split())


def test_a_reprinted_card_is_handed_in_after_its_reprint(any_store: Store, tmp_path: Path):
    """A card reprinted (jammed, lost before it was handed out) was taken as printed with its batch: the
    replacement could be entered as handed in days before it existed. Its printed time is its last reprint.
    On SQLite and PostgreSQL."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from sqlalchemy import text

    from parlaycards.services import reprint

    printed = any_store
    new_card(printed, make_card())
    print_serials(printed, "nfl-w12", 4)
    reprint.reprint(printed, "nfl-w12", 2, folder=tmp_path / "out")
    again = datetime(2026, 11, 18, 10, 0, tzinfo=ZoneInfo("America/New_York"))  # the reprint, dated
    with printed.transaction() as tx:
        tx.conn.execute(
            text("UPDATE audit_log SET at = :t WHERE action = 'print.reprint'"), {"t": again.isoformat()}
        )
    with pytest.raises(RefusedError) as got:
        enter(printed, "nfl-w12", serial="2", received="2026-11-17 12:00")
    said = " ".join(got.value.problems)
    assert (
        "received Tue Nov 17 2026 12:00, before serial 000002 was reprinted (Wed Nov 18 2026 10:00 EST)"
        in said
    ), said
    assert (
        enter(printed, "nfl-w12", serial="1", received="2026-11-17 12:00").serial == "000001"
    )  # not reprinted
    assert enter(printed, "nfl-w12", serial="2", name="Lu", received="2026-11-18 10:00").serial == "000002"
    texts = [e.text for e in history.history(printed, "nfl-w12").events]
    assert any(
        t.startswith("card 000002 entered: Lu") and t.endswith("(reprinted Wed Nov 18 10:00)") for t in texts
    )
    assert not any(t.startswith("card 000001 entered") and "reprinted" in t for t in texts), texts


def test_a_day_alone_is_handed_in_at_its_midnight_on_the_cards_clock():
    """`core.zones.handed_in` is the one rule (scanning kept a copy of its own that also took a day alone)."""
    from datetime import UTC, date, datetime
    from zoneinfo import ZoneInfo

    from parlaycards.core.zones import YearlessDateTime, handed_in

    card = make_card()
    assert handed_in(date(2026, 11, 20), card) == datetime(2026, 11, 20, tzinfo=ZoneInfo("America/New_York"))
    assert handed_in(datetime(2026, 11, 20, 12, 30), card) == datetime(
        2026, 11, 20, 12, 30, tzinfo=ZoneInfo("America/New_York")
    )
    assert handed_in(YearlessDateTime(2000, 11, 20, 12, 30), card).year == 2026  # the year of the card's week
    assert handed_in(None, card).tzinfo is UTC
