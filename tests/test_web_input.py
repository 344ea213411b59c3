"""What an outside tester typed or sent that `serve` (and the command line beside it) answered with an
internal error, library text or a silent choice: each now a refusal in words, with nothing changed."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from parlaycards.cli.main import app as cli
from parlaycards.services import entries as entry_svc
from parlaycards.store import Store
from parlaycards.web.app import Site, create_app
from parlaycards.web.guard import Brake

from .pool_support import BEFORE_KICKOFF, new_card, print_serials, xlsx
from .test_web import csrf, db_file, snapshot
from .web_support import SLUG, Pool, make_pool, wait_without_serial

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def pool(store: Store, tmp_path: Path) -> Pool:
    return make_pool(store, tmp_path)


@pytest.fixture
def site(pool: Pool) -> Site:
    return Site(pool.store, brake=Brake(free=2, limit=5, step=0.01, most=0.02), ttl=0)


def client(site: Site, at: str = "10.0.0.7") -> TestClient:
    return TestClient(
        create_app(site.store, site),
        base_url="https://testserver",
        client=(at, 50000),
        raise_server_exceptions=False,
    )


def operator(site: Site) -> TestClient:
    c = client(site, "10.0.0.1")
    assert c.get(f"/op/login?token={site.guard.new_token()}", follow_redirects=False).status_code == 303
    return c


# ------------------------------------------------------------------------ verify codes of any letters


@pytest.mark.parametrize("typed", ["%C3%A9", "%FF%FE", "%C3%89ABCDE", "%F0%9F%82%A1"])
def test_a_verify_code_of_letters_outside_a_to_z_is_a_wrong_code(pool: Pool, site: Site, typed: str):
    """`?code=é` (or bytes that are no text) ended in an internal error (500) while the code was compared."""
    before = snapshot(db_file(site))
    r = client(site).get(f"/{SLUG}/card/000001?code={typed}")
    assert r.status_code == 403 and "Wrong serial or code" in r.text and "has that verify code" in r.text
    assert client(site).get(f"/{SLUG}/card/000001/crop?code={typed}").status_code == 403
    assert snapshot(db_file(site)) == before


def test_a_code_of_other_letters_typed_on_the_review_page_does_not_match(pool: Pool, site: Site):
    """The operator's review (`review --accept … --code é` on the command line): the same service."""
    waiting = wait_without_serial(site.store)
    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}").text)
    before = snapshot(db_file(site))
    r = c.post(
        f"/op/{SLUG}/accept",
        data={"csrf": token, "which": f"#{waiting}", "serial": "000003", "code": "é", "stake": "5"},
    )
    assert r.status_code == 200 and "Something went wrong" not in r.text
    assert 'the verify code "é" does not match serial 000003' in html.unescape(r.text), r.text
    assert snapshot(db_file(site)) == before


@pytest.fixture
def printed(store: Store) -> Store:
    new_card(store)
    print_serials(store, "nfl-w12", 20)
    store.dispose()
    return store


def test_entry_add_with_a_code_of_other_letters_is_refused_in_words(printed: Store, db_path: Path):
    r = CliRunner().invoke(
        cli,
        ["--db", str(db_path), "entry", "add", "nfl-w12", "--serial", "000004", "--code", "ÉABCDE"]
        + ["--stake", "5", "--picks", "101,103,105", "--received", BEFORE_KICKOFF],
    )
    assert r.exit_code == 2 and "internal error" not in r.stderr, r.stderr
    assert 'the verify code "ÉABCDE" does not match serial 000004' in r.stderr
    assert entry_svc.list_entries(printed, "nfl-w12").entries == ()


def test_entry_import_refuses_only_the_row_whose_code_has_other_letters(
    printed: Store, db_path: Path, tmp_path: Path
):
    path = xlsx(
        tmp_path / "e.xlsx",
        [
            ["Card #", "Player", "Wager", "Picks", "Check"],
            ["2", "A", "5", "101,103,105", None],
            ["3", "B", "5", "101,103,105", "éABCDE"],
        ],
    )
    r = CliRunner().invoke(
        cli, ["--db", str(db_path), "entry", "import", "nfl-w12", str(path), "--received", BEFORE_KICKOFF]
    )
    assert r.exit_code == 1 and "internal error" not in r.stderr, r.stderr
    assert r.stderr == (
        "Stored 1 of 2 rows from e.xlsx.\nRefused 1 row, not stored:\n"
        '  e.xlsx, sheet "Entries", row 3: the verify code "éABCDE" does not match serial 000003 '
        "(the code is printed beside the serial on the card)\n"
    )
    assert [e.serial for e in entry_svc.list_entries(printed, "nfl-w12").entries] == ["000002"]


# ------------------------------------------------------------------------------ a field sent twice


def _paid_winner(pool: Pool) -> None:
    """Card 000001's three picks win and it is graded: a card the operator may pay."""
    from parlaycards.services import grading, results

    for number, away, home in ((101, 30, 0), (103, 0, 30), (117, 30, 0)):
        results.set_result(pool.store, SLUG, number, away, home)
    grading.grade(pool.store, SLUG)


@pytest.mark.parametrize(
    ("path", "fields", "name"),
    [
        ("pay", [("serial", "000030"), ("serial", "000001")], "serial"),
        ("score", [("game", "101"), ("away", "20"), ("away", "99"), ("home", "3")], "away"),
        ("returned", [("serial", "000001"), ("amount", "10"), ("amount", "20")], "amount"),
        ("accept", [("which", "000002"), ("picks", "102,103,105"), ("stake", "5"), ("stake", "50")], "stake"),
    ],
)
def test_a_field_the_page_sends_once_that_comes_twice_is_refused_naming_it(
    pool: Pool, site: Site, path: str, fields: list[tuple[str, str]], name: str
):
    """`serial=000030&serial=000001` paid the last one; now the form is refused and nothing changes."""
    import urllib.parse

    _paid_winner(pool)
    if path == "returned":
        entry_svc.pay(pool.store, SLUG, 1)
    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}").text)
    before = snapshot(db_file(site))
    r = c.post(
        f"/op/{SLUG}/{path}",
        content=urllib.parse.urlencode([("csrf", token), *fields]),
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 400 and "Form not read" in r.text, r.text
    said = html.unescape(r.text)
    assert f'The form carried the field "{name}" 2 times, where the page sends it once' in said, said
    assert "nothing was changed" in said
    assert snapshot(db_file(site)) == before


def test_cards_ticked_together_are_still_one_field_sent_many_times(pool: Pool, site: Site):
    waiting = wait_without_serial(site.store)
    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}").text)
    r = c.post(
        f"/op/{SLUG}/decide",
        data={"csrf": token, "which": ["000002", f"#{waiting}"], "do": "reject", "reason": "blank"},
    )
    assert r.status_code == 200 and f"Rejected 000002, #{waiting}." in r.text, r.text


def test_a_sign_in_form_with_its_password_twice_is_refused_unread(pool: Pool, site: Site):
    c = client(site, "10.0.0.5")
    r = c.post(
        "/op/login",
        content=b"csrf=a&password=x&password=y",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 400 and 'the field "password" 2 times' in html.unescape(r.text)
    assert site.brake._recent("op 10.0.0.5") == []  # not a wrong password: nothing was checked
