"""Commands that answer at once: the everyday listings read a SQLite pool through sqlite3 (`store.look`),
without loading SQLAlchemy, and say exactly what the full Store says, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from parlaycards.core.errors import ParlayError
from parlaycards.services import cards, entries, grading, results, voids
from parlaycards.store import Store, schema
from parlaycards.store import cards as card_rows
from parlaycards.store.db import NewerDatabase
from parlaycards.store.look import KNOWN_MIGRATIONS, SCHEMA_VERSION, Look, Pool

from .conftest import make_card
from .pool_support import enter, new_card, print_serials
from .proc_support import env


def test_the_look_knows_the_migrations_and_schema_version_of_the_store():
    assert KNOWN_MIGRATIONS == tuple(name for name, _ in schema.MIGRATIONS)
    assert SCHEMA_VERSION == schema.SCHEMA_VERSION


def _week(store: Store) -> None:
    """A card printed, four entries (one voided, one paid), results stored, graded."""
    new_card(store)
    print_serials(store, "nfl-w12", 10)
    for serial, name in ((1, "Dana"), (2, "Lee"), (3, "Kim"), (4, "Ana")):
        enter(store, "nfl-w12", serial=serial, name=name, stake="10")
    for number, away, home in ((101, 20, 10), (103, 20, 10), (105, 20, 10)):
        results.set_result(store, "nfl-w12", number, away, home)
    voids.void_entry(store, "nfl-w12", 4, "typed twice")
    grading.grade(store, "nfl-w12")
    entries.pay(store, "nfl-w12", 1)


def _listings(pool: Store | Pool) -> tuple[object, ...]:
    return (
        cards.show(pool, "nfl-w12"),
        cards.show(pool, "nfl-w12", 1),
        cards.list_cards(pool, archived=True),
        entries.list_entries(pool, "nfl-w12"),
        entries.list_entries(pool, "nfl-w12", name="dan"),
        results.list_results(pool, "nfl-w12"),
    )


def test_the_listings_read_the_same_through_a_look_as_through_the_store(any_store: Store):
    _week(any_store)
    pool = Pool(any_store.url)
    with pool.reading() as rows:
        assert isinstance(rows, Look) == any_store.sqlite  # PostgreSQL is read through the Store
    through_store = _listings(any_store)
    assert _listings(pool) == through_store
    listed = through_store[3]
    assert [e.serial for e in listed.entries] == ["000001", "000002", "000003"]
    assert [v.entry.serial for v in listed.voided] == ["000004"]
    assert list(listed.payments) == ["000001"] and sorted(listed.settled) == [1, 2, 3]
    with pytest.raises(ParlayError, match='there is no card "nfl-w13". Cards in this pool: nfl-w12.'):
        cards.show(pool, "nfl-w13")
    with pytest.raises(ParlayError, match='card "nfl-w12" has no version 9.'):
        cards.show(pool, "nfl-w12", 9)


def test_a_pool_of_an_older_release_is_migrated_and_read_through_the_store(tmp_path: Path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'pool.db'}"
    with monkeypatch.context() as m:
        m.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:3])
        old = Store(url)
        new_card(old)
        old.dispose()
    pool = Pool(url)
    with pool.reading() as rows:
        assert not isinstance(rows, Look)  # the Store migrated it first
    with pool.reading() as rows:
        assert isinstance(rows, Look)
    assert cards.show(pool, "nfl-w12").card.slug == "nfl-w12"


def test_a_pool_of_a_newer_release_is_refused_as_every_command_refuses_it(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'pool.db'}"
    store = Store(url)
    new_card(store)
    store.dispose()
    with sqlite3.connect(tmp_path / "pool.db") as conn:
        conn.execute("INSERT INTO migrations (name, applied_at) VALUES ('0042_from_the_future', 'now')")
    with pytest.raises(NewerDatabase, match="newer release of parlaycards"):
        cards.list_cards(Pool(url))


def test_no_pool_and_a_file_that_is_not_one_are_said_as_before(tmp_path: Path):
    with pytest.raises(ParlayError, match="there is no pool database at"):
        cards.list_cards(Pool(str(tmp_path / "none.db")))
    (tmp_path / "notes.db").write_text("not a database")
    with pytest.raises(ParlayError, match="is not a parlaycards database"):
        cards.list_cards(Pool(str(tmp_path / "notes.db")))
    assert not (tmp_path / "none.db").exists()


def test_a_look_waits_for_a_writer_then_says_the_pool_is_busy(tmp_path: Path, monkeypatch):
    monkeypatch.setattr("parlaycards.store.look.LOCK_WAIT_S", 0.5)
    url = f"sqlite:///{tmp_path / 'pool.db'}"
    store = Store(url)
    new_card(store)
    store.dispose()
    writer = sqlite3.connect(tmp_path / "pool.db", isolation_level=None)
    writer.execute("BEGIN EXCLUSIVE")  # as a command writing its transaction holds the file
    try:
        with pytest.raises(ParlayError, match="another parlaycards command is writing to the pool database"):
            cards.list_cards(Pool(url))
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert [c.slug for c in cards.list_cards(Pool(url))] == ["nfl-w12"]


_NO_SQLALCHEMY = (
    "import sys\n"
    "from parlaycards.cli.main import main\n"
    "try:\n"
    "    main()\n"
    "except SystemExit as e:\n"
    "    assert not e.code, e.code\n"
    "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'openpyxl', 'reportlab'))\n"
    "print('LOADED', loaded, file=sys.stderr)\n"
    "also = [m for m in ('pydantic', 'pydantic.plugin._loader', 'parlaycards.core.leagues') if m in sys.modules]\n"
    "print('ALSO', also, file=sys.stderr)\n"
)


@pytest.mark.parametrize(
    "args", [["cards"], ["show", "nfl-w12"], ["entries", "nfl-w12"], ["results", "nfl-w12", "--json"]]
)
def test_the_everyday_listings_do_not_load_sqlalchemy(tmp_path: Path, args: list[str]):
    store = Store(f"sqlite:///{tmp_path / 'pool.db'}")
    _week(store)
    store.dispose()
    p = subprocess.run(
        [sys.executable, "-c", _NO_SQLALCHEMY, "--db", str(tmp_path / "pool.db"), *args],
        capture_output=True,
        text=True,
        env=env(),
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    assert "LOADED []" in p.stderr
    # no pydantic validator is built (it would look for plugins through importlib.metadata), nor the
    # leagues' models; `cards` does not load pydantic at all
    assert ("ALSO []" if args == ["cards"] else "ALSO ['pydantic']") in p.stderr
    assert "Houston" in p.stdout or "NFL Week 12" in p.stdout  # the listing itself was printed


def test_a_command_line_naming_one_command_builds_that_command_alone(monkeypatch):
    from parlaycards.cli.main import app, command_named, hoist_db, only

    assert command_named(hoist_db(["show", "nfl-w12", "--db", "pool.db"])) == "show"
    assert command_named(["--db=pool.db", "game", "add", "nfl-w12"]) == "game"
    assert command_named(["--version"]) is None and command_named(["--db", "pool.db"]) is None
    one = only("show")
    assert [c.name for c in one.registered_commands] == ["show"] and one.registered_groups == []
    assert [g.name for g in only("game").registered_groups] == ["game"]
    assert len(app.registered_commands) > 10  # the whole app is left as it is
    assert only(None) is app and only("shwo") is app  # a mistyped name is told the names there are
    monkeypatch.setenv("_PARLAYCARDS_COMPLETE", "bash_complete")
    assert only("show") is app  # completion offers every command


def _tree(command: Any) -> list[object]:
    """A click command as its name, its parameters' names and its subcommands', recursively."""
    subs = getattr(command, "commands", {}) or {}
    return [command.name, [p.name for p in command.params], [_tree(subs[n]) for n in sorted(subs)]]


_ALONE = (
    "import json, sys, typer.main\n"
    "from parlaycards.cli.main import only\n"
    "from tests.test_startup import _tree\n"
    "name = sys.argv[1]\n"
    "print(json.dumps(_tree(typer.main.get_command(only(name)).commands[name])))\n"
)


def test_a_command_built_alone_is_the_command_of_the_whole_app():
    import typer.main
    from typer.models import TyperInfo

    from parlaycards.cli.main import MODULES, NEEDS, app, registered

    made = [
        i for m in MODULES for i in (*registered(m).registered_commands, *registered(m).registered_groups)
    ]
    assert set(NEEDS) == {i.name for i in made}  # every top-level command has its modules, and no other name
    whole: Any = typer.main.get_command(app)
    groups = [i.name for i in made if isinstance(i, TyperInfo)]
    assert "result" in groups and "pickem" in groups
    for name in groups:  # each in a process of its own, as a command line builds it (`result fetch` too)
        p = subprocess.run(
            [sys.executable, "-c", _ALONE, name],
            capture_output=True,
            text=True,
            env=env(),
            timeout=120,
            cwd=Path(__file__).parents[1],
        )
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout) == _tree(whole.commands[name]), name


def test_what_the_store_holds_is_made_again_as_validating_it_would_make_it(store: Store):
    """Read commands make stored cards and entries again without validating them (no validator built):
    every kind of field comes back as pydantic reads it, to the type of each value and its time zone."""
    from datetime import UTC, date, datetime, timedelta, timezone
    from decimal import Decimal

    from parlaycards.core.models import Card, Entry
    from parlaycards.store.stored import remade

    data = make_card(games=4).model_dump()
    for g in data["games"]:
        g["tease"] = Decimal("6.5")
    data["games"][0]["kickoff"] = date(2026, 11, 22)  # a time still to be set
    data["games"][1]["kickoff"] = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
    data["games"][2].update(
        off=True, off_at=datetime(2026, 11, 21, 9, 30, tzinfo=timezone(timedelta(hours=5.5)))
    )
    data["games"][3].update(total=None, neutral=True, numbers={"away": 107, "home": 108})
    data["teaser"] = Decimal("6.5")
    data["payouts"].update(
        max_payout=Decimal("250.60"),
        tiers=[*data["payouts"]["tiers"], {"picks": 4, "hits": 3, "odds": "13-5"}],
    )
    data["rules"].update(cutoff=datetime(2026, 11, 22, 12, 55, tzinfo=UTC), ties="reduce")
    with store.transaction() as tx:
        saved = card_rows.save(tx, Card.model_validate(data), "every kind of field")
        text = next(tx.rows("SELECT data FROM card_versions WHERE slug = :slug", slug=saved.slug))[0]
        again = card_rows.get(tx, saved.slug, saved.version)
    validated = Card.model_validate_json(text)
    assert again == validated == saved
    # dates stay dates, and offsets are pydantic's own (their names print alike)
    assert repr(again) == repr(validated)
    assert again.model_dump_json() == text
    entry = Entry(
        serial="000001", code="K7M2QX", name="Dana", stake=Decimal("10.00"), picks=(101, 103),
        received_at=datetime(2026, 11, 22, 12, 0, 30, tzinfo=UTC), late=True, source="scan", version=2,
    )  # fmt: skip
    stored = entry.model_dump_json()
    assert repr(remade(Entry, json.loads(stored))) == repr(Entry.model_validate_json(stored))
