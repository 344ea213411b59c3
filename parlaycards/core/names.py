"""Team names as a sportsbook prints them when the full names do not fit: "Buffalo" for Buffalo Bills,
"NY Giants", "LA Rams", "Ohio St.". Pure rules on the name as the card writes it (no alias table).

Pro leagues (NFL, NBA, WNBA, MLB, NHL, CFL, UFL): the city without the nickname, and for the cities
two teams share (Los Angeles, New York) the city's initials with the nickname. Colleges and high
schools: "State" becomes "St.", a leading compass word its initial ("Western Michigan" → "W. Michigan").
A short name two teams of one league would share is not used: both keep their full names.
"""

from __future__ import annotations

from collections.abc import Iterable

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


def short_names(games: Iterable[Game]) -> dict[tuple[str, str], str]:
    """(league, full name) → short name for every team whose short name is shorter and unique in its league."""
    games = tuple(games)
    wanted: dict[tuple[str, str], str] = {}
    for g in games:
        if g.matchup:
            continue  # a competitor's name is printed as given
        for team in (g.away, g.home):
            short = short_name(team, g.league)
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


def with_short_names(card: Card) -> tuple[Card, tuple[tuple[str, str], ...]]:
    """`card` with its teams' short names (for laying out only), and each (full, short) used."""
    names = short_names(card.games)
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
