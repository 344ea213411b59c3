"""An operator's action on a card: run through its service off the event loop, then back to the card's
page with what happened (or why nothing did) shown once."""

from __future__ import annotations

from collections.abc import Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..core.errors import ParlayError
from .app import message, site_of
from .guard import Session


async def back(request: Request, session: Session, slug: str, note: str, bad: bool = False) -> Response:
    """To the card's operator page, which shows `note` once."""
    await run_in_threadpool(site_of(request).guard.flash, session, "bad" if bad else "ok", note)
    return RedirectResponse(request.url_for("op_card", slug=slug), status_code=303)


async def act(request: Request, session: Session, fn: Callable[[], str]) -> Response:
    """`fn` (a service call saying what it did); a refusal changes nothing and is shown as such."""
    slug = request.path_params["slug"]
    try:
        note = await run_in_threadpool(fn)
    except ParlayError as exc:
        return await back(request, session, slug, message(exc), bad=True)
    site_of(request).changed()
    return await back(request, session, slug, note)
