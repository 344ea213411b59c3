"""A level final where the league cannot end tied (an NHL 3-3: overtime and a shootout decide every game) is
refused naming the game, typed, from a results sheet or from a feed; an NFL tie is still a final."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.models import Card, Game, SelectionNumbers
from parlaycards.store import Store
from parlaycards.store import cards as card_rows
from parlaycards.store import results as result_rows

from .conftest import ET
from .pool_support import csv_file

runner = CliRunner()
FEEDS = Path(__file__).parent / "feeds"
SLUG = "mixed-w12"


def cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def stored(db: Path, slug: str = SLUG) -> dict[int, tuple[int | None, int | None]]:
    store = Store(f"sqlite:///{db}")
    with store.reading() as tx:
        out = {k: (r.away_score, r.home_score) for k, r in result_rows.of(tx, slug).items()}
    store.dispose()
    return out


def a_card(db: Path) -> None:
    """An NHL game (101/102) and an NFL game (103/104), both played on Sunday."""
    games = tuple(
        Game(
            league=league,
            kickoff=datetime(2026, 11, 22, 13, 0, tzinfo=ET),
            away=away,
            home=home,
            spread=Decimal(spread),
            total=Decimal(total),
            numbers=SelectionNumbers(away=101 + 2 * i, home=102 + 2 * i, over=201 + 2 * i, under=202 + 2 * i),
        )
        for i, (league, away, home, spread, total) in enumerate(
            (
                ("NHL", "Toronto Maple Leafs", "Montreal Canadiens", "1.5", "6.5"),
                ("NFL", "Dallas Cowboys", "New York Giants", "2.5", "41"),
            )
        )
    )
    store = Store(f"sqlite:///{db}")
    with store.transaction() as tx:
        card_rows.save(tx, Card(slug=SLUG, title="Sunday", games=games), "test card")
    store.dispose()


def test_a_typed_tied_nhl_final_is_refused_and_an_nfl_tie_is_stored(db_path: Path) -> None:
    a_card(db_path)
    r = cli(db_path, "result", "set", SLUG, "101", "3", "3")
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    said = " ".join(r.stderr.split())
    assert "Toronto Maple Leafs at Montreal Canadiens 3-3 (NHL: overtime and a shootout" in said, said
    assert "Accepted: the final with its winner" in said and "--cancelled" in said, said
    assert stored(db_path) == {}
    assert cli(db_path, "result", "set", SLUG, "101", "3", "4").exit_code == 0  # the shootout's goal counted
    r = cli(db_path, "result", "set", SLUG, "103", "17", "17")  # NFL regular season: a tie happens
    assert r.exit_code == 0, r.output
    assert stored(db_path) == {101: (3, 4), 103: (17, 17)}


def test_a_results_sheet_with_a_tied_nhl_final_stores_nothing(db_path: Path, tmp_path: Path) -> None:
    a_card(db_path)
    sheet = csv_file(
        tmp_path / "finals.csv", [["Number", "Away score", "Home score"], [101, 2, 2], [103, 20, 17]]
    )
    r = cli(db_path, "result", "import", SLUG, str(sheet))
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert "Toronto Maple Leafs at Montreal Canadiens 2-2" in " ".join(r.stderr.split()), r.stderr
    assert stored(db_path) == {}


def test_a_feed_giving_a_tied_nhl_final_stores_nothing(db_path: Path, tmp_path: Path) -> None:
    lines = FEEDS / "espn-nhl-2026-12-01-lines.json"
    r = cli(db_path, "lines", "fetch", "nhl", "--from-file", str(lines), "--card", "nhl-1201")
    assert r.exit_code == 0, r.output
    scores = json.loads((FEEDS / "espn-nhl-2026-12-01-scores.json").read_text())
    for team in scores["events"][0]["competitions"][0]["competitors"]:
        team["score"] = "3"  # Toronto at Montreal, 3-3
    fed = tmp_path / "scores.json"
    fed.write_text(json.dumps(scores))
    r = cli(db_path, "result", "fetch", "nhl-1201", "--from-file", str(fed))
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert "Toronto Maple Leafs at Montreal Canadiens 3-3" in " ".join(r.stderr.split()), r.stderr
    assert stored(db_path, "nhl-1201") == {}
