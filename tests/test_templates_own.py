"""Issue 18 item 3: a copied printer template never hijacks the shipped one. A template's name and its
file agree or the clash is refused naming both; `templates copy` and `calibrate --save` make and change
the operator's own template, never a shipped one."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.io.templates import load_template

runner = CliRunner()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_copy_that_keeps_the_shipped_name_is_refused_naming_both(folder: Path):
    """The operator's week: letter-2up.toml copied by hand as bar-printer.toml with a new offset."""
    (folder / "templates").mkdir()
    toml = (resources.files("parlaycards") / "templates" / "letter-2up.toml").read_text()
    (folder / "templates" / "bar-printer.toml").write_text(
        toml.replace("offset = { x = 0, y = 0 }", "offset = { x = 0.1, y = 0 }")
    )
    assert load_template("letter-2up").offset_pt() == (0.0, 0.0)  # the shipped one is not taken over
    with pytest.raises(ParlayError) as caught:
        load_template("bar-printer")
    assert str(caught.value) == (
        'templates/bar-printer.toml says name = "letter-2up" (the name of the shipped template letter-2up), '
        "but its file is named bar-printer.toml: a template's name and its file must agree. Change the name "
        'line to name = "bar-printer" (or make copies with `parlaycards templates copy letter-2up bar-printer`).'
    )
    r = runner.invoke(app, ["templates"])
    assert r.exit_code == 0 and "its file is named bar-printer.toml" in r.stderr


def test_templates_copy_makes_a_template_of_its_own_and_leaves_the_shipped_one(folder: Path):
    r = runner.invoke(app, ["templates", "copy", "letter-2up", "bar-printer"])
    assert r.exit_code == 0, r.stderr
    assert r.stderr.startswith(
        "Wrote templates/bar-printer.toml: template bar-printer, a copy of letter-2up."
    )
    mine = load_template("bar-printer")
    assert mine.name == "bar-printer" and mine.cards == load_template("letter-2up").cards
    assert "# Two landscape cards" in (folder / "templates" / "bar-printer.toml").read_text()  # comments kept
    r = runner.invoke(app, ["templates", "copy", "letter-2up", "bar-printer"])
    assert r.exit_code == 2 and "templates/bar-printer.toml already exists: nothing was copied" in r.stderr
    r = runner.invoke(app, ["templates", "copy", "bar-printer", "letter-3up"])
    assert r.exit_code == 2 and '"letter-3up" is a shipped template' in r.stderr
    r = runner.invoke(app, ["templates", "--json"])
    assert r.exit_code == 0 and '"bar-printer"' in r.stdout


def test_calibrate_save_puts_the_offset_in_your_template_never_a_shipped_one(folder: Path):
    r = runner.invoke(app, ["calibrate", "--offset", "0.05,-0.03", "--save", "bar-printer"])
    assert r.exit_code == 0, r.stderr
    assert "Made templates/bar-printer.toml: offset x 0.05, y -0.03 in (a copy of letter-2up)" in r.stderr
    assert (folder / "output" / "calibrate-bar-printer.pdf").is_file()
    assert load_template("bar-printer").offset_pt() == pytest.approx((3.6, -2.16))
    assert load_template("letter-2up").offset_pt() == (0.0, 0.0)
    r = runner.invoke(app, ["calibrate", "--offset", "0.02,0", "--save", "bar-printer"])
    assert r.exit_code == 0 and "Changed templates/bar-printer.toml: offset x 0.02, y 0 in." in r.stderr
    assert load_template("bar-printer").offset_pt() == pytest.approx((1.44, 0.0))
    r = runner.invoke(app, ["calibrate", "--offset", "0.02,0", "--save", "letter-2up"])
    assert r.exit_code == 2 and "Shipped templates are not changed" in r.stderr
    r = runner.invoke(app, ["calibrate", "--offset", "0.02,0"])
    assert r.exit_code == 2 and "--save: give the offset and the template to save it in together" in r.stderr
    r = runner.invoke(app, ["calibrate", "--offset", "1,0", "--save", "bar-printer"])
    assert r.exit_code == 2 and "offset is more than ½ in" in r.stderr
    assert load_template("bar-printer").offset_pt() == pytest.approx((1.44, 0.0))  # refused: file unchanged
