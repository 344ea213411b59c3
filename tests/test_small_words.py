"""Small words a new operator tripped on: plurals of one, the web's names for options, a blank team name,
a second `serve` on a port in use."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError, RefusedError
from parlaycards.services import results

from .conftest import make_card
from .pool_support import enter, new_card, print_serials

runner = CliRunner()


def test_one_pick_and_one_problem_are_said_in_the_singular(store, tmp_path: Path):
    new_card(store, make_card())
    print_serials(store, "nfl-w12", 2)
    with pytest.raises(RefusedError) as got:
        enter(store, "nfl-w12", serial="1", picks="101")
    assert "1 pick; this card needs at least 3" in got.value.problems
    sheet = tmp_path / "bad.csv"
    sheet.write_text("Number,Away score,Home score\n101,20,x\n")
    with pytest.raises(ParlayError, match="bad.csv: 1 problem; no result was stored. Fix it and import"):
        results.import_results(store, "nfl-w12", sheet)


def test_one_printed_card_is_said_as_one_serial(store, db_path: Path, tmp_path: Path):
    new_card(store, make_card())
    store.dispose()
    r = runner.invoke(
        app, ["--db", str(db_path), "print", "nfl-w12", "--copies", "1", "--out", str(tmp_path / "c.pdf")]
    )
    assert r.exit_code == 0, r.stderr
    assert "1 card of nfl-w12 v1, serial 000001, 1 page" in r.stderr
    r = runner.invoke(app, ["--db", str(db_path), "history", "nfl-w12"])
    assert "printed 1 card, serial 000001," in " ".join(r.stdout.split())


def test_the_web_names_an_option_as_its_page_does_and_as_the_command_line_does_in_a_command():
    from parlaycards.web.app import message
    from parlaycards.web.forms import whole

    said = message(
        ParlayError(
            "if the new score is right, run the command again with ⟨yes⟩; then "
            "`parlaycards entry pay nfl-w12 SERIAL ⟨returned⟩ AMOUNT` records money handed back"
        )
    )
    assert said == (
        "If the new score is right, send it again with the Yes box ticked; then "
        "`parlaycards entry pay nfl-w12 SERIAL --returned AMOUNT` records money handed back"
    )
    with pytest.raises(ParlayError, match='the away score "-5" is below 0: type 0 or more'):
        whole("-5", "away score")


def test_a_blank_team_name_is_said_in_words(store, db_path: Path):
    new_card(store, make_card())
    store.dispose()
    r = runner.invoke(app, ["--db", str(db_path), "game", "set", "nfl-w12", "101", "--away", ""])
    assert r.exit_code != 0 and "Traceback" not in r.output
    assert "away: a team name cannot be blank" in r.stderr
    assert "String should have" not in r.stderr


def test_serve_on_a_port_in_use_is_refused_before_any_link(capsys):
    from parlaycards.cli.serve import check_port

    with socket.socket() as held:
        held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        with pytest.raises(typer.Exit):
            check_port("127.0.0.1", port)
    assert f"cannot serve on 127.0.0.1 port {port}" in capsys.readouterr().err


def test_a_refusal_with_replace_given_does_not_advise_replace(store):
    """A serial entered on another card: `--replace` given does not replace it there, and the refusal
    does not advise the option already given."""
    new_card(store, make_card())
    new_card(store, make_card(slug="hockey"))
    print_serials(store, "hockey", 1)  # serial 000001 is a hockey card
    print_serials(store, "nfl-w12", 1)
    enter(store, "hockey", serial="1")
    with pytest.raises(RefusedError) as got:
        enter(store, "nfl-w12", serial="1", replace=True)
    said = " ".join(got.value.problems)
    assert "already entered on card hockey" in said
    assert "with --replace" not in said
    with pytest.raises(RefusedError) as got:
        enter(store, "nfl-w12", serial="1")
    assert "to correct an entry, enter it again with --replace" in got.value.problems
