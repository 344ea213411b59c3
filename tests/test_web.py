"""`serve` over plain HTTP (Starlette's TestClient): what players may see, what the operator may do, and
that a refused request changes nothing."""

from __future__ import annotations

import html
import re
import sqlite3
import stat
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from parlaycards.services import entries as entry_svc
from parlaycards.services import scan as scan_svc
from parlaycards.store import Store
from parlaycards.web.app import Site, create_app
from parlaycards.web.guard import Brake

from .web_support import SLUG, Pool, make_pool, serving, wait_without_serial

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def pool(store: Store, tmp_path: Path) -> Pool:
    return make_pool(store, tmp_path)


@pytest.fixture
def site(pool: Pool) -> Site:
    return Site(pool.store, brake=Brake(free=2, limit=5, step=0.01, most=0.02), ttl=0)


def client(site: Site, at: str = "10.0.0.7") -> TestClient:
    return TestClient(create_app(site.store, site), base_url="https://testserver", client=(at, 50000))


def operator(site: Site) -> TestClient:
    c = client(site, "10.0.0.1")
    r = c.get(f"/op/login?token={site.guard.new_token()}", follow_redirects=False)
    assert r.status_code == 303 and "HttpOnly" in r.headers["set-cookie"]
    return c


def csrf(html: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


def snapshot(db: Path) -> dict[str, list]:
    """Every row of every table of the pool: a refused request must leave it all as it was (the
    `serve_` tables are the pages' own: sessions, and the wrong codes the brake counts)."""
    with sqlite3.connect(db) as conn:
        tables = [
            r[0]
            for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            if not r[0].startswith("serve_")
        ]
        return {t: conn.execute(f'SELECT * FROM "{t}"').fetchall() for t in tables}


def db_file(site: Site) -> Path:
    return Path(site.store.url.removeprefix("sqlite:///"))


# ------------------------------------------------------------------------------------------------ players


def test_the_list_of_cards_says_each_cards_games():
    from parlaycards.web.app import ENV

    class Listed:
        slug, title = "golf-r4", "Golf"

        def __init__(self, games: int):
            self.games = games

    html = ENV.get_template("index.html").render(cards=[Listed(1), Listed(16)])
    assert "golf-r4 · 1 game<" in html and "golf-r4 · 16 games<" in html  # as core.text says a count


def test_the_board_shows_games_and_no_code(pool: Pool, site: Site):
    c = client(site)
    r = c.get(f"/{SLUG}")
    assert r.status_code == 200
    assert "Buffalo Bills" in r.text and "Check your card" in r.text
    live = c.get(f"/{SLUG}/live.json").json()
    for text in (r.text, live["html"]):
        assert not any(code in text for code in pool.codes.values())
        assert "101, 104, 117" not in text and "Dana" not in text  # no player's picks on the board
    assert (
        r.headers["referrer-policy"] == "no-referrer"
        and "script-src 'self'" in r.headers["content-security-policy"]
    )


def test_the_players_pages_write_nothing_and_live_says_when_nothing_changed(pool: Pool, site: Site):
    c = client(site)
    with sqlite3.connect(db_file(site)) as conn:  # every table, the pages' own `serve_` tables too
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        before = {t: conn.execute(f'SELECT * FROM "{t}"').fetchall() for t in tables}
    for _ in range(2):
        assert c.get(f"/{SLUG}").status_code == 200
        assert c.get(f"/{SLUG}/card/000001?code={pool.codes['000001']}").status_code == 200
    stamp = c.get(f"/{SLUG}/live.json").json()["stamp"]
    unchanged = c.get(f"/{SLUG}/live.json?since={stamp}")
    assert unchanged.status_code == 204 and unchanged.content == b""
    assert c.get(f"/{SLUG}/live.json?since=older").json()["stamp"] == stamp
    with sqlite3.connect(db_file(site)) as conn:
        assert {t: conn.execute(f'SELECT * FROM "{t}"').fetchall() for t in tables} == before


def test_a_player_sees_the_card_whose_code_they_hold(pool: Pool, site: Site):
    c = client(site)
    r = c.get(f"/{SLUG}/card?serial=1&code={pool.codes['000001'].lower()}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith(
        f"/{SLUG}/card/000001?code={pool.codes['000001'].lower()}"
    )
    r = c.get(r.headers["location"])
    assert r.status_code == 200
    assert "Card 000001" in r.text and "Buffalo Bills" in r.text and "$10.00 on 3 picks" in r.text
    assert "If every pick wins it pays <strong>$60.00</strong>" in r.text  # 3 of 3 at 5-1, to: 10 × 6
    assert r.headers["cache-control"] == "no-store"
    crop = c.get(f"/{SLUG}/card/000001/crop?code={pool.codes['000001']}")
    assert (
        crop.status_code == 200
        and crop.headers["content-type"] == "image/jpeg"
        and crop.content[:2] == b"\xff\xd8"
    )
    printed_only = c.get(f"/{SLUG}/card/000003?code={pool.codes['000003']}")
    assert printed_only.status_code == 200 and "has not been entered yet" in printed_only.text


@pytest.mark.parametrize(
    "url",
    [
        "/{slug}/card/..%2F..%2Fpool.db/crop?code={c1}",
        "/{slug}/card/000001/../../pool.db?code={c1}",
        "/static/..%2F..%2F..%2Fpool.db",
        "/static/../app.py",
        "/op/{slug}/crop/..%2F1",
    ],
)
def test_no_address_reaches_a_file_outside_the_pools_folders(pool: Pool, site: Site, url: str):
    r = operator(site).get(url.format(slug=SLUG, c1=pool.codes["000001"]))
    assert r.status_code in (403, 404)
    assert b"SQLite format" not in r.content and b"import" not in r.content


@pytest.mark.parametrize(
    "url",
    [
        "/{slug}/card/000001?code=AAAAAA",
        "/{slug}/card/000001",
        "/{slug}/card/000009?code={c1}",  # a serial never printed: refused as a wrong code is
        "/{slug}/card/000002?code={c1}",  # another card's code
        "/{slug}/card/000001/crop?code=AAAAAA",
    ],
)
def test_a_wrong_code_is_refused_and_changes_nothing(pool: Pool, site: Site, url: str):
    before = snapshot(db_file(site))
    r = client(site).get(url.format(slug=SLUG, c1=pool.codes["000001"]))
    assert r.status_code == 403
    assert "has that verify code" in r.text and "Traceback" not in r.text
    assert "Buffalo" not in r.text and pool.codes["000002"] not in r.text
    assert snapshot(db_file(site)) == before


def test_a_card_page_answered_from_the_view_still_checks_every_code(pool: Pool):
    site = Site(pool.store, brake=Brake(free=2, limit=5, step=0.01, most=0.02), ttl=60)  # views kept
    c, right = client(site), pool.codes["000001"]
    for _ in range(2):  # worked out, then answered from the view
        r = c.get(f"/{SLUG}/card/000001?code={right}")
        assert r.status_code == 200 and "Card 000001" in r.text
    assert c.get(f"/{SLUG}/card/000001?code={right.lower()}").status_code == 200  # as the code reader reads
    assert c.get(f"/{SLUG}/card/000001?code=AAAAAA").status_code == 403
    assert c.get(f"/{SLUG}/card/000002?code={right}").status_code == 403  # another card, the first's code
    assert c.get(f"/{SLUG}/card/000001/crop?code=AAAAAA").status_code == 403
    for _ in range(3):
        c.get(f"/{SLUG}/card/000001?code=BBBBBB")
    refused = c.get(f"/{SLUG}/card/000001?code={right}")  # past the limit: refused, even from the view
    assert refused.status_code == 429


def test_wrong_codes_are_slowed_then_refused_per_address_and_the_holder_still_gets_in(pool: Pool, site: Site):
    guesser, holder = client(site, "203.0.113.9"), client(site, "198.51.100.4")
    right = f"/{SLUG}/card/000001?code={pool.codes['000001']}"
    codes = [guesser.get(f"/{SLUG}/card/000001?code=WRONG{i}").status_code for i in range(8)]
    assert codes == [403] * 5 + [429] * 3
    refused = guesser.get(right)
    assert refused.status_code == 429 and "Too many wrong codes" in refused.text
    assert holder.get(right).status_code == 200
    assert site.brake.wait("203.0.113.9") > 0  # slowed, not only counted


def test_players_wrong_codes_never_lock_the_operator_out(pool: Pool, site: Site):
    same = client(site, "203.0.113.9")  # a bar's Wi-Fi: players and the operator behind one address
    codes = [same.get(f"/{SLUG}/card/000001?code=WRONG{i}").status_code for i in range(8)]
    assert codes[-1] == 429
    r = same.get(f"/op/login?token={site.guard.new_token()}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/op"
    assert same.get("/op").status_code == 200


def test_wrong_operator_links_from_a_shared_address_never_lock_out_the_right_one(pool: Pool, site: Site):
    """An office behind one address: 20 wrong links (a mistyped link, a scanner trying links) locked the
    operator's own fresh link out for a quarter of an hour. A right link opens; wrong ones stay braked."""
    same = client(site, "203.0.113.20")
    codes = [same.get(f"/op/login?token=wrong{i}", follow_redirects=False).status_code for i in range(8)]
    assert codes == [403] * 5 + [429] * 3
    r = same.get(f"/op/login?token={site.guard.new_token()}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/op", r.text
    assert same.get("/op").status_code == 200
    other = client(site, "203.0.113.20")  # another browser behind the same address
    assert other.get("/op/login?token=wrong-again", follow_redirects=False).status_code == 429
    assert other.get("/op/login", follow_redirects=False).status_code == 429  # no link at all: braked too


def test_a_crop_outside_the_pools_folders_is_never_served(pool: Pool, site: Site, tmp_path: Path):
    """The crop's path comes from the database, never from the address; still, a path outside the pool's
    crops folder (a moved pool, an edited row) is refused."""
    c = TestClient(
        create_app(pool.store, _Moved(pool.store, tmp_path / "other")), base_url="https://testserver"
    )
    r = c.get(f"/{SLUG}/card/000001/crop?code={pool.codes['000001']}")
    assert r.status_code == 404 and "picture" in r.text


class _Moved(Site):
    def __init__(self, store: Store, folder: Path):
        super().__init__(store, ttl=0)
        self._folder = folder

    @property
    def crops(self) -> Path:
        return self._folder


# ----------------------------------------------------------------------------------------------- operator


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("get", "/op"),
        ("get", f"/op/{SLUG}"),
        ("get", f"/op/{SLUG}/phone"),
        ("get", f"/op/{SLUG}/crop/2"),
        ("post", f"/op/{SLUG}/accept"),
        ("post", f"/op/{SLUG}/score"),
        ("post", f"/op/{SLUG}/grade"),
    ],
)
def test_operator_pages_need_the_session(pool: Pool, site: Site, method: str, url: str):
    before = snapshot(db_file(site))
    c = client(site)
    r = getattr(c, method)(url, **({"data": {"which": "000002", "csrf": "x"}} if method == "post" else {}))
    assert r.status_code == 403 and "Operator only" in r.text
    c.cookies.set("pc_operator", "made-up")
    assert getattr(c, method)(url).status_code == 403
    assert snapshot(db_file(site)) == before


def test_the_operator_link_works_once(site: Site):
    token = site.guard.new_token()
    assert client(site).get(f"/op/login?token={token}", follow_redirects=False).status_code == 303
    again = client(site, "10.0.0.99").get(f"/op/login?token={token}", follow_redirects=False)
    assert again.status_code == 403 and "set-cookie" not in again.headers


def test_the_link_opened_again_in_the_signed_in_browser_goes_to_the_operators_page(site: Site):
    c = client(site, "10.0.0.1")
    link = f"/op/login?token={site.guard.new_token()}"
    assert c.get(link, follow_redirects=False).status_code == 303  # signed in; the link is spent
    again = c.get(link, follow_redirects=False)  # opened again (the browser's history, a bookmark)
    assert again.status_code == 303 and again.headers["location"] == "/op"
    assert c.get(link).url.path == "/op" and "Operator only" not in c.get(link).text
    assert site.brake._recent("10.0.0.1") == []  # the operator's own link is no wrong guess
    other = client(site, "10.0.0.2")  # another browser, not signed in: the spent link is refused as before
    assert other.get(link, follow_redirects=False).status_code == 403


def test_a_matchups_competitor_out_is_entered_through_the_result_service(store: Store, tmp_path: Path):
    from parlaycards.services import history

    from .pool_support import new_card
    from .test_withdrawals import golf_card

    new_card(store, golf_card())
    site = Site(store, ttl=0)
    c = operator(site)
    page = c.get("/op/golf-r4")
    assert page.text.count('action="/op/golf-r4/out"') == 4  # one form a matchup
    token = csrf(page.text)
    r = c.post("/op/golf-r4/out", data={"csrf": token, "competitor": "102", "out": "dq"})
    assert 'class="flash ok"' in r.text and "McIlroy was disqualified." in r.text
    said = [e for e in history.history(store, "golf-r4").events if e.action.startswith("result")]
    assert len(said) == 1 and "McIlroy" in said[0].text, said
    assert "McIlroy was disqualified" in client(site).get("/golf-r4").text  # the players' board says it
    before = snapshot(db_file(site))
    for data, why in (
        ({"competitor": "102", "out": "dq"}, "That result was already entered: nothing changed."),
        ({"competitor": "102", "out": "gone"}, "Choose withdrew, disqualified or did not start."),
        ({"competitor": "abc", "out": "wd"}, 'The competitor "abc" is not a whole number'),
    ):
        r = c.post("/op/golf-r4/out", data={"csrf": token, **data})
        assert why in html.unescape(r.text), r.text
    assert snapshot(db_file(site)) == before
    r = c.post("/op/golf-r4/out", data={"csrf": token, "competitor": "105", "out": "dns"})
    assert "Larson vs Elliott: cancelled." in r.text  # never started: no action, as `result set --cancelled`


def test_a_form_without_its_csrf_token_changes_nothing(pool: Pool, site: Site):
    c = operator(site)
    before = snapshot(db_file(site))
    for data in ({"which": "000002"}, {"which": "000002", "csrf": "forged"}):
        r = c.post(f"/op/{SLUG}/accept", data=data)
        assert r.status_code == 403 and "nothing was changed" in r.text
    assert snapshot(db_file(site)) == before


def test_the_operator_accepts_and_rejects_through_the_review_service(pool: Pool, site: Site):
    c = operator(site)
    page = c.get(f"/op/{SLUG}")
    assert page.status_code == 200 and "Waiting for review" in page.text and f"/op/{SLUG}/crop/2" in page.text
    assert c.get(f"/op/{SLUG}/crop/2").headers["content-type"] == "image/jpeg"
    token = csrf(page.text)
    before = snapshot(db_file(site))
    r = c.post(f"/op/{SLUG}/reject", data={"csrf": token, "which": "000002", "reason": " "})
    assert r.status_code == 200 and "is required: say why the card is rejected" in r.text
    assert snapshot(db_file(site)) == before
    r = c.post(
        f"/op/{SLUG}/accept", data={"csrf": token, "which": "000002", "picks": "101,104", "stake": "5"}
    )
    assert "at least 3" in r.text and snapshot(db_file(site)) == before  # the card's rules, as on the CLI
    r = c.post(
        f"/op/{SLUG}/accept", data={"csrf": token, "which": "000002", "picks": "102,103,105", "stake": "5"}
    )
    assert "Card 000002 entered: 102, 103, 105 at $5" in r.text
    assert [e.serial for e in entry_svc.list_entries(site.store, SLUG).entries] == ["000001", "000002"]
    assert scan_svc.reviews(site.store, SLUG)[1] == []
    with sqlite3.connect(db_file(site)) as conn:
        action, detail = conn.execute("SELECT action, detail FROM audit_log ORDER BY id DESC").fetchone()
    assert (
        action == "entry.add" and '"review": 2' in detail and '"serial": "000002"' in detail
    )  # as `review --accept`


def test_a_view_a_little_old_is_answered_while_it_is_looked_at_again(pool: Pool):
    """Another worker's change (written here by the service, as another process would) is seen a request
    late, never waited for; this worker's own change clears its views at once."""
    import time

    from parlaycards.services import results as result_svc

    site = Site(pool.store, ttl=0.05, stale=30)
    with TestClient(create_app(site.store, site), base_url="https://testserver") as player:  # one loop
        first = player.get(f"/{SLUG}/live.json").json()["stamp"]
        result_svc.set_result(site.store, SLUG, 101, 24, 17)  # another worker's write
        time.sleep(0.1)  # past the ttl: the next request looks again, and is answered meanwhile
        assert player.get(f"/{SLUG}/live.json").json()["stamp"] == first  # the view it had
        seen = first
        for _ in range(50):  # the look lands: the next requests see the score
            seen = player.get(f"/{SLUG}/live.json").json()["stamp"]
            if seen != first:
                break
            time.sleep(0.02)
        assert seen != first
        result_svc.set_result(site.store, SLUG, 103, 3, 7)
        site.changed()  # as an operator's action in this worker does: never answered from the old view
        assert player.get(f"/{SLUG}/live.json").json()["stamp"] != seen


def test_a_score_entered_by_the_operator_reaches_the_board(pool: Pool, site: Site):
    c, player = operator(site), client(site)
    stamp = player.get(f"/{SLUG}/live.json").json()["stamp"]
    token = csrf(c.get(f"/op/{SLUG}").text)
    r = c.post(f"/op/{SLUG}/score", data={"csrf": token, "game": "101", "away": "24", "home": "17"})
    assert "Buffalo Bills 24, Houston Texans 17" in r.text
    live = player.get(f"/{SLUG}/live.json").json()
    assert live["stamp"] != stamp and re.search(
        r"<strong>24</strong></div><div class=\"side\"><strong>17</strong>", live["html"]
    )
    before = snapshot(db_file(site))
    r = c.post(f"/op/{SLUG}/score", data={"csrf": token, "game": "101", "away": "-3", "home": "x"})
    assert "is below 0: type 0 or more" in r.text and snapshot(db_file(site)) == before


def test_grading_and_paying_from_the_operator_page(pool: Pool, site: Site):
    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}").text)
    for game, (away, home) in {101: (30, 10), 103: (10, 30), 117: (28, 10)}.items():
        c.post(f"/op/{SLUG}/score", data={"csrf": token, "game": str(game), "away": away, "home": home})
    r = c.post(f"/op/{SLUG}/pay", data={"csrf": token, "serial": "000001"})
    assert "has not been graded on the latest results" in r.text
    r = c.post(f"/op/{SLUG}/grade", data={"csrf": token})
    assert "Graded 1 card: 1 winner, 0 pending." in r.text
    board = client(site).get(f"/{SLUG}").text
    assert "000001" in board and "Winners" in board
    r = c.post(f"/op/{SLUG}/pay", data={"csrf": token, "serial": "000001"})
    assert "Card 000001 paid" in r.text
    assert entry_svc.list_entries(site.store, SLUG).entries[0].serial == "000001"


def test_a_photo_from_the_phone_is_read_and_entered(pool: Pool, site: Site):
    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}/phone").text)
    with pool.photo.open("rb") as fh:
        r = c.post(
            f"/op/{SLUG}/phone",
            data={"csrf": token, "received": "2026-11-20T12:00"},
            files={"photo": ("IMG_0001.jpg", fh, "image/jpeg")},
        )
    assert r.status_code == 200, r.text
    assert "000003 · Entered" in r.text and "Picks 103, 131, 205" in r.text
    assert "000004 · To review" in r.text
    kept = list((site.crops / "photos").iterdir())
    assert len(kept) == 1 and kept[0].suffix == ".jpg"
    assert stat.S_IMODE(kept[0].stat().st_mode) == 0o600  # the photo shows verify codes: its owner's only


@pytest.mark.parametrize(
    ("name", "body", "said"),
    [
        ("notes.jpg", b"this is not a picture", "not an image the scanner reads"),
        ("empty.jpg", b"", "The photo is empty (0 bytes)"),
    ],
)
def test_an_upload_that_is_not_a_photo_is_refused_and_not_kept(
    pool: Pool, site: Site, name: str, body: bytes, said: str
):
    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}/phone").text)
    before = snapshot(db_file(site))
    r = c.post(f"/op/{SLUG}/phone", data={"csrf": token}, files={"photo": (name, body, "image/jpeg")})
    assert r.status_code == 400 and said in r.text
    assert snapshot(db_file(site)) == before
    assert not any((site.crops / "photos").glob("*"))


def test_an_upload_past_the_limit_is_refused_before_it_is_read(pool: Pool, site: Site):
    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}/phone").text)
    r = c.post(
        f"/op/{SLUG}/phone",
        data={"csrf": token},
        files={"photo": ("big.jpg", b"\xff" * 10, "image/jpeg")},
        headers={"content-length": str(200 * 1024 * 1024)},
    )
    assert r.status_code == 413 and "photos of up to 25 MB" in r.text


def test_an_unexpected_error_is_a_page_without_a_traceback(pool: Pool, site: Site, monkeypatch):
    from parlaycards.services import players

    def broken(*_a, **_k):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(players, "snapshot", broken)
    c = TestClient(create_app(site.store, site), base_url="https://testserver", raise_server_exceptions=False)
    r = c.get(f"/{SLUG}")
    assert r.status_code == 500 and "Something went wrong" in r.text
    assert "Traceback" not in r.text and "secret internals" not in r.text


def test_serve_says_who_can_reach_it():
    from parlaycards.cli.serve import reach

    assert reach("127.0.0.1") is None and reach("localhost") is None and reach("::1") is None
    assert "every network" in reach("0.0.0.0")
    assert "local network" in reach("192.168.1.20")
    assert "internet" in reach("8.8.8.8")


def test_serve_starts_on_this_machine_and_prints_a_link_that_works_once(pool: Pool, tmp_path: Path):
    import httpx

    with serving(pool.store.url.removeprefix("sqlite:///"), tmp_path) as s:
        assert s.link.startswith(f"{s.base}/op/login?token="), s.said()
        assert "Warning" not in s.said()
        assert httpx.get(f"{s.base}/{SLUG}").status_code == 200
        assert httpx.get(s.link).status_code == 303
        assert httpx.get(s.link).status_code == 403


def test_the_pages_work_the_same_on_both_backends(any_store: Store, tmp_path: Path, monkeypatch):
    """A player's card, an accepted review and a score, on SQLite and on PostgreSQL (crops beside the
    working folder there)."""
    monkeypatch.chdir(tmp_path)
    pool = make_pool(any_store, tmp_path)
    site = Site(any_store, ttl=0)
    player, op = client(site), operator(site)
    r = player.get(f"/{SLUG}/card/000001?code={pool.codes['000001']}")
    assert r.status_code == 200 and "$10.00 on 3 picks" in r.text
    assert player.get(f"/{SLUG}/card/000001/crop?code={pool.codes['000001']}").status_code == 200
    token = csrf(op.get(f"/op/{SLUG}").text)
    r = op.post(
        f"/op/{SLUG}/accept", data={"csrf": token, "which": "000002", "picks": "102,103,105", "stake": "5"}
    )
    assert "Card 000002 entered" in r.text
    op.post(f"/op/{SLUG}/score", data={"csrf": token, "game": "105", "away": "29", "home": "3"})
    assert "<strong>29</strong>" in player.get(f"/{SLUG}/live.json").json()["html"]


def test_ticked_cards_are_decided_together_or_not_at_all(pool: Pool, site: Site):
    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}/phone").text)
    with pool.photo.open("rb") as fh:  # 000004 is blank: a second card waiting
        c.post(
            f"/op/{SLUG}/phone",
            data={"csrf": token, "received": "2026-11-20T12:00"},
            files={"photo": ("p.jpg", fh, "image/jpeg")},
        )
    page = c.get(f"/op/{SLUG}").text
    assert page.count('form="bulk"') == 2
    before = snapshot(db_file(site))
    r = c.post(
        f"/op/{SLUG}/decide",
        data={"csrf": token, "which": ["000002", "000004"], "do": "accept", "stake": "5"},
    )
    assert (
        "No picks were read from card 000002: give them with Picks, e.g. Picks 101,104,117." in r.text
        and snapshot(db_file(site)) == before
    )
    for bad, said in (
        ({"stake": "abc"}, 'The stake "abc" is not an amount'),
        ({"picks": "101,abc"}, '"abc" is not a selection number'),
    ):
        r = c.post(
            f"/op/{SLUG}/accept", data={"csrf": token, "which": "000002", "picks": "101,104,117", **bad}
        )
        assert r.status_code == 200 and said in html.unescape(r.text) and snapshot(db_file(site)) == before
    r = c.post(
        f"/op/{SLUG}/decide",
        data={"csrf": token, "which": ["000002", "000004"], "do": "reject", "reason": "blank"},
    )
    assert "Rejected 000002, 000004." in r.text
    assert scan_svc.reviews(site.store, SLUG)[1] == []


def _decode_svg(svg: str) -> str:
    """Read the QR code an SVG of `web.qr` draws, through the same reader the scanner uses."""
    import numpy as np
    import zxingcpp

    n = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    img = np.full((n, n), 255, np.uint8)
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", svg):
        img[int(y), int(x) : int(x) + int(w)] = 0
    found = zxingcpp.read_barcodes(np.kron(img, np.ones((8, 8), np.uint8)))
    return found[0].text if found else ""


def test_a_phone_is_signed_in_by_a_one_time_link_and_its_qr_code(pool: Pool, site: Site):
    c = operator(site)
    r = c.post("/op/link", data={"csrf": csrf(c.get("/op").text)})
    link = html.unescape(
        re.search(r"<code>(https://testserver/op/login\?token=[^<]+)</code>", r.text).group(1)
    )
    assert _decode_svg(re.search(r"<svg.*?</svg>", r.text).group(0)) == link
    phone = client(site, "10.0.0.42")
    assert phone.get(link.removeprefix("https://testserver"), follow_redirects=False).status_code == 303
    assert phone.get(f"/op/{SLUG}").status_code == 200
    assert client(site).get(link.removeprefix("https://testserver")).status_code == 403  # used once


def test_no_phone_link_when_serve_is_for_this_machine_only(pool: Pool, site: Site):
    c = TestClient(create_app(site.store, site), base_url="https://127.0.0.1", client=("127.0.0.1", 5))
    c.get(f"/op/login?token={site.guard.new_token()}")
    r = c.post("/op/link", data={"csrf": csrf(c.get("/op").text)})
    assert "A phone cannot reach this machine" in r.text and "token=" not in r.text


def test_a_card_read_without_its_serial_is_entered_with_the_serial_and_code_typed(pool: Pool, site: Site):
    """A card whose QR and serial could not be read waits as `#id`; the operator types what is printed."""
    waiting = wait_without_serial(site.store)
    c = operator(site)
    page = c.get(f"/op/{SLUG}")
    assert 'name="serial"' in page.text and 'name="code"' in page.text and "No serial read" in page.text
    token = csrf(page.text)
    which = f"#{waiting}"
    before = snapshot(db_file(site))
    r = c.post(
        f"/op/{SLUG}/accept",
        data={"csrf": token, "which": which, "serial": "000003", "code": "AAAAAA", "stake": "5"},
    )
    assert (
        "verify code" in html.unescape(r.text) and snapshot(db_file(site)) == before
    )  # a wrong code: nothing
    r = c.post(
        f"/op/{SLUG}/accept",
        data={"csrf": token, "which": which, "serial": "12x", "code": "AAAAAA", "stake": "5"},
    )
    assert '"12x" is not a serial' in html.unescape(r.text) and snapshot(db_file(site)) == before
    r = c.post(
        f"/op/{SLUG}/accept",
        data={
            "csrf": token,
            "which": which,
            "serial": "000003",
            "code": pool.codes["000003"].lower(),
            "stake": "5",
        },
    )
    assert "Card 000003 entered: " in r.text and "at $5" in r.text
    entered = {e.serial: e for e in entry_svc.list_entries(site.store, SLUG).entries}
    assert "000003" in entered and entered["000003"].stake == 5


def test_a_card_cannot_be_named_as_a_page_of_serve(tmp_path: Path):
    from typer.testing import CliRunner

    from parlaycards.cli.main import app

    lines = Path(__file__).parent.parent / "sample_lines" / "nfl-week-12.xlsx"
    for name in ("op", "static"):
        r = CliRunner().invoke(app, ["--db", str(tmp_path / "pool.db"), "import", str(lines), "--card", name])
        assert r.exit_code == 2 and f'the card name "{name}" is taken by the pool' in r.output
        assert "Traceback" not in r.output
    assert not (tmp_path / "pool.db").exists()  # refused before any pool was made


def test_a_card_paid_before_a_score_correction_is_overpaid_on_the_operators_page_and_off_the_board(
    pool: Pool, site: Site
):
    from parlaycards.services import grading, results

    for number, away, home in ((101, 30, 0), (103, 0, 30), (117, 30, 0)):  # 000001's three picks win
        results.set_result(pool.store, SLUG, number, away, home)
    grading.grade(pool.store, SLUG)
    entry_svc.pay(pool.store, SLUG, 1)
    results.set_result(pool.store, SLUG, 101, 0, 30, yes=True)  # corrected after paying: 101 now loses
    grading.grade(pool.store, SLUG)
    page = operator(site).get(f"/op/{SLUG}").text
    row = page.split('class="winners"')[-1].split(">000001<")[1].split("</tr>")[0]
    assert "overpaid $" in row and "tag loss" in row and ">paid<" not in row
    board = client(site).get(f"/{SLUG}").text
    assert "<strong>0</strong> winners" in board and ">000001<" not in board.split('class="winners"')[-1]


def test_money_handed_back_is_recorded_from_the_operators_page(pool: Pool, site: Site):
    from parlaycards.services import grading, results

    for number, away, home in ((101, 30, 0), (103, 0, 30), (117, 30, 0)):  # 000001's three picks win
        results.set_result(pool.store, SLUG, number, away, home)
    grading.grade(pool.store, SLUG)
    paid = entry_svc.pay(pool.store, SLUG, 1).amount
    results.set_result(pool.store, SLUG, 101, 0, 30, yes=True)  # 101 now loses: all of it is owed back
    grading.grade(pool.store, SLUG)
    c = operator(site)
    shown = c.get(f"/op/{SLUG}").text
    assert f'action="/op/{SLUG}/returned"' in shown
    before = snapshot(db_file(site))
    r = c.post(f"/op/{SLUG}/returned", data={"csrf": "wrong", "serial": "000001", "amount": "1"})
    assert r.status_code == 403 and snapshot(db_file(site)) == before
    token = csrf(shown)
    r = c.post(f"/op/{SLUG}/returned", data={"csrf": token, "serial": "000001", "amount": str(paid + 1)})
    assert "000001" in r.text and snapshot(db_file(site)) == before  # more than was overpaid: refused
    r = c.post(f"/op/{SLUG}/returned", data={"csrf": token, "serial": "000001", "amount": ""})
    assert f"Card 000001: ${paid:,.2f} handed back recorded (paid on it now $0.00)." in html.unescape(r.text)
    assert f'action="/op/{SLUG}/returned"' not in c.get(f"/op/{SLUG}").text


def test_a_correction_that_moves_paid_cards_needs_yes_on_the_operators_page(pool: Pool, site: Site):
    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}").text)
    for game, (away, home) in {101: (30, 10), 103: (10, 30), 117: (28, 10)}.items():
        c.post(f"/op/{SLUG}/score", data={"csrf": token, "game": str(game), "away": away, "home": home})
    c.post(f"/op/{SLUG}/grade", data={"csrf": token})
    assert 'name="yes"' not in c.get(f"/op/{SLUG}").text  # nothing paid yet: nothing to confirm
    c.post(f"/op/{SLUG}/pay", data={"csrf": token, "serial": "000001"})
    assert 'name="yes"' in c.get(f"/op/{SLUG}").text
    before = snapshot(db_file(site))
    r = c.post(f"/op/{SLUG}/score", data={"csrf": token, "game": "101", "away": "10", "home": "30"})
    assert "changes what 1 paid card of" in html.unescape(r.text) and snapshot(db_file(site)) == before
    told = " ".join(html.unescape(r.text).split())  # what to do here, on the page: not a command to type
    assert 'its "Record handed back" form records money handed back' in told, told
    assert (
        "send it again with the Yes box ticked" in told
        and "--returned" not in told
        and "entry pay" not in told
    )
    r = c.post(
        f"/op/{SLUG}/score", data={"csrf": token, "game": "101", "away": "10", "home": "30", "yes": "on"}
    )
    assert "Buffalo Bills 10, Houston Texans 30" in r.text


def test_a_pickem_prize_paid_on_the_card_offers_yes_on_the_operators_page(pool: Pool, site: Site):
    from decimal import Decimal

    from parlaycards.core.prizes import parse_prizes
    from parlaycards.services import pickem as pickem_svc
    from parlaycards.store.payments import record

    from .pool_support import HANDED_IN, pool_made_earlier

    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}").text)
    c.post(f"/op/{SLUG}/score", data={"csrf": token, "game": "101", "away": "30", "home": "10"})
    assert 'name="yes"' not in c.get(f"/op/{SLUG}").text  # nothing paid yet
    pickem_svc.create_pool(pool.store, "office", card=SLUG, fee=Decimal(5), prizes=parse_prizes("100%"))
    pool_made_earlier(pool.store, "office")
    pickem_svc.add_entry(pool.store, "office", name="Ann", picks=(101,), tiebreak=40, received_at=HANDED_IN)
    with pool.store.transaction() as tx:
        record(tx, "office", "ann", "prize", Decimal("5.00"))  # as `pickem pay` records it
    assert 'name="yes"' in c.get(f"/op/{SLUG}").text


def test_the_boards_notes_on_lines_end_each_sentence_once(pool: Pool, site: Site):
    from decimal import Decimal

    from parlaycards.core.edits import NewGame
    from parlaycards.services import edits

    from .pool_support import print_serials

    edits.set_game(pool.store, SLUG, 101, edits.GameFields(spread=Decimal("-9")))
    print_serials(pool.store, SLUG, 2)  # a second version on paper: its line differs
    edits.add_game(
        pool.store,
        SLUG,
        NewGame(league="NFL", away="Chicago Bears", home="Detroit Lions", spread=Decimal(-3)),
        again=True,
    )
    board = html.unescape(client(site).get(f"/{SLUG}").text)
    assert "every card is graded at the line printed on it. A line marked" in board  # two notes
    assert ".." not in board


@pytest.mark.parametrize("length", ["²".encode("latin-1"), "¹²".encode("latin-1"), b"9" * 5000])
def test_a_content_length_not_in_the_digits_0_to_9_is_refused_as_no_length(
    pool: Pool, site: Site, length: bytes
):
    """A length "²" (a digit to `str.isdigit`, not to `int`) or of thousands of digits broke the operator's
    forms and the sign-in with an internal error; now each is refused as a form without its length (or too
    large) is, and nothing changes. Sent as the bytes a browser's request carries (Starlette's TestClient
    re-encodes header values, so httpx's own ASGI transport sends them)."""
    import asyncio

    import httpx

    c = operator(site)
    token = csrf(c.get(f"/op/{SLUG}/phone").text)
    before = snapshot(db_file(site))

    async def send() -> tuple[httpx.Response, httpx.Response]:
        transport = httpx.ASGITransport(app=create_app(site.store, site), raise_app_exceptions=False)
        async with httpx.AsyncClient(
            transport=transport, base_url="https://testserver", cookies=dict(c.cookies)
        ) as raw:
            form = await raw.post(
                f"/op/{SLUG}/phone",
                data={"csrf": token},
                files={"photo": ("p.jpg", b"\xff" * 10, "image/jpeg")},
                headers={"content-length": length},
            )
            login = await raw.post("/op/login", data={"password": "x"}, headers={"content-length": length})
        return form, login

    form, login = asyncio.run(send())
    if length.isascii():
        assert form.status_code == 413 and "photos of up to 25 MB" in form.text, form.text
    else:
        assert form.status_code == 411 and "The form was sent without its length" in form.text, form.text
    assert login.status_code == 413 and "That sign-in form is not one this page sent." in login.text
    assert snapshot(db_file(site)) == before


def test_a_photo_from_the_phone_prints_nothing_of_pillow_or_the_decoder(
    pool: Pool, site: Site, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
):
    """A photo over Pillow's own 89 million pixels (under the scanner's bound) printed Pillow's
    DecompressionBombWarning when its format was read; a JPEG with bytes past its picture data must not
    print libjpeg's "Corrupt JPEG data" either. Pillow's bound is made small here."""
    import warnings

    import cv2
    import numpy as np
    from PIL import Image

    img = np.full((400, 300), 255, np.uint8)
    data = cv2.imencode(".jpg", img)[1].tobytes()
    end = data.rfind(b"\xff\xd9")
    c = operator(site)
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 100_000)  # 120,000 pixels: over it, under twice it
    capfd.readouterr()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        token = csrf(c.get(f"/op/{SLUG}/phone").text)
        r = c.post(
            f"/op/{SLUG}/phone",
            data={"csrf": token, "received": "2026-11-20T12:00"},
            files={"photo": ("p.jpg", data[:end] + b"\xaa" * 9 + data[end:], "image/jpeg")},
        )
    assert r.status_code == 200, r.text
    assert [str(w.message) for w in caught if "PIL" in w.filename or "Image" in str(w.message)] == []
    assert "JPEG" not in capfd.readouterr().err
