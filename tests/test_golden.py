"""Golden files: the text of each template's printed card and of each report, as a person reads it.

A change to what is printed or reported shows up here as a diff to review. When it is meant,
regenerate them with `python -m pytest tests/test_golden.py --regen-golden` and commit the new files.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from parlaycards.io.templates import list_templates
from parlaycards.services import grading, printing, results
from parlaycards.store import cards as card_rows

from .pool_support import enter, new_card, print_serials
from .print_support import college_card, nfl_card

GOLDEN = Path(__file__).parent / "golden"


def check(name: str, text: str, regen: bool) -> None:
    path = GOLDEN / name
    if regen:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run pytest with --regen-golden to write it"
    assert text == path.read_text(encoding="utf-8"), (
        f"{name} differs from its golden file (--regen-golden if meant)"
    )


def pdf_text(path: Path) -> str:
    return (
        "\n".join(
            f"--- page {i}\n" + (p.extract_text() or "") for i, p in enumerate(PdfReader(path).pages, 1)
        )
        + "\n"
    )


@pytest.mark.parametrize("template", [t.name for t in list_templates()])
def test_each_templates_card_text(store, tmp_path, template, regen_golden):
    card = (
        college_card(30)
        if template == "letter-1up"
        else nfl_card(8 if template in ("letter-3up", "letter-4up") else 16)
    )
    with store.transaction() as tx:
        card_rows.save(tx, card, "golden")
    done = printing.print_batch(store, card.slug, proof=True, template=template, folder=tmp_path)
    check(f"card-{template}.txt", pdf_text(done.file), regen_golden)


def test_report_texts(store, tmp_path, regen_golden):
    new_card(store)
    print_serials(store, "nfl-w12", 4)
    for serial, picks in ((1, "101,103,105"), (2, "101,103,107"), (3, "102,104,106"), (4, "109,111,201")):
        enter(
            store,
            "nfl-w12",
            serial=str(serial),
            name=f"Player {serial}",
            stake="10",
            picks=picks,
            received="2026-11-20 12:00",
        )
    for number, away, home in ((101, 24, 20), (103, 27, 20), (105, 30, 20), (107, 20, 17)):
        results.set_result(store, "nfl-w12", number, away, home)
    results.set_result(store, "nfl-w12", 109, cancelled=True)
    report = grading.grade(store, "nfl-w12")
    xlsx, pdf = grading.write_outputs(report, tmp_path / "r.xlsx", tmp_path / "r.pdf")
    check("report-wall.txt", pdf_text(pdf), regen_golden)
    wb = load_workbook(xlsx)
    rows = [
        f"=== {ws.title}\n"
        + "\n".join(
            "\t".join("" if v is None else str(v) for v in row) for row in ws.iter_rows(values_only=True)
        )
        for ws in wb.worksheets
    ]
    check("report-workbook.txt", re.sub(r"[ \t]+\n", "\n", "\n".join(rows) + "\n"), regen_golden)
