"""The grade report's entry columns are named once (`report/grade_columns.py`): the terminal, PDF, xlsx and
CSV writers take a column's header and value from there, so renaming or changing one changes every output."""

from __future__ import annotations

import csv
from dataclasses import replace
from decimal import Decimal

import pytest

from parlaycards.report import grade_columns
from parlaycards.report.csv_out import write_report_csv
from parlaycards.report.grade_terminal import grade_view
from parlaycards.report.grade_xlsx import write_report_xlsx
from parlaycards.services import grading, results

from .pool_support import enter, new_card, print_serials


@pytest.fixture
def report(store):
    new_card(store)
    print_serials(store, "nfl-w12", 3)
    enter(store, "nfl-w12", serial="1", name="Dana", stake="10", picks="101,103,105")
    enter(store, "nfl-w12", serial="2", name="Lee", stake="4", picks="102,104,106")
    for number, away, home in ((101, 20, 10), (103, 20, 10), (105, 30, 10)):
        results.set_result(store, "nfl-w12", number, away, home)
    return grading.grade(store, "nfl-w12")


def test_one_column_changed_changes_every_writer(report, tmp_path, monkeypatch):
    from openpyxl import load_workbook

    stake = grade_columns.COLUMNS["stake"]
    doubled = replace(stake, header="Wager", value=lambda r: r.stake * 2)
    monkeypatch.setitem(grade_columns.COLUMNS, "stake", doubled)

    view = grade_view(report, None)
    assert view.winners is not None
    for table in (view.winners, view.entries):
        i = table.columns.index("Wager")
        assert [row[i] for row in table.rows][:1] == ["$20.00"]

    write_report_csv(report, tmp_path / "g.csv")
    with (tmp_path / "g.csv").open(encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.reader(fh))
    i = rows[0].index("Wager")
    assert [r[i] for r in rows[1:]] == ["20.00", "8.00"]

    write_report_xlsx(report, tmp_path / "g.xlsx")
    wb = load_workbook(tmp_path / "g.xlsx")
    for sheet in ("Winners", "All entries"):
        head = [c.value for c in wb[sheet][1]]
        assert wb[sheet].cell(2, head.index("Wager") + 1).value == Decimal("20")


def test_a_writer_words_a_header_its_own_way_only_where_it_lists_it(report):
    """The terminal's winners call the paid status "Paid"; the CSV says "Paid status"; xlsx "Status"."""
    said = {
        w: [c.header for c in grade_columns.shown(report, listed) if c.key == "status"]
        for w, listed in (
            ("terminal", grade_columns.WINNERS_TERMINAL),
            ("csv", grade_columns.ENTRIES_CSV),
            ("xlsx", grade_columns.WINNERS_XLSX),
        )
    }
    assert said == {"terminal": ["Paid"], "csv": ["Paid status"], "xlsx": ["Status"]}
    # one version played: no "Card" column; its header comes from the one list when it is shown
    assert "Card" not in [c.header for c in grade_columns.shown(report, grade_columns.WINNERS_TERMINAL)]
