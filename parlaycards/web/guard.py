"""Who may do what on `serve`: the operator's one-time tokens and sessions, CSRF tokens, and the brake on
wrong verify codes (per address).

Held in the serving process's memory: a restart ends every operator session (a new link is printed).
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
from collections import deque
from dataclasses import dataclass, field

SESSION_COOKIE = "pc_operator"
SESSION_HOURS = 12
TOKEN_MINUTES = 30


@dataclass
class Session:
    csrf: str
    until: float
    flash: list[tuple[str, str]] = field(default_factory=list)  # (ok|bad, message) shown once


@dataclass
class Guard:
    """One-time operator tokens → sessions (a random id in an HttpOnly, SameSite=Strict cookie) with a
    CSRF token each."""

    tokens: dict[str, float] = field(default_factory=dict)  # token → valid until
    sessions: dict[str, Session] = field(default_factory=dict)

    def new_token(self) -> str:
        """A link's token: good once, for TOKEN_MINUTES."""
        token = secrets.token_urlsafe(24)
        self.tokens[token] = time.monotonic() + TOKEN_MINUTES * 60
        return token

    def redeem(self, token: str) -> str | None:
        """A new session's id for a valid token (which is then spent), else None."""
        now = time.monotonic()
        for known, until in list(self.tokens.items()):
            if until < now:
                del self.tokens[known]
            elif hmac.compare_digest(known.encode(), token.encode()):
                del self.tokens[known]
                sid = secrets.token_urlsafe(32)
                self.sessions[sid] = Session(secrets.token_urlsafe(32), now + SESSION_HOURS * 3600)
                return sid
        return None

    def session(self, sid: str | None) -> Session | None:
        s = self.sessions.get(sid or "")
        if s is None:
            return None
        if s.until < time.monotonic():
            del self.sessions[sid or ""]
            return None
        return s

    def end(self, sid: str | None) -> None:
        self.sessions.pop(sid or "", None)

    @staticmethod
    def csrf_ok(session: Session, sent: str | None) -> bool:
        return bool(sent) and hmac.compare_digest(session.csrf.encode(), str(sent).encode())


@dataclass
class Brake:
    """Wrong guesses (verify codes, operator tokens) per address: the first `free` in `window` seconds are
    answered at once; the next wait longer and longer, one at a time per address; past `limit` the address
    is refused without a look until its oldest failures leave the window. A right code from an address
    under the limit is answered (after its wait); its holder elsewhere never notices."""

    free: int = 5
    limit: int = 20
    window: float = 900.0
    step: float = 0.1  # seconds added per failure past `free`
    most: float = 1.0
    failures: dict[str, deque[float]] = field(default_factory=dict)
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)

    def _recent(self, address: str) -> deque[float]:
        q = self.failures.setdefault(address, deque())
        cutoff = time.monotonic() - self.window
        while q and q[0] < cutoff:
            q.popleft()
        return q

    def blocked(self, address: str) -> float:
        """Seconds until `address` may try again (0: it may)."""
        q = self._recent(address)
        if len(q) < self.limit:
            return 0.0
        return max(1.0, q[len(q) - self.limit] + self.window - time.monotonic())

    def wait(self, address: str) -> float:
        over = len(self._recent(address)) - self.free
        return 0.0 if over < 0 else min(self.most, self.step * (over + 1))

    def lock(self, address: str) -> asyncio.Lock:
        if len(self.locks) > 10_000:  # forget idle addresses' locks
            for a, lk in list(self.locks.items()):
                if not lk.locked():
                    del self.locks[a]
        return self.locks.setdefault(address, asyncio.Lock())

    def failed(self, address: str) -> None:
        self._recent(address).append(time.monotonic())
        if len(self.failures) > 50_000:  # forget addresses with nothing recent
            for a in [a for a, q in self.failures.items() if not q]:
                del self.failures[a]
