"""The players' pages: the board of a card, one card by its serial and verify code, and its crop."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response

from ..core.errors import NotFoundError
from ..core.verify import parse_qr_link, parse_serial
from ..services import cards as card_svc
from ..services import players as svc
from .app import Shown, Site, message, page, problem, route

if TYPE_CHECKING:
    from starlette.routing import Route

SLUG = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def inside(path: Path, folder: Path) -> Path | None:
    """`path` when it is a file inside `folder` (links resolved), else None."""
    try:
        real = path.resolve(strict=True)
    except OSError:
        return None
    return real if real.is_file() and real.is_relative_to(folder) else None


def routes(site: Site) -> list[Route]:  # noqa: C901 - the players' page handlers, each a small closure
    async def index(request: Request) -> Response:
        cards = await run_in_threadpool(card_svc.list_cards, site.store)
        return page(request, "index.html", cards=cards)

    async def board_of(slug: str) -> Shown:
        if not SLUG.fullmatch(slug):
            raise NotFoundError(f'there is no card "{slug[:64]}" in this pool.')
        cached = site.cached(slug)
        return cached if cached is not None else await run_in_threadpool(site.shown, slug)

    async def board(request: Request) -> Response:
        slug = request.path_params["slug"]
        try:
            shown = await board_of(slug)
        except NotFoundError:
            return problem(request, 404, "No such card", f'There is no card "{slug[:64]}" in this pool.')
        return page(
            request, "board.html", b=shown.snap.board, live=shown.html, stamp=shown.tag, every=site.poll_ms
        )

    async def live(request: Request) -> Response:
        """The board's changing part, for `live.js`: {stamp, html}; the stamp changes when the html does."""
        try:
            shown = await board_of(request.path_params["slug"])
        except NotFoundError:
            return JSONResponse({"error": "no such card"}, status_code=404)
        return JSONResponse({"stamp": shown.tag, "html": shown.html})

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

    async def checked(
        request: Request, named: tuple[str, str, str] | None = None
    ) -> svc.PlayerCard | Response:
        """The card named by the address (or `named`: slug, serial, code), when the code given is its code;
        else the refusal (slowed)."""
        slug, serial = request.path_params.get("slug", ""), request.path_params.get("serial", "")
        code = request.query_params.get("code", "")
        if named is not None:
            slug, serial, code = named
        who = address(request)

        async def refused() -> Response:
            minutes = max(1, round(site.brake.blocked(who) / 60))
            await asyncio.sleep(0.2)
            return problem(
                request,
                429,
                "Too many wrong codes",
                f"Too many wrong codes came from your address. Try again in about {minutes} minute"
                f"{'s' if minutes > 1 else ''}; check the code printed beside the serial on your card.",
                (f"/{slug}", "Back to the board"),
            )

        await site.brake.look(who)
        if site.brake.blocked(who):
            return await refused()
        if not SLUG.fullmatch(slug):
            return problem(request, 404, "No such card", "There is no card of that name in this pool.")

        async def look() -> svc.PlayerCard | Response:
            try:
                return svc.player_card((await board_of(slug)).snap, serial, code)
            except svc.WrongCode as exc:
                await site.brake.failing(who)
                return problem(request, 403, "Wrong serial or code", message(exc), (f"/{slug}", "Try again"))
            except NotFoundError:
                return problem(request, 404, "No such card", "There is no card of that name in this pool.")

        if not site.brake.wait(who):  # no recent failures: players behind one address are not queued
            return await look()
        async with site.brake.lock(who):  # past the free tries: one at a time, each after its wait
            if site.brake.blocked(who):  # the tries ahead in the queue used up what was left
                return await refused()
            await asyncio.sleep(site.brake.wait(who))
            await site.brake.look(who, again=True)  # other workers' failures meanwhile too
            if site.brake.blocked(who):  # the tries queued meanwhile used up what was left
                return await refused()
            return await look()

    async def card(request: Request) -> Response:
        got = await checked(request)
        if isinstance(got, Response):
            return got
        return page(request, "card.html", c=got, code=request.query_params.get("code", ""))

    async def crop(request: Request) -> Response:
        got = await checked(request)
        if isinstance(got, Response):
            return got
        found = inside(got.crop, site.crops) if got.crop else None
        if found is None:
            return problem(request, 404, "No picture", "This card was not scanned, or its picture is gone.")
        return FileResponse(found, media_type="image/jpeg")

    async def linked(request: Request) -> Response:
        """A card's QR link (`https://…/c/000123-K7F2Q9`, printed when the pool has an address): to the
        card's own page once its code is checked, as a typed serial and code are."""
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
        got = await checked(request, (slug, f"{found[0]:06d}", code))
        if isinstance(got, Response):
            return got
        return RedirectResponse(
            request.url_for("card", slug=got.slug, serial=got.serial).include_query_params(code=code),
            status_code=303,
        )

    return [
        route("/", index),
        route("/c/{link}", linked),
        route("/{slug}", board),
        route("/{slug}/live.json", live),
        route("/{slug}/card", lookup),
        route("/{slug}/card/{serial}", card, name="card"),
        route("/{slug}/card/{serial}/crop", crop),
    ]
