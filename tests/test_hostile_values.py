"""Values a hostile or careless hand types: money in another script or Python's spellings, a spreadsheet
number too large to be a line, a parlay of hundreds of legs, and a database file of another program.
Each is refused in a sentence, and nothing is written."""

from __future__ import annotations

import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core import money
from parlaycards.core.lines import LineError, parse_spread, parse_total

from .pool_support import sample_pool

runner = CliRunner()


@pytest.mark.parametrize("text", ["1e3", "1E3", "1_000", "١٢", "５", "0x10", "12.5.0", "Infinity"])
def test_money_in_another_spelling_is_no_amount(text: str):
    with pytest.raises(ValueError, match="is not an amount"):
        money.parse(text)


def test_minus_zero_is_zero():
    assert str(money.parse("-0", zero=True)) == "0.00"


@given(st.integers(0, 10**9 * 100))
def test_plain_amounts_still_read(cents: int):
    amount = Decimal(cents) / 100
    assert money.parse(f"${amount:,.2f}", zero=True) == amount


@pytest.mark.parametrize("cell", [1e308, -1e308, float("inf"), float("nan"), 1e30, 5000])
def test_a_spreadsheet_number_too_large_for_a_line_is_refused(cell: float):
    with pytest.raises(LineError):
        parse_spread(cell)
    with pytest.raises(LineError):
        parse_total(cell)


def test_a_parlay_of_hundreds_of_legs_is_refused_in_a_sentence():
    r = runner.invoke(app, ["calc", "100", *["+10000"] * 30])
    assert r.exit_code == 2 and "a parlay takes at most 25 legs; 30 were given" in r.stderr, r.output
    r = runner.invoke(app, ["calc", "1000000000", *["+10000"] * 4])
    assert r.exit_code == 2 and "the most any amount may be" in r.stderr, r.output
    r = runner.invoke(app, ["calc", "100", "-110", "-110", "+150"])
    assert r.exit_code == 0 and "returns $911.16" in r.stdout


def test_a_database_of_another_program_is_never_written_into(tmp_path: Path):
    db = tmp_path / "other.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
    r = runner.invoke(app, ["--db", str(db), "cards"])
    assert r.exit_code == 2 and "is not a parlaycards pool: it holds other tables (contacts)" in r.stderr
    with sqlite3.connect(db) as conn:
        assert [n for (n,) in conn.execute("SELECT name FROM sqlite_master")] == ["contacts"]


SAMPLES = Path(__file__).resolve().parents[1] / "sample_lines"


def test_a_sheet_with_hidden_rows_is_refused_naming_them(tmp_path: Path):
    """Rows hidden in Excel hold values nobody sees on the screen: the import says so and stores nothing
    (they were read as if shown)."""
    from openpyxl import load_workbook

    book = load_workbook(SAMPLES / "nfl-week-12.xlsx")
    sheet = book.worksheets[0]
    sheet.row_dimensions[6].hidden = True
    sheet.row_dimensions[7].hidden = True
    lines = tmp_path / "lines.xlsx"
    book.save(lines)
    db = tmp_path / "pool.db"
    r = runner.invoke(app, ["--db", str(db), "import", str(lines), "--card", "hx"])
    assert r.exit_code == 2, r.output
    said = " ".join(r.stderr.split())
    assert f'lines.xlsx, sheet "{sheet.title}": rows 6, 7 are hidden and hold values' in said, said
    assert not db.exists() or "hx" not in runner.invoke(app, ["--db", str(db), "cards"]).output
    book.worksheets[0].row_dimensions[6].hidden = False
    book.worksheets[0].row_dimensions[7].hidden = False
    book.save(lines)
    assert runner.invoke(app, ["--db", str(db), "import", str(lines), "--card", "hx"]).exit_code == 0


@pytest.mark.parametrize("cut", ["11/22/2", "11/22/2026,1:00 P"])
def test_a_file_cut_off_after_a_date_says_the_last_row_was_not_read(tmp_path: Path, cut: str):
    """A CSV cut off in its last row (a download that stopped) keeps its whole games; the stump that reads
    as a date is named as not read, never passed over without a word."""
    whole = (SAMPLES / "nfl-week-12.csv").read_text().splitlines()
    lines = tmp_path / "cut.csv"
    lines.write_text("\n".join([*whole[:5], cut]) + "\n")
    r = runner.invoke(app, ["--db", str(tmp_path / "pool.db"), "import", str(lines), "--card", "hx"])
    said = " ".join(r.output.split())
    assert r.exit_code == 0 and "imported 4 games" in said, said
    assert "Not read: row 6:" in said and "no game follows it; it was not used" in said, said


@pytest.mark.parametrize("error", ["#N/A", "#REF!", "#NAME?"])
def test_a_cell_holding_an_excel_error_is_refused_naming_it(tmp_path: Path, error: str):
    """A formula that failed leaves Excel's error in its cell: never a team, a name or a number."""
    from openpyxl import load_workbook

    book = load_workbook(SAMPLES / "nfl-week-12.xlsx")
    sheet = book.worksheets[0]
    cell = next(
        c for row in sheet.iter_rows() for c in row if isinstance(c.value, str) and c.value == "Detroit"
    )
    cell.value = error
    assert cell.data_type == "e"
    lines = tmp_path / "lines.xlsx"
    book.save(lines)
    db = tmp_path / "pool.db"
    r = runner.invoke(app, ["--db", str(db), "import", str(lines), "--card", "hx"])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2 and f"cell {cell.coordinate}: holds Excel's error {error}" in said, r.output


@pytest.mark.parametrize("db", ["mysql://someone@host/pool", "notascheme://", "loop"])
def test_a_pool_address_that_cannot_be_opened_is_said_in_a_sentence(tmp_path: Path, db: str):
    if db == "loop":  # two links that lead to each other
        (tmp_path / "a.db").symlink_to(tmp_path / "b.db")
        (tmp_path / "b.db").symlink_to(tmp_path / "a.db")
        db = str(tmp_path / "a.db")
    r = runner.invoke(app, ["--db", db, "cards"])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2, r.output
    assert "is not a database parlaycards can open" in said or "leads round in a loop" in said, said


def test_a_review_correction_without_a_card_to_decide_is_refused(tmp_path: Path):
    """`review SLUG --picks …` with no --accept decided nothing: said so, rather than a list shown as if the
    picks were taken."""
    db = sample_pool(tmp_path)
    r = runner.invoke(app, ["--db", str(db), "review", "hx", "--picks", "101,103,105", "--stake", "5"])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2 and "--picks, --stake are part of a decision, and no card was decided" in said, (
        said
    )
    r = runner.invoke(app, ["--db", str(db), "review", "hx", "--name", "Ann"])
    assert r.exit_code == 2 and "Error: --name is part of a decision" in " ".join(r.stderr.split()), r.output
    assert runner.invoke(app, ["--db", str(db), "review", "hx"]).exit_code == 0


def test_an_empty_total_and_a_price_of_nothing_are_refused(tmp_path: Path):
    """`--total ""` (a script's empty variable) no longer takes a game's total off; `none` does. And 0/1
    pays nothing over the stake: no price, as 0 and 1 are not."""
    db = sample_pool(tmp_path)
    r = runner.invoke(app, ["--db", str(db), "game", "set", "hx", "101", "--total", ""])
    assert r.exit_code == 2 and 'the total "" is not a line' in " ".join(r.stderr.split()), r.output
    shown = runner.invoke(app, ["--db", str(db), "show", "hx"]).output
    assert "37½" in shown, shown
    r = runner.invoke(app, ["calc", "100", "0/1", "-110"])
    assert r.exit_code == 2 and '"0/1" is not a price' in r.stderr, r.output


def test_a_sheet_saved_as_unicode_text_is_read(tmp_path: Path):
    """Excel's "Unicode Text" is tab-separated UTF-16 with its byte-order mark: read as the CSV it is (it
    was refused as "not a text file")."""
    text = (SAMPLES / "nfl-week-12.csv").read_text().replace(",", "\t")
    lines = tmp_path / "week.csv"
    lines.write_bytes(text.encode("utf-16"))
    r = runner.invoke(app, ["--db", str(tmp_path / "pool.db"), "import", str(lines), "--card", "hx"])
    assert r.exit_code == 0 and "imported 16 games" in r.output, r.output


@pytest.mark.parametrize(
    "site", ["https://exa mple.org", "https://pool.example.org/a b", "https://x.org/\tpool"]
)
def test_a_web_address_with_a_space_is_refused(site: str):
    from parlaycards.core.errors import ParlayError
    from parlaycards.services.access import check_site

    with pytest.raises(ParlayError, match="is not a web address the cards can carry"):
        check_site(site)


def test_a_serial_counter_changed_by_hand_stops_a_print_in_a_sentence(tmp_path: Path):
    db = sample_pool(tmp_path)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = 'abc' WHERE key = 'next_serial'")
    r = runner.invoke(app, ["--db", str(db), "print", "hx", "--out", str(tmp_path / "cards.pdf")])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2 and "the pool's serial counter reads 'abc', not a number" in said, r.output
    assert not (tmp_path / "cards.pdf").exists()


OTHER_DIGITS = 'It is written in digits of another script: type it in the digits 0–9 ("12").'


def test_a_score_in_digits_of_another_script_is_refused_at_its_cell(tmp_path: Path):
    """Arabic-Indic "١٢" and full-width "１２" were stored as 12: a score is read in the digits 0–9 only,
    and nothing of the file is stored."""
    from openpyxl import load_workbook

    db = sample_pool(tmp_path)
    book = load_workbook(SAMPLES / "scores-nfl-w12.xlsx")
    book.worksheets[0]["B4"] = "١٢"
    book.worksheets[0]["D5"] = "１２"
    scores = tmp_path / "scores.xlsx"
    book.save(scores)
    r = runner.invoke(app, ["--db", str(db), "result", "import", "hx", str(scores)])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2 and "no result was stored" in said, r.output
    assert 'cell B4: the score "١٢" is not a whole number of points (0 or more)' in said, said
    assert OTHER_DIGITS in said and 'cell D5: the score "１２"' in said, said
    shown = " ".join(runner.invoke(app, ["--db", str(db), "results", "hx"]).output.split())
    assert "16 games without a result" in shown, shown


@pytest.mark.parametrize("typed", ["١٢", "１２", "1٢"])
def test_pickem_picks_and_tiebreaks_in_digits_of_another_script_are_refused(typed: str):
    from parlaycards.io.pickem import parse_numbers, parse_tiebreak
    from parlaycards.io.sheets import whole_of

    assert whole_of(typed) is None and whole_of("12") == 12
    numbers, problem = parse_numbers(f"101, {typed}")
    assert numbers == () and problem is not None and "is not a selection number" in problem, problem
    tiebreak, problem = parse_tiebreak(typed)
    assert tiebreak is None and problem is not None and "Accepted: a whole number such as 44" in problem
    assert OTHER_DIGITS in problem, problem


@pytest.mark.parametrize(
    "parse, text",
    [
        ("spread", "-3 (-１１０)"),
        ("spread", "٣ ½"),
        ("total", "o٤٤"),
        ("card_odds", "٦-١"),
        ("price", "٥"),
        ("web_score", "٢٤"),
        ("web_picks", "101,١٠٤"),
        ("serial", "٠٠٠١٢٣"),
        ("teaser", "٦"),
        ("prize", "٦٠%"),
    ],
)
def test_numbers_in_digits_of_another_script_are_refused_everywhere(parse: str, text: str):
    """Each reader of a typed number (lines, card odds, prices, the web forms' scores and picks, serials,
    teaser points) refuses digits of another script, saying what to type instead."""
    import typer

    from parlaycards.cli import values
    from parlaycards.core.errors import ParlayError
    from parlaycards.core.odds import parse_price
    from parlaycards.core.payout_table import Odds
    from parlaycards.core.prizes import Prize
    from parlaycards.web import forms

    readers = {
        "spread": parse_spread,
        "total": parse_total,
        "card_odds": Odds.parse,
        "price": parse_price,
        "web_score": lambda t: forms.whole(t, "score"),
        "web_picks": forms.picks,
        "serial": values.serial,
        "teaser": lambda t: values.number(t, "teaser", "Accepted: 6, 7.", Decimal(0)),
        "prize": Prize.parse,
    }
    with pytest.raises((ValueError, ParlayError, typer.BadParameter)) as refused:
        readers[parse](text)
    assert "written in digits of another script: type it in the digits 0–9" in str(refused.value)


def test_a_payout_tier_in_digits_of_another_script_is_refused(tmp_path: Path):
    db = sample_pool(tmp_path)
    r = runner.invoke(app, ["--db", str(db), "payout", "set", "hx", "3", "٦-١"])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2 and 'odds "٦-١" are not card odds. It is written in digits' in said, r.output
    r = runner.invoke(app, ["--db", str(db), "rules", "set", "hx", "--tier", "١١ 150-1"])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2 and '"١١ 150-1" is not a payout tier.' in said, r.output


@pytest.mark.parametrize(
    "competitors, said",
    [
        (
            [{"homeAway": "away", "team": None}, {"homeAway": "home", "team": {"displayName": "Cleveland"}}],
            "has no competitions[0].competitors[0].team (it is null)",
        ),
        ([5], "has the number 5 as its competitions[0].competitors[0], where an object belongs"),
        (
            [{"homeAway": "away", "team": {"displayName": "Pittsburgh"}}],
            'has no competitor with homeAway "home" in competitions[0].competitors',
        ),
    ],
)
def test_a_malformed_scoreboard_file_says_which_field_of_which_event(
    tmp_path: Path, competitors: list[object], said: str
):
    """A scoreboard saved by hand with a part missing or of another kind was refused as "event 1 lacks
    'NoneType' object has no attribute 'get'": now the event, the field and what a scoreboard holds."""
    import json

    db = sample_pool(tmp_path)
    event = {"competitions": [{"competitors": competitors, "status": {"type": {"name": "STATUS_FINAL"}}}]}
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"events": [event]}))
    r = runner.invoke(app, ["--db", str(db), "result", "fetch", "hx", "--from-file", str(board)])
    shown = " ".join(r.stderr.split())
    assert (
        r.exit_code == 2
        and f"board.json: event 1 of the ESPN scoreboard {said}; nothing was changed." in shown
    )
    assert "An ESPN scoreboard holds a list of events, each with competitions[0] holding its two" in shown
    assert "NoneType" not in shown and "lacks" not in shown, shown


def test_a_workbook_whose_lines_are_on_a_hidden_sheet_says_to_unhide_it(tmp_path: Path):
    """The sheet that shows is empty and the lines are on a hidden one: said as such, naming the sheet and
    how to unhide it (it said "every sheet is empty")."""
    from openpyxl import load_workbook

    book = load_workbook(SAMPLES / "nfl-week-12.xlsx")
    book.worksheets[0].sheet_state = "hidden"
    book.create_sheet("Sheet1")
    lines = tmp_path / "lines.xlsx"
    book.save(lines)
    db = tmp_path / "pool.db"
    r = runner.invoke(app, ["--db", str(db), "import", str(lines), "--card", "hx"])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2 and "every sheet is empty" not in said, said
    assert (
        'lines.xlsx has no lines on a sheet that shows: sheet "Week 12" is hidden and holds values, and hidden '
        "sheets are not imported without a word, so nothing was. Unhide it to import it (in Excel: right-click a "
        'sheet tab → Unhide), or name the sheet to read: --sheet "Week 12".'
    ) in said, said
    r = runner.invoke(app, ["--db", str(db), "import", str(lines), "--card", "hx", "--sheet", "Week 12"])
    assert r.exit_code == 0 and "imported 16 games" in r.output, r.output


def test_a_pickem_sheet_that_is_hidden_is_refused_as_other_imports_are(tmp_path: Path):
    from openpyxl import load_workbook

    from parlaycards.core.errors import ParlayError
    from parlaycards.io.pickem import read_entries
    from parlaycards.store import cards as card_rows
    from parlaycards.store.db import open_store

    db = sample_pool(tmp_path)
    with open_store(str(db)).reading() as tx:
        card = card_rows.latest(tx, "hx")
    book = load_workbook(SAMPLES / "pickem-nfl-w12.xlsx")
    book.worksheets[0].sheet_state = "hidden"
    book.create_sheet("Sheet1")
    sheet = tmp_path / "picks.xlsx"
    book.save(sheet)
    with pytest.raises(ParlayError, match=r'sheet "Picks" is hidden and holds pick\'em entries \(12 rows'):
        read_entries(sheet, card)


@pytest.mark.parametrize(
    "command, said",
    [
        (["import", "{dir}", "--card", "hx"], "give the lines file itself, a file inside it."),
        (["entry", "import", "hx", "{dir}"], "give the entries sheet itself, a file inside it."),
        (["result", "import", "hx", "{dir}"], "give the scores sheet itself, a file inside it."),
        (
            ["pickem", "entry", "import", "office", "{dir}"],
            "give the pick'em sheet itself, a file inside it.",
        ),
        (["scan", "hx", "{dir}"], "give the scans inside it"),
    ],
)
def test_a_folder_given_for_a_file_is_said_to_be_a_folder(tmp_path: Path, command: list[str], said: str):
    """A folder where a file belongs was "no such file" (scan) or "not a lines file" (every sheet)."""
    db = sample_pool(tmp_path)
    if command[0] == "pickem":
        made = runner.invoke(app, ["--db", str(db), "pickem", "new", "office", "--card", "hx", "--fee", "10"])
        assert made.exit_code == 0, made.output
    folder = tmp_path / "week"
    folder.mkdir()
    r = runner.invoke(app, ["--db", str(db), *[a.replace("{dir}", str(folder)) for a in command]])
    shown = " ".join(r.stderr.split())
    assert r.exit_code == 2 and f"{folder} is a folder, not a file: {said}" in shown, r.output
    assert "no such file" not in shown and "lines file" not in shown.replace("the lines file itself", "")


def test_a_folder_given_as_the_pool_is_said_to_be_a_folder(tmp_path: Path):
    r = runner.invoke(app, ["--db", str(tmp_path), "cards"])
    shown = " ".join(r.stderr.split())
    assert r.exit_code == 2, r.output
    assert (
        f"{tmp_path} is a folder, not a pool's database file. Pass --db with the pool's file inside it"
        in shown
    )


def test_a_damaged_jpeg_goes_to_review_saying_so_and_prints_nothing_of_the_decoder(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
):
    """libjpeg printed "Corrupt JPEG data: 9 extraneous bytes before marker 0xd9" to the terminal: now
    nothing of it is printed (the picture is whole: no doubt is raised for it). A picture cut short
    was read as if whole: its page goes to review saying the picture is damaged."""
    import cv2
    import numpy as np

    db = sample_pool(tmp_path)
    r = runner.invoke(
        app, ["--db", str(db), "print", "hx", "--copies", "2", "--out", str(tmp_path / "c.pdf")]
    )
    assert r.exit_code == 0, r.output
    img = np.full((400, 300), 255, np.uint8)
    cv2.putText(img, "card", (50, 200), cv2.FONT_HERSHEY_SIMPLEX, 2, 0, 3)
    data = cv2.imencode(".jpg", img)[1].tobytes()
    end = data.rfind(b"\xff\xd9")
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(data[:end] + b"\xaa" * 9 + data[end:])
    capfd.readouterr()
    r = runner.invoke(app, ["--db", str(db), "scan", "hx", str(photo), "--received", "2026-11-19 18:30"])
    assert "no card found on 1 page, kept in review" in r.output, r.output
    assert "Corrupt JPEG" not in capfd.readouterr().err
    r = runner.invoke(app, ["--db", str(db), "review", "hx", "--json"])
    assert "the picture is damaged" not in r.output, r.output
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(data[: len(data) // 2] + b"\xff\xd9")  # its data cut short: the rest decodes grey
    r = runner.invoke(app, ["--db", str(db), "scan", "hx", str(cut), "--received", "2026-11-19 18:30"])
    assert "no card found on 1 page, kept in review" in r.output, r.output
    assert "JPEG" not in capfd.readouterr().err
    r = runner.invoke(app, ["--db", str(db), "review", "hx", "--json"])
    assert "the picture is damaged (its JPEG data is corrupt or cut short" in r.output, r.output


def test_a_date_cell_past_excels_last_day_is_named_in_the_tools_words(tmp_path: Path):
    """openpyxl's UserWarning ("Cell D4 is marked as a date but the serial value 2958466 is outside the
    limits for dates") reached the terminal, and the cell was refused as holding Excel's error #VALUE!."""
    import warnings

    from openpyxl import load_workbook

    book = load_workbook(SAMPLES / "nfl-week-12.xlsx")
    book.worksheets[0]["D4"].value = 2958466
    book.worksheets[0]["D4"].number_format = "yyyy-mm-dd"
    lines = tmp_path / "lines.xlsx"
    book.save(lines)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = runner.invoke(app, ["--db", str(tmp_path / "pool.db"), "import", str(lines), "--card", "hx"])
    said = " ".join(r.stderr.split())
    assert (
        r.exit_code == 2
        and (
            'lines.xlsx, sheet "Week 12", cell D4: is formatted as a date, but its number 2958466 is past any '
            "date Excel shows (the cell shows ####). Type the date (e.g. 2026-11-22) or the number it should hold"
        )
        in said
    ), said
    assert [str(w.message) for w in caught if "openpyxl" in w.filename] == []


def test_a_password_asked_with_no_terminal_and_no_input_is_refused_in_a_sentence(tmp_path: Path):
    """Without a terminal, Python's getpass printed "GetPassWarning: Can not control echo on the terminal"
    and the command ended "Aborted!" (exit 1); two lines of input still set it."""
    import subprocess
    import sys

    db = sample_pool(tmp_path)
    call = "import sys; from parlaycards.cli.main import main; sys.argv[0] = 'parlaycards'; main()"
    args = [sys.executable, "-c", call, "--db", str(db), "pool", "set", "--password"]
    done = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    said = " ".join(done.stderr.split())
    assert done.returncode == 2 and "Warning" not in said and "Traceback" not in said, said
    assert said.startswith("Error: no password came: the input ended before the password was typed twice")
    done = subprocess.run(args, input="a long password\na long password\n", capture_output=True, text=True)
    assert done.returncode == 0 and "Warning" not in done.stderr, done.stderr
    assert "sign in to `serve` with a password" in done.stderr + done.stdout


LONG = "A" * 100_000


def test_a_player_name_longer_than_a_pickem_name_is_refused(tmp_path: Path):
    """`entry add` stored a 100,000-character name; now the cap is pick'em's 80, said the same way."""
    from parlaycards.core.pickem import PickemEntry
    from parlaycards.services.checks import _unprintable_name

    assert _unprintable_name("A" * 80) == []
    assert _unprintable_name(LONG) == [
        'the name "AAAAAAAAAAAAAAAAAAAAAAAA…" has 100,000 characters; give one of up to 80'
    ]
    with pytest.raises(ValueError, match='the name "A{24}…" has 81 characters; give one of up to 80'):
        PickemEntry(name="A" * 81)
    db = sample_pool(tmp_path)
    r = runner.invoke(
        app, ["--db", str(db), "print", "hx", "--copies", "1", "--out", str(tmp_path / "c.pdf")]
    )
    assert r.exit_code == 0, r.output
    typed = ["entry", "add", "hx", "--serial", "1", "--stake", "5", "--picks", "101,103,105", "--name", LONG]
    r = runner.invoke(app, ["--db", str(db), *typed, "--received", "2026-11-19 18:30"])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2 and "has 100,000 characters; give one of up to 80" in said, said[:400]
    assert "000001" not in runner.invoke(app, ["--db", str(db), "entries", "hx"]).output


def test_a_default_stake_above_the_largest_stake_is_refused_naming_both(tmp_path: Path):
    db = sample_pool(tmp_path)
    r = runner.invoke(app, ["--db", str(db), "pool", "set", "--default-stake", "5000"])
    said = " ".join(r.stderr.split())
    assert (
        r.exit_code == 2
        and (
            "the default stake $5,000.00 is more than the pool's largest stake, $1,000.00: every scanned card with "
            "no stake marked would be refused for it. Nothing was changed."
        )
        in said
    ), said
    assert runner.invoke(app, ["--db", str(db), "pool", "set", "--default-stake", "5"]).exit_code == 0
    r = runner.invoke(app, ["--db", str(db), "pool", "set", "--max-stake", "2"])
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2 and "the largest stake $2.00 is less than the pool's default stake, $5.00" in said
    r = runner.invoke(app, ["--db", str(db), "pool", "set", "--max-stake", "2000", "--default-stake", "1500"])
    assert r.exit_code == 0 and "Scanned cards with no stake marked: $1,500.00" in r.output + r.stderr


@pytest.mark.parametrize(
    "edit, said",
    [
        (["game", "set", "hx", "101", "--away", LONG], 'the away team\'s name "AAAAAAAAAAAAAAAAAAAAAAAA…"'),
        (
            ["game", "add", "hx", "--away", "Bob's Tavern", "--home", LONG, "--pick"],
            'the home team\'s name "AAAAAAAAAAAAAAAAAAAAAAAA…"',
        ),
        (["rules", "set", "hx", "--disclaimer", LONG], 'the disclaimer "AAAAAAAAAAAAAAAAAAAAAAAA…"'),
    ],
)
def test_a_team_name_or_disclaimer_too_long_to_print_is_refused(tmp_path: Path, edit: list[str], said: str):
    """A 100,000-character team name or disclaimer was stored, then no template could print the card (for
    "too many games"): refused where it is typed, with the length that prints."""
    db = sample_pool(tmp_path)
    r = runner.invoke(app, ["--db", str(db), *edit])
    shown = " ".join(r.stderr.split())
    most = 250 if "disclaimer" in said else 40
    assert r.exit_code == 2 and f"{said} has 100,000 characters; give one of up to {most}" in shown, shown[
        :400
    ]
    assert "version 2" not in runner.invoke(app, ["--db", str(db), "show", "hx"]).output


def test_a_team_name_too_long_to_print_is_refused_at_its_row(tmp_path: Path):
    lines = (SAMPLES / "nfl-week-12.csv").read_text().replace("Pittsburgh", "Pittsburgh " + "Steel " * 10, 1)
    sheet = tmp_path / "lines.csv"
    sheet.write_text(lines)
    r = runner.invoke(app, ["--db", str(tmp_path / "pool.db"), "import", str(sheet), "--card", "hx"])
    shown = " ".join(r.stderr.split())
    assert (
        r.exit_code == 2
        and "lines.csv, row 2: Pittsburgh Steel Steel S… at Cleveland: the away team" in shown
    )
    assert "has 70 characters; give one of up to 40." in shown, shown


def test_a_large_tiff_counted_for_its_pages_prints_no_pillow_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """A TIFF within the scanner's own size bound but over Pillow's (89 million pixels) printed Pillow's
    DecompressionBombWarning when its pages were counted. Pillow's bound is made small here."""
    import warnings

    from PIL import Image

    from parlaycards.io.scan_limits import _frames

    tiff = tmp_path / "scan.tif"
    Image.new("L", (15, 10), 255).save(tiff)
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 100)  # 150 pixels: over it, under twice it
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert _frames(tiff) == 1
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize(
    "event, said",
    [
        ({"home_team": "Cleveland Browns", "commence_time": "2026-11-20T01:15:00Z"}, 'has no "away_team"'),
        (5, "is the number 5, where an object belongs"),
        (
            {
                "home_team": "Cleveland Browns",
                "away_team": "Pittsburgh Steelers",
                "commence_time": "2026-11-20T01:15:00Z",
                "completed": True,
                "scores": [5],
            },
            "has the number 5 as its scores[0], where an object belongs",
        ),
    ],
)
def test_a_malformed_odds_api_file_says_which_field_of_which_event(tmp_path: Path, event: object, said: str):
    """The Odds API's answer was refused as "event 1 lacks 'int' object is not subscriptable"."""
    import json

    db = sample_pool(tmp_path)
    answer = tmp_path / "odds.json"
    answer.write_text(json.dumps([event]))
    r = runner.invoke(
        app, ["--db", str(db), "result", "fetch", "hx", "--from-file", str(answer), "--provider", "odds-api"]
    )
    shown = " ".join(r.stderr.split())
    assert (
        r.exit_code == 2
        and f"odds.json: event 1 of The Odds API's answer {said}; nothing was changed." in shown
    )
    assert "An event of The Odds API is an object with home_team, away_team and commence_time" in shown
    assert "subscriptable" not in shown and "lacks" not in shown, shown


def test_a_card_stored_with_a_team_name_longer_than_prints_still_loads_prints_and_names_it(tmp_path: Path):
    """A card stored before names were held to 40 characters stopped `game set` of any of its games and
    `print` as an internal error (ValidationError): it loads and prints as it did (the short names), takes
    its other edits, and an edit that brings a long name of its own is refused naming it."""
    from parlaycards.store import Store

    from .pool_support import change

    db = sample_pool(tmp_path)
    long = "The Pittsburgh Steelers of the Three Rivers Confluence, Pennsylvania"
    store = Store(f"sqlite:///{db}")
    change(
        store,
        "hx",
        lambda c: c.model_copy(
            update={"games": (c.games[0].model_copy(update={"away": long}),) + c.games[1:]}
        ),
    )
    store.dispose()
    assert long in runner.invoke(app, ["--db", str(db), "show", "hx"]).output
    r = runner.invoke(app, ["--db", str(db), "game", "set", "hx", "103", "--spread", "-4"])
    assert r.exit_code == 0, r.output  # its other edits are taken
    before = runner.invoke(app, ["--db", str(db), "show", "hx"]).output
    longer = "The Philadelphia Eagles of the Schuylkill and Delaware Rivers, Pennsylvania"
    r = runner.invoke(app, ["--db", str(db), "game", "set", "hx", "105", "--away", longer])
    shown = " ".join(r.stderr.split())
    assert r.exit_code == 2 and 'card hx: the away team\'s name "The Philadelphia Eagles …" has 75' in shown
    assert "Pittsburgh" not in shown and "Shorten a team's name with `game set`" in shown
    assert runner.invoke(app, ["--db", str(db), "show", "hx"]).output == before
    r = runner.invoke(
        app, ["--db", str(db), "print", "hx", "--copies", "1", "--out", str(tmp_path / "c.pdf")]
    )
    assert r.exit_code == 0 and (tmp_path / "c.pdf").exists(), r.output


def test_a_crops_folder_that_cannot_be_used_says_what_to_do_with_it(tmp_path: Path):
    """`scan` with the pool's crops folder taken by a file said "give a file name such as output/crops",
    and scan takes no such name: it says where the pictures are kept and what to make of it."""
    import cv2
    import numpy as np

    db = sample_pool(tmp_path)
    r = runner.invoke(
        app, ["--db", str(db), "print", "hx", "--copies", "2", "--out", str(tmp_path / "c.pdf")]
    )
    assert r.exit_code == 0, r.output
    (tmp_path / "pool-scans").write_text("not a folder")
    photo = tmp_path / "photo.png"
    cv2.imwrite(str(photo), np.full((50, 50), 255, np.uint8))
    r = runner.invoke(app, ["--db", str(db), "scan", "hx", str(photo), "--received", "2026-11-19 18:30"])
    shown = " ".join(r.stderr.split())
    assert r.exit_code == 2 and "the scanned cards' pictures are kept in" in shown, shown
    assert "such as output/crops" not in shown
