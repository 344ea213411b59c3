"""Past-posting (DOMAIN.md §4.6): no pick on a game that had started when it was received is ever accepted, on a
parlay card or in a pick'em pool, on time or late, with a cutoff or none; each early game locks at its own kickoff."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core import edits
from parlaycards.core.errors import RefusedError
from parlaycards.core.handed import EntrySheet
from parlaycards.core.prizes import parse_prizes
from parlaycards.services import entries as svc
from parlaycards.services import grading, results
from parlaycards.services import pickem as pk

from .conftest import ET, make_card
from .pool_support import enter, new_card, pool_made_earlier, print_serials, xlsx

runner = CliRunner()
THURSDAY = datetime(2026, 11, 19, 20, 15, tzinfo=ET)  # 101 Buffalo at 102 Houston
FRIDAY = date(2026, 11, 20)  # 103 Dallas at 104 NY Giants: a day, no time
SUNDAY_CUTOFF = datetime(2026, 11, 22, 12, 0, tzinfo=ET)  # the others kick off Sunday 13:00
SUNDAY_GAMES = "105,107,109"


def _week(cutoff: datetime | None = None):
    card = make_card()
    games = list(card.games)
    games[0] = games[0].model_copy(update={"kickoff": THURSDAY})
    games[1] = games[1].model_copy(update={"kickoff": FRIDAY})
    return edits.set_rules(edits.rebuild(card, games=games), cutoff=cutoff)


@pytest.fixture
def no_cutoff(store):
    new_card(store, _week())
    print_serials(store, "nfl-w12", 10)
    return store


@pytest.fixture
def due_sunday(store):
    new_card(store, _week(SUNDAY_CUTOFF))
    print_serials(store, "nfl-w12", 10)
    return store


def add(store, picks, received, serial="1", **kw):
    return enter(store, "nfl-w12", serial=serial, picks=picks, received=received, **kw)


def _entered(store) -> list[tuple[str, tuple[int, ...]]]:
    return [(e.serial, e.picks) for e in svc.list_entries(store, "nfl-w12").entries]


def test_a_card_with_no_cutoff_received_after_every_final_is_refused(no_cutoff):
    for number, away, home in ((101, 10, 30), (103, 24, 3), (105, 20, 17)):
        results.set_result(no_cutoff, "nfl-w12", number, away, home)
    with pytest.raises(RefusedError) as caught:
        add(no_cutoff, "102,103,105", "2026-11-23 10:00")
    rule = (
        "a pick must be in before its game starts (if the card was handed in earlier, say when with "
        "--received, or in a Received column of a sheet)"
    )
    assert caught.value.problems == (
        "pick 102: Buffalo Bills at Houston Texans had kicked off (Thu Nov 19 20:15) when this card was "
        f"received (Mon Nov 23 10:00); {rule}",
        "pick 103: Dallas Cowboys at New York Giants was played on Fri Nov 20, before this card was received "
        f"(Mon Nov 23 10:00); {rule}",
        "pick 105: Kansas City Chiefs at Las Vegas Raiders had kicked off (Sun Nov 22 13:00) when this card "
        f"was received (Mon Nov 23 10:00); {rule}",
    )
    assert _entered(no_cutoff) == []
    assert grading.grade(no_cutoff, "nfl-w12").rows == ()


def test_the_same_card_handed_in_before_the_first_kickoff_is_accepted(no_cutoff):
    assert add(no_cutoff, "102,103,105", "2026-11-19 19:00").picks == (102, 103, 105)


def test_a_thursday_game_on_a_card_due_sunday_locks_at_its_own_kickoff(due_sunday):
    with pytest.raises(RefusedError) as caught:
        add(due_sunday, "101," + SUNDAY_GAMES, "2026-11-21 18:00")  # Saturday: before the cutoff
    assert [p.split(";")[0] for p in caught.value.problems] == [
        "pick 101: Buffalo Bills at Houston Texans had kicked off (Thu Nov 19 20:15) when this card was "
        "received (Sat Nov 21 18:00)"
    ]
    assert _entered(due_sunday) == []
    assert add(due_sunday, SUNDAY_GAMES, "2026-11-21 18:00").late is False  # the Sunday games are still open
    assert add(due_sunday, "101,105,107", "2026-11-19 20:14", serial="2").picks == (101, 105, 107)


def test_a_kickoff_with_a_day_and_no_time_locks_from_the_day_after(due_sunday):
    assert add(due_sunday, "103,105,107", "2026-11-20 23:59").picks == (103, 105, 107)
    with pytest.raises(
        RefusedError, match=r"pick 104: Dallas Cowboys at New York Giants was played on Fri Nov 20"
    ):
        add(due_sunday, "104,105,107", "2026-11-21 00:01", serial="2")


def test_a_replaced_entry_is_checked_again_and_the_first_one_stays(due_sunday):
    add(due_sunday, "101,105,107", "2026-11-19 12:00")
    with pytest.raises(RefusedError, match="pick 102: Buffalo Bills at Houston Texans had kicked off"):
        add(due_sunday, "102,105,107", "2026-11-20 09:00", replace=True)
    assert _entered(due_sunday) == [("000001", (101, 105, 107))]


def test_a_late_card_after_every_final_is_refused_naming_each_game(due_sunday):
    with pytest.raises(RefusedError) as caught:
        add(due_sunday, "102,103,105", "2026-11-23 10:00", late=True)
    assert [p.split(" (")[0] for p in caught.value.problems] == [
        "pick 102: Buffalo Bills at Houston Texans had kicked off",
        "pick 103: Dallas Cowboys at New York Giants was played on Fri Nov 20, before this late card was received",
        "pick 105: Kansas City Chiefs at Las Vegas Raiders had kicked off",
    ]
    assert all(p.endswith("a late card may only pick games not yet started") for p in caught.value.problems)


def test_an_imported_row_is_checked_at_its_received_time_or_now(due_sunday, tmp_path):
    path = xlsx(
        tmp_path / "e.xlsx",
        [
            ["Serial", "Name", "Stake", "Picks", "Received"],
            ["1", "A", "5", "101,105,107", "2026-11-19 18:00"],
            ["2", "B", "5", "101,105,107", "2026-11-21 18:00"],
            ["3", "C", "5", SUNDAY_GAMES, "2026-11-21 18:00"],
            ["4", "D", "5", SUNDAY_GAMES, None],
        ],
    )
    done = svc.import_entries(due_sunday, "nfl-w12", EntrySheet(path))
    assert [e.serial for e in done.stored] == ["000001", "000003"]
    reasons = {r.where.split("row ")[-1]: " ".join(r.reasons) for r in done.refused}
    assert "pick 101: Buffalo Bills at Houston Texans had kicked off (Thu Nov 19 20:15)" in reasons["3"]
    assert (
        "pick 105: Kansas City Chiefs at Las Vegas Raiders had kicked off" in reasons["5"]
    )  # no Received: now


def test_cli_refuses_the_card_received_after_the_finals_with_the_way_to_give_the_real_time(
    no_cutoff, db_path
):
    results.set_result(no_cutoff, "nfl-w12", 101, 10, 30)
    no_cutoff.dispose()
    args = ["--db", str(db_path), "entry", "add", "nfl-w12", "--serial", "000001", "--stake", "100"]
    r = runner.invoke(app, [*args, "--picks", "102,105,107", "--received", "2026-11-23 10:00"])
    assert r.exit_code == 2
    assert r.stderr.startswith(
        "Error: card 000001 is refused, nothing was stored\n  - pick 102: Buffalo Bills at Houston Texans had "
        "kicked off (Thu Nov 19 20:15) when this card was received (Mon Nov 23 10:00); a pick must be in "
        "before its game starts (if the card was handed in earlier, say when with --received, or in a "
        "Received column of a sheet)\n"
    )
    assert "Traceback" not in r.stderr
    ok = runner.invoke(app, [*args, "--picks", "102,105,107", "--received", "2026-11-19 20:00"])
    assert ok.exit_code == 0, ok.stderr


# --- pick'em -------------------------------------------------------------------------------------------------


@pytest.fixture
def pool(due_sunday):
    pk.create_pool(due_sunday, "office-w12", card="nfl-w12", fee=Decimal(10), prizes=parse_prizes("100%"))
    pool_made_earlier(due_sunday, "office-w12")
    return due_sunday


def _pool_entries(store) -> list[tuple[str, int]]:
    return [(e.name, len(e.picks)) for e in pk.entries(store, "office-w12").entries]


def test_a_late_pickem_entry_after_every_final_is_refused_and_wins_nothing(pool):
    for number, away, home in ((101, 10, 30), (103, 24, 3), (105, 20, 17)):
        results.set_result(pool, "nfl-w12", number, away, home)
    after = datetime(2026, 11, 23, 10, 0)
    with pytest.raises(RefusedError) as caught:
        pk.add_entry(pool, "office-w12", name="Cheat", picks=(102, 103, 105), late=True, received_at=after)
    assert str(caught.value).startswith(
        "3 picks on games already started; nothing was stored. A pick'em pick must be in before its game "
        "starts (with --late only the games not yet started may be picked)"
    )
    assert caught.value.problems == (
        "pick 102: Buffalo Bills at Houston Texans had kicked off (Thu Nov 19 20:15) when this entry was "
        "received (Mon Nov 23 10:00)",
        "pick 103: Dallas Cowboys at New York Giants was played on Fri Nov 20, before this entry was received "
        "(Mon Nov 23 10:00)",
        "pick 105: Kansas City Chiefs at Las Vegas Raiders had kicked off (Sun Nov 22 13:00) when this entry "
        "was received (Mon Nov 23 10:00)",
    )
    assert _pool_entries(pool) == []
    assert pk.grade(pool, "office-w12").standings == ()


def test_a_late_pickem_entry_keeps_only_games_not_yet_started(pool):
    late = datetime(2026, 11, 22, 12, 30)  # after the cutoff, before the Sunday kickoffs
    with pytest.raises(RefusedError):
        pk.add_entry(pool, "office-w12", name="Lu", picks=(101, 105, 107), late=True, received_at=late)
    added = pk.add_entry(
        pool, "office-w12", name="Lu", picks=(105, 107, 109, 111), late=True, received_at=late
    )
    assert [g.label() for g in added.missing] == [
        "Buffalo Bills at Houston Texans",
        "Dallas Cowboys at New York Giants",
    ]  # the games already started score 0, as a game left out does


def test_a_pickem_entry_on_time_still_locks_the_thursday_game(pool):
    saturday = datetime(2026, 11, 21, 18, 0)  # before the Sunday cutoff
    with pytest.raises(RefusedError, match=r"if the picks were handed in earlier, say when with --received"):
        pk.add_entry(pool, "office-w12", name="Ann", picks=(101, 103, 105), received_at=saturday)
    assert _pool_entries(pool) == []
    thursday = datetime(2026, 11, 19, 9, 0)
    assert pk.add_entry(pool, "office-w12", name="Ann", picks=(101, 103, 105), received_at=thursday).missing
    assert _pool_entries(pool) == [("Ann", 3)]


def test_a_pickem_sheet_refuses_the_rows_picking_started_games(pool, tmp_path):
    path = xlsx(
        tmp_path / "picks.xlsx",
        [["Name", "Picks", "Tiebreaker"], ["Ann", "102,103,105,107", 40], ["Bob", "105,108,110", 41]],
    )
    done = pk.import_entries(pool, "office-w12", EntrySheet(path, received=datetime(2026, 11, 21, 9, 0)))
    assert done.stored == ["Bob"]
    assert len(done.refused) == 1
    assert done.refused[0].endswith(
        "(Ann): picks on games already started when the sheet was received (Sat Nov 21 09:00): 102 (Buffalo "
        "Bills at Houston Texans, Thu Nov 19 20:15), 103 (Dallas Cowboys at New York Giants, Fri Nov 20); a pick "
        "must be in before its game starts (if the sheet was handed in earlier, import it with ⟨received⟩)"
    )
    done = pk.import_entries(pool, "office-w12", EntrySheet(path, received=datetime(2026, 11, 19, 9, 0)))
    assert (done.stored, done.unchanged, done.refused) == (["Ann"], ["Bob"], [])  # handed in Thursday morning


def test_cli_pickem_late_entry_after_the_finals_is_refused_and_received_says_when(pool, db_path):
    results.set_result(pool, "nfl-w12", 101, 10, 30)
    pool.dispose()
    args = [
        "--db",
        str(db_path),
        "pickem",
        "entry",
        "add",
        "office-w12",
        "--name",
        "Cheat",
        "--tiebreak",
        "37",
    ]
    r = runner.invoke(app, [*args, "--picks", "102,105", "--late"])
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: 2 picks on games already started; nothing was stored.")
    assert "  - pick 102: Buffalo Bills at Houston Texans had kicked off (Thu Nov 19 20:15)" in r.stderr
    assert "Traceback" not in r.stderr
    ok = runner.invoke(app, [*args, "--picks", "102,105", "--received", "2026-11-19 20:00"])
    assert ok.exit_code == 0, ok.stderr
    assert ok.stderr.startswith("Stored Cheat's entry in office-w12: 2 picks, tiebreaker 37.")


def test_a_scanned_card_received_after_kickoff_waits_in_review_until_its_real_time_is_given(store, tmp_path):
    from PIL import Image

    from parlaycards.core.models import Rules
    from parlaycards.services import scan

    from .print_support import nfl_card
    from .scan_support import printed, sheet

    p = printed(store, nfl_card(16).model_copy(update={"rules": Rules()}), "letter-2up", 2, tmp_path)
    pdf = tmp_path / "s.pdf"
    Image.fromarray(sheet(p, 0, {0: ((101, 104, 117), "5")})).convert("RGB").save(pdf, resolution=200)
    sunday_afternoon = datetime(2026, 11, 22, 14, 0)  # the 13:00 games had kicked off
    report = scan.scan_cards(
        store, "nfl-w12", [pdf], stake=Decimal(5), received=sunday_afternoon, folder=tmp_path
    )
    first = next(c for c in report.cards if c.serial == "000001")
    assert first.status == "review"
    assert any(r.startswith("pick 101: ") and "had kicked off (Sun Nov 22 13:00)" in r for r in first.reasons)
    assert _entered(store) == []
    with pytest.raises(RefusedError, match="pick 101: "):
        scan.accept(store, "nfl-w12", "000001")  # as scanned: still after the kickoff
    entry = scan.accept(store, "nfl-w12", "000001", received=datetime(2026, 11, 22, 11, 0))
    assert entry.picks == (101, 104, 117)


def test_a_kickoff_with_no_zone_locks_on_the_cards_clock():
    from parlaycards.core.settle import kicked_off

    card = _week()
    game = card.games[0].model_copy(update={"kickoff": datetime(2026, 11, 19, 20, 15)})  # no zone: Eastern
    assert (
        kicked_off(game, datetime(2026, 11, 20, 1, 14, tzinfo=ZoneInfo("UTC")), card) is None
    )  # 20:14 Eastern
    assert kicked_off(game, datetime(2026, 11, 19, 20, 15, tzinfo=ET), card) == "Thu Nov 19 20:15"


def test_a_received_time_still_to_come_is_refused_as_such(store):
    """`--received "2027-01-01 10:00"` on 24 Nov: not "had kicked off", but a time that has not come yet."""
    from datetime import UTC, timedelta

    soon = datetime.now(UTC) + timedelta(days=5)  # the card's games next week, whenever this runs
    card = make_card()
    new_card(
        store,
        card.model_copy(update={"games": tuple(g.model_copy(update={"kickoff": soon}) for g in card.games)}),
    )
    print_serials(store, "nfl-w12", 2)
    ahead = (datetime.now(UTC) + timedelta(days=2)).astimezone(ZoneInfo("America/New_York"))
    with pytest.raises(RefusedError) as got:
        enter(store, "nfl-w12", serial="1", received=ahead.strftime("%Y-%m-%d %H:%M"))
    assert any("which is still to come" in p for p in got.value.problems), got.value.problems
