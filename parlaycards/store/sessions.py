"""What `serve` keeps in the pool database so that several workers share it and a restart keeps it: the
operator's one-time link tokens and sessions, and wrong codes per address (the brake's count).

Tokens and session ids are stored as their SHA-256 only. Times are seconds since the epoch (`time.time`),
the same clock in every worker.
"""

from __future__ import annotations

import hashlib
import json

from sqlalchemy import delete, insert, select, update

from . import schema
from .tx import Tx

T = schema.serve_tokens.c
S = schema.serve_sessions.c
F = schema.serve_failures.c


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def add_token(tx: Tx, token: str, until: float) -> None:
    tx.conn.execute(insert(schema.serve_tokens).values(digest=digest(token), until=until))


def spend_token(tx: Tx, token: str, now: float) -> bool:
    """True once for a token still valid at `now` (it is then gone, whichever worker asks next)."""
    tx.conn.execute(delete(schema.serve_tokens).where(T.until < now))
    return tx.conn.execute(delete(schema.serve_tokens).where(T.digest == digest(token))).rowcount == 1


def add_session(tx: Tx, sid: str, csrf: str, until: float) -> None:
    tx.conn.execute(delete(schema.serve_sessions).where(S.until < until - 7 * 24 * 3600))  # long gone
    tx.conn.execute(
        insert(schema.serve_sessions).values(digest=digest(sid), csrf=csrf, until=until, flash="[]")
    )


def session(tx: Tx, sid: str, now: float) -> tuple[str, float] | None:
    """(csrf token, valid until) of a session still valid at `now`, else None."""
    row = tx.conn.execute(select(S.csrf, S.until).where(S.digest == digest(sid), S.until >= now)).first()
    return (row.csrf, row.until) if row else None


def end_session(tx: Tx, sid: str) -> None:
    tx.conn.execute(delete(schema.serve_sessions).where(S.digest == digest(sid)))


def add_flash(tx: Tx, sid: str, kind: str, note: str) -> None:
    key = digest(sid)
    old = tx.conn.execute(select(S.flash).where(S.digest == key)).scalar()
    if old is not None:
        notes = json.loads(old) + [[kind, note]]
        tx.conn.execute(
            update(schema.serve_sessions).where(S.digest == key).values(flash=json.dumps(notes[-20:]))
        )


def take_flash(tx: Tx, sid: str) -> list[tuple[str, str]]:
    """The session's messages not yet shown, which are then gone."""
    key = digest(sid)
    old = tx.conn.execute(select(S.flash).where(S.digest == key)).scalar()
    if not old or old == "[]":
        return []
    tx.conn.execute(update(schema.serve_sessions).where(S.digest == key).values(flash="[]"))
    return [(k, n) for k, n in json.loads(old)]


def failures(tx: Tx, address: str, since: float) -> list[float]:
    """When each wrong guess from `address` since `since` came, oldest first."""
    return list(
        tx.conn.execute(select(F.at).where(F.address == address, F.at >= since).order_by(F.at)).scalars()
    )


def add_failure(tx: Tx, address: str, at: float, window: float) -> list[float]:
    """A wrong guess from `address` at `at`: when each of its guesses within `window` came, this one
    included, oldest first. Every address's guesses older than `window` go (the table holds only what the
    brake still counts).

    The count is exact however many workers write at once: the row is written before it is counted, in
    one transaction, and the store's writes are serialized (SQLite's BEGIN IMMEDIATE; PostgreSQL's
    SERIALIZABLE, a conflict retried), so no two guesses from one address are told the same count."""
    tx.conn.execute(delete(schema.serve_failures).where(F.at < at - window))
    tx.conn.execute(insert(schema.serve_failures).values(address=address[:64], at=at))
    return failures(tx, address[:64], at - window)


def record_fetch(tx: Tx, slug: str, at: float, ok: bool, said: str) -> None:
    """What the last scheduled fetch of `slug` did (one row per card, replaced)."""
    tx.conn.execute(delete(schema.serve_fetches).where(schema.serve_fetches.c.slug == slug))
    tx.conn.execute(insert(schema.serve_fetches).values(slug=slug, at=at, ok=ok, said=said[:2000]))


def last_fetch(tx: Tx, slug: str) -> tuple[float, bool, str] | None:
    c = schema.serve_fetches.c
    row = tx.conn.execute(select(c.at, c.ok, c.said).where(c.slug == slug)).first()
    return (row.at, row.ok, row.said) if row else None
