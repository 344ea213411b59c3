"""The Starlette application of `serve`: routes, templates, security headers, errors as pages.

Every page is rendered on the server and works without JavaScript; `static/live.js` only refreshes the
board in place. Templates and static files are served from the package (no CDN).
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..core.errors import ParlayError
from ..core.money import dollars
from ..core.text import plural
from ..services.scan import crops_folder
from ..store import Store
from .guard import Brake, Guard

T = TypeVar("T")

HERE = Path(__file__).parent
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)


def words(name: str) -> str:
    """An option a service names in a message, as a web page labels its field: `Stake`, `Picks`."""
    return name.replace("_", " ").capitalize()


# Options that a page offers otherwise than as a field of their name.
ON_THE_PAGE = {"yes": "the Yes box ticked"}


def message(exc: ParlayError) -> str:
    """The paragraph a page shows for a refusal, starting with a capital: an option in a command quoted
    in `backticks` as the command line spells it, elsewhere as the page labels its field."""
    marked = exc.text(lambda name: f"\0{name}\0")
    parts = marked.split("`")
    for i, part in enumerate(parts):
        bits = part.split("\0")
        for j in range(1, len(bits), 2):
            name = bits[j]
            bits[j] = "--" + name.replace("_", "-") if i % 2 else ON_THE_PAGE.get(name, words(name))
        parts[i] = "".join(bits)
    text = "`".join(parts).replace("run the command again with the Yes box", "send it again with the Yes box")
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Shown:
    """A card's players' view as served: the snapshot, the board page and its changing part rendered once
    (`live`: that part as the JSON `live.js` asks for), that part's tag (it changes when the html does), the
    pool's stamp it was read at and when that was last checked. `cards`: the serials and codes found right in
    this snapshot, as typed, each with its card (services.players.PlayerCard) and page once rendered: a
    serial and code found there need no working out again (a wrong code is never kept there)."""

    stamp: tuple[int, int]
    checked: float
    snap: Any  # services.players.Snapshot
    html: str
    tag: str
    board: bytes = b""
    live: bytes = b""
    cards: dict[tuple[str, str], tuple[Any, bytes | None]] = field(default_factory=dict, compare=False)


CARDS_KEPT = 5000  # card pages kept per snapshot (a pool's entries, or the most recently opened)


@dataclass
class Site:
    """What every request shares: the pool, its folders, the guard, the brake and each card's view."""

    store: Store
    guard: Guard = field(default_factory=Guard)
    brake: Brake = field(default_factory=Brake)
    ttl: float = 0.5  # seconds between two looks at whether a card changed (another worker's writes)
    stale: float = 2.0  # seconds a view is still answered while it is looked at again (with a ttl)
    poll_ms: int = 4000  # how often an open board asks for changes
    base: str | None = None  # the address other machines reach `serve` at (`--host 0.0.0.0`), for phone links
    _cache: dict[str, Shown] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)  # one reader at a time (any address a
    # stranger types is a slug to look up: no lock per name)
    _reading: dict[str, asyncio.Future[Shown]] = field(default_factory=dict)
    _generation: int = 0

    def __post_init__(self) -> None:
        self.guard.store = self.guard.store or self.store
        self.brake.store = self.brake.store or self.store

    @property
    def crops(self) -> Path:
        return crops_folder(self.store.url).resolve()

    def cached(self, slug: str) -> Shown | None:
        """The view of `slug` when it was checked within `ttl` seconds (no database work), else None."""
        hit = self._cache.get(slug)
        return hit if hit and time.monotonic() - hit.checked < self.ttl else None

    async def view(self, slug: str) -> Shown:
        """`shown`, from the event loop: at once when checked within `ttl`, else one look off the loop that
        every request for `slug` meanwhile shares (200 players cost one look, not 200 threads). While that
        look runs, a view checked within `stale` seconds is answered as it is: a burst of players never
        waits for the database, and sees a change at most `stale` seconds late (a change made by this
        worker clears its views: never answered stale)."""
        hit = self.cached(slug)
        if hit is not None:
            return hit
        pending = self._reading.get(slug)
        if pending is None:
            pending = self._reading[slug] = asyncio.ensure_future(run_in_threadpool(self.shown, slug))
            pending.add_done_callback(lambda done: self._read_done(slug, done))
        old = self._cache.get(slug)
        if self.ttl and old is not None and time.monotonic() - old.checked < self.stale:
            return old
        return await asyncio.shield(pending)

    def _read_done(self, slug: str, done: asyncio.Future[Shown]) -> None:
        self._reading.pop(slug, None)
        if not done.cancelled():
            done.exception()  # a look nobody waited for that failed: the next request looks again

    def shown(self, slug: str) -> Shown:
        """The players' view of `slug`: read again only when the card's audit stamp moved (any change, by
        any worker), so 200 players on an unchanged card cost one small query every `ttl` seconds. Read by
        one thread at a time; the others wait for it. Only cards that exist are kept."""
        from ..store import audit as audit_rows

        hit = self.cached(slug)
        if hit:
            return hit
        with self._lock:
            hit = self.cached(slug)
            if hit:
                return hit
            generation, now = self._generation, time.monotonic()
            with self.store.reading() as tx:
                stamp = audit_rows.stamp(tx, slug)
            old = self._cache.get(slug)
            new = replace(old, checked=now) if old and old.stamp == stamp else self._read(slug, stamp, now)
            if generation != self._generation:  # written here meanwhile: look again next time
                new = replace(new, checked=0.0)
            self._cache[slug] = new
            return new

    def _read(self, slug: str, stamp: tuple[int, int], now: float) -> Shown:
        """The view of `slug` read from the pool, its pages rendered."""
        import json

        from ..services import players

        snap = players.snapshot(self.store, slug)
        html = ENV.get_template("board_live.html").render(b=snap.board)
        tag = hashlib.sha256(html.encode()).hexdigest()[:16]
        board = ENV.get_template("board.html").render(b=snap.board, live=html, stamp=tag, every=self.poll_ms)
        live = json.dumps({"stamp": tag, "html": html}, ensure_ascii=False, separators=(",", ":"))
        return Shown(stamp, now, snap, html, tag, board.encode(), live.encode())

    def changed(self) -> None:
        """Something was written by this process: every view is read again at its next request."""
        self._generation += 1
        self._cache.clear()


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["dollars"] = dollars
    env.filters["plural"] = plural
    return env


ENV = environment()


def page(
    request: Request, template: str, status: int = 200, headers: dict[str, str] | None = None, **values: Any
) -> HTMLResponse:
    html = ENV.get_template(template).render(request=request, **values)
    return HTMLResponse(html, status_code=status, headers=headers)


def problem(
    request: Request, status: int, title: str, text: str, back: tuple[str, str] | None = None
) -> HTMLResponse:
    """A refusal or error as a page: what happened, what to do, and where to go on (`back`: href, label)."""
    return page(request, "problem.html", status=status, title=title, text=text, back=back)


def headers(app: Callable[..., Any]) -> Callable[..., Any]:
    """Security headers on every response; no page of a card or of the operator is cached."""

    async def wrapped(scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def sending(msg: dict[str, Any]) -> None:
            if msg["type"] == "http.response.start":
                h = list(msg.get("headers", []))
                names = {k.lower() for k, _ in h}
                extra = {
                    b"content-security-policy": CSP.encode(),
                    b"x-content-type-options": b"nosniff",
                    b"referrer-policy": b"no-referrer",  # a card's code is in its address: never sent on
                    b"x-frame-options": b"DENY",
                }
                if not scope["path"].startswith("/static/"):
                    extra[b"cache-control"] = b"no-store"
                h += [(k, v) for k, v in extra.items() if k not in names]
                msg = {**msg, "headers": h}
            await send(msg)

        await app(scope, receive, sending)

    return wrapped


def create_app(store: Store, site: Site | None = None) -> Starlette:
    from . import operator, players

    site = site or Site(store)

    async def not_found(request: Request, exc: Exception) -> Response:
        return problem(request, 404, "Not found", "There is no page at this address.")

    async def refused(request: Request, exc: Exception) -> Response:
        """Any other refusal Starlette raises (a request it cannot read): our page, never its text."""
        status = getattr(exc, "status_code", 400)
        return problem(
            request,
            status if 400 <= status < 500 else 400,
            "Not read",
            "This request could not be read as sent, so nothing was changed. Go back, reload the page "
            "and try again.",
        )

    async def failed(request: Request, exc: Exception) -> Response:
        return problem(
            request,
            500,
            "Something went wrong",
            "This page could not be shown because of an error in parlaycards; nothing was changed by it. "
            "Try again, or tell whoever runs the pool.",
        )

    routes = [
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        *operator.routes(site),
        *players.routes(site),
    ]
    handlers = {404: not_found, 405: not_found, 500: failed, HTTPException: refused}
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.site = site
    app.add_middleware(_Headers)
    return app


SERVE_ENV = "PARLAYCARDS_SERVE"


def served() -> Starlette:
    """The application as each worker of `serve` makes it (uvicorn's factory), from what `serve` was told,
    passed in PARLAYCARDS_SERVE: {"url", "actor", "base"}."""
    import json
    import os

    told = json.loads(os.environ[SERVE_ENV])
    store = Store(told["url"])
    store.actor = told["actor"]
    app = create_app(store, Site(store, base=told.get("base")))
    frozen()
    return app


def frozen() -> None:
    """What the worker has loaded (modules, classes, the application) lives as long as it does: taken out
    of the cycle collector's sight (`gc.freeze`), whose full collections otherwise walk all of it (~21 ms,
    under 1 ms after) and stall every request waiting meanwhile."""
    import gc

    from ..services import grading, players  # noqa: F401 - what a card's view loads, loaded now
    from ..store import audit  # noqa: F401

    gc.collect()
    gc.freeze()


class _Headers:
    def __init__(self, app: Callable[..., Any]):
        self.app = headers(app)

    async def __call__(
        self, scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]
    ) -> None:
        try:
            await self.app(scope, receive, send)
        except ClientDisconnect:  # the browser hung up before its request was all sent: no one to answer
            return


def site_of(request: Request) -> Site:
    """The site the application serves (every handler's shared state)."""
    site: Site = request.app.state.site
    return site


def route(
    path: str, endpoint: Callable[..., Any], methods: tuple[str, ...] = ("GET",), name: str | None = None
) -> Route:
    return Route(path, endpoint, methods=list(methods), name=name)
