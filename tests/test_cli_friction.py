"""Issue 18, everyday friction: a new pool is said, --db after the command, --version."""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app, hoist_db

runner = CliRunner()
LINES = Path(__file__).parent.parent / "sample_lines" / "nfl-week-12.csv"


def test_import_into_a_folder_without_a_pool_says_it_starts_one(tmp_path: Path):
    db = tmp_path / "pool.db"
    r = runner.invoke(app, ["--db", str(db), "import", str(LINES), "--card", "w12"])
    assert r.exit_code == 0, r.stderr
    assert f"Started a new pool at {db.resolve()} (serials start at 000001)." in r.stderr
    r = runner.invoke(app, ["--db", str(db), "import", str(LINES), "--card", "w13"])
    assert r.exit_code == 0 and "Started a new pool" not in r.stderr


def test_a_dry_run_starts_no_pool_and_says_none(tmp_path: Path):
    db = tmp_path / "pool.db"
    r = runner.invoke(app, ["--db", str(db), "import", str(LINES), "--card", "w12", "--dry-run"])
    assert r.exit_code == 0 and "Started a new pool" not in r.stderr and not db.exists()


@pytest.mark.parametrize("form", [["--db", "{db}"], ["--db={db}"]])
def test_db_may_follow_the_command(tmp_path: Path, form: list[str]):
    db = tmp_path / "pool.db"
    given = [f.format(db=db) for f in form]
    r = runner.invoke(app, ["import", str(LINES), "--card", "w12", *given])
    assert r.exit_code == 0, r.stderr
    r = runner.invoke(app, ["show", "w12", "--json", *given])
    assert r.exit_code == 0 and '"slug": "w12"' in r.stdout
    assert db.exists()


def test_hoist_db_moves_only_the_pool_option():
    assert hoist_db(["entry", "add", "w", "--db", "p.db", "--name", "Db"]) == [
        "--db",
        "p.db",
        "entry",
        "add",
        "w",
        "--name",
        "Db",
    ]
    assert hoist_db(["import", "--", "--db"]) == ["import", "--", "--db"]


def test_version():
    r = runner.invoke(app, ["--version"])
    assert (r.exit_code, r.stdout) == (0, f"parlaycards {version('parlaycards')}\n")


def test_game_add_of_a_team_already_playing_asks_for_again(tmp_path: Path):
    db = ["--db", str(tmp_path / "pool.db")]
    assert runner.invoke(app, [*db, "import", str(LINES), "--card", "w12"]).exit_code == 0
    before = runner.invoke(app, [*db, "show", "w12", "--json"]).stdout
    r = runner.invoke(
        app, [*db, "game", "add", "w12", "--away", "Steelers", "--home", "Bears", "--spread", "-3"]
    )
    assert r.exit_code == 2
    assert r.stderr.startswith(
        'Error: "Steelers" already plays on card w12: game 101 Pittsburgh at Cleveland. Add --again to put a '
        "second game of it on the card"
    )
    assert runner.invoke(app, [*db, "show", "w12", "--json"]).stdout == before
    r = runner.invoke(
        app, [*db, "game", "add", "w12", "--away", "Steelers", "--home", "Bears", "--spread", "-3", "--again"]
    )
    assert r.exit_code == 0, r.stderr


def test_a_near_miss_team_name_gets_a_did_you_mean(tmp_path: Path):
    db = ["--db", str(tmp_path / "pool.db")]
    assert runner.invoke(app, [*db, "import", str(LINES), "--card", "w12"]).exit_code == 0
    scores = tmp_path / "scores.csv"
    scores.write_text(
        "Away,Away score,Home,Home score,Status\nSteelers,20,Browns,17,Final\nBengals,3,Cincinati,7,Final\n"
    )
    r = runner.invoke(app, [*db, "result", "import", "w12", str(scores)])
    assert r.exit_code == 2
    assert '"Cincinati" is not a team on card w12: did you mean Cincinnati?' in r.stderr
    assert "Steelers" not in r.stderr  # the nickname is the card's Pittsburgh


def test_money_words_keep_pending_apart_and_a_loss_is_a_loss():
    from decimal import Decimal

    from parlaycards.report.grade import Totals, net_text

    def totals(stakes: str, payouts: str, pending: int = 0, pending_stakes: str = "0") -> Totals:
        s, p = Decimal(stakes), Decimal(payouts)
        return Totals(
            entries=10,
            stakes=s,
            payouts=p,
            net=s - p,
            paid=Decimal(0),
            owed=p,
            winners=1,
            pending=pending,
            late=0,
            pending_stakes=Decimal(pending_stakes),
        )

    assert net_text(totals("50.00", "187.50")) == "the pool lost $137.50"
    assert net_text(totals("50.00", "10.00", 3, "15.00")) == (
        "the pool is up $25.00 on settled cards; 3 cards ($15.00 staked) still pending"
    )
    assert net_text(totals("5.00", "0.00", 1, "5.00")) == (
        "the pool is up $0.00 on settled cards; 1 card ($5.00 staked) still pending"
    )


def test_calc_says_one_leg_and_names_the_implied_probability():
    r = runner.invoke(app, ["calc", "10", "+150"])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("1 leg: 2.5000 = 2.5000")
    assert "Implied probability 40.00%" in r.stdout


def test_the_demo_never_touches_the_cards_a_pool_printed(tmp_path, monkeypatch):
    """The demo printed into output/, where `print` puts a pool's cards: a pool's own nfl-w12 cards were
    replaced by demo cards that its pool refuses. The demo keeps to output/demo/."""
    from typer.testing import CliRunner

    from parlaycards.cli.main import app

    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "output" / "nfl-w12-v1-000001-000040.pdf"
    mine.parent.mkdir()
    mine.write_bytes(b"%PDF-1.4 the pool's own cards")
    result = CliRunner().invoke(app, ["demo"])
    assert result.exit_code == 0, result.output
    assert mine.read_bytes() == b"%PDF-1.4 the pool's own cards"
    assert (tmp_path / "output" / "demo" / "demo.db").exists()
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["demo", mine.name]


def test_a_game_added_by_hand_is_shown_in_kickoff_order_and_older_versions_keep_theirs(tmp_path: Path):
    import json

    db = ["--db", str(tmp_path / "pool.db")]
    assert runner.invoke(app, [*db, "import", str(LINES), "--card", "w12"]).exit_code == 0
    add = ["game", "add", "w12", "--away", "Houston Texans", "--home", "Los Angeles Rams", "--spread", "-3"]
    r = runner.invoke(app, [*db, *add, "--kickoff", "2026-11-22 16:05", "--again"])
    assert r.exit_code == 0, r.stderr

    def shown(*version: str) -> list[tuple[str, str]]:
        out = runner.invoke(app, [*db, "show", "w12", "--json", *version])
        return [(g["kickoff"], g["away"]) for g in json.loads(out.stdout)["games"]]

    now = shown()
    assert [k for k, _ in now] == sorted(k for k, _ in now)  # the sheet's games came in kickoff order
    at = [a for _, a in now].index("Houston Texans")
    assert now[at - 1] == ("2026-11-22T16:05:00-05:00", "LA Chargers")  # after the games at 4:05 PM
    assert now[at + 1][0] == "2026-11-22T16:25:00-05:00"
    assert [a for _, a in shown("--version", "1")] == [a for _, a in now if a != "Houston Texans"]


def test_payout_tiers_for_more_picks_than_the_card_has_games_are_said_by_name(tmp_path: Path):
    from parlaycards.core.reach import most_picks

    six = tmp_path / "six.csv"
    six.write_text("\n".join(LINES.read_text().splitlines()[:7]) + "\n")
    db = ["--db", str(tmp_path / "pool.db")]
    assert runner.invoke(app, [*db, "import", str(six), "--card", "w6"]).exit_code == 0
    warning = (
        "Warning: card w6 v{v} has 6 games, so one card takes at most 6 picks, but its payout table has tiers "
        "for 7, 8, 9 and 10 picks and its rules accept up to 10: players see tiers they can never win. To take "
        "them off the card: parlaycards rules set w6 --max-picks 6 (the tiers above it go), or add games."
    )
    r = runner.invoke(app, [*db, "print", "w6", "--proof", "--out", str(tmp_path / "proof.pdf")])
    assert r.exit_code == 0 and warning.format(v=1) in " ".join(r.stderr.split())
    r = runner.invoke(app, [*db, "payout", "set", "w6", "9", "80-1"])
    assert r.exit_code == 0 and warning.format(v=2) in " ".join(r.stderr.split())
    r = runner.invoke(app, [*db, "rules", "set", "w6", "--max-picks", "6"])
    assert r.exit_code == 0, r.stderr
    r = runner.invoke(app, [*db, "print", "w6", "--copies", "2", "--out", str(tmp_path / "cards.pdf")])
    assert r.exit_code == 0 and "Warning" not in r.stderr
    r = runner.invoke(app, [*db, "rules", "set", "w6", "--same-game", "--max-picks", "7", "--tier", "7 40-1"])
    assert r.exit_code == 0, r.stderr  # a side and the total of a game: twelve picks can be made
    assert (
        "Warning"
        not in runner.invoke(app, [*db, "print", "w6", "--proof", "--out", str(tmp_path / "p2.pdf")]).stderr
    )
    from parlaycards.core.models import Rules

    from .conftest import make_card

    assert most_picks(make_card(games=2)) == 2
    assert most_picks(make_card(games=2, rules=Rules(same_game=True))) == 4  # both games have a total
