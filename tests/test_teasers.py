"""Teaser cards, matchups and games with no line (SETTLEMENT.md §6), graded to the cent against a small
implementation written here apart from parlaycards/core/settle.py, from the contract's words alone."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError
from parlaycards.core.models import Card, Entry, Game, Result, SelectionNumbers
from parlaycards.core.settle import settle_entry
from parlaycards.core.teasers import basketball_note, teaser_card, teaser_table

runner = CliRunner()
WHEN = datetime(2026, 11, 22, 12, tzinfo=UTC)
USUAL = {  # DOMAIN.md §2, teams → (a, b) "to"
    "6": {2: (10, 11), 3: (9, 5), 4: (3, 1), 5: (9, 2), 6: (6, 1)},
    "6.5": {2: (10, 12), 3: (8, 5), 4: (5, 2), 5: (4, 1), 6: (11, 2)},
    "7": {2: (10, 13), 3: (7, 5), 4: (2, 1), 5: (7, 2), 6: (5, 1)},
}


# ---- the independent implementation ---------------------------------------------------------------------------


def reference_leg(
    kind: str, spread: Fraction, total: Fraction | None, tease: Fraction, away: int, home: int
) -> str:
    """§1 at the teased line of §6. kind: away, home, over, under. Returns win, loss or push."""
    if kind in ("over", "under"):
        assert total is not None
        line = total - tease if kind == "over" else total + tease
        pts = away + home
        if pts == line:
            return "push"
        return "win" if (pts > line) == (kind == "over") else "loss"
    my, their, line = (away, home, -spread + tease) if kind == "away" else (home, away, spread + tease)
    diff = my + line - their
    return "push" if diff == 0 else "win" if diff > 0 else "loss"


def reference_card(
    outcomes: list[str], ties: str, table: dict[int, tuple[int, int]], stake: Fraction
) -> Decimal:
    """§2 and §3: what the card hands back, rounded half up to the cent once."""
    counted = []
    for o in outcomes:
        if o == "void":
            continue
        if o == "push":
            if ties == "reduce":
                continue
            o = "win" if ties == "win" else "loss"
        counted.append(o)
    n, k = len(counted), counted.count("win")
    if n == k and n in table:
        a, b = table[n]
        back = stake * (Fraction(a, b) + 1)
    elif "loss" in counted:
        back = Fraction(0)
    else:
        back = stake  # below the smallest tier with no loss: refund (the default rule)
    return Decimal(back.numerator) / Decimal(back.denominator) if back else Decimal(0)


def cents(x: Decimal) -> Decimal:
    return x.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


# ---- examples from the contract ------------------------------------------------------------------------------


def game(away: str, home: str, spread: str, total: str | None, n: int, **kw) -> Game:
    numbers = SelectionNumbers(
        away=n, home=n + 1, over=200 + n if total else None, under=201 + n if total else None
    )
    return Game(
        away=away,
        home=home,
        spread=Decimal(spread),
        total=Decimal(total) if total else None,
        numbers=numbers,
        **kw,
    )


def board(*games: Game) -> Card:
    return Card(slug="nfl-w12", title="NFL Week 12", games=games)


def test_the_domain_example_six_points():
    card = teaser_card(
        board(game("Bears", "Chiefs", "-7", "44", 101), game("Bears2", "Packers", "3", None, 103)),
        "teaser-w12",
        Decimal(6),
    )
    chiefs, bears = card.games
    from parlaycards.core.models import Side

    assert chiefs.line_for(Side.HOME) == Decimal(-1)  # Chiefs −7 → −1
    assert chiefs.line_for(Side.AWAY) == Decimal(13)
    assert bears.line_for(Side.AWAY) == Decimal(3)  # home +3 is away −3 → −3 + 6 = +3
    assert (chiefs.line_for(Side.OVER), chiefs.line_for(Side.UNDER)) == (Decimal(38), Decimal(50))
    assert card.rules.ties == "win" and (card.rules.min_picks, card.rules.max_picks) == (2, 6)
    assert str(card.payouts.tier(3, 3).odds) == "9-5"
    assert card.title == "NFL Week 12 — 6-Point Teaser"


def test_a_teased_leg_landing_on_the_number_pushes_and_the_card_ties_rule_decides():
    # Chiefs −7 teased 6 → −1; Chiefs win by 1: push. Over 44 teased → 38; 21+17 = 38: push.
    base = board(game("Bears", "Chiefs", "-7", "44", 101), game("Lions", "Packers", "-3", None, 103))
    results = {
        101: Result(game=101, away_score=17, home_score=18),
        103: Result(game=103, away_score=20, home_score=10),
    }
    entry = Entry(serial="1", stake=Decimal(10), picks=(102, 103), received_at=WHEN)
    win = settle_entry(entry, teaser_card(base, "t", Decimal(6), "win"), results)
    assert [leg.outcome.value for leg in win.legs] == ["push", "win"]  # Lions +3 +6 = +9... away −(−3)+6
    assert win.payout == Decimal("19.09")  # 2 of 2 at 10-11: 10 × 21/11 = 19.0909…
    lose = settle_entry(entry, teaser_card(base, "t", Decimal(6), "lose"), results)
    assert lose.payout == Decimal("0.00")
    reduce = settle_entry(entry, teaser_card(base, "t", Decimal(6), "reduce"), results)
    assert reduce.outcome.value == "refund" and reduce.payout == Decimal("10.00")


def test_special_teaser_ties_lose_and_only_its_team_count():
    base = board(*(game(f"A{i}", f"H{i}", "-3.5", None, 101 + 2 * i) for i in range(4)))
    card = teaser_card(base, "special", Decimal(10))
    assert card.rules.ties == "lose" and (card.rules.min_picks, card.rules.max_picks) == (3, 3)
    assert str(card.payouts.tier(3, 3).odds) == "10-12"
    assert card.title.endswith("10-Point Special Teaser")


@pytest.mark.parametrize(
    "card, points, said",
    [
        (
            board(game("A", "B", "-3", None, 101)),
            "5",
            "cannot be teased 5 points (NFL teasers: 6, 6½, 7, 10, 14)",
        ),
        (
            Card(slug="x", title="x", games=(game("A", "B", "-1.5", None, 101, league="MLB"),)),
            "6",
            "MLB teasers: none",
        ),
        (
            Card(
                slug="x",
                title="x",
                games=(game("A", "B", "-3", None, 101), game("C", "D", "-5", None, 103, league="NBA")),
            ),
            "6",
            "cannot be teased 6 points (NBA teasers: 4, 4½, 5)",
        ),
    ],
)
def test_refusals(card, points, said):
    with pytest.raises(ParlayError, match=said.replace("(", r"\(").replace(")", r"\)")):
        teaser_card(card, "t", Decimal(points))


def test_a_teaser_card_cannot_be_teased_again():
    card = teaser_card(board(game("A", "B", "-3", None, 101)), "t", Decimal(6))
    with pytest.raises(ParlayError, match="already a 6-point teaser card"):
        teaser_card(card, "t2", Decimal(6))


def test_basketball_teasers_start_from_footballs_tables_and_say_so():
    """DOMAIN.md has no basketball teaser table: football's stands in, and the operator is told."""
    assert str(teaser_table(Decimal("4.5"), "basketball").tier(3, 3).odds) == "8-5"
    assert str(teaser_table(Decimal(4), "basketball").tier(2, 2).odds) == "10-11"
    nba = board(game("Celtics", "Knicks", "-3.5", "224.5", 101, league="NBA"))
    note = basketball_note(teaser_card(nba, "nba-t4", Decimal("4.5")))
    assert note is not None and "No basketball teaser table is on file" in note
    assert "football table for 6½ points" in note and "payout set nba-t4" in note
    football = board(game("Bears", "Chiefs", "-7", "44", 101))
    assert basketball_note(teaser_card(football, "t6", Decimal(6))) is None


# ---- the property: every teaser card, graded to the cent as the contract says ---------------------------------

halves = st.integers(min_value=-30, max_value=30).map(lambda x: Fraction(x, 2))
totals = st.one_of(st.none(), st.integers(min_value=60, max_value=130).map(lambda x: Fraction(x, 2)))
scores = st.integers(min_value=0, max_value=70)


@st.composite
def teaser_case(draw):
    points = draw(st.sampled_from(["6", "6.5", "7"]))
    ties = draw(st.sampled_from(["win", "lose", "reduce"]))
    n_games = draw(st.integers(min_value=2, max_value=8))
    games, finals = [], {}
    for i in range(n_games):
        n = 101 + 2 * i
        spread, total = draw(halves), draw(totals)
        games.append(
            Game(
                away=f"Away {i}",
                home=f"Home {i}",
                spread=Decimal(spread.numerator) / spread.denominator,
                total=Decimal(total.numerator) / total.denominator if total is not None else None,
                numbers=SelectionNumbers(
                    away=n,
                    home=n + 1,
                    over=201 + 2 * i if total is not None else None,
                    under=202 + 2 * i if total is not None else None,
                ),
            )
        )
        cancelled = draw(st.integers(0, 9)) == 0
        finals[n] = (
            Result(game=n, cancelled=True)
            if cancelled
            else Result(game=n, away_score=draw(scores), home_score=draw(scores))
        )
    picked_games = draw(
        st.lists(st.sampled_from(range(n_games)), min_size=2, max_size=min(6, n_games), unique=True)
    )
    picks = []
    for i in picked_games:
        g = games[i]
        options = ["away", "home"] + (["over", "under"] if g.total is not None else [])
        picks.append((i, draw(st.sampled_from(options))))
    stake = draw(st.sampled_from(["1", "2.50", "5", "10", "7.33", "100"]))
    return points, ties, games, finals, picks, stake


@settings(max_examples=400, deadline=None)
@given(teaser_case())
def test_teaser_cards_grade_as_the_contract_says_to_the_cent(case):
    points, ties, games, finals, picks, stake = case
    card = teaser_card(Card(slug="b", title="B", games=tuple(games)), "t", Decimal(points), ties)  # type: ignore[arg-type]
    numbers = [getattr(games[i].numbers, side) for i, side in picks]
    entry = Entry(serial="1", stake=Decimal(stake), picks=tuple(numbers), received_at=WHEN)
    got = settle_entry(entry, card, finals)
    tease = Fraction(points)
    outcomes = []
    for i, side in picks:
        g, r = games[i], finals[games[i].numbers.away]
        if r.cancelled:
            outcomes.append("void")
            continue
        total = Fraction(str(g.total)) if g.total is not None else None
        outcomes.append(
            reference_leg(side, Fraction(str(g.spread)), total, tease, r.away_score, r.home_score)
        )
    assert [leg.outcome.value for leg in got.legs] == outcomes
    expected = cents(reference_card(outcomes, ties, USUAL[points], Fraction(stake)))
    assert got.payout == expected


# ---- matchups and games with no line --------------------------------------------------------------------------


def matchup_card(league: str, spread: str = "0") -> Card:
    return Card(
        slug="golf-r4",
        title="Golf",
        games=(
            Game(
                league=league,
                away="Scheffler",
                home="McIlroy",
                spread=Decimal(spread),
                matchup=True,
                numbers=SelectionNumbers(away=1, home=2),
            ),
        ),
        rules={"min_picks": 1, "max_picks": 1},
        payouts={"tiers": [{"picks": 1, "hits": 1, "odds": "10-11"}]},
    )


@pytest.mark.parametrize(
    "league, spread, strokes, pick, outcome",
    [
        ("PGA", "0", (68, 70), 1, "win"),  # golf: fewer strokes finishes ahead
        ("PGA", "0", (68, 70), 2, "loss"),
        ("PGA", "0", (69, 69), 1, "push"),
        ("PGA", "1.5", (68, 70), 1, "win"),  # Scheffler −1½ (McIlroy +1½): ahead by 2 > 1½
        ("PGA", "1.5", (69, 70), 1, "loss"),  # ahead by 1: not more than 1½
        ("PGA", "1.5", (69, 70), 2, "win"),
        ("NASCAR", "0", (3, 12), 1, "win"),  # finishing 3rd is ahead of 12th
        ("LOCAL", "0", (3, 12), 1, "loss"),  # a local game's higher score wins
    ],
)
def test_matchups_are_graded_by_who_finishes_ahead(league, spread, strokes, pick, outcome):
    card = matchup_card(league, spread)
    entry = Entry(serial="1", stake=Decimal(10), picks=(pick,), received_at=WHEN)
    got = settle_entry(entry, card, {1: Result(game=1, away_score=strokes[0], home_score=strokes[1])})
    assert got.legs[0].outcome.value == outcome
    assert card.games[0].label() == "Scheffler vs McIlroy"


def test_a_competitor_who_does_not_start_voids_the_matchup():
    card = matchup_card("PGA")
    entry = Entry(serial="1", stake=Decimal(10), picks=(1,), received_at=WHEN)
    got = settle_entry(entry, card, {1: Result(game=1, cancelled=True)})
    assert (
        got.legs[0].outcome.value == "void"
        and got.outcome.value == "refund"
        and got.payout == Decimal("10.00")
    )


def cli(db, *args):
    return runner.invoke(app, ["--db", str(db), *args])


def test_cli_local_game_golf_matchup_and_teaser_card(db_path):
    assert cli(db_path, "card", "new", "local", "--title", "Local games").exit_code == 0
    r = cli(db_path, "game", "add", "local", "--away", "Bob's Tavern", "--home", "Joe's Pub", "--pick")
    assert r.exit_code == 0, r.output
    r = cli(db_path, "show", "local", "--json")
    import json

    shown = json.loads(r.stdout)["games"][0]
    assert (shown["away"], shown["home"], shown["home_spread"]) == ("Bob's Tavern", "Joe's Pub", 0.0)
    assert cli(db_path, "card", "new", "golf-r4").exit_code == 0
    r = cli(db_path, "game", "add", "golf-r4", "--matchup", "Scheffler", "McIlroy", "--league", "PGA")
    assert r.exit_code == 0, r.output
    shown = json.loads(cli(db_path, "show", "golf-r4", "--json").stdout)["games"][0]
    assert (shown["league"], shown["matchup"], shown["home_spread"]) == ("PGA", True, 0.0)
    r = cli(
        db_path,
        "game",
        "add",
        "golf-r4",
        "--away",
        "Scheffler",
        "--home",
        "Koepka",
        "--league",
        "golf",
        "--pick",
    )
    assert r.exit_code == 2
    assert "Golf games are matchups of two competitors: give --matchup A B" in r.stderr
    r = cli(db_path, "game", "add", "local", "--away", "A", "--home", "B")
    assert r.exit_code == 2 and "say the line: --spread" in r.stderr
    r = cli(db_path, "game", "add", "local", "--away", "A", "--home", "B", "--pick", "--league", "curling")
    assert r.exit_code == 2 and '"curling" is not a league. Accepted: nfl, ncaaf, nba' in r.stderr


def test_cli_card_new_teaser_refusals_change_nothing(db_path, card_in_store):
    r = cli(db_path, "card", "new", "teaser-w12", "--from", "nfl-w12", "--teaser", "6½", "--ties", "win")
    assert r.exit_code == 0, r.output
    assert "6.5 points, ties win, 2 to 6 teams" in r.stderr
    for args, said in [
        (["teaser-w12", "--from", "nfl-w12", "--teaser", "6"], "there is already a card teaser-w12"),
        (["t2", "--from", "nfl-w12", "--teaser", "5"], "cannot be teased 5 points"),
        (["t2", "--teaser", "6"], "a teaser card is made from a card's games: give --from SLUG"),
        (["t2", "--from", "nfl-w12", "--teaser", "six"], '"six" is not accepted. Accepted: 6, 6½, 7'),
        (["t2", "--from", "nfl-w12", "--teaser", "6", "--ties", "maybe"], '"maybe" is not a ties rule'),
        (["t2", "--from", "nope", "--teaser", "6"], 'there is no card "nope"'),
    ]:
        r = cli(db_path, "card", "new", *args)
        assert r.exit_code == 2, (args, r.output)
        assert said in r.stderr, (args, r.stderr)
        assert "Traceback" not in r.output
    assert "t2" not in cli(db_path, "cards").stdout


def test_the_grade_report_of_a_teaser_card_shows_the_teased_lines():
    """Players hold the teased lines (Chiefs −7 teased 6 is −1): the report's games and picks show those,
    not the board's."""
    from parlaycards.report.grade import build_report

    card = teaser_card(
        board(game("Bears", "Chiefs", "-7", "44", 101), game("Bears2", "Packers", "3", None, 103)),
        "teaser-w12",
        Decimal(6),
    )
    report = build_report(card, {card.version: card}, (), {}, {}, played=(card.version,))
    chiefs, packers = report.games
    assert (chiefs.away_line, chiefs.home_line, chiefs.total) == ("+13", "-1", "o38 u50")
    assert (chiefs.over_total, chiefs.under_total) == ("38", "50")  # the pool's page prints o38, u50
    assert (packers.away_line, packers.home_line, packers.total) == ("+3", "+9", "")
    assert report.label(card.version, 102) == "Chiefs -1"
    assert report.label(card.version, 301) == "Over 38"


def test_a_matchup_in_the_terminal_table_has_no_home_in_capitals():
    from rich.console import Console

    from parlaycards.report.card_terminal import fitting_table

    table, _ = fitting_table(matchup_card("PGA", "1.5"), Console(width=160))
    console = Console(width=160, record=True)
    console.print(table)
    text = console.export_text()
    assert "vs McIlroy" in text and "MCILROY" not in text and "at " not in text
