"""Reports: the workbook re-read with openpyxl, the wall sheet's text read with pypdf."""

from __future__ import annotations

from decimal import Decimal

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from parlaycards.core.report import grade_json
from parlaycards.services import entries, grading, results

from .pool_support import new_card, print_serials

SLUG = "nfl-w12"
NAMES = {1: "Dana", 2: "=HYPERLINK(\"http://x\",\"win\")", 3: "+1 555 0100", 4: "@Lee", 5: "-Sam"}


@pytest.fixture
def report(store, tmp_path):
    new_card(store)
    print_serials(store, SLUG, 5)
    for serial, picks in ((1, "101,103,105"), (2, "101,103,107"), (3, "102,104,106"), (4, "101,103,105,107"),
                          (5, "109,111,201")):
        entries.add_entry(store, SLUG, serial=str(serial), name=NAMES[serial], stake="10", picks=picks)
    for number, away, home in ((101, 24, 20), (103, 27, 20), (105, 30, 20), (107, 20, 17)):
        results.set_result(store, SLUG, number, away, home)
    results.set_result(store, SLUG, 109, cancelled=True)
    return grading.grade(store, SLUG)


def test_workbook_sheets_headers_formats_and_text_never_a_formula(report, tmp_path):
    path = grading.write_outputs(report, xlsx=tmp_path / "r.xlsx")[0]
    wb = load_workbook(path)
    assert wb.sheetnames == ["Winners", "All entries", "Legs", "Games"]
    win = wb["Winners"]
    assert [c.value for c in win[1]] == ["Serial", "Name", "Stake", "Picks", "Hits", "Tier", "Outcome", "Payout",
                                         "Paid", "Owed", "Status", "Late"]
    assert win.freeze_panes == "A2" and win.auto_filter.ref == "A1:L4"
    rows = {r[0].value: r for r in win.iter_rows(min_row=2, max_row=4)}
    assert set(rows) == {"000001", "000002", "000004"}
    payout = rows["000004"][7]
    assert (payout.value, payout.number_format) == (110, '"$"#,##0.00')   # 4 of 4 at 10-1 on $10
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
    for needle in ("NFL Week 12 — results", "Buffalo Bills 24 Houston Texans 20", "Baltimore Ravens — no action",
                   "000004", "$110.00", "Dana", "$60.00", "kept by the pool -$180.00"):
        assert needle in text, needle
    assert float(reader.pages[0].mediabox.width) == 612 and float(reader.pages[0].mediabox.height) == 792


def test_report_totals_agree_with_the_rows(report):
    data = grade_json(report)
    assert data["totals"] == {"stakes": "50.00", "payouts": "230.00", "net": "-180.00"}
    # 1: 3/3 $60; 2: 3/3 $60; 4: 4/4 $110; 5: 109 void, 111 & 201 pending → pending; 3 lost
    assert [(e["serial"], e["outcome"], e["payout"]) for e in data["entries"]] == [
        ("000001", "win", "60.00"), ("000002", "win", "60.00"), ("000003", "loss", "0.00"),
        ("000004", "win", "110.00"), ("000005", "pending", "0.00")]
    assert report.totals.owed == Decimal("230.00") and report.totals.pending == 1
