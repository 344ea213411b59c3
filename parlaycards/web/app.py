"""The Starlette application of `serve`: routes, templates, security headers, errors as pages.

Every page is rendered on the server and works without JavaScript; `static/live.js` only refreshes the
board in place. Templates and static files are served from the package (no CDN).
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..core.errors import ParlayError
from ..core.money import dollars
from ..report.grade import Report
from ..services import grading
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


def message(exc: ParlayError) -> str:
    """The paragraph a page shows for a refusal, starting with a capital."""
    text = exc.text(words)
    return text[:1].upper() + text[1:]


@dataclass
class Site:
    """What every request shares: the pool, its folders, the guard, the brake and a short report cache."""

    store: Store
    guard: Guard = field(default_factory=Guard)
    brake: Brake = field(default_factory=Brake)
    ttl: float = 1.0  # seconds a board's report is reused (every write here clears it)
    poll_ms: int = 4000  # how often an open board asks for changes
    base: str | None = None  # the address other machines reach `serve` at (`--host 0.0.0.0`), for phone links
    _cache: dict[tuple[str, str], tuple[float, Any]] = field(default_factory=dict)
    _locks: dict[tuple[str, str], threading.Lock] = field(default_factory=dict)
    _generation: int = 0

    @property
    def crops(self) -> Path:
        return crops_folder(self.store.url).resolve()

    def _fresh(self, key: tuple[str, str], make: Callable[[], T]) -> T:
        """`make()`, reused for `ttl` seconds; made by one thread at a time (the others wait for it), so
        200 players arriving together grade the card once."""
        hit = self._cache.get(key)
        if hit and time.monotonic() - hit[0] < self.ttl:
            return cast(T, hit[1])  # what make() gave for this key
        with self._locks.setdefault(key, threading.Lock()):
            hit = self._cache.get(key)
            if hit and time.monotonic() - hit[0] < self.ttl:
                return cast(T, hit[1])
            generation, value = self._generation, make()
            if generation == self._generation:  # nothing changed meanwhile: keep it
                self._cache[key] = (time.monotonic(), value)
            return value

    def look(self, store: Store, slug: str) -> tuple[Report, bool]:
        """`grading.preview`, shared for `ttl` seconds."""
        return self._fresh(("report", slug), lambda: grading.preview(store, slug))

    def board(self, slug: str) -> tuple[Any, str, str]:
        """The board of `slug`, its changing part rendered, and that part's stamp: shared for `ttl` seconds."""
        from ..services import players

        def make() -> tuple[Any, str, str]:
            b = players.board(self.store, slug, self.look)
            html = ENV.get_template("board_live.html").render(b=b)
            return b, html, hashlib.sha256(html.encode()).hexdigest()[:16]

        return self._fresh(("board", slug), make)

    def changed(self) -> None:
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
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found, 500: failed})
    app.state.site = site
    app.add_middleware(_Headers)
    return app


class _Headers:
    def __init__(self, app: Callable[..., Any]):
        self.app = headers(app)

    async def __call__(
        self, scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]
    ) -> None:
        await self.app(scope, receive, send)


def route(
    path: str, endpoint: Callable[..., Any], methods: tuple[str, ...] = ("GET",), name: str | None = None
) -> Route:
    return Route(path, endpoint, methods=list(methods), name=name)
