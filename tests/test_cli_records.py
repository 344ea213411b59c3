"""A command's options taken as records (`cli.options.spread`): Typer sees each field as an option, the
command gets the record; and the commands built that way answer as before."""

from typing import Annotated

import pytest
import typer
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.cli.options import Record, spread

runner = CliRunner()


class Where(Record):
    """Two options taken together."""

    card: Annotated[str, typer.Option("--card", help="The card.")]
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Store nothing.")] = False


def _app(got: list[object]) -> typer.Typer:
    small = typer.Typer()

    @small.command()
    @spread
    def go(name: Annotated[str, typer.Argument(help="A name.")], where: Where, top: int = 3) -> None:
        """Say where.

        Example: go Dana --card nfl-w12
        """
        got.extend([name, where, top])

    @small.command()
    def other() -> None:
        """Another command, so that `go` is named on the command line."""

    return small


def test_a_records_fields_are_options_and_arrive_in_the_record() -> None:
    got: list[object] = []
    r = runner.invoke(_app(got), ["go", "Dana", "--card", "nfl-w12", "--dry-run", "--top", "5"])
    assert r.exit_code == 0, r.output
    assert got == ["Dana", Where(card="nfl-w12", dry_run=True), 5]


def test_a_records_defaults_and_required_fields_are_typers() -> None:
    got: list[object] = []
    r = runner.invoke(_app(got), ["go", "Dana", "--card", "x"])
    assert r.exit_code == 0 and got == ["Dana", Where(card="x", dry_run=False), 3]
    r = runner.invoke(_app(got), ["go", "Dana"])
    assert r.exit_code == 2 and "--card" in r.output
    shown = runner.invoke(_app(got), ["go", "--help"]).output
    assert "Store nothing." in shown and "Example: go Dana --card nfl-w12" in shown


def test_a_record_is_read_only() -> None:
    where = Where(card="nfl-w12", dry_run=False)
    with pytest.raises(AttributeError, match="Where is read-only: card"):
        where.card = "other"
    assert where == Where(card="nfl-w12", dry_run=False) != Where(card="nfl-w12", dry_run=True)


def test_two_parameters_of_one_name_are_refused_when_the_command_is_made() -> None:
    def clash(card: str, where: Where) -> None:
        """Two `card`s."""

    with pytest.raises(ValueError, match="duplicate parameter name: 'card'"):
        spread(clash)


def test_reviews_corrections_go_with_one_card_only(tmp_path) -> None:
    # the record's check, through the real command: several cards are entered each as read
    r = runner.invoke(
        app,
        ["--db", str(tmp_path / "p.db"), "review", "nfl-w12", "--accept", "000001,000002", "--picks", "101"],
    )
    assert r.exit_code == 2
    assert "--picks go with one card; several cards are each entered as read" in r.stderr
