"""Pick'em pools (SETTLEMENT.md §5): scoring, ranking, tiebreak rules, prize splits, season, import, CLI."""

import csv
import hashlib
import json
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook
from sqlalchemy import insert
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError, RefusedError
from parlaycards.core.handed import EntrySheet
from parlaycards.core.models import Result, Side
from parlaycards.core.pickem import PickemEntry, PickemPool, picks_from_numbers, tiebreak_game
from parlaycards.core.pickem_week import grade_week
from parlaycards.core.prizes import Prize, parse_prizes, place_prizes, split
from parlaycards.core.season import season_standings
from parlaycards.services import pickem as svc
from parlaycards.store import schema

from .conftest import ET, make_card
from .pool_support import BEFORE_KICKOFF, HANDED_IN, pool_made_earlier
from .xlsx_support import one_page_wide, print_setups

D = Decimal
A, H = Side.AWAY, Side.HOME
CARD = make_card()  # keys 101 103 105 107 109 111; spreads (home) -3.5, +2.5, +7, -1.5, +3, PK
runner = CliRunner()


def pool(**kw):
    kw.setdefault("slug", "office-w12")
    kw.setdefault("card", "nfl-w12")
    return PickemPool(**kw)


def entry(name, picks, tiebreak=None):
    return PickemEntry(name=name, picks=picks, tiebreak=tiebreak)


def result(key, away, home):
    return Result(game=key, away_score=away, home_score=home)


def by_name(report):
    return {s.name: s for s in report.standings}


# --- scoring ---------------------------------------------------------------------------------------------

# Chiefs at Raiders, Raiders +7: Chiefs 24-17 lands on the spread (push ATS, Chiefs win SU).
# Ravens at Steelers, Steelers +3: 20-20 is a push straight-up, Steelers +3 cover ATS.
RESULTS = {105: result(105, 24, 17), 109: result(109, 20, 20), 101: result(101, 20, 24)}
PICKS = {"Ann": {105: A, 109: A, 101: A}, "Bob": {105: H, 109: H, 101: H}}


def test_against_the_spread_with_a_push():
    rep = grade_week(pool(), CARD, [entry(n, p) for n, p in PICKS.items()], RESULTS)
    ann, bob = by_name(rep)["Ann"], by_name(rep)["Bob"]
    # Ann: Chiefs -7 push, Ravens -3 loss (20-3 < 20), Bills +3½ loss (20+3.5 < 24)
    assert (ann.score, ann.wins, ann.pushes, ann.losses) == (D("0.5"), 0, 1, 2)
    # Bob: Raiders +7 push, Steelers +3 win, Texans -3½ win (24-3.5 > 20)
    assert (bob.score, bob.wins, bob.pushes, bob.losses) == (D("2.5"), 2, 1, 0)


def test_straight_up_with_a_tied_game():
    rep = grade_week(pool(basis="su"), CARD, [entry(n, p) for n, p in PICKS.items()], RESULTS)
    ann, bob = by_name(rep)["Ann"], by_name(rep)["Bob"]
    assert (ann.score, ann.wins, ann.pushes, ann.losses) == (
        D("1.5"),
        1,
        1,
        1,
    )  # Chiefs win, 20-20, Bills lose
    assert (bob.score, bob.wins, bob.pushes, bob.losses) == (D("1.5"), 1, 1, 1)


@pytest.mark.parametrize("push, expected", [("0", "2"), ("1", "3"), ("0.5", "2.5")])
def test_push_points_are_a_setting(push, expected):
    rep = grade_week(pool(push_points=D(push)), CARD, [entry("Bob", PICKS["Bob"])], RESULTS)
    assert rep.standings[0].score == D(expected)


def test_missing_picks_score_zero_and_are_counted():
    rep = grade_week(pool(), CARD, [entry("Cy", {101: H})], RESULTS)
    cy = rep.standings[0]
    assert (cy.score, cy.wins, cy.missing) == (D(1), 1, 5)
    assert [p.outcome for p in cy.picks if p.game in (105, 109)] == ["missing", "missing"]


def test_a_cancelled_game_scores_nothing_for_anyone_and_says_so():
    results = {**RESULTS, 105: Result(game=105, cancelled=True)}
    rep = grade_week(pool(), CARD, [entry(n, p) for n, p in PICKS.items()], results)
    assert by_name(rep)["Ann"].score == D(0) and by_name(rep)["Bob"].score == D(2)
    assert by_name(rep)["Ann"].void == 1
    assert "Kansas City Chiefs at Las Vegas Raiders was cancelled: no points for anyone on it." in rep.notes
    assert not rep.final and any("provisional" in n for n in rep.notes)


def test_over_under_numbers_and_both_sides_are_refused_with_reasons():
    picks, problems = picks_from_numbers([101, 201, 103, 104, 999, 105, 105], CARD)
    assert picks == {101: A, 103: A, 105: A}
    assert problems == [
        "201 is the over of Buffalo Bills at Houston Texans; a pick'em pick is a side: 101 (Buffalo Bills) "
        "or 102 (Houston Texans)",
        "103 and 104 are both sides of Dallas Cowboys at New York Giants; pick one",
        "999 is not a selection number on card nfl-w12 version 1",
        "105 appears twice",
    ]


# --- ranking and tiebreak --------------------------------------------------------------------------------

FINAL = {
    101: result(101, 20, 24),
    111: result(111, 21, 23),
}  # tiebreak game 111 (last on the card): 44 points


def test_default_tiebreak_game_is_the_last_by_kickoff():
    assert tiebreak_game(pool(), CARD.games).key == 111  # every kickoff equal: the last on the card
    early = CARD.games[5].model_dump() | {"kickoff": datetime(2026, 11, 22, 9, 30, tzinfo=ET)}
    card = CARD.model_validate(CARD.model_dump() | {"games": [*CARD.games[:5], early]})
    assert tiebreak_game(pool(), card.games).key == 109
    assert tiebreak_game(pool(tiebreak_game=103), card.games).key == 103


@pytest.mark.parametrize(
    "rule, order",
    [
        ("closest", ["Di 46", "Al 41", "Bo 50", "Cy 37", "No guess"]),
        ("closest-without-going-over", ["Al 41", "Cy 37", "Di 46", "Bo 50", "No guess"]),
    ],
)
def test_ranking_by_score_then_tiebreak(rule, order):
    same = {101: H}
    guesses = {"Al 41": 41, "Bo 50": 50, "Cy 37": 37, "Di 46": 46, "No guess": None}
    rep = grade_week(
        pool(tiebreak_rule=rule),
        CARD,
        [entry("Low", {101: A}, 44)] + [entry(n, same, g) for n, g in guesses.items()],
        FINAL,
    )
    assert rep.tiebreak_total == 44
    assert [s.name for s in rep.standings] == [*order, "Low"]  # score first: an exact guess does not help Low
    assert [s.place for s in rep.standings] == [1, 2, 3, 4, 5, 6]


def test_equal_distance_shares_the_place_and_splits_the_pooled_prizes():
    # 44 points; 42 and 46 are both 2 off under `closest`: they take 1st and 2nd together.
    entries = [entry("Zed", {101: H}, 46), entry("Amy", {101: H}, 42), entry("Max", {101: H}, 30)]
    rep = grade_week(pool(fee=D("33.37"), prizes=parse_prizes("60%,30%,10%")), CARD, entries, FINAL)
    assert rep.pot == D("100.11")
    assert rep.place_prizes == (D("60.07"), D("30.03"), D("10.01"))
    rows = [(s.place, s.tied, s.name, s.prize) for s in rep.standings]
    # 90.10 in two: 45.05 each; Max alone in 3rd
    assert rows == [(1, 2, "Amy", D("45.05")), (1, 2, "Zed", D("45.05")), (3, 1, "Max", D("10.01"))]
    assert rep.paid_out == rep.pot
    assert any("Amy, Zed tie for 1st and share the 1st–2nd prize money ($90.10)" in n for n in rep.notes)


def test_the_odd_cent_goes_alphabetically():
    entries = [entry(n, {101: H}, 44) for n in ("Cat", "ann", "Bea")]
    rep = grade_week(pool(prizes=(Prize(amount=D(100)),)), CARD, entries, FINAL)
    assert [(s.name, s.prize) for s in rep.standings] == [
        ("ann", D("33.34")),
        ("Bea", D("33.33")),
        ("Cat", D("33.33")),
    ]


def test_without_going_over_ranks_every_over_guess_last():
    entries = [entry("Over by 1", {101: H}, 45), entry("Under by 20", {101: H}, 24)]
    rep = grade_week(pool(tiebreak_rule="closest-without-going-over"), CARD, entries, FINAL)
    assert [s.name for s in rep.standings] == ["Under by 20", "Over by 1"]
    assert rep.standings[1].over and rep.standings[1].distance == 1


@given(st.decimals(min_value=0, max_value=100000, places=2), st.integers(1, 40))
def test_split_adds_up_to_the_cent(amount, ways):
    shares = split(amount, ways)
    assert sum(shares) == amount and len(shares) == ways
    assert max(shares) - min(shares) <= D("0.01") and min(shares) >= 0


@given(
    st.decimals(min_value=0, max_value=100000, places=2),
    st.lists(st.integers(1, 60), min_size=1, max_size=6).filter(lambda p: sum(p) <= 100),
)
def test_percentage_prizes_never_pay_more_than_their_share(pot, percents):
    prizes = place_prizes(pot, [Prize(percent=D(p)) for p in percents])
    assert sum(prizes) == (pot * sum(percents) / 100).quantize(D("0.01"), rounding="ROUND_HALF_UP")
    if sum(percents) == 100:
        assert sum(prizes) == pot


def test_prizes_parse_and_refuse():
    assert parse_prizes("60%, 30% 10%") == tuple(Prize(percent=D(p)) for p in (60, 30, 10))
    assert parse_prizes("$100,50") == (Prize(amount=D("100.00")), Prize(amount=D("50.00")))
    with pytest.raises(ValueError, match='the prize "ten" is not an amount'):
        parse_prizes("ten")
    with pytest.raises(ValueError, match="more than 100%"):
        pool(prizes=parse_prizes("60%,50%"))


names = st.sampled_from(["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"])
entries_st = st.lists(
    st.builds(
        lambda n, picks, tb: PickemEntry(name=n, picks=picks, tiebreak=tb),
        names,
        st.dictionaries(st.sampled_from([g.key for g in CARD.games]), st.sampled_from([A, H]), max_size=6),
        st.one_of(st.none(), st.integers(0, 90)),
    ),
    max_size=8,
    unique_by=lambda e: e.key,
)


@settings(max_examples=60, deadline=None)
@given(
    entries_st, st.randoms(use_true_random=False), st.sampled_from(["closest", "closest-without-going-over"])
)
def test_ranking_does_not_depend_on_entry_order(entries, rnd, rule):
    p = pool(tiebreak_rule=rule, fee=D("7.77"), prizes=parse_prizes("50%,30%,20%"))
    results = {**RESULTS, 111: result(111, 21, 23), 103: Result(game=103, cancelled=True)}
    shuffled = list(entries)
    rnd.shuffle(shuffled)
    assert grade_week(p, CARD, entries, results) == grade_week(p, CARD, shuffled, results)
    rep = grade_week(p, CARD, shuffled, results)
    assert sum(s.prize for s in rep.standings) == sum(rep.place_prizes[: len(entries)])


def test_season_standings_add_up_weekly_scores():
    w1 = grade_week(
        pool(slug="w1", season="Office"),
        CARD,
        [entry("Ann", {101: H, 105: H}), entry("bob", {101: A})],
        RESULTS,
    )
    w2 = grade_week(
        pool(slug="w2", season="Office"),
        CARD,
        [entry("Bob", {101: H, 109: H}), entry("Cy", {101: H})],
        RESULTS,
    )
    season = season_standings("Office", [w1, w2])
    rows = {r.name: r for r in season.rows}
    assert rows["Bob"].weeks == (D(0), D(2)) and rows["Bob"].total == D(2) and rows["Bob"].played == 2
    assert rows["Ann"].total == D("1.5") and rows["Ann"].weeks == (D("1.5"), None)
    assert [(r.place, r.name) for r in season.rows] == [(1, "Bob"), (2, "Ann"), (3, "Cy")]


def test_a_week_with_no_game_final_counts_no_weekly_win_or_winnings():
    """Next week's pool, entered but not played: everyone ties at 0, and that is no win and no prize."""
    p = pool(slug="w1", season="Office", fee=D(5), prizes=parse_prizes("100%"))
    played = grade_week(p, CARD, [entry("Ann", {101: H, 105: H}), entry("Bob", {101: A})], RESULTS)
    ahead = grade_week(
        pool(slug="w2", season="Office", fee=D(5), prizes=parse_prizes("100%")),
        CARD,
        [entry("Ann", {101: H}), entry("Bob", {101: A}), entry("Cy", {101: H})],
        {},
    )
    season = season_standings("Office", [played, ahead])
    rows = {r.name: r for r in season.rows}
    assert (rows["Ann"].weekly_wins, rows["Ann"].winnings) == (1, D("10.00"))
    assert (rows["Bob"].weekly_wins, rows["Bob"].winnings) == (0, D(0))
    assert (rows["Cy"].weekly_wins, rows["Cy"].winnings) == (0, D(0))
    assert "w2 has no game final yet: it counts no weekly win and no winnings until one is." in season.notes


# --- store, import and CLI -------------------------------------------------------------------------------


def cli(db, *args):
    return runner.invoke(app, ["--db", str(db), *args])


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def set_results(store, results):
    with store.transaction() as tx:
        for r in results.values():
            tx.conn.execute(
                insert(schema.results).values(
                    slug="nfl-w12",
                    game=r.game,
                    away_score=r.away_score,
                    home_score=r.home_score,
                    cancelled=r.cancelled,
                    updated_at="2026-11-24T00:00:00+00:00",
                )
            )


def write_csv(path, rows):
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    return path


def test_import_reads_team_headers_and_picks_cells_and_names_a_bad_row(store, card_in_store, tmp_path):
    svc.create_pool(store, "office-w12", card="nfl-w12")
    pool_made_earlier(store, "office-w12")
    sheet = write_csv(
        tmp_path / "picks.csv",
        [
            ["Week 12 office pool"],
            ["Timestamp", "Name", "Bills at Texans", "103/104", "Picks", "Tiebreaker"],
            ["x", "Ann", "Texans", "104", "105 108", "44"],
            ["x", "Bob", "away", "Cowboys", "", ""],
            ["x", "Cy", "Texans", "Jets", "", "forty"],
            ["x", "Di", "", "", "201", "40"],
            [],
        ],
    )
    rep = svc.import_entries(store, "office-w12", EntrySheet(sheet, received=HANDED_IN))
    assert rep.stored == ["Ann", "Bob"] and rep.ignored == ("Timestamp",)
    assert rep.refused == [
        'picks.csv, row 5 (Cy): cell D5: "Jets" is not a side of Dallas Cowboys at New York Giants. Accepted: 103 '
        "or Dallas Cowboys (away), 104 or New York Giants (home), or blank for no pick.; cell F5: the tiebreaker "
        '"forty" is not a number of points. Accepted: a whole number such as 44, or blank.',
        "picks.csv, row 6 (Di): 201 is the over of Buffalo Bills at Houston Texans; a pick'em pick is a side: "
        "101 (Buffalo Bills) or 102 (Houston Texans)",
    ]
    got = {e.name: e for e in svc.entries(store, "office-w12").entries}
    assert dict(got["Ann"].picks) == {101: H, 103: H, 105: A, 107: H} and got["Ann"].tiebreak == 44
    assert dict(got["Bob"].picks) == {101: A, 103: A} and got["Bob"].tiebreak is None
    again = svc.import_entries(
        store, "office-w12", EntrySheet(sheet, received=HANDED_IN)
    )  # re-import: same rows stay, nothing doubles
    assert again.unchanged == ["Ann", "Bob"] and again.stored == []
    with pytest.raises(RefusedError, match="2 rows refused and --all-or-nothing is on; nothing was stored"):
        svc.import_entries(
            store, "office-w12", EntrySheet(sheet, all_or_nothing=True, received=HANDED_IN), replace=True
        )


def test_import_without_a_name_column_says_what_it_found(store, card_in_store, tmp_path):
    svc.create_pool(store, "office-w12", card="nfl-w12")
    pool_made_earlier(store, "office-w12")
    sheet = write_csv(tmp_path / "x.csv", [["Who", "Picks"], ["Ann", "101"]])
    with pytest.raises(
        ParlayError,
        match='x.csv: no header row found: the likeliest header, row 1, has "Who", '
        '"Picks". Accepted: a header row with Name',
    ):
        svc.import_entries(store, "office-w12", EntrySheet(sheet, received=HANDED_IN))


def test_cli_week_end_to_end(db_path, store, card_in_store, tmp_path):
    r = cli(
        db_path,
        "pickem",
        "new",
        "office-w12",
        "--card",
        "nfl-w12",
        "--fee",
        "10",
        "--prizes",
        "70%,30%",
        "--season",
        "Office 2026",
    )
    assert r.exit_code == 0, r.output
    assert "Tiebreaker: total points of Miami Dolphins at New England Patriots." in r.stderr
    pool_made_earlier(store, "office-w12")
    assert (
        cli(
            db_path,
            "pickem",
            "entry",
            "add",
            "office-w12",
            "--name",
            "Ann",
            "--picks",
            "102,104,106,108,110,112",
            "--tiebreak",
            "40",
            "--received",
            BEFORE_KICKOFF,
        ).exit_code
        == 0
    )
    wb = Workbook()
    wb.active.append(["Name", "Picks", "Tiebreak", "Paid"])
    wb.active.append(["=Bob", "101 103 105 107 109 111", 48, ""])
    wb.active.append(["Cy", "102,104,106,108,110,112", 47, "x"])
    wb.active["A2"].data_type = "s"  # a name typed as '=Bob, not a formula
    wb.save(tmp_path / "entries.xlsx")
    r = cli(
        db_path,
        "pickem",
        "entry",
        "import",
        "office-w12",
        str(tmp_path / "entries.xlsx"),
        "--received",
        BEFORE_KICKOFF,
    )
    assert r.exit_code == 0 and "2 stored, 0 replaced, 0 already there, 0 refused." in r.stderr
    listed = json.loads(cli(db_path, "pickem", "entries", "office-w12", "--json").stdout)  # the public shape
    assert {k: listed[k] for k in ("pool", "card", "version")} == {
        "pool": "office-w12",
        "card": "nfl-w12",
        "version": 1,
    }
    ann = next(e for e in listed["entries"] if e["name"] == "Ann")
    assert sorted(ann) == ["missing", "name", "paid", "picks", "received_at", "tiebreak"]
    assert (ann["picks"], ann["missing"], ann["tiebreak"]) == ([102, 104, 106, 108, 110, 112], 0, 40)

    before = digest(db_path)
    r = cli(db_path, "pickem", "entry", "add", "office-w12", "--name", "Dee", "--picks", "101,202")
    assert r.exit_code == 2 and "closed at the first kickoff" in r.stderr  # received now: after the week
    r = cli(
        db_path,
        "pickem",
        "entry",
        "add",
        "office-w12",
        "--name",
        "Dee",
        "--picks",
        "101,202",
        "--received",
        BEFORE_KICKOFF,
    )
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert (
        'Error: --picks "101,202": 1 problem; nothing was stored.' in r.stderr
        and "202 is the under of Buffalo Bills at Houston Texans" in r.stderr
    )
    r = cli(
        db_path,
        "pickem",
        "entry",
        "add",
        "office-w12",
        "--name",
        "ann",
        "--picks",
        "101",
        "--received",
        BEFORE_KICKOFF,
    )
    assert r.exit_code == 2 and "Ann already has an entry in office-w12; nothing was stored." in r.stderr
    r = cli(db_path, "pickem", "grade", "nope")
    assert r.exit_code == 2 and "there is no pick'em pool \"nope\". Pick'em pools: office-w12." in r.stderr
    assert digest(db_path) == before

    for number, away, home in [
        (101, 10, 20),
        (104, 10, 20),
        (105, 10, 20),
        (108, 10, 20),
        (109, 10, 20),
        (112, 21, 23),
    ]:  # the shared results, by any number of the game
        r = cli(db_path, "result", "set", "nfl-w12", str(number), str(away), str(home))
        assert r.exit_code == 0, r.output
    out = tmp_path / "week.xlsx"
    r = cli(db_path, "pickem", "grade", "office-w12", "--json", "--xlsx", str(out))
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["final"] and data["tiebreak"] == {
        "game": 111,
        "label": "Miami Dolphins at New England Patriots",
        "rule": "closest",
        "actual_total": 44,
    }
    assert data["pot"] == "30.00" and data["place_prizes"] == ["21.00", "9.00"]
    top = [(s["place_text"], s["name"], s["score"], s["prize"], s["paid"]) for s in data["standings"]]
    # Ann and Cy pick every home team; 10-20 home wins cover -3½, +2½, +7, -1½, +3; 23-21 home at PK.
    assert top == [
        ("1st", "Cy", "6", "21.00", True),
        ("2nd", "Ann", "6", "9.00", True),
        ("3rd", "=Bob", "0", "0.00", False),
    ]
    wb = load_workbook(out)
    assert wb.sheetnames == ["Standings", "Picks", "Games", "Notes"]
    assert print_setups(out) == {  # issue 18: each sheet prints one page wide in a spreadsheet program
        "Standings": one_page_wide(1),
        "Picks": one_page_wide(1),
        "Games": one_page_wide(1),
        "Notes": one_page_wide(None),
    }
    st_ws, grid = wb["Standings"], wb["Picks"]
    assert st_ws.freeze_panes == "C2" and st_ws["A1"].font.bold
    assert st_ws["B4"].value == "=Bob" and st_ws["B4"].data_type == "s"
    assert grid["C2"].value == "102 Houston Texans (W)" and grid["C4"].value == "101 Buffalo Bills (L)"
    assert grid["C1"].value == "101/102 Buffalo Bills at Houston Texans"

    r = cli(db_path, "pickem", "standings", "office 2026", "--json")
    assert r.exit_code == 0, r.output
    season = json.loads(r.stdout)
    assert season["season"] == "Office 2026" and season["pools"] == ["office-w12"]
    # equal season totals share the place (no season tiebreaker)
    assert [(s["place"], s["name"], s["total"], s["weekly_wins"]) for s in season["standings"]] == [
        (1, "Ann", "6", 0),
        (1, "Cy", "6", 1),
        (3, "=Bob", "0", 0),
    ]
    r = cli(db_path, "pickem", "standings", "Office 2026", "--xlsx", str(tmp_path / "season.xlsx"))
    assert r.exit_code == 0 and "T-1st" in r.stdout
    assert print_setups(tmp_path / "season.xlsx") == {
        "Standings": one_page_wide(1),
        "Notes": one_page_wide(None),
    }
    ws = load_workbook(tmp_path / "season.xlsx")["Standings"]
    assert [c.value for c in ws[1]] == [
        "Place",
        "Name",
        "Total",
        "office-w12",
        "Weeks played",
        "Weekly wins",
        "Winnings",
    ]
    assert [c.value for c in ws[3]] == ["T-1st", "Cy", 6, 6, 1, 1, 21] and ws.freeze_panes == "C2"
    r = cli(db_path, "pickem", "standings", "Nope")
    assert (
        r.exit_code == 2
        and 'no pick\'em pool belongs to the season "Nope". Seasons: "Office 2026".' in r.stderr
    )


def test_cli_new_refuses_bad_settings(db_path, card_in_store):
    before = digest(db_path)
    cases = [
        (
            ["--basis", "ml"],
            '--basis "ml" is not a basis. Accepted: ats (against the spread), su (straight-up).',
        ),
        (["--push", "2"], '--push "2" is not accepted. Accepted: points for a push from 0 to 1'),
        (["--prizes", "60%,50%"], "more than 100%"),
        (["--tiebreak-game", "999"], "--tiebreak-game 999 is not a game in the pool."),
        (["--tiebreak-rule", "nearest"], '--tiebreak-rule "nearest" is not a rule.'),
    ]
    for extra, message in cases:
        r = cli(db_path, "pickem", "new", "office-w12", "--card", "nfl-w12", *extra)
        assert r.exit_code == 2 and message in r.stderr, (extra, r.stderr)
        assert "Traceback" not in r.output
    assert digest(db_path) == before


def test_entries_received_at_are_kept(store, card_in_store):
    svc.create_pool(store, "p", card="nfl-w12")
    pool_made_earlier(store, "p")
    when = datetime(2026, 11, 22, 11, 0, tzinfo=ET)  # the games kick off at 13:00
    svc.add_entry(store, "p", name="Ann", picks=(101,), received_at=when)
    svc.add_entry(store, "p", name="ANN ", picks=(102,), replace=True, received_at=when + timedelta(hours=1))
    [ann] = svc.entries(store, "p").entries
    assert ann.name == "ANN" and dict(ann.picks) == {101: H} and ann.received_at == when + timedelta(hours=1)


def test_demo_step_imports_the_sample_sheet_and_grades(store, card_in_store, tmp_path):
    from parlaycards.demo import samples_pickem
    from parlaycards.demo.steps import pickem_step

    set_results(store, {k: result(k, 17, 20) for k in (101, 103, 105)})
    said = pickem_step(store, tmp_path / "out", tmp_path / "no-samples", lambda _: None)
    assert said[0].startswith("Pick'em pool office-w12 on nfl-w12 (6 games") and "12 entrants from" in said[0]
    assert "refused" not in said[0]
    assert said[1].startswith("Pick'em graded on 3 of 6 results (provisional): ")
    assert (tmp_path / "out" / "pickem-nfl-w12.xlsx").exists()
    stored = {e.name: e for e in svc.entries(store, "office-w12").entries}
    expected = samples_pickem.sample_entries(CARD)
    assert [e["name"] for e in expected] == list(stored)
    for e in expected:
        got = stored[e["name"]]
        assert (dict(got.picks), got.tiebreak, got.paid) == (e["picks"], e["tiebreak"], e["paid"])


def test_the_shipped_sample_sheet_matches_the_sample_card(store):
    from pathlib import Path

    from parlaycards.demo import samples_pickem
    from parlaycards.io.lines import Asked
    from parlaycards.services import cards as card_svc
    from parlaycards.services.cards import Into

    root = Path(__file__).parents[1] / "sample_lines"
    card = card_svc.import_lines(store, Asked(root / "nfl-week-12.xlsx"), Into(slug="nfl-w12")).card
    svc.create_pool(store, "office-w12", card="nfl-w12")
    pool_made_earlier(store, "office-w12")
    got = svc.import_entries(store, "office-w12", EntrySheet(root / samples_pickem.FILE, received=HANDED_IN))
    assert (len(got.stored), got.refused, got.ignored) == (
        12,
        [],
        (),
    )  # else: python -m parlaycards.samples_pickem
    stored = {e.name: (dict(e.picks), e.tiebreak, e.paid) for e in svc.entries(store, "office-w12").entries}
    assert stored == {
        e["name"]: (e["picks"], e["tiebreak"], e["paid"]) for e in samples_pickem.sample_entries(card)
    }


def test_a_windows_csv_reads_accented_names_as_written(store, card_in_store, tmp_path):
    """Pick'em read CSV with errors="replace": "José Peña" came out "Jos� Pe�a". One opener now."""
    svc.create_pool(store, "office-w12", card="nfl-w12")
    pool_made_earlier(store, "office-w12")
    sheet = tmp_path / "picks.csv"
    sheet.write_bytes("Name,101/102,Tiebreaker\r\nJosé Peña,102,41\r\n".encode("cp1252"))
    rep = svc.import_entries(store, "office-w12", EntrySheet(sheet, received=HANDED_IN))
    assert rep.stored == ["José Peña"]


def test_cli_pickem_import_exits_1_when_rows_are_refused(store, card_in_store, tmp_path, db_path):
    from typer.testing import CliRunner

    from parlaycards.cli.main import app

    svc.create_pool(store, "office-w12", card="nfl-w12")
    pool_made_earlier(store, "office-w12")
    sheet = write_csv(tmp_path / "picks.csv", [["Name", "101/102"], ["Ann", "101"], ["Bob", "999"]])
    args = [
        "--db",
        str(db_path),
        "pickem",
        "entry",
        "import",
        "office-w12",
        str(sheet),
        "--received",
        BEFORE_KICKOFF,
    ]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 1, r.output
    assert "1 stored" in r.stderr and "1 refused" in r.stderr
