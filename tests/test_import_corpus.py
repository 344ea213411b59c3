"""The lines corpus: small sheets laid out as sportsbooks, offices and bars send them (tests/corpus/lines,
written by tests/corpus/make_lines.py; libreoffice.xlsx saved by LibreOffice), each with the games it must
give; then what an import does with what it cannot read: refuse, or name it."""

from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from openpyxl import Workbook
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.io.lines import Asked, read_lines
from parlaycards.io.mapping import parse_map

ET = ZoneInfo("America/New_York")
TODAY = date(2026, 11, 17)
CORPUS = Path(__file__).resolve().parent / "corpus" / "lines"
SAMPLES = Path(__file__).resolve().parents[1] / "sample_lines"

# file → (away, home, neutral, home's line, total, kickoff in New York time, league) per game, in order
EXPECTED: dict[str, list[tuple[object, ...]]] = {
    "club-own-headers.xlsx": [  # read only with --map (MAPPED below)
        ("Chicago", "Green Bay", False, "-6.5", "41.5", "2026-11-22T13:00", "NFL"),
        ("Tennessee", "Indianapolis", False, "0", "42", "2026-11-22T16:25", "NFL"),
        ("Buffalo", "Miami", False, "2.5", "47", "2026-11-23T20:15", "NFL"),
        (
            "Hawai'i",
            "San José State",
            False,
            "-3",
            "58.5",
            "2026-11-21T22:30",
            "NCAA",
        ),  # a college game on a card of NFL games: its own league,
    ],
    "matchup.csv": [
        ("Texas A&M", "Army", False, "-7", "51", "2026-11-28T12:00", "NCAA"),
        ("Georgia", "Clemson", True, "3.5", "49.5", "2026-11-28T15:30", "NCAA"),
        ("Buffalo Bills", "Houston Texans", False, "-3", "44", "2026-11-29T13:00", "NFL"),
        ("Dallas", "NY Giants", False, "0", "47.5", "2026-11-29T16:25", "NFL"),
    ],
    "away-line.tsv": [
        ("Buffalo", "NY Jets", False, "6.5", "40", None, "NFL"),
        ("Carolina", "Atlanta", False, "-3", None, None, "NFL"),
    ],
    "day-headings-with-words.xlsx": [
        ("Baltimore", "Kansas City", False, "-3", "46.5", "2024-09-05T20:20", "NFL"),
        ("Green Bay", "Philadelphia", True, "-1.5", "48.5", "2024-09-06T20:15", "NFL"),
        ("Pittsburgh", "Atlanta", False, "-3", "42.5", "2024-09-08T13:00", "NFL"),
    ],
    "excel-cp1252-semicolon.csv": [
        ("San José State", "Hawai'i", False, "-2.5", "58.5", "2026-11-28", "NFL"),
        ("Cal", "Stanford", False, "3", "44", "2026-11-28", "NFL"),
    ],
    "excel-utf8-bom.csv": [
        ("NY Giants", "Detroit", False, "-9.5", "48.5", "2026-11-22T13:00", "NFL"),
        ("Arizona", "Seattle", False, "-3", None, "2026-11-22T16:25", "NFL"),
    ],
    "favorite-by-name.xlsx": [
        ("Pittsburgh", "Atlanta", False, "-3", "42.5", "2024-09-08T13:00", "NFL"),
        ("Arizona", "Buffalo", False, "-6.5", "47", "2024-09-08T13:00", "NFL"),
        ("Dallas", "Cleveland", False, "2.5", "41", "2024-09-08T16:25", "NFL"),
        ("NY Jets", "San Francisco", False, "-4", "43", "2024-09-09T20:15", "NFL"),
        ("Tennessee", "Chicago", False, "0", "44", "2024-09-08T13:00", "NFL"),
    ],
    "favorite-line-underdog.xlsx": [
        ("Jacksonville", "DALLAS", False, "-4", "47.5", "2026-11-22T13:00", "NFL"),
        ("Buffalo", "MIAMI", False, "3", "41", "2026-11-22T13:00", "NFL"),
        (
            "Ohio State",
            "Michigan",
            True,
            "-3",
            "48",
            "2026-11-21T12:00",
            "NCAA",
        ),  # a college game on a card of NFL games: its own league,
    ],
    "libreoffice-source.csv": [
        ("Chicago", "Green Bay", False, "-6.5", "41.5", "2026-11-22T13:00", "NFL"),
        ("Tennessee", "Indianapolis", False, "0", "42", "2026-11-22T16:25", "NFL"),
    ],
    "libreoffice.xlsx": [
        ("Chicago", "Green Bay", False, "-6.5", "41.5", "2026-11-22T13:00", "NFL"),
        ("Tennessee", "Indianapolis", False, "0", "42", "2026-11-22T16:25", "NFL"),
    ],
    "one-row-named-lines.csv": [
        ("Bears", "Packers", False, "-6.5", "41.5", "2026-11-22", "NFL"),
        ("Seattle", "San Francisco 49ers", False, "0", "47", "2026-11-26", "NFL"),
        ("Denver", "Kansas City", False, "-7", "44", "2026-11-29", "NFL"),
    ],
    "one-row.xlsx": [
        ("Chicago", "Green Bay", False, "-6.5", "41.5", "2026-11-22T13:00", "NFL"),
        ("Tennessee", "Indianapolis", False, "0", "42", "2026-11-22T16:25", "NFL"),
        (
            "Hawai'i",
            "San José State",
            True,
            "2.5",
            "58.5",
            "2026-11-21",
            "NCAA",
        ),  # a college game on a card of NFL games: its own league,
    ],
    "rotation-board.xlsx": [
        ("Pittsburgh", "Cleveland", False, "2.5", "37.5", "2026-11-19T20:15", "NFL"),
        ("NY Giants", "Detroit", False, "-9.5", "48.5", "2026-11-22T13:00", "NFL"),
        ("Tennessee", "Indianapolis", False, "0", "42.5", "2026-11-22T13:00", "NFL"),
    ],
    "rotation-spread-total.xlsx": [
        ("Buffalo", "Kansas City", False, "-3", "47", "2026-11-22T13:00", "NFL"),
        ("Georgia Tech", "Georgia", False, "7", "55", "2026-11-21T12:00", "NCAA"),
    ],
    "site-column.xlsx": [
        ("Green Bay", "Philadelphia", True, "-1.5", "48.5", None, "NFL"),
        ("Dallas", "Cleveland", False, "2.5", "41", None, "NFL"),
        ("Miami", "Jacksonville", False, "-3", "45", None, "NFL"),
        (
            "Notre Dame",
            "Navy",
            True,
            "16.5",
            "48.5",
            None,
            "NCAA",
        ),  # a college game on a card of NFL games: its own league,
    ],
    "site-headerless.csv": [
        ("Georgia Tech", "Florida State", True, "-10", None, None, "NFL"),
        ("Boise State", "Georgia", False, "-17", None, None, "NFL"),
    ],
    "sportsbook-two-rows.xlsx": [
        ("Chicago Bears", "Washington Commanders", False, "-5.5", "44.5", "2023-10-05T20:15", "NFL"),
        ("Houston Texans", "Atlanta Falcons", False, "-2", "44", "2023-10-08T13:00", "NFL"),
        ("Dallas Cowboys", "San Francisco 49ers", False, "-3.5", "45.5", "2023-10-08T16:25", "NFL"),
    ],
    "feed-iso-utc.csv": [
        ("Chicago Bears", "Washington Commanders", False, "-5.5", "44.5", "2023-10-05T20:15", "NFL"),
        ("Jacksonville Jaguars", "Buffalo Bills", False, "-5.5", "48", "2023-10-08T09:30", "NFL"),
        ("Houston Texans", "Atlanta Falcons", False, "-2", "44", "2023-10-08T13:00", "NFL"),
        ("Dallas Cowboys", "San Francisco 49ers", False, "-3.5", "45.5", "2023-10-08T20:20", "NFL"),
    ],
    "season-nflverse.csv": [  # --season 2023 --week 4: spread_line is home's margin (positive: home favoured)
        ("ATL", "JAX", True, "-3.0", "43.0", "2023-10-01T09:30", "NFL"),
        ("WAS", "PHI", False, "-8.0", "43.5", "2023-10-01T13:00", "NFL"),
    ],
    # written by LibreOffice Calc (make_lines.calc_made): numbers and dates as a spreadsheet program stores them
    "matchup-lines-in-cell-calc.xlsx": [  # each line after its team in the matchup cell
        ("Chiefs", "Bills", True, "3", "47.5", "2026-11-22T16:25", "NFL"),
        ("Jets", "Dolphins", False, "-4", "42.5", "2026-11-22T13:00", "NFL"),
        ("Ravens", "Browns", False, "7", "40", "2026-11-22T13:00", "NFL"),
        ("49ers", "Rams", False, "0", "49", "2026-11-23T20:15", "NFL"),
    ],
    "season-nflverse-calc.xlsx": [
        ("ATL", "JAX", True, "-3", "43", "2023-10-01T09:30", "NFL"),
        ("WAS", "PHI", False, "-8", "43.5", "2023-10-01T13:00", "NFL"),
    ],
    "sportsbook-two-rows-calc.xlsx": [
        ("Chicago Bears", "Washington Commanders", False, "-5.5", "44.5", "2023-10-05T20:15", "NFL"),
        ("Houston Texans", "Atlanta Falcons", False, "-2", "44", "2023-10-08T13:00", "NFL"),
        ("Dallas Cowboys", "San Francisco 49ers", False, "-3.5", "45.5", "2023-10-08T16:25", "NFL"),
    ],
    "underdog-by-name.xlsx": [
        ("Pittsburgh", "Atlanta", False, "-3", None, "2024-09-08", "NFL"),
        ("Arizona", "Buffalo", False, "1.5", None, "2024-09-08", "NFL"),
    ],
}


CHOSEN = {  # a season's file: the week read
    "season-nflverse.csv": {"season": "2023", "week": "4"},
    "season-nflverse-calc.xlsx": {"season": "2023", "week": "4"},
}
# a sheet whose header names no layout: the columns named by hand, as `import --map` names them
MAPPED = {
    "club-own-headers.xlsx": parse_map(["away=B", "home=Host club", "home-line=D", "total=E", "kickoff=Kick"])
}


def games(path: Path) -> list[tuple[object, ...]]:
    out = []
    for g in read_lines(
        Asked(path, today=TODAY, mapping=MAPPED.get(path.name), **CHOSEN.get(path.name, {}))
    ).games:
        k = (
            g.kickoff.astimezone(ET).isoformat()[:16]
            if isinstance(g.kickoff, datetime)
            else (g.kickoff.isoformat() if g.kickoff else None)
        )
        out.append(
            (g.away, g.home, g.neutral, str(g.spread), None if g.total is None else str(g.total), k, g.league)
        )
    return out


def test_every_corpus_file_has_its_games() -> None:
    assert sorted(p.name for p in CORPUS.iterdir()) == sorted(EXPECTED)
    assert len(EXPECTED) >= 12


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_file_gives_its_games(name: str) -> None:
    assert games(CORPUS / name) == EXPECTED[name]


@pytest.mark.parametrize(
    "name",
    [
        "libreoffice.xlsx",
        "matchup-lines-in-cell-calc.xlsx",
        "season-nflverse-calc.xlsx",
        "sportsbook-two-rows-calc.xlsx",
    ],
)
def test_the_libreoffice_files_were_saved_by_libreoffice(name: str) -> None:
    import zipfile

    with zipfile.ZipFile(CORPUS / name) as z:
        assert b"LibreOffice" in z.read("docProps/app.xml")


def test_a_whole_number_a_spreadsheet_stores_as_a_number_reads_as_written() -> None:
    # Calc stores 40 as the number 40: the total is 40, not 4E+1
    assert [
        g.total for g in read_lines(Asked(CORPUS / "matchup-lines-in-cell-calc.xlsx", today=TODAY)).games
    ][2] == 40
    assert (
        str(read_lines(Asked(CORPUS / "matchup-lines-in-cell-calc.xlsx", today=TODAY)).games[2].total) == "40"
    )


# --- what the importer does not read: refused, or named ---------------------------------------------


def xlsx(tmp_path: Path, rows: list[list[object]], name: str = "lines.xlsx") -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "Week 12"
    for cells in rows:
        ws.append(cells)
    path = tmp_path / name
    wb.save(path)
    return path


def error(path: Path) -> str:
    with pytest.raises(ParlayError) as info:
        read_lines(Asked(path, today=TODAY))
    return info.value.text()


@pytest.mark.parametrize(
    ("rows", "cell", "found"),
    [
        (
            [["Away", "Home", "Line", "Fav/Dog"], ["A", "B", "3", "F"]],
            "D1",
            'column D ("Fav/Dog") names a favourite',
        ),
        (
            [["Favorite", "Line", "Underdog", "Home"], ["Dallas", "3", "Houston", "Houston"]],
            "D1",
            'column D ("Home") names a favourite',
        ),
        (
            [["Rot", "Team", "Line", "at/vs"], [101, "A", "-3", "vs"], [102, "B", 40, None]],
            "D1",
            'column D ("at/vs") names a favourite',
        ),
        (
            [["Away", "Home", "Line", "Pick"], ["Dallas", "Houston", "3", "Houston"]],
            "D1",
            'column D ("Pick") holds "Houston", which name a side',
        ),
        (
            [["Away", "Home", "Line", ""], ["Dallas", "Houston", "3", "N"]],
            "D1",
            'column D (no header) holds "N", which name a side',
        ),
    ],
)
def test_a_column_that_can_change_a_side_is_read_or_refuses_the_import(
    tmp_path: Path, rows: list[list[object]], cell: str, found: str
) -> None:
    text = error(xlsx(tmp_path, rows))
    assert f'sheet "Week 12", cell {cell}: {found}' in text
    assert "nothing was imported" in text


def test_other_columns_are_named_as_ignored_and_values_without_a_header_are_warned(tmp_path: Path) -> None:
    got = read_lines(
        Asked(
            xlsx(tmp_path, [["Away", "Home", "Line", "TV", None], ["A", "B", "-3", "CBS", "windy"]]),
            today=TODAY,
        )
    )
    [reading] = got.readings
    assert [str(c) for c in reading.ignored()] == ['D "TV" → ignored', "E (no header) → ignored"]
    assert got.warnings == (
        'sheet "Week 12", cell E1: column E has values ("windy") but no header; it was not '
        "read. Give it a header if it matters.",
    )


def test_a_row_that_is_neither_game_nor_heading_is_an_error_when_games_take_its_place(tmp_path: Path) -> None:
    rows = [
        ["Away", "Home", "Line", "Time"],
        ["SUNDAY, NOVEMBER 22"],
        ["A", "B", "-3", "1:00p"],
        ["Thanksgiving Day games"],
        ["C", "D", "-3", "12:30p"],
    ]
    assert error(xlsx(tmp_path, rows)) == (
        'lines.xlsx, sheet "Week 12", row 4: "Thanksgiving Day games" is neither a game nor a heading read as a '
        "date or a league, and the games below it take their date from the heading above it. Write the day as a "
        "heading (SUNDAY, NOVEMBER 22 or Sun 11/22), give the games their dates in a Date column, or delete the row."
    )


def test_such_a_row_is_a_warning_when_every_game_below_has_its_own_date(tmp_path: Path) -> None:
    rows = [
        ["Date", "Away", "Home", "Line"],
        ["Early games"],
        ["11/22", "A", "B", "-3"],
        ["Away", "Home", "Line", "Date"],
        ["11/23", "C", "D", "-3"],
    ]
    got = read_lines(Asked(xlsx(tmp_path, rows), today=TODAY))
    assert [g.kickoff for g in got.games] == [date(2026, 11, 22), date(2026, 11, 23)]
    assert got.warnings == (
        'sheet "Week 12", row 2: "Early games" is neither a game nor a date or league heading; '
        "it was not used (and every game below it has its own date).",
    )


def test_a_heading_whose_weekday_and_date_disagree_is_an_error(tmp_path: Path) -> None:
    text = error(
        xlsx(tmp_path, [["Away", "Home", "Line"], ["MONDAY, NOVEMBER 22, 2026 — Detroit"], ["A", "B", "-3"]])
    )
    assert (
        'row 2: the heading "MONDAY, NOVEMBER 22, 2026 — Detroit" says Monday, but 11/22/2026 is a Sunday'
        in text
    )


def test_favourite_column_problems_name_the_cell(tmp_path: Path) -> None:
    text = error(
        xlsx(
            tmp_path,
            [
                ["Away", "Home", "Favorite", "Line"],
                ["Dallas", "Houston", "Denver", "3"],
                ["Chicago", "Detroit", None, "3"],
                ["Miami", "Buffalo", "Miami", "+3"],
                ["Seattle", "Arizona", "Arizona", "SEA -3"],
            ],
        )
    )
    assert 'cell C2: "Denver" in the Favorite column is not Dallas (away) or Houston (home)' in text
    assert 'cell C3: Chicago at Detroit: the line is "3" but the Favorite cell is blank' in text
    assert 'cell D4: Miami at Buffalo: the line "+3" has a plus sign' in text
    assert (
        'cell C5: Seattle at Arizona: the line "SEA -3" makes Seattle the favourite, but the Favorite column '
        'says "Arizona"' in text
    )


def test_favorite_line_underdog_with_an_at_vs_column_between_the_teams(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["Favorite", "Line", "at/vs", "Underdog"],
            ["Dallas", "3", "at", "Houston"],
            ["Georgia", "7", "vs", "Clemson"],
            ["Buffalo", "2", "", "MIAMI"],
        ],
    )
    assert [
        (g.away, g.home, g.neutral, str(g.spread)) for g in read_lines(Asked(path, today=TODAY)).games
    ] == [
        ("Dallas", "Houston", False, "3"),
        ("Clemson", "Georgia", True, "-7"),
        ("Buffalo", "MIAMI", False, "2"),
    ]


def test_site_column_refuses_what_is_not_at_or_vs(tmp_path: Path) -> None:
    text = error(xlsx(tmp_path, [["Away", "at/vs", "Home", "Line"], ["A", "in", "B", "-3"]]))
    assert (
        'cell B2: "in" is not at or vs. Accepted: at, @ or Home (the home team is at home), vs, vs., N or Neutral'
        in text
    )


# --- the command: --dry-run and re-importing onto hand edits ------------------------------------------

runner = CliRunner()


def cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def test_dry_run_prints_columns_and_games_and_stores_nothing(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    r = cli(db, "import", str(CORPUS / "favorite-by-name.xlsx"), "--card", "w1", "--dry-run")
    assert r.exit_code == 0, r.output
    assert (
        'Read sheet "Lines", header row 1, one row per game layout: A "Kickoff" → kickoff; B "Away" → away; '
        'C "Home" → home; D "Favorite" → the favourite'
    ) in r.stderr
    assert "Dry run: 5 games would be stored as w1 version 1; nothing was stored." in r.stderr
    assert "at ATLANTA" in r.stdout and "-3" in r.stdout
    assert not db.exists()
    assert cli(db, "import", str(CORPUS / "favorite-by-name.xlsx"), "--card", "w1").exit_code == 0
    before = cli(db, "show", "w1", "--json").stdout
    r = cli(db, "import", str(CORPUS / "favorite-by-name.xlsx"), "--card", "w1", "--dry-run")
    assert r.exit_code == 0 and "as w1 version 2; nothing was stored" in r.stderr
    assert cli(db, "show", "w1", "--json").stdout == before


def test_reimport_onto_hand_edits_lists_them_and_needs_replace(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    lines = str(SAMPLES / "nfl-week-12.xlsx")
    assert cli(db, "import", lines, "--card", "w12").exit_code == 0
    assert cli(db, "import", lines, "--card", "w12").exit_code == 0  # the same lines again: no new version
    assert cli(db, "game", "set", "w12", "103", "--spread", "-5").exit_code == 0
    assert cli(db, "game", "remove", "w12", "105").exit_code == 0
    assert cli(db, "payout", "set", "w12", "3", "7-1").exit_code == 0
    before = cli(db, "show", "w12", "--json").stdout
    r = cli(db, "import", lines, "--card", "w12")
    assert r.exit_code == 2
    assert r.stderr.startswith(
        "Error: card w12 was edited by hand since its last import, and importing "
        "nfl-week-12.xlsx would undo these 2. Import again with --replace"
    )
    assert (
        "  - game 105 Tennessee at Indianapolis was removed by hand; the sheet has it, so it would be back"
        in r.stderr
    )
    assert (
        "  - game 103 NY Giants at Detroit: the home line was changed by hand from -9½ to -5; the sheet says -9½."
        in r.stderr
    )
    assert "payout" not in r.stderr  # kept by a plain import: nothing to undo there
    assert cli(db, "show", "w12", "--json").stdout == before
    r = cli(db, "import", lines, "--card", "w12", "--new", "--dry-run")
    assert r.exit_code == 0
    assert "Would undo a hand edit: the payout table was changed by hand after the last import" in r.stderr
    r = cli(db, "import", lines, "--card", "w12", "--replace")
    assert r.exit_code == 0, r.output
    assert "Undid a hand edit: game 103 NY Giants at Detroit" in r.stderr
    card = json.loads(cli(db, "show", "w12", "--json").stdout)
    assert card["version"] == 5 and len(card["games"]) == 16
    assert card["payouts"][0] == {"picks": 3, "hits": 3, "odds": "7-1"}
    assert (
        cli(db, "import", lines, "--card", "w12").exit_code == 0
    )  # the edits are behind the last import now


def test_a_venue_column_of_stadiums_is_ignored_and_named_but_one_of_site_marks_refuses(
    tmp_path: Path,
) -> None:
    got = read_lines(
        Asked(
            xlsx(tmp_path, [["Away", "Home", "Line", "Venue"], ["A", "B", "-3", "Lambeau Field"]]),
            today=TODAY,
        )
    )
    assert [str(c) for c in got.readings[0].ignored()] == ['D "Venue" → ignored']
    text = error(
        xlsx(tmp_path, [["Away", "Home", "Line", "Venue"], ["A", "B", "-3", "Neutral"]], name="n.xlsx")
    )
    assert 'cell D1: column D ("Venue") holds "Neutral", which name a side' in text


def test_pk_in_the_favourite_column_is_a_pickem(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["Away", "Home", "Favorite", "Line"],
            ["Dallas", "Houston", "PK", None],
            ["Chicago", "Detroit", "pick'em", "0"],
            ["Miami", "Buffalo", "Even", "PK"],
            ["Seattle", "Arizona", "Arizona", "3"],
        ],
    )
    assert [(g.away, g.home, str(g.spread)) for g in read_lines(Asked(path, today=TODAY)).games] == [
        ("Dallas", "Houston", "0"),
        ("Chicago", "Detroit", "0"),
        ("Miami", "Buffalo", "0"),
        ("Seattle", "Arizona", "-3"),
    ]
    text = error(xlsx(tmp_path, [["Away", "Home", "Favorite", "Line"], ["Dallas", "Houston", "PK", "3"]]))
    assert (
        'cell C2: Dallas at Houston: the Favorite column says "PK" (no favourite) but the line is "3"' in text
    )


def test_a_rotation_board_with_day_headings_in_its_team_column(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["Rot", "Team", "Line", "Total"],
            [None, "SATURDAY, NOVEMBER 28"],
            [451, "Alabama", "-7 -110", "o55.5"],
            [452, "Auburn", "+7 -110", "u55.5"],
            [None, "SUNDAY, NOVEMBER 29 — at London"],
            [453, "Georgia (N)", -3, None],
            [454, "Clemson", None, 51],
        ],
    )
    got = read_lines(Asked(path, today=TODAY))
    assert [(g.away, g.home, g.neutral, str(g.spread), g.kickoff) for g in got.games] == [
        ("Alabama", "Auburn", False, "7", date(2026, 11, 28)),
        ("Georgia", "Clemson", True, "3", date(2026, 11, 29)),
    ]
    # a team's row without its rotation number is still an error, not a heading
    text = error(xlsx(tmp_path, [["Rot", "Team", "Line"], [451, "Alabama", -7], [None, "Auburn", None]]))
    assert "cell A3: Auburn has no rotation number" in text


def test_a_matchup_cell_that_is_not_one_game_is_refused(tmp_path: Path) -> None:
    text = error(
        xlsx(
            tmp_path,
            [
                ["Matchup", "Line"],
                ["Bills and Texans", "-3"],
                ["Dallas at Houston at Denver", "-3"],
                ["Miami at Buffalo", "-3"],
            ],
        )
    )
    assert 'cell A2: "Bills and Texans" is not a game. Write it "Away at Home"' in text
    assert 'cell A3: "Dallas at Houston at Denver" can be read as more than one game' in text
    assert "A4" not in text
    # at a neutral site a line must say whose it is
    text = error(
        xlsx(tmp_path, [["Matchup", "Line"], ["Cowboys vs Giants", -3], ["Lions vs. Bears", "DET -1"]])
    )
    assert (
        'cell B2: Cowboys vs Giants is at a neutral site, where neither team is at home, so the line "-3"'
        in text
    )
    assert "B3" not in text


def test_two_columns_headed_as_the_line_stop_the_import(tmp_path: Path) -> None:
    text = error(
        xlsx(tmp_path, [["Away", "Home", "Spread", "Line", "Total"], ["Bills", "Texans", -3, -3.5, 44]])
    )
    assert 'cell C1: column C ("Spread") and column D ("Line") are both headed as home\'s line' in text
    text = error(
        xlsx(tmp_path, [["Away", "Home", "Line", "Total", "O/U"], ["Bills", "Texans", -3, 44, 44.5]])
    )
    assert 'column E ("O/U") and column D ("Total") are both headed as total' in text
    # an opening line beside the line is named as ignored, as any column the import does not read
    got = read_lines(
        Asked(xlsx(tmp_path, [["Away", "Home", "Open", "Line"], ["Bills", "Texans", -2.5, -3]]), today=TODAY)
    )
    assert [str(g.spread) for g in got.games] == ["-3"]
    assert [u.read_as for u in got.readings[0].columns] == [
        "away",
        "home",
        None,
        "home's line (the favourite negative)",
    ]


def test_home_and_away_marks_after_a_name(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["Favorite", "Line", "Underdog", "Total"],
            ["Texans (H)", 3, "Bills", 44],
            ["Cowboys", 2.5, "Giants (home)", 47.5],
            ["Lions (A)", 7, "Bears", 41],
        ],
    )
    assert [(g.away, g.home, str(g.spread)) for g in read_lines(Asked(path, today=TODAY)).games] == [
        ("Bills", "Texans", "-3"),
        ("Cowboys", "Giants", "2.5"),
        ("Lions", "Bears", "7"),
    ]
    path = xlsx(tmp_path, [["Away", "Home", "Line"], ["Bills (V)", "Texans (H)", -3]])
    assert [(g.away, g.home) for g in read_lines(Asked(path, today=TODAY)).games] == [("Bills", "Texans")]
    text = error(xlsx(tmp_path, [["Away", "Home", "Line"], ["Texans (H)", "Bills", 3]]))
    assert 'cell A2: "Texans (H)" in the Away column is marked as the home team' in text


def test_a_time_zone_in_the_time_header_places_the_times_written_without_one(tmp_path: Path) -> None:
    from datetime import time

    path = xlsx(
        tmp_path,
        [
            ["Date", "Time (CT)", "Away", "Home", "Line"],
            ["11/29/2026", "12:00 PM", "Bills", "Texans", -3],
            ["11/29/2026", time(15, 25), "Cowboys", "Giants", 2.5],
            ["11/29/2026", "7:20 PM ET", "Lions", "Bears", 1],
        ],
    )
    got = read_lines(Asked(path, today=TODAY))
    assert [g.kickoff.astimezone(ET).strftime("%H:%M") for g in got.games] == ["13:00", "16:25", "19:20"]
    assert got.readings[0].columns[1].read_as == "time in America/Chicago, as the header says"
