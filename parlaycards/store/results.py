"""Results: one row per game of a card (by game key, the away selection number), shared by every
version of the card and by pick'em pools on it."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import delete, func, insert, select

from ..core.models import Result
from . import schema
from .tx import Tx, iso, now

R = schema.results.c


def of(tx: Tx, slug: str) -> dict[int, Result]:
    """The card's results by game key."""
    rows = tx.conn.execute(
        select(R.game, R.away_score, R.home_score, R.cancelled, R.away_out, R.home_out).where(R.slug == slug)
    )
    return {
        r.game: Result(
            game=r.game,
            away_score=None if r.cancelled else r.away_score,
            home_score=None if r.cancelled else r.home_score,
            cancelled=bool(r.cancelled),
            away_out=r.away_out or None,
            home_out=r.home_out or None,
        )
        for r in rows
    }


def updated_at(tx: Tx, slug: str) -> dict[int, str]:
    return {r.game: r.updated_at for r in tx.conn.execute(select(R.game, R.updated_at).where(R.slug == slug))}


def put(tx: Tx, slug: str, results: Iterable[Result]) -> list[tuple[Result | None, Result]]:
    """Store results (a game's new result replaces its old one); returns (old, new) for each that changed."""
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
            insert(schema.results).values(
                slug=slug,
                game=r.game,
                away_score=r.away_score,
                home_score=r.home_score,
                cancelled=r.cancelled,
                away_out=r.away_out,
                home_out=r.home_out,
                updated_at=at,
            )
        )
        before[r.game] = r
        changed.append((old, r))
    return changed


def count(tx: Tx, slug: str) -> int:
    """How many results card `slug` has."""
    return int(
        tx.conn.execute(select(func.count()).select_from(schema.results).where(R.slug == slug)).scalar() or 0
    )


def delete_of(tx: Tx, slug: str) -> None:
    """Every result of card `slug` (the card is being deleted)."""
    tx.conn.execute(delete(schema.results).where(R.slug == slug))
