"""The operator's review pages: accepting, correcting and rejecting what scanning could not enter, each
scan's crop, and the phone page that reads a photo at once (with the one-time link that signs a phone in).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import FileResponse, Response

from ..core.errors import ParlayError
from ..core.text import dollars
from ..core.verify import format_serial, parse_serial
from ..services import cards as card_svc
from ..services import scan as scan_svc
from . import forms
from .actions import act, back
from .app import Site, message, page, problem, site_of
from .guard import Session
from .players import inside
from .upload import scan_photo

if TYPE_CHECKING:
    from ..core.models import Entry
    from ..store.scans import ScanRow


def ticked(f: FormData) -> list[str]:
    return [str(w) for w in f.getlist("which")]


def entered(done: list[Entry]) -> str:
    return f"Entered {', '.join(e.serial for e in done)}."


def rejected(done: list[ScanRow]) -> str:
    return f"Rejected {', '.join(format_serial(r.serial) if r.serial else f'#{r.id}' for r in done)}."


def accept_one(site: Site, slug: str, which: str, f: FormData) -> str:
    """One card, with what the operator typed: its picks, stake, and a serial and code it was read without."""
    typed, code, picks = (str(f.get(k) or "").strip() for k in ("serial", "code", "picks"))
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
        which,
        serial=serial,
        picks=forms.picks(picks) if picks else None,
        stake=forms.money(str(f.get("stake") or "")),
        code=code or None,
    )
    return f"Card {e.serial} entered: {', '.join(map(str, e.picks))} at {dollars(e.stake)}."


async def accept(request: Request, session: Session) -> Response:
    site, slug, f = site_of(request), request.path_params["slug"], await request.form()
    which = ticked(f)
    if not which:
        return await back(request, session, slug, "Tick at least one card to accept.", bad=True)
    one = any(str(f.get(k) or "").strip() for k in ("serial", "code", "picks"))

    def run() -> str:
        if one:
            if len(which) != 1:
                raise ParlayError("picks, serial or code typed in apply to one card: tick only that one.")
            return accept_one(site, slug, which[0], f)
        stake = forms.money(str(f.get("stake") or ""))
        return entered(scan_svc.accept_many(site.store, slug, which, stake=stake))

    return await act(request, session, run)


async def reject(request: Request, session: Session) -> Response:
    site, slug, f = site_of(request), request.path_params["slug"], await request.form()
    which, reason = ticked(f), str(f.get("reason") or "")
    if not which:
        return await back(request, session, slug, "Tick at least one card to reject.", True)
    return await act(
        request, session, lambda: rejected(scan_svc.reject_many(site.store, slug, which, reason=reason))
    )


async def decide(request: Request, session: Session) -> Response:
    """The ticked cards, all accepted as read (`accept_many`) or all rejected (`reject_many`)."""
    site, slug, f = site_of(request), request.path_params["slug"], await request.form()
    which = ticked(f)
    if not which:
        return await back(request, session, slug, "Tick at least one card first.", bad=True)
    if f.get("do") == "reject":
        reason = str(f.get("reason") or "")
        return await act(
            request, session, lambda: rejected(scan_svc.reject_many(site.store, slug, which, reason=reason))
        )

    def run() -> str:
        stake = forms.money(str(f.get("stake") or ""))
        return entered(scan_svc.accept_many(site.store, slug, which, stake=stake))

    return await act(request, session, run)


async def crop(request: Request, session: Session) -> Response:
    site = site_of(request)
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
    site, slug, f = site_of(request), request.path_params["slug"], await request.form()
    photo = f.get("photo")
    try:
        if not isinstance(photo, UploadFile) or not photo.filename:
            raise ParlayError("choose a photo of the card (or take one) before sending.")
        stake, received = forms.money(str(f.get("stake") or "")), forms.when(f.get("received"))
        read = await scan_photo(site, slug, photo, stake, received, bool(f.get("late")))
    except ParlayError as exc:
        return page(request, "op_phone.html", s=session, slug=slug, read=None, error=message(exc), status=400)
    site.changed()
    return page(request, "op_phone.html", s=session, slug=slug, read=read, error=None)


async def phone_link(request: Request, session: Session) -> Response:
    """A one-time link for a phone, at the address the phone can reach (`serve --host`), with its QR."""
    from markupsafe import Markup

    from .qr import qr_svg

    site = site_of(request)
    cards = await run_in_threadpool(card_svc.list_cards, site.store)
    if site.base is None and request.url.hostname in ("127.0.0.1", "localhost", "::1"):
        return page(request, "op_index.html", cards=cards, s=session, local_only=True)
    base = site.base or str(request.base_url).rstrip("/")
    link = f"{base}/op/login?token={await run_in_threadpool(site.guard.new_token)}"
    return page(request, "op_index.html", cards=cards, s=session, link=link, qr=Markup(qr_svg(link)))
