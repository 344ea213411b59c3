"""Card commands end to end through the real CLI and a real SQLite file."""

import hashlib
import json
from pathlib import Path

from typer.testing import CliRunner

from parlaycards.cli.main import app

runner = CliRunner()


def cli(db, *args):
    return runner.invoke(app, ["--db", str(db), *args])


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_show_json_shape(db_path, card_in_store):
    r = cli(db_path, "show", "nfl-w12", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert set(data) >= {
        "slug",
        "version",
        "title",
        "timezone",
        "games",
        "payouts",
        "basis",
        "max_payout",
        "rules",
    }
    g = data["games"][0]
    assert g == {
        "league": "NFL",
        "kickoff": "2026-11-22T13:00:00-05:00",
        "away": "Buffalo Bills",
        "home": "Houston Texans",
        "home_spread": -3.5,
        "total": 44.5,
        "neutral": False,
        "off": False,
        "numbers": {"away": 101, "home": 102, "over": 201, "under": 202},
        "printed_lines": [],
    }  # no card printed yet
    assert data["payouts"][0] == {"picks": 3, "hits": 3, "odds": "5-1"}
    assert data["basis"] == "to" and data["max_payout"] is None
    assert data["rules"]["ties"] == "lose" and data["rules"]["min_picks"] == 3


def test_edits_make_versions(db_path, card_in_store):
    assert cli(db_path, "game", "set", "nfl-w12", "103", "--spread", "-4.5").exit_code == 0
    r = cli(
        db_path,
        "game",
        "add",
        "nfl-w12",
        "--league",
        "NFL",
        "--away",
        "Bengals",
        "--home",
        "Lions",
        "--spread",
        "-7½",
        "--total",
        "47.5",
        "--kickoff",
        "2026-11-26 12:30",
    )
    assert r.exit_code == 0, r.output
    assert "added Bengals at Lions as 113/114, over 213 / under 214" in r.stderr
    assert cli(db_path, "game", "remove", "nfl-w12", "117").exit_code != 0  # 117 is not on this card
    assert cli(db_path, "game", "remove", "nfl-w12", "101").exit_code == 0
    assert cli(db_path, "payout", "set", "nfl-w12", "3", "6-1").exit_code == 0
    assert cli(db_path, "payout", "set", "nfl-w12", "10", "9", "20-1").exit_code == 0
    r = cli(
        db_path,
        "rules",
        "set",
        "nfl-w12",
        "--ties",
        "reduce",
        "--max-picks",
        "12",
        "--cutoff",
        "2026-11-29 13:00",
    )
    assert r.exit_code == 2 and "no all-hit tier for 11 of 11, 12 of 12" in r.stderr
    assert (
        cli(db_path, "rules", "set", "nfl-w12", "--ties", "reduce", "--cutoff", "2026-11-29 13:00").exit_code
        == 0
    )
    data = json.loads(cli(db_path, "show", "nfl-w12", "--json").stdout)
    assert data["version"] == 7
    assert data["games"][0]["away"] == "Dallas Cowboys" and data["games"][0]["home_spread"] == -4.5
    assert data["games"][-1]["kickoff"] == "2026-11-26T12:30:00-05:00"
    assert {"picks": 10, "hits": 9, "odds": "20-1"} in data["payouts"]
    assert data["rules"]["ties"] == "reduce" and data["rules"]["cutoff"] == "2026-11-29T13:00:00-05:00"
    listing = json.loads(cli(db_path, "cards", "--json").stdout)
    assert [(c["slug"], c["version"]) for c in listing] == [("nfl-w12", 7)]


def test_bad_edits_exit_2_with_one_paragraph_and_leave_the_database_unchanged(db_path, card_in_store):
    before = digest(db_path)
    cases = [
        (
            ("game", "set", "nfl-w12", "103", "--spread", "abc"),
            'Error: --spread: the spread "abc" is not a line. Accepted: -3.5, -3½, -3 1/2, +7, PK, pick, EV',
        ),
        (("game", "set", "nfl-w12", "999", "--spread", "-3"), "selection number 999 is not on card nfl-w12"),
        (("game", "set", "nfl-w12", "103", "--total", "-40"), 'the total "-40" is not a line'),
        (("payout", "remove", "nfl-w12", "5"), "no all-hit tier for 5 of 5"),
        (("payout", "set", "nfl-w12", "3", "six"), 'odds "six" are not card odds'),
        (
            ("rules", "set", "nfl-w12", "--ties", "maybe"),
            '--ties "maybe" is not a ties rule. Accepted: lose, win, reduce.',
        ),
        (("show", "nfl-w13"), 'there is no card "nfl-w13". Cards in this pool: nfl-w12.'),
        (
            (
                "game",
                "add",
                "nfl-w12",
                "--away",
                "Buffalo Bills",
                "--home",
                "Houston Texans",
                "--spread",
                "-3",
                "--again",
            ),
            "Buffalo Bills at Houston Texans is on the card twice",
        ),
    ]
    for args, message in cases:
        r = cli(db_path, *args)
        assert r.exit_code == 2, (args, r.output)
        assert message in r.stderr, (args, r.stderr)
        assert "Traceback" not in r.output
    assert digest(db_path) == before


def test_calc(db_path):
    r = cli(db_path, "calc", "100", "-110", "-110", "+150", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["returned"] == "911.16"
    r = cli(db_path, "calc", "ten", "-110")
    assert r.exit_code == 2 and 'stake "ten" is not an amount' in r.stderr


def test_payout_analyze_json(db_path, card_in_store):
    rows = json.loads(cli(db_path, "payout", "analyze", "nfl-w12", "--json").stdout)
    three = rows[0]
    assert (three["picks"], three["odds"], three["fair_to_one"], three["house_edge"]) == (3, "5-1", 7.0, 0.25)


def test_rules_set_without_options_shows_the_rules(db_path: Path, tmp_path: Path):
    cli(
        db_path,
        "import",
        str(Path(__file__).resolve().parents[1] / "sample_lines" / "nfl-week-12.xlsx"),
        "--card",
        "w",
    )
    r = cli(db_path, "rules", "set", "w")
    assert r.exit_code == 0, r.output
    assert "w version 1:" in r.stderr and "Pick at least 3 and no more than 10 selections" in r.stderr


def test_a_command_where_no_database_exists_names_the_file_and_creates_none(tmp_path: Path):
    missing = tmp_path / "nowhere" / "pool.db"
    for args in (["cards"], ["entries", "w"], ["show", "w"]):
        r = cli(missing, *args)
        assert r.exit_code == 2 and f"there is no pool database at {missing}" in r.stderr, r.output
    assert not missing.exists()


def test_every_edit_says_what_it_changed(db_path, card_in_store):
    """`game set … --spread` printed only "game 103 changed", even when the favourite changed sides."""
    r = cli(db_path, "game", "set", "nfl-w12", "103", "--spread", "-5")
    assert r.exit_code == 0, r.output
    assert (
        "game 103 Dallas Cowboys at New York Giants: New York Giants +2½ → -5: the favourite changes to "
        "New York Giants"
    ) in r.stderr
    r = cli(db_path, "game", "set", "nfl-w12", "104", "--total", "43", "--kickoff", "2026-11-22 16:25")
    assert "total 41 → 43" in r.stderr and "kickoff Sun 11/22 1:00p → Sun 11/22 4:25p" in r.stderr
    r = cli(db_path, "payout", "set", "nfl-w12", "3", "6-1", "--max-payout", "500")
    assert "payout 3 of 3: 5-1 → 6-1" in r.stderr and "maximum payout none → $500.00" in r.stderr
    r = cli(db_path, "rules", "set", "nfl-w12", "--ties", "reduce", "--same-game")
    assert (
        "ties: lose → drop a tier" in r.stderr
        and "a side and the total of one game: not allowed → allowed" in r.stderr
    )
    r = cli(db_path, "rules", "set", "nfl-w12", "--ties", "reduce")
    assert r.exit_code == 2 and "nothing to change" in r.stderr
    r = cli(db_path, "rules", "set", "nfl-w12", "--cutoff", "2026-11-22 12:30", "--title", "Week 12")
    assert (
        "cutoff none → Sun Nov 22 12:30 PM EST" in r.stderr and 'title "NFL Week 12" → "Week 12"' in r.stderr
    )


def test_a_payout_tier_beyond_the_rules_is_refused_and_the_range_is_raised_with_its_tiers(
    db_path, card_in_store
):
    before = digest(db_path)
    r = cli(db_path, "payout", "set", "nfl-w12", "12", "200-1")
    assert r.exit_code == 2 and "a payout for 12 picks would never be paid" in r.stderr
    assert (
        "--max-picks 12 with --tier" in r.stderr
    )  # the command to use, spelled as this command line spells it
    r = cli(db_path, "rules", "set", "nfl-w12", "--max-picks", "12", "--tier", "11 150-1")
    assert r.exit_code == 2 and "no all-hit tier for 12 of 12" in r.stderr and '--tier "12 150-1"' in r.stderr
    assert digest(db_path) == before
    r = cli(
        db_path, "rules", "set", "nfl-w12", "--max-picks", "12", "--tier", "11 150-1", "--tier", "12 200-1"
    )
    assert r.exit_code == 0, r.output
    assert "most picks: 10 → 12" in r.stderr and "payout 12 of 12: none → 200-1" in r.stderr
    data = json.loads(cli(db_path, "show", "nfl-w12", "--json").stdout)
    assert data["rules"]["max_picks"] == 12 and {"picks": 12, "hits": 12, "odds": "200-1"} in data["payouts"]
