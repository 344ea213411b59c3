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
from typing import TYPE_CHECKING, Any

from ..core.text import plain
from .common import iso

if TYPE_CHECKING:
    from .look import Rows
    from .tx import Tx

# The reads speak plain SQL through `rows` (a `look.Look` or a `Tx`): `entries` reads a SQLite pool
# without loading SQLAlchemy. The writes build their statements with SQLAlchemy.
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


def _values(r: ScanRow) -> dict[str, Any]:
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
    from . import schema

    tx.insert_many(schema.scans, [_values(r) for r in rows])


_COLUMNS = (
    "id, slug, serial, version, code, file, page, crop, picks, stake, received_at, late, status, reasons, "
    "created_at, resolution"
)


def _row(r: tuple[Any, ...]) -> ScanRow:
    """A scan from a row of `_COLUMNS`."""
    id_, slug, serial, version, code, file, page, crop, picks, stake, received_at, late, status = r[:13]
    reasons, created_at, resolution = r[13:]
    return ScanRow(
        id_,
        slug,
        serial,
        version,
        code,
        file,
        page,
        crop,
        tuple(map(int, picks.split(","))) if picks else (() if picks == "" else None),
        Decimal(stake) if stake else None,
        datetime.fromisoformat(received_at),
        bool(late),
        status,
        tuple(reasons.split("\n")) if reasons else (),
        created_at,
        resolution,
    )


def of(tx: Rows, slug: str, status: str | None = None) -> list[ScanRow]:
    if status is None:
        rows = tx.rows(f"SELECT {_COLUMNS} FROM scans WHERE slug = :slug ORDER BY id", slug=slug)
    else:
        sql = f"SELECT {_COLUMNS} FROM scans WHERE slug = :slug AND status = :status ORDER BY id"
        rows = tx.rows(sql, slug=slug, status=status)
    return [_row(r) for r in rows]


def get(tx: Rows, scan_id: int) -> ScanRow | None:
    r = next(tx.rows(f"SELECT {_COLUMNS} FROM scans WHERE id = :id", id=scan_id), None)
    return _row(r) if r else None


def crops(tx: Rows, slug: str) -> dict[int, str]:
    """Serial → the crop of the scan that entered it."""
    rows = tx.rows(
        "SELECT serial, crop FROM scans WHERE slug = :slug AND status IN ('entered', 'accepted') "
        "AND serial IS NOT NULL ORDER BY id",
        slug=slug,
    )
    return dict(rows)


def resolve(tx: Tx, scan_id: int, status: str, resolution: str, at: datetime) -> None:
    from sqlalchemy import update

    from . import schema

    S = schema.scans.c
    tx.conn.execute(
        update(schema.scans)
        .where(S.id == scan_id)
        .values(status=status, resolution=resolution, resolved_at=iso(at))
    )


def count(tx: Rows, slug: str) -> int:
    """How many scanned cards of card `slug` are kept."""
    return int(next(tx.rows("SELECT count(*) FROM scans WHERE slug = :slug", slug=slug))[0] or 0)
