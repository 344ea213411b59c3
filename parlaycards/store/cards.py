"""Card versions: immutable rows, one per version; the latest is the card."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import delete, func, insert, select

from ..core.errors import NotFoundError
from ..core.models import Card
from . import schema
from .tx import Tx, iso, now


@dataclass(frozen=True)
class CardSummary:
    slug: str
    version: int
    title: str
    games: int
    created_at: str
    printed_versions: tuple[int, ...]
    timezone: str = "America/New_York"  # the card's: its times are listed in it
    archived: bool = False  # out of the listings (`card archive`); `cards --all` shows it


def latest(tx: Tx, slug: str) -> Card:
    row = tx.conn.execute(
        select(schema.cards.c.data)
        .where(schema.cards.c.slug == slug)
        .order_by(schema.cards.c.version.desc())
        .limit(1)
    ).first()
    if row is None:
        raise NotFoundError(f'there is no card "{slug}". ' + _known(tx))
    return Card.model_validate_json(row.data)


def get(tx: Tx, slug: str, version: int) -> Card:
    row = tx.conn.execute(
        select(schema.cards.c.data).where(schema.cards.c.slug == slug, schema.cards.c.version == version)
    ).first()
    if row is None:
        latest(tx, slug)  # names the card when it does not exist at all
        raise NotFoundError(f'card "{slug}" has no version {version}.')
    return Card.model_validate_json(row.data)


def exists(tx: Tx, slug: str) -> bool:
    return tx.conn.execute(select(func.count()).where(schema.cards.c.slug == slug)).scalar() > 0


def save(tx: Tx, card: Card, note: str) -> Card:
    """Store `card` as the next version of its slug; returns the stored card (with its version)."""
    current = tx.conn.execute(
        select(func.max(schema.cards.c.version)).where(schema.cards.c.slug == card.slug)
    ).scalar()
    version = (current or 0) + 1
    stored = Card.model_validate({**card.model_dump(), "version": version, "note": note})
    tx.conn.execute(
        insert(schema.cards).values(
            slug=stored.slug, version=version, created_at=iso(now()), note=note, data=stored.model_dump_json()
        )
    )
    tx.audit("card.version", stored.slug, version=version, note=note)
    return stored


def printed_versions(tx: Tx, slug: str) -> tuple[int, ...]:
    rows = tx.conn.execute(
        select(schema.batches.c.version)
        .where(schema.batches.c.slug == slug)
        .distinct()
        .order_by(schema.batches.c.version)
    )
    return tuple(r[0] for r in rows)


def summaries(tx: Tx) -> list[CardSummary]:
    c = schema.cards.c
    newest = select(c.slug, func.max(c.version).label("v")).group_by(c.slug).subquery()
    rows = tx.conn.execute(
        select(c.slug, c.version, c.data, c.created_at)
        .join(newest, (c.slug == newest.c.slug) & (c.version == newest.c.v))
        .order_by(c.slug)
    )
    shelved = archived(tx)
    out = []
    for r in rows:
        card = Card.model_validate_json(r.data)
        out.append(
            CardSummary(
                slug=r.slug,
                version=r.version,
                title=card.title,
                games=len(card.games),
                created_at=r.created_at,
                printed_versions=printed_versions(tx, r.slug),
                timezone=card.timezone,
                archived=r.slug in shelved,
            )
        )
    return out


def archived(tx: Tx) -> dict[str, str]:
    """slug → when it was archived (ISO), for every archived card."""
    a = schema.archived_cards.c
    return {r.slug: r.archived_at for r in tx.conn.execute(select(a.slug, a.archived_at))}


def set_archived(tx: Tx, slug: str, archive: bool) -> None:
    """Take `slug` out of the listings, or put it back (audited); its versions are not touched."""
    if archive:
        tx.conn.execute(
            insert(schema.archived_cards).values(slug=slug, archived_at=iso(now()), actor=tx.actor)
        )
    else:
        tx.conn.execute(delete(schema.archived_cards).where(schema.archived_cards.c.slug == slug))
    tx.audit("card.archive" if archive else "card.unarchive", slug)


def history(tx: Tx, slug: str) -> list[tuple[int, str, str]]:
    """(version, created_at, note) for every version of `slug`."""
    c = schema.cards.c
    return [
        (r.version, r.created_at, r.note)
        for r in tx.conn.execute(
            select(c.version, c.created_at, c.note).where(c.slug == slug).order_by(c.version)
        )
    ]


def imported_versions(tx: Tx, slug: str) -> tuple[int, ...]:
    """The versions of `slug` that an import stored (from the audit log: an "import" row follows the
    "card.version" row of the version it stored)."""
    a = schema.audit.c
    rows = tx.conn.execute(
        select(a.action, a.detail)
        .where(a.slug == slug, a.action.in_(("card.version", "import")))
        .order_by(a.id)
    )
    versions: list[int] = []
    last: int | None = None
    for action, detail in rows:
        if action == "card.version":
            last = json.loads(detail).get("version")
        elif last is not None:
            versions.append(last)
    return tuple(versions)


def _known(tx: Tx) -> str:
    slugs = sorted(set(tx.conn.execute(select(schema.cards.c.slug)).scalars()))
    if not slugs:
        return "The pool has no cards yet: start with `parlaycards import LINES.xlsx`."
    return "Cards in this pool: " + ", ".join(slugs) + "."


def delete_all(tx: Tx, slug: str) -> None:
    """Every version of card `slug`, and its archived mark (a card never printed is being deleted)."""
    tx.conn.execute(delete(schema.cards).where(schema.cards.c.slug == slug))
    tx.conn.execute(delete(schema.archived_cards).where(schema.archived_cards.c.slug == slug))
