"""Results: one row per game of a card (by game key, the away selection number), shared by every
version of the card and by pick'em pools on it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..core.models import Result
from .common import iso, now

if TYPE_CHECKING:
    from .look import Rows
    from .tx import Tx

# The reads speak plain SQL through `rows` (a `look.Look` or a `Tx`): `results` reads a SQLite pool
# without loading SQLAlchemy. The writes build their statements with SQLAlchemy.

# A result's columns, in the order they are read: each is a field of `Result` of the same name.
COLUMNS = ("game", "away_score", "home_score", "cancelled", "away_out", "home_out")


def of(tx: Rows, slug: str) -> dict[int, Result]:
    """The card's results by game key."""
    rows = tx.rows(
        f"SELECT {', '.join(COLUMNS)} FROM results WHERE slug = :slug",
        slug=slug,
    )
    # Rows were validated on the way in: construct without validating again.
    return {
        game: Result.model_construct(
            game=game,
            away_score=None if cancelled else away,
            home_score=None if cancelled else home,
            cancelled=bool(cancelled),
            away_out=away_out or None,
            home_out=home_out or None,
        )
        for game, away, home, cancelled, away_out, home_out in rows
    }


def updated_at(tx: Rows, slug: str) -> dict[int, str]:
    return dict(tx.rows("SELECT game, updated_at FROM results WHERE slug = :slug", slug=slug))


def put(tx: Tx, slug: str, results: Iterable[Result]) -> list[tuple[Result | None, Result]]:
    """Store results (a game's new result replaces its old one); returns (old, new) for each that changed."""
    from sqlalchemy import delete, insert

    from . import schema

    R = schema.results.c
    before = of(tx, slug)
    changed: list[tuple[Result | None, Result]] = []
    at = iso(now())
    for r in results:
        old = before.get(r.game)
        if old == r:
            continue
        if old is not None:
            tx.conn.execute(delete(schema.results).where(R.slug == slug, R.game == r.game))
        tx.conn.execute(
            insert(schema.results).values(slug=slug, updated_at=at, **{c: getattr(r, c) for c in COLUMNS})
        )
        before[r.game] = r
        changed.append((old, r))
    return changed


def count(tx: Rows, slug: str) -> int:
    """How many results card `slug` has."""
    return int(next(tx.rows("SELECT count(*) FROM results WHERE slug = :slug", slug=slug))[0] or 0)


def delete_of(tx: Tx, slug: str) -> None:
    """Every result of card `slug` (the card is being deleted)."""
    from sqlalchemy import delete

    from . import schema

    tx.conn.execute(delete(schema.results).where(schema.results.c.slug == slug))
