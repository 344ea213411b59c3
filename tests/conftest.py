"""Shared fixtures: a pool database in a temp folder and a small card built in code."""

from __future__ import annotations

import os
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from parlaycards.core.models import Card, Game, SelectionNumbers
from parlaycards.store import Store
from parlaycards.store import cards as card_rows

ET = ZoneInfo("America/New_York")

TEAMS = [
    ("Buffalo Bills", "Houston Texans", "-3.5", "44.5"),
    ("Dallas Cowboys", "New York Giants", "2.5", "41"),
    ("Kansas City Chiefs", "Las Vegas Raiders", "7", "47.5"),
    ("Green Bay Packers", "Chicago Bears", "-1.5", "38.5"),
    ("Baltimore Ravens", "Pittsburgh Steelers", "3", "42.5"),
    ("Miami Dolphins", "New England Patriots", "0", "39"),
]


def make_card(slug: str = "nfl-w12", games: int = 6, **extra) -> Card:
    out = []
    for i, (away, home, spread, total) in enumerate(TEAMS[:games]):
        out.append(
            Game(
                league="NFL",
                kickoff=datetime(2026, 11, 22, 13, 0, tzinfo=ET),
                away=away,
                home=home,
                spread=Decimal(spread),
                total=Decimal(total),
                numbers=SelectionNumbers(
                    away=101 + 2 * i, home=102 + 2 * i, over=201 + 2 * i, under=202 + 2 * i
                ),
            )
        )
    extra.setdefault("title", "NFL Week 12")
    return Card(slug=slug, games=tuple(out), **extra)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "pool.db"


@pytest.fixture
def store(db_path: Path) -> Store:
    s = Store(f"sqlite:///{db_path}")
    yield s
    s.dispose()


@pytest.fixture
def card_in_store(store: Store) -> Card:
    with store.transaction() as tx:
        return card_rows.save(tx, make_card(), "test card")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--regen-golden", action="store_true", help="rewrite tests/golden/ from what the code makes now"
    )


@pytest.fixture
def regen_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--regen-golden"))


# --------------------------------------------------------------------------------------- both backends
# Tests that take `pool_url` or `any_store` run twice: on a SQLite file and on a throwaway PostgreSQL
# server (tests/pg_cluster.py), started once per session. Without PostgreSQL that half is skipped with
# a line saying why; under CI (the CI variable set) it fails instead.

_PG_SKIPPED: list[str] = []


@pytest.fixture(scope="session")
def pg_cluster():
    from .pg_cluster import Cluster, find_binaries

    bindir, why = find_binaries()
    if bindir is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set, and the PostgreSQL half cannot run: {why}")
        _PG_SKIPPED.append(why)
        pytest.skip(f"PostgreSQL half skipped: {why}")
    cluster = Cluster.start()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def pool_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A new, empty pool database on the backend under test: a SQLAlchemy URL."""
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'pool.db'}"
    return request.getfixturevalue("pg_cluster").new_database()


@pytest.fixture
def any_store(pool_url: str) -> Store:
    s = Store(pool_url)
    yield s
    s.dispose()


def pytest_terminal_summary(terminalreporter) -> None:
    if _PG_SKIPPED:
        terminalreporter.write_line(f"PostgreSQL half skipped: {_PG_SKIPPED[0]}")
