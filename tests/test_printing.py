"""Printing batches: serials taken once, batches recorded, codes that check, and the commands."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.core.verify import check_code
from parlaycards.services import printing
from parlaycards.store import Store, batches
from parlaycards.store import cards as card_rows

from .print_support import college_card, nfl_card


@pytest.fixture
def pool(store: Store) -> Store:
    with store.transaction() as tx:
        card_rows.save(tx, nfl_card(16), "test")
        card_rows.save(tx, college_card(60), "test")
    return store


def _codes(path: Path) -> dict[int, str]:
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(path).pages)
    serials = [int(s) for s in re.findall(r"No\. (\d{6})", text)]
    codes = re.findall(r"CODE ([0-9A-Z]{6})", text)
    assert len(serials) == len(codes)
    return dict(zip(serials, codes, strict=True))


def test_serials_are_never_reused_across_runs_and_cards(pool: Store, tmp_path: Path):
    a = printing.print_batch(pool, "nfl-w12", copies=5, folder=tmp_path)
    b = printing.print_batch(pool, "ncaa-w13", copies=3, template="letter-1up", folder=tmp_path)
    c = printing.print_batch(pool, "nfl-w12", copies=4, folder=tmp_path)
    assert (a.first, a.last, b.first, b.last, c.first, c.last) == (1, 5, 6, 8, 9, 12)
    assert a.file == tmp_path / "nfl-w12-v1-000001-000005.pdf"
    seen = [s for p in (a, b, c) for s in _codes(p.file)]
    assert sorted(seen) == list(range(1, 13))
    with pool.transaction() as tx:
        rows = batches.of_card(tx, "nfl-w12")
        assert [(r.first_serial, r.last_serial, r.template) for r in rows] == [
            (1, 5, "letter-2up"),
            (9, 12, "letter-2up"),
        ]
        assert rows[0].sha256 == hashlib.sha256(a.file.read_bytes()).hexdigest()
        assert batches.batch_for_serial(tx, 7) == ("ncaa-w13", 1)
        assert batches.batch_for_serial(tx, 13) is None
        assert card_rows.printed_versions(tx, "nfl-w12") == (1,)


def test_printed_codes_check_and_a_changed_serial_fails(pool: Store, tmp_path: Path):
    done = printing.print_batch(pool, "nfl-w12", copies=4, folder=tmp_path)
    with pool.transaction() as tx:
        secret = tx.secret
    for serial, code in _codes(done.file).items():
        assert check_code(secret, "nfl-w12", 1, serial, code)
        assert not check_code(secret, "nfl-w12", 1, serial + 1, code)
        assert not check_code(secret, "nfl-w12", 2, serial, code)


def test_proof_uses_no_serials(pool: Store, tmp_path: Path):
    proof = printing.print_batch(pool, "nfl-w12", proof=True, folder=tmp_path)
    assert proof.file.name == "nfl-w12-v1-proof.pdf" and proof.first is None
    after = printing.print_batch(pool, "nfl-w12", copies=1, folder=tmp_path)
    assert after.first == 1
    with pool.transaction() as tx:
        assert len(batches.of_card(tx, "nfl-w12")) == 1


def test_a_card_too_big_is_refused_before_any_serial_is_used(pool: Store, tmp_path: Path):
    with pytest.raises(ParlayError, match="Templates that fit it: letter-1up"):
        printing.print_batch(pool, "ncaa-w13", copies=10, template="letter-2up", folder=tmp_path)
    assert printing.print_batch(pool, "nfl-w12", copies=1, folder=tmp_path).first == 1


def test_a_name_the_font_cannot_draw_is_refused_before_any_serial_is_used(store: Store, tmp_path: Path):
    card = nfl_card(16)
    games = list(card.games)
    games[2] = games[2].model_copy(update={"home": "東京 Giants 🏈"})
    with store.transaction() as tx:
        card_rows.save(tx, card.model_copy(update={"games": tuple(games)}), "test")
    with pytest.raises(
        ParlayError, match=r"games 3 home '東京 Giants 🏈'.*Latin letters \(accents are fine\)"
    ):
        printing.print_batch(store, "nfl-w12", copies=2, folder=tmp_path)
    with store.reading() as tx:
        assert batches.all_batches(tx) == []
    games[2] = games[2].model_copy(update={"home": "Montréal Alouettes"})
    with store.transaction() as tx:
        card_rows.save(tx, card.model_copy(update={"games": tuple(games)}), "test")
    assert printing.print_batch(store, "nfl-w12", copies=1, folder=tmp_path).first == 1


def test_a_card_that_could_never_be_played_is_not_printed(store: Store, tmp_path: Path):
    card = nfl_card(2)  # two games, each with a total, same-game picks off: two picks at most
    rules = card.rules.model_copy(update={"min_picks": 3, "same_game": False})
    with store.transaction() as tx:
        card_rows.save(tx, card.model_copy(update={"rules": rules}), "test")
    with pytest.raises(ParlayError, match="asks for at least 3 picks but its 2 games offer 2"):
        printing.print_batch(store, "nfl-w12", copies=1, folder=tmp_path)
    with store.transaction() as tx:  # a side and the total of each game: four picks
        card_rows.save(
            tx, card.model_copy(update={"rules": rules.model_copy(update={"same_game": True})}), "t"
        )
    assert printing.print_batch(store, "nfl-w12", copies=1, folder=tmp_path).first == 1


runner = CliRunner()


def _cli(db: Path, *args: str):
    return runner.invoke(app, ["--db", str(db), *args])


def test_print_command(pool: Store, db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    r = _cli(db_path, "print", "nfl-w12", "--copies", "3")
    assert r.exit_code == 0, r.output
    assert (
        "Wrote output/nfl-w12-v1-000001-000003.pdf: 3 cards of nfl-w12 v1, serials 000001–000003, 2 pages"
        in r.output
    )
    assert 'Print at 100% ("Actual size")' in r.output
    r = _cli(db_path, "print", "ncaa-w13", "--copies", "3")
    assert r.exit_code == 2
    assert "Error: card ncaa-w13 v1 has 60 games, too many to print legibly on letter-2up" in r.output
    r = _cli(db_path, "print", "nfl-w12", "--proof", "--out", "p.pdf")
    assert r.exit_code == 0 and (tmp_path / "p.pdf").exists()
    r = _cli(db_path, "print", "nfl-w12", "--template", "nope")
    assert r.exit_code == 2 and 'there is no template "nope". Templates: a4-2up' in r.output


def test_templates_calibrate_and_pickem_commands(
    pool: Store, db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.chdir(tmp_path)
    r = _cli(db_path, "templates", "--json")
    assert r.exit_code == 0
    names = [t["name"] for t in json.loads(r.stdout)]
    assert {"letter-2up", "letter-3up", "letter-4up", "letter-1up", "a4-2up"} <= set(names)
    r = _cli(db_path, "calibrate", "--template", "letter-3up")
    assert r.exit_code == 0 and (tmp_path / "output" / "calibrate-letter-3up.pdf").exists()
    text = pypdf.PdfReader(tmp_path / "output" / "calibrate-letter-3up.pdf").pages[0].extract_text()
    assert "Calibration sheet for template letter-3up" in text and "offset" in text
    r = _cli(db_path, "pickem", "print", "nfl-w12")
    assert r.exit_code == 0, r.output
    text = pypdf.PdfReader(tmp_path / "output" / "nfl-w12-v1-pickem.pdf").pages[0].extract_text()
    # no pool on this card: the tiebreaker is the last game by kickoff, as a pool's default, named
    assert "TIEBREAKER: total points in Arizona Cardinals at Los Angeles Rams (Sun 11/22 7:00p)" in text
    assert "Buffalo Bills +3½" in text


def test_user_template_by_path(pool: Store, tmp_path: Path):
    mine = tmp_path / "shifted.toml"
    shipped = Path(printing.__file__).parents[1] / "templates" / "letter-2up.toml"
    mine.write_text(
        shipped.read_text(encoding="utf-8")
        .replace('name = "letter-2up"', 'name = "shifted"')
        .replace("offset = { x = 0, y = 0 }", "offset = { x = 0.05, y = -0.05 }"),
        encoding="utf-8",
    )
    done = printing.print_batch(pool, "nfl-w12", copies=2, template=str(mine), folder=tmp_path)
    assert done.template == "shifted"


def test_one_card_is_said_in_the_singular(
    pool: Store, db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """A new operator printed one card and read "1 cards … 1 pages": counts go through `core.text.plural`."""
    from parlaycards.core.text import plural

    assert (plural(1, "card"), plural(2, "page"), plural(1, "entry", "entries")) == (
        "1 card",
        "2 pages",
        "1 entry",
    )
    monkeypatch.chdir(tmp_path)
    r = _cli(db_path, "print", "nfl-w12", "--copies", "1")
    assert r.exit_code == 0, r.output
    assert (
        "Wrote output/nfl-w12-v1-000001-000001.pdf: 1 card of nfl-w12 v1, serial 000001, 1 page" in r.output
    )
    assert "1 cards" not in r.output and "1 pages" not in r.output
