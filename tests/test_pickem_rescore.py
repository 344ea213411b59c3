"""A score corrected after pick'em prizes are paid is guarded as a parlay correction is: refused, naming
each paid prize it moves with what was paid and what it would be, unless `--yes`; `pickem pay` then says
what is overpaid."""

from __future__ import annotations

from decimal import Decimal

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app
from parlaycards.core.errors import ParlayError, RefusedError
from parlaycards.core.prizes import parse_prizes
from parlaycards.services import pickem as svc
from parlaycards.services import pickem_pay as pay
from parlaycards.services import results

from .pool_support import HANDED_IN, pool_made_earlier

runner = CliRunner()
GAMES = (101, 103, 105, 107, 109, 111)


@pytest.fixture
def paid(store, card_in_store):
    """Ann (every away side) won $21.00, Cy (three away sides) $9.00, Bob (every home side) nothing: paid."""
    svc.create_pool(store, "office-w12", card="nfl-w12", fee=Decimal(10), prizes=parse_prizes("70%,30%"))
    pool_made_earlier(store, "office-w12")
    for name, picks in (
        ("Ann", (101, 103, 105, 107, 109, 111)),
        ("Bob", (102, 104, 106, 108, 110, 112)),
        ("Cy", (101, 103, 105, 108, 110, 112)),
    ):
        svc.add_entry(store, "office-w12", name=name, picks=picks, tiebreak=40, received_at=HANDED_IN)
    for n in GAMES:
        results.set_result(store, "nfl-w12", n, 30, 0)  # every away team wins by 30
    assert pay.pay_prize(store, "office-w12", "Ann").total == Decimal("21.00")
    assert pay.pay_prize(store, "office-w12", "Cy").total == Decimal("9.00")
    return store


def _score(store, number: int) -> tuple[int | None, int | None]:
    r = {g.key: r for g, r in results.list_results(store, "nfl-w12").games}[number]
    assert r is not None
    return r.away_score, r.home_score


def test_a_correction_that_moves_a_paid_prize_is_refused_unless_confirmed(paid):
    results.set_result(paid, "nfl-w12", 101, 0, 30)  # Ann 5, Cy 2, Bob 1: the prizes stay
    with pytest.raises(ParlayError) as got:
        results.set_result(paid, "nfl-w12", 103, 0, 30)  # Ann 4, Bob 2, Cy 1: Cy's $9.00 goes to Bob
    assert "this result changes 1 pick'em prize already paid; nothing was stored" in got.value.message
    assert got.value.problems == (
        "pick'em office-w12, Cy: prize paid $9.00, was $9.00 before this score, $0.00 with it (overpaid $9.00)",
    )
    assert _score(paid, 103) == (30, 0)
    done = results.set_result(paid, "nfl-w12", 103, 0, 30, yes=True)
    assert done.prizes_moved == got.value.problems
    assert _score(paid, 103) == (0, 30)
    with pytest.raises(RefusedError, match=r"Cy won no prize .* Cy was paid \$9.00: overpaid \$9.00"):
        pay.pay_prize(paid, "office-w12", "Cy")


def test_the_command_line_names_the_prize_and_takes_yes(paid, db_path):
    paid.dispose()
    db = ["--db", str(db_path)]
    r = runner.invoke(app, [*db, "result", "set", "nfl-w12", "101", "0", "30"])
    assert r.exit_code == 0, r.stderr
    r = runner.invoke(app, [*db, "result", "set", "nfl-w12", "103", "0", "30"])
    assert r.exit_code != 0 and "Traceback" not in r.output
    assert "pick'em office-w12, Cy: prize paid $9.00" in r.stderr and "--yes" in r.stderr
    r = runner.invoke(app, [*db, "result", "set", "nfl-w12", "103", "0", "30", "--yes"])
    assert r.exit_code == 0, r.stderr
    assert "a paid prize changes: pick'em office-w12, Cy" in r.stderr


def test_a_correction_moving_a_paid_card_and_a_paid_prize_names_both_in_its_first_refusal(paid, db_path):
    """The paid card was named first; only after `--yes` for it did the prize come up, in a second refusal."""
    from parlaycards.services import entries, grading

    from .pool_support import enter, print_serials

    results.set_result(paid, "nfl-w12", 101, 0, 30)  # Ann 5, Cy 2, Bob 1: the prizes stay
    print_serials(paid, "nfl-w12", 2)
    enter(paid, "nfl-w12", serial="1", name="Dee", stake="10", picks="103,105,107")
    grading.grade(paid, "nfl-w12")
    entries.pay(paid, "nfl-w12", 1)
    paid.dispose()
    r = runner.invoke(app, ["--db", str(db_path), "result", "set", "nfl-w12", "103", "0", "30"])
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    said = " ".join(r.stderr.split())
    assert "changes what 1 paid card of nfl-w12 won and 1 pick'em prize already paid" in said, said
    assert "card 000001 (Dee): paid $60.00" in said and "pick'em office-w12, Cy: prize paid $9.00" in said
    assert _score(paid, 103) == (30, 0)
    r = runner.invoke(app, ["--db", str(db_path), "result", "set", "nfl-w12", "103", "0", "30", "--yes"])
    assert r.exit_code == 0, r.stderr
    assert _score(paid, 103) == (0, 30)
