"""Scanned cards: one row per card read, entered or sent to review, with the path of its crop.

A row's status says what became of it: `entered` (an entry was stored), `duplicate` (the same card
with the same marks was already entered), `review` (waiting for a person), then `accepted` or
`rejected` once a person has decided.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import func, select, update

from ..core.text import plain
from . import schema
from .tx import Tx, iso

S = schema.scans.c
OPEN = "review"


@dataclass(frozen=True)
class ScanRow:
    id: int
    slug: str
    serial: int | None
    version: int | None
    code: str | None
    file: str
    page: int  # 0-based
    crop: str
    picks: tuple[int, ...] | None
    stake: Decimal | None
    received_at: datetime
    late: bool
    status: str
    reasons: tuple[str, ...]
    created_at: str
    resolution: str | None = None


def _values(r: ScanRow) -> dict:
    return {
        "slug": r.slug,
        "serial": r.serial,
        "version": r.version,
        "code": r.code,
        "file": r.file,
        "page": r.page,
        "crop": r.crop,
        "picks": None if r.picks is None else ",".join(map(str, r.picks)),
        "stake": None if r.stake is None else plain(r.stake),
        "received_at": iso(r.received_at),
        "late": r.late,
        "status": r.status,
        "reasons": "\n".join(r.reasons),
        "created_at": r.created_at,
    }


def add_many(tx: Tx, rows: Iterable[ScanRow]) -> None:
    tx.insert_many(schema.scans, [_values(r) for r in rows])


_COLUMNS = (
    S.id,
    S.slug,
    S.serial,
    S.version,
    S.code,
    S.file,
    S.page,
    S.crop,
    S.picks,
    S.stake,
    S.received_at,
    S.late,
    S.status,
    S.reasons,
    S.created_at,
    S.resolution,
)


def _row(r) -> ScanRow:  # noqa: ANN001 - a row
    return ScanRow(
        r.id,
        r.slug,
        r.serial,
        r.version,
        r.code,
        r.file,
        r.page,
        r.crop,
        tuple(map(int, r.picks.split(","))) if r.picks else (() if r.picks == "" else None),
        Decimal(r.stake) if r.stake else None,
        datetime.fromisoformat(r.received_at),
        bool(r.late),
        r.status,
        tuple(r.reasons.split("\n")) if r.reasons else (),
        r.created_at,
        r.resolution,
    )


def of(tx: Tx, slug: str, status: str | None = None) -> list[ScanRow]:
    q = select(*_COLUMNS).where(S.slug == slug)
    if status is not None:
        q = q.where(S.status == status)
    return [_row(r) for r in tx.conn.execute(q.order_by(S.id))]


def get(tx: Tx, scan_id: int) -> ScanRow | None:
    r = tx.conn.execute(select(*_COLUMNS).where(S.id == scan_id)).first()
    return _row(r) if r else None


def crops(tx: Tx, slug: str) -> dict[int, str]:
    """Serial → the crop of the scan that entered it."""
    rows = tx.conn.execute(
        select(S.serial, S.crop)
        .where(S.slug == slug, S.status.in_(("entered", "accepted")), S.serial.is_not(None))
        .order_by(S.id)
    )
    return {r.serial: r.crop for r in rows}


def resolve(tx: Tx, scan_id: int, status: str, resolution: str, at: datetime) -> None:
    tx.conn.execute(
        update(schema.scans)
        .where(S.id == scan_id)
        .values(status=status, resolution=resolution, resolved_at=iso(at))
    )


def count(tx: Tx, slug: str) -> int:
    """How many scanned cards of card `slug` are kept."""
    return int(
        tx.conn.execute(select(func.count()).select_from(schema.scans).where(S.slug == slug)).scalar() or 0
    )
