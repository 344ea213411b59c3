"""A kickoff moved earlier after cards were handed in: refused, naming each card that picked the game after
its new start (never a pick made after the game started graded as a win)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.store import Store
from parlaycards.store import cards as card_rows

from .pool_support import code, enter, new_card, pool_made_earlier, print_serials

runner = CliRunner()
SLUG = "nfl-w12"  # every game kicks off Sun Nov 22 1:00 PM ET


def test_a_kickoff_moved_before_a_card_that_picked_the_game_is_refused(store: Store, db_path: Path):
    new_card(store)
    print_serials(store, SLUG, 4)
    enter(store, SLUG, serial="1", name="Ann", picks="101,103,105", received="2026-11-22 12:50")
    enter(store, SLUG, serial="2", name="Bo", picks="101,105,107", received="2026-11-22 12:50")
    enter(store, SLUG, serial="3", name="Cy", picks="102,104,106")  # Thursday
    r = runner.invoke(
        app, ["--db", str(db_path), "game", "set", SLUG, "103", "--kickoff", "2026-11-22 12:30"]
    )
    said = " ".join(r.output.split())
    assert r.exit_code != 0, r.output
    assert "card 000001 (Ann) picked 103, received Sun Nov 22 12:50" in said, said
    assert "000002" not in said and "000003" not in said and "nothing was changed" in said
    with store.reading() as tx:
        assert card_rows.latest(tx, SLUG).version == 1
    later = runner.invoke(
        app, ["--db", str(db_path), "game", "set", SLUG, "103", "--kickoff", "2026-11-22 13:30"]
    )
    assert later.exit_code == 0, later.output
    for when, ok in (("2026-11-22 12:55", True), ("2026-11-22 12:45", False)):  # Bo's 12:50 pick on 107
        moved = runner.invoke(app, ["--db", str(db_path), "game", "set", SLUG, "107", "--kickoff", when])
        assert (moved.exit_code == 0) is ok and (("000002" in moved.output) is not ok), moved.output


def test_a_kickoff_moved_before_a_pickem_entry_that_picked_the_game_is_refused(store: Store, db_path: Path):
    from datetime import datetime
    from decimal import Decimal

    from parlaycards.core.prizes import parse_prizes
    from parlaycards.services import pickem

    new_card(store)
    pickem.create_pool(store, "office-w12", card=SLUG, fee=Decimal(10), prizes=parse_prizes("100%"))
    pool_made_earlier(store, "office-w12")
    pickem.add_entry(
        store,
        "office-w12",
        name="Di",
        picks=(101, 103),
        tiebreak=40,
        received_at=datetime(2026, 11, 22, 12, 50),
    )
    r = runner.invoke(
        app, ["--db", str(db_path), "game", "set", SLUG, "103", "--kickoff", "2026-11-22 12:30"]
    )
    assert r.exit_code != 0 and "pick'em office-w12: Di picked game" in " ".join(r.output.split()), r.output


LATE = """Date,Time,Away,Home,Home Line,Total
11/22/2026,4:25 PM,Chicago Bears,Green Bay Packers,-3.5,44.5
11/22/2026,{kickoff},New York Giants,Detroit Lions,-9.5,48.5
11/22/2026,4:25 PM,Tennessee Titans,Indianapolis Colts,-6.5,42.5
"""


def test_lines_imported_again_that_move_a_kickoff_before_a_card_that_picked_the_game_are_refused(
    store: Store, db_path: Path, tmp_path: Path
):
    sheet = tmp_path / "week.csv"
    sheet.write_text(LATE.format(kickoff="4:25 PM"))
    cli = ["--db", str(db_path)]
    assert runner.invoke(app, [*cli, "import", str(sheet), "--card", "w12"]).exit_code == 0
    print_serials(store, "w12", 2)
    for serial, name, picks, at in (
        ("1", "Ann", "101,103,105", "14:00"),
        ("2", "Bo", "101,104,105", "12:00"),
    ):
        key = code(store, "w12", 1, int(serial))
        enter(store, "w12", serial=serial, name=name, picks=picks, received=f"2026-11-22 {at}", code=key)
    sheet.write_text(LATE.format(kickoff="1:00 PM"))  # the Giants game moved up, after Ann's card was in
    r = runner.invoke(app, [*cli, "import", str(sheet), "--card", "w12"])
    said = " ".join(r.output.split())
    assert r.exit_code == 2, r.output
    assert "card 000001 (Ann) picked 103, received Sun Nov 22 14:00" in said, said
    assert "000002" not in said and "nothing was changed" in said
    with store.reading() as tx:
        assert card_rows.latest(tx, "w12").version == 1
    sheet.write_text(LATE.format(kickoff="3:00 PM"))  # still after every card that picked it: stored
    assert runner.invoke(app, [*cli, "import", str(sheet), "--card", "w12"]).exit_code == 0
    with store.reading() as tx:
        assert card_rows.latest(tx, "w12").version == 2


def test_a_revert_that_moves_a_kickoff_back_before_a_card_that_picked_the_game_is_refused(
    store: Store, db_path: Path
):
    new_card(store)
    cli = ["--db", str(db_path)]
    for number in ("103", "105", "107"):  # versions 2-4: three games moved to the late slot
        later = runner.invoke(app, [*cli, "game", "set", SLUG, number, "--kickoff", "2026-11-22 16:25"])
        assert later.exit_code == 0, later.output
    print_serials(store, SLUG, 2)
    enter(store, SLUG, serial="1", name="Ann", picks="103,105,107", received="2026-11-22 12:50")
    enter(store, SLUG, serial="2", name="Bo", picks="104,106,108", received="2026-11-22 14:00")  # after 1 PM
    r = runner.invoke(app, [*cli, "card", "revert", SLUG, "--to", "1"])  # back to 1 PM: Bo's picks came after
    said = " ".join(r.output.split())
    assert r.exit_code == 2 and "card 000002 (Bo) picked 104, received Sun Nov 22 14:00" in said, said
    assert "000001" not in said
    with store.reading() as tx:
        assert card_rows.latest(tx, SLUG).version == 4
