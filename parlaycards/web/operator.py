"""The operator's pages: the review queue, the phone page that scans a photo, scores, grading, paying.

Every action calls the same service as the command line (so it is checked and audited the same way);
a refused action changes nothing and comes back as a message on the page. A one-time token (printed by
`serve`, or made here for a phone) opens a session; every form carries the session's CSRF token.
"""

from __future__ import annotations

import asyncio
import hmac
import re
import secrets
from collections.abc import Awaitable, Callable
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response

from ..core.errors import ParlayError
from ..core.verify import format_serial, parse_serial
from ..services import access, grading
from ..services import cards as card_svc
from ..services import entries as entry_svc
from ..services import results as result_svc
from ..services import scan as scan_svc
from ..store import sessions as session_rows
from .app import Site, message, page, problem, route
from .guard import SESSION_COOKIE, SESSION_HOURS, Session
from .players import SLUG, address, inside
from .upload import MAX_UPLOAD, scan_photo

if TYPE_CHECKING:
    from starlette.routing import Route

LOGIN_COOKIE = "pc_login"  # the password form's CSRF token, before there is a session
Handler = Callable[[Request, Session], Awaitable[Response]]


def _secure(request: Request) -> bool:
    """Secure cookies over HTTPS, and on this machine (browsers treat 127.0.0.1 and localhost as secure)."""
    return request.url.scheme == "https" or request.url.hostname in ("127.0.0.1", "localhost", "::1")


def routes(site: Site) -> list[Route]:  # noqa: C901 - the operator's page handlers, each a small closure
    guard = site.guard

    def refused(request: Request) -> Response:
        return problem(
            request,
            403,
            "Operator only",
            "This page is for whoever runs the pool. Open the link `parlaycards serve` printed (each link "
            "works once), sign in at /op/login with the password set by `parlaycards pool set`, or ask for "
            "a new link.",
        )

    def operator(fn: Handler, form: bool = False) -> Callable[[Request], Awaitable[Response]]:
        async def wrapped(request: Request) -> Response:
            session = await run_in_threadpool(guard.session, request.cookies.get(SESSION_COOKIE))
            if session is None:
                return refused(request)
            slug = request.path_params.get("slug")
            if slug is not None and not SLUG.fullmatch(slug):
                return problem(request, 404, "No such card", "There is no card of that name in this pool.")
            if request.method == "POST":
                length = request.headers.get("content-length")
                if length is None or not length.isdigit():
                    return problem(
                        request, 411, "Refused", "The form was sent without its length; send it again."
                    )
                if int(length) > MAX_UPLOAD + 64 * 1024:
                    return problem(
                        request,
                        413,
                        "Too large",
                        f"That upload is {int(length) / 1_048_576:.1f} MB; photos of up to "
                        f"{MAX_UPLOAD // 1_048_576} MB are read. Take it again at a lower resolution.",
                    )
                data = await request.form(max_files=1, max_fields=40)
                if not guard.csrf_ok(session, data.get("csrf")):  # type: ignore[arg-type]
                    return problem(
                        request,
                        403,
                        "Form expired",
                        "This form is out of date (or came from another site): nothing was changed. "
                        "Go back, reload the page and send it again.",
                    )
            return await fn(request, session)

        return wrapped

    async def back(request: Request, session: Session, slug: str, note: str, bad: bool = False) -> Response:
        await run_in_threadpool(guard.flash, session, "bad" if bad else "ok", note)
        return RedirectResponse(request.url_for("op_card", slug=slug), status_code=303)

    async def act(request: Request, session: Session, fn: Callable[[], str]) -> Response:
        slug = request.path_params["slug"]
        try:
            note = await run_in_threadpool(fn)
        except ParlayError as exc:
            return await back(request, session, slug, message(exc), bad=True)
        site.changed()
        return await back(request, session, slug, note)

    # ------------------------------------------------------------------------------------------ pages

    def signed_in(request: Request, sid: str) -> Response:
        out = RedirectResponse("/op", status_code=303)
        out.set_cookie(
            SESSION_COOKIE,
            sid,
            max_age=SESSION_HOURS * 3600,
            httponly=True,
            samesite="strict",
            secure=_secure(request),
            path="/",
        )
        out.delete_cookie(LOGIN_COOKIE, path="/op/login")
        return out

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
            secure=_secure(request),
            path="/op/login",
        )
        return out

    async def login(request: Request) -> Response:
        who = address(request)
        await site.brake.look(who)
        if site.brake.blocked(who):
            return too_many(request)
        token = request.query_params.get("token", "")
        if not token and await run_in_threadpool(access.has_password, site.store):
            return await sign_in_form(request)
        sid = await run_in_threadpool(guard.redeem, token)
        if sid is None:
            await site.brake.failing(who)
            return refused(request)
        return signed_in(request, sid)

    async def password(request: Request) -> Response:
        who = address(request)
        await site.brake.look(who)
        if site.brake.blocked(who):
            return too_many(request)
        length = request.headers.get("content-length") or ""
        if not length.isdigit() or int(length) > 16 * 1024:
            return problem(request, 413, "Refused", "That sign-in form is not one this page sent.")
        f = await request.form(max_files=0, max_fields=4)
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
        return signed_in(request, await run_in_threadpool(guard.open))

    async def home(request: Request, session: Session) -> Response:
        cards = await run_in_threadpool(card_svc.list_cards, site.store)
        return page(request, "op_index.html", cards=cards, s=session)

    async def card(request: Request, session: Session) -> Response:
        slug = request.path_params["slug"]
        try:
            b = await run_in_threadpool(_dashboard, site, slug)
        except ParlayError as exc:
            return problem(request, 404, "No such card", message(exc))
        flash = await run_in_threadpool(guard.take_flash, session)
        return page(request, "op_card.html", s=session, flash=flash, **b)

    async def accept(request: Request, session: Session) -> Response:
        f = await request.form()
        slug = request.path_params["slug"]
        which = [str(w) for w in f.getlist("which")]
        picks = str(f.get("picks") or "").strip()
        if not which:
            return await back(request, session, slug, "Tick at least one card to accept.", bad=True)

        typed, code = str(f.get("serial") or "").strip(), str(f.get("code") or "").strip()

        def run() -> str:
            stake = _money(str(f.get("stake") or ""))
            if picks or typed or code:
                if len(which) != 1:
                    raise ParlayError("picks, serial or code typed in apply to one card: tick only that one.")
                serial = None
                if typed:
                    serial = parse_serial(typed)
                    if serial is None:
                        raise ParlayError(
                            f'"{typed[:12]}" is not a serial: type the 6-digit number printed on the card, e.g. 000123.'
                        )
                e = scan_svc.accept(
                    site.store,
                    slug,
                    which[0],
                    serial=serial,
                    picks=_picks(picks) if picks else None,
                    stake=stake,
                    code=code or None,
                )
                return f"Card {e.serial} entered: {', '.join(map(str, e.picks))} at ${e.stake}."
            done = scan_svc.accept_many(site.store, slug, which, stake=stake)
            return f"Entered {', '.join(e.serial for e in done)}."

        return await act(request, session, run)

    async def reject(request: Request, session: Session) -> Response:
        f = await request.form()
        which = [str(w) for w in f.getlist("which")]
        reason = str(f.get("reason") or "")
        if not which:
            return await back(
                request, session, request.path_params["slug"], "Tick at least one card to reject.", True
            )

        def run() -> str:
            done = scan_svc.reject_many(site.store, request.path_params["slug"], which, reason=reason)
            return f"Rejected {', '.join(format_serial(r.serial) if r.serial else f'#{r.id}' for r in done)}."

        return await act(request, session, run)

    async def decide(request: Request, session: Session) -> Response:
        """The ticked cards, all accepted as read (`accept_many`) or all rejected (`reject_many`)."""
        f = await request.form()
        slug = request.path_params["slug"]
        which = [str(w) for w in f.getlist("which")]
        if not which:
            return await back(request, session, slug, "Tick at least one card first.", bad=True)
        if f.get("do") == "reject":
            reason = str(f.get("reason") or "")

            def run() -> str:
                done = scan_svc.reject_many(site.store, slug, which, reason=reason)
                return f"Rejected {', '.join(format_serial(r.serial) if r.serial else f'#{r.id}' for r in done)}."

        else:

            def run() -> str:
                stake = _money(str(f.get("stake") or ""))
                done = scan_svc.accept_many(site.store, slug, which, stake=stake)
                return f"Entered {', '.join(e.serial for e in done)}."

        return await act(request, session, run)

    async def score(request: Request, session: Session) -> Response:
        f = await request.form()
        slug = request.path_params["slug"]

        def run() -> str:
            number = _int(f.get("game"), "game")
            if f.get("cancelled"):
                got = result_svc.set_result(site.store, slug, number, cancelled=True)
            else:
                away, home = _int(f.get("away"), "away score"), _int(f.get("home"), "home score")
                got = result_svc.set_result(site.store, slug, number, away, home)
            if not got.changes:
                return "That score was already entered: nothing changed."
            ch = got.changes[0]
            return f"{ch.game.label()}: {result_svc.result_text(ch.new, ch.game)}."

        return await act(request, session, run)

    async def grade(request: Request, session: Session) -> Response:
        def run() -> str:
            r = grading.grade(site.store, request.path_params["slug"])
            t = r.totals
            return f"Graded {_n(t.entries, 'card')}: {_n(t.winners, 'winner')}, {t.pending} pending."

        return await act(request, session, run)

    async def pay(request: Request, session: Session) -> Response:
        f = await request.form()

        def run() -> str:
            number = parse_serial(str(f.get("serial") or ""))
            if number is None:
                raise ParlayError("give the serial of the card to pay, e.g. 000123.")
            p = entry_svc.pay(site.store, request.path_params["slug"], number)
            return f"Card {p.entry.serial} paid ${p.amount} (owed now ${p.owed})."

        return await act(request, session, run)

    async def crop(request: Request, session: Session) -> Response:
        slug, scan_id = request.path_params["slug"], request.path_params["scan"]
        _, rows = await run_in_threadpool(scan_svc.reviews, site.store, slug, True)
        row = next((r for r in rows if r.id == scan_id), None)
        found = inside(Path(row.crop), site.crops) if row else None
        if found is None:
            return problem(request, 404, "No picture", "There is no picture of that scan.")
        return FileResponse(found, media_type="image/jpeg")

    async def phone(request: Request, session: Session) -> Response:
        slug = request.path_params["slug"]
        return page(request, "op_phone.html", s=session, slug=slug, read=None, error=None)

    async def upload(request: Request, session: Session) -> Response:
        slug = request.path_params["slug"]
        f = await request.form()
        photo = f.get("photo")
        try:
            if not isinstance(photo, UploadFile) or not photo.filename:
                raise ParlayError("choose a photo of the card (or take one) before sending.")
            read = await scan_photo(
                site,
                slug,
                photo,
                _money(str(f.get("stake") or "")),
                _when(f.get("received")),
                bool(f.get("late")),
            )
        except ParlayError as exc:
            return page(
                request, "op_phone.html", s=session, slug=slug, read=None, error=message(exc), status=400
            )
        site.changed()
        return page(request, "op_phone.html", s=session, slug=slug, read=read, error=None)

    async def phone_link(request: Request, session: Session) -> Response:
        """A one-time link for a phone, at the address the phone can reach (`serve --host`), with its QR."""
        from markupsafe import Markup

        from .qr import qr_svg

        cards = await run_in_threadpool(card_svc.list_cards, site.store)
        if site.base is None and request.url.hostname in ("127.0.0.1", "localhost", "::1"):
            return page(request, "op_index.html", cards=cards, s=session, local_only=True)
        base = site.base or str(request.base_url).rstrip("/")
        link = f"{base}/op/login?token={await run_in_threadpool(guard.new_token)}"
        return page(request, "op_index.html", cards=cards, s=session, link=link, qr=Markup(qr_svg(link)))

    async def logout(request: Request, session: Session) -> Response:
        await run_in_threadpool(guard.end, request.cookies.get(SESSION_COOKIE))
        out = RedirectResponse("/", status_code=303)
        out.delete_cookie(SESSION_COOKIE, path="/")
        return out

    post = ("POST",)
    return [
        route("/op/login", login, name="login"),
        route("/op/login", password, post),
        route("/op", operator(home)),
        route("/op/link", operator(phone_link), post),
        route("/op/logout", operator(logout), post),
        route("/op/{slug}", operator(card), name="op_card"),
        route("/op/{slug}/accept", operator(accept), post),
        route("/op/{slug}/reject", operator(reject), post),
        route("/op/{slug}/decide", operator(decide), post),
        route("/op/{slug}/score", operator(score), post),
        route("/op/{slug}/grade", operator(grade), post),
        route("/op/{slug}/pay", operator(pay), post),
        route("/op/{slug}/crop/{scan:int}", operator(crop)),
        route("/op/{slug}/phone", operator(phone)),
        route("/op/{slug}/phone", operator(upload), post),
    ]


def _dashboard(site: Site, slug: str) -> dict[str, Any]:
    card, rows = scan_svc.reviews(site.store, slug)
    report, graded = grading.preview(site.store, slug)
    with site.store.reading() as tx:
        last = session_rows.last_fetch(tx, slug)
    fetched = None
    if last is not None:
        at, ok, said = last
        when = datetime.fromtimestamp(at).astimezone().strftime("%a %H:%M")
        fetched = {"when": when, "ok": ok, "said": said[:1].upper() + said[1:]}
    return {
        "fetched": fetched,
        "slug": slug,
        "card": card,
        "reviews": [(r, scan_svc.kind(r.reasons[0]) if r.reasons else "other") for r in rows],
        "report": report,
        "graded": graded,
    }


def _money(text: str) -> Decimal | None:
    """The stake typed on the page (blank: none), read by the one amount reader."""
    from ..core import money

    if not text.strip():
        return None
    try:
        return money.parse(text[:40], "the stake", accepted="Type dollars, e.g. 5 or 2.50.")
    except ValueError as exc:
        raise ParlayError(str(exc)) from None


def _when(value: object) -> datetime | None:
    """The phone page's "handed in" field (`2026-11-22T12:30`, on the card's wall clock); blank: now."""
    text = str(value or "").strip()
    if not text:
        return None
    try:
        return datetime.fromisoformat(text).replace(tzinfo=None)
    except ValueError:
        raise ParlayError(f'"{text[:20]}" is not a date and time: pick one, e.g. 2026-11-22 12:30.') from None


def _picks(text: str) -> tuple[int, ...]:
    """`101,104,117` (commas or spaces): selection numbers, or a refusal naming the one that is not."""
    parts = [p for p in re.split(r"[,\s]+", text) if p]
    for p in parts:
        if not p.isdigit() or len(p) > 6:
            raise ParlayError(
                f'"{p[:12]}" is not a selection number: type the numbers picked, e.g. 101,104,117.'
            )
    return tuple(int(p) for p in parts)


def _n(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def _int(value: object, what: str) -> int:
    text = str(value or "").strip()
    if not text.isdigit() or len(text) > 6:
        raise ParlayError(f'the {what} "{text[:12]}" is not a whole number, e.g. 24.')
    return int(text)
