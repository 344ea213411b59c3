"""Issue 18 item 4: a time typed without a year belongs to the card's week, not to today's year; a
message comparing two dates of different years shows both years. Item 7: `entry import`'s cutoff
refusal names what `entry import` takes."""

from __future__ import annotations

from datetime import datetime

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core import edits
from parlaycards.core.errors import RefusedError
from parlaycards.services import edits as edit_svc
from parlaycards.services import entries as svc
from parlaycards.store import Store

from .conftest import ET, make_card
from .pool_support import change, enter, new_card, print_serials, with_rules, xlsx

runner = CliRunner()
CUTOFF = datetime(2023, 10, 5, 20, 0, tzinfo=ET)  # Thursday night, week 5 of 2023


@pytest.fixture
def pool(store):
    card = make_card()
    games = [g.model_copy(update={"kickoff": datetime(2023, 10, 8, 13, 0, tzinfo=ET)}) for g in card.games]
    new_card(store, edits.rebuild(card, games=games))
    change(store, "nfl-w12", with_rules(cutoff=CUTOFF))
    print_serials(store, "nfl-w12", 5)
    return store


def test_a_received_time_without_a_year_is_in_the_cards_week(pool):
    e = enter(pool, "nfl-w12", serial="1", picks="101,103,105", received="10/5 7pm")
    assert e.received_at == datetime(2023, 10, 5, 19, 0, tzinfo=ET)
    assert e.late is False


def test_the_cli_takes_a_year_less_received_time_on_an_old_card(pool, db_path):
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
            "2",
            "--stake",
            "5",
            "--picks",
            "101,103,105",
            "--received",
            "10/5 7pm",
        ],
    )
    assert r.exit_code == 0, r.stderr
    s = Store(f"sqlite:///{db_path}")
    [e] = svc.list_entries(s, "nfl-w12").entries
    s.dispose()
    assert e.received_at.astimezone(ET) == datetime(2023, 10, 5, 19, 0, tzinfo=ET)


def test_a_cutoff_and_a_kickoff_without_a_year_are_in_the_cards_week(pool):
    from parlaycards.cli import values

    edit_svc.set_rules(pool, "nfl-w12", edit_svc.RuleFields(cutoff=values.moment("10/5 8:30pm", "cutoff")))
    edit_svc.set_game(
        pool, "nfl-w12", 101, edit_svc.GameFields(kickoff=values.moment("10/8 4:25pm", "kickoff"))
    )
    with pool.reading() as tx:
        from parlaycards.store import cards as card_rows

        card = card_rows.latest(tx, "nfl-w12")
    assert card.rules.cutoff == datetime(2023, 10, 5, 20, 30, tzinfo=ET)
    assert card.games[0].kickoff == datetime(2023, 10, 8, 16, 25, tzinfo=ET)


def test_dates_of_different_years_in_one_refusal_show_their_years(pool):
    with pytest.raises(RefusedError) as caught:
        enter(pool, "nfl-w12", serial="3", picks="101,103,105", received="2024-01-05 19:00")
    assert "received Fri Jan 05 2024 19:00 after the cutoff Thu Oct 05 2023 20:00" in caught.value.problems[0]


def test_entry_import_cutoff_refusal_names_what_entry_import_takes(pool, tmp_path, db_path):
    path = xlsx(
        tmp_path / "e.xlsx",
        [
            ["Serial", "Name", "Stake", "Picks", "Received"],
            ["4", "A", "5", "101,103,105", "2023-10-05 21:00"],
        ],
    )
    pool.dispose()
    r = runner.invoke(app, ["--db", str(db_path), "entry", "import", "nfl-w12", str(path)])
    assert r.exit_code != 0
    assert (
        "import with --late; if it was handed in before the cutoff, say when in a Received column" in r.stderr
    )
    assert "--received" not in r.stderr


@pytest.mark.parametrize(
    ("command", "advice"),
    [
        (["entry", "import", "nfl-w12"], "Filled cards are read with `parlaycards scan SLUG FILE.pdf`"),
        (["result", "import", "nfl-w12"], "`parlaycards result fetch SLUG`"),
        (["import", "--card", "nfl-w12"], "the blank template (parlaycards export --blank)"),
    ],
)
def test_a_pdf_given_to_an_import_gets_the_advice_of_that_command(pool, tmp_path, db_path, command, advice):
    pdf = tmp_path / "lines.pdf"
    pdf.write_bytes(b"%PDF-1.4\n%%EOF\n")
    pool.dispose()
    args = [command[0], str(pdf), *command[1:]] if command[0] == "import" else [*command, str(pdf)]
    r = runner.invoke(app, ["--db", str(db_path), *args])
    assert r.exit_code == 2
    assert "lines.pdf is a PDF, not a spreadsheet." in r.stderr and advice in r.stderr
    if command[0] != "import":
        assert "blank template" not in r.stderr
