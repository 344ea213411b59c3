"""What an outside tester typed or sent that `serve` (and the command line beside it) answered with an
internal error, library text or a silent choice: each now a refusal in words, with nothing changed."""

from __future__ import annotations

import html
from pathlib import Path

import httpx
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
from .web_support import SLUG, Pool, make_pool, serving, wait_without_serial

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


def test_a_review_form_with_many_cards_ticked_is_read(pool: Pool, site: Site):
    """Ticking about 37 cards or more on the review page was refused as a form "cut short" (a limit of 40
    fields): every card waiting may be ticked at once."""
    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}").text)
    which = [f"{n:06d}" for n in range(900001, 900061)]
    r = c.post(f"/op/{SLUG}/decide", data={"csrf": token, "which": which, "do": "reject", "reason": "blank"})
    assert "Form not read" not in r.text and "could not be read" not in r.text, r.text[:400]


def test_a_sign_in_form_with_its_password_twice_is_refused_unread(pool: Pool, site: Site):
    c = client(site, "10.0.0.5")
    r = c.post(
        "/op/login",
        content=b"csrf=a&password=x&password=y",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 400 and 'the field "password" 2 times' in html.unescape(r.text)
    assert site.brake._recent("op 10.0.0.5") == []  # not a wrong password: nothing was checked


# --------------------------------------------------------------- forms the parser cannot read, hang-ups


@pytest.mark.parametrize(
    ("body", "kind", "said"),
    [
        (b"--x\r\nnot a form", "multipart/form-data", "The form could not be read (it came cut short"),
        (
            b'--b\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nAA\r\n'
            b'--b\r\nContent-Disposition: form-data; name="photo"; filename="b.jpg"\r\n\r\nBB\r\n--b--\r\n',
            "multipart/form-data; boundary=b",
            "The form carried more than one file, so nothing was read or changed: send one photo at a time.",
        ),
        (
            b'--b\r\nContent-Disposition: form-data; filename="a.jpg"\r\n\r\nAA\r\n--b--\r\n',
            "multipart/form-data; boundary=b",
            "The form could not be read (it came cut short",
        ),
    ],
)
def test_a_form_the_parser_cannot_read_is_refused_on_the_tools_own_page(
    pool: Pool, site: Site, body: bytes, kind: str, said: str
):
    """ "Missing boundary in multipart." and "Too many files. Maximum number of files is 1." were answered
    as the library's bare text."""
    c = operator(site)
    before = snapshot(db_file(site))
    r = c.post(f"/op/{SLUG}/phone", content=body, headers={"content-type": kind})
    assert r.status_code == 400 and "Form not read" in r.text and "<html" in r.text, r.text
    assert said in html.unescape(r.text)
    assert "Maximum number" not in r.text and "boundary" not in r.text.lower()
    assert snapshot(db_file(site)) == before
    login = client(site, "10.0.0.9").post(
        "/op/login",
        content=b'--b\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\nA\r\n--b--\r\n',
        headers={"content-type": "multipart/form-data; boundary=b"},
    )
    assert login.status_code == 400 and "The form carried a file, which this page never sends" in login.text


def test_a_request_starlette_refuses_is_answered_by_the_tools_page(pool: Pool, site: Site):
    from starlette.exceptions import HTTPException

    from parlaycards.web import players

    async def refusing(request):  # a refusal Starlette raises itself, wherever it comes from
        raise HTTPException(status_code=400, detail="Some library words.")

    app = create_app(site.store, site)
    app.router.routes.insert(0, players.route("/x-refused", refusing))
    r = TestClient(app, base_url="https://testserver").get("/x-refused")
    assert r.status_code == 400 and "Not read" in r.text and "Some library words" not in r.text


def _hang_up(site: Site, path: str, cookie: str = "") -> list[dict]:
    """A request whose browser sends a part of its body, then hangs up: what the application sends."""
    import asyncio

    body = b"csrf=abc&password="
    head = [(b"host", b"testserver"), (b"content-type", b"application/x-www-form-urlencoded")]
    head += [(b"content-length", b"500")] + ([(b"cookie", cookie.encode())] if cookie else [])
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "https",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": head,
        "client": ("10.0.0.8", 5000),
        "server": ("testserver", 443),
    }
    said = [{"type": "http.request", "body": body, "more_body": True}, {"type": "http.disconnect"}]
    sent: list[dict] = []

    async def receive() -> dict:
        return said.pop(0) if said else {"type": "http.disconnect"}

    async def send(msg: dict) -> None:
        sent.append(msg)

    asyncio.run(create_app(site.store, site)(scope, receive, send))
    return sent


def test_a_browser_that_hangs_up_mid_form_gets_nothing_and_nothing_is_printed(
    pool: Pool, site: Site, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
):
    """ "ERROR: Exception in ASGI application" and a ClientDisconnect traceback were printed by `serve`."""
    c = operator(site)
    before = snapshot(db_file(site))
    capfd.readouterr()
    assert _hang_up(site, "/op/login") == []
    assert _hang_up(site, f"/op/{SLUG}/pay", f"pc_operator={c.cookies['pc_operator']}") == []
    out = capfd.readouterr()
    assert out.out == "" and out.err == "" and caplog.records == []
    assert snapshot(db_file(site)) == before


def test_serve_prints_nothing_when_a_browser_hangs_up_mid_form(pool: Pool, tmp_path: Path):
    import socket

    here = {"PYTHONPATH": str(Path(__file__).parent.parent)}  # this code, whatever is installed
    with serving(pool.store.url.removeprefix("sqlite:///"), tmp_path, env=here) as s:
        port = int(s.base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(
                b"POST /op/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                b"Content-Length: 500\r\n\r\ncsrf=abc&pass"
            )
        import time

        time.sleep(1.0)
        assert httpx.get(f"{s.base}/{SLUG}").status_code == 200  # still serving
        said = s.said()
    assert "Exception" not in said and "Traceback" not in said and "ClientDisconnect" not in said, said


# ------------------------------------------------------------------------------ the phone page's words


def _send(site: Site, name: str, body: bytes) -> tuple[int, str]:
    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}/phone").text)
    r = c.post(f"/op/{SLUG}/phone", data={"csrf": token}, files={"photo": (name, body, "image/jpeg")})
    return r.status_code, " ".join(html.unescape(r.text).split())


def test_the_phone_page_names_only_what_it_reads(pool: Pool, site: Site, capfd: pytest.CaptureFixture[str]):
    """The refusal said "Accepted: … and PDF files" of a page that refuses a PDF as "not an image", and
    named the exception class of a damaged header ("(OSError)")."""
    import cv2
    import numpy as np

    before = snapshot(db_file(site))
    png = cv2.imencode(".png", np.zeros((10, 10), np.uint8))[1].tobytes()
    photos = "Accepted: JPEG, PNG, WebP, TIFF or BMP photos."
    status, said = _send(site, "cards.pdf", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n")
    assert status == 400 and f"The photo is a PDF file, which this page does not read. {photos}" in said, said
    assert "`parlaycards scan`" in said
    status, said = _send(site, "cut.png", png[:16])
    assert status == 400 and f"The photo is damaged: its header could not be read. {photos}" in said, said
    capfd.readouterr()
    status, said = _send(site, "exif.tif", b"II*\x00\x08\x00\x00\x00\xff\xff")
    assert status == 400 and photos in said and "Corrupt EXIF" not in capfd.readouterr().err
    status, said = _send(site, "notes.jpg", b"this is not a picture")
    assert status == 400 and photos in said
    page = " ".join(operator(site).get(f"/op/{SLUG}/phone").text.split())
    assert "JPEG, PNG, WebP, TIFF or BMP, up to 25 MB." in page
    for text in (said, page):
        assert "PDF files" not in text and "Error)" not in text
    assert snapshot(db_file(site)) == before
    assert not any((site.crops / "photos").glob("*"))


@pytest.mark.parametrize(
    ("size", "status", "said"),
    [
        (26_000_000, 413, "That upload is 26.0 MB; photos of up to 25 MB are read."),
        (25_000_001, 400, "The photo is over 25 MB; take it again at a lower resolution."),
    ],
)
def test_a_photo_over_25_mb_as_a_phone_counts_them_is_refused(
    pool: Pool, site: Site, size: int, status: int, said: str
):
    """A photo the phone calls 26 MB (26,000,000 bytes) was read, on a page that says "up to 25 MB"."""
    before = snapshot(db_file(site))
    got, text = _send(site, "big.jpg", b"\xff" * size)
    assert got == status and said in text, text[:2000]
    assert snapshot(db_file(site)) == before
    assert not any((site.crops / "photos").glob("*"))
