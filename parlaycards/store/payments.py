"""The pick'em payments ledger (0005_pickem_payments): entry fees taken and prizes paid, one row a payment,
append-only."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import insert, select

from ..core.money import ZERO
from . import schema
from .tx import Tx, iso

P = schema.pickem_payments.c


def paid_so_far(tx: Tx, pool: str, kind: str) -> dict[str, Decimal]:
    """Name key → what has been paid of `kind` (fee, prize) in pick'em pool `pool`."""
    out: dict[str, Decimal] = {}
    for key, amount in tx.conn.execute(select(P.name_key, P.amount).where(P.pool == pool, P.kind == kind)):
        out[key] = out.get(key, ZERO) + Decimal(amount)
    return out


def record(tx: Tx, pool: str, key: str, kind: str, amount: Decimal) -> None:
    """One payment of `amount`, now, by the transaction's actor."""
    tx.conn.execute(
        insert(schema.pickem_payments).values(
            pool=pool, name_key=key, kind=kind, amount=str(amount), at=iso(datetime.now(UTC)), actor=tx.actor
        )
    )
