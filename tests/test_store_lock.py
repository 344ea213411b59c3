"""A locked database: listings still read; a writer waiting too long gets one clear message."""

from __future__ import annotations

import pytest

from parlaycards.core.errors import ParlayError
from parlaycards.services import cards as card_svc
from parlaycards.services import entries as entry_svc
from parlaycards.store import Store


def test_listings_read_while_another_command_writes(store: Store, card_in_store, db_path):
    other = Store(f"sqlite:///{db_path}")
    with other.transaction() as tx:  # another command holds the write lock …
        tx.set_meta("note", "busy")
        assert [c.slug for c in card_svc.list_cards(store)] == ["nfl-w12"]  # … and a listing still reads
        assert entry_svc.list_entries(store, "nfl-w12").entries == ()
    other.dispose()


def test_a_writer_that_cannot_get_the_lock_says_so(store: Store, card_in_store, db_path):
    """Waits the busy timeout (5 s), then one paragraph: no traceback, nothing changed."""
    other = Store(f"sqlite:///{db_path}")
    second = Store(f"sqlite:///{db_path}")
    with other.transaction() as tx:
        tx.set_meta("note", "busy")
        with pytest.raises(
            ParlayError, match="another parlaycards command is writing .* Nothing was changed"
        ):
            with second.transaction() as tx2:
                tx2.set_meta("note", "me too")
    with store.reading() as tx:
        assert tx.meta("note") == "busy"
    other.dispose()
    second.dispose()
