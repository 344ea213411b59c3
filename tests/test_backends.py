"""The store and the commands on both backends: a SQLite file and a real PostgreSQL server."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sqlalchemy import insert, text
from sqlalchemy.exc import IntegrityError
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import NotFoundError, ParlayError
from parlaycards.store import Conflict, Store, batches, retry_conflicts, schema
from parlaycards.store import cards as card_rows

from .conftest import make_card
from .pool_support import printed_earlier

SAMPLES = Path(__file__).resolve().parents[1] / "sample_lines"


def test_versions_secret_serials_and_a_failed_command(any_store: Store):
    with any_store.transaction() as tx:
        v1 = card_rows.save(tx, make_card(), "first")
        v2 = card_rows.save(tx, make_card(title="Changed"), "second")
        assert len(tx.secret) == 32
        assert tx.take_serials(500) == (1, 500)
        assert tx.take_serials(2) == (501, 502)
    assert (v1.version, v2.version) == (1, 2)
    with pytest.raises(RuntimeError), any_store.transaction() as tx:
        card_rows.save(tx, make_card(title="Half"), "half")
        tx.take_serials(10)
        raise RuntimeError("boom")
    with any_store.reading() as tx:
        assert card_rows.latest(tx, "nfl-w12").title == "Changed"
        assert tx.next_serial() == 503
        with pytest.raises(NotFoundError, match='no card "nope". Cards in this pool: nfl-w12'):
            card_rows.latest(tx, "nope")
        names = set(tx.conn.execute(text("select name from migrations")).scalars())
    assert {name for name, _ in schema.MIGRATIONS} == names


@pytest.mark.parametrize(
    "first,last,overlap", [(5, 12, True), (10, 10, True), (1, 1, True), (0, 3, False), (30, 29, False)]
)
def test_the_database_refuses_a_batch_that_shares_a_serial(
    any_store: Store, first: int, last: int, overlap: bool
):
    with any_store.transaction() as tx:
        batches.record(tx, "nfl-w12", 1, "letter-2up", 1, 10, "a.pdf", "0" * 64)
        batches.record(tx, "nfl-w12", 1, "letter-2up", 11, 20, "b.pdf", "0" * 64)
    # written past the code, as a second program would: the database itself says no
    with pytest.raises(Conflict if overlap else (Conflict, IntegrityError)), any_store.transaction() as tx:
        tx.conn.execute(
            insert(schema.batches).values(
                slug="x",
                version=1,
                template="t",
                first_serial=first,
                last_serial=last,
                file="c.pdf",
                sha256="0" * 64,
                created_at="now",
            )
        )
    with any_store.reading() as tx:
        assert [(b.first_serial, b.last_serial) for b in batches.all_batches(tx)] == [(1, 10), (11, 20)]


def test_a_conflict_is_run_again_then_said_plainly(any_store: Store):
    calls = []

    @retry_conflicts
    def clash() -> None:
        calls.append(1)
        with any_store.transaction() as tx:
            batches.record(tx, "nfl-w12", 1, "letter-2up", 1, 10, f"{len(calls)}.pdf", "0" * 64)

    clash()
    with pytest.raises(Conflict, match="changed the same rows .* at the same moment. Nothing was changed"):
        clash()
    assert len(calls) == 1 + 12  # retry_conflicts tries 12 times (8 commands at once settle in turn)
    with any_store.reading() as tx:
        assert len(batches.all_batches(tx)) == 1


def _cli(url: str, *args: str) -> tuple[int, str]:
    r = CliRunner().invoke(app, ["--db", url, *args])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r.exit_code, r.stdout if "--json" in args else r.output


def test_a_week_through_the_commands(pool_url: str, tmp_path: Path):
    """import, print, enter (typed and imported), score, grade, pay: the same on both backends."""
    code, out = _cli(pool_url, "import", str(SAMPLES / "nfl-week-12.xlsx"), "--card", "nfl-w12")
    assert code == 0, out
    code, out = _cli(pool_url, "pool", "show")
    assert code == 0 and "Verify codes: required on every entry." in out, out  # a new pool's default
    code, out = _cli(pool_url, "pool", "set", "--no-require-code")  # the sample sheet has no Code column
    assert code == 0 and "Verify codes: optional" in out, out
    code, out = _cli(pool_url, "print", "nfl-w12", "--copies", "40", "--out", str(tmp_path / "cards.pdf"))
    assert code == 0, out
    assert (tmp_path / "cards.pdf").exists() and not list(tmp_path.glob("*.part*"))
    printed_earlier(store := Store(pool_url), "nfl-w12")  # the sample week's cards are handed in Nov 19
    store.dispose()
    code, out = _cli(pool_url, "entry", "import", "nfl-w12", str(SAMPLES / "entries-nfl-w12.xlsx"))
    assert code in (0, 1), out
    code, again = _cli(pool_url, "entry", "import", "nfl-w12", str(SAMPLES / "entries-nfl-w12.xlsx"))
    assert code == 1 and "already entered" in again
    code, out = _cli(pool_url, "result", "import", "nfl-w12", str(SAMPLES / "scores-nfl-w12.xlsx"))
    assert code == 0, out
    code, out = _cli(pool_url, "grade", "nfl-w12", "--json", "--xlsx", str(tmp_path / "r.xlsx"))
    assert code == 0, out
    report = json.loads(out)
    assert len(report["entries"]) > 10 and report["totals"]["payouts"]
    assert (tmp_path / "r.xlsx").exists()
    code, out = _cli(pool_url, "cards", "--json")
    assert code == 0 and json.loads(out)[0]["slug"] == "nfl-w12"


def test_the_demo_week_gives_the_same_figures_on_both(pg_cluster, tmp_path: Path):
    from parlaycards.demo.run import STEPS
    from parlaycards.io.lines import Asked
    from parlaycards.services import cards as card_svc
    from parlaycards.services.cards import Into

    told = {}
    for name, url in (
        ("sqlite", f"sqlite:///{tmp_path / 'demo.db'}"),
        ("postgresql", pg_cluster.new_database()),
    ):
        out = tmp_path / name
        store = Store(url)
        said = []
        for slug, sheet in (
            ("nfl-w12", "nfl-week-12.xlsx"),
            ("ncaa-w13", "ncaa-week-13.xlsx"),
            ("combo-w12", "combo-week-12.xlsx"),
        ):
            card_svc.import_lines(store, Asked(SAMPLES / sheet), Into(slug=slug))
        for step in STEPS:
            if step.__name__ != "_scan":  # scanning has its own tests; the figures come from the pool
                said += step(store, out, SAMPLES, lambda _: None)
        store.dispose()
        told[name] = [re.sub(re.escape(str(out)), "OUT", line) for line in said]
    assert any("Graded nfl-w12" in line for line in told["sqlite"])
    assert told["postgresql"] == told["sqlite"]


def test_a_writer_kept_waiting_on_postgresql_says_so(pg_cluster):
    """A row lock held past the lock timeout (5 s): the busy paragraph, nothing changed."""
    url = pg_cluster.new_database()
    holder, second = Store(url), Store(url)
    with holder.transaction() as tx:
        tx.take_serials(10)  # holds the counter's row
        with pytest.raises(
            ParlayError,
            match="another parlaycards command is writing to the pool database "
            "postgresql\\+psycopg://parlay@127.0.0.1:[0-9]+/.* Nothing was changed",
        ):
            with second.transaction() as tx2:
                tx2.take_serials(5)
    with second.reading() as tx:
        assert tx.next_serial() == 11
    holder.dispose()
    second.dispose()
