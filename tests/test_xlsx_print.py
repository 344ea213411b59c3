"""Issue 18: every workbook prints one page wide, landscape, its header row on every page."""

from __future__ import annotations

from parlaycards.report.card_xlsx import write_card_xlsx, write_lines_template
from parlaycards.services import grading

from .conftest import make_card
from .test_reports import report  # noqa: F401 - the graded week fixture
from .xlsx_support import one_page_wide, print_setups


def test_the_grade_workbook_prints_one_page_wide_with_its_header_on_every_page(report, tmp_path):  # noqa: F811
    path = grading.write_outputs(report, xlsx=tmp_path / "r.xlsx")[0]
    assert print_setups(path) == {
        name: one_page_wide(1) for name in ("Winners", "All entries", "Legs", "Games")
    }


def test_the_card_workbook_and_lines_template_print_one_page_wide(tmp_path):
    assert print_setups(write_card_xlsx(make_card(), tmp_path / "card.xlsx")) == {
        "Games": one_page_wide(4),
        "Payouts & rules": one_page_wide(3),
    }
    assert print_setups(write_lines_template(tmp_path / "lines.xlsx")) == {
        "Lines": one_page_wide(1),
        "Notes": one_page_wide(4),
    }
