"""A backup put back over the pool, seen from `serve` and the listings: a payment recorded since (kept in the
payments file beside the pool) is shown paid on the operator's page, the player's card page and by `entries`,
named apart as unknown to the restored database, as `grade` and `entry pay` name it; never offered again."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from parlaycards.services import grading
from parlaycards.store import Store
from parlaycards.web.app import Site, create_app
from parlaycards.web.guard import Brake

from .pool_support import code
from .test_restored_payments import SLUG, _cli, _scores, paid_then_restored

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
NOTE = "restored from a backup taken before that"


def _restored(db_path: Path, tmp_path: Path) -> Store:
    """Card 000001 ($10 on three winners) paid $60.00 after the backup; the backup put back, scored again."""
    store = paid_then_restored(db_path, tmp_path, second="101,103,107")
    _scores(store, yes=True)
    grading.grade(store, SLUG)
    return store


def _operator(site: Site) -> TestClient:
    c = TestClient(create_app(site.store, site), base_url="https://testserver", client=("10.0.0.1", 50000))
    r = c.get(f"/op/login?token={site.guard.new_token()}", follow_redirects=False)
    assert r.status_code == 303
    return c


def test_the_operators_page_names_a_payment_the_restored_database_does_not_hold(
    db_path: Path, tmp_path: Path
):
    store = _restored(db_path, tmp_path)
    site = Site(store, brake=Brake(free=2, limit=5, step=0.01, most=0.02), ttl=0)
    c = _operator(site)
    page = html.unescape(c.get(f"/op/{SLUG}").text)
    row = page.split('class="winners"')[-1].split(">000001<")[1].split("</tr>")[0]
    assert ">paid<" in row and "Mark paid" not in row  # never offered to pay again
    bo = page.split('class="winners"')[-1].split(">000002<")[1].split("</tr>")[0]
    assert "Mark paid" in bo  # a winner paid nowhere is still offered
    graded = _cli(db_path, "grade", SLUG)
    said = " ".join(graded.output.split())
    assert graded.exit_code == 0, graded.output
    note = next(n for n in page.split("<strong>") if NOTE in n).split("</strong>")[0]
    assert note.startswith("Counted as paid: card 000001 was paid $60.00 on ")
    assert " ".join(note.split()) in said  # the page and the command line say the same, to the cent
    card = TestClient(create_app(store, site), base_url="https://testserver").get(
        f"/{SLUG}/card/000001", params={"code": code(store, SLUG, 1, 1)}
    )
    assert "paid $60.00" in card.text
    store.dispose()


def test_entries_lists_a_payment_the_restored_database_does_not_hold(db_path: Path, tmp_path: Path):
    _restored(db_path, tmp_path).dispose()
    listed = _cli(db_path, "entries", SLUG, "--json")
    assert listed.exit_code == 0, listed.output
    rows = {e["serial"]: e for e in json.loads(listed.output)}
    assert rows["000001"]["paid"] == "60.00" and rows["000002"]["paid"] == "0.00"
