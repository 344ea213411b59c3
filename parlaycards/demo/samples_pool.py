"""The demo's week of play on nfl-w12: the entries handed in and the final scores, made from the NFL sample lines.

    python -m parlaycards.demo.samples_pool sample_lines/

Writes entries-nfl-w12.xlsx (36 cards handed in, serials 000001–000036 as the demo prints them; no verify
codes, since each database has its own secret; two rows wrong on purpose, to show refusals) and
scores-nfl-w12.xlsx (finals by team names: one game Postponed, one in overtime, pushes on the Jaguars–Texans
and Cardinals–Seahawks spreads and on the Bills–Jets total). Deterministic: same lines, same bytes.
"""

from __future__ import annotations

import random
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..core.models import Card, Result
from ..core.settle import grade_selections

ENTRIES = "entries-nfl-w12.xlsx"
SCORES = "scores-nfl-w12.xlsx"
NAMES = (
    "Dana Whitfield",
    "Marcus Lee",
    "Priya Shah",
    "Tom O'Brien",
    "Keisha Brown",
    "Luis Ortega",
    "Jen Park",
    "Sam Fischer",
    "Ana Costa",
    "Ray Dubois",
    "Beth Nguyen",
    "Chris Adeyemi",
    "Frank Russo",
    "Gina Moreau",
    "Hank Peters",
    "Ivy Chen",
    "Jake Morales",
    "Kim Novak",
    "Leo Grant",
    "Mia Rossi",
    "Nate Hughes",
    "Olga Petrov",
    "Pete Walsh",
    "Quinn Tran",
    "Rosa Diaz",
    "Stan Kowalski",
    "Tina Brooks",
    "Uma Patel",
    "Vic Romano",
    "Wendy Cho",
    "Xavier Bell",
    "Yara Haddad",
    "Zack Miller",
    "Al Jensen",
    "Bea Lindqvist",
    "Cal Ortiz",
)
STAKES = ("$2", "$5", "$5", "$10", "$10", "$20", "5.00", "$25")
# Final scores by the away team (as the sample lines name them): (away, home, status).
FINALS = {
    "Pittsburgh": (20, 16, "Final"),
    "NY Giants": (17, 30, "Final"),
    "Tennessee": (13, 23, "Final"),
    "Jacksonville": (20, 24, "Final"),  # Houston -4: push
    "New England": (24, 27, "Final OT"),
    "Carolina": (27, 24, "Final"),
    "Tampa Bay": (28, 21, "Final"),
    "Washington": (24, 20, "Final"),
    "Cincinnati": (27, 31, "Final"),
    "Arizona": (17, 24, "Final"),  # Seattle -7: push
    "LA Chargers": (16, 13, "Final"),
    "Buffalo": (24, 18, "Final"),  # total 42: push
    "San Francisco": (23, 26, "Final"),
    "Chicago": (20, 27, "Final"),
    "Kansas City": (None, None, "Postponed"),  # no action
    "Minnesota": (21, 24, "Final"),
}


def nfl_card(sample_lines: Path) -> Card:
    """The nfl-w12 card as the demo imports it."""
    from ..io.lines import Asked, read_lines

    lines = read_lines(Asked(sample_lines / "nfl-week-12.xlsx"))
    return Card(slug="nfl-w12", title=lines.title or "NFL Week 12", games=lines.games)


def results(card: Card) -> dict[int, Result]:
    out = {}
    for g in card.games:
        away, home, status = FINALS[g.away]
        out[g.key] = (
            Result(game=g.key, cancelled=True)
            if status == "Postponed"
            else Result(game=g.key, away_score=away, home_score=home)
        )
    return out


def sample_entries(card: Card) -> list[list[Any]]:
    """Rows of the entry sheet: serial, player, bet, picks, received. Six cards pick only winners; one is
    refunded (two winners and the postponed game: below the 3-pick minimum)."""
    rnd = random.Random(20261119)
    outcomes = grade_selections(card, results(card))
    rows = []
    for i, name in enumerate(NAMES, start=1):
        games = rnd.sample(card.games, rnd.choice((3, 3, 3, 4, 4, 5, 6)))
        if i % 6 == 0 or i == 29:  # every leg a winner (one per game, as the card's rules want)
            picks = [
                next(n for n in g.numbers.all() if outcomes[n].value == "win")
                for g in games
                if any(outcomes[n].value == "win" for n in g.numbers.all())
            ]
            if i == 29:  # … but one is the postponed game: two legs left, below the minimum: refunded
                picks = picks[:2] + [next(n for n in outcomes if outcomes[n].value == "void")]
        else:
            picks = [rnd.choice(g.numbers.all()) for g in games]
        picks.sort()
        separator = ", " if i % 3 else " "
        day, minute = 17 + i % 3, 9 * 60 + 17 * i
        rows.append(
            [
                f"{i:06d}",
                name,
                rnd.choice(STAKES),
                separator.join(map(str, picks)),
                f"2026-11-{day} {minute // 60:02d}:{minute % 60:02d}",
            ]
        )
    rows.append(
        ["000007", "Jen Park", "$5", "101, 104, 110", "2026-11-19 18:02"]
    )  # serial already in the sheet
    rows.append(
        ["000037", "Hank Peters", "$10", "119, 120, 125", "2026-11-19 18:30"]
    )  # both sides of one game
    return rows


def write_entries(card: Card, path: Path) -> Path:
    from .samples import header_row, new_book, save_book

    wb, ws = new_book("Cards in", f"{card.title} — cards handed in")
    header_row(ws, ["Card #", "Player", "Bet", "Picks", "Received"], [9, 18, 7, 22, 17])
    for row in sample_entries(card):
        ws.append(row)
    ws.freeze_panes = "A4"
    save_book(wb, path)
    return path


def write_scores(card: Card, path: Path) -> Path:
    from .samples import header_row, new_book, save_book

    wb, ws = new_book("Finals", f"{card.title} — final scores")
    header_row(ws, ["Away", "Score", "Home", "Score", "Status"], [15, 7, 15, 7, 10])
    for g in card.games:
        away, home, status = FINALS[g.away]
        ws.append([g.away, away, g.home.upper() if g.key % 4 == 1 else g.home, home, status])
    ws.freeze_panes = "A4"
    save_book(wb, path)
    return path


def write_all(target: Path, sample_lines: Path | None = None) -> list[Path]:
    card = nfl_card(sample_lines or target)
    target.mkdir(parents=True, exist_ok=True)
    return [write_entries(card, target / ENTRIES), write_scores(card, target / SCORES)]


def winners(card: Card) -> list[tuple[str, Decimal]]:
    """(serial, payout) of every winning sample card: what the demo's grade should show."""
    from ..core.bulk import settle_many
    from ..io.entries import parse_picks, parse_stake

    rows = sample_entries(card)[: len(NAMES)]
    settled = settle_many(
        card, grade_selections(card, results(card)), [(parse_stake(r[2]), parse_picks(r[3])) for r in rows]
    )
    return [(r[0], amount) for r, amount in zip(rows, settled.amounts, strict=True) if amount > 0]


def main(argv: list[str]) -> int:
    from .samples import main as write_samples

    return write_samples(argv, write_all)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
