"""Writes the held-out sheets in tests/corpus/heldout/ (run from the repository's root; the files are
committed): sheets whose headers name no layout, as clubs, offices and data sets write them, each with
the games it must give in NAME.expected.json. They were written before the guesses were tuned and are not
looked at when tuning: benchmarks/map_guess_bench.py reports them apart.

The files marked LibreOffice below are written by LibreOffice Calc itself: the CSV is converted headless
(`soffice --headless --convert-to xlsx`), so their cells, styles and dates are as a spreadsheet program
writes them, not as openpyxl does. soffice must be on the PATH to rebuild them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from datetime import datetime
from pathlib import Path

from openpyxl import Workbook

HERE = Path(__file__).resolve().parent / "heldout"


def expect(name: str, games: list[tuple[str, str, float, float | None]], **chosen: str) -> None:
    body = {"games": [list(g) for g in games], "chosen": chosen}
    (HERE / f"{Path(name).stem}.expected.json").write_text(json.dumps(body, indent=1) + "\n")


def csv(name: str, body: str) -> None:
    (HERE / name).write_text(body)


def calc(name: str, body: str) -> None:
    """An xlsx written by LibreOffice Calc from the CSV `body`."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / (Path(name).stem + ".csv")
        source.write_text(body)
        subprocess.run(
            [
                "soffice",
                f"-env:UserInstallation=file://{tmp}/profile",
                "--headless",
                "--convert-to",
                "xlsx",
                "--outdir",
                tmp,
                str(source),
            ],
            check=True,
            capture_output=True,
            timeout=180,
        )
        shutil.copy(Path(tmp) / (Path(name).stem + ".xlsx"), HERE / name)


def calc_from(name: str, source_name: str, body: str, via: str = "") -> None:
    """An xlsx written by LibreOffice Calc from the CSV `body`, first saved as `via` (ods) when given."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / source_name
        source.write_text(body)
        profile = f"-env:UserInstallation=file://{tmp}/profile"
        for target in ([via] if via else []) + ["xlsx"]:
            subprocess.run(
                [
                    "soffice",
                    profile,
                    "--headless",
                    "--convert-to",
                    target,
                    "--outdir",
                    f"{tmp}/out",
                    str(source),
                ],
                check=True,
                capture_output=True,
                timeout=180,
            )
            source = Path(tmp) / "out" / (source.stem + "." + target)
        shutil.copy(source, HERE / name)


def book(name: str, rows: list[list[object]]) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Sheet1"
    for cells in rows:
        ws.append(cells)
    wb.save(HERE / name)


def main() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    # LibreOffice: away's line with both moneylines (the moneylines say whose line it is)
    calc(
        "road-line-moneylines.xlsx",
        "Kick,Road,Hosts,Road pts,O-U,Road ML,Hosts ML\n"
        "11/22/2026 13:00,Buffalo Bills,New York Jets,-6.5,40,-280,+230\n"
        "11/22/2026 13:00,Carolina Panthers,Atlanta Falcons,+3,41.5,+135,-155\n"
        "11/22/2026 16:25,Denver Broncos,Las Vegas Raiders,-2.5,39,-135,+115\n"
        "11/22/2026 20:20,Chicago Bears,Minnesota Vikings,+4,43.5,+170,-200\n",
    )
    expect(
        "road-line-moneylines.xlsx",
        [
            ("Buffalo Bills", "New York Jets", 6.5, 40),
            ("Carolina Panthers", "Atlanta Falcons", -3, 41.5),
            ("Denver Broncos", "Las Vegas Raiders", 2.5, 39),
            ("Chicago Bears", "Minnesota Vikings", -4, 43.5),
        ],
    )
    # home's line, nothing else to say whose: the guess must not pick one reading in silence
    csv(
        "guest-host-plain.csv",
        "Guest,Host,Pts,Over/Under\nTennessee,Indianapolis,-3.5,42\nCleveland,Pittsburgh,+1.5,38\n"
        "Seattle,Los Angeles Rams,-2,47.5\n",
    )
    expect(
        "guest-host-plain.csv",
        [
            ("Tennessee", "Indianapolis", -3.5, 42),
            ("Cleveland", "Pittsburgh", 1.5, 38),
            ("Seattle", "Los Angeles Rams", -2, 47.5),
        ],
    )
    # LibreOffice: the favourite named, the points unsigned
    calc(
        "visitors-hosts-fav.xlsx",
        "Visitors,Hosts,Fav,By,O/U\nDetroit,Green Bay,Detroit,3,48.5\nMiami,New England,Miami,7,44\n"
        "Houston,Jacksonville,Jacksonville,1.5,45\n",
    )
    expect(
        "visitors-hosts-fav.xlsx",
        [
            ("Detroit", "Green Bay", 3, 48.5),
            ("Miami", "New England", 7, 44),
            ("Houston", "Jacksonville", -1.5, 45),
        ],
    )
    # the underdog named, its points with a plus sign
    book(
        "getting-points.xlsx",
        [
            ["Week 12 pool"],
            ["Road", "Home", "Getting", "Pts"],
            ["Arizona", "Seattle", "Arizona", "+6.5"],
            ["Dallas", "Philadelphia", "Philadelphia", "+2"],
            ["Tampa Bay", "New Orleans", "New Orleans", "+1"],
        ],
    )
    expect(
        "getting-points.xlsx",
        [
            ("Arizona", "Seattle", -6.5, None),
            ("Dallas", "Philadelphia", 2, None),
            ("Tampa Bay", "New Orleans", 1, None),
        ],
    )
    # both teams in one cell, every line naming its team
    csv(
        "games-named-lines.csv",
        "Contest,Handicap,Tot,When\nBears at Packers,GB -6.5,41.5,Sun 1:00 PM\n"
        "Colts @ Texans,HOU -3,46,Sun 1:00 PM\nRams at Cardinals,LAR -1.5,49,Sun 4:05 PM\n",
    )
    expect(
        "games-named-lines.csv",
        [
            ("Bears", "Packers", -6.5, 41.5),
            ("Colts", "Texans", -3, 46),
            ("Rams", "Cardinals", 1.5, 49),
        ],
    )
    # LibreOffice: both teams in one cell, the lines bare
    calc(
        "fixture-bare-lines.xlsx",
        "Tie,Hcap,Pts\nNY Giants at Washington,-4,43\nKansas City at Cincinnati,+1,47.5\n"
        "Baltimore at Pittsburgh,+3,39\n",
    )
    expect(
        "fixture-bare-lines.xlsx",
        [
            ("NY Giants", "Washington", -4, 43),
            ("Kansas City", "Cincinnati", 1, 47.5),
            ("Baltimore", "Pittsburgh", 3, 39),
        ],
    )
    # LibreOffice: a rotation board with one line column (the spread on the favourite's row, the total on
    # the other)
    calc(
        "board-one-line.xlsx",
        "Tkt,Side,Figure,Start\n"
        "SUNDAY NOVEMBER 22,,,\n"
        "261,Tennessee,44.5,1:00 PM\n262,Houston,-7,\n"
        "263,Seattle,-3,4:05 PM\n264,Arizona,47,\n"
        "265,Chicago,38.5,8:20 PM\n266,Minnesota,-2.5,\n",
    )
    expect(
        "board-one-line.xlsx",
        [
            ("Tennessee", "Houston", -7, 44.5),
            ("Seattle", "Arizona", 3, 47),
            ("Chicago", "Minnesota", -2.5, 38.5),
        ],
    )
    # a data set's season: codes, many weeks, the home margin (positive: home favoured) and moneylines
    csv(
        "season-codes.csv",
        "id,yr,wk,date,visitor,host,venue,v_ml,h_ml,home_fav_by,ou\n"
        "401,2026,11,2026-11-15,KC,DEN,Home,-190,+160,-4,44\n"
        "402,2026,11,2026-11-15,SF,SEA,Home,-130,+110,-2,46.5\n"
        "501,2026,12,2026-11-22,BUF,MIA,Home,-125,+105,-1.5,48\n"
        "502,2026,12,2026-11-22,JAC,TEN,Home,+120,-140,2.5,41\n"
        "503,2026,12,2026-11-22,LAC,LV,Home,-200,+170,-4.5,43.5\n"
        "504,2026,12,2026-11-23,NYG,PHI,Home,+380,-500,9.5,42\n",
    )
    expect(
        "season-codes.csv",
        [
            ("BUF", "MIA", 1.5, 48),
            ("JAC", "TEN", -2.5, 41),
            ("LAC", "LV", 4.5, 43.5),
            ("NYG", "PHI", -9.5, 42),
        ],
        season="2026",
        week="12",
    )
    # LibreOffice: Favorite / Line / Underdog under other words, home in CAPITALS
    calc(
        "choice-caps.xlsx",
        "Choice,Giving,Opponent,Tot\nKANSAS CITY,-7,Denver,44\nSan Francisco,3,SEATTLE,46\n"
        "DETROIT,-10.5,Chicago,47.5\n",
    )
    expect(
        "choice-caps.xlsx",
        [
            ("Denver", "KANSAS CITY", -7, 44),
            ("San Francisco", "SEATTLE", 3, 46),
            ("Chicago", "DETROIT", -10.5, 47.5),
        ],
    )
    # ISO kickoffs and a date-time column, one row a game, home's line, with moneylines
    book(
        "export-home-line-ml.xlsx",
        [
            [
                "start_utc",
                "visitor_name",
                "host_name",
                "host_hcp",
                "pts_total",
                "visitor_price",
                "host_price",
            ],
            ["2026-11-22T18:00:00Z", "Atlanta", "New Orleans", -3, 42.5, 135, -155],
            ["2026-11-22T21:25:00Z", "Las Vegas", "Denver", -6, 40, 210, -250],
            ["2026-11-23T01:20:00Z", "Green Bay", "Chicago", 2.5, 44, -140, 120],
            [datetime(2026, 11, 22, 18), "Cleveland", "Baltimore", -9, 41, 350, -450],
        ],
    )
    expect(
        "export-home-line-ml.xlsx",
        [
            ("Atlanta", "New Orleans", -3, 42.5),
            ("Las Vegas", "Denver", -6, 40),
            ("Green Bay", "Chicago", 2.5, 44),
            ("Cleveland", "Baltimore", -9, 41),
        ],
    )

    second()
    third()
    fourth()
    fifth()


def second() -> None:
    """The second batch, written after the first guesses were made and before the lines in a matchup cell
    (`Chiefs -3 vs Bills`) were read; not tuned on."""
    # LibreOffice: lines written inside the matchup cell
    calc(
        "inline-matchups.xlsx",
        "Pick one,O/U,Kick\nChiefs -3 vs Bills,47.5,Sun 4:25 PM\nLions vs Packers -1.5,49,Sun 1:00 PM\n"
        "Ravens -7 @ Browns,40,Sun 1:00 PM\nJets @ Dolphins -4,42.5,Sun 1:00 PM\n",
    )
    expect(
        "inline-matchups.xlsx",
        [
            ("Chiefs", "Bills", 3, 47.5),
            ("Lions", "Packers", -1.5, 49),
            ("Ravens", "Browns", 7, 40),
            ("Jets", "Dolphins", -4, 42.5),
        ],
    )
    # LibreOffice, by way of an ODS file: home's line with both moneylines
    calc_from(
        "guest-host-ods.xlsx",
        "guest-host-ods.csv",
        "Guest Team,Host Team,Line,O/U,Guest ML,Host ML\n"
        "Minnesota Vikings,Chicago Bears,+2.5,43,-135,+115\n"
        "Tennessee Titans,Houston Texans,-6,44.5,+210,-250\n"
        "New York Giants,Dallas Cowboys,-7.5,45,+300,-380\n",
        via="ods",
    )
    expect(
        "guest-host-ods.xlsx",
        [
            ("Minnesota Vikings", "Chicago Bears", 2.5, 43),
            ("Tennessee Titans", "Houston Texans", -6, 44.5),
            ("New York Giants", "Dallas Cowboys", -7.5, 45),
        ],
    )
    # the favourite named, its points written negative
    csv(
        "fav-negative.csv",
        "Team A,Team B,Fav,Spread\nAtlanta,Tampa Bay,Tampa Bay,-3.5\nCarolina,New Orleans,Carolina,-1\n"
        "Seattle,San Francisco,San Francisco,-6\n",
    )
    expect(
        "fav-negative.csv",
        [
            ("Atlanta", "Tampa Bay", -3.5, None),
            ("Carolina", "New Orleans", 1, None),
            ("Seattle", "San Francisco", -6, None),
        ],
    )
    # LibreOffice: two rows a game, no rotation numbers, home marked @, prices in brackets
    calc(
        "two-rows-at-mark.xlsx",
        "Side,Handicap,Tot,Price\nPhiladelphia Eagles,-3 (-110),O 46.5 (-110),-160\n"
        "@ Washington Commanders,+3 (-110),U 46.5 (-110),+135\n"
        "Los Angeles Chargers,+1.5 (-105),O 41 (-110),+105\n@ Denver Broncos,-1.5 (-115),U 41 (-110),-125\n",
    )
    expect(
        "two-rows-at-mark.xlsx",
        [
            ("Philadelphia Eagles", "Washington Commanders", 3, 46.5),
            ("Los Angeles Chargers", "Denver Broncos", -1.5, 41),
        ],
    )
    # college, away's line headed by a short word
    csv(
        "college-vis-line.csv",
        "Vis,Hme,Vis line,Tot\nOhio State,Michigan,-3.5,44.5\nAuburn,Alabama,+13,52\nOregon,Washington,-7,58.5\n",
    )
    expect(
        "college-vis-line.csv",
        [
            ("Ohio State", "Michigan", 3.5, 44.5),
            ("Auburn", "Alabama", -13, 52),
            ("Oregon", "Washington", 7, 58.5),
        ],
    )
    # an ISO feed: the visitor's spread, date-times in UTC
    csv(
        "feed-visitor-spread.csv",
        "kick_utc,visitor_name,host_name,visitor_spread,ou\n"
        "2026-11-22T18:00:00Z,Detroit Lions,New York Giants,-4.5,45.5\n"
        "2026-11-22T21:05:00Z,Arizona Cardinals,Seattle Seahawks,+3,47\n"
        "2026-11-23T01:20:00Z,Green Bay Packers,Los Angeles Rams,+1,48.5\n",
    )
    expect(
        "feed-visitor-spread.csv",
        [
            ("Detroit Lions", "New York Giants", 4.5, 45.5),
            ("Arizona Cardinals", "Seattle Seahawks", -3, 47),
            ("Green Bay Packers", "Los Angeles Rams", -1, 48.5),
        ],
    )
    # a rotation board with a spread and a total column, day headings, LibreOffice from an openpyxl file
    book(
        "board-spread-total-src.xlsx",
        [
            ["Sheet of the week"],
            ["Nbr", "Side", "Pts", "O-U", "Start"],
            ["SUNDAY, NOVEMBER 22"],
            [451, "Pittsburgh", "+2.5", "o38.5", "1:00 PM"],
            [452, "Cincinnati", "-2.5", "u38.5", None],
            [453, "Jacksonville", "+6", "o43", "1:00 PM"],
            [454, "Indianapolis", "-6", "u43", None],
        ],
    )
    source = HERE / "board-spread-total-src.xlsx"
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                "soffice",
                f"-env:UserInstallation=file://{tmp}/profile",
                "--headless",
                "--convert-to",
                "xlsx",
                "--outdir",
                tmp,
                str(source),
            ],
            check=True,
            capture_output=True,
            timeout=180,
        )
        shutil.copy(Path(tmp) / source.name, HERE / "board-spread-total.xlsx")
    source.unlink()
    expect(
        "board-spread-total.xlsx",
        [("Pittsburgh", "Cincinnati", -2.5, 38.5), ("Jacksonville", "Indianapolis", -6, 43)],
    )
    # Favorite / Line / Underdog under other words, home marked with @, the line unsigned
    csv(
        "pick-opp-at.csv",
        "Pick,Pts,Opp,O/U\n@Baltimore,9.5,Las Vegas,41\nBuffalo,4,@New England,39.5\n@Kansas City,3,Denver,44\n",
    )
    expect(
        "pick-opp-at.csv",
        [
            ("Las Vegas", "Baltimore", -9.5, 41),
            ("Buffalo", "New England", 4, 39.5),
            ("Denver", "Kansas City", -3, 44),
        ],
    )


def third() -> None:
    """The third batch, written after the guesses were finished and measured once, as they were."""
    csv(
        "notes-column.csv",
        "Visiting side,Home side,Pts,O/U,Notes\nJacksonville,Tennessee,-2.5,40.5,Played at Wembley\n"
        "Miami,Buffalo,-7,47.5,\nNew Orleans,Atlanta,+1,42,Short week\n",
    )
    expect(
        "notes-column.csv",
        [
            ("Jacksonville", "Tennessee", -2.5, 40.5),
            ("Miami", "Buffalo", -7, 47.5),
            ("New Orleans", "Atlanta", 1, 42),
        ],
    )
    (HERE / "semicolon-host-spread.csv").write_bytes(
        "Bezoekers;Gastheer;Spread (home);Totaal\nDenver;Kansas City;-9,5;43,5\nSeattle;Arizona;+2,5;47\n".encode(
            "cp1252"
        )
    )
    expect(
        "semicolon-host-spread.csv", [("Denver", "Kansas City", -9.5, 43.5), ("Seattle", "Arizona", 2.5, 47)]
    )
    calc(
        "board-ml-one-line.xlsx",
        "Num,Squad,Handicap,ML\nTHURSDAY,,,\n101,Los Angeles Rams,47.5,+140\n102,San Francisco 49ers,-3,-165\n"
        "SUNDAY,,,\n103,Cleveland Browns,-1,-115\n104,Cincinnati Bengals,41,-105\n",
    )
    expect(
        "board-ml-one-line.xlsx",
        [
            ("Los Angeles Rams", "San Francisco 49ers", -3, 47.5),
            ("Cleveland Browns", "Cincinnati Bengals", 1, 41),
        ],
    )
    calc(
        "college-vs-named.xlsx",
        "Contest,Fav line,Pts\nOhio State vs. Notre Dame,OSU -6.5,51.5\nTexas vs. Oklahoma,Texas -3,60\n"
        "Georgia vs. Florida,UGA -14.5,49\n",
    )
    expect(
        "college-vs-named.xlsx",
        [
            ("Ohio State", "Notre Dame", 6.5, 51.5),
            ("Texas", "Oklahoma", 3, 60),
            ("Georgia", "Florida", 14.5, 49),
        ],
    )
    csv(
        "fav-codes.csv",
        "Road,Host,Fav,Pts\nKansas City Chiefs,Buffalo Bills,BUF,2.5\nGreen Bay Packers,Chicago Bears,GB,4\n"
        "Houston Texans,Indianapolis Colts,IND,1\n",
    )
    expect(
        "fav-codes.csv",
        [
            ("Kansas City Chiefs", "Buffalo Bills", -2.5, None),
            ("Green Bay Packers", "Chicago Bears", 4, None),
            ("Houston Texans", "Indianapolis Colts", -1, None),
        ],
    )
    csv(
        "season-host-spread.csv",
        "Yr,Round,Road,Host,host_spread,ou\n2026,12,Dallas,NY Giants,+3.5,44\n2026,12,Detroit,Chicago,+6,48\n"
        "2026,13,Dallas,Washington,-1,45\n",
    )
    expect(
        "season-host-spread.csv",
        [("Dallas", "NY Giants", 3.5, 44), ("Detroit", "Chicago", 6, 48)],
        season="2026",
        week="12",
    )
    book(
        "home-ml-first.xlsx",
        [
            ["Lines", None, None],
            [],
            ["when", "team_a", "team_b", "b_hcp", "total_pts", "b_price", "a_price"],
            ["2026-11-22T13:00:00-05:00", "Atlanta", "Carolina", -4, 42, -200, 170],
            ["2026-11-22T16:25:00-05:00", "Denver", "Las Vegas", 3, 40.5, 140, -165],
            ["2026-11-22T20:20:00-05:00", "Philadelphia", "Dallas", 2, 46, 110, -130],
        ],
    )
    expect(
        "home-ml-first.xlsx",
        [
            ("Atlanta", "Carolina", -4, 42),
            ("Denver", "Las Vegas", 3, 40.5),
            ("Philadelphia", "Dallas", 2, 46),
        ],
    )
    csv(
        "nba-guest-host.csv",
        "Guest,Host,Pts,Tot\nBoston Celtics,New York Knicks,+4.5,224.5\nDenver Nuggets,Phoenix Suns,-2,231\n",
    )
    expect(
        "nba-guest-host.csv",
        [("Boston Celtics", "New York Knicks", 4.5, 224.5), ("Denver Nuggets", "Phoenix Suns", -2, 231)],
    )


def fourth() -> None:
    """The fourth batch, written when the guesses were done and measured once, as they were."""
    calc(
        "team1-team2-fav.xlsx",
        "Date,Team 1,Team 2,Fav,Sprd,O/U\n11/26/2026,Green Bay,Detroit,Detroit,3,48.5\n"
        "11/26/2026,NY Giants,Dallas,Dallas,7.5,41\n11/26/2026,Miami,Kansas City,Kansas City,9,45.5\n",
    )
    expect(
        "team1-team2-fav.xlsx",
        [
            ("Green Bay", "Detroit", -3, 48.5),
            ("NY Giants", "Dallas", -7.5, 41),
            ("Miami", "Kansas City", -9, 45.5),
        ],
    )
    csv(
        "scoreboard-export.csv",
        "date,shortName,details,overUnder\n2026-11-22T18:00Z,BUF @ KC,KC -2.5,47.5\n"
        "2026-11-22T18:00Z,LAR @ SEA,LAR -1,44\n2026-11-22T21:25Z,PIT @ BAL,BAL -3.5,41.5\n",
    )
    expect(
        "scoreboard-export.csv",
        [("BUF", "KC", -2.5, 47.5), ("LAR", "SEA", 1, 44), ("PIT", "BAL", -3.5, 41.5)],
    )
    calc(
        "ncaa-board.xlsx",
        "Nbr,School,Sprd,Tot\nSATURDAY NOVEMBER 21,,,\n311,Kentucky,,52\n312,Georgia,-14,\n"
        "313,Michigan State,,47.5\n314,Penn State,-10.5,\n315,Baylor,-2,\n316,TCU,,61\n",
    )
    expect(
        "ncaa-board.xlsx",
        [
            ("Kentucky", "Georgia", -14, 52),
            ("Michigan State", "Penn State", -10.5, 47.5),
            ("Baylor", "TCU", 2, 61),
        ],
    )
    csv(
        "v-h-moneylines.csv",
        "Visitors,Hosts,V ML,H ML,Pts\nArizona,LA Rams,+240,-290,+7\nNew Orleans,Carolina,-125,+105,-1.5\n"
        "Chicago,Minnesota,+150,-175,+3.5\n",
    )
    expect(
        "v-h-moneylines.csv",
        [
            ("Arizona", "LA Rams", -7, None),
            ("New Orleans", "Carolina", 1.5, None),
            ("Chicago", "Minnesota", -3.5, None),
        ],
    )
    calc(
        "bowls.xlsx",
        "Bowl,Team,Opponent,Line,Total\nRose Bowl,Oregon,Michigan,-4,50.5\nSugar Bowl,Georgia,Texas,-2.5,48\n"
        "Orange Bowl,Florida State,Clemson,+3,45\n",
    )
    expect(
        "bowls.xlsx",
        [
            ("Oregon", "Michigan", 4, 50.5),
            ("Georgia", "Texas", 2.5, 48),
            ("Florida State", "Clemson", -3, 45),
        ],
    )
    csv(
        "two-rows-favourite-first.csv",
        "Side,Hcp,O/U\nGeorgia (H),-14,52\nKentucky,+14,52\nOhio State,-10,47\nMichigan State (H),+10,47\n",
    )
    expect(
        "two-rows-favourite-first.csv",
        [("Kentucky", "Georgia", -14, 52), ("Ohio State", "Michigan State", 10, 47)],
    )
    book(
        "hm-line.xlsx",
        [
            ["Kick (ET)", "Away side", "Home side", "Hm line", "Tot"],
            [datetime(2026, 11, 22, 13), "Tennessee", "Jacksonville", -3.5, 42],
            [datetime(2026, 11, 22, 13), "Cleveland", "Pittsburgh", -6, 37.5],
            [datetime(2026, 11, 22, 16, 5), "Atlanta", "Tampa Bay", 1.5, 46],
        ],
    )
    expect(
        "hm-line.xlsx",
        [
            ("Tennessee", "Jacksonville", -3.5, 42),
            ("Cleveland", "Pittsburgh", -6, 37.5),
            ("Atlanta", "Tampa Bay", 1.5, 46),
        ],
    )
    (HERE / "gast-heim.csv").write_bytes(
        "Anstoß;Gast;Heim;Handicap Heim;Über/Unter\n22.11.2026 19:00;Denver;Kansas City;-9,5;43,5\n"
        "22.11.2026 19:00;Seattle;Arizona;+2,5;47\n".encode("cp1252")
    )
    expect("gast-heim.csv", [("Denver", "Kansas City", -9.5, 43.5), ("Seattle", "Arizona", 2.5, 47)])


def fifth() -> None:
    """The fifth batch, written last, on the finished guesses, and measured once: never tuned on."""
    calc(
        "tv-listing.xlsx",
        "Kickoff,Network,Road Team,Home Team,Home Spread,O/U\n11/22/2026 13:00,CBS,Buffalo,Miami,+2.5,48.5\n"
        "11/22/2026 13:00,FOX,Detroit,Chicago,+6,47\n11/22/2026 16:25,CBS,Denver,LA Chargers,-3,42\n",
    )
    expect(
        "tv-listing.xlsx",
        [("Buffalo", "Miami", 2.5, 48.5), ("Detroit", "Chicago", 6, 47), ("Denver", "LA Chargers", -3, 42)],
    )
    csv(
        "pool-favs-caps.csv",
        "Pick the Fav,Spread,Pick the Dog\nPHILADELPHIA,7,NY Giants\nSan Francisco,3.5,ARIZONA\n"
        "BALTIMORE,10,Cleveland\n",
    )
    expect(
        "pool-favs-caps.csv",
        [
            ("NY Giants", "PHILADELPHIA", -7, None),
            ("San Francisco", "ARIZONA", 3.5, None),
            ("Cleveland", "BALTIMORE", -10, None),
        ],
    )
    calc(
        "odds-export.xlsx",
        "commence,away,home,spread_away,spread_home,total\n2026-11-22T18:00:00Z,Atlanta Falcons,Carolina Panthers,"
        "-3,3,41.5\n2026-11-22T18:00:00Z,Tennessee Titans,Houston Texans,+5.5,-5.5,44\n",
    )
    expect(
        "odds-export.xlsx",
        [("Atlanta Falcons", "Carolina Panthers", 3, 41.5), ("Tennessee Titans", "Houston Texans", -5.5, 44)],
    )
    csv(
        "bar-board.csv",
        "#,Team,Line\nSUNDAY,,\n1,Green Bay,-3.5\n2,Minnesota,+3.5\n3,Seattle,+1\n4,LA Rams,-1\n",
    )
    expect("bar-board.csv", [("Green Bay", "Minnesota", 3.5, None), ("Seattle", "LA Rams", -1, None)])
    calc(
        "matchup-favourite-first.xlsx",
        "Game,Fav,Spread,Total\nJets at Patriots,Patriots,3,38\nCowboys at Giants,Cowboys,4.5,41\n",
    )
    expect(
        "matchup-favourite-first.xlsx",
        [("Jets", "Patriots", -3, 38), ("Cowboys", "Giants", 4.5, 41)],
    )
    csv(
        "club-hosts-first.csv",
        "Hosting,Visiting,Host line,Total\nGreen Bay,Chicago,-6,44\nDetroit,Minnesota,+1.5,50\n",
    )
    expect("club-hosts-first.csv", [("Chicago", "Green Bay", -6, 44), ("Minnesota", "Detroit", 1.5, 50)])


if __name__ == "__main__":
    main()
