import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlaycards.core.errors import NotFoundError, ParlayError
from parlaycards.store import Store, open_store
from parlaycards.store import cards as card_rows

from .conftest import make_card


def test_versions_are_immutable_rows(store):
    with store.transaction() as tx:
        v1 = card_rows.save(tx, make_card(), "first")
        v2 = card_rows.save(tx, make_card(title="Changed"), "second")
    assert (v1.version, v2.version) == (1, 2)
    with store.transaction() as tx:
        assert card_rows.get(tx, "nfl-w12", 1).title == "NFL Week 12"
        assert card_rows.latest(tx, "nfl-w12").title == "Changed"
        assert [v for v, _, _ in card_rows.history(tx, "nfl-w12")] == [1, 2]


def test_a_failed_command_leaves_nothing(store):
    with pytest.raises(RuntimeError), store.transaction() as tx:
        card_rows.save(tx, make_card(), "half")
        raise RuntimeError("boom")
    with store.transaction() as tx:
        assert card_rows.summaries(tx) == []


def test_secret_and_serials_and_audit(store, db_path):
    with store.transaction() as tx:
        secret = tx.secret
        assert len(secret) == 32
        assert tx.take_serials(500) == (1, 500)
        assert tx.take_serials(2) == (501, 502)
        card_rows.save(tx, make_card(), "x")
    con = sqlite3.connect(db_path)
    actions = [r[0] for r in con.execute("select action from audit_log")]
    assert "card.version" in actions
    assert ("0001_initial",) in con.execute("select name from migrations").fetchall()
    con.close()


def test_unknown_card_lists_the_pool(store, card_in_store):
    with (
        store.transaction() as tx,
        pytest.raises(NotFoundError, match='no card "nope". Cards in this pool: nfl-w12'),
    ):
        card_rows.latest(tx, "nope")


def test_not_a_database(tmp_path):
    bogus = tmp_path / "pool.db"
    bogus.write_text("hello")
    with pytest.raises(ParlayError, match="is not a parlaycards database"):
        open_store(str(bogus))


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(
    games=st.integers(1, 6),
    title=st.text(min_size=1, max_size=40).filter(lambda s: s.strip()),
    ties=st.sampled_from(["lose", "win", "reduce"]),
)
def test_store_round_trips_any_valid_card(tmp_path, games, title, ties):
    from parlaycards.core.models import Rules

    s = Store(f"sqlite:///{tmp_path / 'rt.db'}")
    card = make_card(games=games, title=title, rules=Rules(ties=ties))
    with s.transaction() as tx:
        stored = card_rows.save(tx, card, "rt")
        assert card_rows.get(tx, card.slug, stored.version) == stored
        assert stored.model_dump(exclude={"version", "note"}) == card.model_dump(exclude={"version", "note"})
    s.dispose()
    (tmp_path / "rt.db").unlink()
