"""The pick'em payments ledger (0005_pickem_payments): entry fees taken and prizes paid, one row a payment,
append-only."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import insert, select

from ..core.money import ZERO
from . import pay_ledger, schema
from .tx import Tx, iso

P = schema.pickem_payments.c


def paid_so_far(tx: Tx, pool: str, kind: str) -> dict[str, Decimal]:
    """Name key → what has been paid of `kind` (fee, prize) in pick'em pool `pool`: the database's rows, and
    those of the payments file beside a SQLite pool it does not hold (paid after a backup put back over it)."""
    out: dict[str, Decimal] = {}
    for key, held, _at in _held(tx, pool, kind):
        out[key] = out.get(key, ZERO) + Decimal(held)
    for key, (kept, _when) in restored(tx, pool, kind).items():
        out[key] = out.get(key, ZERO) + kept
    return out


def restored(tx: Tx, pool: str, kind: str) -> dict[str, tuple[Decimal, str]]:
    """Name key → (amount, when last) of the payments of `kind` that only the payments file beside a SQLite
    pool holds (paid after a backup was put back over it)."""
    seen = {(key, at, Decimal(amount)) for key, amount, at in _held(tx, pool, kind)}
    out: dict[str, tuple[Decimal, str]] = {}
    for line in pay_ledger.read(pay_ledger.ledger_file(tx.mark), tx.secret):
        if line.kind == kind and line.pool == pool and (line.key, line.at, line.amount) not in seen:
            amount, _ = out.get(line.key, (ZERO, ""))
            out[line.key] = (amount + line.amount, line.at)
    return out


def _held(tx: Tx, pool: str, kind: str) -> list[tuple[str, str, str]]:
    """The database's payments of `kind` in `pool`: (name key, amount, when)."""
    return [
        (key, amount, at)
        for key, amount, at in tx.conn.execute(
            select(P.name_key, P.amount, P.at).where(P.pool == pool, P.kind == kind)
        )
    ]


def record(tx: Tx, pool: str, key: str, kind: str, amount: Decimal) -> None:
    """One payment of `amount`, now, by the transaction's actor (kept beside a SQLite pool too, both or neither)."""
    at = iso(datetime.now(UTC))
    tx.conn.execute(
        insert(schema.pickem_payments).values(
            pool=pool, name_key=key, kind=kind, amount=str(amount), at=at, actor=tx.actor
        )
    )
    line = pay_ledger.Line(kind, pool, key, amount, at)
    path, secret = pay_ledger.ledger_file(tx.mark), tx.secret
    tx.write_beside(
        path,
        pay_ledger.WHAT,
        lambda: pay_ledger.append(path, secret, line),
        ready=lambda: pay_ledger.check_writable(path),
    )
