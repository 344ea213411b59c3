"""Who may do what on `serve`: the operator's one-time tokens and sessions, CSRF tokens, and the brake on
wrong verify codes (per address).

Kept in the pool database (`store/sessions.py`), so several workers share them and a restart keeps every
operator session; `Site` hands its store to both.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool

from ..store import Store, retry_conflicts
from ..store import sessions as rows

T = TypeVar("T")

SESSION_COOKIE = "pc_operator"
SESSION_HOURS = 12
TOKEN_MINUTES = 30


@dataclass(frozen=True)
class Session:
    sid: str
    csrf: str
    until: float


def _longish(text: str | None) -> bool:
    return bool(text) and len(text or "") <= 128


@dataclass
class Guard:
    """One-time operator tokens → sessions (a random id in an HttpOnly, SameSite=Strict cookie) with a
    CSRF token each."""

    store: Store | None = None

    @property
    def _store(self) -> Store:
        assert self.store is not None, "a Guard is given its store by Site"
        return self.store

    def _write(self, fn: Callable[..., T], *args: Any) -> T:
        def run() -> T:
            with self._store.transaction() as tx:
                return fn(tx, *args)

        return retry_conflicts(run)()

    def new_token(self) -> str:
        """A link's token: good once, for TOKEN_MINUTES, in any worker."""
        token = secrets.token_urlsafe(24)
        self._write(rows.add_token, token, time.time() + TOKEN_MINUTES * 60)
        return token

    def open(self) -> str:
        """A new session's id."""
        sid = secrets.token_urlsafe(32)
        self._write(rows.add_session, sid, secrets.token_urlsafe(32), time.time() + SESSION_HOURS * 3600)
        return sid

    def redeem(self, token: str) -> str | None:
        """A new session's id for a valid token (which is then spent), else None."""
        if not _longish(token) or not self._write(rows.spend_token, token, time.time()):
            return None
        return self.open()

    def session(self, sid: str | None) -> Session | None:
        if not _longish(sid):
            return None
        with self._store.reading() as tx:
            found = rows.session(tx, sid or "", time.time())
        return Session(sid or "", *found) if found else None

    def end(self, sid: str | None) -> None:
        if _longish(sid):
            self._write(rows.end_session, sid)

    def flash(self, session: Session, kind: str, note: str) -> None:
        """A message (`ok` or `bad`) the session's next page shows once."""
        self._write(rows.add_flash, session.sid, kind, note)

    def take_flash(self, session: Session) -> list[tuple[str, str]]:
        return self._write(rows.take_flash, session.sid)

    @staticmethod
    def csrf_ok(session: Session, sent: str | None) -> bool:
        return bool(sent) and hmac.compare_digest(session.csrf.encode(), str(sent).encode())


@dataclass
class Brake:
    """Wrong guesses (verify codes, operator tokens) per address: the first `free` in `window` seconds are
    answered at once; the next wait longer and longer, one at a time per address; past `limit` the address
    is refused without a look until its oldest failures leave the window. A right code from an address
    under the limit is answered (after its wait); its holder elsewhere never notices.

    Counted in the pool database, so every worker brakes the same address; an address with no failure
    is looked up at most once a `fresh` seconds per worker (its own failures are seen at once)."""

    free: int = 5
    limit: int = 20
    window: float = 900.0
    step: float = 0.1  # seconds added per failure past `free`
    most: float = 1.0
    fresh: float = 1.0
    store: Store | None = None
    seen: dict[str, tuple[float, list[float]]] = field(default_factory=dict)  # address → (looked, failures)
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    reading: dict[str, asyncio.Future[Any]] = field(default_factory=dict)

    async def look(self, address: str, again: bool = False) -> None:
        """Read `address`'s failures from the database off the event loop, when they are older than
        `fresh` seconds (or `again`), so that `blocked` and `wait` then answer from memory.

        An address this worker knows with no failure is answered at once while its count is read again
        in the background: a burst of players behind one address never waits for the database. What that
        costs is nothing: a wrong code is counted in the database whatever this worker knew, and the one
        past the limit is refused (`failed`); this worker then knows the count."""
        hit = self.seen.get(address)
        if not (again or hit is None or time.monotonic() - hit[0] >= self.fresh):
            return
        pending = self.reading.get(address)
        if pending is None:  # one read per address at a time: 200 players behind one address wait for it
            pending = self.reading[address] = asyncio.ensure_future(
                run_in_threadpool(self._recent, address, True)
            )
            pending.add_done_callback(lambda done: self._read(address, done))
        if hit is not None and not hit[1] and not again:
            return
        await asyncio.shield(pending)

    def _read(self, address: str, done: asyncio.Future[Any]) -> None:
        self.reading.pop(address, None)
        if not done.cancelled():
            done.exception()  # a read nobody waited for that failed: the next look reads again

    async def failing(self, address: str) -> int:
        """`failed`, off the event loop."""
        return await run_in_threadpool(self.failed, address)

    def _recent(self, address: str, again: bool = False) -> list[float]:
        """`address`'s failures within the window, as this worker knows them (read from the database with
        `again`: only off the event loop)."""
        assert self.store is not None, "a Brake is given its store by Site"
        now = time.time()
        if again:
            looked = time.monotonic()
            with self.store.reading() as tx:
                times = rows.failures(tx, address[:64], now - self.window)
            if len(self.seen) > 50_000:  # forget addresses looked at long ago
                self.seen = {a: h for a, h in self.seen.items() if looked - h[0] < self.fresh}
            self.seen[address] = (looked, times)
        hit = self.seen.get(address)
        return [t for t in hit[1] if t >= now - self.window] if hit else []

    def blocked(self, address: str) -> float:
        """Seconds until `address` may try again (0: it may)."""
        q = self._recent(address)
        if len(q) < self.limit:
            return 0.0
        return max(1.0, q[len(q) - self.limit] + self.window - time.time())

    def wait(self, address: str) -> float:
        over = len(self._recent(address)) - self.free
        return 0.0 if over < 0 else min(self.most, self.step * (over + 1))

    def lock(self, address: str) -> asyncio.Lock:
        if len(self.locks) > 10_000:  # forget idle addresses' locks
            for a, lk in list(self.locks.items()):
                if not lk.locked():
                    del self.locks[a]
        return self.locks.setdefault(address, asyncio.Lock())

    def failed(self, address: str) -> int:
        """Count a wrong guess from `address`: how many it has made within the window, this one included,
        counted in the database at once with every worker's (the guess numbered past `limit` is refused
        whatever the worker)."""
        assert self.store is not None, "a Brake is given its store by Site"
        store, at, window = self.store, time.time(), self.window

        def run() -> list[float]:
            with store.transaction() as tx:
                return rows.add_failure(tx, address[:64], at, window)

        times = retry_conflicts(run)()
        self.seen[address] = (time.monotonic(), times)  # what the database said, this worker's look too
        return len(times)
