"""Issue 21, item 5: a way through for any layout. A sheet whose header names no layout is refused with the
one `--map` command its columns suggest; that command, run as printed, reads it exactly. A mapping is read
by the layouts' own reader (same checks, same summary); `--save-layout` keeps it in the pool for next
week's file, and a saved layout whose columns changed is refused naming the column."""

from __future__ import annotations

import json
import re
import shlex
from datetime import date
from pathlib import Path

import pytest
from openpyxl import Workbook
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.io.lines import Asked, read_lines
from parlaycards.io.mapping import parse_map

from .pool_support import csv_file

CORPUS = Path(__file__).resolve().parent / "corpus" / "lines"
CLUB = CORPUS / "club-own-headers.xlsx"
TODAY = date(2026, 11, 17)
CLUB_GAMES = [
    ("Chicago", "Green Bay", -6.5, 41.5),
    ("Tennessee", "Indianapolis", 0.0, 42.0),
    ("Buffalo", "Miami", 2.5, 47.0),
    ("Hawai'i", "San José State", -3.0, 58.5),
]
runner = CliRunner()


def cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def xlsx(path: Path, rows: list[list[object]]) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "Week 12"
    for cells in rows:
        ws.append(cells)
    wb.save(path)
    return path


def shown(db: Path, slug: str) -> list[tuple[str, str, float, float | None]]:
    card = json.loads(cli(db, "show", slug, "--json").stdout)
    return [(g["away"], g["home"], g["home_spread"], g["total"]) for g in card["games"]]


def refusal(path: Path) -> str:
    with pytest.raises(ParlayError) as info:
        read_lines(Asked(path, today=TODAY))
    return info.value.text()


# --- the refusal prints the command, and the command reads the sheet ---------------------------------------


def test_the_refusal_prints_the_map_command_and_it_reads_the_sheet_exactly(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    r = cli(db, "import", str(CLUB), "--card", "club")
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "no header row found" in r.stderr
    printed = r.stderr.split("then run it again without --dry-run: ", 1)[1].strip()
    assert printed == (  # the operator's own command (its --db and --card kept), with --map added
        f"parlaycards --db {db} import {CLUB} --card club --map away=B --map home=C --map home-line=D "
        "--map total=E --map kickoff=F --dry-run"
    )
    assert not db.exists()
    args = shlex.split(printed)[1:]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    assert "Dry run: 4 games would be stored as club version 1" in r.stderr
    r = runner.invoke(app, [a for a in args if a != "--dry-run"])
    assert r.exit_code == 0, r.output
    assert shown(db, "club") == CLUB_GAMES


def test_the_printed_command_is_the_operators_own_with_map_added(tmp_path: Path) -> None:
    # a new operator ran the printed command and got a card named after the file, in the wrong time zone:
    # the suggestion had dropped --card, --title, --league and --tz
    db = tmp_path / "the pool.db"
    typed = ["--db", str(db), "import", str(CLUB), "--card", "club-w12", "--title", "Club's week 12"]
    typed += ["--league", "NFL", "--tz", "America/Chicago", "--dry-run"]
    r = runner.invoke(app, typed)
    assert r.exit_code == 2 and "Traceback" not in r.output
    printed = r.stderr.split("then run it again without --dry-run: ", 1)[1].strip()
    args = shlex.split(printed)
    assert args[0] == "parlaycards" and args.count("--dry-run") == 1
    assert [a for a in args[1:] if a != "--dry-run"][: len(typed) - 1] == typed[:-1]  # as typed, then --map
    r = runner.invoke(app, [a for a in args[1:] if a != "--dry-run"])
    assert r.exit_code == 0, r.output
    card = json.loads(runner.invoke(app, ["--db", str(db), "show", "club-w12", "--json"]).stdout)
    assert card["title"] == "Club's week 12" and len(card["games"]) == 4


def test_without_a_guess_the_refusal_lists_the_columns_to_map(tmp_path: Path) -> None:
    path = xlsx(tmp_path / "odd.xlsx", [["Who", "Whom", "Pts"], ["Bears", "Packers", "six"]])
    text = refusal(path)
    assert (
        f"To read it anyway, name its columns: parlaycards import {path} --map away=LETTER --map home=LETTER "
        "--map home-line=LETTER --map total=LETTER (or team=LETTER for two rows a game, with "
        'spread=LETTER). Its columns: A "Who", B "Whom", C "Pts".'
    ) in text


def test_a_two_rows_a_game_sheet_is_guessed_as_team_and_spread(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path / "board.xlsx",
        [["Outfit", "Hcp", "O-U"], ["Chicago", "+6.5", 41.5], ["Green Bay", "-6.5", 41.5]],
    )
    assert "--map team=A --map spread=B --map total=C --dry-run" in refusal(path)
    got = read_lines(Asked(path, today=TODAY, mapping=parse_map(["team=A", "spread=B", "total=C"])))
    assert [(g.away, g.home, str(g.spread), str(g.total)) for g in got.games] == [
        ("Chicago", "Green Bay", "-6.5", "41.5")
    ]
    assert got.readings[0].layout == "two rows a game (no rotation numbers) (columns mapped by hand)"


# --- one reader: the same checks, every other column named --------------------------------------------------


def test_columns_not_mapped_are_named_as_ignored() -> None:
    got = read_lines(Asked(CLUB, today=TODAY, mapping=parse_map(["away=B", "home=C", "home-line=D"])))
    [reading] = got.readings
    assert reading.layout == "one row per game (columns mapped by hand)"
    assert [str(c) for c in reading.ignored()] == [
        'A "Gm" → ignored',
        'E "Pts total" → ignored',
        'F "Kick" → ignored',
        'G "Notes" → ignored',
    ]
    assert [g.total for g in got.games] == [None] * 4


def test_a_mapped_column_that_does_not_read_is_refused_naming_the_cell() -> None:
    with pytest.raises(ParlayError) as info:
        read_lines(Asked(CLUB, today=TODAY, mapping=parse_map(["away=B", "home=C", "home-line=G"])))
    text = info.value.text()
    assert 'sheet "Week 12", cell G5: the spread "windy" is not a line.' in text
    assert "cell G4: Chicago at Green Bay has no line (the cell is blank)" in text


def test_spread_by_sign_or_margin_and_by_header_text(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "m.csv",
        [
            ["Road", "Host", "Margin", "Pts"],
            ["Bears", "Packers", "6.5", "-6.5"],
            ["Jets", "Bills", "-3", "3"],
        ],
    )
    by_sign = read_lines(Asked(path, mapping=parse_map(["away=Road", "home=Host", "spread=D"], "sign")))
    by_margin = read_lines(Asked(path, mapping=parse_map(["away=A", "home=B", "spread=Margin"], "margin")))
    assert [str(g.spread) for g in by_sign.games] == ["-6.5", "3"]
    assert [str(g.spread) for g in by_margin.games] == ["-6.5", "3"]
    with pytest.raises(ParlayError, match=r"spread=… does not say whose line it is: add --favourite-by sign"):
        read_lines(Asked(path, mapping=parse_map(["away=A", "home=B", "spread=D"])))


def test_favourite_line_underdog_by_hand(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "f.csv", [["Chalk", "Pts", "Dog"], ["DALLAS", "3", "Houston"], ["Buffalo", "2", "MIAMI"]]
    )
    got = read_lines(Asked(path, mapping=parse_map(["favourite=A", "line=B", "underdog=C"])))
    assert [(g.away, g.home, str(g.spread)) for g in got.games] == [
        ("Houston", "DALLAS", "-3"),
        ("Buffalo", "MIAMI", "2"),
    ]


def test_an_unmapped_column_naming_a_side_still_refuses(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "s.csv", [["Road", "Host", "Pts", "Fav"], ["Bears", "Packers", "6.5", "Bears"]]
    )
    with pytest.raises(ParlayError) as info:
        read_lines(Asked(path, mapping=parse_map(["away=A", "home=B", "home-line=C"])))
    assert 'cell D1: column D ("Fav") names a favourite' in info.value.text()
    assert "Map it too (--map favourite=…" in info.value.text()


@pytest.mark.parametrize(
    ("items", "message"),
    [
        (["away=B", "wot=C"], '"wot=C": there is no role "wot"'),
        (["away=B", "away=C"], "maps away twice (B and C)"),
        (["away"], '"away" is not ROLE=COLUMN'),
    ],
)
def test_a_mapping_that_does_not_parse_is_refused(items: list[str], message: str) -> None:
    with pytest.raises(ParlayError, match=re.escape(message)):
        parse_map(items)


@pytest.mark.parametrize(
    ("items", "message"),
    [
        (["away=B", "home=C", "home-line=Z"], "home-line=Z: the sheet has no column Z (its last is G)"),
        (["away=B", "home=C", "home-line=C"], "gives column C two roles (home and home-line)"),
        (["away=B", "home=C"], "names the teams but no line"),
        (["away=B", "home=Hosts", "home-line=D"], 'no column is headed "Hosts" in the first 20 rows'),
        (["away=B", "home-line=D"], "needs home=… too"),
    ],
)
def test_a_mapping_that_does_not_fit_the_sheet_is_refused(items: list[str], message: str) -> None:
    with pytest.raises(ParlayError, match=re.escape(message)):
        read_lines(Asked(CLUB, today=TODAY, mapping=parse_map(items)))


# --- saved layouts ------------------------------------------------------------------------------------------


def test_a_saved_layout_reads_next_weeks_file_and_refuses_one_whose_columns_changed(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    maps = ["--map", "away=B", "--map", "home=C", "--map", "home-line=D", "--map", "total=E"]
    r = cli(db, "import", str(CLUB), "--card", "w12", *maps, "--save-layout", "Club", "--dry-run")
    assert r.exit_code == 2 and "a dry run stores nothing" in r.stderr
    r = cli(db, "import", str(CLUB), "--card", "w12", *maps, "--save-layout", "Club")
    assert r.exit_code == 0, r.output
    assert 'Saved the columns as layout "club" (in the pool).' in r.stderr
    listed = json.loads(cli(db, "layouts", "--json").stdout)
    assert [(x["name"], x["columns"], x["headers"]["home-line"]) for x in listed] == [
        ("club", {"away": "B", "home": "C", "home-line": "D", "total": "E"}, "Host gives")
    ]
    assert listed[0]["map"] == "--map away=B --map home=C --map home-line=D --map total=E"
    r = cli(db, "import", str(CLUB), "--card", "w13", "--layout", "club")
    assert r.exit_code == 0, r.output
    assert shown(db, "w13") == CLUB_GAMES
    moved = xlsx(
        tmp_path / "week13.xlsx",
        [["Gm", "Visiting club", "Host club", "Pts total", "Host gives"], [1, "Jets", "Bills", 40, "-3"]],
    )
    before = cli(db, "cards", "--json").stdout
    r = cli(db, "import", str(moved), "--card", "w14", "--layout", "club")
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert (
        'Error: week13.xlsx, sheet "Week 12", cell D1: the saved layout "club" reads column D as '
        'home-line, headed "Host gives" when it was saved, but here column D is headed "Pts total", so the '
        "file is not of the same shape and nothing was imported."
    ) in " ".join(r.stderr.split())
    assert cli(db, "cards", "--json").stdout == before
    r = cli(db, "import", str(CLUB), "--card", "w15", "--layout", "nope")
    assert (
        r.exit_code == 2 and 'there is no saved layout "nope". The pool\'s saved layouts: club.' in r.stderr
    )
    r = cli(db, "import", str(CLUB), "--card", "w15", *maps, "--layout", "club")
    assert r.exit_code == 2 and "--map and --layout both say how to read the columns" in r.stderr


def test_layouts_without_a_pool_says_none_are_saved(tmp_path: Path) -> None:
    r = cli(tmp_path / "none.db", "layouts")
    assert r.exit_code == 0
    assert "No saved layouts yet." in r.stderr
    assert not (tmp_path / "none.db").exists()


# --- leftovers: the summary says what chose the week; two rows without numbers by their own name ----------


def test_week_and_season_columns_are_named_as_choosing_the_week() -> None:
    got = read_lines(Asked(CORPUS / "season-nflverse.csv", season="2023", week="4"))
    uses = {c.header: c.read_as for c in got.readings[0].columns}
    assert uses["season"] == "used to choose the week"
    assert uses["week"] == "used to choose the week"
    assert uses["gameday"] != "ignored"
    alone = read_lines(Asked(CORPUS / "season-nflverse.csv", week="4"))
    assert {c.header: c.read_as for c in alone.readings[0].columns}["season"] == (
        "used to choose the week (one season holds it)"
    )


def test_two_rows_without_rotation_numbers_are_reported_by_their_own_layout_name() -> None:
    got = read_lines(Asked(CORPUS / "sportsbook-two-rows.xlsx", today=TODAY))
    assert got.readings[0].layout == "two rows a game (no rotation numbers)"
    assert (
        read_lines(Asked(CORPUS / "rotation-board.xlsx", today=TODAY)).readings[0].layout == "rotation board"
    )


def test_a_layout_is_saved_with_the_import_on_either_backend_and_not_by_a_refused_one(any_store) -> None:
    from parlaycards.services import cards as svc
    from parlaycards.services import layouts
    from parlaycards.services.cards import Columns, Into

    mapping = parse_map(["away=B", "home=C", "home-line=G"])  # G holds notes: the import is refused
    with pytest.raises(ParlayError, match='cell G5: the spread "windy" is not a line'):
        svc.import_lines(any_store, Asked(CLUB, mapping=mapping), Into(slug="w12"), Columns(save_as="club"))
    assert layouts.list_layouts(any_store) == []
    mapping = parse_map(["away=Visiting club", "home=C", "spread=D", "total=E"], "sign")
    done = svc.import_lines(
        any_store, Asked(CLUB, mapping=mapping), Into(slug="w12"), Columns(save_as="club")
    )
    assert done.layout_saved == "club" and not done.layout_replaced
    [saved] = layouts.list_layouts(any_store)
    assert saved.roles == (("away", "B"), ("home", "C"), ("spread", "D"), ("total", "E"))
    assert saved.favourite_by == "sign" and dict(saved.headers)["away"] == "Visiting club"
    again = svc.import_lines(any_store, Asked(CLUB), Into(slug="w13"), Columns(layout="club", save_as="club"))
    assert again.layout_replaced
    assert [(g.away, str(g.spread)) for g in again.card.games][:2] == [
        ("Chicago", "-6.5"),
        ("Tennessee", "0"),
    ]


@pytest.mark.parametrize(
    ("items", "favourite_by", "message"),
    [
        (
            ["away=B", "home=C", "home-line=D", "money=F"],
            None,
            "money=… is not read in a sheet of one row a game",
        ),
        (["team=B", "spread=D", "home=C"], None, "home=… is not read in a sheet of two rows a game"),
        (["away=B", "home=C", "home-line=D"], "sign", "no column is mapped as the spread"),
    ],
)
def test_a_role_the_layout_does_not_read_is_refused(
    items: list[str], favourite_by: str | None, message: str
) -> None:
    with pytest.raises(ParlayError, match=re.escape(message)):
        read_lines(Asked(CLUB, today=TODAY, mapping=parse_map(items, favourite_by)))


def test_text_dates_times_and_moneylines_are_guessed_and_the_command_reads_them(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "odd.csv",
        [
            ["Week 12 pool"],
            ["Day", "Kick", "Road", "Host", "Host pts", "OU", "Road ML", "Host ML"],
            ["Sun 11/22", "1:00 PM", "Chicago Bears", "Green Bay Packers", "-6.5", "o41.5", "+220", "-270"],
            [
                "Mon 11/23",
                "8:15 PM",
                "Buffalo Bills",
                "Miami Dolphins",
                "+2.5 (-110)",
                "O 47 (-110)",
                "-140",
                "+120",
            ],
        ],
    )
    printed = refusal(path).split("run it again without --dry-run: ")[1]
    assert printed == (
        f"parlaycards import {path} --map away=C --map home=D --map home-line=E --map total=F --map away-ml=G "
        "--map home-ml=H --map date=A --map time=B --dry-run"
    )
    args = shlex.split(printed)[3:-1]
    mapping = parse_map([args[i + 1] for i in range(0, len(args), 2)])
    got = read_lines(Asked(path, today=TODAY, mapping=mapping))
    assert [(g.away, str(g.spread), str(g.total), g.kickoff.isoformat()) for g in got.games] == [
        ("Chicago Bears", "-6.5", "41.5", "2026-11-22T13:00:00-05:00"),
        ("Buffalo Bills", "2.5", "47", "2026-11-23T20:15:00-05:00"),
    ]


def test_a_sheet_without_a_header_row_is_told_to_insert_one_and_then_the_command_reads_it(
    tmp_path: Path,
) -> None:
    rows = [["Chicago", "Green Bay", "-6.5", "41.5"], ["Tennessee", "Indianapolis", "PK", "42"]]
    text = refusal(csv_file(tmp_path / "bare.csv", rows))
    assert "the games start on row 1: insert a row above them with a word over each column" in text
    # nothing says whose line column C is: both readings, each named
    assert "if column C is home's line: " in text and "if column C is away's line: " in text
    assert "--map away=A --map home=B --map home-line=C --map total=D --dry-run" in text
    assert "--map away=A --map home=B --map away-line=C --map total=D --dry-run" in text
    headed = csv_file(tmp_path / "headed.csv", [["a", "b", "c", "d"], *rows])
    got = read_lines(Asked(headed, mapping=parse_map(["away=A", "home=B", "home-line=C", "total=D"])))
    assert [(g.away, g.home, str(g.spread)) for g in got.games] == [
        ("Chicago", "Green Bay", "-6.5"),
        ("Tennessee", "Indianapolis", "0"),
    ]


def test_a_header_that_names_a_layout_without_its_line_column_also_prints_the_command(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "noline.csv",
        [["Away", "Home", "Host gives", "O/U"], ["Chicago", "Green Bay", "-6.5", "41.5"]],
    )
    assert refusal(path) == (
        "noline.csv, row 1: the header has Away and Home but no column for the line. Add one headed Home line "
        "(or Line, Spread) holding home's line: -3½, +7, PK. Its columns look like this mapping; check what it "
        f"reads, then run it again without --dry-run: parlaycards import {path} --map away=A --map home=B "
        "--map home-line=C --map total=D --dry-run"
    )


def test_a_header_written_twice_is_named_by_letter(tmp_path: Path) -> None:
    path = csv_file(tmp_path / "twice.csv", [["Team", "Team", "Pts"], ["Bears", "Packers", "-3"]])
    with pytest.raises(ParlayError, match=re.escape('away="Team": columns A and B are both headed so.')):
        read_lines(Asked(path, mapping=parse_map(["away=Team", "home=B", "home-line=C"])))
    got = read_lines(Asked(path, mapping=parse_map(["away=A", "home=B", "home-line=C"])))
    assert [(g.away, g.home) for g in got.games] == [("Bears", "Packers")]


def test_no_command_is_guessed_for_points_no_column_ties_to_a_team(tmp_path: Path) -> None:
    # an unsigned column, no moneylines: the points a favourite gives, and whose no guess can say
    rows = [["A", "B", "C"], ["Bears", "Packers", "6.5"], ["Jets", "Bills", "3"]]
    text = refusal(csv_file(tmp_path / "two-ways.csv", rows))
    assert "To read it anyway, name its columns:" in text
    assert "look like this mapping" not in text and "--dry-run" not in text


def commands(text: str) -> list[list[str]]:
    """The --map items of each command a refusal prints."""
    found = re.findall(r"parlaycards import (.*?) --dry-run", text)
    return [[w[i + 1] for i, x in enumerate(w) if x == "--map"] for w in map(shlex.split, found)]


def test_favourite_and_underdog_columns_marked_by_capitals_are_offered_both_ways(tmp_path: Path) -> None:
    # home in CAPITALS, now left, now right: favourite and underdog columns; which is which nothing says
    rows = [["A", "B", "C"], ["DALLAS", "Jacksonville", "-4"], ["Buffalo", "MIAMI", "-3"]]
    path = csv_file(tmp_path / "two-ways.csv", rows)
    text = refusal(path)
    assert "can be read two ways and nothing in the sheet says which" in text
    assert (
        "if column A is the favourite and column B is the underdog (Jacksonville at DALLAS, DALLAS giving 4)"
        in text
    )
    assert (
        "if column B is the favourite and column A is the underdog (Jacksonville at DALLAS, Jacksonville giving 4)"
        in text
    )
    one, two = commands(text)
    assert [
        (g.away, g.home, str(g.spread)) for g in read_lines(Asked(path, mapping=parse_map(one))).games
    ] == [
        ("Jacksonville", "DALLAS", "-4"),
        ("Buffalo", "MIAMI", "3"),
    ]
    assert [
        (g.away, g.home, str(g.spread)) for g in read_lines(Asked(path, mapping=parse_map(two))).games
    ] == [
        ("Jacksonville", "DALLAS", "4"),
        ("Buffalo", "MIAMI", "-3"),
    ]


def test_line_in_a_one_row_sheet_needs_the_favourites_column(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "fav.csv",
        [
            ["Road", "Host", "Chalk", "Pts"],
            ["Bears", "Packers", "Packers", "6.5"],
            ["Jets", "Bills", "Jets", "3"],
        ],
    )
    with pytest.raises(ParlayError, match="line=… is the points the favourite gives, and no column names"):
        read_lines(Asked(path, mapping=parse_map(["away=A", "home=B", "line=D"])))
    got = read_lines(Asked(path, mapping=parse_map(["away=A", "home=B", "favourite=C", "line=D"])))
    assert [(g.away, g.home, str(g.spread)) for g in got.games] == [
        ("Bears", "Packers", "-6.5"),
        ("Jets", "Bills", "3"),
    ]
