"""Reading the audit log (it is written by `Tx.audit`, insert-only): the rows of one card."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import func, select

from ..core.history import AuditRow
from . import schema
from .tx import Tx


def of_card(tx: Tx, slug: str) -> list[AuditRow]:
    """Every audit row of card `slug`, oldest first, and the rows of the pick'em pools played on it
    (their entries and payments are written without a card)."""
    a = schema.audit.c
    pools = set(
        tx.conn.execute(
            select(schema.pickem_pools.c.slug).where(schema.pickem_pools.c.card == slug)
        ).scalars()
    )
    rows = [
        _row(r)
        for r in tx.conn.execute(
            select(a.id, a.at, a.actor, a.action, a.slug, a.detail).where(a.slug == slug)
        )
    ]
    if pools:
        rows += [
            row
            for row in map(
                _row,
                tx.conn.execute(
                    select(a.id, a.at, a.actor, a.action, a.slug, a.detail).where(
                        a.slug.is_(None), a.action.like("pickem.%")
                    )
                ),
            )
            if row.detail.get("pool") in pools
        ]
    return sorted(rows, key=lambda r: r.id)


def _row(r: Any) -> AuditRow:  # a row of SQLAlchemy's
    try:
        detail = json.loads(r.detail)
    except ValueError:
        detail = {"text": r.detail}
    return AuditRow(
        id=r.id,
        at=datetime.fromisoformat(r.at),
        actor=r.actor,
        action=r.action,
        slug=r.slug,
        detail=detail if isinstance(detail, dict) else {"value": detail},
    )


def reprinted(tx: Tx, slug: str) -> dict[str, datetime]:
    """Serial (`000004`) → when its card was last reprinted: a reprint replaces a card jammed or lost before
    it was handed out, so the copy a player holds was printed then."""
    a = schema.audit.c
    query = select(a.at, a.detail).where(a.action == "print.reprint", a.slug == slug).order_by(a.id)
    return {str(json.loads(d).get("serial")): datetime.fromisoformat(at) for at, d in tx.conn.execute(query)}


def stamp(tx: Tx, slug: str) -> tuple[int, int]:
    """What changes whenever anything of card `slug` does (every change is audited): the count and the
    last id of its audit rows. Both, since on PostgreSQL a transaction can commit after a later id has:
    the last id alone would stay put while the count grows."""
    a = schema.audit.c
    count, last = tx.conn.execute(select(func.count(), func.max(a.id)).where(a.slug == slug)).one()
    return int(count), int(last or 0)


def details(tx: Tx, action: str, slug: str | None = None) -> list[tuple[str | None, dict[str, Any]]]:
    """(card, detail) of every audit row of `action` (of card `slug` when given), oldest first."""
    a = schema.audit.c
    query = select(a.slug, a.detail).where(a.action == action)
    if slug is not None:
        query = query.where(a.slug == slug)
    return [(s, json.loads(d)) for s, d in tx.conn.execute(query.order_by(a.id))]


def last_imports(tx: Tx) -> dict[str, dict[str, Any]]:
    """Card slug → the detail of its last `import` (a feed's names its `provider`)."""
    return {s: d for s, d in details(tx, "import") if s}
