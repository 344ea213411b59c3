"""The one team matcher: does a name written on a sheet (or sent by a feed) name a team as the card
writes it? Used by the lines importer, the score importer and the pick'em reader.

How sure a match is, best first:
    EXACT   the same name (case, spaces and punctuation ignored): "Georgia Tech" is not "Georgia"
    ALIAS   both names are one team of the alias table: "Green Bay" / "Packers" / "GB" / "Green Bay Packers"
    WORDS   one name is the other plus words: "Detroit Lions" / "Detroit"; a nickname: "Bills" / "Buffalo Bills"
    SHORT   initials or the start of a word (3+ letters): "Pack" / "Packers", "NYG" / "New York Giants"
A name is matched against candidates at the best level any of them reaches; two candidates there
is an ambiguity, said as such, never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

EXACT, ALIAS, WORDS, SHORT, NONE = 4, 3, 2, 1, 0

# Each team: its names as sportsbooks, feeds and people write them (the first is its canonical name).
NFL = (
    ("Arizona Cardinals", "Arizona", "Cardinals", "ARI", "ARZ", "Cards"),
    ("Atlanta Falcons", "Atlanta", "Falcons", "ATL"),
    ("Baltimore Ravens", "Baltimore", "Ravens", "BAL"),
    ("Buffalo Bills", "Buffalo", "Bills", "BUF"),
    ("Carolina Panthers", "Carolina", "Panthers", "CAR"),
    ("Chicago Bears", "Chicago", "Bears", "CHI"),
    ("Cincinnati Bengals", "Cincinnati", "Bengals", "CIN"),
    ("Cleveland Browns", "Cleveland", "Browns", "CLE"),
    ("Dallas Cowboys", "Dallas", "Cowboys", "DAL"),
    ("Denver Broncos", "Denver", "Broncos", "DEN"),
    ("Detroit Lions", "Detroit", "Lions", "DET"),
    ("Green Bay Packers", "Green Bay", "Packers", "GB", "GNB", "Pack"),
    ("Houston Texans", "Houston", "Texans", "HOU"),
    ("Indianapolis Colts", "Indianapolis", "Colts", "IND", "Indy"),
    ("Jacksonville Jaguars", "Jacksonville", "Jaguars", "JAX", "JAC", "Jags"),
    ("Kansas City Chiefs", "Kansas City", "Chiefs", "KC", "KAN"),
    ("Las Vegas Raiders", "Las Vegas", "Raiders", "LV", "LVR", "OAK", "Oakland Raiders"),
    ("Los Angeles Chargers", "LA Chargers", "L.A. Chargers", "Chargers", "LAC", "San Diego Chargers"),
    ("Los Angeles Rams", "LA Rams", "L.A. Rams", "Rams", "LAR", "St. Louis Rams"),
    ("Miami Dolphins", "Dolphins", "MIA", "Fins"),
    ("Minnesota Vikings", "Minnesota", "Vikings", "MIN"),
    ("New England Patriots", "New England", "Patriots", "NE", "NWE", "Pats"),
    ("New Orleans Saints", "New Orleans", "Saints", "NO", "NOR"),
    ("New York Giants", "NY Giants", "N.Y. Giants", "Giants", "NYG"),
    ("New York Jets", "NY Jets", "N.Y. Jets", "Jets", "NYJ"),
    ("Philadelphia Eagles", "Philadelphia", "Eagles", "PHI", "Philly"),
    ("Pittsburgh Steelers", "Steelers", "PIT"),
    ("San Francisco 49ers", "San Francisco", "49ers", "Niners", "SF", "SFO"),
    ("Seattle Seahawks", "Seattle", "Seahawks", "SEA"),
    ("Tampa Bay Buccaneers", "Tampa Bay", "Buccaneers", "Bucs", "TB", "TAM"),
    ("Tennessee Titans", "Titans", "TEN"),
    ("Washington Commanders", "Washington", "Commanders", "WAS", "WSH"),
)
# College names that are written many ways, or that one word of another team could be mistaken for.
FBS = (
    ("Miami (FL)", "Miami Hurricanes", "Miami FL", "Miami Florida", "Hurricanes"),
    ("Miami (OH)", "Miami Ohio", "Miami OH", "Miami RedHawks", "RedHawks"),
    ("Ole Miss", "Mississippi", "Ole Miss Rebels", "Mississippi Rebels"),
    ("Mississippi State", "Miss State", "Mississippi St", "Miss St"),
    ("Texas A&M", "Texas A&M Aggies", "TAMU", "Texas AM"),
    ("Southern California", "USC", "USC Trojans", "Southern Cal"),
    ("Louisiana State", "LSU", "LSU Tigers"),
    ("Brigham Young", "BYU", "BYU Cougars"),
    ("Texas Christian", "TCU", "TCU Horned Frogs"),
    ("Southern Methodist", "SMU", "SMU Mustangs"),
    ("Central Florida", "UCF", "UCF Knights"),
    ("Nevada-Las Vegas", "UNLV", "UNLV Rebels"),
    ("Alabama-Birmingham", "UAB", "UAB Blazers"),
    ("Pittsburgh", "Pitt", "Pitt Panthers", "Pittsburgh Panthers"),
    ("North Carolina State", "NC State", "N.C. State", "NC State Wolfpack"),
    ("Virginia Tech", "Va Tech", "VT", "Virginia Tech Hokies"),
    ("Georgia Tech", "Ga Tech", "GT", "Georgia Tech Yellow Jackets"),
    ("Louisiana-Monroe", "UL Monroe", "ULM", "Louisiana Monroe"),
    ("Connecticut", "UConn", "UConn Huskies"),
    ("Massachusetts", "UMass", "UMass Minutemen"),
    ("Florida International", "FIU", "FIU Panthers"),
    ("Florida Atlantic", "FAU", "FAU Owls"),
    ("Texas-San Antonio", "UTSA", "UTSA Roadrunners"),
    ("Texas-El Paso", "UTEP", "UTEP Miners"),
    ("Hawaii", "Hawai'i", "Hawaii Rainbow Warriors"),
)
CITY_WORDS = {"la", "ny", "new", "york", "los", "angeles", "l", "a", "n", "y"}  # either of two teams
HOME_WORDS = {"home", "h"}
AWAY_WORDS = {"away", "visitor", "visitors", "road", "a", "v"}


def key(text: str) -> str:
    """Case, spaces and punctuation ignored; `&` kept (Texas A&M is not Texas AM's cousin by accident)."""
    return re.sub(r"[^0-9a-z&]", "", text.casefold())


def words(text: str) -> list[str]:
    return re.findall(r"[0-9a-z&']+", text.casefold().replace("'", ""))


@lru_cache(maxsize=1)
def _aliases() -> dict[str, frozenset[str]]:
    """Written name (as a key) → the canonical names it can mean (two for `LA`, `NY` …)."""
    out: dict[str, set[str]] = {}
    for names in NFL + FBS:
        for n in names:
            out.setdefault(key(n), set()).add(names[0])
    return {k: frozenset(v) for k, v in out.items()}


def canonical(text: str) -> str | None:
    """The alias table's name of the team `text` names, when it names exactly one (else None)."""
    found = _aliases().get(key(text))
    return next(iter(found)) if found and len(found) == 1 else None


def level(text: str, team: str) -> int:
    """How surely `text` names `team` (as the card writes it): EXACT, ALIAS, WORDS, SHORT or NONE."""
    a, b = key(text), key(team)
    if not a or not b:
        return NONE
    if a == b:
        return EXACT
    ca, cb = _aliases().get(a), _aliases().get(b)
    if ca and cb and len(ca) == 1 and ca == cb:
        return ALIAS
    wa, wb = words(text), words(team)
    if _within(wa, wb) or _within(wb, wa):
        return WORDS
    if len(wb) > 1 and len(wb[-1]) >= 4 and wa == wb[-1:]:  # the nickname alone: "Bills"
        return WORDS
    if len(a) >= 2 and _initials(team).startswith(a):
        return SHORT
    if len(a) >= 3 and any(w.startswith(a) for w in wb):
        return SHORT
    return NONE


def _within(small: list[str], big: list[str]) -> bool:
    """`small` appears in `big` as whole words in order, and is not just a city two teams share."""
    n = len(small)
    if not n or n >= len(big) or set(small) <= CITY_WORDS:
        return False
    return any(big[i:i + n] == small for i in range(len(big) - n + 1))


def _initials(team: str) -> str:
    return "".join(key(w) if w.isupper() and len(w) <= 3 else key(w)[:1] for w in team.split())


def mentions(text: str, team: str) -> int:
    """How surely a longer text (a column header such as "Bills at Texans") mentions `team`: its
    whole name (EXACT), a name of it from the alias table (ALIAS), or its nickname (WORDS)."""
    wt, wn = words(text), words(team)
    if not wn:
        return NONE
    if _seq(wn, wt):
        return EXACT
    c = canonical(team)
    group = next((names for names in NFL + FBS if names[0] == c), ()) if c else ()
    if any(_seq(words(n), wt) for n in group if len(key(n)) >= 4):
        return ALIAS
    if len(wn) > 1 and len(wn[-1]) >= 4 and wn[-1] in wt:
        return WORDS
    return NONE


def _seq(small: list[str], big: list[str]) -> bool:
    n = len(small)
    return bool(n) and any(big[i:i + n] == small for i in range(len(big) - n + 1))


def best(text: str, candidates: Sequence[str]) -> list[int]:
    """The candidates `text` names at the best level any of them reaches (empty: none; two or more:
    ambiguous)."""
    levels = [level(text, c) for c in candidates]
    top = max(levels, default=NONE)
    return [i for i, lv in enumerate(levels) if lv == top and top > NONE]


def side(text: str, away: str, home: str) -> str | None:
    """"away" or "home" for a name of one of a game's two teams (or the words home / away); None when
    it names neither, or both equally."""
    k = key(text)
    if k in HOME_WORDS:
        return "home"
    if k in AWAY_WORDS:
        return "away"
    hits = best(text, [away, home])
    return ("away", "home")[hits[0]] if len(hits) == 1 else None
