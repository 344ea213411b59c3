"""The operator's results and money: a game's score, a matchup's competitor withdrawn or disqualified,
grading, marking a winner paid and recording money a player handed back — each through the same service as the command line, in `history`."""

from __future__ import annotations

from typing import Literal

from starlette.requests import Request
from starlette.responses import Response

from ..core.errors import ParlayError
from ..core.text import dollars, plural
from ..core.verify import parse_serial
from ..services import entries as entry_svc
from ..services import grading
from ..services import results as result_svc
from . import forms
from .actions import act
from .app import site_of
from .guard import Session

OUTS: dict[str, Literal["wd", "dq"]] = {"wd": "wd", "dq": "dq"}


def said(got: result_svc.Recorded, what: str = "score") -> str:
    """What a result entered changed, as the page says it."""
    if not got.changes:
        return f"That {what} was already entered: nothing changed."
    ch = got.changes[0]
    return f"{ch.game.label()}: {result_svc.result_text(ch.new, ch.game)}."


async def score(request: Request, session: Session) -> Response:
    site, slug, f = site_of(request), request.path_params["slug"], await request.form()

    def run() -> str:  # `yes`: a correction that moves what paid cards won, on purpose (`result set --yes`)
        number, yes = forms.whole(f.get("game"), "game"), bool(f.get("yes"))
        if f.get("cancelled"):
            return said(result_svc.set_result(site.store, slug, number, cancelled=True, yes=yes, where="web"))
        away, home = forms.whole(f.get("away"), "away score"), forms.whole(f.get("home"), "home score")
        return said(result_svc.set_result(site.store, slug, number, away, home, yes=yes, where="web"))

    return await act(request, session, run)


async def out(request: Request, session: Session) -> Response:
    """A matchup's competitor who started, then withdrew (`wd`) or was disqualified (`dq`): `result set
    SLUG NUMBER --wd/--dq`, the same service and checks; one who did not start (`dns`): the matchup is
    no action, `--cancelled`."""
    site, slug, f = site_of(request), request.path_params["slug"], await request.form()

    def run() -> str:
        number = forms.whole(f.get("competitor"), "competitor")
        if f.get("out") == "dns":
            return said(
                result_svc.set_result(site.store, slug, number, cancelled=True, where="web"), "result"
            )
        how = OUTS.get(str(f.get("out") or ""))
        if how is None:
            raise ParlayError("choose withdrew, disqualified or did not start.")
        return said(result_svc.set_result(site.store, slug, number, out=how, where="web"), "result")

    return await act(request, session, run)


async def grade(request: Request, session: Session) -> Response:
    site = site_of(request)

    def run() -> str:
        t = grading.grade(site.store, request.path_params["slug"]).totals
        return f"Graded {plural(t.entries, 'card')}: {plural(t.winners, 'winner')}, {t.pending} pending."

    return await act(request, session, run)


async def pay(request: Request, session: Session) -> Response:
    site, f = site_of(request), await request.form()

    def run() -> str:
        number = parse_serial(str(f.get("serial") or ""))
        if number is None:
            raise ParlayError("give the serial of the card to pay, e.g. 000123.")
        p = entry_svc.pay(site.store, request.path_params["slug"], number)
        return f"Card {p.entry.serial} paid {dollars(p.amount)} (owed now {dollars(p.owed)})."

    return await act(request, session, run)


async def handed_back(request: Request, session: Session) -> Response:
    """Money a player handed back on a card paid more than it now pays (`entry pay SLUG SERIAL
    --returned AMOUNT`, the same service); a blank amount is all that was overpaid."""
    site, f = site_of(request), await request.form()

    def run() -> str:
        number = parse_serial(str(f.get("serial") or ""))
        if number is None:
            raise ParlayError("give the serial of the card, e.g. 000123.")
        back = forms.money(str(f.get("amount") or ""), "the amount handed back")
        p = entry_svc.returned(site.store, request.path_params["slug"], number, back)
        return f"Card {p.entry.serial}: {dollars(-p.amount)} handed back recorded (paid on it now {dollars(p.total)})."

    return await act(request, session, run)
