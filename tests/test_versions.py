"""`card delete` (never printed only) and `card revert --to N` (a new version with N's content)."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from sqlalchemy import func, select
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core import edits
from parlaycards.core.errors import NotFoundError, ParlayError, RefusedError
from parlaycards.services import results, versions
from parlaycards.store import cards as card_rows
from parlaycards.store import schema

from .conftest import make_card
from .pool_support import change, new_card, print_serials

runner = CliRunner()


def _versions(store, slug):
    with store.reading() as tx:
        return tx.conn.execute(
            select(func.count()).select_from(schema.cards).where(schema.cards.c.slug == slug)
        ).scalar()


def test_delete_a_card_never_printed_with_its_results(store):
    new_card(store)
    change(store, "nfl-w12", lambda c: edits.with_game(c, 101, spread=Decimal("-4")))
    new_card(store, make_card(slug="ncaa-w13", title="NCAA"))
    results.set_result(store, "nfl-w12", 101, 20, 10)
    done = versions.delete_card(store, "nfl-w12")
    assert (done.slug, done.versions, done.results) == ("nfl-w12", 2, 1)
    assert (_versions(store, "nfl-w12"), _versions(store, "ncaa-w13")) == (0, 1)
    with store.reading() as tx:
        assert tx.conn.execute(select(func.count()).select_from(schema.results)).scalar() == 0
        detail = json.loads(
            tx.conn.execute(
                select(schema.audit.c.detail).where(schema.audit.c.action == "card.delete")
            ).scalar()
        )
    assert detail["versions"] == 2 and detail["last_version"]["games"][0]["spread"] == "-4"
    with pytest.raises(NotFoundError, match='there is no card "nfl-w12"'):
        versions.delete_card(store, "nfl-w12")


def test_a_printed_card_is_not_deleted_and_the_batch_is_named(store):
    new_card(store)
    print_serials(store, "nfl-w12", 20)
    with pytest.raises(
        RefusedError,
        match=r"card nfl-w12 cannot be deleted: it has been printed — serials "
        r"000001–000020 of version 1 on .* \(nfl-w12.pdf\)",
    ):
        versions.delete_card(store, "nfl-w12")
    assert _versions(store, "nfl-w12") == 1


def test_revert_makes_a_new_version_with_the_old_content(store):
    new_card(store)
    change(store, "nfl-w12", lambda c: edits.with_game(c, 101, spread=Decimal("-4")))
    change(store, "nfl-w12", lambda c: edits.set_rules(c, min_picks=4))
    saved = versions.revert_card(store, "nfl-w12", 1)
    assert (saved.card.version, saved.note) == (4, "reverted to version 1")
    with store.reading() as tx:
        v1, v4 = card_rows.get(tx, "nfl-w12", 1), card_rows.latest(tx, "nfl-w12")
    assert v4.games == v1.games and v4.rules == v1.rules and v4.payouts == v1.payouts
    with pytest.raises(
        ParlayError, match="nothing to change: card nfl-w12 version 4 already says what version 1"
    ):
        versions.revert_card(store, "nfl-w12", 1)
    with pytest.raises(ParlayError, match="--to 9: card nfl-w12 has versions 1 to 4"):
        versions.revert_card(store, "nfl-w12", 9)


def test_a_revert_keeps_a_kickoff_known_by_its_day_only(store):
    """A game known only by its day (TBA) came back from a revert as midnight of that day, moved into the
    card's time zone (the evening before), and the card then stopped `show` and `print` (TypeError)."""
    from datetime import date

    card = make_card()
    day = date(2026, 11, 22)
    new_card(
        store,
        card.model_copy(
            update={"games": (card.games[0].model_copy(update={"kickoff": day}),) + card.games[1:]}
        ),
    )
    change(store, "nfl-w12", lambda c: edits.with_game(c, 103, spread=Decimal("-4")))
    saved = versions.revert_card(store, "nfl-w12", 1)
    assert saved.card.games[0].kickoff == day and type(saved.card.games[0].kickoff) is date
    assert [c for c in saved.changes if "kickoff" in str(c)] == []


def test_cli_card_delete_and_revert(store, db_path):
    new_card(store)
    change(store, "nfl-w12", lambda c: edits.with_game(c, 101, spread=Decimal("-4")))
    print_serials(store, "nfl-w12", 2)
    new_card(store, make_card(slug="draft", title="Draft"))
    store.dispose()
    db = ["--db", str(db_path)]
    r = runner.invoke(app, [*db, "card", "revert", "nfl-w12", "--to", "1"])
    assert r.exit_code == 0, r.stderr
    assert r.stderr.startswith(
        "nfl-w12 version 3: reverted to version 1.\n"
        "  game 101 Buffalo Bills at Houston Texans: Houston Texans -4 → -3½\n"  # what the revert changed
        "Cards already printed from version 2 keep"
    )
    r = runner.invoke(app, [*db, "card", "delete", "nfl-w12"])
    assert r.exit_code == 2 and r.stderr.startswith(
        "Error: card nfl-w12 cannot be deleted: it has been printed"
    )
    r = runner.invoke(app, [*db, "card", "delete", "draft"])
    assert (r.exit_code, r.stderr) == (
        0,
        'Deleted card draft ("Draft"): 1 version. The audit log keeps its last version.\n',
    )
