"""The operator's way in: a one-time link or the password opens a session (a cookie), and every operator
page is wrapped by `operator`, which asks for that session and, on a form, for its CSRF token.

Wrong links and passwords are braked per address as wrong codes are.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..core.errors import ParlayError
from ..core.text import is_digits
from ..services import access
from . import forms
from .app import message, page, problem, site_of
from .guard import SESSION_COOKIE, SESSION_HOURS, Session
from .players import SLUG, address
from .upload import MAX_UPLOAD, MB

LOGIN_COOKIE = "pc_login"  # the password form's CSRF token, before there is a session
Handler = Callable[[Request, Session], Awaitable[Response]]
Endpoint = Callable[[Request], Awaitable[Response]]


def secure(request: Request) -> bool:
    """Secure cookies over HTTPS, and on this machine (browsers treat 127.0.0.1 and localhost as secure)."""
    return request.url.scheme == "https" or request.url.hostname in ("127.0.0.1", "localhost", "::1")


def refused(request: Request) -> Response:
    return problem(
        request,
        403,
        "Operator only",
        "This page is for whoever runs the pool. Open the link `parlaycards serve` printed (each link "
        "works once), sign in at /op/login with the password set by `parlaycards pool set`, or ask for "
        "a new link.",
    )


async def session_of(request: Request) -> Session | None:
    """The operator's session this browser holds, if any and still valid."""
    return await run_in_threadpool(site_of(request).guard.session, request.cookies.get(SESSION_COOKIE))


def content_length(request: Request) -> int | None:
    """The request's Content-Length in the digits 0–9 (`"²".isdigit()` and `"١٢".isdigit()` are true as
    well), or None when it has none such. A length of thousands of digits is read as past any limit."""
    length = request.headers.get("content-length") or ""
    if not is_digits(length):
        return None
    return int(length) if len(length) <= 18 else 10**18


MOST_FIELDS = 5000  # an operator's form: the review page ticks every card waiting (hundreds on a big week)


async def form_refusal(request: Request, session: Session) -> Response | None:
    """Why a form sent to an operator page is refused (no length, too large, no CSRF token), or None."""
    length = content_length(request)
    if length is None:
        return problem(request, 411, "Refused", "The form was sent without its length; send it again.")
    if length > MAX_UPLOAD + 64 * 1024:
        return problem(
            request,
            413,
            "Too large",
            f"That upload is {length / MB:.1f} MB; photos of up to "
            f"{MAX_UPLOAD // MB} MB are read. Take it again at a lower resolution.",
        )
    try:
        data = await forms.read(request, max_files=1, max_fields=MOST_FIELDS)
    except ParlayError as exc:
        return problem(request, 400, "Form not read", message(exc))
    if not site_of(request).guard.csrf_ok(session, data.get("csrf")):  # type: ignore[arg-type]
        return problem(
            request,
            403,
            "Form expired",
            "This form is out of date (or came from another site): nothing was changed. "
            "Go back, reload the page and send it again.",
        )
    return None


def operator(fn: Handler) -> Endpoint:
    """`fn` for the operator only: the session asked for, the card's name checked, a form's token too."""

    async def wrapped(request: Request) -> Response:
        session = await session_of(request)
        if session is None:
            return refused(request)
        slug = request.path_params.get("slug")
        if slug is not None and not SLUG.fullmatch(slug):
            return problem(request, 404, "No such card", "There is no card of that name in this pool.")
        if request.method == "POST" and (no := await form_refusal(request, session)) is not None:
            return no
        return await fn(request, session)

    return wrapped


def signed_in(request: Request, sid: str) -> Response:
    out = RedirectResponse("/op", status_code=303)
    out.set_cookie(
        SESSION_COOKIE,
        sid,
        max_age=SESSION_HOURS * 3600,
        httponly=True,
        samesite="strict",
        secure=secure(request),
        path="/",
    )
    out.delete_cookie(LOGIN_COOKIE, path="/op/login")
    return out


def operator_address(request: Request) -> str:
    """Wrong sign-ins are counted apart from wrong card codes: players guessing codes behind one address
    (a bar's Wi-Fi, a proxy) never lock the operator out, nor the operator's typos the players."""
    return "op " + address(request)


def too_many(request: Request) -> Response:
    return problem(
        request, 429, "Too many tries", "Too many wrong links or passwords from your address; wait."
    )


async def sign_in_form(request: Request, error: str | None = None, status: int = 200) -> Response:
    """The password form, with a CSRF token that a cookie of this form must match (no session yet)."""
    token = secrets.token_urlsafe(24)
    out = page(request, "op_login.html", status=status, csrf=token, error=error)
    out.set_cookie(
        LOGIN_COOKIE,
        token,
        max_age=3600,
        httponly=True,
        samesite="strict",
        secure=secure(request),
        path="/op/login",
    )
    return out


async def login(request: Request) -> Response:
    """A one-time link: a new session; the link opened again in a browser already signed in goes to the
    operator's page (nothing spent, nothing counted against the address)."""
    site, who = site_of(request), operator_address(request)
    if await session_of(request) is not None:
        return RedirectResponse("/op", status_code=303)
    await site.brake.look(who)
    token = request.query_params.get("token", "")
    if not token:
        if site.brake.blocked(who):
            return too_many(request)
        if await run_in_threadpool(access.has_password, site.store):
            return await sign_in_form(request)
    # A link's token is 192 random bits, good once: no address guesses one. So a right link opens even
    # while wrong ones from its address (an office or a bar behind one shared address) are braked.
    sid = await run_in_threadpool(site.guard.redeem, token)
    if sid is not None:
        return signed_in(request, sid)
    if site.brake.blocked(who):
        return too_many(request)
    await site.brake.failing(who)
    return refused(request)


async def password(request: Request) -> Response:
    site, who = site_of(request), operator_address(request)
    await site.brake.look(who)
    if site.brake.blocked(who):
        return too_many(request)
    length = content_length(request)
    if length is None or length > 16 * 1024:
        return problem(request, 413, "Refused", "That sign-in form is not one this page sent.")
    try:
        f = await forms.read(request, max_files=0, max_fields=4)
    except ParlayError as exc:
        return problem(request, 400, "Form not read", message(exc))
    sent, kept = str(f.get("csrf") or ""), request.cookies.get(LOGIN_COOKIE) or ""
    if not sent or not hmac.compare_digest(sent.encode(), kept.encode()):
        return await sign_in_form(
            request, "That form was out of date: nothing was checked. Type the password again.", 403
        )
    async with site.brake.lock(who):
        if site.brake.blocked(who):
            return too_many(request)
        await asyncio.sleep(site.brake.wait(who))
        await site.brake.look(who, again=True)
        if site.brake.blocked(who):
            return too_many(request)
        ok = await run_in_threadpool(access.password_ok, site.store, str(f.get("password") or ""))
        if not ok:
            await site.brake.failing(who)
            return await sign_in_form(request, "That is not the operator's password.", 403)
    return signed_in(request, await run_in_threadpool(site.guard.open))


async def logout(request: Request, session: Session) -> Response:
    await run_in_threadpool(site_of(request).guard.end, request.cookies.get(SESSION_COOKIE))
    out = RedirectResponse("/", status_code=303)
    out.delete_cookie(SESSION_COOKIE, path="/")
    return out
