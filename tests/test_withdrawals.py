"""A matchup's competitor who starts and then withdraws or is disqualified (SETTLEMENT.md §6: they finish
behind any competitor who finishes; one who never starts makes the matchup no action). Where both are
out the contract is silent: the usual sportsbook rule, no action. Recorded by `result set --wd/--dq`
and by `result import` (WD or DQ written in place of a score), graded to the cent."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.models import Card, Entry, Game, Result, SelectionNumbers
from parlaycards.core.settle import settle_entry
from parlaycards.services import grading
from parlaycards.store import results as result_rows

from .pool_support import csv_file, enter, new_card, print_serials

runner = CliRunner()
WHEN = datetime(2026, 11, 22, 12, tzinfo=UTC)
TABLE = {2: (13, 5), 3: (6, 1)}  # "for": a winning card hands back stake × a / b, stake included


def cli(db, *args):
    return runner.invoke(app, ["--db", str(db), *args])


def matchup(league: str, away: str, home: str, n: int, spread: str = "0") -> Game:
    return Game(
        league=league,
        away=away,
        home=home,
        spread=Decimal(spread),
        matchup=True,
        numbers=SelectionNumbers(away=n, home=n + 1),
    )


def golf_card() -> Card:
    return Card(
        slug="golf-r4",
        title="Golf and NASCAR matchups",
        games=(
            matchup("PGA", "Scheffler", "McIlroy", 101, "-1.5"),  # Scheffler −1½
            matchup("PGA", "Schauffele", "Morikawa", 103),
            matchup("NASCAR", "Larson", "Elliott", 105),
            matchup("PGA", "Fleetwood", "Hovland", 107),
        ),
        rules={"min_picks": 2, "max_picks": 3, "ties": "reduce"},
        payouts={
            "basis": "for",
            "tiers": [{"picks": n, "hits": n, "odds": f"{a}-{b}"} for n, (a, b) in TABLE.items()],
        },
    )


def single(pick: int, result: Result, spread: str = "0") -> str:
    card = Card(
        slug="golf-r4",
        title="Golf",
        games=(matchup("PGA", "Scheffler", "McIlroy", 1, spread),),
        rules={"min_picks": 1, "max_picks": 1},
        payouts={"tiers": [{"picks": 1, "hits": 1, "odds": "10-11"}]},
    )
    entry = Entry(serial="1", stake=Decimal(10), picks=(pick,), received_at=WHEN)
    return settle_entry(entry, card, {1: result}).legs[0].outcome.value


@pytest.mark.parametrize(
    "pick, out, spread, outcome",
    [
        (1, {"away_out": "wd"}, "0", "loss"),  # Scheffler teed off, then withdrew
        (2, {"away_out": "wd"}, "0", "win"),
        (1, {"home_out": "dq"}, "0", "win"),
        (2, {"home_out": "dq"}, "0", "loss"),
        (1, {"home_out": "wd"}, "-1.5", "win"),  # a line does not save the one who withdrew
        (2, {"home_out": "wd"}, "-1.5", "loss"),
        (1, {"away_out": "wd"}, "1.5", "loss"),
        (1, {"away_out": "wd", "home_out": "dq"}, "0", "void"),  # both out: no action
        (2, {"away_out": "dq", "home_out": "dq"}, "-1.5", "void"),
    ],
)
def test_a_competitor_who_starts_and_withdraws_finishes_behind(pick, out, spread, outcome):
    assert single(pick, Result(game=1, **out), spread) == outcome


def test_a_competitor_who_never_starts_is_no_action_and_out_is_not_cancelled():
    assert single(1, Result(game=1, cancelled=True)) == "void"
    with pytest.raises(ValueError, match="a cancelled game has no competitor out"):
        Result(game=1, cancelled=True, away_out="wd")
    with pytest.raises(ValueError):
        Result(game=1, away_out="retired")
    assert Result(game=1, away_out="wd", home_out="dq").out_text("Larson", "Elliott") == (
        "Larson withdrew and Elliott was disqualified"
    )


def expected(stake: str, legs: list[str]) -> Decimal:
    """§2 with ties `reduce` and voids dropped, the card's "for" table: written apart from core/settle.py."""
    kept = [o for o in legs if o not in ("void", "push")]
    if "loss" in kept:
        return Decimal("0.00")
    if len(kept) not in TABLE:
        return Decimal(stake).quantize(Decimal("0.01"))  # below the card's least picks: stake back
    a, b = TABLE[len(kept)]
    amount = Fraction(Decimal(stake)) * a / b
    return (Decimal(amount.numerator) / Decimal(amount.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )


def test_withdrawals_through_the_command_line_and_grade_to_the_cent(store, db_path):
    new_card(store, golf_card())
    first, _, _ = print_serials(store, "golf-r4", 6)
    picks = {
        first: ("101,103,105", "7.5"),  # Scheffler (−1½, withdrew): loses
        first + 1: ("102,103,105", "7.5"),  # McIlroy: wins by the withdrawal
        first + 2: ("102,106", "3.33"),  # McIlroy, Elliott (disqualified): loses
        first + 3: ("102,105,107", "10"),  # Fleetwood/Hovland both out: no action, two legs left
        first + 4: ("101,107", "5"),
        first + 5: ("104,105,108", "2.2"),
    }
    for serial, (p, stake) in picks.items():
        enter(store, "golf-r4", serial=serial, picks=p, stake=stake)

    r = cli(db_path, "result", "set", "golf-r4", "101", "--wd")
    assert r.exit_code == 0, r.output
    assert "Scheffler withdrew" in r.output
    assert cli(db_path, "result", "set", "golf-r4", "103", "70", "72").exit_code == 0  # Schauffele ahead
    r = cli(db_path, "result", "set", "golf-r4", "106", "--disqualified")
    assert r.exit_code == 0 and "Elliott was disqualified" in r.output
    assert cli(db_path, "result", "set", "golf-r4", "107", "--withdrew").exit_code == 0
    r = cli(db_path, "result", "set", "golf-r4", "108", "--dq")  # the other one too: both out
    assert r.exit_code == 0 and "Fleetwood withdrew and Hovland was disqualified" in r.output
    with store.transaction() as tx:
        stored = result_rows.of(tx, "golf-r4")
    assert stored[101] == Result(game=101, away_out="wd")
    assert stored[105] == Result(game=105, home_out="dq")
    assert stored[107] == Result(game=107, away_out="wd", home_out="dq")
    shown = {g["game"]: g for g in json.loads(cli(db_path, "results", "golf-r4", "--json").stdout)}
    assert (shown[101]["status"], shown[101]["away_out"], shown[103]["status"]) == ("out", "wd", "final")

    legs = {
        101: "loss",
        102: "win",
        103: "win",
        104: "loss",
        105: "win",
        106: "loss",
        107: "void",
        108: "void",
    }
    report = grading.grade(store, "golf-r4")
    got = {int(row.serial): row for row in report.rows}
    for serial, (p, stake) in picks.items():
        nums = [int(x) for x in p.split(",")]
        row = got[serial]
        assert {n: row.outcomes[n].value for n in nums} == {n: legs[n] for n in nums}
        assert row.payout == expected(stake, [legs[n] for n in nums]), (serial, p)
    assert got[first + 1].payout == Decimal("45.00")  # 7.50 × 6 for 3 of 3
    assert got[first + 3].payout == Decimal("26.00")  # Fleetwood/Hovland dropped: 2 of 2 at 13-5
    assert got[first + 2].payout == Decimal("0.00")
    out = {g.key: g.score for g in report.games}
    assert out[101] == "Scheffler withdrew" and out[103] == "70–72"


def test_refusals_change_nothing(store, db_path, card_in_store):
    new_card(store, golf_card())
    for args, said in [
        (["nfl-w12", "101", "--wd"], "is a game of two teams, not a matchup"),
        (["golf-r4", "101", "70", "72", "--wd"], "a competitor who withdrew has no final score"),
        (["golf-r4", "101", "--cancelled", "--dq"], "a competitor who was disqualified has no final score"),
        (["golf-r4", "101", "--wd", "--dq"], "give --withdrew or --disqualified, not both"),
    ]:
        r = cli(db_path, "result", "set", *args)
        assert r.exit_code == 2, (args, r.output)
        assert said in r.stderr, (args, r.stderr)
    with store.transaction() as tx:
        assert result_rows.of(tx, "golf-r4") == {} and result_rows.of(tx, "nfl-w12") == {}


def test_result_import_reads_wd_and_dq_in_place_of_a_score(store, db_path, tmp_path, card_in_store):
    new_card(store, golf_card())
    sheet = csv_file(
        tmp_path / "golf.csv",
        [
            ["Away", "Away score", "Home", "Home score", "Status"],
            ["Scheffler", "WD", "McIlroy", "71", "Final"],
            ["Schauffele", "70", "Morikawa", "72", ""],
            ["Larson", "4", "Elliott", "DQ", ""],
            ["Fleetwood", "W/D", "Hovland", "dq", "Final"],
        ],
    )
    r = cli(db_path, "result", "import", "golf-r4", str(sheet))
    assert r.exit_code == 0, r.output
    with store.transaction() as tx:
        stored = result_rows.of(tx, "golf-r4")
    assert stored == {
        101: Result(game=101, away_out="wd"),
        103: Result(game=103, away_score=70, home_score=72),
        105: Result(game=105, home_out="dq"),
        107: Result(game=107, away_out="wd", home_out="dq"),
    }
    # on a game of two teams, WD is refused naming its row; nothing is stored
    bad = csv_file(
        tmp_path / "nfl.csv",
        [["Number", "Away score", "Home score"], ["101", "WD", "20"], ["103", "17", "14"]],
    )
    r = cli(db_path, "result", "import", "nfl-w12", str(bad))
    assert r.exit_code == 2
    assert "row 2" in r.stderr and "a game of two teams" in r.stderr
    with store.transaction() as tx:
        assert result_rows.of(tx, "nfl-w12") == {}


# ---- the property: matchup cards with withdrawals, graded to the cent as §6 says ------------------------------

strokes = st.integers(min_value=60, max_value=80)
lines = st.integers(min_value=-6, max_value=6).map(lambda x: Fraction(x, 2))
TO = {
    1: (10, 11),
    2: (13, 5),
    3: (6, 1),
    4: (10, 1),
    5: (20, 1),
}  # "to": a winning card hands back stake × (a/b + 1)


def reference_leg(side: str, home_line: Fraction, lower_wins: bool, r: Result) -> str:
    """§6 from its words: no start → void; started and out → behind any who finishes; both out → void (the
    usual rule where the contract is silent); else ahead (fewer strokes, better place) by more than the line."""
    if r.cancelled or (r.away_out and r.home_out):
        return "void"
    mine_out, other_out = (r.away_out, r.home_out) if side == "away" else (r.home_out, r.away_out)
    if mine_out or other_out:
        return "loss" if mine_out else "win"
    mine, other = (r.away_score, r.home_score) if side == "away" else (r.home_score, r.away_score)
    assert mine is not None and other is not None
    ahead = (other - mine) if lower_wins else (mine - other)
    margin = ahead + (-home_line if side == "away" else home_line)
    return "push" if margin == 0 else "win" if margin > 0 else "loss"


def reference_card(outcomes: list[str], ties: str, stake: Fraction) -> Decimal:
    counted = []
    for o in outcomes:
        if o == "void" or (o == "push" and ties == "reduce"):
            continue
        counted.append(("win" if ties == "win" else "loss") if o == "push" else o)
    if "loss" in counted:
        return Decimal("0.00")
    back = stake * (Fraction(*TO[len(counted)]) + 1) if counted else stake
    return (Decimal(back.numerator) / Decimal(back.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )


@st.composite
def matchup_case(draw):
    n_games = draw(st.integers(min_value=1, max_value=5))
    games, finals = [], {}
    for i in range(n_games):
        n = 101 + 2 * i
        league = draw(st.sampled_from(["PGA", "NASCAR", "LOCAL"]))
        line = draw(lines)
        games.append(
            Game(
                league=league,
                away=f"A{i}",
                home=f"B{i}",
                spread=Decimal(line.numerator) / line.denominator,
                matchup=True,
                numbers=SelectionNumbers(away=n, home=n + 1),
            )
        )
        how = draw(st.sampled_from(["final", "final", "final", "away", "home", "both", "cancelled"]))
        out = {
            "away": {"away_out": "wd"},
            "home": {"home_out": "dq"},
            "both": {"away_out": "dq", "home_out": "wd"},
        }
        finals[n] = (
            Result(game=n, cancelled=True)
            if how == "cancelled"
            else Result(game=n, **out[how])
            if how in out
            else Result(game=n, away_score=draw(strokes), home_score=draw(strokes))
        )
    picked = draw(st.lists(st.sampled_from(range(n_games)), min_size=1, max_size=n_games, unique=True))
    picks = [(i, draw(st.sampled_from(["away", "home"]))) for i in picked]
    ties = draw(st.sampled_from(["win", "lose", "reduce"]))
    stake = draw(st.sampled_from(["1", "2.50", "5", "7.33", "10", "100"]))
    return games, finals, picks, ties, stake


@settings(max_examples=300, deadline=None)
@given(matchup_case())
def test_matchup_cards_with_withdrawals_grade_as_the_contract_says_to_the_cent(case):
    from parlaycards.core import leagues

    games, finals, picks, ties, stake = case
    card = Card(
        slug="m",
        title="Matchups",
        games=tuple(games),
        rules={"min_picks": 1, "max_picks": 5, "ties": ties},
        payouts={"tiers": [{"picks": n, "hits": n, "odds": f"{a}-{b}"} for n, (a, b) in TO.items()]},
    )
    numbers = [getattr(games[i].numbers, side) for i, side in picks]
    entry = Entry(serial="1", stake=Decimal(stake), picks=tuple(numbers), received_at=WHEN)
    got = settle_entry(entry, card, finals)
    outcomes = [
        reference_leg(
            side,
            Fraction(str(games[i].spread)),
            leagues.lower_wins(games[i].league),
            finals[games[i].numbers.away],
        )
        for i, side in picks
    ]
    assert [leg.outcome.value for leg in got.legs] == outcomes
    assert got.payout == reference_card(outcomes, ties, Fraction(stake))


def test_a_pool_of_an_earlier_release_gains_the_columns_and_keeps_its_scores(tmp_path):
    import shutil
    import sqlite3

    from .test_upgrade import PREVIOUS

    db = tmp_path / "pool.db"
    shutil.copy(PREVIOUS, db)
    con = sqlite3.connect(db)
    before = con.execute("select game, away_score, home_score from results order by game").fetchall()
    assert "away_out" not in {r[1] for r in con.execute("pragma table_info(results)")}
    con.close()
    r = cli(db, "results", "nfl-w12", "--json")
    assert r.exit_code == 0, r.output
    shown = json.loads(r.stdout)
    assert [
        (g["game"], g["away_score"], g["home_score"]) for g in shown if g["status"] != "pending"
    ] == before
    assert {g["away_out"] for g in shown} == {None}
    con = sqlite3.connect(db)
    assert {"away_out", "home_out"} <= {r[1] for r in con.execute("pragma table_info(results)")}
    con.close()


def test_withdrawals_are_kept_on_either_database(any_store):
    new_card(any_store, golf_card())
    from parlaycards.services import results as svc

    svc.set_result(any_store, "golf-r4", 102, out="wd")
    svc.set_result(any_store, "golf-r4", 101, out="dq")  # both out
    svc.set_result(any_store, "golf-r4", 106, out="dq")
    with any_store.reading() as tx:
        stored = result_rows.of(tx, "golf-r4")
    assert stored == {
        101: Result(game=101, away_out="dq", home_out="wd"),
        105: Result(game=105, home_out="dq"),
    }
