"""The sample lines in sample_lines/, made from the fixed data below (no randomness): same input, same files.

    python -m parlaycards.demo.samples sample_lines/

Writes nfl-week-12.xlsx (rotation board), nfl-week-12.csv (one row per game), ncaa-week-13.xlsx (one row
per game, text dates, TBA times, neutral sites) and combo-week-12.xlsx (an NFL Favorite / Line / Underdog
sheet and a College sheet, one combo card).
"""

from __future__ import annotations

import csv
import io
import re
import sys
import zipfile
from collections.abc import Callable
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.lines import format_spread, half

if TYPE_CHECKING:
    from openpyxl import Workbook  # openpyxl is heavy: loaded when a sample is written
    from openpyxl.worksheet.worksheet import Worksheet

STAMP = (2026, 11, 17, 9, 0, 0)  # every file says it was written then, so regenerating changes no bytes
#: NFL teams by city, as a bar's sheet writes them, in pairs (away, home): test and benchmark cards.
#: A week of NFL games (away, home, home's line, total) for test and benchmark cards.
NFL_GAMES = (
    ("Buffalo Bills", "Houston Texans", "-3.5", "44.5"),
    ("Dallas Cowboys", "New York Giants", "2.5", "41"),
    ("Kansas City Chiefs", "Las Vegas Raiders", "7", "47.5"),
    ("Green Bay Packers", "Chicago Bears", "1.5", "38.5"),
    ("Baltimore Ravens", "Pittsburgh Steelers", "3", "42.5"),
    ("Cincinnati Bengals", "Cleveland Browns", "-4.5", "45.5"),
    ("Miami Dolphins", "New England Patriots", "6.5", "39"),
    ("New York Jets", "Indianapolis Colts", "-2.5", "43.5"),
    ("Jacksonville Jaguars", "Tennessee Titans", "0", "40.5"),
    ("Denver Broncos", "Los Angeles Chargers", "-3", "46"),
    ("Philadelphia Eagles", "Washington Commanders", "-10.5", "49.5"),
    ("Detroit Lions", "Minnesota Vikings", "1.5", "51.5"),
    ("Atlanta Falcons", "New Orleans Saints", "-5.5", "48.5"),
    ("Carolina Panthers", "Tampa Bay Buccaneers", "3.5", "37.5"),
    ("San Francisco 49ers", "Seattle Seahawks", "-9.5", "44"),
    ("Arizona Cardinals", "Los Angeles Rams", "-1", "50.5"),
)
NFL_CITIES = (
    "Buffalo",
    "Houston",
    "Dallas",
    "NY Giants",
    "Kansas City",
    "Las Vegas",
    "Green Bay",
    "Chicago",
    "Baltimore",
    "Pittsburgh",
    "Cincinnati",
    "Cleveland",
    "Miami",
    "New England",
    "NY Jets",
    "Indianapolis",
    "Jacksonville",
    "Tennessee",
    "Denver",
    "LA Chargers",
    "Philadelphia",
    "Washington",
    "Detroit",
    "Minnesota",
    "Atlanta",
    "New Orleans",
    "Carolina",
    "Tampa Bay",
    "San Francisco",
    "Seattle",
    "Arizona",
    "LA Rams",
)


class Sample(NamedTuple):
    """One game as the sample files give it: `spread` is home's line, times are Eastern."""

    day: date
    kickoff: time | None  # None: TBA
    away: str
    home: str
    spread: Decimal
    total: Decimal
    neutral: bool = False


def _games(day: date, rows: list[tuple[Any, ...]]) -> list[Sample]:
    out = []
    for hhmm, away, home, spread, total, *neutral in rows:
        hour, minute = (int(part) for part in hhmm.split(":")) if hhmm else (0, 0)
        clock = time(hour, minute) if hhmm else None
        out.append(Sample(day, clock, away, home, Decimal(str(spread)), Decimal(str(total)), bool(neutral)))
    return out


THU, SUN, MON = date(2026, 11, 19), date(2026, 11, 22), date(2026, 11, 23)
NFL_WEEK_12 = (
    _games(THU, [("20:15", "Pittsburgh", "Cleveland", 2.5, 37.5)])
    + _games(
        SUN,
        [
            ("13:00", "NY Giants", "Detroit", -9.5, 48.5),
            ("13:00", "Tennessee", "Indianapolis", -6.5, 42.5),
            ("13:00", "Jacksonville", "Houston", -4, 41.5),
            ("13:00", "New England", "Miami", 0, 43),
            ("13:00", "Carolina", "Atlanta", -3.5, 45.5),
            ("13:00", "Tampa Bay", "New Orleans", 1.5, 46),
            ("13:00", "Washington", "Dallas", -2.5, 49.5),
            ("13:00", "Cincinnati", "Baltimore", -4.5, 52.5),
            ("16:05", "Arizona", "Seattle", -7, 44),
            ("16:05", "LA Chargers", "Denver", -1.5, 40.5),
            ("16:25", "Buffalo", "NY Jets", 7.5, 42),
            ("16:25", "San Francisco", "LA Rams", 0, 47.5),
            ("16:25", "Chicago", "Philadelphia", -5.5, 45),
            ("20:20", "Kansas City", "Las Vegas", 8.5, 46.5),
        ],
    )
    + _games(MON, [("20:15", "Minnesota", "Green Bay", -3, 44.5)])
)

FRI, SAT = date(2026, 11, 27), date(2026, 11, 28)
NCAA_WEEK_13 = _games(
    FRI,
    [
        ("12:00", "Nebraska", "Iowa", -3.5, 38.5),
        ("15:30", "Memphis", "Tulane", -2.5, 55.5),
        ("19:30", "Utah State", "Boise State", -17.5, 57.5),
        ("20:00", "Colorado", "Utah", -6.5, 47.5),
    ],
) + _games(
    SAT,
    [
        ("12:00", "Michigan", "Ohio State", -9.5, 44.5),
        ("19:30", "Texas", "Texas A&M", -1.5, 48.5),
        ("15:30", "Auburn", "Alabama", -14.5, 47.5),
        (None, "Georgia", "Georgia Tech", 13.5, 52.5),
        ("19:00", "Florida State", "Florida", -3, 48.5),
        ("19:30", "Clemson", "South Carolina", 2.5, 45.5),
        ("15:30", "Notre Dame", "Stanford", 20.5, 49.5),
        (None, "Oregon", "Oregon State", 24.5, 58.5),
        ("22:30", "Washington", "Washington State", 10.5, 51.5),
        ("15:30", "UCLA", "USC", -12.5, 55.5),
        ("12:00", "Kentucky", "Louisville", -9, 48),
        (None, "Ole Miss", "Mississippi State", 12.5, 60.5),
        ("19:00", "LSU", "Oklahoma", -2, 50.5),
        ("22:30", "Arizona", "Arizona State", -4.5, 53.5),
        ("12:00", "Iowa State", "Kansas State", -3, 47),
        ("15:30", "Pittsburgh", "Miami (FL)", -13.5, 51.5),
        ("15:30", "Wisconsin", "Minnesota", -4, 39.5),
        ("12:00", "Purdue", "Indiana", -27.5, 55.5),
        ("12:00", "Illinois", "Northwestern", 6.5, 43.5),
        ("15:30", "Maryland", "Penn State", -21.5, 50.5),
        ("12:00", "Virginia Tech", "Virginia", -3.5, 49.5),
        ("20:00", "North Carolina", "NC State", -4.5, 51),
        ("16:15", "Vanderbilt", "Tennessee", -10, 56.5),
        ("19:30", "Missouri", "Arkansas", 3, 53.5),
        ("22:00", "Hawai'i", "San José State", -2.5, 58.5, "N"),
        ("17:00", "UL Monroe", "Louisiana", -9.5, 52.5, "N"),
    ],
)

COMBO_NFL = tuple(
    g
    for g in NFL_WEEK_12
    if g.home
    in {"Detroit", "Indianapolis", "New Orleans", "Miami", "Baltimore", "Seattle", "NY Jets", "Las Vegas"}
)
COMBO_COLLEGE = _games(
    date(2026, 11, 21),
    [
        ("12:00", "Texas A&M", "South Carolina", 6.5, 47.5),
        ("12:00", "Miami (FL)", "Virginia Tech", 7, 49),
        ("15:30", "Georgia", "Tennessee", 3.5, 50.5),
        ("19:30", "USC", "Oregon", -10.5, 57.5),
        ("20:00", "Notre Dame", "Navy", 16.5, 48.5),
        ("22:15", "Utah", "BYU", -2.5, 46.5),
    ],
)


def nfl_week_12_games() -> tuple[Sample, ...]:
    return tuple(NFL_WEEK_12)


def write_all(target: Path) -> list[Path]:
    """Write every sample file into `target` (made if missing); returns the paths."""
    target.mkdir(parents=True, exist_ok=True)
    return [
        write_nfl_rotation(target / "nfl-week-12.xlsx"),
        write_nfl_csv(target / "nfl-week-12.csv"),
        write_ncaa(target / "ncaa-week-13.xlsx"),
        write_combo(target / "combo-week-12.xlsx"),
    ]


def write_nfl_rotation(path: Path) -> Path:
    """The rotation board: two rows a game, spread on the favourite's row, total on the other."""
    wb, ws = new_book("Week 12", "NFL Week 12 — November 19–23, 2026")
    ws.merge_cells("A1:E1")
    header_row(ws, ["Rot", "Team", "Line", "Date", "Time (ET)"], [7, 18, 9, 12, 11])
    for i, g in enumerate(NFL_WEEK_12):
        away_fav = g.spread > 0 or g.spread == 0
        spread_text = "PK" if g.spread == 0 else "-" + half(g.spread)
        away_line, home_line = (spread_text, float(g.total)) if away_fav else (float(g.total), spread_text)
        ws.append([101 + 2 * i, g.away, away_line, g.day, g.kickoff])
        ws.append([102 + 2 * i, g.home, home_line])
        ws.cell(ws.max_row - 1, 4).number_format = "ddd m/d"
        ws.cell(ws.max_row - 1, 5).number_format = "h:mm AM/PM"
    ws.freeze_panes = "A4"
    save_book(wb, path)
    return path


def write_nfl_csv(path: Path) -> Path:
    """The same week, one row per game, as an operator's CSV."""
    out = io.StringIO(newline="")
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(["Date", "Time", "Away", "Home", "Home Line", "Total"])
    for g in NFL_WEEK_12:
        w.writerow(
            [
                f"{g.day:%m/%d/%Y}",
                _ampm(g.kickoff),
                g.away,
                g.home,
                f"{g.spread:+}" if g.spread else "PK",
                str(g.total),
            ]
        )
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def write_ncaa(path: Path) -> Path:
    """College week 13, one row per game: text dates and times, a few TBA, two neutral sites."""
    wb, ws = new_book("Week 13", "College Football Week 13 — November 27–28, 2026")
    header_row(ws, ["Date", "Time", "Away", "Home", "Line", "Total", "Neutral"], [11, 9, 16, 18, 8, 7, 8])
    for g in NCAA_WEEK_13:
        ws.append(
            [
                _day(g.day),
                _short(g.kickoff),
                g.away,
                g.home,
                format_spread(g.spread),
                half(g.total),
                "yes" if g.neutral else "",
            ]
        )
        _as_text(ws)
    ws.freeze_panes = "A4"
    save_book(wb, path)
    return path


def write_combo(path: Path) -> Path:
    """Two sheets, one combo card: NFL as Favorite / Line / Underdog (home in CAPITALS), College one row a game."""
    wb, ws = new_book("NFL", "Week 12 Combo Card — NFL & College — November 21–23, 2026")
    header_row(ws, ["Date", "Time", "Favorite", "Line", "Underdog", "Total"], [11, 9, 16, 7, 16, 7])
    for g in COMBO_NFL:
        home_fav = g.spread <= 0
        fav, dog = (g.home.upper(), g.away) if home_fav else (g.away, g.home.upper())
        line = "PK" if g.spread == 0 else half(g.spread)
        ws.append([_day(g.day), _ampm(g.kickoff), fav, line, dog, half(g.total)])
    ws.freeze_panes = "A4"
    ws = wb.create_sheet("College")
    header_row(ws, ["Date", "Time", "Away", "Home", "Line", "Total"], [11, 9, 16, 16, 8, 7])
    for g in COMBO_COLLEGE:
        ws.append([_day(g.day), _short(g.kickoff), g.away, g.home, format_spread(g.spread), half(g.total)])
        _as_text(ws)
    ws.freeze_panes = "A2"
    save_book(wb, path)
    return path


def _day(day: date) -> str:
    """`Sat 11/28`."""
    return f"{day:%a} {day.month}/{day.day}"


def _ampm(clock: time | None) -> str:
    return "TBA" if clock is None else f"{clock:%I:%M %p}".lstrip("0")


def _short(clock: time | None) -> str:
    """`12:00p`, `3:30p`: how operators type times."""
    return "TBA" if clock is None else f"{clock:%I:%M}".lstrip("0") + ("a" if clock.hour < 12 else "p")


def new_book(sheet: str, title: str) -> tuple[Workbook, Worksheet]:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    wb.properties.creator = "parlaycards samples"
    wb.properties.created = datetime(*STAMP)
    ws = wb.active
    ws.title = sheet
    ws.append([title])
    ws["A1"].font = Font(bold=True, size=14)
    ws.append([])
    return wb, ws


def header_row(ws: Worksheet, names: list[str], widths: list[float]) -> None:
    from openpyxl.styles import Font, PatternFill
    from openpyxl.utils import get_column_letter

    ws.append(names)
    for i, (cell, width) in enumerate(zip(ws[ws.max_row], widths, strict=True), start=1):
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor="1F4E78")
        ws.column_dimensions[get_column_letter(i)].width = width


def _as_text(ws: Worksheet) -> None:
    """Lines such as `-3½` stay text (never formulas) in the last row written."""
    for cell in ws[ws.max_row]:
        if isinstance(cell.value, str) and cell.value.startswith(("=", "+", "-", "@")):
            cell.data_type = "s"


def save_book(wb: Workbook, path: Path) -> None:
    """Save with fixed timestamps inside the zip, so the same data gives the same bytes."""
    raw = io.BytesIO()
    wb.save(raw)
    stamp = datetime(*STAMP).strftime("%Y-%m-%dT%H:%M:%SZ")
    out = io.BytesIO()
    with zipfile.ZipFile(raw) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>" + stamp.encode(), data)
            dst.writestr(zipfile.ZipInfo(info.filename, date_time=STAMP), data, zipfile.ZIP_DEFLATED)
    path.write_bytes(out.getvalue())


def main(argv: list[str], write: Callable[[Path], list[Path]] = write_all) -> int:
    """Write the sample files into the folder given (sample_lines/ by default), naming each."""
    target = Path(argv[0]) if argv else Path("sample_lines")
    for path in write(target):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
