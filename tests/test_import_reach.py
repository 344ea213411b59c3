"""Sheets a new operator brought in its first week, imported through the command line: a bookmaker's export
with two games to a row, team names the pool does not know, and a line that does not say whose it is."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook
from typer.testing import CliRunner

from parlaycards.cli.main import app

runner = CliRunner()
HEAD = ["Date", "Time", "Visitor", "Home", "Line", "Total"]


def xlsx(tmp_path: Path, rows: list[list[object]], name: str = "bookie.xlsx") -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "Page 1"
    for cells in rows:
        ws.append(cells)
    path = tmp_path / name
    wb.save(path)
    return path


def cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def test_a_sheet_with_two_games_to_a_row_is_refused_with_advice_that_keeps_every_game(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    rows: list[list[object]] = [
        ["WEEK 12 NFL LINES - SPORTSBOOK EXPORT"],
        [],
        [*HEAD, None, *HEAD],
        [
            "11/24",
            "11:05 AM",
            "BUF",
            "NYJ",
            "-3.5",
            "o/u 44.5",
            None,
            "11/24",
            "11:05 AM",
            "KC",
            "LV",
            "-7½",
            "o/u 41",
        ],
        [
            "11/24",
            "11:05 AM",
            "DAL",
            "NYG",
            "+3 1/2",
            "o/u 38.5",
            None,
            "11/24",
            "11:05 AM",
            "PHI",
            "WAS",
            "PK",
            47,
        ],
    ]
    r = cli(db, "import", str(xlsx(tmp_path, rows)), "--card", "w12")
    assert r.exit_code != 0 and "Traceback" not in r.output
    text = " ".join(r.output.split())
    assert "columns H to M repeat the headers of columns A to F" in text, text
    assert "two games to a row" in text and "below the first" in text
    assert "rename" not in text and not db.exists()
    renamed = [[*HEAD, None, *(f"Open {h}" for h in HEAD)], *rows[3:]]  # the old advice followed
    r = cli(db, "import", str(xlsx(tmp_path, renamed, "renamed.xlsx")), "--card", "w12")
    assert r.exit_code != 0 and "columns H to M repeat the headers of columns A to F" in " ".join(
        r.output.split()
    )
    assert not db.exists()


def test_a_line_written_without_a_sign_is_refused_with_the_choices(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    rows: list[list[object]] = [HEAD, ["11/24", "11:15 AM", "BUF", "NYJ", "3.5", "o/u 44.5"]]
    rows.append(["11/24", "11:15 AM", "DAL", "NYG", "+3 1/2", "o/u 38.5"])
    r = cli(db, "import", str(xlsx(tmp_path, rows)), "--card", "w12")
    text = " ".join(r.output.split())
    assert r.exit_code != 0 and "Traceback" not in r.output and not db.exists()
    assert 'cell E2: BUF at NYJ: the line "3.5" has no sign' in text, text
    assert "--map spread=E (with the other columns) --favourite-by sign" in text and "E3" not in text
    rows[2][4] = "3 1/2"  # no line of the column written with a plus: its bare lines are home's, as headed
    r = cli(db, "import", str(xlsx(tmp_path, rows, "bare.xlsx")), "--card", "w12", "--dry-run")
    assert r.exit_code == 0 and "at NYJ" in r.stdout and "+3½" in r.stdout, r.output
    rows[1][4], rows[2][4] = "-3.5", "+3 1/2"  # signed: home's line, as the header says
    r = cli(db, "import", str(xlsx(tmp_path, rows, "signed.xlsx")), "--card", "w12")
    assert r.exit_code == 0, r.output


def test_names_the_team_table_does_not_know_are_said_and_a_score_by_full_name_finds_them(
    tmp_path: Path,
) -> None:
    db = tmp_path / "pool.db"
    rows: list[list[object]] = [
        HEAD,
        ["11/24", "11:15 AM", "BUF", "NYJ", "-3.5", "o/u 44.5"],
        ["11/24", "11:15 AM", "Kansas City", "LV Raiders", "-7½", "o/u 41"],
        ["11/24", "11:15 AM", "Phil. Eagles", "WAS", "PK", "o/u 47"],
    ]
    r = cli(db, "import", str(xlsx(tmp_path, rows)), "--card", "w12")
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert '"LV Raiders" is not a name the NFL team table knows: taken as Las Vegas Raiders' in text, text
    assert '"Phil. Eagles" is not a name the NFL team table knows: taken as Philadelphia Eagles' in text
    assert '"BUF"' not in text
    scores = tmp_path / "scores.csv"
    scores.write_text(
        "Away,Away score,Home,Home score,Status\n"
        "Kansas City Chiefs,10,Las Vegas Raiders,17,Final\n"
        "Philadelphia Eagles,21,Washington Commanders,21,Final\n"
    )
    r = cli(db, "result", "import", "w12", str(scores))
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())
    assert "LV Raiders 17" in said and "Phil. Eagles 21" in said, said


def test_a_card_titled_from_the_files_name_is_said_so(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    rows: list[list[object]] = [HEAD, ["11/24", "11:15 AM", "BUF", "NYJ", "-3.5", "o/u 44.5"]]
    r = cli(db, "import", str(xlsx(tmp_path, rows, "bookie_fixed.xlsx")), "--card", "w12")
    text = " ".join(r.output.split())
    assert r.exit_code == 0 and 'Titled "Bookie Fixed" from the file\'s name' in text, text
    assert '`parlaycards rules set w12 --title "…"`' in text
    r = cli(
        db, "import", str(xlsx(tmp_path, rows, "bookie_fixed.xlsx")), "--card", "w13", "--title", "Week 12"
    )
    assert r.exit_code == 0 and "from the file's name" not in r.output


def test_an_odd_row_does_not_cost_an_unheaded_sheet_its_ready_map_command(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    rows: list[list[object]] = [
        ["Visiting club", "Host club", "Host gives", "O/U", "Kick"],
        ["Buffalo", "NY Jets", "-3½", "44.5", "1:00 PM"],
        [],
        ["Dallas", "NY Giants", "-2.5", "41", "1:00 PM"],
        ["Pittsburgh", "Cleveland", "+1 1/2", "37", "4:25 PM"],
        ["Miami", "New England", "PK", "o/u 43", "8:20 PM"],
        ["Packers at Bears", None, "-6.5", 40.5, "1:00 PM"],  # both teams in one cell, the next one empty
    ]
    r = cli(db, "import", str(xlsx(tmp_path, rows, "nomerge.xlsx")), "--card", "w12")
    text = " ".join(r.output.split())
    assert r.exit_code != 0 and "LETTER" not in text, text
    assert "--map away=A --map home=B --map home-line=C --map total=D --map time=E --dry-run" in text
