"""Issue 18 item 8: the pick'em sheet prints the selection numbers `pickem entry add --picks` needs, a
neutral site as "vs" (not "at … (N)"), and the deadline, the fee and the prizes."""

from __future__ import annotations

import shutil
import subprocess
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from parlaycards.core import edits
from parlaycards.core.prizes import parse_prizes
from parlaycards.layout.pickem import side_label, terms_text
from parlaycards.services import pickem, printing

from .conftest import ET, make_card
from .pool_support import change, new_card, with_rules


def test_each_side_is_labelled_with_its_number_and_a_neutral_site_says_vs():
    card = make_card()
    game = card.games[0].model_copy(update={"neutral": True})
    assert side_label(game, "away") == "101 Buffalo Bills +3½"
    assert side_label(game, "home") == "102 vs Houston Texans -3½"
    assert side_label(card.games[1], "home") == "104 at New York Giants +2½"
    assert side_label(card.games[1], "away", straight_up=True) == "103 Dallas Cowboys"


def test_the_terms_say_the_deadline_the_fee_and_the_prizes(store, card_in_store):
    view = pickem.create_pool(
        store, "office-w12", card="nfl-w12", fee=Decimal(10), prizes=parse_prizes("60%,30%,10%")
    )
    assert terms_text(view.card, view.pool) == (
        "In before the first kickoff, Sun 11/22 1:00p · Entry $10.00 · Prizes: 1st 60%, 2nd 30%, 3rd 10% of the pot"
    )
    cut = edits.set_rules(view.card, cutoff=datetime(2026, 11, 22, 12, 30, tzinfo=ET))
    assert terms_text(cut, None) == "In by Sun Nov 22 12:30 PM EST"


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
def test_the_printed_sheet_carries_numbers_and_terms(store, tmp_path: Path):
    card = make_card()
    new_card(
        store,
        edits.rebuild(card, games=[card.games[0].model_copy(update={"neutral": True}), *card.games[1:]]),
    )
    change(store, "nfl-w12", with_rules(cutoff=datetime(2026, 11, 22, 12, 30, tzinfo=ET)))
    pickem.create_pool(store, "office-w12", card="nfl-w12", fee=Decimal(5), prizes=parse_prizes("70%,30%"))
    path = printing.pickem_sheet(store, "office-w12", tmp_path / "sheet.pdf")
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "101 Buffalo Bills +3½" in text and "102 vs Houston Texans -3½" in text
    assert "(N)" not in text
    assert "In by Sun Nov 22 12:30 PM EST · Entry $5.00 · Prizes: 1st 70%, 2nd 30% of the pot" in text
