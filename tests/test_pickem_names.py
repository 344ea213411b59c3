"""Pick'em, as players see it: the sheet names the pool's tiebreaker game, entry sheets match names exactly
before aliases and say which picks are ambiguous, and the workbook writes names as the card prints them."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.models import Card, Game, SelectionNumbers
from parlaycards.io.pickem import read_entries

from .pool_support import xlsx

runner = CliRunner()
PAIRS = [
    ("Georgia Tech", "Georgia"),
    ("Kansas", "Kansas State"),
    ("Texas", "Texas A&M"),
    ("Buffalo Bills", "Miami Dolphins"),
    ("San Francisco 49ers", "Los Angeles Rams"),
    ("Georgia Southern", "Georgia State"),
]


def cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def card() -> Card:
    games = [
        Game(
            league="NCAA" if i < 3 or i == 5 else "NFL",
            away=a,
            home=h,
            spread=Decimal(-3),
            total=None,
            numbers=SelectionNumbers(away=101 + 2 * i, home=102 + 2 * i),
        )
        for i, (a, h) in enumerate(PAIRS)
    ]
    return Card(slug="mixed", title="Mixed", games=tuple(games))


def test_entry_import_matches_exact_names_first_then_unambiguous_aliases(tmp_path: Path) -> None:
    path = xlsx(
        tmp_path / "e.xlsx",
        [
            ["Name", *(f"{a} at {h}" for a, h in PAIRS)],
            ["Dana", "Georgia", "Kansas State", "Texas A&M", "Bills", "49ers", "Georgia State"],
            ["Lee", "Georgia Tech", "Kansas", "Texas", "Dolphins", "Rams", "Georgia Southern"],
            ["Kim", "GT", "K-State", "TAMU", "BUF", "Niners", "GASO"],
        ],
    )
    rows = read_entries(path, card()).rows
    assert [(r.name, r.numbers, r.problems) for r in rows] == [
        ("Dana", (102, 104, 106, 107, 109, 112), ()),
        ("Lee", (101, 103, 105, 108, 110, 111), ()),
        ("Kim", (101, 104, 106, 107, 109, 111), ()),
    ]


def test_an_ambiguous_pick_says_so_and_names_the_game(tmp_path: Path) -> None:
    path = xlsx(tmp_path / "e.xlsx", [["Name", "111/112"], ["Dana", "Georgia"], ["Lee", "Tech"]])
    dana, lee = read_entries(path, card()).rows
    assert [p.message for p in dana.problems] == [
        '"Georgia" is ambiguous in Georgia Southern at Georgia State: it could be either team. Write the name as '
        "the card prints it. Accepted: 111 or Georgia Southern (away), 112 or Georgia State (home), or blank for "
        "no pick."
    ]
    assert [p.message for p in lee.problems][0].startswith(
        '"Tech" is not a side of Georgia Southern at Georgia State.'
    )


def pdf_text(path: Path) -> str:
    return "\n".join(p.extract_text() or "" for p in PdfReader(path).pages)


@pytest.mark.usefixtures("card_in_store")
def test_the_pickem_sheet_names_the_pools_tiebreaker_game(db_path: Path, tmp_path: Path) -> None:
    r = cli(db_path, "pickem", "new", "office-w12", "--card", "nfl-w12", "--tiebreak-game", "103")
    assert r.exit_code == 0, r.output
    r = cli(
        db_path,
        "game",
        "add",
        "nfl-w12",
        "--league",
        "NFL",
        "--away",
        "Detroit Lions",
        "--home",
        "Cincinnati Bengals",
        "--spread",
        "-7",
        "--kickoff",
        "2026-11-26 12:30",
    )  # a later game, added after the pool was made
    assert r.exit_code == 0, r.output
    for slug in ("office-w12", "nfl-w12"):  # the pool, or its card (which has this one pool)
        out = tmp_path / f"{slug}.pdf"
        r = cli(db_path, "pickem", "print", slug, "--out", str(out))
        assert r.exit_code == 0, r.output
        text = " ".join(pdf_text(out).split())
        assert "TIEBREAKER: total points in Dallas Cowboys at New York Giants" in text, text
        assert "Bengals" not in text  # the pool is on the card version it was made on
    assert cli(db_path, "pickem", "new", "bar-w12", "--card", "nfl-w12").exit_code == 0
    r = cli(db_path, "pickem", "print", "nfl-w12", "--out", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2
    assert (
        "card nfl-w12 has pick'em pools with different tiebreakers or card versions: office-w12" in r.stderr
    )
    assert "Print a pool's own sheet: parlaycards pickem print office-w12" in r.stderr
