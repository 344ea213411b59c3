"""Lines and finals from feeds, end to end: recorded responses (tests/feeds/, in the providers'
documented shapes) served by a real local HTTP server, through the same httpx path and CLI a user's
command takes. No test reaches the internet: the feed URLs point at the local server, or at a closed port."""

from __future__ import annotations

import hashlib
import json
import socket
import time
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner
from werkzeug import Response

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.core.models import Card, Game, Result, SelectionNumbers
from parlaycards.io.feeds.odds_api import nfl_week
from parlaycards.store import Store
from parlaycards.store import cards as card_rows
from parlaycards.store import results as result_rows

FEEDS = Path(__file__).parent / "feeds"
runner = CliRunner()


def recording(name: str) -> bytes:
    return (FEEDS / name).read_bytes()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(autouse=True)
def no_internet(monkeypatch):
    """Every feed URL points at a closed local port unless a test serves it."""
    dead = f"http://127.0.0.1:{closed_port()}"
    monkeypatch.setenv("PARLAYCARDS_ESPN_URL", dead)
    monkeypatch.setenv("PARLAYCARDS_ODDS_API_URL", dead)
    monkeypatch.delenv("PARLAYCARDS_ODDS_API_KEY", raising=False)
    monkeypatch.setenv("PARLAYCARDS_FEED_TIMEOUT", "3")


@pytest.fixture
def espn(httpserver, monkeypatch):
    monkeypatch.setenv("PARLAYCARDS_ESPN_URL", httpserver.url_for("/football"))
    return httpserver


@pytest.fixture
def odds(httpserver, monkeypatch):
    monkeypatch.setenv("PARLAYCARDS_ODDS_API_URL", httpserver.url_for("/v4"))
    monkeypatch.setenv("PARLAYCARDS_ODDS_API_KEY", "test-key-123")
    return httpserver


def cli(db, *args):
    return runner.invoke(app, ["--db", str(db), *args])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def serve_espn_week(espn, name="espn-nfl-2026-w12-lines.json"):
    espn.expect_request(
        "/football/nfl/scoreboard", query_string={"week": "12", "seasontype": "2", "dates": "2026"}
    ).respond_with_data(recording(name), content_type="application/json")


def latest(db_path: Path, slug: str) -> Card:
    store = Store(f"sqlite:///{db_path}")
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
    store.dispose()
    return card


def audit(db_path: Path) -> list[tuple[str, dict]]:
    from sqlalchemy import select

    from parlaycards.store import schema

    store = Store(f"sqlite:///{db_path}")
    with store.reading() as tx:
        rows = [(r.action, json.loads(r.detail)) for r in tx.conn.execute(select(schema.audit))]
    store.dispose()
    return rows


# ---- lines fetch: ESPN ---------------------------------------------------------------------------------------


def test_lines_fetch_espn_makes_the_card_as_import_does(espn, db_path):
    serve_espn_week(espn)
    r = cli(db_path, "lines", "fetch", "nfl", "--week", "12", "--season", "2026", "--card", "nfl-w12")
    assert r.exit_code == 0, r.output
    card = latest(db_path, "nfl-w12")
    assert card.title == "NFL Week 12" and card.version == 1
    by_home = {g.home: g for g in card.games}
    assert by_home["Detroit Lions"].spread == Decimal("-6.5") and by_home["Detroit Lions"].total == Decimal(
        "47.5"
    )
    assert by_home["Dallas Cowboys"].spread == Decimal("-3") and by_home["Dallas Cowboys"].total == Decimal(
        "44"
    )
    assert by_home["Kansas City Chiefs"].spread == Decimal("1.5")  # "LAR -1.5": the away team lays it
    assert by_home["Houston Texans"].spread == 0  # "EVEN": a pick'em
    assert by_home["New Orleans Saints"].neutral and by_home["New Orleans Saints"].spread == Decimal("2.5")
    assert by_home["Cleveland Browns"].total is None and by_home["Cleveland Browns"].numbers.over is None
    assert "Minnesota Vikings" not in by_home  # no odds block yet: left off and named
    assert "Green Bay Packers at Minnesota Vikings: no line yet" in r.stderr
    assert "nfl-w12 version 1: imported 7 games from ESPN (ESPN BET)." in r.stderr
    kickoffs = [g.kickoff for g in card.games]
    assert kickoffs == sorted(kickoffs) and kickoffs[0].isoformat() == "2026-11-26T12:30:00-05:00"
    assert [g.numbers.away for g in card.games] == list(range(101, 114, 2))
    kept = list((db_path.parent / "pool-feeds").glob("*-espn-nfl-lines.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == recording("espn-nfl-2026-w12-lines.json")
    imports = [d for action, d in audit(db_path) if action == "import"]
    assert len(imports) == 1
    assert imports[0]["provider"] == "espn" and imports[0]["book"] == "ESPN BET" and imports[0]["games"] == 7
    assert imports[0]["raw"] == str(kept[0]) and imports[0]["taken_at"]
    assert "week=12" in imports[0]["source"]


def test_lines_fetched_again_make_a_new_version_only_when_they_moved_keeping_payouts_and_title(espn, db_path):
    serve_espn_week(espn)
    assert (
        cli(
            db_path,
            "lines",
            "fetch",
            "nfl",
            "--week",
            "12",
            "--season",
            "2026",
            "--card",
            "w12",
            "--title",
            "Smitty's Week 12",
        ).exit_code
        == 0
    )
    assert cli(db_path, "payout", "set", "w12", "3", "6-1").exit_code == 0
    serve_espn_week(espn)  # the same lines: nothing new to store
    r = cli(db_path, "lines", "fetch", "nfl", "--week", "12", "--season", "2026", "--card", "w12")
    assert r.exit_code == 0, r.output
    assert "holds these very lines: no new version stored" in r.stderr
    assert latest(db_path, "w12").version == 2
    moved = recording("espn-nfl-2026-w12-lines.json").replace(b'"overUnder": 47.5', b'"overUnder": 48.5', 1)
    assert moved != recording("espn-nfl-2026-w12-lines.json")
    espn.clear_all_handlers()
    espn.expect_request(
        "/football/nfl/scoreboard", query_string={"week": "12", "seasontype": "2", "dates": "2026"}
    ).respond_with_data(moved, content_type="application/json")
    r = cli(db_path, "lines", "fetch", "nfl", "--week", "12", "--season", "2026", "--card", "w12")
    assert r.exit_code == 0, r.output
    card = latest(db_path, "w12")
    assert card.version == 3 and card.title == "Smitty's Week 12"
    assert str(card.payouts.tier(3, 3).odds) == "6-1"


def test_lines_fetch_college_top_25_neutral_site_and_aliases(espn, db_path):
    espn.expect_request(
        "/football/college-football/scoreboard",
        query_string={"groups": "80", "limit": "400", "dates": "20261128"},
    ).respond_with_data(recording("espn-ncaaf-2026-11-28-lines.json"), content_type="application/json")
    r = cli(db_path, "lines", "fetch", "ncaaf", "--date", "2026-11-28", "--card", "ncaa-w14", "--top", "25")
    assert r.exit_code == 0, r.output
    card = latest(db_path, "ncaa-w14")
    pairs = {(g.away, g.home) for g in card.games}
    assert pairs == {
        ("Ohio State", "Michigan"),
        ("Alabama", "Auburn"),
        ("Miami (FL)", "Florida Atlantic"),
        ("Idaho State Bengals", "Utah"),
        ("Iowa State", "Kansas State"),
    }
    assert all(g.league == "NCAA" for g in card.games)
    miami = next(g for g in card.games if g.away == "Miami (FL)")
    assert miami.neutral and miami.spread == Decimal("17.5")
    assert next(g for g in card.games if g.away == "Iowa State").spread == 0  # "PK"
    assert "2 games without a top-25 team were not taken." in r.stderr
    assert "Not in the team alias table, kept as the feed writes them: Idaho State Bengals." in r.stderr
    assert (
        "App State Mountaineers at Georgia Southern Eagles" not in r.stderr
    )  # outside the top 25, not named


def test_lines_fetch_college_without_top_resolves_accented_names(espn, db_path):
    espn.expect_request("/football/college-football/scoreboard").respond_with_data(
        recording("espn-ncaaf-2026-11-28-lines.json"), content_type="application/json"
    )
    r = cli(db_path, "lines", "fetch", "college", "--date", "2026-11-28", "--card", "ncaa-all")
    assert r.exit_code == 0, r.output
    card = latest(db_path, "ncaa-all")
    assert ("San Jose State", "Hawaii") in {(g.away, g.home) for g in card.games}  # "San José State Spartans"
    assert "App State Mountaineers at Georgia Southern Eagles: no line yet" in r.stderr
    sjsu = next(g for g in card.games if g.away == "San Jose State")
    assert sjsu.kickoff.isoformat() == "2026-11-28T22:30:00-05:00"  # 03:30Z the next day, shown in Eastern


def test_lines_fetch_dry_run_stores_nothing_and_keeps_nothing(espn, db_path, card_in_store):
    serve_espn_week(espn)
    before = digest(db_path)
    r = cli(
        db_path, "lines", "fetch", "nfl", "--week", "12", "--season", "2026", "--card", "nfl-w12", "--dry-run"
    )
    assert r.exit_code == 0, r.output
    assert "Dry run: nothing was stored. nfl-w12 version 2 would hold 7 games" in r.stderr
    assert "DETROIT LIONS" in r.stdout
    assert digest(db_path) == before
    assert not (db_path.parent / "pool-feeds").exists()


def test_lines_fetch_dry_run_before_the_first_card_makes_no_database(espn, db_path):
    serve_espn_week(espn)
    r = cli(
        db_path, "lines", "fetch", "nfl", "--week", "12", "--season", "2026", "--card", "nfl-w12", "--dry-run"
    )
    assert r.exit_code == 0, r.output
    assert "version 1 would hold 7 games" in r.stderr
    assert not db_path.exists()


def test_lines_fetch_from_file_reads_the_same_way(db_path):
    r = cli(
        db_path,
        "lines",
        "fetch",
        "nfl",
        "--card",
        "nfl-w12",
        "--from-file",
        str(FEEDS / "espn-nfl-2026-w12-lines.json"),
    )
    assert r.exit_code == 0, r.output
    card = latest(db_path, "nfl-w12")
    assert len(card.games) == 7 and card.title == "NFL Week 12"  # the week the response names
    assert f"read from {FEEDS / 'espn-nfl-2026-w12-lines.json'}" in r.stderr
    assert not (db_path.parent / "pool-feeds").exists()


def test_a_feed_game_whose_team_name_is_too_long_to_print_is_left_off_and_named(db_path, tmp_path):
    """A name longer than a card prints stopped the whole fetch as an internal error (ValidationError): the
    game is left off and named, as a game with no line is, and the others make the card."""
    data = json.loads((FEEDS / "espn-nfl-2026-w12-lines.json").read_text())
    team = data["events"][0]["competitions"][0]["competitors"][0]["team"]
    team["displayName"] = team["location"] = (
        "The Pittsburgh Steelers of the Three Rivers Confluence, Pennsylvania"
    )
    feed = tmp_path / "long.json"
    feed.write_text(json.dumps(data))
    r = cli(db_path, "lines", "fetch", "nfl", "--card", "nfl-w12", "--from-file", str(feed))
    assert r.exit_code == 0, r.output
    assert "Left off (2):" in r.stderr  # beside a game with no line yet
    assert (
        'team\'s name "The Pittsburgh Steelers …" has 68 characters, more than a card prints (40)' in r.stderr
    )
    assert len(latest(db_path, "nfl-w12").games) == 6


def test_lines_fetch_onto_hand_edits_lists_them_and_needs_replace(db_path):
    """A dry run said nothing of the hand edits the fetch would undo, and --replace undid them silently."""
    fetch = (
        "lines",
        "fetch",
        "nfl",
        "--card",
        "nfl-w12",
        "--from-file",
        str(FEEDS / "espn-nfl-2026-w12-lines.json"),
    )
    assert cli(db_path, *fetch).exit_code == 0
    card = latest(db_path, "nfl-w12")
    number = card.games[0].numbers.away
    assert cli(db_path, "game", "set", "nfl-w12", str(number), "--spread", "-20").exit_code == 0
    r = cli(db_path, *fetch, "--dry-run")
    assert r.exit_code == 0 and "Would undo a hand edit:" in r.stderr and "the feed says" in r.stderr
    before = digest(db_path)
    r = cli(db_path, *fetch)
    assert r.exit_code == 2 and "--replace" in r.stderr and "the feed says" in r.stderr
    assert digest(db_path) == before
    r = cli(db_path, *fetch, "--replace")
    assert r.exit_code == 0 and "Undid a hand edit:" in r.stderr
    assert latest(db_path, "nfl-w12").games[0].spread != -20


# ---- lines fetch: The Odds API -------------------------------------------------------------------------------


def serve_odds(odds, **query):
    odds.expect_request(
        "/v4/sports/americanfootball_nfl/odds",
        query_string={
            "apiKey": "test-key-123",
            "regions": "us",
            "markets": "spreads,totals",
            "oddsFormat": "american",
            "dateFormat": "iso",
            **query,
        },
    ).respond_with_data(recording("odds-api-nfl-odds.json"), content_type="application/json")


def test_lines_fetch_odds_api_takes_the_median_line_rounded_to_the_half_point(odds, db_path):
    first, last = nfl_week(2026, 12)
    assert (first, last) == (date(2026, 11, 24), date(2026, 11, 30))  # Tuesday to Monday
    serve_odds(odds, commenceTimeFrom="2026-11-24T05:00:00Z", commenceTimeTo="2026-12-01T11:00:00Z")
    r = cli(
        db_path,
        "lines",
        "fetch",
        "nfl",
        "--week",
        "12",
        "--season",
        "2026",
        "--card",
        "nfl-w12",
        "--provider",
        "odds-api",
    )
    assert r.exit_code == 0, r.output
    by_home = {g.home: g for g in latest(db_path, "nfl-w12").games}
    assert by_home["Detroit Lions"].spread == Decimal("-6.5")  # median of -6.5, -7, -6.5
    assert by_home["Detroit Lions"].total == Decimal("47.5")
    assert by_home["Dallas Cowboys"].spread == Decimal(
        "-3.5"
    )  # median of -3 and -3.5 is -3.25: half point up
    assert by_home["Dallas Cowboys"].total == Decimal("44.5")  # 44.25
    assert by_home["Houston Texans"].spread == 0
    assert "Minnesota Vikings" not in by_home
    assert "Lines from The Odds API, median of up to 3 bookmakers, taken 2026-11-24 15:04 UTC" in r.stderr
    imports = [d for action, d in audit(db_path) if action == "import"]
    assert "test-key-123" not in json.dumps(imports) and "apiKey=%2A%2A%2A" in imports[0]["source"]


def test_lines_fetch_odds_api_one_book(odds, db_path):
    serve_odds(odds, commenceTimeFrom="2026-11-26T05:00:00Z", commenceTimeTo="2026-11-27T11:00:00Z")
    r = cli(
        db_path,
        "lines",
        "fetch",
        "nfl",
        "--card",
        "nfl-w12",
        "--provider",
        "odds-api",
        "--book",
        "draftkings",
        "--date",
        "2026-11-26",
    )
    # a day: its kickoffs, and the night's late games up to 6 in the morning
    assert odds.log[0][0].args["commenceTimeFrom"] == "2026-11-26T05:00:00Z"
    assert odds.log[0][0].args["commenceTimeTo"] == "2026-11-27T11:00:00Z"
    assert r.exit_code == 0, r.output
    by_home = {g.home: g for g in latest(db_path, "nfl-w12").games}
    assert by_home["Dallas Cowboys"].spread == Decimal("-3") and by_home["Dallas Cowboys"].total == Decimal(
        "44"
    )
    assert by_home["Kansas City Chiefs"].spread == Decimal("1.5")
    assert "Washington Commanders" not in by_home
    assert "Philadelphia Eagles at Washington Commanders: no line yet" in r.stderr


def test_lines_fetch_odds_api_unknown_book_names_the_books_found(odds, db_path):
    serve_odds(odds, commenceTimeFrom="2026-11-26T05:00:00Z", commenceTimeTo="2026-11-27T11:00:00Z")
    r = cli(
        db_path,
        "lines",
        "fetch",
        "nfl",
        "--card",
        "nfl-w12",
        "--provider",
        "odds-api",
        "--book",
        "pinnacle",
        "--date",
        "2026-11-26",
    )
    assert r.exit_code == 2
    assert 'no event has lines from the bookmaker "pinnacle"' in r.stderr
    assert "Bookmakers in this response: betmgm, draftkings, fanduel." in r.stderr
    assert not db_path.exists()


def test_odds_api_needs_a_key(db_path):
    r = cli(db_path, "lines", "fetch", "nfl", "--card", "nfl-w12", "--provider", "odds-api", "--week", "12")
    assert r.exit_code == 2
    assert "The Odds API needs an API key: give --api-key KEY or set PARLAYCARDS_ODDS_API_KEY" in r.stderr


# ---- network trouble: one paragraph naming the provider, nothing changed --------------------------------------


@pytest.mark.parametrize(
    "status, file, said",
    [
        (
            401,
            "odds-api-401.json",
            'The Odds API refused the API key (HTTP 401: "API key is not valid or not found.',
        ),
        (
            429,
            "odds-api-429.json",
            'The Odds API says too many requests (HTTP 429: "Usage quota has been reached.',
        ),
    ],
)
def test_odds_api_refusals(odds, db_path, card_in_store, status, file, said):
    odds.expect_request("/v4/sports/americanfootball_nfl/odds").respond_with_data(
        recording(file), status=status, content_type="application/json"
    )
    before = digest(db_path)
    r = cli(db_path, "lines", "fetch", "nfl", "--card", "nfl-w12", "--provider", "odds-api", "--week", "12")
    assert r.exit_code == 2
    assert said in r.stderr and "nothing was changed" in r.stderr
    assert "Traceback" not in r.output
    assert len(odds.log) == 1  # a refusal is not tried again
    assert digest(db_path) == before and not (db_path.parent / "pool-feeds").exists()


def test_offline_names_the_provider_and_changes_nothing(db_path, card_in_store):
    before = digest(db_path)
    r = cli(db_path, "lines", "fetch", "nfl", "--card", "nfl-w12", "--week", "12")
    assert r.exit_code == 2
    assert "could not reach ESPN at http://127.0.0.1:" in r.stderr
    assert "or save the response from a browser and give it with --from-file" in r.stderr
    assert digest(db_path) == before


def test_a_timeout_is_tried_twice_then_said(espn, db_path, card_in_store, monkeypatch):
    monkeypatch.setenv("PARLAYCARDS_FEED_TIMEOUT", "0.3")

    def slow(request):
        time.sleep(0.8)
        return Response(recording("espn-nfl-2026-w12-lines.json"), content_type="application/json")

    espn.expect_request("/football/nfl/scoreboard").respond_with_handler(slow)
    before = digest(db_path)
    r = cli(db_path, "lines", "fetch", "nfl", "--card", "nfl-w12", "--week", "12")
    assert r.exit_code == 2
    assert "ESPN did not answer within 0.3 seconds (tried 2 times); nothing was changed." in r.stderr
    assert digest(db_path) == before
    deadline = time.monotonic() + 5
    while len(espn.log) < 2 and time.monotonic() < deadline:  # the server finishes both slow answers
        time.sleep(0.05)
    assert len(espn.log) == 2


def test_a_server_error_is_tried_again_and_the_second_answer_used(espn, db_path):
    espn.expect_ordered_request("/football/nfl/scoreboard").respond_with_data("upstream error", status=503)
    espn.expect_ordered_request("/football/nfl/scoreboard").respond_with_data(
        recording("espn-nfl-2026-w12-lines.json"), content_type="application/json"
    )
    r = cli(db_path, "lines", "fetch", "nfl", "--card", "nfl-w12", "--week", "12", "--season", "2026")
    assert r.exit_code == 0, r.output
    assert [resp.status_code for _, resp in espn.log] == [503, 200], espn.log
    assert len(latest(db_path, "nfl-w12").games) == 7


def test_an_unexpected_body_is_said(espn, db_path, card_in_store):
    espn.expect_request("/football/nfl/scoreboard").respond_with_data(
        recording("captive-portal.html"), content_type="text/html"
    )
    before = digest(db_path)
    r = cli(db_path, "lines", "fetch", "nfl", "--card", "nfl-w12", "--week", "12")
    assert r.exit_code == 2
    assert 'ESPN: ESPN sent something that is not JSON (it starts "<!DOCTYPE html> <html><head>' in r.stderr
    assert digest(db_path) == before


def test_json_without_events_is_an_unexpected_body(espn, db_path):
    espn.expect_request("/football/nfl/scoreboard").respond_with_json({"code": 400, "message": "bad week"})
    r = cli(db_path, "lines", "fetch", "nfl", "--card", "nfl-w12", "--week", "12")
    assert r.exit_code == 2
    assert "ESPN sent an unexpected body (no list of events); nothing was changed." in r.stderr


def test_a_file_of_neither_provider_is_refused(db_path):
    r = cli(
        db_path, "lines", "fetch", "nfl", "--card", "nfl-w12", "--from-file", str(FEEDS / "odds-api-401.json")
    )
    assert r.exit_code == 2
    assert "is neither an ESPN scoreboard (an object with events) nor a response of The Odds API" in r.stderr


def test_a_feed_with_nothing_to_put_on_a_card_says_why(db_path):
    r = cli(
        db_path,
        "lines",
        "fetch",
        "nfl",
        "--card",
        "nfl-w12",
        "--from-file",
        str(FEEDS / "espn-nfl-2026-w12-scores.json"),
    )
    assert r.exit_code == 2
    assert "ESPN has no game with a line to put on the card; nothing was stored." in r.stderr
    assert "Buffalo Bills at Houston Texans: postponed" in r.stderr
    assert "Philadelphia Eagles at Washington Commanders: already started (7:42 - 3rd Quarter)" in r.stderr
    assert not db_path.exists()


@pytest.mark.parametrize(
    "args, said",
    [
        (["cfl", "--week", "3"], 'the league "cfl" (CFL) has no feed: enter its games with `import`'),
        (["nhl", "--week", "3"], "NHL has no numbered weeks: give --date YYYY-MM-DD"),
        (["nba"], "say which day: --date YYYY-MM-DD"),
        (
            ["curling", "--date", "2026-12-01"],
            '"curling" is not a league. Accepted: nfl, ncaaf, nba, ncaab, wnba, mlb, nhl.',
        ),
        (["mlb", "--date", "2027-04-10", "--top", "25"], "MLB has no poll ranks"),
        (["nfl"], "say which games: --week N"),
        (["nfl", "--week", "3", "--date", "2026-11-28"], "give --week or --date, not both."),
        (["nfl", "--date", "28th"], '--date "28th" is not a date and time.'),
        (
            ["nfl", "--week", "3", "--provider", "bovada"],
            'there is no feed provider "bovada". Accepted: espn, odds-api.',
        ),
        (
            ["ncaaf", "--date", "2026-11-28", "--provider", "odds-api", "--top", "25"],
            "--top needs the college rankings",
        ),
    ],
)
def test_bad_requests_are_refused_before_the_network(db_path, args, said):
    r = cli(db_path, "lines", "fetch", *args, "--card", "w3", "--api-key", "k")
    assert r.exit_code == 2, r.output
    assert said in r.stderr


# ---- result fetch ---------------------------------------------------------------------------------------------


def fetch_week_card(espn, db_path):
    serve_espn_week(espn)
    assert (
        cli(
            db_path, "lines", "fetch", "nfl", "--week", "12", "--season", "2026", "--card", "nfl-w12"
        ).exit_code
        == 0
    )


def serve_espn_scores(espn, name="espn-nfl-2026-w12-scores.json"):
    espn.expect_request(
        "/football/nfl/scoreboard", query_string={"dates": "20261125-20261201"}
    ).respond_with_data(recording(name), content_type="application/json")


def stored_results(db_path: Path) -> dict[int, Result]:
    store = Store(f"sqlite:///{db_path}")
    with store.reading() as tx:
        out = result_rows.of(tx, "nfl-w12")
    store.dispose()
    return out


def test_result_fetch_records_finals_overtime_and_postponed_and_leaves_games_in_progress(espn, db_path):
    fetch_week_card(espn, db_path)
    serve_espn_scores(espn)
    r = cli(db_path, "result", "fetch", "nfl-w12")
    assert r.exit_code == 0, r.output
    card = latest(db_path, "nfl-w12")
    key = {g.home: g.key for g in card.games}
    got = stored_results(db_path)
    assert got[key["Detroit Lions"]] == Result(game=key["Detroit Lions"], away_score=24, home_score=27)
    assert got[key["Dallas Cowboys"]] == Result(
        game=key["Dallas Cowboys"], away_score=23, home_score=20
    )  # Final/OT
    assert got[key["Houston Texans"]].cancelled  # postponed: no action, as `result import` records it
    assert key["Washington Commanders"] not in got and key["Cleveland Browns"] not in got
    assert "not over yet: Philadelphia Eagles at Washington Commanders: 7:42 - 3rd Quarter" in r.stderr
    assert "Stored 5 results from ESPN." in r.stderr
    assert "Run `parlaycards grade nfl-w12` to settle the cards." in r.stderr
    kept = list((db_path.parent / "pool-feeds").glob("*-espn-nfl-scores.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == recording("espn-nfl-2026-w12-scores.json")
    fetches = [d for action, d in audit(db_path) if action == "result.fetch"]
    assert fetches and fetches[0]["stored"] == 5 and fetches[0]["raw"] == [str(kept[0])]
    assert cli(db_path, "grade", "nfl-w12").exit_code == 0


def test_result_fetch_a_different_final_needs_replace(espn, db_path):
    fetch_week_card(espn, db_path)
    serve_espn_scores(espn)
    assert cli(db_path, "result", "fetch", "nfl-w12").exit_code == 0
    before = digest(db_path)
    espn.clear_all_handlers()
    serve_espn_scores(espn, "espn-nfl-2026-w12-scores-corrected.json")
    r = cli(db_path, "result", "fetch", "nfl-w12")
    assert r.exit_code == 2
    assert "ESPN differs from 1 result already stored; nothing was stored." in r.stderr
    assert (
        "Los Angeles Rams at Kansas City Chiefs: stored Los Angeles Rams 31, Kansas City Chiefs 28; "
        "ESPN says Los Angeles Rams 31, Kansas City Chiefs 27"
    ) in r.stderr
    assert digest(db_path) == before
    serve_espn_scores(espn, "espn-nfl-2026-w12-scores-corrected.json")
    r = cli(db_path, "result", "fetch", "nfl-w12", "--replace")
    assert r.exit_code == 0, r.output
    assert "(was: Los Angeles Rams 31, Kansas City Chiefs 28)" in r.stderr
    chiefs = next(g.key for g in latest(db_path, "nfl-w12").games if g.home == "Kansas City Chiefs")
    assert stored_results(db_path)[chiefs].home_score == 27


def test_result_fetch_dry_run_shows_and_stores_nothing(espn, db_path):
    fetch_week_card(espn, db_path)
    serve_espn_scores(espn)
    before = digest(db_path)
    r = cli(db_path, "result", "fetch", "nfl-w12", "--dry-run")
    assert r.exit_code == 0, r.output
    assert "Dry run: nothing was stored. From ESPN, 5 results would be stored:" in r.stderr
    assert "New York Giants at Dallas Cowboys: New York Giants 23, Dallas Cowboys 20" in r.stderr
    assert digest(db_path) == before
    assert not list((db_path.parent / "pool-feeds").glob("*-scores.json"))


def sheet_card(store: Store) -> Card:
    """A card typed from a sheet: names as people write them, one game the other way round."""
    rows = [
        ("L.A. Rams", "KC", "1.5"),
        ("Dallas", "NY Giants", "3"),
        ("Bears", "Detroit", "-6.5"),
        ("Seattle", "San Francisco", "-3"),
    ]
    games = tuple(
        Game(
            league="NFL",
            away=a,
            home=h,
            spread=Decimal(s),
            numbers=SelectionNumbers(away=101 + 2 * i, home=102 + 2 * i),
        )
        for i, (a, h, s) in enumerate(rows)
    )
    with store.transaction() as tx:
        return card_rows.save(tx, Card(slug="nfl-w12", title="Sheet card", games=games), "typed")


def test_result_fetch_matches_names_through_the_alias_table_either_way_round(db_path, store):
    sheet_card(store)
    r = cli(
        db_path, "result", "fetch", "nfl-w12", "--from-file", str(FEEDS / "espn-nfl-2026-w12-scores.json")
    )
    assert r.exit_code == 0, r.output
    got = stored_results(db_path)
    assert got[101] == Result(game=101, away_score=31, home_score=28)  # L.A. Rams at KC
    assert got[103] == Result(game=103, away_score=20, home_score=23)  # the feed has Giants at Cowboys
    assert got[105] == Result(game=105, away_score=24, home_score=27)
    assert "not in the feed: Seattle at San Francisco" in r.stderr
    assert not (db_path.parent / "pool-feeds").exists()  # a file given is its own record


def test_result_fetch_leaves_alone_a_game_removed_before_any_card_carried_it(db_path, store):
    from parlaycards.core import edits

    card = sheet_card(store)
    with store.transaction() as tx:
        card_rows.save(tx, edits.remove_game(card, 105), "removed before printing")
    r = cli(
        db_path, "result", "fetch", "nfl-w12", "--from-file", str(FEEDS / "espn-nfl-2026-w12-scores.json")
    )
    assert r.exit_code == 0, r.output
    got = stored_results(db_path)
    assert 101 in got and 103 in got and 105 not in got  # the feed has that game's final: not stored


def test_result_fetch_odds_api_scores(odds, db_path):
    fetch = cli(
        db_path,
        "lines",
        "fetch",
        "nfl",
        "--card",
        "nfl-w12",
        "--from-file",
        str(FEEDS / "espn-nfl-2026-w12-lines.json"),
    )
    assert fetch.exit_code == 0
    odds.expect_request(
        "/v4/sports/americanfootball_nfl/scores",
        query_string={"apiKey": "test-key-123", "daysFrom": "3", "dateFormat": "iso"},
    ).respond_with_data(recording("odds-api-nfl-scores.json"), content_type="application/json")
    r = cli(db_path, "result", "fetch", "nfl-w12", "--provider", "odds-api")
    assert r.exit_code == 0, r.output
    key = {g.home: g.key for g in latest(db_path, "nfl-w12").games}
    got = stored_results(db_path)
    assert got[key["Detroit Lions"]] == Result(game=key["Detroit Lions"], away_score=24, home_score=27)
    assert got[key["Dallas Cowboys"]] == Result(game=key["Dallas Cowboys"], away_score=23, home_score=20)
    assert len(got) == 2
    assert "not over yet: Los Angeles Rams at Kansas City Chiefs: in progress" in r.stderr
    assert "not over yet: Philadelphia Eagles at Washington Commanders: not started" in r.stderr
    assert "not in the feed: Buffalo Bills at Houston Texans" in r.stderr


def test_result_fetch_of_an_ambiguous_name_is_refused(db_path, store):
    games = (
        Game(
            league="NCAA",
            away="Miami",
            home="Temple",
            spread=Decimal(-7),
            numbers=SelectionNumbers(away=101, home=102),
        ),
    )
    with store.transaction() as tx:
        card_rows.save(tx, Card(slug="nfl-w12", title="Two Miamis", games=games), "typed")
    feed = {
        "events": [
            _espn_final("Miami Hurricanes", "MIA", "Temple Owls", "TEM", 30, 10),
            _espn_final("Miami (OH) RedHawks", "M-OH", "Temple Owls", "TEM", 20, 17),
        ]
    }
    path = db_path.parent / "two-miamis.json"
    path.write_text(json.dumps(feed))
    with pytest.raises(ParlayError, match="Miami at Temple matches more than one game of the feed"):
        from parlaycards.services.feed_results import fetch_results
        from parlaycards.services.feeds import FeedSource

        fetch_results(store, "nfl-w12", FeedSource(from_file=path))
    assert stored_results(db_path) == {}


def _espn_final(away: str, away_abbr: str, home: str, home_abbr: str, a: int, h: int) -> dict:
    def side(name: str, abbr: str, where: str, pts: int) -> dict:
        return {"homeAway": where, "score": str(pts), "team": {"displayName": name, "abbreviation": abbr}}

    return {
        "date": "2026-11-28T17:00Z",
        "competitions": [
            {
                "neutralSite": False,
                "competitors": [side(home, home_abbr, "home", h), side(away, away_abbr, "away", a)],
                "status": {
                    "type": {"name": "STATUS_FINAL", "state": "post", "completed": True, "detail": "Final"}
                },
            }
        ],
    }


def test_demo_does_not_use_the_feeds():
    import parlaycards.demo.run as demo_run

    source = Path(demo_run.__file__).read_text(encoding="utf-8")
    assert "feeds" not in source


def test_result_fetch_of_a_card_with_no_fed_league_says_so(db_path, store):
    games = (
        Game(
            league="HS",
            away="Central",
            home="North",
            spread=Decimal(-7),
            numbers=SelectionNumbers(away=101, home=102),
        ),
    )
    with store.transaction() as tx:
        card_rows.save(tx, Card(slug="hs-w12", title="Friday night", games=games), "typed")
    r = cli(db_path, "result", "fetch", "hs-w12")
    assert r.exit_code != 0
    assert "card hs-w12 has no game of a league with a feed (" in r.stderr
    assert "Use `result import` or `result set`." in r.stderr
    assert "Traceback" not in r.output
