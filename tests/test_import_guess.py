"""Issue 21: the `--map` command a refusal prints never reads a sheet wrong. Whose a line is (home's or
away's), and whether a named team is the favourite or the underdog, is decided by what the sheet holds
(moneylines, a line naming its team, the column's own header, the reader's checks) or both readings are
printed, each with what it makes of a game. The held-out sheets (tests/corpus/heldout, some written by
LibreOffice Calc) are read by the command printed for them."""

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
from parlaycards.io.lines import Asked, _header, read_lines
from parlaycards.io.mapping import parse_map
from parlaycards.io.sheets import open_workbook

from .pool_support import csv_file

HERE = Path(__file__).resolve().parent / "corpus"
TODAY = date(2026, 11, 17)
runner = CliRunner()


def refusal(path: Path, **chosen: str) -> str:
    with pytest.raises(ParlayError) as info:
        read_lines(Asked(path, today=TODAY, **chosen))  # type: ignore[arg-type]
    return info.value.text()


def commands(text: str) -> list[list[str]]:
    """The --map items of each command the refusal prints."""
    found = re.findall(r"parlaycards import (.*?) --dry-run", text)
    return [[w[i + 1] for i, x in enumerate(w) if x == "--map"] for w in map(shlex.split, found)]


def games(
    path: Path, items: list[str] | None = None, **chosen: str
) -> list[tuple[str, str, float, float | None]]:
    mapping = parse_map(items) if items is not None else None
    got = read_lines(Asked(path, today=TODAY, mapping=mapping, **chosen))  # type: ignore[arg-type]
    return [(g.away, g.home, float(g.spread), None if g.total is None else float(g.total)) for g in got.games]


HELDOUT = sorted((HERE / "heldout").glob("*.expected.json"))


@pytest.mark.parametrize("expected", HELDOUT, ids=lambda p: p.name.removesuffix(".expected.json"))
def test_a_held_out_sheet_is_read_by_the_command_printed_for_it(expected: Path) -> None:
    body = json.loads(expected.read_text())
    stem = expected.name.removesuffix(".expected.json")
    path = next(p for p in expected.parent.iterdir() if p.stem == stem and p.suffix != ".json")
    want = [(a, h, float(s), None if t is None else float(t)) for a, h, s, t in body["games"]]
    try:  # a sheet whose headers name its layout is read by them
        assert games(path, **body["chosen"]) == want
        return
    except ParlayError as exc:
        text = exc.text()
    printed = commands(text)
    if not printed:  # no guess: refused (the form, with the sheet's columns to map, or its cells named)
        assert "To read it anyway, name its columns:" in text or "cell " in text
        return
    read = [games(path, items, **body["chosen"]) for items in printed]
    assert len(printed) <= 2
    assert want in read  # one command that reads it exactly, or two of which the operator chooses one
    if len(read) == 2:
        assert read[0] != read[1]


CORPUS = [p for p in sorted((HERE / "lines").iterdir()) if p.suffix in (".csv", ".tsv", ".xlsx")]


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_with_its_headers_renamed_a_corpus_sheet_is_never_misread_by_a_printed_command(
    path: Path, tmp_path: Path
) -> None:
    chosen = {"season": "2023", "week": "4"} if path.name.startswith("season-nflverse") else {}
    book = open_workbook(path)
    found = _header(book.sheets[0]) if len(book.sheets) == 1 else None
    if found is None:
        pytest.skip("read only with --map, or several sheets")
    want = games(path, **chosen)
    wb = Workbook()
    for n, cells in enumerate(book.sheets[0].rows, start=1):
        wb.active.append(
            [f"Col {i + 1}" if n == found[0] and v is not None else v for i, v in enumerate(cells)]
        )
    renamed = tmp_path / (path.stem + ".xlsx")
    wb.save(renamed)
    printed = commands(refusal(renamed, **chosen))
    if len(printed) == 1:
        assert games(renamed, printed[0], **chosen) == want
    elif printed:
        assert want in [games(renamed, items, **chosen) for items in printed]


def test_away_line_without_moneylines_is_offered_both_ways_each_saying_its_favourite(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "lines.csv",
        [
            ["Col 1", "Col 2", "Col 3", "Col 4"],
            ["Buffalo", "NY Jets", "-6.5", "40"],
            ["Carolina", "Atlanta", "+3", ""],
        ],
    )
    text = refusal(path)
    assert "can be read two ways and nothing in the sheet says which" in text
    assert "if column C is home's line (Buffalo at NY Jets, NY Jets giving 6.5)" in text
    assert "if column C is away's line (Buffalo at NY Jets, Buffalo giving 6.5)" in text
    home, away = commands(text)
    assert games(path, home)[0][:3] == ("Buffalo", "NY Jets", -6.5)
    assert games(path, away)[0][:3] == ("Buffalo", "NY Jets", 6.5)


@pytest.mark.parametrize(
    ("header", "role", "spread"),
    [("Host gives", "home-line", -6.5), ("Road pts", "away-line", 6.5), ("Visitor hcp", "away-line", 6.5)],
)
def test_the_line_columns_own_header_says_whose_line_it_is(
    tmp_path: Path, header: str, role: str, spread: float
) -> None:
    path = csv_file(
        tmp_path / "lines.csv",
        [["Guests", "Hosts", header], ["Buffalo", "NY Jets", "-6.5"], ["Carolina", "Atlanta", "+3"]],
    )
    (printed,) = commands(refusal(path))
    assert printed == ["away=A", "home=B", f"{role}=C"]
    assert games(path, printed)[0] == ("Buffalo", "NY Jets", spread, None)


@pytest.mark.parametrize(
    ("header", "cells", "role", "spreads"),
    [
        ("Host gives", ("10", "3", "PK", "-2.5"), "home-margin", (-10.0, -3.0, 0.0, 2.5)),
        ("Host gives", ("10", "3", "6.5", "1"), "home-margin", (-10.0, -3.0, -6.5, -1.0)),
        ("Road gives", ("10", "3", "6.5", "1"), "home-line", (10.0, 3.0, 6.5, 1.0)),
        ("Home getting", ("10", "3", "6.5", "1"), "home-line", (10.0, 3.0, 6.5, 1.0)),
    ],
)
def test_points_a_side_gives_are_suggested_as_read_right(
    tmp_path: Path, header: str, cells: tuple[str, ...], role: str, spreads: tuple[float, ...]
) -> None:
    """`Host gives 10` is the home team giving 10 (home -10): never read as home's line (+10)."""
    teams = (
        ("NY Giants", "Detroit"),
        ("Minnesota", "Green Bay"),
        ("Seattle", "Tennessee"),
        ("KC", "Buffalo"),
    )
    path = csv_file(
        tmp_path / "gives.csv",
        [["Road Team", "Home Team", header], *([a, h, c] for (a, h), c in zip(teams, cells, strict=True))],
    )
    (printed,) = commands(refusal(path))
    assert printed == ["away=A", "home=B", f"{role}=C"]
    assert tuple(g[2] for g in games(path, printed)) == spreads


@pytest.mark.parametrize(
    ("prices", "role", "spread"),
    [(("-280", "+230"), "away-line", 6.5), (("+230", "-280"), "home-line", -6.5)],
)
@pytest.mark.parametrize("headers", [("Road ML", "Host ML"), ("h_ml", "v_ml")])
def test_moneylines_whose_headers_name_their_side_say_whose_line_it_is(
    tmp_path: Path, prices: tuple[str, str], role: str, spread: float, headers: tuple[str, str]
) -> None:
    swapped = headers[0] == "h_ml"  # the home team's prices first: their headers say so, not their order
    first, second = (prices[::-1], prices) if swapped else (prices, prices[::-1])
    path = csv_file(
        tmp_path / "lines.csv",
        [
            ["Col 1", "Col 2", "Col 3", *headers],
            ["Buffalo", "NY Jets", "-6.5", *first],
            ["Carolina", "Atlanta", "+3", *second],
        ],
    )
    (printed,) = commands(refusal(path))
    mls = ["away-ml=E", "home-ml=D"] if swapped else ["away-ml=D", "home-ml=E"]
    assert printed == ["away=A", "home=B", f"{role}=C", *mls]
    assert games(path, printed)[0] == ("Buffalo", "NY Jets", spread, None)


def test_moneylines_whose_headers_do_not_say_whose_decide_nothing(tmp_path: Path) -> None:
    # the order of two price columns proves nothing: home's prices may come first
    path = csv_file(
        tmp_path / "lines.csv",
        [
            ["Col 1", "Col 2", "Col 3", "Col 4", "Col 5"],
            ["Buffalo", "NY Jets", "-6.5", "-280", "+230"],
            ["Carolina", "Atlanta", "+3", "+135", "-155"],
        ],
    )
    text = refusal(path)
    assert "can be read two ways" in text and len(commands(text)) == 2
    assert all("away-ml=D" not in items for items in commands(text))


def test_moneylines_that_disagree_with_each_other_decide_nothing(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "lines.csv",
        [
            ["Col 1", "Col 2", "Col 3", "Col 4", "Col 5"],
            ["Buffalo", "NY Jets", "-6.5", "-280", "+230"],
            ["Carolina", "Atlanta", "+3", "-155", "+135"],
        ],
    )
    text = refusal(path)
    assert len(commands(text)) != 1


def test_the_readers_own_checks_drop_a_reading_a_named_underdog_with_plus_points(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "dogs.csv",
        [
            ["Col 1", "Col 2", "Col 3", "Col 4"],
            ["Arizona", "Seattle", "Arizona", "+6.5"],
            ["Dallas", "Philadelphia", "Philadelphia", "+2"],
        ],
    )
    (printed,) = commands(refusal(path))
    assert printed == ["away=A", "home=B", "underdog=C", "line=D"]
    assert games(path, printed) == [("Arizona", "Seattle", -6.5, None), ("Dallas", "Philadelphia", 2.0, None)]


def test_a_detected_layout_refusing_a_side_column_prints_the_command_that_reads_it(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "getting.csv",
        [
            ["Away", "Home", "Getting", "Pts"],
            ["Arizona", "Seattle", "Arizona", "+6.5"],
            ["Dallas", "Philadelphia", "Philadelphia", "+2"],
        ],
    )
    text = refusal(path)
    assert 'column C ("Getting")' in text and "does not read it" in text
    assert commands(text) == [["away=A", "home=B", "underdog=C", "line=D"]]


def test_matchup_cells_are_mapped_and_guessed(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "games.csv",
        [["Contest", "Hcap", "Tot"], ["Bears at Packers", "GB -6.5", "41.5"], ["Colts @ Texans", "-3", "46"]],
    )
    (printed,) = commands(refusal(path))  # a line naming its team: only home's line reads it
    assert printed == ["matchup=A", "home-line=B", "total=C"]
    assert games(path, printed) == [("Bears", "Packers", -6.5, 41.5), ("Colts", "Texans", -3.0, 46.0)]
    with pytest.raises(ParlayError, match="matchup=… holds both teams"):
        games(path, ["matchup=A", "away=B", "home-line=B"])


def test_a_one_line_rotation_board_is_guessed(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "board.csv",
        [
            ["Tkt", "Side", "Figure"],
            ["261", "Tennessee", "44.5"],
            ["262", "Houston", "-7"],
            ["263", "Seattle", "-3"],
            ["264", "Arizona", "47"],
        ],
    )
    (printed,) = commands(refusal(path))
    assert printed == ["team=B", "rot=A", "line=C"]
    assert games(path, printed) == [("Tennessee", "Houston", -7.0, 44.5), ("Seattle", "Arizona", 3.0, 47.0)]


SEASON = HERE / "heldout" / "season-codes.csv"


def test_week_and_season_are_mapped(tmp_path: Path) -> None:
    items = ["away=E", "home=F", "site=G", "home-margin=J", "total=K", "week=C", "season=B"]
    with pytest.raises(ParlayError, match=r"holds 6 games of 2 weeks \(season 2026: weeks 11, 12\)"):
        games(SEASON, items)
    assert games(SEASON, items, week="11") == [("KC", "DEN", 4.0, 44.0), ("SF", "SEA", 2.0, 46.5)]
    with pytest.raises(ParlayError, match=r"no Week column \(map it: --map week=LETTER\)"):
        games(SEASON, ["away=E", "home=F", "site=G", "home-margin=J"], week="11")
    db = tmp_path / "pool.db"
    result = runner.invoke(
        app,
        [
            "--db",
            str(db),
            "import",
            str(SEASON),
            *(a for i in items for a in ("--map", i)),
            "--week",
            "12",
            "--season",
            "2026",
            "--dry-run",
        ],
    )
    assert result.exit_code == 0, result.stdout
    assert "at PHI" in result.stdout and "at DEN" not in result.stdout
    got = read_lines(Asked(SEASON, today=TODAY, mapping=parse_map(items), week="12", season="2026"))
    uses = {u.letter: u.read_as for u in got.readings[0].columns}
    assert uses["C"] == uses["B"] == "used to choose the week"


def test_a_line_inside_a_matchup_cell_is_checked_against_the_other_team_and_the_line_column(
    tmp_path: Path,
) -> None:
    both = csv_file(
        tmp_path / "both.csv", [["Matchup"], ["Bears +3 at Vikings -3"], ["Jets +2 @ Dolphins -4"]]
    )
    with pytest.raises(ParlayError) as info:
        games(both)
    assert 'cell A3: "Jets +2 @ Dolphins -4" gives both teams a line, and they disagree' in info.value.text()
    column = csv_file(
        tmp_path / "column.csv",
        [["Matchup", "Line"], ["Chiefs -3 vs Bills", "+3"], ["Jets @ Dolphins -4", "+4"]],
    )
    with pytest.raises(ParlayError) as info:
        games(column)
    text = info.value.text()
    assert "cell A3" in text and "Jets at Dolphins: the line in the matchup" in text and "A2" not in text
    bare = csv_file(tmp_path / "bare.csv", [["Matchup", "O/U"], ["Chiefs vs Bills", "47"]])
    with pytest.raises(ParlayError, match="no matchup cell carries one"):
        games(bare)


def test_a_season_files_guess_says_which_weeks_it_holds() -> None:
    text = refusal(SEASON)
    assert commands(text) == [
        [
            "away=E",
            "home=F",
            "away-line=J",
            "total=K",
            "site=G",
            "away-ml=H",
            "home-ml=I",
            "date=D",
            "week=C",
            "season=B",
        ]
    ]
    assert text.endswith(
        "The file holds weeks 11, 12: add --week 12 (or the week you mean, and --season when it holds several seasons)."
    )
    assert games(SEASON, commands(text)[0], week="12") == [
        ("BUF", "MIA", 1.5, 48.0),
        ("JAC", "TEN", -2.5, 41.0),
        ("LAC", "LV", 4.5, 43.5),
        ("NYG", "PHI", -9.5, 42.0),
    ]


def test_the_home_teams_column_first_is_read_as_its_header_says(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "hosts.csv",
        [["Hosts", "Guests", "Host gives"], ["NY Jets", "Buffalo", "+6.5"], ["Atlanta", "Carolina", "-3"]],
    )
    (printed,) = commands(refusal(path))
    assert printed == ["away=B", "home=A", "home-line=C"]
    assert games(path, printed) == [("Buffalo", "NY Jets", 6.5, None), ("Carolina", "Atlanta", -3.0, None)]


def test_two_line_columns_an_opening_and_a_current_are_left_to_the_operator(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "open.csv",
        [
            ["Col 1", "Col 2", "Col 3", "Col 4"],
            ["Buffalo", "NY Jets", "-6.5", "-7"],
            ["Carolina", "Atlanta", "+3", "+2.5"],
        ],
    )
    text = refusal(path)
    assert "To read it anyway, name its columns:" in text and "--dry-run" not in text


def test_through_the_command_line_the_operator_chooses_one_of_two_readings(tmp_path: Path) -> None:
    db = tmp_path / "pool.db"
    sheet = HERE / "heldout" / "guest-host-plain.csv"
    r = runner.invoke(app, ["--db", str(db), "import", str(sheet), "--card", "w12"])
    assert r.exit_code == 2 and "Traceback" not in r.output and not db.exists()
    assert "\n" not in r.stderr.strip().removeprefix("Error: ")  # one paragraph
    home, _away = re.findall(r"parlaycards (--db .*? --dry-run)", r.stderr)
    r = runner.invoke(app, shlex.split(home)[:-1])  # the operator's own command, --card w12 kept
    assert r.exit_code == 0, r.output
    card = json.loads(runner.invoke(app, ["--db", str(db), "show", "w12", "--json"]).stdout)
    assert [(g["away"], g["home"], g["home_spread"]) for g in card["games"]] == [
        ("Tennessee", "Indianapolis", -3.5),
        ("Cleveland", "Pittsburgh", 1.5),
        ("Seattle", "Los Angeles Rams", -2.0),
    ]


def test_a_detected_layout_that_reads_no_game_prints_the_mapping_that_does(tmp_path: Path) -> None:
    # Team and Line name a two-rows board, but the sheet is a row a game with the opponent beside
    path = csv_file(
        tmp_path / "opp.csv",
        [
            ["Team", "Opp", "Line"],
            ["Buffalo", "NY Jets", "-6.5"],
            ["Carolina", "Atlanta", "+3"],
            ["Denver", "Miami", "-1"],
        ],
    )
    text = refusal(path)
    assert (
        "row 1: no game of the sheet reads as the layout its header names. Its columns can be read two ways"
        in text
    )
    assert "cell A4: Denver has no second row below it" in text
    assert [games(path, items)[0] for items in commands(text)] == [
        ("Buffalo", "NY Jets", -6.5, None),
        ("Buffalo", "NY Jets", 6.5, None),
    ]
    # a board whose rows are only wrong is told so, with no mapping beside it
    bad = csv_file(tmp_path / "bad.csv", [["Rot", "Team", "Spread"], ["101", "A", "-3"], ["102", "B", "-3"]])
    assert "no game of the sheet reads" not in refusal(bad)


def test_a_matchup_mapping_with_a_spread_column_must_say_whose_it_is(tmp_path: Path) -> None:
    path = csv_file(tmp_path / "m.csv", [["Game", "Pts"], ["Bears at Packers", "-6.5"]])
    with pytest.raises(ParlayError, match="spread=… does not say whose line it is"):
        games(path, ["matchup=A", "spread=B"])
    assert games(path, ["matchup=A", "away-line=B"]) == [("Bears", "Packers", 6.5, None)]


def test_a_mapped_week_column_of_one_week_is_said_so(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "w.csv",
        [
            ["yr", "wk", "a", "h", "l"],
            ["2026", "12", "Buffalo", "NY Jets", "-6.5"],
            ["2026", "12", "Carolina", "Atlanta", "+3"],
        ],
    )
    got = read_lines(
        Asked(path, today=TODAY, mapping=parse_map(["away=C", "home=D", "home-line=E", "week=B", "season=A"]))
    )
    assert [str(c) for c in got.readings[0].columns][:2] == [
        'A "yr" → the season (the file holds one)',
        'B "wk" → the week (the file holds one)',
    ]


def test_whole_points_that_repeat_are_no_week_unless_the_header_says_week(tmp_path: Path) -> None:
    rows = [
        ["Col 1", "Col 2", "Col 3", "Col 4"],
        *[
            [a, h, p, "-3"]
            for a, h, p in (
                ("Buffalo", "NY Jets", "3"),
                ("Carolina", "Atlanta", "7"),
                ("Denver", "Miami", "3"),
                ("Dallas", "Detroit", "10"),
            )
        ],
    ]
    text = refusal(csv_file(tmp_path / "pts.csv", rows))
    assert all(not any(i.startswith("week=") for i in items) for items in commands(text))
    rows[0][2] = "Wk"
    text = refusal(csv_file(tmp_path / "wk.csv", rows))
    assert commands(text) and all("week=C" in items for items in commands(text))


def test_a_line_inside_a_matchup_cell_is_checked_against_a_home_margin_column(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "hm.csv",
        [["Matchup", "Home margin"], ["Chiefs -3 at Bills", "-3"], ["Jets @ Dolphins -4", "-4"]],
    )
    with pytest.raises(ParlayError) as info:
        games(path)
    assert "cell A3: Jets at Dolphins: the line in the matchup" in info.value.text()
    assert "A2" not in info.value.text()


def test_home_marked_on_the_left_puts_the_home_column_first(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "left.csv",
        [
            ["Col 1", "Col 2", "Col 3"],
            ["@NY Jets", "Buffalo", "Buffalo -6.5"],
            ["@Atlanta", "Carolina", "Atlanta -3"],
        ],
    )
    (printed,) = commands(refusal(path))
    assert printed == ["away=B", "home=A", "home-line=C"]
    assert games(path, printed) == [("Buffalo", "NY Jets", 6.5, None), ("Carolina", "Atlanta", -3.0, None)]


def test_each_sides_line_headed_as_such_is_mapped_both_and_checked(tmp_path: Path) -> None:
    rows = [
        ["away", "home", "spread_away", "spread_home"],
        ["Atlanta", "Carolina", "-3", "+3"],
        ["Tennessee", "Houston", "+5.5", "-5.5"],
    ]
    path = csv_file(tmp_path / "both.csv", rows)
    (printed,) = commands(refusal(path))
    assert printed == ["away=A", "home=B", "home-line=D", "away-line=C"]
    assert games(path, printed) == [("Atlanta", "Carolina", 3.0, None), ("Tennessee", "Houston", -5.5, None)]
    rows[2][3] = "-4"
    bad = csv_file(tmp_path / "bad.csv", rows)
    with pytest.raises(ParlayError, match="disagree"):
        games(bad, printed)


def test_favourite_and_underdog_columns_headed_as_such_are_read_so(tmp_path: Path) -> None:
    rows = [
        ["Pick the Dog", "Spread", "Pick the Fav"],
        ["NY Giants", "7", "PHILADELPHIA"],
        ["ARIZONA", "3.5", "San Francisco"],
    ]
    path = csv_file(tmp_path / "dogs.csv", rows)
    (printed,) = commands(refusal(path))
    assert printed == ["favourite=C", "underdog=A", "line=B"]
    assert games(path, printed) == [
        ("NY Giants", "PHILADELPHIA", -7.0, None),
        ("San Francisco", "ARIZONA", 3.5, None),
    ]


def test_a_first_game_of_teams_and_pk_is_never_taken_for_a_header(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path / "pk.csv", [["Tennessee", "Indianapolis", "PK"], ["Chicago", "Green Bay", "-6.5"]]
    )
    with pytest.raises(ParlayError, match="none of the first 20 rows names the mapped columns"):
        games(path, ["away=A", "home=B", "home-line=C"])
    headed = csv_file(tmp_path / "pick.csv", [["Road", "Home", "Pick"], ["Tennessee", "Indianapolis", "PK"]])
    assert games(headed, ["away=A", "home=B", "home-line=C"]) == [("Tennessee", "Indianapolis", 0.0, None)]
