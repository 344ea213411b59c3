"""One time zone in every listing: the card's (not UTC)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import RefusedError
from parlaycards.services import entries as svc
from parlaycards.services import grading, results
from parlaycards.store import schema

from .conftest import make_card
from .pool_support import enter, new_card, print_serials

runner = CliRunner()
LA = ZoneInfo("America/Los_Angeles")


def test_cards_listing_shows_when_it_changed_in_the_cards_zone(store, db_path):
    new_card(store, make_card(timezone="America/Los_Angeles"))
    with store.reading() as tx:
        created = tx.conn.execute(select(schema.cards.c.created_at)).scalar()
    store.dispose()
    r = runner.invoke(app, ["--db", str(db_path), "cards"])
    assert r.exit_code == 0, r.stderr
    local = datetime.fromisoformat(created).astimezone(LA)
    assert f"{local:%Y-%m-%d %H:%M} P" in r.stdout  # PST / PDT
    assert created[:16].replace("T", " ") not in r.stdout or local.utcoffset().total_seconds() == 0


def test_the_already_paid_refusal_gives_the_payment_time_in_the_cards_zone(store):
    new_card(store, make_card(timezone="America/Los_Angeles"))
    print_serials(store, "nfl-w12", 2)
    enter(
        store,
        "nfl-w12",
        serial="1",
        name="Dana",
        stake="10",
        picks="101,103,105",
        received="2026-11-21 09:30",
    )
    for number in (101, 103, 105):
        results.set_result(store, "nfl-w12", number, 20, 10)
    grading.grade(store, "nfl-w12")
    svc.pay(store, "nfl-w12", 1)
    with store.reading() as tx:
        at = tx.conn.execute(select(schema.entries.c.paid_at)).scalar()
    local = datetime.fromisoformat(at).astimezone(LA)
    with pytest.raises(RefusedError, match=f"last payment {local:%a %b %d %H:%M %Z}"):
        svc.pay(store, "nfl-w12", 1)
