"""Grading: idempotent, corrections change exactly the affected entries, each serial's own version, JSON."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import NotFoundError, ParlayError
from parlaycards.core.handed import EntrySheet
from parlaycards.services import entries, grading, results
from parlaycards.store import schema

from .pool_support import change, csv_file, enter, new_card, print_serials, with_rules, xlsx

runner = CliRunner()
SLUG = "nfl-w12"
# make_card: 101/102 Bills at Texans (home -3.5, total 44.5), 103/104 Cowboys at Giants (+2.5, 41),
# 105/106 Chiefs at Raiders (+7, 47.5), 107/108 Packers at Bears (-1.5, 38.5),
# 109/110 Ravens at Steelers (+3, 42.5), 111/112 Dolphins at Patriots (PK, 39).


@pytest.fixture
def pool(store):
    new_card(store)
    print_serials(store, SLUG, 10)
    for serial, picks, stake in (
        (1, "101,103,105", "10"),
        (2, "102,104,106", "5"),
        (3, "101,103,107", "2"),
        (4, "109,111,205", "20"),
        (5, "110,112,206", "1"),
    ):
        enter(store, SLUG, serial=str(serial), name=f"P{serial}", stake=stake, picks=picks)
    return store


def final(store, number, away, home):
    results.set_result(store, SLUG, number, away, home)


def settlements(store):
    with store.transaction() as tx:
        return sorted(tuple(r) for r in tx.conn.execute(select(schema.settlements)))


def scores_all_final(store):
    final(store, 101, 24, 20)  # Bills +3.5: win; 102 loss; total 44 < 44.5: under
    final(store, 103, 17, 20)  # Cowboys -2.5: 17-2.5 < 20 loss; 104 win
    final(store, 105, 30, 20)  # Chiefs -7: 30-7 = 23 > 20 win; 106 loss; total 50 > 47.5 over
    final(store, 107, 20, 17)  # Packers +1.5 win
    final(store, 109, 20, 17)  # Ravens -3: 20-3 = 17 push; 110 push
    final(store, 111, 21, 14)  # Dolphins PK win; 112 loss


def test_regrade_is_idempotent(pool):
    scores_all_final(pool)
    first = grading.grade(pool, SLUG)
    rows = settlements(pool)
    with pool.transaction() as tx:
        audits = tx.conn.execute(select(schema.audit.c.id)).all()
    again = grading.grade(pool, SLUG)
    assert settlements(pool) == rows and again.changes == ()
    assert [(r.serial, r.outcome, r.payout) for r in again.rows] == [
        (r.serial, r.outcome, r.payout) for r in first.rows
    ]
    with pool.transaction() as tx:
        assert tx.conn.execute(select(schema.audit.c.id)).all() == audits  # nothing written, nothing logged


def test_a_corrected_score_changes_exactly_the_affected_entries(pool):
    scores_all_final(pool)
    before = {r.serial: (r.outcome.value, r.payout) for r in grading.grade(pool, SLUG).rows}
    final(pool, 103, 27, 20)  # corrected: Cowboys now cover; 104 loses
    report = grading.grade(pool, SLUG)
    after = {r.serial: (r.outcome.value, r.payout) for r in report.rows}
    moved = {s for s in before if before[s] != after[s]}
    assert moved == {"000001", "000003"}  # 2 also picked the game but lost already on 106
    assert {
        (c.serial, c.old_outcome, str(c.old_payout), c.new_outcome, str(c.new_payout)) for c in report.changes
    } == {("000001", "loss", "0.00", "win", "60.00"), ("000003", "loss", "0.00", "win", "12.00")}
    assert after["000002"] == ("loss", Decimal("0.00"))


def test_paid_out_is_the_cash_handed_out_even_after_a_correction(pool):
    """A card paid, then made a loser by a corrected score, showed $0.00 paid out: the cash was gone."""
    scores_all_final(pool)
    final(pool, 103, 27, 20)  # Cowboys cover: 000001 wins $60
    grading.grade(pool, SLUG)
    entries.pay(pool, SLUG, 1)
    results.set_result(pool, SLUG, 103, 17, 20, yes=True)  # corrected back: 000001 (paid) loses
    report = grading.grade(pool, SLUG)
    assert report.totals.payouts == Decimal("0.00") and report.totals.paid == Decimal("60.00")
    assert ("000001", "60.00") in [(c.serial, str(c.paid)) for c in report.changes]


def test_a_card_paid_more_than_it_now_pays_stays_overpaid_until_the_money_comes_back(pool, db_path):
    """After a correction the overpayment was said once, then gone: totals, status and the winners list
    forgot the $60.00 owed back, and nothing could record it coming back."""
    scores_all_final(pool)
    final(pool, 103, 27, 20)  # Cowboys cover: 000001 wins $60
    grading.grade(pool, SLUG)
    entries.pay(pool, SLUG, 1)
    results.set_result(pool, SLUG, 103, 17, 20, yes=True)  # corrected back: 000001 (paid) loses
    grading.grade(pool, SLUG)
    report = grading.grade(pool, SLUG)  # graded again: no change left to list, the overpayment stays
    assert report.changes == ()
    assert "000001" not in [r.serial for r in report.winners]  # it lost: no winner
    one = next(r for r in report.owed_back if r.serial == "000001")
    assert (one.outcome.value, one.paid_status) == ("loss", "overpaid $60.00")
    assert report.totals.overpaid == Decimal("60.00")
    with pytest.raises(ParlayError, match=r"more than card 000001 was overpaid: \$60.00"):
        entries.returned(pool, SLUG, 1, Decimal("61"))
    with pytest.raises(ParlayError, match="card 000003 was not overpaid"):
        entries.returned(pool, SLUG, 3, Decimal("1"))
    back = entries.returned(pool, SLUG, 1, Decimal("45"))
    assert back.total == Decimal("15.00")
    out = runner.invoke(app, ["--db", str(db_path), "grade", SLUG])
    owed = out.output[out.output.index("Owed back to the pool (1)") : out.output.index("All entries")]
    assert "000001" in owed and "$15.00" in owed and "Overpaid $15.00" in out.output, out.output
    done = runner.invoke(app, ["--db", str(db_path), "entry", "pay", SLUG, "000001", "--returned", "all"])
    assert done.exit_code == 0 and "Recorded $15.00 handed back on card 000001" in done.output, done.output
    again = grading.grade(pool, SLUG)
    assert again.totals.overpaid == Decimal("0.00") and "000001" not in [r.serial for r in again.winners]
    assert again.owed_back == []


def test_the_wall_sheet_never_lists_a_card_that_lost_as_a_winner(pool, db_path, tmp_path):
    """After a correction made two paid winners lose, the wall's "Winners" listed them (with the one real
    winner): a card that lost is no winner; what it owes back is the operator's, in `grade` and the xlsx."""
    from openpyxl import load_workbook
    from pypdf import PdfReader

    scores_all_final(pool)
    final(pool, 103, 27, 20)  # Cowboys cover: 000001 wins $60, 000003 wins $12
    grading.grade(pool, SLUG)
    entries.pay(pool, SLUG, 1)
    entries.pay(pool, SLUG, 3)
    results.set_result(pool, SLUG, 103, 17, 20, yes=True)  # corrected back: both paid cards lose
    enter(pool, SLUG, serial="6", name="P6", stake="5", picks="101,105,107")  # all three win
    wall, book = tmp_path / "wall.pdf", tmp_path / "book.xlsx"
    out = runner.invoke(app, ["--db", str(db_path), "grade", SLUG, "--pdf", str(wall), "--xlsx", str(book)])
    assert out.exit_code == 0, out.output
    text = "\n".join(p.extract_text() or "" for p in PdfReader(wall).pages)
    listed = text[text.index("Winners") : text.index("All entries")]
    assert listed.startswith("Winners (1)") and "000006" in listed, listed
    assert "000001" not in listed and "000003" not in listed and "overpaid" not in text, listed
    said = out.output[out.output.index("Winners") :]
    owed = said[said.index("Owed back to the pool (2)") : said.index("All entries")]
    assert "000001" in owed and "$60.00" in owed and "000003" in owed and "$12.00" in owed, out.output
    assert "000001" not in said[: said.index("Owed back")], out.output
    wb = load_workbook(book, read_only=True)
    assert [r[0] for r in wb["Winners"].iter_rows(min_row=2, max_col=1, values_only=True) if r[0]][:1] == [
        "000006"
    ]
    assert [r[0] for r in wb["Owed back"].iter_rows(min_row=2, values_only=True)] == ["000001", "000003"]


def test_pending_games_leave_entries_pending(pool):
    final(pool, 101, 24, 20)
    report = grading.grade(pool, SLUG)
    # every card has a game without a result: pending, but 2, whose 102 already lost: no tier of this card
    # pays a miss, so it lost whatever the games left do
    assert {r.serial: r.outcome.value for r in report.rows if r.outcome.value != "pending"} == {
        "000002": "loss"
    }
    one = next(r for r in report.rows if r.serial == "000001")
    assert (one.outcome.value, one.payout, [o.value for o in one.legs]) == (
        "pending",
        Decimal("0.00"),
        ["win", "pending", "pending"],
    )


def test_a_rule_changed_after_printing_applies_only_to_cards_printed_after_it(store):
    new_card(store)
    print_serials(store, SLUG, 2)  # 1-2 from version 1: ties lose
    change(store, SLUG, with_rules(ties="win"))
    print_serials(store, SLUG, 2)  # 3-4 from version 2: ties win
    for serial in (1, 3):
        enter(store, SLUG, serial=str(serial), name="x", stake="10", picks="101,103,109")
    final(store, 101, 24, 20)
    final(store, 103, 30, 20)  # Cowboys -2.5 win
    final(store, 109, 20, 17)  # Ravens -3: push
    report = grading.grade(store, SLUG)
    got = {r.serial: (r.version, r.outcome.value, r.hits, r.payout) for r in report.rows}
    assert got == {"000001": (1, "loss", 2, Decimal("0.00")), "000003": (2, "win", 3, Decimal("60.00"))}


def test_results_by_team_names_with_status(pool, tmp_path):
    path = xlsx(
        tmp_path / "scores.xlsx",
        [
            ["Week 12 finals"],
            ["Away", "Score", "Home", "Score", "Status"],
            ["buffalo bills", 24, "Houston Texans", 20, "Final"],
            [
                "New York Giants",
                20,
                "Dallas Cowboys",
                17,
                "Final OT",
            ],  # written home first: scores follow names
            ["Kansas City Chiefs", None, "Las Vegas Raiders", None, "Postponed"],
            ["Green Bay Packers", None, "Chicago Bears", None, "In progress"],
        ],
        title="Scores",
    )
    saved = results.import_results(pool, SLUG, path)
    got = {c.game.key: (c.new.away_score, c.new.home_score, c.new.cancelled) for c in saved.changes}
    assert got == {101: (24, 20, False), 103: (17, 20, False), 105: (None, None, True)}
    assert saved.not_over == ('sheet "Scores", row 6 (Green Bay Packers at Chicago Bears): In progress',)


def test_results_sheet_with_an_unknown_team_stores_nothing_and_names_the_row(pool, tmp_path):
    path = csv_file(
        tmp_path / "s.csv",
        [
            ["Away", "Away score", "Home", "Home score", "Status"],
            ["Buffalo Bills", "24", "Houston Texans", "20", "Final"],
            ["Chargers", "10", "Houston Texans", "3", "Final"],
        ],
    )
    with pytest.raises(ParlayError) as caught:
        results.import_results(pool, SLUG, path)
    assert caught.value.problems == (
        'row 3: "Chargers" is not a team on card nfl-w12 (see `parlaycards show '
        "nfl-w12` for its teams, written as the card writes them).",
    )
    with pool.transaction() as tx:
        assert tx.conn.execute(select(schema.results)).all() == []


def test_a_postponed_game_with_a_score_stores_neither_and_says_why(pool, tmp_path):
    path = csv_file(
        tmp_path / "s.csv",
        [
            ["Away", "Away score", "Home", "Home score", "Status"],
            ["Buffalo Bills", "24", "Houston Texans", "20", "Postponed"],
        ],
    )
    with pytest.raises(ParlayError) as caught:
        results.import_results(pool, SLUG, path)
    (problem,) = caught.value.problems
    assert problem == (
        'row 2, cell E2: the status says "Postponed" but the row has a score (24–20) for Buffalo Bills at Houston '
        "Texans: a cancelled or postponed game has no score, so neither was stored. Clear the scores to record "
        "it cancelled, or write Final (or leave the status blank) to record the score."
    )
    with pool.transaction() as tx:
        assert tx.conn.execute(select(schema.results)).all() == []


def test_results_by_number(pool, tmp_path):
    path = csv_file(
        tmp_path / "s.csv", [["No.", "Away score", "Home score"], ["102", "24", "20"], ["212", "", ""]]
    )
    saved = results.import_results(pool, SLUG, path)
    assert [(c.game.key, c.new.away_score) for c in saved.changes] == [(101, 24)]
    with pytest.raises(NotFoundError, match="selection number 999 is not on card nfl-w12"):
        results.set_result(pool, SLUG, 999, 1, 2)


def test_grade_json_shape(pool, db_path):
    scores_all_final(pool)
    pool.dispose()
    r = runner.invoke(app, ["--db", str(db_path), "grade", SLUG, "--json"])
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert list(data) == ["card", "entries", "totals", "games"] and data["card"] == SLUG  # fields only added
    assert list(data["totals"]) == ["stakes", "payouts", "net"]
    first = data["entries"][0]
    assert list(first) == [
        "serial",
        "name",
        "stake",
        "outcome",
        "picks",
        "effective_picks",
        "hits",
        "payout",
        "legs",
        "version",
    ]
    assert first == {
        "serial": "000001",
        "name": "P1",
        "stake": "10.00",
        "outcome": "loss",
        "picks": [101, 103, 105],
        "effective_picks": 3,
        "hits": 2,
        "payout": "0.00",
        "version": 1,
        "legs": [
            {"number": 101, "outcome": "win", "selection": "Buffalo Bills +3½"},
            {"number": 103, "outcome": "loss", "selection": "Dallas Cowboys -2½"},
            {"number": 105, "outcome": "win", "selection": "Kansas City Chiefs -7"},
        ],
    }
    four = next(e for e in data["entries"] if e["serial"] == "000004")
    assert [leg["outcome"] for leg in four["legs"]] == ["push", "win", "win"]  # ties lose: 3 picks, 2 hits
    stakes = sum(Decimal(e["stake"]) for e in data["entries"])
    payouts = sum(Decimal(e["payout"]) for e in data["entries"])
    assert data["totals"] == {
        "stakes": f"{stakes:.2f}",
        "payouts": f"{payouts:.2f}",
        "net": f"{stakes - payouts:.2f}",
    }


def test_cli_result_set_and_grade_report(pool, db_path):
    pool.dispose()
    r = runner.invoke(app, ["--db", str(db_path), "result", "set", SLUG, "102", "24", "20"])
    assert (r.exit_code, r.stderr) == (
        0,
        "Buffalo Bills at Houston Texans: Buffalo Bills 24, Houston Texans 20.\n"
        "Run `parlaycards grade nfl-w12` to settle the cards.\n",
    )
    r = runner.invoke(app, ["--db", str(db_path), "result", "set", SLUG, "105", "--cancelled"])
    assert r.exit_code == 0 and "Kansas City Chiefs at Las Vegas Raiders: cancelled." in r.stderr
    r = runner.invoke(app, ["--db", str(db_path), "result", "set", SLUG, "105"])
    assert r.exit_code == 2 and r.stderr.startswith("Error: give both scores, away then home")
    r = runner.invoke(app, ["--db", str(db_path), "grade", SLUG])
    assert r.exit_code == 0 and "Totals" in r.stdout and "$38.00" in r.stdout  # stakes 10+5+2+20+1
    r = runner.invoke(app, ["--db", str(db_path), "results", SLUG, "--json"])  # the public shape
    rows = {row["game"]: row for row in json.loads(r.stdout)}
    final = next(row for row in rows.values() if 102 in row["numbers"])
    assert final == {
        "game": final["game"],
        "away": "Buffalo Bills",
        "home": "Houston Texans",
        "numbers": final["numbers"],
        "status": "final",
        "away_score": 24,
        "home_score": 20,
        "away_out": None,  # a matchup's competitor who withdrew ("wd") or was disqualified ("dq")
        "home_out": None,
    }
    assert [row["status"] for row in rows.values()].count("cancelled") == 1
    assert {row["status"] for row in rows.values()} <= {"final", "cancelled", "pending"}


def test_shipped_sample_entries_and_scores_grade_as_their_generator_says(store):
    from pathlib import Path

    from parlaycards.demo import samples_pool

    root = Path(__file__).parents[1] / "sample_lines"
    card = new_card(store, samples_pool.nfl_card(root))
    print_serials(store, card.slug, 40)
    done = entries.import_entries(store, card.slug, EntrySheet(root / samples_pool.ENTRIES))
    assert (len(done.stored), len(done.refused)) == (36, 2)
    saved = results.import_results(store, card.slug, root / samples_pool.SCORES)
    assert len(saved.changes) == 16 and sum(c.new.cancelled for c in saved.changes) == 1
    report = grading.grade(store, card.slug)
    assert [(r.serial, r.payout) for r in sorted(report.winners)] == samples_pool.winners(card)
    assert {r.outcome.value for r in report.winners} == {"win", "refund"}


def test_refunded_cards_are_counted_apart_from_the_winners(pool, db_path):
    """A refund wins nothing: the winners' heading counts it apart (the terminal and the PDF both)."""
    from parlaycards.report.grade import winners_heading

    enter(pool, SLUG, serial="6", name="P6", stake="4", picks="107,109,111")
    final(pool, 101, 24, 20)  # P1: Bills +3.5 win
    final(pool, 103, 20, 17)  # P1: Cowboys -2.5 win
    final(pool, 105, 30, 20)  # P1: Chiefs -7 win: 3 of 3
    for number in (107, 109, 111):
        results.set_result(pool, SLUG, number, cancelled=True)  # P6: every leg void, the stake back
    report = grading.grade(pool, SLUG)
    outcomes = {r.serial: r.outcome.value for r in report.winners}
    # P3 and P4 keep fewer legs than the card's least picks once 107, 109 and 111 are void: refunded too
    assert outcomes == {"000001": "win", "000003": "refund", "000004": "refund", "000006": "refund"}
    assert (report.totals.winners, report.totals.refunded) == (1, 3)
    assert winners_heading(report) == "Winners (1 winner, 3 refunded)"
    out = runner.invoke(app, ["--db", str(db_path), "grade", SLUG])
    assert out.exit_code == 0, out.output
    assert "Winners (1 winner, 3 refunded)" in out.stdout
    assert "Winners (4)" not in out.stdout


def test_a_payout_cut_by_the_cards_maximum_is_marked_capped(store, db_path, tmp_path):
    """A card paid the cap (less than its odds) read as any other payout: `grade`, `entries`, the wall sheet,
    the workbook and the card's page say "capped"."""
    from openpyxl import load_workbook
    from pypdf import PdfReader

    from parlaycards.services import players

    new_card(store)
    out = runner.invoke(
        app, ["--db", str(db_path), "payout", "set", SLUG, "3", "5-1", "--max-payout", "50.60"]
    )
    assert out.exit_code == 0, out.output
    print_serials(store, SLUG, 5)
    enter(store, SLUG, serial="1", name="Ann", stake="10", picks="101,103,105")  # 5-1 to: $60, cut to $50.60
    enter(store, SLUG, serial="2", name="Bo", stake="2", picks="101,103,107")  # $12.00: under the cap
    scores_all_final(store)
    final(store, 103, 27, 20)  # Cowboys cover: both win
    wall, book = tmp_path / "wall.pdf", tmp_path / "book.xlsx"
    out = runner.invoke(app, ["--db", str(db_path), "grade", SLUG, "--pdf", str(wall), "--xlsx", str(book)])
    assert out.exit_code == 0, out.output
    assert out.output.count("$50.60, capped") == 2 and "$12.00, capped" not in out.output, out.output
    listed = runner.invoke(app, ["--db", str(db_path), "entries", SLUG])
    assert "win $50.60, capped" in listed.output and "win $12.00 " in listed.output, listed.output
    text = "\n".join(p.extract_text() or "" for p in PdfReader(wall).pages)
    assert "$50.60, capped" in text and "$12.00, capped" not in text, text
    tiers = [
        r[5]
        for r in load_workbook(book, read_only=True)["Winners"].iter_rows(
            min_row=2, max_row=3, values_only=True
        )
    ]
    assert tiers[:2] == ["3 of 3 at 5-1, payout capped", "3 of 3 at 5-1"], tiers
    page = players.snapshot(store, SLUG).rows
    assert (page["000001"].payout_text, page["000002"].payout_text) == ("$50.60, capped", "$12.00")
    shown = runner.invoke(app, ["--db", str(db_path), "grade", SLUG, "--json"])
    entries = {e["serial"]: e for e in json.loads(shown.stdout)["entries"]}
    assert entries["000001"]["payout"] == "50.60" and entries["000001"]["capped"] is True
    assert list(entries["000001"])[:-1] == list(entries["000002"]) and "capped" not in entries["000002"]


def test_the_pool_is_never_said_up_while_overpaid_money_is_still_out(pool, db_path, tmp_path):
    """ "Net to the pool $25.00 / The pool is up $25.00" while in cash the pool was out: money overpaid counts
    against the pool until it comes back, and is said apart as owed back."""
    from parlaycards.report.grade import net_text

    scores_all_final(pool)
    final(pool, 103, 27, 20)  # Cowboys cover: 000001 wins $60
    grading.grade(pool, SLUG)
    entries.pay(pool, SLUG, 1)
    results.set_result(pool, SLUG, 103, 17, 20, yes=True)  # corrected back: 000001 (paid $60) loses
    t = grading.grade(pool, SLUG).totals
    assert t.overpaid == Decimal("60.00") and t.cash_net == t.settled_net - Decimal("60.00")
    said = net_text(t)
    assert said.endswith("in cash; $60.00 overpaid is owed back to it"), said
    assert (t.cash_net < 0) == said.startswith("the pool lost")
    wall = tmp_path / "wall.pdf"
    out = runner.invoke(app, ["--db", str(db_path), "grade", SLUG, "--pdf", str(wall)]).output
    from pypdf import PdfReader

    head = " ".join((PdfReader(wall).pages[0].extract_text() or "").split())
    assert "paid out $60.00" in head and net_text(t, public=True) in head, head
    assert "$60.00 owed back" in out and said in " ".join(out.split()).lower(), out
    entries.returned(pool, SLUG, 1)
    back = grading.grade(pool, SLUG).totals
    assert back.cash_net == back.settled_net and "owed back" not in net_text(back)


def test_money_paid_on_the_wrong_card_is_taken_back_and_kept_in_the_history(pool, db_path):
    """`entry pay … --returned` refused ("was not overpaid") and `entry void` refuses a paid card: a "paid"
    mark on the wrong card could not be taken back."""
    scores_all_final(pool)
    final(pool, 103, 27, 20)  # Cowboys cover: 000001 wins $60
    grading.grade(pool, SLUG)
    entries.pay(pool, SLUG, 1)  # meant for another card
    cli = ["--db", str(db_path), "entry", "pay", SLUG, "000001", "--returned", "all"]
    r = runner.invoke(app, cli)
    assert r.exit_code == 2 and "--paid-in-error" in " ".join(r.output.split()), r.output
    r = runner.invoke(app, [*cli, "--paid-in-error"])
    assert r.exit_code == 0 and "Recorded $60.00 handed back on card 000001" in r.output, r.output
    report = grading.grade(pool, SLUG)
    assert report.totals.paid == Decimal("0.00") and report.totals.owed >= Decimal("60.00")
    h = runner.invoke(app, ["--db", str(db_path), "history", SLUG]).output
    assert "$60.00 handed back (paid to it by mistake)" in h and "card 000001 paid $60.00" in h, h
    again = runner.invoke(app, [*cli, "--paid-in-error"])
    assert again.exit_code == 2 and "card 000001 was not paid" in again.output, again.output
    alone = runner.invoke(app, ["--db", str(db_path), "entry", "pay", SLUG, "000001", "--paid-in-error"])
    assert alone.exit_code == 2 and "goes with --returned" in alone.output
