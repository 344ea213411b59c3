"""Reading weekly lines: each layout, dates and times, numbering, and every kind of bad input."""

from __future__ import annotations

import json
import re
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from openpyxl import Workbook
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.core.lines import SPREAD_ACCEPTED
from parlaycards.demo import samples
from parlaycards.io.lines import Asked, read_lines

ET = ZoneInfo("America/New_York")
TODAY = date(2026, 11, 17)
SAMPLES = Path(__file__).resolve().parents[1] / "sample_lines"


def xlsx(
    tmp_path: Path,
    rows: list[list[object]],
    *,
    name: str = "lines.xlsx",
    sheet: str = "Week 12",
    more: dict[str, list[list[object]]] | None = None,
) -> Path:
    """A workbook built in the test: `rows` on the first sheet, `more` sheets after it."""
    wb = Workbook()
    ws = wb.active
    ws.title = sheet
    for title, sheet_rows in [(sheet, rows), *(more or {}).items()]:
        if title != sheet:
            ws = wb.create_sheet(title)
        for r, cells in enumerate(sheet_rows, start=1):
            for c, value in enumerate(cells, start=1):
                if value is not None:
                    cell = ws.cell(row=r, column=c, value=value)
                    if isinstance(value, str):
                        cell.data_type = "s"  # `=1+1` stays text, as a user typing '=1+1 would get
    path = tmp_path / name
    wb.save(path)
    return path


def read(path: Path, **kw: object):
    return read_lines(Asked(path, **{"today": TODAY, **kw}))  # type: ignore[arg-type]


def games(path: Path, **kw: object) -> list[tuple]:
    """(numbers, away, home, neutral, home spread, total, kickoff) per game."""
    out = []
    for g in read(path, **kw).games:
        k = g.kickoff.astimezone(ET).isoformat() if isinstance(g.kickoff, datetime) else g.kickoff
        out.append(
            (
                g.numbers.all(),
                g.away,
                g.home,
                g.neutral,
                str(g.spread),
                None if g.total is None else str(g.total),
                k,
            )
        )
    return out


def error(path: Path, **kw: object) -> str:
    with pytest.raises(ParlayError) as info:
        read(path, **kw)
    return info.value.text()


# --- the rotation board ---------------------------------------------------------------------------


def test_rotation_board_with_title_merged_cells_and_excel_dates(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Week 12"
    ws["A1"] = "NFL Week 12 — November 19–23, 2026"
    ws.merge_cells("A1:E1")
    ws.append([])
    for row in (
        ["Rot", "Team", "Line", "Date", "Time (ET)"],
        [451, "Green Bay", "-6½", date(2026, 11, 22), time(13, 0)],
        [452, "NY Giants", 44],
        [457, "Tennessee", "PK", datetime(2026, 11, 22, 16, 25)],
        [458, "Indianapolis", "42"],
        [459, "Chicago", 41.5, date(2026, 11, 23), "8:15 PM"],
        [460, "Detroit", -3],
        [461, "Buffalo", "-7 -110"],
        [462, "Miami", "+7"],
        [463, "Ohio State", "31½", "Sat 11/21", "12:00p"],
        [464, "Rutgers", 55],
    ):
        ws.append(row)
    path = tmp_path / "board.xlsx"
    wb.save(path)

    result = read(path)
    assert result.title == "NFL Week 12 — November 19–23, 2026"
    assert result.sheets == ("Week 12",)
    assert games(path) == [
        ((451, 452, 551, 552), "Green Bay", "NY Giants", False, "6.5", "44", "2026-11-22T13:00:00-05:00"),
        ((457, 458, 557, 558), "Tennessee", "Indianapolis", False, "0", "42", "2026-11-22T16:25:00-05:00"),
        ((459, 460, 559, 560), "Chicago", "Detroit", False, "-3", "41.5", "2026-11-23T20:15:00-05:00"),
        ((461, 462), "Buffalo", "Miami", False, "7", None, None),
        ((463, 464, 563, 564), "Ohio State", "Rutgers", False, "31.5", "55", "2026-11-21T12:00:00-05:00"),
    ]


def test_rotation_with_spread_and_total_columns(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["Rot #", "TEAM", "Spread", "Total", "Kickoff"],
            [101, "Kansas City", "-3", "o47.5", "2026-11-22 16:25"],
            [102, "Denver", "+3", "u47.5"],
            [103, "Dallas", 2.5, 44, "Sun 11/22 1:00p"],
            [104, "Washington", -2.5, 44],
            [105, "Seattle", None, None, "SNF"],
            [106, "LA Rams", "6"],
        ],
    )
    assert games(path) == [
        ((101, 102, 201, 202), "Kansas City", "Denver", False, "3", "47.5", "2026-11-22T16:25:00-05:00"),
        ((103, 104, 203, 204), "Dallas", "Washington", False, "-2.5", "44", "2026-11-22T13:00:00-05:00"),
        ((105, 106), "Seattle", "LA Rams", False, "-6", None, "2026-11-22T20:20:00-05:00"),
    ]


def test_rotation_totals_skip_past_rotation_numbers_in_use(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [["Rot", "Team", "Line"], [101, "A", "-3"], [102, "B", 40], [201, "C", "-4"], [202, "D", 41]],
    )
    assert [g[0] for g in games(path)] == [(101, 102, 301, 302), (201, 202, 401, 402)]


def test_rotation_row_without_its_home_row(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["Rot", "Team", "Line"],
            [451, "Green Bay", "-6½"],
            [453, "Tennessee", "PK"],
            [454, "Indianapolis", 42],
        ],
    )
    assert re.search(
        r'sheet "Week 12", cell A2: Green Bay \(451\) has no home row below it: the next row has 453, '
        r"not 452\.",
        error(path),
    )


def test_rotation_rows_that_contradict_each_other(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [["Rot", "Team", "Spread"], [101, "A", "-3"], [102, "B", "-3"], [103, "C", 3], [104, "D", 4]],
    )
    assert error(path).splitlines()[1:] == [
        '  - sheet "Week 12", cell C2: A at B: the visitor\'s row says -3 and the home row -3; one should be the other '
        "with the sign turned (-3 and +3).",
        '  - sheet "Week 12", cell C4: C at D: both rows have an unsigned number (3, 4), so the favourite is not '
        "clear. Write the favourite's line with a minus sign (-3½) or PK.",
    ]


def test_rotation_date_heading_rows_and_league_headings(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["Rot", "Team", "Line", "Time"],
            ["SUNDAY, NOVEMBER 22"],
            [101, "A", "-3", "1:00 PM"],
            [102, "B", 40],
            ["College Football"],
            [301, "C", "-4", "TBA"],
            [302, "D", 41],
        ],
    )
    got = read(path).games
    assert [(g.league, g.kickoff) for g in got] == [
        ("NFL", datetime(2026, 11, 22, 13, tzinfo=ET)),
        ("NCAA", date(2026, 11, 22)),
    ]


# --- one row per game -----------------------------------------------------------------------------


def test_one_row_any_column_order_named_lines_and_home_marks(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["Lines for the office pool"],
            [],
            ["HOME", "away", "Total", "Line", "date", "TIME", "League", "Neutral site"],
            ["@Packers", "Bears", "o/u 41½", "GB -6½", "Sun 11/22", "13:00", None, None],
            ["Green Bay", "Chicago", "41.5", "Home -7 1/2", "11/29", "1p", "nfl", ""],
            ["Detroit", "NY Giants", None, "Giants +9½", "2026-11-26", "12:30 PM", None, "no"],
            ["San Francisco 49ers", "Seattle", 47, "49ers PK", "11/26", "4:25 ET", None, None],
            ["Michigan", "Ohio State (N)", 48, "-3 -110", "Sat 11/28", "12:00p", "College", None],
            ["Kansas City", "Denver", 44, "KC 7", "11/29", "8:20 PM CT", None, "yes"],
        ],
    )
    result = read(path)
    assert result.title == "Lines for the office pool"
    assert games(path) == [
        ((101, 102, 201, 202), "Bears", "Packers", False, "-6.5", "41.5", "2026-11-22T13:00:00-05:00"),
        ((103, 104, 203, 204), "Chicago", "Green Bay", False, "-7.5", "41.5", "2026-11-29T13:00:00-05:00"),
        ((105, 106), "NY Giants", "Detroit", False, "-9.5", None, "2026-11-26T12:30:00-05:00"),
        (
            (107, 108, 207, 208),
            "Seattle",
            "San Francisco 49ers",
            False,
            "0",
            "47",
            "2026-11-26T16:25:00-05:00",
        ),
        ((109, 110, 209, 210), "Ohio State", "Michigan", True, "-3", "48", "2026-11-28T12:00:00-05:00"),
        ((111, 112, 211, 212), "Denver", "Kansas City", True, "-7", "44", "2026-11-29T21:20:00-05:00"),
    ]
    assert [g.league for g in result.games] == ["NFL", "NFL", "NFL", "NFL", "NCAA", "NFL"]


def test_one_row_tba_times_give_dates_and_years_come_from_the_sheet(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["Bowl lines, 2026–27 season"],
            ["Date", "Time", "Away", "Home", "Line"],
            [datetime(2026, 12, 31), "TBA", "Utah", "Penn State", "-3"],
            ["1/1", "TBD", "Texas", "Georgia", "-2.5"],
            ["Fri 1/1", "1:00 PM", "Oregon", "Ohio State", "+1"],
        ],
    )
    assert [g.kickoff for g in read(path, today=date(2025, 6, 1)).games] == [
        date(2026, 12, 31),
        date(2027, 1, 1),
        datetime(2027, 1, 1, 13, tzinfo=ET),
    ]


def test_one_row_rotation_numbers_from_the_sheet(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [["Rot", "Away", "Home", "Line", "Total"], [301, "A", "B", "-3", 44], [305, "C", "D", 2, None]],
    )
    assert [g[0] for g in games(path)] == [(301, 302, 401, 402), (305, 306)]


def test_team_names_that_look_like_formulas_stay_text(tmp_path: Path) -> None:
    path = xlsx(tmp_path, [["Away", "Home", "Line"], ["=1+1", "+Plus", "-3"], ["@Bears", "-Minus", "PK"]])
    assert [(g.away, g.home) for g in read(path).games] == [("=1+1", "+Plus"), ("@Bears", "-Minus")]


# --- Favorite / Line / Underdog -------------------------------------------------------------------


def test_favorite_line_underdog(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["FAVORITE", "LINE", "UNDERDOG", "O/U", "Kickoff"],
            ["DALLAS", "-4", "Jacksonville", "47½", "Sun 11/22 1:00p"],
            ["Buffalo", 3, "MIAMI", 41, "Sun 11/22 1:00p"],
            ["at Kansas City", "7", "Denver", 44, "Sun 11/22 4:25p"],
            ["*Packers", "6 1/2", "Bears", "41½", "Sun 1:00p"],
            ["Tennessee", "PK", "@Indianapolis", 42, "Sun 11/22 1:00p"],
            ["Michigan (N)", "-3 -110", "Ohio State", 48, "Sat 11/28 12:00"],
            ["ALABAMA", "14½", "LSU", 47.5, "Sat 11/28 3:30 PM"],
        ],
    )
    assert [(a, h, n, s, t) for _, a, h, n, s, t, _ in games(path)] == [
        ("Jacksonville", "DALLAS", False, "-4", "47.5"),
        ("Buffalo", "MIAMI", False, "3", "41"),
        ("Denver", "Kansas City", False, "-7", "44"),
        ("Bears", "Packers", False, "-6.5", "41.5"),
        ("Tennessee", "Indianapolis", False, "0", "42"),
        ("Ohio State", "Michigan", True, "-3", "48"),
        ("LSU", "ALABAMA", False, "-14.5", "47.5"),
    ]


def test_favorite_sheet_refuses_a_plus_line_and_an_unknown_home_team(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [["Favorite", "Line", "Underdog"], ["DALLAS", "+4", "Jacksonville"], ["Kansas City", "7", "Denver"]],
    )
    text = error(path)
    assert 'cell B2: the line "+4" has a plus sign' in text
    assert 'cell A3: cannot tell which of "Kansas City" and "Denver" is at home' in text


# --- several sheets: one combo card ----------------------------------------------------------------


def test_combo_workbook_leagues_from_sheet_names_and_sheet_choice(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [["Away", "Home", "Line"], ["Bears", "Packers", "-6"]],
        sheet="NFL",
        more={
            "College": [["Away", "Home", "Line", "Total"], ["Texas", "Texas A&M", "+1.5", 48.5]],
            "Notes": [["Away", "Home", "Line"], ["Example", "Row", "-3"]],
            "Other": [["Away", "Home", "Line"], ["Otters", "Beavers", "-1"]],
        },
    )
    both = read(path, league="CFL")
    assert [(g.league, g.away, g.numbers.away) for g in both.games] == [
        ("NFL", "Bears", 101),
        ("NCAA", "Texas", 103),
        ("CFL", "Otters", 105),
    ]
    assert both.sheets == ("NFL", "College", "Other")
    only = read(path, sheets=("college",))
    assert [(g.league, g.away) for g in only.games] == [("NCAA", "Texas")]
    assert only.sheets == ("College",)
    with pytest.raises(
        ParlayError,
        match=r'lines.xlsx has no sheet "Week 13"\. Its sheets are: "NFL", "College", '
        r'"Notes", "Other"\.',
    ):
        read(path, sheets=("Week 13",))


# --- the shipped samples --------------------------------------------------------------------------


def test_sample_nfl_week_12_reads_exactly_as_generated() -> None:
    result = read(SAMPLES / "nfl-week-12.xlsx")
    assert result.title == "NFL Week 12 — November 19–23, 2026"
    want = [
        (g.away, g.home, g.spread, g.total, datetime.combine(g.day, g.kickoff, tzinfo=ET))
        for g in samples.nfl_week_12_games()
    ]
    assert [(g.away, g.home, g.spread, g.total, g.kickoff) for g in result.games] == want
    assert [g.numbers.all() for g in result.games] == [
        (101 + i, 102 + i, 201 + i, 202 + i) for i in range(0, 32, 2)
    ]
    assert len(result.games) == 16 and {g.league for g in result.games} == {"NFL"}
    assert read(SAMPLES / "nfl-week-12.csv").games == result.games


def test_sample_ncaa_and_combo() -> None:
    ncaa = read(SAMPLES / "ncaa-week-13.xlsx").games
    assert len(ncaa) == 30 and {g.league for g in ncaa} == {"NCAA"}
    assert sum(1 for g in ncaa if not isinstance(g.kickoff, datetime)) == 3
    assert [g.label() for g in ncaa if g.neutral] == ["Hawai'i vs San José State", "UL Monroe vs Louisiana"]
    purdue = next(g for g in ncaa if g.away == "Purdue")
    assert (purdue.spread, purdue.total, purdue.kickoff) == (
        Decimal("-27.5"),
        Decimal("55.5"),
        datetime(2026, 11, 28, 12, tzinfo=ET),
    )
    combo = read(SAMPLES / "combo-week-12.xlsx")
    assert combo.sheets == ("NFL", "College")
    assert [g.league for g in combo.games] == ["NFL"] * 8 + ["NCAA"] * 6
    detroit = combo.games[0]
    assert (detroit.away, detroit.home, detroit.spread) == ("NY Giants", "DETROIT", Decimal("-9.5"))


def test_samples_are_deterministic(tmp_path: Path) -> None:
    samples.write_all(tmp_path)
    for name in ("nfl-week-12.xlsx", "nfl-week-12.csv", "ncaa-week-13.xlsx", "combo-week-12.xlsx"):
        assert (tmp_path / name).read_bytes() == (SAMPLES / name).read_bytes(), name


# --- bad input: one clear paragraph naming the place -------------------------------------------------


def _d14(tmp_path: Path, spread: object) -> Path:
    rows: list[list[object]] = [["NFL Week 12"], [], ["Date", "Away", "Home", "Line", "Total"]]
    teams = [
        "Bears",
        "Packers",
        "Lions",
        "Giants",
        "Colts",
        "Titans",
        "Jets",
        "Bills",
        "Rams",
        "Niners",
        "Chiefs",
        "Broncos",
        "Eagles",
        "Cowboys",
        "Saints",
        "Falcons",
        "Ravens",
        "Bengals",
        "Browns",
        "Steelers",
        "Texans",
        "Jaguars",
    ]
    for i in range(11):
        rows.append(["11/22", teams[2 * i], teams[2 * i + 1], spread if i == 10 else "-3", 44])
    return xlsx(tmp_path, rows, name="nfl-week-12.xlsx")


def test_bad_spread_names_file_sheet_cell_and_what_is_accepted(tmp_path: Path) -> None:
    with pytest.raises(ParlayError) as info:
        read(_d14(tmp_path, "abc"))
    assert info.value.text() == (
        'nfl-week-12.xlsx, sheet "Week 12", cell D14: the spread "abc" is not a line. ' + SPREAD_ACCEPTED
    )


@pytest.mark.parametrize(
    "line, found", [("NL", '("NL")'), (None, "(the cell is blank)")]
)  # OFF: test_off_board
def test_a_game_without_a_line_is_a_problem(tmp_path: Path, line: object, found: str) -> None:
    with pytest.raises(
        ParlayError,
        match=re.escape(
            f"cell D14: Texans at Jaguars has no line {found}: a game without a line cannot go on the card"
        ),
    ):
        read(_d14(tmp_path, line))


def test_quarter_point_spread(tmp_path: Path) -> None:
    with pytest.raises(ParlayError, match=r'cell D14: the spread "-3.25" is not a whole or half point'):
        read(_d14(tmp_path, "-3.25"))


def test_missing_home_team(tmp_path: Path) -> None:
    path = xlsx(tmp_path, [["Away", "Home", "Line"], ["Bears", "Packers", "-3"], ["Lions", None, "-6"]])
    with pytest.raises(
        ParlayError, match=r'sheet "Week 12", cell B3: the home team is missing \(Lions plays nobody\)'
    ):
        read(path)


def test_duplicate_game_and_team_playing_twice(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["Away", "Home", "Line"],
            ["Bears", "Packers", "-3"],
            ["Lions", "Giants", "-6"],
            ["Packers", "Bears", "+3"],
            ["Lions", "Vikings", "-1"],
        ],
    )
    text = error(path)
    assert text.startswith("lines.xlsx: 2 problems; nothing was imported.")
    assert 'sheet "Week 12", row 4: Packers at Bears is on the card twice (also row 2).' in text
    assert 'sheet "Week 12", row 5: Lions plays twice: Lions at Vikings and Lions at Giants (row 3).' in text


def test_negative_total(tmp_path: Path) -> None:
    path = xlsx(tmp_path, [["Away", "Home", "Line", "Total"], ["Bears", "Packers", "-3", "-44"]])
    with pytest.raises(ParlayError, match=r'cell D2: the total "-44" is not a line\. Accepted: 44\.5'):
        read(path)


def test_wrong_weekday_for_the_date(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path, [["NFL 2026"], ["Date", "Away", "Home", "Line"], ["Sun 11/23", "Bears", "Packers", "-3"]]
    )
    with pytest.raises(
        ParlayError,
        match=r'cell A3: the kickoff "Sun 11/23" says Sunday, but 11/23/2026 is a '
        r"Monday\. Check the date\.",
    ):
        read(path)


def test_time_without_a_date(tmp_path: Path) -> None:
    path = xlsx(tmp_path, [["Away", "Home", "Line", "Time"], ["Bears", "Packers", "-3", "1:00 PM"]])
    with pytest.raises(ParlayError, match=r'cell D2: the kickoff "1:00 PM" has a time but no date'):
        read(path)


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path,
        [
            ["Away", "Home", "Line", "Total", "Date"],
            ["Bears", "Packers", "abc", 44, "11/22"],
            ["Lions", "Giants", "-3", "lots", "11/22"],
            ["Colts", "Titans", "-3", 40, "someday"],
        ],
    )
    with pytest.raises(ParlayError) as info:
        read(path)
    assert info.value.problems == (
        'sheet "Week 12", cell C2: the spread "abc" is not a line. ' + SPREAD_ACCEPTED,
        'sheet "Week 12", cell D3: the total "lots" is not a line. Accepted: 44.5, 44½, 44 1/2, o44.5, u44.5, '
        "O/U 44½ (a positive number of points).",
        'sheet "Week 12", cell E4: the kickoff "someday" is not a date or time. Accepted: a date cell, 11/22, '
        "Sun 11/22, 11/22/2026, 2026-11-22, Nov 22, and times such as 1:00 PM, 1p, 13:00, 4:25 ET, SNF, or TBA.",
    )


def test_sheet_without_a_header_says_what_it_found_and_expects(tmp_path: Path) -> None:
    path = xlsx(tmp_path, [["Week 12"], ["Contest", "Pts", "O/U"], ["Bears - Packers", "-3", 44]])
    with pytest.raises(
        ParlayError,
        match=r'lines.xlsx, sheet "Week 12": no header row found: the likeliest header, '
        r'row 2, has "Contest", "Pts", "O/U"\. Expected a header row with Away and '
        r"Home",
    ):
        read(path)
    path = xlsx(tmp_path, [["Week 12"], ["Matchup", "Pts", "O/U"], ["Bears @ Packers", "-3", 44]])
    assert [(g.away, g.home, str(g.spread), str(g.total)) for g in read(path).games] == [
        ("Bears", "Packers", "-3", "44")
    ]


def test_header_without_games(tmp_path: Path) -> None:
    path = xlsx(tmp_path, [["Away", "Home", "Line"]])
    with pytest.raises(ParlayError, match=r'sheet "Week 12", row 1: there are no games under the header row'):
        read(path)


def test_empty_workbook(tmp_path: Path) -> None:
    path = xlsx(tmp_path, [], more={"Sheet2": []})
    with pytest.raises(ParlayError, match=r"^lines.xlsx has no lines: every sheet is empty\."):
        read(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ParlayError, match=r"nope.xlsx: there is no such file\."):
        read(tmp_path / "nope.xlsx")


def test_pdf_renamed_xlsx(tmp_path: Path) -> None:
    path = tmp_path / "lines.xlsx"
    path.write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n")
    with pytest.raises(ParlayError, match=r"^lines.xlsx is a PDF, not a spreadsheet\. Accepted: \.xlsx"):
        read(path)


def test_text_renamed_xlsx(tmp_path: Path) -> None:
    path = tmp_path / "lines.xlsx"
    path.write_text("Away,Home,Line\nBears,Packers,-3\n")
    with pytest.raises(
        ParlayError,
        match=r"^lines.xlsx is not an Excel workbook: it is a text file with an \.xlsx "
        r"name\..*rename it to \.csv",
    ):
        read(path)


def test_truncated_xlsx(tmp_path: Path) -> None:
    good = _d14(tmp_path, "-3")
    cut = tmp_path / "cut.xlsx"
    cut.write_bytes(good.read_bytes()[:1500])
    with pytest.raises(ParlayError, match=r"^cut.xlsx is damaged or incomplete: it could not be unzipped"):
        read(cut)


def test_old_xls_and_unknown_suffix(tmp_path: Path) -> None:
    old = tmp_path / "lines.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100)
    with pytest.raises(ParlayError, match=r"Excel 97–2003 workbook .* save it as \.xlsx"):
        read(old)
    odd = tmp_path / "lines.numbers"
    odd.write_text("hello")
    with pytest.raises(ParlayError, match=r"cannot read a \.numbers file"):
        read(odd)


def test_csv_semicolons_cp1252_and_no_sheets(tmp_path: Path) -> None:
    path = tmp_path / "lines.csv"
    path.write_bytes(
        "Away;Home;Line;Total\nSan José State;Hawai'i;-2½;58½\nSaint Mary's;Saint Joe's;+1;130\n".encode(
            "cp1252"
        )
    )
    assert [(g.away, g.home, g.spread, g.total) for g in read(path).games] == [
        ("San José State", "Hawai'i", Decimal("-2.5"), Decimal("58.5")),
        ("Saint Mary's", "Saint Joe's", Decimal("1"), Decimal("130")),
    ]
    with pytest.raises(
        ParlayError, match=r"lines.csv is a CSV file, which has no sheets: leave out --sheet\."
    ):
        read(path, sheets=("NFL",))


def test_unknown_time_zone(tmp_path: Path) -> None:
    with pytest.raises(ParlayError, match=r'"Mars/Olympus" is not a time zone'):
        read(_d14(tmp_path, "-3"), tz="Mars/Olympus")


# --- the command ------------------------------------------------------------------------------------


def test_cli_import_of_a_bad_file_exits_2_without_traceback_and_changes_nothing(tmp_path: Path) -> None:
    db = str(tmp_path / "p.db")
    runner = CliRunner()
    ok = runner.invoke(app, ["--db", db, "import", str(SAMPLES / "nfl-week-12.xlsx"), "--card", "nfl-w12"])
    assert ok.exit_code == 0, ok.output
    before = runner.invoke(app, ["--db", db, "show", "nfl-w12", "--json"]).stdout
    bad = _d14(tmp_path, "abc")
    result = runner.invoke(app, ["--db", db, "import", str(bad), "--card", "nfl-w12"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert result.stderr.strip() == (
        'Error: nfl-week-12.xlsx, sheet "Week 12", cell D14: the spread "abc" is not a '
        "line. " + SPREAD_ACCEPTED
    )
    after = runner.invoke(app, ["--db", db, "show", "nfl-w12", "--json"]).stdout
    assert after == before and json.loads(after)["version"] == 1
    cards = json.loads(runner.invoke(app, ["--db", db, "cards", "--json"]).stdout)
    assert [c["slug"] for c in cards] == ["nfl-w12"]


def test_cli_import_of_a_pdf_exits_2(tmp_path: Path) -> None:
    pdf = tmp_path / "week.xlsx"
    pdf.write_bytes(b"%PDF-1.4\n")
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "p.db"), "import", str(pdf)])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: week.xlsx is a PDF, not a spreadsheet.")
    assert "Traceback" not in result.output
