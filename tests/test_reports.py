"""Reports: the workbook re-read with openpyxl, the wall sheet's text read with pypdf."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from parlaycards.report.grade_json import grade_json
from parlaycards.services import grading, results

from .pool_support import enter, new_card, print_serials

SLUG = "nfl-w12"
NAMES = {1: "Dana", 2: '=HYPERLINK("http://x","win")', 3: "+1 555 0100", 4: "@Lee", 5: "-Sam"}


@pytest.fixture
def report(store, tmp_path):
    new_card(store)
    print_serials(store, SLUG, 5)
    for serial, picks in (
        (1, "101,103,105"),
        (2, "101,103,107"),
        (3, "102,104,106"),
        (4, "101,103,105,107"),
        (5, "109,111,201"),
    ):
        enter(store, SLUG, serial=str(serial), name=NAMES[serial], stake="10", picks=picks)
    for number, away, home in ((101, 24, 20), (103, 27, 20), (105, 30, 20), (107, 20, 17)):
        results.set_result(store, SLUG, number, away, home)
    results.set_result(store, SLUG, 109, cancelled=True)
    return grading.grade(store, SLUG)


def test_workbook_sheets_headers_formats_and_text_never_a_formula(report, tmp_path):
    path = grading.write_outputs(report, xlsx=tmp_path / "r.xlsx")[0]
    wb = load_workbook(path)
    assert wb.sheetnames == ["Winners", "All entries", "Legs", "Games"]
    win = wb["Winners"]
    assert [c.value for c in win[1]] == [
        "Serial",
        "Name",
        "Stake",
        "Picks",
        "Hits",
        "Tier",
        "Outcome",
        "Payout",
        "Paid",
        "Owed",
        "Status",
        "Late",
    ]
    assert win.freeze_panes == "A2" and win.auto_filter.ref == "A1:L4"
    rows = {r[0].value: r for r in win.iter_rows(min_row=2, max_row=4)}
    assert set(rows) == {"000001", "000002", "000004"}
    payout = rows["000004"][7]
    assert (payout.value, payout.number_format) == (110, '"$"#,##0.00')  # 4 of 4 at 10-1 on $10
    name = rows["000002"][1]
    assert (name.value, name.data_type) == (NAMES[2], "s") and name.quotePrefix
    assert win.cell(row=7, column=1).value == "Stakes" and win.cell(row=7, column=3).value == 50
    every = wb["All entries"]
    header = [c.value for c in every[1]]
    assert header[:8] == ["Serial", "Version", "Name", "Stake", "Pick 1", "Pick 2", "Pick 3", "Pick 4"]
    by_serial = {r[0].value: [c.value for c in r] for r in every.iter_rows(min_row=2)}
    assert by_serial["000003"][2] == "+1 555 0100" and by_serial["000005"][2] == "-Sam"
    assert every.cell(row=2, column=4).number_format == '"$"#,##0.00'
    legs = wb["Legs"]
    assert [c.value for c in legs[2]] == ["000001", "Dana", 101, "Buffalo Bills +3½", "win", "win"]
    games = wb["Games"]
    assert [c.value for c in games[2]][3:8] == ["Buffalo Bills", "+3½", 102, "Houston Texans", "-3½"]
    statuses = [r[13].value for r in games.iter_rows(min_row=2)]
    assert statuses == ["final", "final", "final", "final", "cancelled", "pending"]
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            assert all(c.data_type != "f" for c in row)


def test_wall_sheet_pdf_has_one_page_with_scores_winners_and_payouts(report, tmp_path):
    path = grading.write_outputs(report, pdf=tmp_path / "r.pdf")[0]
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    for needle in (
        "NFL Week 12 — results",
        "101 Buffalo Bills 24 102 Houston Texans 20",
        "Baltimore Ravens — no action",
        "000004",
        "$110.00",
        "Dana",
        "$60.00",
        "the pool lost $180.00",  # 000005 lost a leg with no tier left in reach: not pending
    ):
        assert needle in text, needle
    assert float(reader.pages[0].mediabox.width) == 612 and float(reader.pages[0].mediabox.height) == 792


def test_report_totals_agree_with_the_rows(report):
    data = grade_json(report)
    assert data["totals"] == {"stakes": "50.00", "payouts": "230.00", "net": "-180.00"}
    # 1: 3/3 $60; 2: 3/3 $60; 4: 4/4 $110; 5: 109 void, 201 (over 44.5 of a 44-point game) lost, 111 still to
    # play: no tier of 2 picks pays 1 hit, so it lost already; 3 lost
    assert [(e["serial"], e["outcome"], e["payout"]) for e in data["entries"]] == [
        ("000001", "win", "60.00"),
        ("000002", "win", "60.00"),
        ("000003", "loss", "0.00"),
        ("000004", "win", "110.00"),
        ("000005", "loss", "0.00"),
    ]
    assert report.totals.owed == Decimal("230.00") and report.totals.pending == 0


# ---- lines as printed: cards printed at two lines show both, each with its cards --------------------------


def _dallas(spread: str):
    """The Cowboys at Giants game (103/104) at another home line: v1 printed it at +2½ (Cowboys -2½)."""
    from parlaycards.core import edits

    return lambda card: edits.with_game(card, 103, spread=Decimal(spread))


@pytest.fixture
def two_versions(store):
    """v1 (Giants +2½) printed and entered; v2 (Giants +4) printed and entered; v3 (Giants +5½) never printed."""
    from .pool_support import change

    new_card(store)
    print_serials(store, SLUG, 2)  # 000001-000002 on v1
    change(store, SLUG, _dallas("4"))
    print_serials(store, SLUG, 2)  # 000003-000004 on v2
    change(store, SLUG, _dallas("5.5"))  # v3: edited after the last printing, never printed
    enter(store, SLUG, serial="1", name="Vee One", stake="10", picks="101,103,105")
    enter(store, SLUG, serial="3", name="Vee Two", stake="10", picks="101,103,105")
    for number, away, home in ((101, 24, 20), (103, 27, 24), (105, 30, 20)):  # Cowboys by 3
        results.set_result(store, SLUG, number, away, home)
    return grading.grade(store, SLUG)


def test_each_printed_versions_line_in_the_report_rows(two_versions):
    dallas = next(g for g in two_versions.games if g.key == 103)
    assert two_versions.played == (1, 2)
    assert dallas.home_line == "+2½ (v1 cards) / +4 (v2 cards)"
    assert dallas.away_line == "-2½ (v1 cards) / -4 (v2 cards)"
    assert dallas.total == "41"  # both versions carried 41: shown once
    assert "+5½" not in dallas.home_line  # v3 reached no player
    got = {r.serial: (r.version, r.outcome.value) for r in two_versions.rows}
    assert got == {"000001": (1, "win"), "000003": (2, "loss")}  # 27-24: -2½ covers, -4 does not
    bills = next(g for g in two_versions.games if g.key == 101)
    assert (bills.home_line, bills.differs) == ("-3½", False)


def test_workbook_games_sheet_has_a_row_per_printed_line(two_versions, tmp_path):
    path = grading.write_outputs(two_versions, xlsx=tmp_path / "r.xlsx")[0]
    games = load_workbook(path)["Games"]
    header = [c.value for c in games[1]]
    assert header[-1] == "Lines on" and header[4] == "Away line" and header[7] == "Home line"
    dallas = [[c.value for c in r] for r in games.iter_rows(min_row=2) if r[2].value == 103]
    assert [(r[4], r[7], r[8], r[-1]) for r in dallas] == [
        ("-2½", "+2½", "41", "v1 cards"),
        ("-4", "+4", "41", "v2 cards"),
    ]
    assert all((r[11], r[12], r[13]) == (27, 24, "final") for r in dallas)
    bills = [[c.value for c in r] for r in games.iter_rows(min_row=2) if r[2].value == 101]
    assert [(r[7], r[-1]) for r in bills] == [("-3½", "v1, v2 cards")]
    legs = {(r[0].value, r[2].value): r[3].value for r in load_workbook(path)["Legs"].iter_rows(min_row=2)}
    assert legs[("000001", 103)] == "Dallas Cowboys -2½" and legs[("000003", 103)] == "Dallas Cowboys -4"


def test_wall_sheet_shows_both_lines_with_their_cards(two_versions, tmp_path):
    path = grading.write_outputs(two_versions, pdf=tmp_path / "r.pdf")[0]
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(path).pages)
    for needle in (
        "+2½ (v1 cards) +4 (v2 cards)",
        "printed from versions 1, 2 of nfl-w12",
        "000001 v1 Vee One",
        "000003 v2 Vee Two",
    ):
        assert needle in text, needle
    assert "5½" not in text


def test_terminal_report_shows_both_lines_with_their_cards(two_versions, store, db_path):
    from typer.testing import CliRunner

    from parlaycards.cli.main import app

    store.dispose()
    r = CliRunner().invoke(app, ["--db", str(db_path), "grade", SLUG], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.stderr
    out = r.stdout.splitlines()
    at = next(i for i, line in enumerate(out) if "Dallas Cowboys" in line)
    assert "+2½ (v1 cards)" in out[at] and "27–24" in out[at] and "+4 (v2 cards)" in out[at + 1]
    assert "printed from versions 1, 2 of nfl-w12" in " ".join(r.stderr.split())
    assert "5½" not in r.stdout
    assert any(
        line.split("│")[1:3] == [" 000003 ", " v2   "] for line in r.stdout.splitlines() if "Vee Two" in line
    )


def test_grade_json_adds_versions_selections_and_games(two_versions):
    data = grade_json(two_versions)
    assert list(data)[:3] == ["card", "entries", "totals"]
    one, three = data["entries"]
    assert list(one)[:9] == [
        "serial",
        "name",
        "stake",
        "outcome",
        "picks",
        "effective_picks",
        "hits",
        "payout",
        "legs",
    ]
    assert (one["version"], three["version"]) == (1, 2)
    assert one["legs"][1] == {"number": 103, "outcome": "win", "selection": "Dallas Cowboys -2½"}
    assert three["legs"][1] == {"number": 103, "outcome": "loss", "selection": "Dallas Cowboys -4"}
    dallas = next(g for g in data["games"] if g["game"] == 103)
    assert dallas["lines"] == [
        {"versions": [1], "printed": True, "home_spread": 2.5, "total": 41.0},
        {"versions": [2], "printed": True, "home_spread": 4.0, "total": 41.0},
    ]
    assert (dallas["status"], dallas["away_score"], dallas["home_score"]) == ("final", 27, 24)


def test_a_game_added_after_the_last_printing_is_marked_not_printed(store):
    from parlaycards.core import edits

    from .pool_support import change

    new_card(store)
    print_serials(store, SLUG, 1)
    change(
        store,
        SLUG,
        lambda c: edits.add_game(
            c,
            edits.NewGame(
                league="NFL",
                away="Denver Broncos",
                home="Seattle Seahawks",
                spread=Decimal("-2"),
                total=Decimal("40"),
                kickoff=None,
            ),
        ),
    )
    report = grading.grade(store, SLUG)
    denver = next(g for g in report.games if g.away == "Denver Broncos")
    assert (denver.home_line, denver.total) == ("-2 (v2, not printed)", "40 (v2, not printed)")
    assert any("not printed" in n for n in report.line_notes)


def test_a_wall_sheet_for_200_entries_continues_on_more_pages_with_every_entry(store, tmp_path):
    new_card(store)
    print_serials(store, SLUG, 200)
    for serial in range(1, 201):
        enter(
            store,
            SLUG,
            serial=str(serial),
            name=f"Player {serial:03d}",
            stake="5",
            picks="101,103,105" if serial % 2 else "102,104,106",
        )
    for number, away, home in ((101, 24, 20), (103, 27, 20), (105, 30, 20)):
        results.set_result(store, SLUG, number, away, home)
    report = grading.grade(store, SLUG)
    assert len(report.winners) == 100
    reader = PdfReader(grading.write_outputs(report, pdf=tmp_path / "r.pdf")[0])
    assert len(reader.pages) > 2
    text = " ".join(p.extract_text() for p in reader.pages)
    for serial in range(1, 201):
        assert text.count(f"Player {serial:03d}") == (2 if serial % 2 else 1), (
            serial
        )  # winners list + entries
        assert f"{serial:06d}" in text
    assert not re.search(r"\bmore\b", text)  # no "…and 60 more": nothing is cut
    assert all(float(p.mediabox.width) == 612 and float(p.mediabox.height) == 792 for p in reader.pages)


def test_show_names_the_lines_printed_cards_carry(two_versions, store, db_path):
    from typer.testing import CliRunner

    from parlaycards.cli.main import app

    store.dispose()
    r = CliRunner().invoke(app, ["--db", str(db_path), "show", SLUG])
    assert r.exit_code == 0, r.stderr
    said = " ".join(r.stderr.split())
    assert (
        "Printed cards carry other lines than version 3 for 1 game (each card is graded at the line printed "
        "on it): 103/104 Dallas Cowboys at New York Giants: New York Giants +2½, total 41 (v1 cards); "
        "New York Giants +4, total 41 (v2 cards); this version: New York Giants +5½, total 41 "
        "(v3, not printed)."
    ) in said
    r = CliRunner().invoke(app, ["--db", str(db_path), "show", SLUG, "--version", "1"])
    assert "New York Giants +4, total 41 (v2 cards)" in " ".join(r.stderr.split())
    r = CliRunner().invoke(app, ["--db", str(db_path), "show", SLUG, "--json"])
    import json

    data = json.loads(r.stdout)
    games = {g["numbers"]["away"]: g for g in data["games"]}
    assert games[103]["home_spread"] == 5.5 and data["printed_versions"] == [1, 2]
    assert games[103]["printed_lines"] == [
        {"versions": [1], "printed": True, "home_spread": 2.5, "total": 41.0},
        {"versions": [2], "printed": True, "home_spread": 4.0, "total": 41.0},
    ]
    assert games[101]["printed_lines"] == [
        {"versions": [1, 2], "printed": True, "home_spread": -3.5, "total": 44.5}
    ]
