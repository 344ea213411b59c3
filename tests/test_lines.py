from decimal import Decimal

import pytest

from parlaycards.core.lines import LineError, format_spread, format_total, half, parse_spread, parse_total


@pytest.mark.parametrize(
    "text, value, price",
    [
        ("-3.5", "-3.5", None),
        ("-3½", "-3.5", None),
        ("-3 1/2", "-3.5", None),
        ("-3 ½", "-3.5", None),
        ("+7", "7", None),
        ("7", "7", None),
        ("3½", "3.5", None),
        ("PK", "0", None),
        ("pick", "0", None),
        ("pick'em", "0", None),
        ("pk'em", "0", None),
        ("EV", "0", None),
        ("even", "0", None),
        ("0", "0", None),
        ("-3 -110", "-3", -110),
        ("-6.5 (-105)", "-6.5", -105),
        ("-3 EV", "-3", 100),
        ("\u22123\u00bd", "-3.5", None),
        (-2.5, "-2.5", None),
        (7, "7", None),
    ],
)
def test_spread_notations(text, value, price):
    line = parse_spread(text)
    assert line.value == Decimal(value)
    assert line.price == price


@pytest.mark.parametrize(
    "text, value",
    [
        ("44½", "44.5"),
        ("44.5", "44.5"),
        ("44 1/2", "44.5"),
        ("o44.5", "44.5"),
        ("u44.5", "44.5"),
        ("o/u 44½", "44.5"),
        ("O/U 44.5", "44.5"),
        ("44 -110", "44"),
        (41, "41"),
        (44.5, "44.5"),
    ],
)
def test_total_notations(text, value):
    assert parse_total(text).value == Decimal(value)


@pytest.mark.parametrize("bad", ["abc", "--3", "-3.5.5", "3 3/4", "+-3", "1000"])
def test_bad_spread_says_what_is_accepted(bad):
    with pytest.raises(LineError, match=r"is not a line\. Accepted: -3\.5, -3½"):
        parse_spread(bad)


@pytest.mark.parametrize("bad", ["-44", "0", "abc", "o", -3])
def test_bad_total(bad):
    with pytest.raises(LineError, match="Accepted: 44.5"):
        parse_total(bad)


def test_printing_uses_the_half_glyph():
    assert format_spread(Decimal("-3.5")) == "-3½"
    assert format_spread(Decimal("7")) == "+7"
    assert format_spread(Decimal("0")) == "PK"
    assert format_spread(Decimal("-0.5")) == "-½"
    assert format_total(Decimal("44.5")) == "44½"
    assert half(Decimal("10")) == "10"


def test_parse_and_print_round_trip():
    for tenths in range(-400, 401, 5):
        value = Decimal(tenths) / 10
        assert parse_spread(format_spread(value)).value == value


def test_to_half_rounds_feed_lines_to_the_half_point_a_card_shows():
    from parlaycards.core.lines import to_half

    assert to_half(Decimal("-3.25")) == Decimal("-3.5")  # a quarter goes away from zero
    assert to_half(Decimal("44.25")) == Decimal("44.5")
    assert to_half(Decimal("44.75")) == Decimal("45")
    assert to_half(Decimal("-3.2")) == Decimal("-3")
    assert to_half(Decimal("-0.2")) == 0
    assert to_half(Decimal("-6.5")) == Decimal("-6.5")
    assert str(to_half(Decimal("7.0"))) == "7"
