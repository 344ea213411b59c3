"""`serve --fetch-results`: the finals of a card made from a feed, fetched from that feed on a schedule
(a local server holding ESPN's recorded responses; no test reaches the internet). A feed that fails is
said on the operator's page and never stops `serve`."""

from __future__ import annotations

import html
import os
import re
import time
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.store import Store
from parlaycards.store import results as result_rows
from parlaycards.web.app import Site, create_app
from parlaycards.web.fetching import fetch_once

from .web_support import free_port, serving

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
FEEDS = Path(__file__).parent / "feeds"


@pytest.fixture(autouse=True)
def no_internet(monkeypatch):
    monkeypatch.setenv("PARLAYCARDS_ESPN_URL", f"http://127.0.0.1:{free_port()}")
    monkeypatch.setenv("PARLAYCARDS_ODDS_API_URL", f"http://127.0.0.1:{free_port()}")
    monkeypatch.setenv("PARLAYCARDS_FEED_TIMEOUT", "3")


def fed_card(httpserver, monkeypatch, db: Path) -> None:
    """Card nfl-w12 made by `lines fetch` from ESPN's week 12; its finals served next."""
    monkeypatch.setenv("PARLAYCARDS_ESPN_URL", httpserver.url_for("/football"))
    httpserver.expect_request(
        "/football/nfl/scoreboard", query_string={"week": "12", "seasontype": "2", "dates": "2026"}
    ).respond_with_data(
        (FEEDS / "espn-nfl-2026-w12-lines.json").read_bytes(), content_type="application/json"
    )
    r = CliRunner().invoke(
        app,
        ["--db", str(db), "lines", "fetch", "nfl", "--week", "12", "--season", "2026", "--card", "nfl-w12"],
    )
    assert r.exit_code == 0, r.output
    httpserver.expect_request(
        "/football/nfl/scoreboard", query_string={"dates": "20261125-20261201"}
    ).respond_with_data(
        (FEEDS / "espn-nfl-2026-w12-scores.json").read_bytes(), content_type="application/json"
    )


def operator_page(store: Store) -> str:
    site = Site(store, ttl=0)
    c = TestClient(create_app(store, site), base_url="https://testserver")
    c.get(f"/op/login?token={site.guard.new_token()}")
    return html.unescape(c.get("/op/nfl-w12").text)


def test_a_round_stores_the_finals_and_the_operator_page_says_so(httpserver, monkeypatch, tmp_path: Path):
    db = tmp_path / "pool.db"
    fed_card(httpserver, monkeypatch, db)
    store = Store(f"sqlite:///{db}")
    done = fetch_once(store)
    assert [(slug, ok) for slug, ok, _ in done] == [("nfl-w12", True)]
    assert "5 results stored from ESPN" in done[0][2]
    with store.reading() as tx:
        assert len(result_rows.of(tx, "nfl-w12")) == 5
    page = operator_page(store)
    assert re.search(r"Results fetched \w{3} \w{3} \d\d \d\d:\d\d: 5 results stored from ESPN", page), page
    again = fetch_once(store)  # the same finals again: nothing new, no error
    assert again[0][1] and "0 results stored" in again[0][2]
    store.dispose()


def test_a_feed_that_fails_is_said_on_the_page_and_nothing_changes(httpserver, monkeypatch, tmp_path: Path):
    db = tmp_path / "pool.db"
    fed_card(httpserver, monkeypatch, db)
    monkeypatch.setenv("PARLAYCARDS_ESPN_URL", f"http://127.0.0.1:{free_port()}")  # the feed is down
    store = Store(f"sqlite:///{db}")
    done = fetch_once(store)
    assert [(slug, ok) for slug, ok, _ in done] == [("nfl-w12", False)]
    with store.reading() as tx:
        assert result_rows.of(tx, "nfl-w12") == {}
    page = operator_page(store)
    assert "Results fetched" in page and "Tried again at the next round" in page
    assert "Traceback" not in page
    store.dispose()


def test_a_card_from_a_sheet_is_not_fetched(tmp_path: Path):
    from parlaycards.services import feed_results as feeds

    db = tmp_path / "pool.db"
    lines = Path(__file__).parent.parent / "sample_lines" / "nfl-week-12.xlsx"
    assert (
        CliRunner().invoke(app, ["--db", str(db), "import", str(lines), "--card", "nfl-w12"]).exit_code == 0
    )
    store = Store(f"sqlite:///{db}")
    assert feeds.fed_cards(store) == []
    assert fetch_once(store) == []
    store.dispose()


def test_serve_fetches_at_start_and_a_failing_feed_never_stops_it(httpserver, monkeypatch, tmp_path: Path):
    db = tmp_path / "pool.db"
    fed_card(httpserver, monkeypatch, db)
    with serving(str(db), tmp_path, "--fetch-results", "5m", env=dict(os.environ)) as s:
        assert "Fetching results every 5 min" in s.said()
        board = ""
        for _ in range(150):  # the first round runs as serve starts; the board shows it without a restart
            board = httpx.get(f"{s.base}/nfl-w12").text
            if '<strong>24</strong></div><div class="side"><strong>27</strong>' in board:
                break
            time.sleep(0.2)
        assert '<strong>24</strong></div><div class="side"><strong>27</strong>' in board
        store = Store(f"sqlite:///{db}")
        with store.reading() as tx:
            assert len(result_rows.of(tx, "nfl-w12")) == 5
        store.dispose()
    dead = {**os.environ, "PARLAYCARDS_ESPN_URL": f"http://127.0.0.1:{free_port()}"}
    with serving(str(db), tmp_path, "--fetch-results", "1m", env=dead) as s:
        sid = re.search(
            r"pc_operator=([^;]+)", httpx.get(s.link, follow_redirects=False).headers["set-cookie"]
        ).group(1)
        page = ""
        for _ in range(100):
            page = html.unescape(
                httpx.get(f"{s.base}/op/nfl-w12", headers={"cookie": f"pc_operator={sid}"}).text
            )
            if "Tried again" in page:
                break
            time.sleep(0.2)
        assert s.proc.poll() is None and httpx.get(f"{s.base}/nfl-w12").status_code == 200
    assert "Results fetched" in page


def test_fetch_results_takes_minutes_and_refuses_too_often(tmp_path: Path):
    from parlaycards.cli.serve import every

    assert every("5m") == 300 and every("90s") == 90 and every("1h") == 3600 and every("2") == 120
    import typer

    for bad in ("5x", "10s", ""):
        with pytest.raises(typer.BadParameter):
            every(bad)
