"""Writes the lines corpus in tests/corpus/lines/ (run from the repository's root; the files are committed).

Each file is a small sheet laid out as sportsbooks, offices and bars send them; tests/test_import_corpus.py
holds the games each must give. libreoffice.xlsx is libreoffice-source.csv converted by LibreOffice:
    soffice --headless --convert-to xlsx --outdir /tmp/lo tests/corpus/lines/libreoffice-source.csv
    cp /tmp/lo/libreoffice-source.xlsx tests/corpus/lines/libreoffice.xlsx
"""

from __future__ import annotations

from datetime import datetime, time
from pathlib import Path

from openpyxl import Workbook

HERE = Path(__file__).resolve().parent / "lines"


def xlsx(name: str, rows: list[list[object]], sheet: str = "Lines", merge: str | None = None) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = sheet
    for r, cells in enumerate(rows, start=1):
        for c, value in enumerate(cells, start=1):
            if value is not None:
                cell = ws.cell(row=r, column=c, value=value)
                if isinstance(value, str):
                    cell.data_type = "s"
    if merge:
        ws.merge_cells(merge)
    wb.save(HERE / name)


def text(name: str, body: str, encoding: str = "utf-8", newline: str = "\r\n") -> None:
    (HERE / name).write_bytes(body.replace("\n", newline).encode(encoding))


def main() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    xlsx(
        "rotation-board.xlsx",
        [
            ["NFL Week 12 — November 19–23, 2026"],
            [],
            ["Rot", "Team", "Line", "Date", "Time (ET)"],
            ["THURSDAY, NOVEMBER 19"],
            [101, "Pittsburgh", "-2½", datetime(2026, 11, 19), time(20, 15)],
            [102, "Cleveland", 37.5],
            ["SUNDAY, NOVEMBER 22"],
            [103, "NY Giants", 48.5, None, time(13)],
            [104, "Detroit", "-9½"],
            [105, "Tennessee", "PK", None, time(13)],
            [106, "Indianapolis", "42½"],
        ],
        merge="A1:E1",
    )
    xlsx(
        "rotation-spread-total.xlsx",
        [
            ["Rot", "Team", "Spread", "Total", "Time"],
            ["NFL"],
            ["SUNDAY, NOVEMBER 22, 2026"],
            [451, "Buffalo", "+3", "o47", "1:00p"],
            [452, "Kansas City", "-3", "u47", None],
            ["COLLEGE FOOTBALL"],
            ["Saturday, November 21, 2026"],
            [301, "Georgia Tech", 7, 55, "12:00p"],
            [302, "Georgia", None, None, None],
        ],
    )
    xlsx(
        "one-row.xlsx",
        [
            ["Office pool — week 12"],
            ["Date", "Time", "Away", "Home", "Line", "Total", "Neutral"],
            ["Sun 11/22", "1:00 PM", "Chicago", "Green Bay", "-6½", "41½", None],
            ["Sun 11/22", "4:25 PM", "Tennessee", "Indianapolis", "PK", "42", "no"],
            ["Sat 11/21", "TBA", "Hawai'i", "San José State", "+2½", "58½", "yes"],
        ],
    )
    text(
        "one-row-named-lines.csv",
        "Away,Home,Line,O/U,Date\nBears,@Packers,GB -6½,41.5,11/22/2026\n"
        "Seattle,San Francisco 49ers,49ers PK,47,11/26/2026\nDenver,Kansas City,KC 7,44,11/29/2026\n",
    )
    xlsx(
        "favorite-line-underdog.xlsx",
        [
            ["FAVORITE", "LINE", "UNDERDOG", "O/U", "Kickoff"],
            ["DALLAS", "-4", "Jacksonville", "47½", "Sun 11/22 1:00p"],
            ["Buffalo", 3, "MIAMI", 41, "Sun 11/22 1:00p"],
            ["Michigan (N)", "3", "Ohio State", 48, "Sat 11/21 12:00"],
        ],
    )
    xlsx(
        "favorite-by-name.xlsx",
        [
            ["Kickoff", "Away", "Home", "Favorite", "Spread", "Total"],
            ["9/8/2024 1:00 PM", "Pittsburgh", "Atlanta", "Atlanta", 3, 42.5],
            ["9/8/2024 1:00 PM", "Arizona", "Buffalo", "Buffalo", "6.5", 47],
            ["9/8/2024 4:25 PM", "Dallas", "Cleveland", "Dallas", "2½", 41],
            ["9/9/2024 8:15 PM", "NY Jets", "San Francisco", "49ers", "4", 43],
            ["9/8/2024 1:00 PM", "Tennessee", "Chicago", "", "PK", 44],
        ],
    )
    xlsx(
        "underdog-by-name.xlsx",
        [
            ["Date", "Away", "Home", "Dog", "Pts"],
            ["9/8/2024", "Pittsburgh", "Atlanta", "Pittsburgh", 3],
            ["9/8/2024", "Arizona", "Buffalo", "Buffalo", 1.5],
        ],
    )
    xlsx(
        "site-column.xlsx",
        [
            ["Visitor", "at/vs", "Home", "Line", "Total"],
            ["Green Bay", "vs.", "Philadelphia", "-1.5", 48.5],
            ["Dallas", "at", "Cleveland", "+2.5", 41],
            ["Miami", "@", "Jacksonville", "-3", 45],
            ["Notre Dame", "N", "Navy", "+16½", 48.5],
        ],
    )
    text(
        "site-headerless.csv",
        "Away,,Home,Line\nGeorgia Tech,vs,Florida State,-10\nBoise State,at,Georgia,-17\n",
    )
    xlsx(
        "day-headings-with-words.xlsx",
        [
            ["Week 1 — 2024"],
            ["Away", "Home", "Line", "Total", "Time"],
            ["THURSDAY, SEPT. 5, 2024"],
            ["Baltimore", "Kansas City", "-3", 46.5, "8:20 PM"],
            ["FRIDAY, SEPT. 6, 2024 — at São Paulo, Brazil"],
            ["Green Bay", "Philadelphia (N)", "-1.5", 48.5, "8:15 PM"],
            ["SUNDAY, SEPT. 8, 2024 (early games)"],
            ["Pittsburgh", "Atlanta", "-3", 42.5, "1:00 PM"],
            ["Lines subject to change."],
        ],
    )
    text(
        "excel-cp1252-semicolon.csv",
        "Lignes semaine 13;;;;\nAway;Home;Line;Total;Date\n"
        "San José State;Hawai'i;-2,5;58,5;28/11/2026\nCal;Stanford;+3;44;28/11/2026\n".replace(
            "28/11/2026", "2026-11-28"
        ),
        encoding="cp1252",
    )
    text(
        "excel-utf8-bom.csv",
        "\ufeffDate,Time,Away,Home,Home Line,Total\n11/22/2026,1:00 PM,NY Giants,Detroit,"
        "-9.5,48.5\n11/22/2026,4:25 PM,Arizona,Seattle,-3,\n",
    )
    text(
        "away-line.tsv",
        "Away\tHome\tAway line\tTotal\nBuffalo\tNY Jets\t-6.5\t40\nCarolina\tAtlanta\t+3\t\n",
        newline="\n",
    )
    text(
        "libreoffice-source.csv",
        "Date,Time,Away,Home,Line,Total\n2026-11-22,1:00 PM,Chicago,Green Bay,-6.5,41.5\n"
        "2026-11-22,4:25 PM,Tennessee,Indianapolis,PK,42\n",
        newline="\n",
    )
    matchup()
    own_headers()
    machine_made()
    calc_made()


def machine_made() -> None:
    """Issue 21's classes: a sportsbook's page pasted into Excel, a feed's export with ISO times in UTC, a
    public data set's season (team codes, a location column, the other sign convention, many weeks)."""
    xlsx(
        "sportsbook-two-rows.xlsx",
        [
            ["NFL Odds — Week 5"],
            ["Time", "Team", "Spread", "Total", "Money"],
            ["Thursday, October 5th, 2023"],
            ["8:15 PM", "Chicago Bears", "+5.5 (-110)", "O 44.5 (-110)", "+200"],
            [None, "Washington Commanders", "-5.5 (-110)", "U 44.5 (-110)", "-240"],
            ["Sunday, October 8th, 2023"],
            ["1:00 PM", "Houston Texans", "+2 (-110)", "O 44 (-105)", "+110"],
            [None, "Atlanta Falcons", "-2 (-110)", "U 44 (-115)", "-130"],
            ["4:25 PM", "@ San Francisco 49ers", "-3.5 (-110)", "U 45.5 (-110)", "-175"],
            [None, "Dallas Cowboys", "+3.5 (-110)", "O 45.5 (-110)", "+150"],
        ],
        sheet="Odds",
    )
    text(
        "feed-iso-utc.csv",
        "event_id,commence_time,away_team,home_team,home_spread,total\n"
        "e1,2023-10-06T00:15Z,Chicago Bears,Washington Commanders,-5.5,44.5\n"
        "e2,2023-10-08T13:30:00Z,Jacksonville Jaguars,Buffalo Bills,-5.5,48\n"
        "e3,2023-10-08T17:00:00+00:00,Houston Texans,Atlanta Falcons,-2,44\n"
        "e4,2023-10-09T00:20Z,Dallas Cowboys,San Francisco 49ers,-3.5,45.5\n",
        newline="\n",
    )
    rows = [
        "game_id,season,game_type,week,gameday,weekday,gametime,away_team,home_team,location,"
        "away_moneyline,home_moneyline,spread_line,total_line,roof"
    ]
    for season, week, day, clock, away, home, where, aml, hml, line, total in [
        (2022, 18, "2023-01-08", "13:00", "HOU", "IND", "Home", 160, -190, 3.5, 38.5),
        (2023, 4, "2023-10-01", "09:30", "ATL", "JAX", "Neutral", 125, -148, 3.0, 43.0),
        (2023, 4, "2023-10-01", "13:00", "WAS", "PHI", "Home", 330, -425, 8.0, 43.5),
        (2023, 5, "2023-10-05", "20:15", "CHI", "WAS", "Home", 215, -265, 6.0, 44.5),
        (2023, 5, "2023-10-08", "13:00", "HOU", "ATL", "Home", 105, -125, 1.5, 41.0),
        (2023, 5, "2023-10-08", "16:05", "LA", "PHI", "Home", 190, -230, 4.5, 50.5),
        (2023, 5, "2023-10-08", "16:25", "LV", "LAC", "Home", 150, -178, 3.5, 51.0),
        (2023, 5, "2023-10-08", "20:20", "DAL", "SF", "Home", 145, -170, 3.5, 45.0),
        (2023, 6, "2023-10-15", "13:00", "WAS", "ATL", "Home", 110, -130, 2.5, 43.0),
    ]:
        rows.append(
            f"{season}_{week:02d}_{away}_{home},{season},REG,{week},{day},Sunday,{clock},{away},{home},{where},"
            f"{aml},{hml},{line},{total},outdoors"
        )
    text("season-nflverse.csv", "\n".join(rows) + "\n", newline="\n")


def matchup() -> None:
    """Both teams in one cell, as schedule sites and sportsbooks list them."""
    text(
        "matchup.csv",
        "Matchup,Line,O/U,Kickoff,TV\n"
        '"NCAA - SATURDAY, NOVEMBER 28",,,,\n'
        "Texas A&M at Army,-7,51,11/28/2026 12:00 PM,CBS\n"
        "Georgia vs. Clemson,UGA -3.5,49.5,11/28/2026 3:30 PM,ABC\n"
        '"NFL - SUNDAY, NOVEMBER 29",,,,\n'
        "Buffalo Bills @ Houston Texans,HOU -3,44,11/29/2026 1:00 PM,CBS\n"
        "Dallas@NY Giants,PK,47.5,11/29/2026 4:25 PM,FOX\n",
    )


def own_headers() -> None:
    """A club's own sheet whose headers name no layout (Visiting club, Host club, Host gives): only
    `import --map` reads it; the refusal without one prints the --map command that does."""
    xlsx(
        "club-own-headers.xlsx",
        [
            ["Friday Night Club — week 12"],
            [],
            ["Gm", "Visiting club", "Host club", "Host gives", "Pts total", "Kick", "Notes"],
            [1, "Chicago", "Green Bay", "-6½", 41.5, datetime(2026, 11, 22, 13, 0), None],
            [2, "Tennessee", "Indianapolis", "PK", 42, datetime(2026, 11, 22, 16, 25), "windy"],
            [3, "Buffalo", "Miami", "+2.5", 47, datetime(2026, 11, 23, 20, 15), None],
            [4, "Hawai'i", "San José State", -3, 58.5, datetime(2026, 11, 21, 22, 30), "late kickoff"],
        ],
        sheet="Week 12",
    )


def calc_made() -> None:
    """Files written by LibreOffice Calc itself (headless, from the CSV or xlsx beside them): its dates are
    date cells, its numbers numbers, its styles its own. soffice must be on the PATH to rebuild them."""
    import shutil
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        inline = Path(tmp) / "matchup-lines-in-cell-calc.csv"
        inline.write_text(
            "Matchup,O/U,Kickoff\nChiefs -3 vs Bills,47.5,11/22/2026 4:25 PM\n"
            "Jets @ Dolphins -4,42.5,11/22/2026 1:00 PM\nRavens -7 at Browns,40,11/22/2026 1:00 PM\n"
            "49ers PK @ Rams,49,11/23/2026 8:15 PM\n"
        )
        for source in (inline, HERE / "season-nflverse.csv", HERE / "sportsbook-two-rows.xlsx"):
            subprocess.run(
                [
                    "soffice",
                    f"-env:UserInstallation=file://{tmp}/profile",
                    "--headless",
                    "--convert-to",
                    "xlsx",
                    "--outdir",
                    f"{tmp}/out",
                    str(source),
                ],
                check=True,
                capture_output=True,
                timeout=180,
            )
            name = source.stem + ("" if source.stem.endswith("-calc") else "-calc") + ".xlsx"
            shutil.copy(Path(tmp) / "out" / (source.stem + ".xlsx"), HERE / name)


if __name__ == "__main__":
    main()
