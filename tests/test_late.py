"""Late cards: accepted after the cutoff on purpose, never with a pick on a game already kicked off."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core import edits
from parlaycards.core.errors import RefusedError
from parlaycards.core.handed import EntrySheet
from parlaycards.services import entries as svc

from .conftest import ET, make_card
from .pool_support import change, enter, new_card, print_serials, with_rules, xlsx

runner = CliRunner()
CUTOFF = datetime(2026, 11, 22, 12, 0, tzinfo=ET)


@pytest.fixture
def pool(store):
    # games 101 and 103 kick off at 13:00; 105 at 16:25
    card = make_card()
    late_game = card.games[2].model_copy(update={"kickoff": datetime(2026, 11, 22, 16, 25, tzinfo=ET)})
    new_card(store, edits.rebuild(card, games=[card.games[0], card.games[1], late_game, *card.games[3:]]))
    change(store, "nfl-w12", with_rules(cutoff=CUTOFF))
    print_serials(store, "nfl-w12", 10)
    return store


def add(store, serial, picks, received, late=True):
    return enter(
        store, "nfl-w12", serial=serial, name="Dana", stake="5", picks=picks, received=received, late=late
    )


def test_a_late_card_with_a_pick_on_a_started_game_is_refused_naming_it(pool):
    with pytest.raises(RefusedError) as caught:
        add(pool, "1", "101,105,107", "2026-11-22 13:10")
    assert caught.value.problems == (
        "pick 101: Buffalo Bills at Houston Texans had kicked off (Sun Nov 22 13:00) when this late card was "
        "received (Sun Nov 22 13:10); a late card may only pick games not yet started",
        "pick 107: Green Bay Packers at Chicago Bears had kicked off (Sun Nov 22 13:00) when this late card was "
        "received (Sun Nov 22 13:10); a late card may only pick games not yet started",
    )
    assert svc.list_entries(pool, "nfl-w12").entries == ()


def test_a_late_card_on_games_not_started_is_accepted_and_flagged(pool):
    e = add(pool, "1", "105,201,203", "2026-11-22 12:40")
    assert e.late is True
    assert add(pool, "2", "105,109,111", "2026-11-22 12:59").late is True  # a minute before 13:00


def test_the_kickoff_is_the_card_as_it_stands_now(pool):
    change(
        pool, "nfl-w12", lambda c: edits.with_game(c, 105, kickoff=datetime(2026, 11, 22, 12, 30, tzinfo=ET))
    )
    with pytest.raises(
        RefusedError, match="pick 105: Kansas City Chiefs at Las Vegas Raiders had kicked off"
    ):
        add(pool, "1", "105,201,203", "2026-11-22 12:40")


def test_an_imported_late_row_on_a_started_game_is_refused(pool, tmp_path):
    path = xlsx(
        tmp_path / "e.xlsx",
        [
            ["Serial", "Name", "Stake", "Picks", "Received"],
            ["1", "A", "5", "105,201,203", "2026-11-22 12:10"],
            ["2", "B", "5", "101,103,105", "2026-11-22 13:30"],
        ],
    )
    done = svc.import_entries(pool, "nfl-w12", EntrySheet(path, late=True))
    assert [e.serial for e in done.stored] == ["000001"]
    assert [r.reasons[0].split(" off (")[0] for r in done.refused] == [
        "pick 101: Buffalo Bills at Houston Texans had kicked"
    ]


def test_cutoff_refusal_names_late_and_received(pool, db_path):
    pool.dispose()
    r = runner.invoke(
        app,
        [
            "--db",
            str(db_path),
            "entry",
            "add",
            "nfl-w12",
            "--serial",
            "1",
            "--stake",
            "5",
            "--picks",
            "105,201,203",
            "--received",
            "2026-11-22 12:10",
        ],
    )
    assert r.exit_code == 2
    assert (
        "after the cutoff Sun Nov 22 12:00 (to accept it on purpose, use --late; if it was handed in before "
        "the cutoff, say when with --received" in r.stderr
    )
    assert (CUTOFF + timedelta(minutes=10)).strftime("%H:%M") in r.stderr
