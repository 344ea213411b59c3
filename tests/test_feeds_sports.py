"""Every ESPN scoreboard league beside football: basketball (NBA, men's college, WNBA), baseball (MLB)
and hockey (NHL), from responses written in ESPN's documented shapes (tests/feeds/), served by a local
HTTP server or read with --from-file; The Odds API's keys for the same leagues. Responses the feeds
really sent are read in test_feeds_recorded.py."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core import leagues
from parlaycards.io.feeds import Query
from parlaycards.io.feeds.espn import Espn
from parlaycards.io.feeds.odds_api import OddsApi
from parlaycards.store import Store
from parlaycards.store import cards as card_rows
from parlaycards.store import results as result_rows

FEEDS = Path(__file__).parent / "feeds"
runner = CliRunner()


@pytest.fixture(autouse=True)
def no_internet(monkeypatch):
    monkeypatch.setenv("PARLAYCARDS_ESPN_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("PARLAYCARDS_ODDS_API_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("PARLAYCARDS_FEED_TIMEOUT", "2")


def cli(db, *args):
    return runner.invoke(app, ["--db", str(db), *args])


def card_of(db: Path, slug: str):
    store = Store(f"sqlite:///{db}")
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
        results = result_rows.of(tx, slug)
    store.dispose()
    return card, results


def lines(card) -> list[tuple[str, str, str, Decimal, Decimal | None]]:
    return [(g.league, g.away, g.home, g.spread, g.total) for g in card.games]


@pytest.mark.parametrize(
    "league, path, params",
    [
        ("NBA", "/basketball/nba/scoreboard", {"dates": "20261201"}),
        (
            "NCAAB",
            "/basketball/mens-college-basketball/scoreboard",
            {"groups": "50", "limit": "400", "dates": "20261201"},
        ),
        ("WNBA", "/basketball/wnba/scoreboard", {"dates": "20261201"}),
        ("MLB", "/baseball/mlb/scoreboard", {"dates": "20261201"}),
        ("NHL", "/hockey/nhl/scoreboard", {"dates": "20261201"}),
        ("NFL", "/football/nfl/scoreboard", {"dates": "20261201"}),
    ],
)
def test_each_league_asks_its_own_scoreboard(monkeypatch, league, path, params):
    from datetime import date

    monkeypatch.setenv("PARLAYCARDS_ESPN_URL", "https://site.api.espn.com/apis/site/v2/sports")
    req = Espn().lines_request(Query(league=league, day=date(2026, 12, 1)))
    assert req.url == "https://site.api.espn.com/apis/site/v2/sports" + path
    assert req.params == params


def test_a_base_url_given_down_to_the_sport_still_works(monkeypatch):
    monkeypatch.setenv("PARLAYCARDS_ESPN_URL", "http://example.test/sports/football")
    from datetime import date

    req = Espn().lines_request(Query(league="NHL", day=date(2026, 12, 1)))
    assert req.url == "http://example.test/sports/hockey/nhl/scoreboard"


@pytest.mark.parametrize(
    "league, key",
    [
        ("NBA", "basketball_nba"),
        ("NCAAB", "basketball_ncaab"),
        ("WNBA", "basketball_wnba"),
        ("MLB", "baseball_mlb"),
        ("NHL", "icehockey_nhl"),
    ],
)
def test_odds_api_keys(league, key):
    req = OddsApi().lines_request(Query(league=league, api_key="k"))
    assert req.url.endswith(f"/sports/{key}/odds")


def test_nba_lines_from_a_served_scoreboard(httpserver, monkeypatch, db_path):
    monkeypatch.setenv("PARLAYCARDS_ESPN_URL", httpserver.url_for("/"))
    httpserver.expect_request(
        "/basketball/nba/scoreboard", query_string={"dates": "20261201"}
    ).respond_with_data(
        (FEEDS / "espn-nba-2026-12-01-lines.json").read_bytes(), content_type="application/json"
    )
    r = cli(db_path, "lines", "fetch", "nba", "--date", "2026-12-01", "--card", "nba-1201")
    assert r.exit_code == 0, r.output
    card, _ = card_of(db_path, "nba-1201")
    assert card.title == "NBA Dec 1"
    assert lines(card) == [
        ("NBA", "Boston Celtics", "New York Knicks", Decimal("-3.5"), Decimal("224.5")),
        ("NBA", "Denver Nuggets", "Phoenix Suns", Decimal("2"), Decimal("228.5")),
        ("NBA", "Los Angeles Lakers", "Golden State Warriors", Decimal("0"), Decimal("230")),
    ]
    assert [g.kickoff.isoformat() for g in card.games][0] == "2026-12-01T19:30:00-05:00"
    assert "Miami Heat at Chicago Bulls: no line yet" in r.stderr
    assert "Not in the team alias table" not in r.stderr  # no alias table for the NBA: not a warning
    kept = list((db_path.parent / f"{db_path.stem}-feeds").glob("*-espn-nba-lines.json"))
    assert len(kept) == 1


def test_mlb_run_lines_come_from_the_favourite_never_from_the_moneyline(db_path):
    r = cli(
        db_path,
        "lines",
        "fetch",
        "mlb",
        "--from-file",
        str(FEEDS / "espn-mlb-2027-04-10-lines.json"),
        "--card",
        "mlb-0410",
    )
    assert r.exit_code == 0, r.output
    card, _ = card_of(db_path, "mlb-0410")
    assert lines(card) == [
        # "NYY -150" is the Yankees' moneyline; awayTeamOdds says they are the favourite: NYY -1½
        ("MLB", "New York Yankees", "Boston Red Sox", Decimal("1.5"), Decimal("8.5")),
        # pointSpread.home.close.line says the Giants get +1½
        ("MLB", "Los Angeles Dodgers", "San Francisco Giants", Decimal("1.5"), Decimal("7.5")),
    ]
    assert "Chicago Cubs at St. Louis Cardinals: postponed" in r.stderr
    assert (
        'Seattle Mariners at Houston Astros: no favourite to lay the run or puck line (the feed says "EVEN")'
        in r.stderr
    )


def test_nhl_puck_lines_from_the_moneyline_favourite(db_path):
    r = cli(
        db_path,
        "lines",
        "fetch",
        "nhl",
        "--from-file",
        str(FEEDS / "espn-nhl-2026-12-01-lines.json"),
        "--card",
        "nhl-1201",
        "--dry-run",
    )
    assert r.exit_code == 0, r.output
    assert not db_path.exists()
    assert "Toronto Maple Leafs" in r.stdout and "-1½" in r.stdout
    parsed = Espn().parse_lines(
        __import__("json").loads((FEEDS / "espn-nhl-2026-12-01-lines.json").read_text()),
        Query(league="NHL"),
        "f",
    )
    assert [(g.away, g.spread, g.total) for g in parsed.games] == [
        ("Toronto Maple Leafs", Decimal("1.5"), Decimal("6.5")),  # TOR -165: Toronto lays 1½, home gets +1½
        ("Edmonton Oilers", Decimal("-1.5"), Decimal("6")),  # homeTeamOdds.favorite: Vegas -1½
    ]


def test_college_basketball_top_25_and_neutral_site(db_path):
    r = cli(
        db_path,
        "lines",
        "fetch",
        "ncaab",
        "--from-file",
        str(FEEDS / "espn-ncaab-2026-12-05-lines.json"),
        "--card",
        "cbb-1205",
        "--top",
        "25",
    )
    assert r.exit_code == 0, r.output
    card, _ = card_of(db_path, "cbb-1205")
    assert [(g.away, g.home, g.neutral, g.spread) for g in card.games] == [
        ("Duke Blue Devils", "Kansas Jayhawks", True, Decimal("-1.5")),
        ("North Carolina Tar Heels", "Gonzaga Bulldogs", False, Decimal("-4")),
    ]
    assert card.title == "College Basketball Dec 5"
    assert "1 game without a top-25 team was not taken" in r.stderr


def test_wnba_and_odds_api_nba(db_path):
    r = cli(
        db_path,
        "lines",
        "fetch",
        "wnba",
        "--from-file",
        str(FEEDS / "espn-wnba-2027-06-12-lines.json"),
        "--card",
        "wnba",
    )
    assert r.exit_code == 0, r.output
    assert lines(card_of(db_path, "wnba")[0]) == [
        ("WNBA", "Las Vegas Aces", "New York Liberty", Decimal("-2.5"), Decimal("166.5"))
    ]
    r = cli(
        db_path,
        "lines",
        "fetch",
        "nba",
        "--from-file",
        str(FEEDS / "odds-api-nba-odds.json"),
        "--card",
        "nba-oa",
    )
    assert r.exit_code == 0, r.output
    # median of -3.5 and -4 is -3.75, to the half point -4; totals 224.5 and 225 → 224.75 → 225
    assert lines(card_of(db_path, "nba-oa")[0]) == [
        ("NBA", "Boston Celtics", "New York Knicks", Decimal("-4"), Decimal("225"))
    ]


@pytest.mark.parametrize(
    "league, slug, finals, not_over",
    [
        (
            "nhl",
            "nhl-1201",
            {"Toronto Maple Leafs": (3, 4), "Edmonton Oilers": (5, 4)},  # Final/SO and Final/OT
            (),
        ),
        ("mlb", "mlb-0410", {"New York Yankees": (5, 4)}, ("Rain Delay",)),  # Final/10: extra innings
        (
            "nba",
            "nba-1201",
            {"Boston Celtics": (108, 111), "Los Angeles Lakers": (121, 119)},
            ("2:14 - 3rd",),
        ),
    ],
)
def test_result_fetch_for_each_sport(db_path, league, slug, finals, not_over):
    lines_file = next(FEEDS.glob(f"espn-{league}-*-lines.json"))
    assert (
        cli(db_path, "lines", "fetch", league, "--from-file", str(lines_file), "--card", slug).exit_code == 0
    )
    scores = Path(str(lines_file).replace("-lines", "-scores"))
    r = cli(db_path, "result", "fetch", slug, "--from-file", str(scores))
    assert r.exit_code == 0, r.output
    card, results = card_of(db_path, slug)
    got = {
        g.away: (results[g.key].away_score, results[g.key].home_score) for g in card.games if g.key in results
    }
    assert got == finals
    for words in not_over:
        assert words in r.stderr


def test_every_league_of_the_table_is_known_by_its_words():
    assert [lg.code for lg in leagues.with_feed()] == ["NFL", "NCAA", "NBA", "NCAAB", "WNBA", "MLB", "NHL"]
    for word, code in {
        "college": "NCAA",
        "NCAAF": "NCAA",
        "mens-college-basketball": "NCAAB",
        "High School": "HS",
        "golf": "PGA",
        "NASCAR": "NASCAR",
        "local": "LOCAL",
    }.items():
        found = leagues.named(word)
        assert found is not None and found.code == code, word
    assert leagues.named("curling") is None
    assert leagues.get("MLB").run_line == Decimal("1.5") and leagues.get("NHL").run_line == Decimal("1.5")
    assert leagues.get("PGA").lower_wins and leagues.get("PGA").matchup
