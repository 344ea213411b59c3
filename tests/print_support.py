"""Cards for the printing tests, built in code: a 16-game NFL card (or more, names paired anew), a big college
card, any size."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from parlaycards.core.models import Card, Game, Rules
from parlaycards.core.numbering import assign
from parlaycards.demo.samples import NFL_GAMES

ET = ZoneInfo("America/New_York")

NFL = list(NFL_GAMES)

COLLEGE = [
    "Alabama",
    "Auburn",
    "Georgia",
    "Georgia Tech",
    "Ohio State",
    "Michigan",
    "Texas",
    "Texas A&M",
    "Oklahoma",
    "Oklahoma State",
    "Appalachian State",
    "Coastal Carolina",
    "Louisiana-Monroe",
    "Arkansas State",
    "Florida Atlantic",
    "Middle Tennessee",
    "Southern Miss",
    "Western Kentucky",
    "Boise State",
    "San Diego State",
    "Notre Dame",
    "Southern California",
    "Penn State",
    "Michigan State",
    "Clemson",
    "South Carolina",
    "Florida",
    "Florida State",
    "Oregon",
    "Oregon State",
    "Washington",
    "Washington State",
    "Utah",
    "BYU",
    "Iowa",
    "Nebraska",
    "Wisconsin",
    "Minnesota",
    "Kentucky",
    "Louisville",
    "Virginia Tech",
    "Virginia",
    "North Carolina",
    "NC State",
    "Arizona",
    "Arizona State",
    "UCLA",
    "California",
    "LSU",
    "Mississippi State",
    "Ole Miss",
    "Tennessee",
    "Vanderbilt",
    "Missouri",
    "Kansas",
    "Kansas State",
    "Baylor",
    "TCU",
    "Iowa State",
    "West Virginia",
]


def nfl_card(n: int = 16, slug: str = "nfl-w12") -> Card:
    base = datetime(2026, 11, 22, 13, 0, tzinfo=ET)
    nums = assign([True] * n)
    games = []
    for i in range(n):
        away, home, spread, total = NFL[i % 16]
        if i >= 16:  # past a week's 16 games: the same names in new pairs (a home team at the next away team)
            away, home = NFL[i % 16][1], NFL[(i + 1 + i // 32) % 16][0]
        kick = base + timedelta(hours=3 * (i // 6))
        games.append(
            Game(
                league="NFL",
                kickoff=kick,
                away=away,
                home=home,
                spread=Decimal(spread),
                total=Decimal(total),
                numbers=nums[i],
            )
        )
    return Card(slug=slug, title="NFL Week 12 Parlay Card", games=tuple(games), rules=Rules(cutoff=base))


def college_card(n: int = 60, slug: str = "ncaa-w13") -> Card:
    base = datetime(2026, 11, 28, 12, 0, tzinfo=ET)
    nums = assign([True] * n)
    games = []
    for i in range(n):
        away, home = (
            (COLLEGE[2 * i % 60], COLLEGE[(2 * i + 1) % 60])
            if i < 30
            else (COLLEGE[(2 * i + 3) % 60], COLLEGE[(2 * i + 8) % 60])
        )
        games.append(
            Game(
                league="NCAA",
                kickoff=base + timedelta(hours=3 * (i // 12)),
                away=away,
                home=home,
                spread=Decimal((i * 7) % 41 - 20) / 2,
                total=Decimal(40 + i % 30) + Decimal("0.5"),
                numbers=nums[i],
            )
        )
    return Card(slug=slug, title="College Football Week 13", games=tuple(games))
