"""The players' pages: the board of a card, one card by its serial and verify code, and its crop.

A board, its live part and a card page are answered from the card's view (`Site.view`), rendered once per
change of the card: no database work but a look at the card's stamp every `ttl` seconds, and a right code
writes nothing. Every code is still checked on every request, and every wrong one counted by the brake.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ..core.errors import NotFoundError
from ..core.verify import parse_qr_link, parse_serial
from ..services import cards as card_svc
from ..services import players as svc
from .app import CARDS_KEPT, ENV, Shown, Site, message, page, problem, route, site_of

SLUG = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
Checked = tuple[Shown, svc.PlayerCard]


def address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def inside(path: Path, folder: Path) -> Path | None:
    """`path` when it is a file inside `folder` (links resolved), else None."""
    try:
        real = path.resolve(strict=True)
    except OSError:
        return None
    return real if real.is_file() and real.is_relative_to(folder) else None


async def view_of(site: Site, slug: str) -> Shown:
    if not SLUG.fullmatch(slug):
        raise NotFoundError(f'there is no card "{slug[:64]}" in this pool.')
    return await site.view(slug)


async def index(request: Request) -> Response:
    cards = await run_in_threadpool(card_svc.list_cards, site_of(request).store)
    return page(request, "index.html", cards=cards)


async def board(request: Request) -> Response:
    slug = request.path_params["slug"]
    try:
        shown = await view_of(site_of(request), slug)
    except NotFoundError:
        return problem(request, 404, "No such card", f'There is no card "{slug[:64]}" in this pool.')
    return HTMLResponse(shown.board)


async def live(request: Request) -> Response:
    """The board's changing part, for `live.js`: {stamp, html}; the stamp changes when the html does.
    `?since=STAMP` (what the page shows now): no content when nothing changed since."""
    try:
        shown = await view_of(site_of(request), request.path_params["slug"])
    except NotFoundError:
        return JSONResponse({"error": "no such card"}, status_code=404)
    if request.query_params.get("since") == shown.tag:
        return Response(status_code=204)
    return Response(shown.live, media_type="application/json")


async def lookup(request: Request) -> Response:
    """The board's form: to the card's own address (kept in the phone's history as a bookmark)."""
    slug = request.path_params["slug"]
    serial = request.query_params.get("serial", "")
    code = request.query_params.get("code", "")
    number = parse_serial(serial)
    if number is None or not SLUG.fullmatch(slug):
        return problem(
            request,
            400,
            "Not a serial",
            f'"{serial[:12]}" is not a serial: type the 6-digit number printed on your card, e.g. 000123.',
        )
    return RedirectResponse(
        request.url_for("card", slug=slug, serial=f"{number:06d}").include_query_params(code=code),
        status_code=303,
    )


async def refused(request: Request, slug: str) -> Response:
    """An address past the brake's limit: refused without a look at the code (slowed a little)."""
    minutes = max(1, round(site_of(request).brake.blocked(address(request)) / 60))
    await asyncio.sleep(0.2)
    return problem(
        request,
        429,
        "Too many wrong codes",
        f"Too many wrong codes came from your address. Try again in about {minutes} minute"
        f"{'s' if minutes > 1 else ''}; check the code printed beside the serial on your card.",
        (f"/{slug}", "Back to the board"),
    )


async def look(request: Request, slug: str, serial: str, code: str) -> Checked | Response:
    """The card when `code` is its code; a wrong code is counted, and past the limit refused as such.
    A serial and code already found right in this view are not worked out again (only right ones are
    kept)."""
    site = site_of(request)
    try:
        shown = await view_of(site, slug)
        known = shown.cards.get((serial, code))
        if known is not None:
            return shown, known[0]
        got = svc.player_card(shown.snap, serial, code)
        if len(shown.cards) < CARDS_KEPT:
            shown.cards[(serial, code)] = (got, None)
        return shown, got
    except svc.WrongCode as exc:
        if await site.brake.failing(address(request)) > site.brake.limit:  # counted with every worker's
            return await refused(request, slug)
        return problem(request, 403, "Wrong serial or code", message(exc), (f"/{slug}", "Try again"))
    except NotFoundError:
        return problem(request, 404, "No such card", "There is no card of that name in this pool.")


async def checked(request: Request, slug: str, serial: str, code: str) -> Checked | Response:
    """Card `serial` of `slug` and its view, when `code` is its code; else the refusal (slowed)."""
    brake, who = site_of(request).brake, address(request)
    await brake.look(who)
    if brake.blocked(who):
        return await refused(request, slug)
    if not SLUG.fullmatch(slug):
        return problem(request, 404, "No such card", "There is no card of that name in this pool.")
    if not brake.wait(who):  # no recent failures: players behind one address are not queued
        return await look(request, slug, serial, code)
    async with brake.lock(who):  # past the free tries: one at a time, each after its wait
        if brake.blocked(who):  # the tries ahead in the queue used up what was left
            return await refused(request, slug)
        await asyncio.sleep(brake.wait(who))
        await brake.look(who, again=True)  # other workers' failures meanwhile too
        if brake.blocked(who):  # the tries queued meanwhile used up what was left
            return await refused(request, slug)
        return await look(request, slug, serial, code)


async def from_address(request: Request) -> Checked | Response:
    p = request.path_params
    return await checked(request, p["slug"], p["serial"], request.query_params.get("code", ""))


async def card(request: Request) -> Response:
    got = await from_address(request)
    if isinstance(got, Response):
        return got
    shown, c = got
    key = (request.path_params["serial"], request.query_params.get("code", ""))
    html = shown.cards.get(key, (c, None))[1]
    if html is None:  # rendered once per view; the code was checked above all the same
        html = ENV.get_template("card.html").render(c=c, code=key[1]).encode()
        if key in shown.cards:
            shown.cards[key] = (c, html)
    return HTMLResponse(html)


async def crop(request: Request) -> Response:
    got = await from_address(request)
    if isinstance(got, Response):
        return got
    c = got[1]
    found = inside(c.crop, site_of(request).crops) if c.crop else None
    if found is None:
        return problem(request, 404, "No picture", "This card was not scanned, or its picture is gone.")
    return FileResponse(found, media_type="image/jpeg")


async def linked(request: Request) -> Response:
    """A card's QR link (`https://…/c/000123-K7F2Q9`, printed when the pool has an address): to the card's
    own page once its code is checked, as a typed serial and code are."""
    site = site_of(request)
    found = parse_qr_link(f"http://x/c/{request.path_params['link']}")
    slug = await run_in_threadpool(svc.card_of, site.store, found[0]) if found else None
    if not found or not slug:  # said as a wrong code is: a guess learns nothing of which serials exist
        who = address(request)
        await site.brake.look(who)
        if not site.brake.blocked(who):
            await site.brake.failing(who)
        return problem(
            request,
            403,
            "Wrong serial or code",
            "No card of this pool has that serial and verify code. Type the serial and the 6-letter code "
            "printed beside it on your card on the card's board.",
            ("/", "All cards"),
        )
    code = found[1]
    got = await checked(request, slug, f"{found[0]:06d}", code)
    if isinstance(got, Response):
        return got
    c = got[1]
    return RedirectResponse(
        request.url_for("card", slug=c.slug, serial=c.serial).include_query_params(code=code),
        status_code=303,
    )


def routes(site: Site) -> list[Route]:
    """The players' pages (each handler finds the site on the application)."""
    return [
        route("/", index),
        route("/c/{link}", linked),
        route("/{slug}", board),
        route("/{slug}/live.json", live),
        route("/{slug}/card", lookup),
        route("/{slug}/card/{serial}", card, name="card"),
        route("/{slug}/card/{serial}/crop", crop),
    ]
