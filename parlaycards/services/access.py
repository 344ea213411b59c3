"""Pool settings of `serve`: the operator's password (`pool set --password`) and the pool's web address
(`pool set --site`): cards printed from then on carry their page's link in the QR code
(`core.verify.qr_link`, in the same symbol as the card's details: see `layout.places.link_level`), and the
links `serve` prints are made with it.

The password is kept only as a salted scrypt hash (the standard library's `hashlib.scrypt`); setting or
removing it is audited, never the password itself.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from urllib.parse import urlsplit

from ..core.errors import ParlayError
from ..store import Store

PASSWORD = "serve_password"
SITE = "site"
MIN_PASSWORD = 10
_N, _R, _P = 2**14, 8, 1


def _hash(password: str, salt: bytes, n: int = _N, r: int = _R, p: int = _P) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=32)


def set_password(store: Store, password: str | None) -> None:
    """Let the operator sign in with `password` (None: only with a link `serve` prints)."""
    if password is not None:
        check_password(password)
    value = ""
    if password is not None:
        salt = secrets.token_bytes(16)
        value = f"scrypt${_N}${_R}${_P}${salt.hex()}${_hash(password, salt).hex()}"
    with store.transaction() as tx:
        tx.set_meta(PASSWORD, value)
        tx.audit("pool.setting", None, operator_password="set" if password is not None else "removed")


def check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise ParlayError(
            f"that password has {len(password)} characters: give at least {MIN_PASSWORD} (a few words "
            "together are easy to remember and hard to guess). Nothing was changed."
        )


def has_password(store: Store) -> bool:
    with store.reading() as tx:
        return bool(tx.meta(PASSWORD))


def password_ok(store: Store, password: str) -> bool:
    """True when `password` is the operator's (False when none is set)."""
    with store.reading() as tx:
        stored = tx.meta(PASSWORD) or ""
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != "scrypt" or not password or len(password) > 1024:
        return False
    n, r, p = (int(x) for x in parts[1:4])
    return hmac.compare_digest(_hash(password, bytes.fromhex(parts[4]), n, r, p).hex(), parts[5])


def check_site(url: str) -> str:
    """The pool's web address as stored: `https://pool.example.org` (a path allowed, no query)."""
    text = url.strip().rstrip("/")
    parts = urlsplit(text)
    spaced = any(c.isspace() or ord(c) < 32 for c in text)  # "https://exa mple.org": no address has a space
    if spaced or parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ParlayError(
            f'"{url[:80]}" is not a web address the cards can carry. Accepted: the address players open, '
            "starting http:// or https://, e.g. https://pool.example.org or https://example.org/pool."
        )
    if len(text) > 200:
        raise ParlayError(f'the address "{text[:80]}…" has {len(text)} characters; give one of up to 200.')
    return text


def set_site(store: Store, url: str | None) -> str | None:
    """The pool's web address (None: cards' QR codes hold the card's details, as before)."""
    value = check_site(url) if url else ""
    with store.transaction() as tx:
        tx.set_meta(SITE, value)
        tx.audit("pool.setting", None, site=value or None)
    return value or None


def site(store: Store) -> str | None:
    with store.reading() as tx:
        return tx.meta(SITE) or None
