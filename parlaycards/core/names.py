"""Team names as a sportsbook prints them when the full names do not fit: "Buffalo" for Buffalo Bills,
"NY Giants", "LA Rams", "Ohio St.". Worked out here, where the alias table may be used, and handed to
the layout as a card with the names shortened; the layout tries the full names first, then each tier.

Tier 1, pure rules on the name as the card writes it. Pro leagues (NFL, NBA, WNBA, MLB, NHL, CFL,
UFL): the city without the nickname, and for the cities two teams share (Los Angeles, New York) the
city's initials with the nickname. Colleges and high schools: "State" becomes "St.", a leading compass
word its initial ("Western Michigan" → "W. Michigan").

Tier 2, for cards tier 1 still does not fit (cards that were refused before, so no printed card
changes): pro teams by their nickname alone ("Giants", "49ers"; a team written by its city alone gets
its nickname from the alias table); a college written with its nickname is its school (the alias
table's name: "Ohio State Buckeyes" → "Ohio St."), and a school name still longer than 12 letters is
written as boards write it: state words as the AP writes them ("Mississippi St." → "Miss. St.",
"Middle Tennessee" → "Middle Tenn.") or a spelling of the alias table ("UL Monroe"), whichever is the
longest that fits in 12 letters.

A short name two teams of one league would share is not used: both keep their full names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from . import team_names, teams
from .models import Card, Game

PRO = frozenset({"NFL", "NBA", "WNBA", "MLB", "NHL", "CFL", "UFL", "XFL", "USFL"})
TWO_WORD_NICKNAMES = (
    "Trail Blazers",
    "Red Sox",
    "White Sox",
    "Blue Jays",
    "Maple Leafs",
    "Golden Knights",
    "Red Wings",
    "Blue Jackets",
)
# First words of two-word cities: a pro name that would shorten to one of them is a city alone
# ("San Francisco", "Kansas City", "Green Bay" as many sheets write teams), and is kept whole.
CITY_HEADS = frozenset(
    {"San", "Las", "Kansas", "Green", "Tampa", "New", "Los", "St.", "St", "Salt", "Oklahoma", "Golden", "Bay"}
)
SHARED_CITIES = {"Los Angeles": "LA", "New York": "NY", "L.A.": "LA", "N.Y.": "NY"}
COMPASS = {
    "Western": "W.",
    "Eastern": "E.",
    "Northern": "N.",
    "Southern": "S.",
    "Central": "C.",
    "North": "N.",
    "South": "S.",
}


# Schools every board prints by their letters.
SCHOOLS = {
    "Southern California": "USC",
    "Southern Methodist": "SMU",
    "Texas Christian": "TCU",
    "Central Florida": "UCF",
    "Brigham Young": "BYU",
    "Louisiana State": "LSU",
    "Florida International": "FIU",
    "Alabama-Birmingham": "UAB",
    "Texas-San Antonio": "UTSA",
    "Texas-El Paso": "UTEP",
    "Nevada-Las Vegas": "UNLV",
    "North Carolina State": "NC State",
    "Virginia Tech": "Va. Tech",
    "Massachusetts": "UMass",
    "Connecticut": "UConn",
}


def short_name(name: str, league: str) -> str:
    """The name a sportsbook prints in a tight column (the name itself when it has nothing to drop)."""
    if league.upper() not in PRO and name in SCHOOLS:
        return SCHOOLS[name]
    words = name.split()
    if len(words) < 2:
        return name
    if league.upper() in PRO:
        nickname = next((n for n in TWO_WORD_NICKNAMES if name.endswith(" " + n)), words[-1])
        city = name[: -len(nickname)].strip()
        if not city or city in CITY_HEADS:
            return name
        for full, initials in SHARED_CITIES.items():
            if city == full:
                return f"{initials} {nickname}"
        return city
    out = [COMPASS.get(words[0], words[0]) if len(words) > 1 else words[0]]
    out += ["St." if w == "State" else w for w in words[1:]]
    return " ".join(out)


LONG = 12  # tier 2 shortens a school name longer than this many letters
# State and other long words as the AP and the boards write them (tier 2, schools only).
AP = {
    "Alabama": "Ala.",
    "Arizona": "Ariz.",
    "Arkansas": "Ark.",
    "California": "Calif.",
    "Colorado": "Colo.",
    "Connecticut": "Conn.",
    "Florida": "Fla.",
    "Georgia": "Ga.",
    "Illinois": "Ill.",
    "Indiana": "Ind.",
    "Kansas": "Kan.",
    "Kentucky": "Ky.",
    "Louisiana": "La.",
    "Maryland": "Md.",
    "Massachusetts": "Mass.",
    "Michigan": "Mich.",
    "Minnesota": "Minn.",
    "Mississippi": "Miss.",
    "Missouri": "Mo.",
    "Nebraska": "Neb.",
    "Nevada": "Nev.",
    "Oklahoma": "Okla.",
    "Oregon": "Ore.",
    "Pennsylvania": "Pa.",
    "Tennessee": "Tenn.",
    "Virginia": "Va.",
    "Washington": "Wash.",
    "Wisconsin": "Wis.",
    "Wyoming": "Wyo.",
    "Carolina": "Car.",
    "Appalachian": "App.",
    "International": "Intl.",
}


def shorter_name(name: str, league: str) -> str:
    """Tier 2: the name a board prints when even tier 1 does not fit (the name itself when nothing is shorter)."""
    if league.upper() in PRO:
        full = teams.canonical(name, league) if league.upper() in team_names.LEAGUES else None
        base = full or name
        words = base.split()
        city = short_name(name, league)
        if len(words) < 2:
            return city
        nickname = next((n for n in TWO_WORD_NICKNAMES if base.endswith(" " + n)), words[-1])
        if not full and base[: -len(nickname)].strip() in CITY_HEADS:
            return city  # a two-word city written alone ("San Francisco"): its second word is no nickname
        return nickname
    school = teams.canonical(name, "NCAA") if league.upper() == "NCAA" else None
    first = short_name(school if school and len(school) < len(name) else name, league)
    if len(first) <= LONG:
        return first
    group = next((names for names in team_names.FBS if names[0] == school), ()) if school else ()
    said = set(re.findall(r"[A-Za-z]{3,}", school or name))
    readable = [  # spellings of the table that name the school (not its nickname alone, not a code)
        _periods(short_name(n, league), school or name)
        for n in group[1:]
        if re.search(r"[a-z]", n)
        and said & set(re.findall(r"[A-Za-z]{3,}", n))
        and n[:2] == (school or name)[:2]
    ]
    ap = " ".join(_ap(w) for w in first.split())
    fitting = [c for c in (ap, *readable) if len(c) <= LONG]
    return max(fitting, key=len) if fitting else min((first, ap, *readable), key=len)


def _ap(word: str) -> str:
    return "-".join(AP.get(part, part) for part in word.split("-"))


def _periods(spelling: str, full: str) -> str:
    """`Middle Tenn` → `Middle Tenn.`: a word of the spelling that cuts a word of the full name short."""
    long_words = full.split()
    out = []
    for w in spelling.split():
        cut = w.isalpha() and any(f.startswith(w) and f != w for f in long_words) and len(w) < 6
        out.append(w + "." if cut else w)
    return " ".join(out)


def short_names(games: Iterable[Game], tier: int = 1) -> dict[tuple[str, str], str]:
    """(league, full name) → short name for every team whose short name is shorter and unique in its league."""
    games = tuple(games)
    wanted: dict[tuple[str, str], str] = {}
    shorten = short_name if tier == 1 else shorter_name
    for g in games:
        if g.matchup:
            continue  # a competitor's name is printed as given
        for team in (g.away, g.home):
            short = shorten(team, g.league)
            if len(short) < len(team):
                wanted[(g.league, team)] = short
    taken: dict[tuple[str, str], list[str]] = {}
    for (league, team), short in wanted.items():
        taken.setdefault((league, short.casefold()), []).append(team)
    teams_by_short = {key: set(v) for key, v in taken.items()}
    all_names = {(g.league, n.casefold()) for g in games for n in (g.away, g.home)}
    return {
        (league, team): short
        for (league, team), short in wanted.items()
        if len(teams_by_short[(league, short.casefold())]) == 1
        and (league, short.casefold()) not in all_names  # never the full name of another team on the card
    }


def with_short_names(card: Card, tier: int = 1) -> tuple[Card, tuple[tuple[str, str], ...]]:
    """`card` with its teams' short names of `tier` (for laying out only), and each (full, short) used."""
    names = short_names(card.games, tier)
    if not names:
        return card, ()
    games = tuple(
        Game.model_validate(
            {
                **g.model_dump(),
                "away": names.get((g.league, g.away), g.away),
                "home": names.get((g.league, g.home), g.home),
            }
        )
        for g in card.games
    )
    used = tuple(dict.fromkeys((full, short) for (_, full), short in names.items()))
    return Card.model_validate({**card.model_dump(), "games": [g.model_dump() for g in games]}), used
