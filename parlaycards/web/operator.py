"""The operator's pages: the list of cards and each card's page (review queue, scores, grading, paying),
and the table of every operator address with its handler (`signin`, `review`, `scores`).

Every action calls the same service as the command line (so it is checked and audited the same way);
a refused action changes nothing and comes back as a message on the page. A one-time token (printed by
`serve`, or made here for a phone) opens a session; every form carries the session's CSRF token.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core.errors import ParlayError
from ..core.text import brief
from ..services import cards as card_svc
from ..services import grading, score_checks
from ..services import scan as scan_svc
from ..store import sessions as session_rows
from . import review, scores, signin
from .app import Site, message, page, problem, route, site_of
from .guard import Session
from .signin import operator


async def home(request: Request, session: Session) -> Response:
    cards = await run_in_threadpool(card_svc.list_cards, site_of(request).store)
    return page(request, "op_index.html", cards=cards, s=session)


async def card(request: Request, session: Session) -> Response:
    site, slug = site_of(request), request.path_params["slug"]
    try:
        shown = await run_in_threadpool(dashboard, site, slug)
    except ParlayError as exc:
        return problem(request, 404, "No such card", message(exc))
    flash = await run_in_threadpool(site.guard.take_flash, session)
    return page(request, "op_card.html", s=session, flash=flash, **shown)


def dashboard(site: Site, slug: str) -> dict[str, Any]:
    """What a card's operator page shows: the review queue, the scores and grade report, the last fetch."""
    card, rows = scan_svc.reviews(site.store, slug)
    report, graded = grading.preview(site.store, slug)
    with site.store.reading() as tx:
        last = session_rows.last_fetch(tx, slug)
        prizes_paid = score_checks.prizes_paid_on(tx, slug)
    fetched = None
    if last is not None:
        at, ok, said = last
        fetched = {
            "when": brief(datetime.fromtimestamp(at).astimezone()),
            "ok": ok,
            "said": said[:1].upper() + said[1:],
        }
    return {
        "fetched": fetched,
        "slug": slug,
        "card": card,
        "matchups": {g.key for g in card.games if g.matchup},
        "reviews": [(r, scan_svc.kind(r.reasons[0]) if r.reasons else "other") for r in rows],
        "report": report,
        "graded": graded,
        "paid_any": prizes_paid
        or any(r.paid > 0 for r in report.rows),  # a correction may then move paid money: `yes` offered
    }


def routes(site: Site) -> list[Route]:
    """The operator's pages (each handler finds the site on the application)."""
    post = ("POST",)
    return [
        route("/op/login", signin.login, name="login"),
        route("/op/login", signin.password, post),
        route("/op", operator(home)),
        route("/op/link", operator(review.phone_link), post),
        route("/op/logout", operator(signin.logout), post),
        route("/op/{slug}", operator(card), name="op_card"),
        route("/op/{slug}/accept", operator(review.accept), post),
        route("/op/{slug}/reject", operator(review.reject), post),
        route("/op/{slug}/decide", operator(review.decide), post),
        route("/op/{slug}/score", operator(scores.score), post),
        route("/op/{slug}/out", operator(scores.out), post),
        route("/op/{slug}/grade", operator(scores.grade), post),
        route("/op/{slug}/pay", operator(scores.pay), post),
        route("/op/{slug}/returned", operator(scores.handed_back), post),
        route("/op/{slug}/crop/{scan:int}", operator(review.crop)),
        route("/op/{slug}/phone", operator(review.phone)),
        route("/op/{slug}/phone", operator(review.upload), post),
    ]
