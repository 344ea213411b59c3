"""Issue 18 / issue 21 item 6: `result import` of a full slate stores the card's games and lists the
others as "not on this card"; it refuses only a row that names a team of the card but none of its games."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.services import results

from .pool_support import csv_file

runner = CliRunner()
HEAD = ["Away", "Away score", "Home", "Home score", "Status"]
CARD_ROWS = [
    ["Buffalo Bills", 20, "Houston Texans", 17, "Final"],
    ["Dallas Cowboys", 24, "New York Giants", 10, "Final"],
    ["Chiefs", 31, "Raiders", 13, "Final"],
]
OTHERS = [
    ["Seattle Seahawks", 27, "Los Angeles Rams", 24, "Final"],
    ["Denver Broncos", 9, "Tennessee Titans", 16, "Final OT"],
]


def test_a_full_slate_stores_the_cards_games_and_names_the_others(store, card_in_store, tmp_path: Path):
    path = csv_file(tmp_path / "slate.csv", [HEAD, *OTHERS[:1], *CARD_ROWS, *OTHERS[1:]])
    done = results.import_results(store, "nfl-w12", path)
    assert [c.game.key for c in done.changes] == [101, 103, 105]
    assert done.not_on_card == (
        "Seattle Seahawks at Los Angeles Rams (row 2)",
        "Denver Broncos at Tennessee Titans (row 6)",
    )


def test_a_row_naming_a_team_of_the_card_but_none_of_its_games_refuses_the_file(
    store, card_in_store, tmp_path
):
    path = csv_file(
        tmp_path / "slate.csv", [HEAD, *CARD_ROWS, ["Buffalo Bills", 3, "Denver Broncos", 7, "Final"]]
    )
    with pytest.raises(ParlayError, match=r'"Denver Broncos" is not a team on card nfl-w12') as caught:
        results.import_results(store, "nfl-w12", path)
    assert "no result was stored" in str(caught.value)
    assert results.list_results(store, "nfl-w12").games[0][1] is None


def test_the_cli_says_which_games_are_not_on_this_card(store, card_in_store, tmp_path, db_path):
    path = csv_file(tmp_path / "slate.csv", [HEAD, *CARD_ROWS, *OTHERS])
    store.dispose()
    r = runner.invoke(app, ["--db", str(db_path), "result", "import", "nfl-w12", str(path)])
    assert r.exit_code == 0, r.stderr
    assert "Stored 3 results from slate.csv." in r.stderr
    assert "2 games of the sheet are not on this card (left alone):" in r.stderr
    assert "  not on this card: Denver Broncos at Tennessee Titans (row 6)" in r.stderr


def test_a_slate_with_none_of_the_cards_games_stores_nothing(store, card_in_store, tmp_path):
    path = csv_file(tmp_path / "slate.csv", [HEAD, *OTHERS])
    with pytest.raises(
        ParlayError,
        match=r"no final or cancelled game of card nfl-w12 in the sheet; 2 games not on this card",
    ):
        results.import_results(store, "nfl-w12", path)
