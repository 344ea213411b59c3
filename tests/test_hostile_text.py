"""Plain text where a number belongs, typed or sent: in a score sheet's Number column, in a whole-number
argument or option of the command line, in a feed's event. Each is refused in the project's words, naming
where it stands and what is accepted; nothing is stored."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlaycards.cli.main import app

from .pool_support import sample_pool

runner = CliRunner()
SAMPLES = Path(__file__).resolve().parents[1] / "sample_lines"


def _said(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("number", ["abc", "n/a", "TBD"])
def test_text_in_the_number_column_beside_the_teams_is_refused_at_its_cell(tmp_path: Path, number: str):
    """A score sheet by teams with a Number column: "abc" there was passed over without a word (the
    row's score was stored as if the cell were blank). A blank cell and a number still read."""
    from openpyxl import Workbook

    db = sample_pool(tmp_path)
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Finals"
    sheet.append(["Number", "Away", "Score", "Home", "Score", "Status"])
    sheet.append([number, "Pittsburgh", 20, "Cleveland", 16, "Final"])
    scores = tmp_path / "scores.xlsx"
    book.save(scores)
    r = runner.invoke(app, ["--db", str(db), "result", "import", "hx", str(scores)])
    said = _said(r.stderr)
    assert (
        r.exit_code == 2
        and (
            f'scores.xlsx: 1 problem; no result was stored. Fix it and import the file again - sheet "Finals", '
            f'row 2, cell A2: "{number}" is not a selection number. Accepted: one of the '
            "game's selection numbers (e.g. 101), or the Number cell left blank (the teams name the game)."
        )
        in said
    ), said
    assert "16 games without a result" in _said(runner.invoke(app, ["--db", str(db), "results", "hx"]).output)
    sheet["A2"] = None
    book.save(scores)
    r = runner.invoke(app, ["--db", str(db), "result", "import", "hx", str(scores)])
    assert r.exit_code == 0, r.output


def _espn_event(away: dict[str, object], home: dict[str, object]) -> dict[str, object]:
    """One final of an ESPN scoreboard, Pittsburgh 20 at Cleveland 16, with `away` / `home` laid over
    each competitor."""
    competitors = [
        {"homeAway": "away", "team": {"displayName": "Pittsburgh"}, "score": "20", **away},
        {"homeAway": "home", "team": {"displayName": "Cleveland"}, "score": "16", **home},
    ]
    final = {"type": {"name": "STATUS_FINAL", "state": "post", "completed": True, "detail": "Final"}}
    return {"date": "2026-11-20T01:15Z", "competitions": [{"competitors": competitors, "status": final}]}


SCORE = "a score (a whole number from 0 to 999)"


@pytest.mark.parametrize(
    "away, home, said",
    [
        (
            {"team": {"displayName": 5}},
            {},
            "has the number 5 as its competitions[0].competitors[0].team.displayName, where a team's name "
            "(text)",
        ),
        ({}, {"score": -5}, f"has the number -5 as its competitions[0].competitors[1].score, where {SCORE}"),
        (
            {"score": 1e308},
            {},
            f"has the number 1e+308 as its competitions[0].competitors[0].score, where {SCORE}",
        ),
        (
            {"score": "abc"},
            {},
            f'has the text "abc" as its competitions[0].competitors[0].score, where {SCORE}',
        ),
        (
            {},
            {"score": "16.5"},
            f'has the text "16.5" as its competitions[0].competitors[1].score, where {SCORE}',
        ),
    ],
)
def test_a_scoreboard_value_of_the_wrong_kind_says_which_field_of_which_event(
    tmp_path: Path, away: dict[str, object], home: dict[str, object], said: str
):
    """A team's name that is a number was refused as "ESPN sent an unexpected body (event 1 lacks a team name
    where it holds int 5)"; a score in words or a fraction was taken as no score at all. Now the event, the
    field, what it holds and what belongs there."""
    import json

    db = sample_pool(tmp_path)
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"events": [_espn_event(away, home)]}))
    r = runner.invoke(app, ["--db", str(db), "result", "fetch", "hx", "--from-file", str(board)])
    shown = _said(r.stderr)
    assert (
        r.exit_code == 2
        and (
            f"board.json: event 1 of the ESPN scoreboard {said} belongs; nothing was changed. An ESPN scoreboard "
            "holds a list of events"
        )
        in shown
    ), shown
    assert "lacks" not in shown and "unexpected body" not in shown and "int 5" not in shown, shown
    assert "16 games without a result" in _said(runner.invoke(app, ["--db", str(db), "results", "hx"]).output)
    board.write_text(json.dumps({"events": [_espn_event({}, {})]}))
    r = runner.invoke(app, ["--db", str(db), "result", "fetch", "hx", "--from-file", str(board)])
    assert r.exit_code == 0, r.output


def _odds_event(**over: object) -> dict[str, object]:
    """One final of The Odds API's scores, Pittsburgh 20 at Cleveland 16, with `over` laid over it."""
    scores = [{"name": "Pittsburgh Steelers", "score": "20"}, {"name": "Cleveland Browns", "score": "16"}]
    event = {
        "home_team": "Cleveland Browns",
        "away_team": "Pittsburgh Steelers",
        "commence_time": "2026-11-20T01:15:00Z",
        "completed": True,
        "scores": scores,
    }
    return {**event, **over}


@pytest.mark.parametrize(
    "over, said",
    [
        ({"home_team": 5}, "has the number 5 as its home_team, where a team's name (text) belongs"),
        (
            {
                "scores": [
                    {"name": "Pittsburgh Steelers", "score": "abc"},
                    {"name": "Cleveland Browns", "score": "16"},
                ]
            },
            f'has the text "abc" as its scores[0].score, where {SCORE} belongs',
        ),
        (
            {
                "scores": [
                    {"name": "Pittsburgh Steelers", "score": -3},
                    {"name": "Cleveland Browns", "score": "16"},
                ]
            },
            f"has the number -3 as its scores[0].score, where {SCORE} belongs",
        ),
        (
            {"scores": [{"name": 7, "score": "20"}, {"name": "Cleveland Browns", "score": "16"}]},
            "has the number 7 as its scores[0].name, where a team's name (text) belongs",
        ),
        (
            {"commence_time": "soon"},
            'has the text "soon" as its commence_time, where a date and time belongs',
        ),
    ],
)
def test_an_odds_api_value_of_the_wrong_kind_says_which_field_of_which_event(
    tmp_path: Path, over: dict[str, object], said: str
):
    """The Odds API's answer with a team's name that is a number was refused as "event 1 lacks a team name
    where it holds int 5", a score in words was taken as no score."""
    import json

    db = sample_pool(tmp_path)
    answer = tmp_path / "odds.json"
    answer.write_text(json.dumps([_odds_event(**over)]))
    fetch = ["--db", str(db), "result", "fetch", "hx", "--from-file", str(answer), "--provider", "odds-api"]
    r = runner.invoke(app, fetch)
    shown = _said(r.stderr)
    assert (
        r.exit_code == 2
        and (
            f"odds.json: event 1 of The Odds API's answer {said}; nothing was changed. An event of The Odds API is"
        )
        in shown
    ), shown
    assert "lacks" not in shown and "int 5" not in shown, shown
    answer.write_text(json.dumps([_odds_event()]))
    r = runner.invoke(app, fetch)
    assert r.exit_code == 0, r.output


WHOLE = "in the digits 0–9."


@pytest.mark.parametrize(
    "args, said",
    [
        (
            ["result", "set", "hx", "101", "abc", "3"],
            'AWAY "abc" is not a whole number. Accepted: a whole number 0–999',
        ),
        (
            ["result", "set", "hx", "101", "20", "١٢"],
            'HOME "١٢" is not a whole number. It is written in digits of another script: type it in the digits '
            '0–9 ("12"). Accepted: a whole number 0–999',
        ),
        (
            ["result", "set", "hx", "abc"],
            'NUMBER "abc" is not a whole number. Accepted: a whole number 1 or more',
        ),
        (
            ["result", "set", "hx", "101", "20", "1000"],
            'HOME "1000" is out of range. Accepted: a whole number 0–999',
        ),
        (
            ["result", "set", "hx", "101", "--", "-5", "3"],
            'AWAY "-5" is out of range. Accepted: a whole number 0–999',
        ),
        (
            ["print", "hx", "--copies", "abc"],
            '--copies "abc" is not a whole number. Accepted: a whole number 1–100000',
        ),
        (["print", "hx", "--copies=0"], '--copies "0" is out of range. Accepted: a whole number 1–100000'),
        (
            ["pickem", "entry", "add", "office", "--tiebreak", "n/a"],
            '--tiebreak "n/a" is not a whole number. Accepted: a whole number 0–999',
        ),
        (
            ["calc", "100", "-110", "-110", "--round-robin", "two"],
            '--round-robin "two" is not a whole number. Accepted: a whole number 2–10',
        ),
        (
            ["serve", "--port", "http"],
            '--port "http" is not a whole number. Accepted: a whole number 1–65535',
        ),
        (["payout", "remove", "hx", "3", "３"], 'HITS "３" is not a whole number. It is written in digits'),
    ],
)
def test_a_whole_number_typed_as_text_is_refused_in_the_projects_words(
    tmp_path: Path, args: list[str], said: str
):
    """Every `int` argument and option said Typer's "Invalid value for 'away': Input should be a valid integer,
    unable to parse string as an integer", for "abc" and for "١٢" alike: now what was typed, what is
    accepted, and in which digits; usage's exit code 2, no pool made."""
    db = tmp_path / "pool.db"
    r = runner.invoke(app, ["--db", str(db), *args])
    shown = _said(r.stderr)
    assert r.exit_code == 2 and shown.startswith(f"Error: {said}") and shown.endswith(WHOLE), shown
    assert "Input should be" not in shown and "Invalid value" not in shown, shown
    assert not db.exists()


def test_whole_numbers_still_read_and_help_still_shows_the_range(tmp_path: Path):
    db = sample_pool(tmp_path)
    r = runner.invoke(app, ["--db", str(db), "result", "set", "hx", "101", "20", "017"])
    assert r.exit_code == 0 and "Pittsburgh 20, Cleveland 17" in r.output, r.output
    shown = _said(runner.invoke(app, ["result", "set", "--help"]).output)
    assert "away <int range> Away team's final score (0–999). [0<=x<=999]" in shown, shown


@pytest.mark.parametrize("week", ["²", "9" * 5000])
def test_a_week_cell_in_other_digits_names_the_weeks_without_an_internal_error(tmp_path: Path, week: str):
    """A Week column holding "²" (a digit to `str.isdigit`, not to `int`) beside week 3 ended the import in
    an internal error (exit 70); now the weeks are named as any two weeks of one file are."""
    lines = (SAMPLES / "nfl-week-12.csv").read_text().splitlines()
    rows = [lines[0] + ",Week", *(f"{row},{week if i < 8 else 3}" for i, row in enumerate(lines[1:]))]
    sheet = tmp_path / "weeks.csv"
    sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
    r = runner.invoke(app, ["--db", str(tmp_path / "pool.db"), "import", str(sheet), "--card", "hx"])
    shown = _said(r.stderr)
    assert r.exit_code == 2 and "the file holds 16 games of 2 weeks (weeks 3, " in shown, shown
    assert "a card is one week. Import one of them, e.g. --week 3" in shown, shown


@pytest.mark.parametrize("version", ["²", "9" * 5000])
def test_a_schema_version_changed_by_hand_to_other_digits_is_no_internal_error(tmp_path: Path, version: str):
    """The pool's schema version rewritten "²" by hand ended every command in an internal error (int() of a
    digit to `str.isdigit`); now it is read as no version this release wrote, as "abc" was; thousands of
    digits are a newer release's."""
    import sqlite3

    db = sample_pool(tmp_path)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (version,))
    r = runner.invoke(app, ["--db", str(db), "cards"])
    if version == "²":
        assert r.exit_code == 0 and "hx" in r.output, r.output
    else:
        assert r.exit_code == 2 and "was written by a newer release of parlaycards" in _said(r.stderr), (
            r.output
        )
