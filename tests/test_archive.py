"""Issue 18: a printed test card can be archived out of the listings; nothing is deleted."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError, RefusedError
from parlaycards.services import cards as card_svc
from parlaycards.services import history, versions
from parlaycards.store import Store

from .conftest import make_card
from .pool_support import enter, new_card, print_serials

runner = CliRunner()


def _tables(store: Store) -> dict[str, int]:
    from sqlalchemy import func, select

    from parlaycards.store import schema

    with store.reading() as tx:
        return {
            t.name: tx.conn.execute(select(func.count()).select_from(t)).scalar()
            for t in (schema.cards, schema.batches, schema.entries, schema.results)
        }


def test_archiving_hides_a_card_from_the_listing_and_deletes_nothing(any_store: Store):
    new_card(any_store)
    new_card(any_store, make_card(slug="test-card"))
    print_serials(any_store, "test-card", 2)
    before = _tables(any_store)
    done = versions.archive_card(any_store, "test-card")
    assert (done.slug, done.entries) == ("test-card", 0)
    assert [c.slug for c in card_svc.list_cards(any_store)] == ["nfl-w12"]
    every = card_svc.list_cards(any_store, archived=True)
    assert [(c.slug, c.archived) for c in every] == [("nfl-w12", False), ("test-card", True)]
    assert _tables(any_store) == before
    assert card_svc.show(any_store, "test-card").card.slug == "test-card"  # every command still takes it
    with pytest.raises(ParlayError, match="card test-card is already archived"):
        versions.archive_card(any_store, "test-card")
    versions.unarchive_card(any_store, "test-card")
    assert [c.slug for c in card_svc.list_cards(any_store)] == ["nfl-w12", "test-card"]
    with pytest.raises(ParlayError, match="card test-card is not archived"):
        versions.unarchive_card(any_store, "test-card")
    kinds = [(e.action, e.kind) for e in history.history(any_store, "test-card", ("archive",)).events]
    assert kinds == [("card.archive", "archive"), ("card.unarchive", "archive")]


def test_a_card_with_entries_is_refused_naming_how_many_unless_forced(any_store: Store):
    new_card(any_store)
    print_serials(any_store, "nfl-w12", 3)
    for serial in ("1", "2"):
        enter(any_store, "nfl-w12", serial=serial, received="2026-11-20 12:00")
    before = _tables(any_store)
    with pytest.raises(RefusedError, match=r"card nfl-w12 has 2 entries: archiving would take a played card"):
        versions.archive_card(any_store, "nfl-w12")
    assert [c.slug for c in card_svc.list_cards(any_store)] == ["nfl-w12"]
    assert versions.archive_card(any_store, "nfl-w12", force=True).entries == 2
    assert card_svc.list_cards(any_store) == [] and _tables(any_store) == before


def test_cli_archive_cards_all_and_refusal(tmp_path):
    db = ["--db", str(tmp_path / "pool.db")]
    store = Store(f"sqlite:///{tmp_path / 'pool.db'}")
    new_card(store)
    new_card(store, make_card(slug="test-card"))
    print_serials(store, "nfl-w12", 2)
    enter(store, "nfl-w12", serial="1", received="2026-11-20 12:00")
    store.dispose()
    r = runner.invoke(app, [*db, "card", "archive", "nfl-w12"])
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr.startswith(
        "Error: card nfl-w12 has 1 entry: archiving would take a played card out of the "
    )
    assert "add --force if it is a test card" in r.stderr
    r = runner.invoke(app, [*db, "card", "archive", "test-card"])
    assert r.exit_code == 0
    assert r.stderr.startswith(
        'Archived card test-card ("NFL Week 12"): out of `parlaycards cards`, nothing deleted.'
    )
    r = runner.invoke(app, [*db, "cards"], env={"COLUMNS": "200"})
    assert "test-card" not in r.stdout and "nfl-w12" in r.stdout
    assert "1 archived card not listed (see it with: parlaycards cards --all)." in r.stderr
    r = runner.invoke(app, [*db, "cards", "--all", "--json"])
    assert [(c["slug"], c["archived"]) for c in json.loads(r.stdout)] == [
        ("nfl-w12", False),
        ("test-card", True),
    ]
    r = runner.invoke(app, [*db, "cards", "--all"], env={"COLUMNS": "200"})
    assert "test-card (archived)" in r.stdout


def test_importing_onto_an_archived_card_says_it_is_archived(tmp_path):
    from pathlib import Path

    lines = Path(__file__).parent.parent / "sample_lines" / "nfl-week-12.csv"
    db = ["--db", str(tmp_path / "pool.db")]
    assert runner.invoke(app, [*db, "import", str(lines), "--card", "w12"]).exit_code == 0
    assert runner.invoke(app, [*db, "card", "archive", "w12"]).exit_code == 0
    r = runner.invoke(app, [*db, "import", str(lines), "--card", "w12", "--new"])
    assert r.exit_code == 0, r.stderr
    assert (
        "Card w12 is archived, so `parlaycards cards` does not list it; bring it back with: parlaycards card "
        "unarchive w12" in r.stderr
    )
    r = runner.invoke(app, [*db, "import", str(lines), "--card", "w13"])
    assert "archived" not in r.stderr
