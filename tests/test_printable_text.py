"""Text bound for a PDF that its font cannot print (an emoji, another alphabet) is refused where it is typed
or imported, the same way for the cards and the wall sheet: a player's name ("Ann 🍺" printed as "Ann ■" on
the wall's winners while cards refused it), a void's reason, a card's title and team names."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import RefusedError
from parlaycards.core.handed import EntrySheet
from parlaycards.core.printable import unprintable
from parlaycards.services import entries as svc
from parlaycards.store import Store

from .conftest import make_card
from .pool_support import BEFORE_KICKOFF, code, enter, new_card, print_serials, xlsx

runner = CliRunner()
SLUG = "nfl-w12"


@pytest.fixture
def printed(store: Store) -> Store:
    new_card(store, make_card())
    print_serials(store, SLUG, 4)
    return store


def cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def test_only_what_the_font_holds_is_printable() -> None:
    assert unprintable("José Müller – “Rocky” O’Neil €5") == ""
    assert unprintable("Ann 🍺🍺 Ωmega") == "🍺Ω"


def test_a_typed_name_with_an_emoji_is_refused_and_an_accented_one_is_taken(printed: Store, db_path: Path):
    with pytest.raises(RefusedError) as got:
        enter(printed, SLUG, serial="1", name="Ann 🍺")
    said = " ".join(got.value.problems)
    assert 'the name "Ann 🍺" has 🍺, which the printed sheets cannot show' in said, said
    assert "Write it in Latin letters (accents are fine)" in said
    assert svc.list_entries(printed, SLUG).entries == ()
    enter(printed, SLUG, serial="1", name="José Müller")
    printed.dispose()
    wall = db_path.parent / "wall.pdf"
    assert cli(db_path, "grade", SLUG, "--pdf", str(wall)).exit_code == 0
    assert "José Müller" in "\n".join(p.extract_text() or "" for p in PdfReader(wall).pages)


def test_an_imported_row_with_an_emoji_name_is_refused_at_its_row(printed: Store, tmp_path: Path):
    sheet = xlsx(
        tmp_path / "in.xlsx",
        [
            ["Serial", "Code", "Name", "Stake", "Picks", "Received"],
            ["000002", code(printed, SLUG, 1, 2), "Bo 🏈", 5, "101,103,105", BEFORE_KICKOFF],
            ["000003", code(printed, SLUG, 1, 3), "Cy", 5, "101,103,105", BEFORE_KICKOFF],
        ],
    )
    done = svc.import_entries(printed, SLUG, EntrySheet(sheet))
    assert [e.serial for e in done.stored] == ["000003"]
    assert len(done.refused) == 1 and 'the name "Bo 🏈" has 🏈' in str(done.refused[0]), done.refused


def test_a_void_reason_and_a_cards_words_are_refused_at_input(printed: Store, db_path: Path):
    enter(printed, SLUG, serial="1")
    printed.dispose()
    r = cli(db_path, "entry", "void", SLUG, "1", "--reason", "typed twice 🤦")
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert 'the reason "typed twice 🤦" has 🤦' in " ".join(r.stderr.split()), r.stderr
    assert "VOID" not in cli(db_path, "entries", SLUG).stdout
    r = cli(db_path, "rules", "set", SLUG, "--title", "Week 12 🏈")
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    said = " ".join(r.stderr.split())
    assert "card nfl-w12 would hold text the printed cards and sheets cannot show" in said, said
    assert "title 'Week 12 🏈'" in said and "nothing was changed" in said, said
    r = cli(db_path, "game", "set", SLUG, "101", "--home", "Houston Texans 🤠")
    assert r.exit_code == 2 and "games 1 home 'Houston Texans 🤠'" in " ".join(r.stderr.split()), r.stderr
    assert cli(db_path, "show", SLUG, "--json").stdout.count('"version": 1') == 1  # no new version


def test_a_sheet_named_in_another_alphabet_imports_and_prints(db_path: Path, tmp_path: Path):
    """Only what is printed is checked: a version's note (it names the file imported) is never printed."""
    import shutil

    sheet = tmp_path / "Неделя 12.csv"
    shutil.copy(Path(__file__).parents[1] / "sample_lines" / "nfl-week-12.csv", sheet)
    r = cli(db_path, "import", str(sheet), "--card", "w12")  # the title would be the file's name
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2 and "title 'Неделя 12'" in said and "--title for the title" in said, said
    r = cli(db_path, "import", str(sheet), "--card", "w12", "--title", "Week 12")
    assert r.exit_code == 0, r.output
    r = cli(db_path, "print", "w12", "--copies", "2", "--out", str(tmp_path / "w12.pdf"))
    assert r.exit_code == 0, r.output
