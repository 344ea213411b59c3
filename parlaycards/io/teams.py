"""NFL abbreviations as sheets write them (`GB -6½` when the home team is written `Packers`)."""

from __future__ import annotations

import re

NFL = {
    "ARI ARZ": "Arizona Cardinals", "ATL": "Atlanta Falcons", "BAL": "Baltimore Ravens", "BUF": "Buffalo Bills",
    "CAR": "Carolina Panthers", "CHI": "Chicago Bears", "CIN": "Cincinnati Bengals", "CLE": "Cleveland Browns",
    "DAL": "Dallas Cowboys", "DEN": "Denver Broncos", "DET": "Detroit Lions", "GB GNB": "Green Bay Packers",
    "HOU": "Houston Texans", "IND": "Indianapolis Colts", "JAX JAC": "Jacksonville Jaguars",
    "KC KAN": "Kansas City Chiefs", "LV LVR OAK": "Las Vegas Raiders", "LAC": "LA Chargers Los Angeles",
    "LAR LA": "LA Rams Los Angeles", "MIA": "Miami Dolphins", "MIN": "Minnesota Vikings",
    "NE NWE": "New England Patriots", "NO NOR": "New Orleans Saints", "NYG": "NY Giants New York",
    "NYJ": "NY Jets New York", "PHI": "Philadelphia Eagles", "PIT": "Pittsburgh Steelers",
    "SF SFO": "San Francisco 49ers Niners", "SEA": "Seattle Seahawks", "TB TAM": "Tampa Bay Buccaneers Bucs",
    "TEN": "Tennessee Titans", "WAS WSH": "Washington Commanders",
}
_WORDS = {abbr: name for abbrs, name in NFL.items() for abbr in abbrs.split()}
_CITY_WORDS = {"la", "ny", "new", "york", "los", "angeles"}  # `LA` or `New York` alone could be either team


def abbreviates(token: str, team: str) -> bool:
    """Whether `token` is an NFL abbreviation of `team` as written (`GB` of `Packers` or `Green Bay`)."""
    name = _WORDS.get(token.upper())
    if name is None:
        return False
    words = set(re.findall(r"[a-z0-9]+", name.casefold()))
    written = re.findall(r"[a-z0-9]+", team.casefold())
    return bool(written) and set(written) <= words and not set(written) <= _CITY_WORDS
