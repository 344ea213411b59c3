"""Pick'em pools and their entries: rows in, frozen `PickemPool` / `PickemEntry` out."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select, update

from ..core.errors import NotFoundError, ParlayError, option
from ..core.models import Result, Side
from ..core.pickem import PickemEntry, PickemPool, name_key
from . import results as result_rows
from . import schema
from .tx import Tx, iso, now

P = schema.pickem_pools.c
E = schema.pickem_entries.c


def create(tx: Tx, pool: PickemPool, made_at: datetime | None = None) -> PickemPool:
    """Store a new pool, made `made_at` (default now)."""
    if tx.conn.execute(select(P.slug).where(P.slug == pool.slug)).first() is not None:
        raise ParlayError(
            f'there is already a pick\'em pool "{pool.slug}". Choose another name, '
            f"e.g. {pool.slug}-2, or see it with `parlaycards pickem entries {pool.slug}`."
        )
    tx.conn.execute(
        insert(schema.pickem_pools).values(
            slug=pool.slug,
            card=pool.card,
            season=pool.season,
            settings=pool.model_dump_json(),
            created_at=iso(made_at or now()),
        )
    )
    tx.audit("pickem.new", pool.card, pool=pool.slug, settings=json.loads(pool.model_dump_json()))
    return pool


def made_at(tx: Tx, slug: str) -> datetime | None:
    """When pick'em pool `slug` was made (None: no such pool)."""
    row = tx.conn.execute(select(P.created_at).where(P.slug == slug)).first()
    return datetime.fromisoformat(row.created_at) if row is not None else None


def get(tx: Tx, slug: str) -> PickemPool:
    row = tx.conn.execute(select(P.settings).where(P.slug == slug)).first()
    if row is None:
        known = list(tx.conn.execute(select(P.slug).order_by(P.slug)).scalars())
        where = (
            ("Pick'em pools: " + ", ".join(known) + ".")
            if known
            else f"There are no pick'em pools yet: start one with `parlaycards pickem new POOL {option('card')} SLUG`."
        )
        raise NotFoundError(f'there is no pick\'em pool "{slug}". {where}')
    return PickemPool.model_validate_json(row.settings)


def of_card(tx: Tx, card: str) -> list[PickemPool]:
    """The pools played on card `card` (any version), in the order they were made."""
    rows = tx.conn.execute(select(P.settings).where(P.card == card).order_by(P.created_at, P.slug))
    return [PickemPool.model_validate_json(r.settings) for r in rows]


def of_season(tx: Tx, season: str) -> list[PickemPool]:
    """The pools of a season (name matched ignoring case), in the order they were made."""
    rows = tx.conn.execute(select(P.settings, P.season).order_by(P.created_at, P.slug))
    pools = [
        PickemPool.model_validate_json(r.settings)
        for r in rows
        if r.season and name_key(r.season) == name_key(season)
    ]
    if not pools:
        seasons = sorted(
            {r for r in tx.conn.execute(select(P.season).where(P.season.is_not(None))).scalars()}
        )
        where = (
            ("Seasons: " + ", ".join(f'"{s}"' for s in seasons) + ".")
            if seasons
            else f"No pool has a season yet: give one with `pickem new POOL {option('card')} SLUG {option('season')} NAME`."
        )
        raise NotFoundError(f'no pick\'em pool belongs to the season "{season}". {where}')
    return pools


def entries(tx: Tx, pool: str) -> list[PickemEntry]:
    rows = tx.conn.execute(
        select(E.name, E.picks, E.tiebreak, E.received_at, E.paid).where(E.pool == pool).order_by(E.id)
    )
    return [_entry(r) for r in rows]


def _entry(r: Any) -> PickemEntry:  # a row of SQLAlchemy's
    return PickemEntry(
        name=r.name,
        picks=tuple((int(k), Side(v)) for k, v in json.loads(r.picks).items()),
        tiebreak=r.tiebreak,
        received_at=datetime.fromisoformat(r.received_at),
        paid=bool(r.paid),
    )


def by_name(tx: Tx, pool: str) -> dict[str, PickemEntry]:
    """The stored entries of a pool by name key (case and spacing ignored)."""
    return {e.key: e for e in entries(tx, pool)}


def save(tx: Tx, pool: str, new: Sequence[PickemEntry], source: str) -> None:
    """Store entries; an entrant already in the pool (by name key) is replaced."""
    if not new:
        return
    keys = [e.key for e in new]
    tx.conn.execute(delete(schema.pickem_entries).where(E.pool == pool, E.name_key.in_(keys)))
    tx.conn.execute(
        insert(schema.pickem_entries),
        [
            {
                "pool": pool,
                "name": e.name,
                "name_key": e.key,
                "tiebreak": e.tiebreak,
                "paid": e.paid,
                "source": source,
                "picks": json.dumps({str(k): s.value for k, s in e.picks}),
                "received_at": iso(e.received_at or now()),
            }
            for e in new
        ],
    )
    for e in new:
        tx.audit(
            "pickem.entry",
            None,
            pool=pool,
            name=e.name,
            source=source,
            tiebreak=e.tiebreak,
            paid=e.paid,
            picks={str(k): s.value for k, s in e.picks},
        )


def results(tx: Tx, slug: str) -> dict[int, Result]:
    """The card's results by game key: the shared results table that `result set/import` writes."""
    return result_rows.of(tx, slug)


def mark_paid(tx: Tx, pool: str, key: str) -> None:
    """The entry of name key `key` has paid its fee in full."""
    tx.conn.execute(update(schema.pickem_entries).where(E.pool == pool, E.name_key == key).values(paid=True))
