"""Money: one reader, one rounding, one writer."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from parlaycards.core.money import cents, dollars, parse, plain


def test_negative_amounts_read_minus_dollar_everywhere():
    assert dollars(Decimal("-5")) == "-$5.00"
    assert dollars(Decimal("-1234.5")) == "-$1,234.50"
    assert dollars(Decimal("1234.5")) == "$1,234.50"
    assert plain(Decimal("-5")) == "-5.00"


def test_rounding_is_half_up_to_the_cent_once():
    assert cents(Fraction(1, 8)) == Decimal("0.13")  # 0.125 → 0.13, not banker's 0.12
    assert cents(Decimal("2.675")) == Decimal("2.68")
    assert cents(Fraction(10, 3)) == Decimal("3.33")


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("5", "5.00"),
        ("$12.50", "12.50"),
        ("$1,000", "1000.00"),
        ("5 USD", "5.00"),
        (" 7.1 ", "7.10"),
        ("12,345.50", "12345.50"),
        ("$1,000,000", "1000000.00"),
    ],
)
def test_amounts_people_write(text: str, amount: str):
    assert parse(text) == Decimal(amount)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("five", "is not an amount"),
        ("0", "must be more than 0"),
        ("-3", "must be more than 0"),
        ("1.005", "has fractions of a cent"),
        ("nan", "is not an amount"),
        ("2,5", "has a comma that does not separate thousands: write 2.50 with a decimal point"),
        ("4,50", "has a comma that does not separate thousands: write 4.50"),
        ("1,00", "has a comma that does not separate thousands: write 1.00"),
        ("1,2,3", "has a comma that does not separate thousands: write it"),
        ("12,34.5", "has a comma that does not separate thousands"),
    ],
)
def test_bad_amounts_are_refused_naming_what(text: str, says: str):
    with pytest.raises(ValueError, match=f'the stake "{text}" {says}'):
        parse(text, "the stake")
    assert parse("0", zero=True) == Decimal("0.00")


def test_no_money_is_formatted_outside_the_text_module():
    """`${x:,.2f}` wrote `$-5.00` for a negative amount, and `${x:,.0f}` printed a cap of $250.60 as
    `$251`; every amount now goes through core.text.dollars()."""
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[1] / "parlaycards"
    inline = [
        f"{p.relative_to(root)}:{n}"
        for p in root.rglob("*.py")
        if p.relative_to(root).as_posix() != "core/text.py"
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if re.search(r"\$\{[^}]*:,\.[02]f\}", line)
    ]
    assert inline == []


def test_a_stake_typed_with_a_decimal_comma_is_refused_not_read_ten_times_larger(tmp_path):
    """ "2,5" was read as $25.00 (and paid seven times that): a comma that does not separate thousands is
    asked about, by the command line and by a sheet alike, and nothing is stored."""
    from typer.testing import CliRunner

    from parlaycards.cli.main import app

    db = str(tmp_path / "pool.db")
    run = CliRunner().invoke
    assert run(app, ["--db", db, "calc", "2,5", "-110", "-110", "-110"]).exit_code != 0
    out = run(app, ["--db", db, "calc", "2,5", "-110", "-110", "-110"]).output
    assert "write 2.50 with a decimal point" in out and "Traceback" not in out
