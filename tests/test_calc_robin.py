"""The calculator's teasers (by the usual table) and round robins, against arithmetic written out here."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from itertools import combinations

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.robin import round_robin

runner = CliRunner()


def calc(*args):
    return runner.invoke(app, ["calc", *args])


def test_a_two_team_six_point_teaser_pays_ten_to_eleven():
    r = calc("100", "-110", "-110", "--teaser", "6")
    assert r.exit_code == 0, r.output
    # 100 × (10/11 + 1) = 190.909… → 190.91
    assert "2-team 6-point teaser: stake $100.00 returns $190.91" in r.stdout


@pytest.mark.parametrize(
    "points, teams, odds", [("6½", 3, (8, 5)), ("7", 4, (2, 1)), ("4.5", 5, (4, 1)), ("10", 3, (10, 12))]
)
def test_teasers_by_the_table(points, teams, odds):
    r = calc("10", *(["-110"] * teams), "--teaser", points, "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    back = Fraction(10) * (Fraction(*odds) + 1)
    assert Decimal(got["best"]) == Decimal(round(float(back), 2)).quantize(Decimal("0.01"))


def test_a_round_robin_prices_every_parlay_and_says_best_and_worst():
    prices = ["-110", "+150", "-120"]
    dec = [Fraction(21, 11), Fraction(5, 2), Fraction(11, 6)]
    r = calc("10", *prices, "--round-robin", "2", "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    expected = [
        Decimal(str(round(float(Fraction(10) * dec[a] * dec[b]), 2))).quantize(Decimal("0.01"))
        for a, b in combinations(range(3), 2)
    ]
    assert [Decimal(p["returned"]) for p in got["parlays"]] == expected  # 47.73, 35.00, 45.83
    assert [p["legs"] for p in got["parlays"]] == [[1, 2], [1, 3], [2, 3]]
    assert Decimal(got["total_stake"]) == Decimal("30.00")
    assert Decimal(got["best"]) == sum(expected)
    assert Decimal(got["worst"]) == Decimal("0.00")
    two = next(w for w in got["by_wins"] if w["wins"] == 2)
    assert (Decimal(two["least"]), Decimal(two["most"])) == (min(expected), max(expected))


def test_round_robin_of_four_by_threes_counts_four_parlays():
    rr = round_robin(Decimal(5), ["-110"] * 4, 3)
    assert len(rr.parlays) == 4 and rr.total_stake == Decimal(20)
    # three of four winning leaves exactly one 3-leg parlay whole
    assert rr.by_wins[3][1] == rr.by_wins[3][2] == rr.parlays[0].returned


@pytest.mark.parametrize(
    "args, said",
    [
        (["100", "-110", "-110", "--teaser", "5.5"], "there is no usual teaser table for 5.5 points"),
        (
            ["100", *(["-110"] * 7), "--teaser", "6"],
            "a 6-point teaser's table pays 2, 3, 4, 5, 6 teams, not 7",
        ),
        (["100", "-110", "-110", "--round-robin", "2"], "a round robin needs at least 3 selections"),
        (["100", "-110", "-110", "-110", "--round-robin", "3"], "is of parlays of 2 to 2 legs; 3 was asked"),
        (["100", "-110", "abc", "--teaser", "6"], '"abc" is not a price'),
    ],
)
def test_refusals(args, said):
    r = calc(*args)
    assert r.exit_code == 2, r.output
    assert said in r.stderr
    assert "Traceback" not in r.output
