"""CSV wherever xlsx is written: `export`, `grade --csv`, `entries --csv` — UTF-8 with BOM, whole or not at all."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.models import Card
from parlaycards.io.lines import Asked, read_lines
from parlaycards.report.csv_out import write_card_csv, write_csv
from parlaycards.services import results, voids

from .pool_support import enter, new_card, print_serials

runner = CliRunner()
SAMPLES = Path(__file__).resolve().parent.parent / "sample_lines"


def _rows(path: Path) -> list[list[str]]:
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # the BOM Excel needs to read UTF-8
    with path.open(encoding="utf-8-sig", newline="") as fh:
        return list(csv.reader(fh))


@pytest.mark.parametrize("name", ["nfl-week-12.xlsx", "ncaa-week-13.xlsx"])
def test_a_card_exported_as_csv_imports_back_to_the_same_games(tmp_path, name):
    lines = read_lines(Asked(SAMPLES / name))
    card = Card(slug="w", title="t", games=lines.games)
    path = write_card_csv(card, tmp_path / "card.csv")
    rows = _rows(path)
    assert rows[0][:6] == ["League", "Date", "Time", "Away No.", "Away", "Away line"]
    assert len(rows) == 1 + len(card.games)
    assert read_lines(Asked(path, tz=card.timezone)).games == card.games


def test_csv_is_whole_or_not_at_all_and_never_a_formula(tmp_path):
    path = write_csv(
        tmp_path / "deep" / "x.csv",
        ["Name", "Line"],
        [['=HYPERLINK("http://x")', "-3.5"], ["@Away", "+7"], ["São Paulo ½", "0"]],
    )
    assert _rows(path)[1:] == [['\'=HYPERLINK("http://x")', "-3.5"], ["'@Away", "+7"], ["São Paulo ½", "0"]]

    def broken():
        yield ["a", "1"]
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        write_csv(path, ["Name", "Line"], broken())
    assert _rows(path)[1][0] == '\'=HYPERLINK("http://x")'  # the old file, untouched
    assert sorted(p.name for p in path.parent.iterdir()) == ["x.csv"]


@pytest.fixture
def graded_pool(store, db_path):
    new_card(store)
    print_serials(store, "nfl-w12", 5)
    for serial, name in (("1", "Dana"), ("2", "=cmd|' /C calc'!A0"), ("3", "Zoë")):
        enter(
            store,
            "nfl-w12",
            serial=serial,
            name=name,
            stake="10",
            picks="101,103,105",
            received="2026-11-21 09:30",
        )
    for number, away, home in ((101, 20, 10), (103, 20, 10), (105, 10, 20)):
        results.set_result(store, "nfl-w12", number, away, home)
    voids.void_entry(store, "nfl-w12", 3, "handed back")
    store.dispose()
    return ["--db", str(db_path)]


def test_cli_grade_and_entries_write_csv(graded_pool, tmp_path):
    out = tmp_path / "grade.csv"
    r = runner.invoke(app, [*graded_pool, "grade", "nfl-w12", "--csv", str(out)])
    assert r.exit_code == 0, r.stderr
    assert f"Wrote {out}" in r.stderr
    rows = _rows(out)
    assert rows[0][:6] == ["Serial", "Version", "Name", "Stake", "Picks", "Outcome"]
    got = {row[0]: row for row in rows[1:]}
    assert [got["000001"][i] for i in (2, 3, 5, 9)] == ["Dana", "10.00", "loss", "0.00"]
    assert got["000002"][2] == "'=cmd|' /C calc'!A0"
    assert (got["000003"][5], got["000003"][-1]) == ("void", "handed back")
    assert got["000001"][13] == "2026-11-21 09:30"  # received, in the card's time zone

    out = tmp_path / "entries.csv"
    r = runner.invoke(app, [*graded_pool, "entries", "nfl-w12", "--name", "zo", "--csv", str(out)])
    assert r.exit_code == 0, r.stderr
    assert [row[0] for row in _rows(out)] == ["Serial", "000003"]
    assert _rows(out)[0] == [
        *("Serial", "Version", "Name", "Stake", "Picks", "Received", "Late", "Source", "Last grade"),
        *("Payout", "Paid", "Void reason"),
    ]
    assert _rows(out)[1][-1] == "handed back"
    r = runner.invoke(app, [*graded_pool, "entries", "nfl-w12", "--csv", str(tmp_path / "entries.xlsx")])
    assert r.exit_code == 2 and "must end in .csv" in r.stderr

    out = tmp_path / "card.csv"
    r = runner.invoke(app, [*graded_pool, "export", "nfl-w12", "--out", str(out)])
    assert r.exit_code == 0, r.stderr
    assert len(_rows(out)) == 7
