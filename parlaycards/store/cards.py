"""Card versions: immutable rows, one per version; the latest is the card."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import NotFoundError
from .common import iso, now
from .stored import remade

if TYPE_CHECKING:
    from ..core.models import Card
    from .look import Rows
    from .tx import Tx

# The read functions speak plain SQL through `rows` (a `look.Look` or a `Tx`): `show` and `cards` read a
# SQLite pool without loading SQLAlchemy. The writes build their statements with SQLAlchemy.


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


def latest(tx: Rows, slug: str) -> Card:
    data = _first(
        tx.rows("SELECT data FROM card_versions WHERE slug = :slug ORDER BY version DESC LIMIT 1", slug=slug)
    )
    if data is None:
        raise NotFoundError(f'there is no card "{slug}". ' + _known(tx))
    return _card(data[0])


def get(tx: Rows, slug: str, version: int) -> Card:
    data = _first(
        tx.rows("SELECT data FROM card_versions WHERE slug = :slug AND version = :v", slug=slug, v=version)
    )
    if data is None:
        latest(tx, slug)  # names the card when it does not exist at all
        raise NotFoundError(f'card "{slug}" has no version {version}.')
    return _card(data[0])


def _card(data: str) -> Card:
    """A stored version as the card model (pydantic is loaded by the commands that read a whole card);
    it was validated when it was saved."""
    from ..core.models import Card

    return remade(Card, json.loads(data))


def _first(rows: Iterator[tuple[Any, ...]]) -> tuple[Any, ...] | None:
    """The first row of a query (the rest, if any, are not read)."""
    return next(iter(rows), None)


def exists(tx: Rows, slug: str) -> bool:
    return _first(tx.rows("SELECT 1 FROM card_versions WHERE slug = :slug LIMIT 1", slug=slug)) is not None


def save(tx: Tx, card: Card, note: str) -> Card:
    """Store `card` as the next version of its slug; returns the stored card (with its version)."""
    from sqlalchemy import func, insert, select

    from ..core.models import Card
    from . import schema

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


def printed_versions(tx: Rows, slug: str) -> tuple[int, ...]:
    rows = tx.rows(
        "SELECT DISTINCT version FROM print_batches WHERE slug = :slug ORDER BY version", slug=slug
    )
    return tuple(r[0] for r in rows)


def summaries(tx: Rows) -> list[CardSummary]:
    rows = list(
        tx.rows(
            "SELECT c.slug, c.version, c.data, c.created_at FROM card_versions c JOIN "
            "(SELECT slug, max(version) AS v FROM card_versions GROUP BY slug) newest "
            "ON c.slug = newest.slug AND c.version = newest.v ORDER BY c.slug"
        )
    )
    shelved = archived(tx)
    out = []
    for slug, version, data, created_at in rows:
        card = json.loads(data)  # as stored (validated on the way in): the listing needs three fields
        out.append(
            CardSummary(
                slug=slug,
                version=version,
                title=card["title"],
                games=len(card["games"]),
                created_at=created_at,
                printed_versions=printed_versions(tx, slug),
                archived=slug in shelved,
                **({"timezone": card["timezone"]} if "timezone" in card else {}),
            )
        )
    return out


def archived(tx: Rows) -> dict[str, str]:
    """slug → when it was archived (ISO), for every archived card."""
    return dict(tx.rows("SELECT slug, archived_at FROM archived_cards"))


def set_archived(tx: Tx, slug: str, archive: bool) -> None:
    """Take `slug` out of the listings, or put it back (audited); its versions are not touched."""
    from sqlalchemy import delete, insert

    from . import schema

    if archive:
        tx.conn.execute(
            insert(schema.archived_cards).values(slug=slug, archived_at=iso(now()), actor=tx.actor)
        )
    else:
        tx.conn.execute(delete(schema.archived_cards).where(schema.archived_cards.c.slug == slug))
    tx.audit("card.archive" if archive else "card.unarchive", slug)


def history(tx: Rows, slug: str) -> list[tuple[int, str, str]]:
    """(version, created_at, note) for every version of `slug`."""
    sql = "SELECT version, created_at, note FROM card_versions WHERE slug = :slug ORDER BY version"
    return [(version, created_at, note) for version, created_at, note in tx.rows(sql, slug=slug)]


def imported_versions(tx: Tx, slug: str) -> tuple[int, ...]:
    """The versions of `slug` that an import stored (from the audit log: an "import" row follows the
    "card.version" row of the version it stored)."""
    from sqlalchemy import select

    from . import schema

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


def _known(tx: Rows) -> str:
    slugs = sorted({r[0] for r in tx.rows("SELECT DISTINCT slug FROM card_versions")})
    if not slugs:
        return "The pool has no cards yet: start with `parlaycards import LINES.xlsx`."
    return "Cards in this pool: " + ", ".join(slugs) + "."


def delete_all(tx: Tx, slug: str) -> None:
    """Every version of card `slug`, and its archived mark (a card never printed is being deleted)."""
    from sqlalchemy import delete

    from . import schema

    tx.conn.execute(delete(schema.cards).where(schema.cards.c.slug == slug))
    tx.conn.execute(delete(schema.archived_cards).where(schema.archived_cards.c.slug == slug))
