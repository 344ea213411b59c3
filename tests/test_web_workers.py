"""`serve` as real processes: several workers sharing operator sessions and the wrong-code brake through
the pool database (SQLite and PostgreSQL), a restart that keeps sessions, forwarded addresses believed only
from `--proxy`, the operator's password, and results fetched on a schedule from a local feed."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from parlaycards.services import access
from parlaycards.store import Store

from .web_support import SLUG, Pool, make_pool, serving

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def guesses(base: str, count: int) -> list[int]:
    """`count` wrong codes for one card from one address, 20 at a time, each on its own connection (the
    workers take connections in turn): what each was answered."""
    gate = asyncio.Semaphore(20)

    async def one(i: int) -> int:
        async with gate, httpx.AsyncClient(base_url=base, timeout=60) as c:
            return (await c.get(f"/{SLUG}/card/000001?code=WRONG{i:03d}")).status_code

    return list(await asyncio.gather(*(one(i) for i in range(count))))


def signed_in(base: str, link: str) -> str:
    """The session cookie a one-time link gives (httpx keeps no Secure cookie over http by itself)."""
    r = httpx.get(link, follow_redirects=False)
    assert r.status_code == 303, r.text
    return re.search(r"pc_operator=([^;]+)", r.headers["set-cookie"]).group(1)


@pytest.fixture
def pool(any_store: Store, tmp_path: Path, monkeypatch) -> Pool:
    monkeypatch.chdir(tmp_path)  # on PostgreSQL the crops go beside the working folder
    return make_pool(any_store, tmp_path)


def db_of(pool: Pool) -> str:
    return pool.store.url.removeprefix("sqlite:///")


def test_two_workers_share_sessions_and_the_brake_and_a_restart_keeps_the_session(pool: Pool, tmp_path: Path):
    with serving(db_of(pool), tmp_path, "--workers", "2") as s:
        assert "2 workers." in s.said()
        sid = signed_in(s.base, s.link)
        with httpx.Client(base_url=s.base, headers={"cookie": f"pc_operator={sid}"}, timeout=30) as c:
            for _ in range(30):  # new connections: the two workers take them in turn
                with httpx.Client(
                    base_url=s.base, headers={"cookie": f"pc_operator={sid}"}, timeout=30
                ) as one:
                    r = one.get(f"/op/{SLUG}")
                    assert r.status_code == 200 and "Waiting for review" in r.text
            # a form posted with the session's CSRF token, whichever worker answers
            token = re.search(r'name="csrf" value="([^"]+)"', c.get(f"/op/{SLUG}").text).group(1)
            r = c.post(f"/op/{SLUG}/score", data={"csrf": token, "game": "101", "away": "20", "home": "17"})
            assert r.status_code == 303
            flashed = c.get(f"/op/{SLUG}").text
            assert "flash ok" in flashed
        # every worker's board shows the score within its half-second look at the card's stamp
        seen = []
        for _ in range(12):
            with httpx.Client(base_url=s.base, timeout=30) as one:
                seen.append(
                    '<strong>20</strong></div><div class="side"><strong>17</strong>'
                    in one.get(f"/{SLUG}").text
                )
            time.sleep(0.1)
        assert all(seen[-6:]), seen
        # wrong codes from one address, 20 at a time over both workers: refused as one count, exactly
        statuses = asyncio.run(guesses(s.base, 200))
        assert statuses.count(200) == 0
        assert statuses.count(403) == 20, sorted(statuses)  # the brake's limit, whichever worker answers
        assert statuses.count(429) == 180
        assert httpx.get(f"{s.base}/{SLUG}/card/000001?code={pool.codes['000001']}").status_code == 429
        holder = httpx.HTTPTransport(local_address="127.0.0.2")  # its holder, elsewhere, still gets in
        with httpx.Client(base_url=s.base, transport=holder, timeout=30) as other:
            assert other.get(f"/{SLUG}/card/000001?code={pool.codes['000001']}").status_code == 200
        # the spent link works in neither worker
        assert httpx.get(s.link, follow_redirects=False).status_code in (403, 429)
    with serving(db_of(pool), tmp_path, "--workers", "2") as again:  # a restart: the session holds
        r = httpx.get(f"{again.base}/op/{SLUG}", headers={"cookie": f"pc_operator={sid}"})
        assert r.status_code == 200 and "Waiting for review" in r.text


def test_forwarded_addresses_are_believed_only_from_the_proxy(pool: Pool, tmp_path: Path):
    right = pool.codes["000001"]
    with serving(db_of(pool), tmp_path, "--proxy", "127.0.0.1") as s:
        assert "Believing the forwarded addresses of the proxy at 127.0.0.1." in s.said()
        with httpx.Client(base_url=s.base, timeout=30) as c:
            for i in range(25):
                c.get(f"/{SLUG}/card/000001?code=WRONG{i:02d}", headers={"x-forwarded-for": "203.0.113.5"})
            blocked = c.get(f"/{SLUG}/card/000001?code={right}", headers={"x-forwarded-for": "203.0.113.5"})
            assert blocked.status_code == 429
            # the holder behind the same proxy, at another address, is let in at once
            t = time.perf_counter()
            holder = c.get(f"/{SLUG}/card/000001?code={right}", headers={"x-forwarded-for": "198.51.100.7"})
            assert holder.status_code == 200 and "Card 000001" in holder.text
            assert time.perf_counter() - t < 5
    with serving(db_of(pool), tmp_path) as s:  # no --proxy: a forwarded address is nobody's word
        with httpx.Client(base_url=s.base, timeout=30) as c:
            for i in range(25):
                c.get(f"/{SLUG}/card/000001?code=WRONG{i:02d}", headers={"x-forwarded-for": f"192.0.2.{i}"})
            r = c.get(f"/{SLUG}/card/000001?code={right}", headers={"x-forwarded-for": "198.51.100.8"})
            assert r.status_code == 429  # every try came from this machine, whatever the header said


def test_a_proxy_that_is_not_an_address_is_refused_plainly(pool: Pool, tmp_path: Path):
    r = subprocess.run(
        [sys.executable, "-m", "parlaycards.cli.main", "--db", db_of(pool), "serve", "--proxy", "nginx"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and '"nginx" is not an address' in r.stderr and "Traceback" not in r.stderr


def test_the_operator_signs_in_with_the_password(pool: Pool, tmp_path: Path):
    access.set_password(pool.store, "correct horse battery")
    with serving(db_of(pool), tmp_path) as s:
        assert "Or sign in with the operator's password" in s.said()
        with httpx.Client(base_url=s.base, timeout=30) as c:
            form = c.get("/op/login")
            assert form.status_code == 200 and 'type="password"' in form.text
            token = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
            cookie = re.search(r"pc_login=([^;]+)", form.headers["set-cookie"]).group(1)
            head = {"cookie": f"pc_login={cookie}"}
            wrong = c.post("/op/login", data={"csrf": token, "password": "wrong horse"}, headers=head)
            assert wrong.status_code == 403 and "not the operator&#39;s password" in wrong.text
            forged = c.post(
                "/op/login", data={"csrf": "forged", "password": "correct horse battery"}, headers=head
            )
            assert forged.status_code == 403 and "pc_operator" not in forged.headers.get("set-cookie", "")
            ok = c.post("/op/login", data={"csrf": token, "password": "correct horse battery"}, headers=head)
            assert ok.status_code == 303
            sid = re.search(r"pc_operator=([^;]+)", ok.headers["set-cookie"]).group(1)
            assert c.get(f"/op/{SLUG}", headers={"cookie": f"pc_operator={sid}"}).status_code == 200


def test_a_short_password_is_refused_and_the_hash_is_all_that_is_kept(pool: Pool):
    from parlaycards.core.errors import ParlayError

    with pytest.raises(ParlayError, match="at least 10"):
        access.set_password(pool.store, "short")
    access.set_password(pool.store, "a long enough one")
    with pool.store.reading() as tx:
        kept = tx.meta(access.PASSWORD) or ""
    assert kept.startswith("scrypt$") and "a long enough one" not in kept
    assert access.password_ok(pool.store, "a long enough one")
    assert not access.password_ok(pool.store, "a long enough on")
    access.set_password(pool.store, None)
    assert not access.password_ok(pool.store, "a long enough one")
