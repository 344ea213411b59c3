"""The one team matcher: does a name written on a sheet (or sent by a feed) name a team as the card
writes it? Used by the lines importer, the score importer and the pick'em reader.

How sure a match is, best first:
    EXACT   the same name (case, spaces and punctuation ignored): "Georgia Tech" is not "Georgia"
    ALIAS   both names are one team of the alias table: "Green Bay" / "Packers" / "GB" / "Green Bay Packers"
    WORDS   one name is the other plus words: "Detroit Lions" / "Detroit"; a nickname: "Bills" / "Buffalo Bills"
    SHORT   initials or the start of a word (3+ letters): "Pack" / "Packers", "NYG" / "New York Giants"
A name is matched against candidates at the best level any of them reaches; two candidates there
is an ambiguity, said as such, never a guess. `best` gives the candidates' places; `match_team` says
it as a value (Match, Ambiguous or NoMatch). `canonical(text, league)` is the alias table's name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

EXACT, ALIAS, WORDS, SHORT, NONE = 4, 3, 2, 1, 0
HOW = {EXACT: "exact", ALIAS: "alias", WORDS: "words", SHORT: "short"}

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
    ("Las Vegas Raiders", "Las Vegas", "Raiders", "LV", "LVR", "OAK", "Oakland Raiders", "Oakland"),
    (
        "Los Angeles Chargers",
        "LA Chargers",
        "L.A. Chargers",
        "Chargers",
        "LAC",
        "San Diego Chargers",
        "San Diego",
        "SD",
        "SDG",
    ),
    ("Los Angeles Rams", "LA Rams", "L.A. Rams", "Rams", "LAR", "St. Louis Rams", "St. Louis", "STL"),
    ("Miami Dolphins", "Miami", "Dolphins", "MIA", "Fins"),
    ("Minnesota Vikings", "Minnesota", "Vikings", "MIN"),
    ("New England Patriots", "New England", "Patriots", "NE", "NWE", "Pats"),
    ("New Orleans Saints", "New Orleans", "Saints", "NO", "NOR"),
    ("New York Giants", "NY Giants", "N.Y. Giants", "Giants", "NYG"),
    ("New York Jets", "NY Jets", "N.Y. Jets", "Jets", "NYJ"),
    ("Philadelphia Eagles", "Philadelphia", "Eagles", "PHI", "Philly"),
    ("Pittsburgh Steelers", "Pittsburgh", "Steelers", "PIT"),
    ("San Francisco 49ers", "San Francisco", "49ers", "Niners", "SF", "SFO"),
    ("Seattle Seahawks", "Seattle", "Seahawks", "SEA"),
    ("Tampa Bay Buccaneers", "Tampa Bay", "Buccaneers", "Bucs", "TB", "TAM"),
    ("Tennessee Titans", "Tennessee", "Titans", "TEN"),
    ("Washington Commanders", "Washington", "Commanders", "WAS", "WSH", "WFT", "Washington Football Team"),
)
# Every FBS school (and Louisiana-Monroe): its name, its name with the nickname, the nickname when no other
# team has it, and other spellings; a spelling two teams share (Tigers, ASU, IND) is left out.
FBS = (
    ("Air Force", "Air Force Falcons", "AFA"),
    ("Akron", "Akron Zips", "Zips"),
    ("Alabama", "Alabama Crimson Tide", "Crimson Tide", "Bama", "ALA"),
    ("Alabama-Birmingham", "UAB", "UAB Blazers", "Blazers"),
    (
        "Appalachian State",
        "Appalachian State Mountaineers",
        "App State",
        "App St",
        "Appalachian St",
        "App State Mountaineers",
        "Appalachian St Mountaineers",
    ),
    ("Arizona", "Arizona Wildcats", "ARIZ"),
    ("Arizona State", "Arizona State Sun Devils", "Sun Devils", "Arizona St"),
    ("Arkansas", "Arkansas Razorbacks", "Razorbacks", "ARK", "Hogs"),
    ("Arkansas State", "Arkansas State Red Wolves", "Red Wolves", "Arkansas St"),
    ("Army", "Army Black Knights", "Black Knights", "Army West Point"),
    ("Auburn", "Auburn Tigers", "AUB"),
    ("Ball State", "Ball State Cardinals", "Ball St"),
    ("Baylor", "Baylor Bears", "BAY"),
    ("Boise State", "Boise State Broncos", "BSU", "Boise St"),
    ("Boston College", "Boston College Eagles", "BC"),
    ("Bowling Green", "Bowling Green Falcons", "BGSU"),
    ("Brigham Young", "BYU", "BYU Cougars"),
    ("Buffalo", "Buffalo Bulls", "UB"),
    ("California", "California Golden Bears", "Golden Bears", "Cal", "Berkeley"),
    ("Central Florida", "UCF", "UCF Knights", "Knights"),
    ("Central Michigan", "Central Michigan Chippewas", "Chippewas", "CMU", "C Michigan"),
    ("Charlotte", "Charlotte 49ers"),
    ("Cincinnati", "Cincinnati Bearcats", "Bearcats", "Cincy"),
    ("Clemson", "Clemson Tigers", "CLEM"),
    ("Coastal Carolina", "Coastal Carolina Chanticleers", "Chanticleers", "Coastal"),
    ("Colorado", "Colorado Buffaloes", "Buffaloes", "COLO", "Buffs"),
    ("Colorado State", "Colorado State Rams", "CSU", "Colorado St"),
    ("Connecticut", "UConn", "UConn Huskies"),
    ("Delaware", "Delaware Blue Hens", "Blue Hens"),
    ("Duke", "Duke Blue Devils", "Blue Devils"),
    ("East Carolina", "East Carolina Pirates", "Pirates", "ECU"),
    ("Eastern Michigan", "Eastern Michigan Eagles", "EMU", "E Michigan"),
    ("Florida", "Florida Gators", "Gators", "UF", "FLA"),
    ("Florida Atlantic", "FAU", "FAU Owls", "Florida Atlantic Owls"),
    ("Florida International", "FIU", "FIU Panthers", "Florida Intl", "Florida International Panthers"),
    ("Florida State", "Florida State Seminoles", "Seminoles", "FSU", "Noles", "Florida St"),
    ("Fresno State", "Fresno State Bulldogs", "Fresno", "Fresno St"),
    ("Georgia", "Georgia Bulldogs", "UGA", "Dawgs"),
    ("Georgia Southern", "Georgia Southern Eagles", "GASO", "Ga Southern"),
    ("Georgia State", "Georgia State Panthers", "Ga State", "Georgia St", "Ga St"),
    ("Georgia Tech", "Ga Tech", "GT", "Georgia Tech Yellow Jackets", "Yellow Jackets"),
    ("Hawaii", "Hawai'i", "Hawaii Rainbow Warriors", "Rainbow Warriors"),
    ("Houston", "Houston Cougars", "UH"),
    ("Illinois", "Illinois Fighting Illini", "Fighting Illini", "ILL", "Illini"),
    ("Indiana", "Indiana Hoosiers", "Hoosiers", "IU"),
    ("Iowa", "Iowa Hawkeyes", "Hawkeyes"),
    ("Iowa State", "Iowa State Cyclones", "Cyclones", "ISU", "Iowa St"),
    ("Jacksonville State", "Jacksonville State Gamecocks", "Jax State", "Jax St", "Jacksonville St"),
    ("James Madison", "James Madison Dukes", "Dukes", "JMU"),
    ("Kansas", "Kansas Jayhawks", "Jayhawks", "KU"),
    ("Kansas State", "Kansas State Wildcats", "K-State", "KSU", "Kansas St"),
    ("Kennesaw State", "Kennesaw State Owls", "Kennesaw", "Kennesaw St"),
    ("Kent State", "Kent State Golden Flashes", "Golden Flashes", "Kent", "Kent St"),
    ("Kentucky", "Kentucky Wildcats", "UK"),
    ("Liberty", "Liberty Flames", "Flames"),
    ("Louisiana", "Louisiana Ragin' Cajuns", "Ragin' Cajuns", "Louisiana-Lafayette", "UL Lafayette", "ULL"),
    ("Louisiana State", "LSU", "LSU Tigers", "Louisiana St"),
    ("Louisiana Tech", "Louisiana Tech Bulldogs", "La Tech", "LT"),
    (
        "Louisiana-Monroe",
        "UL Monroe",
        "ULM",
        "Louisiana Monroe",
        "UL Monroe Warhawks",
        "Warhawks",
        "Louisiana-Monroe Warhawks",
    ),
    ("Louisville", "Louisville Cardinals", "LOU", "UL"),
    ("Marshall", "Marshall Thundering Herd", "Thundering Herd"),
    ("Maryland", "Maryland Terrapins", "Terrapins", "Terps", "MD"),
    ("Massachusetts", "UMass", "UMass Minutemen", "Minutemen", "Massachusetts Minutemen"),
    ("Memphis", "Memphis Tigers"),
    (
        "Miami (FL)",
        "Miami Hurricanes",
        "Miami FL",
        "Miami Florida",
        "Hurricanes",
        "Miami (FL) Hurricanes",
        "Miami Fla",
        "The U",
    ),
    (
        "Miami (OH)",
        "Miami Ohio",
        "Miami OH",
        "Miami RedHawks",
        "RedHawks",
        "Miami (OH) RedHawks",
        "Miami of Ohio",
    ),
    ("Michigan", "Michigan Wolverines", "Wolverines", "MICH", "UM"),
    ("Michigan State", "Michigan State Spartans", "MSU", "Michigan St"),
    (
        "Middle Tennessee",
        "Middle Tennessee Blue Raiders",
        "Blue Raiders",
        "MTSU",
        "Middle Tennessee State",
        "Middle Tenn",
        "Middle Tennessee St",
    ),
    ("Minnesota", "Minnesota Golden Gophers", "Golden Gophers", "MINN", "Gophers"),
    ("Mississippi State", "Miss State", "Mississippi St", "Miss St", "Mississippi State Bulldogs", "MSST"),
    ("Missouri", "Missouri Tigers", "Mizzou", "MIZ"),
    ("Missouri State", "Missouri State Bears", "Missouri St"),
    ("Navy", "Navy Midshipmen", "Midshipmen"),
    ("Nebraska", "Nebraska Cornhuskers", "Cornhuskers", "NEB", "Huskers"),
    ("Nevada", "Nevada Wolf Pack"),
    ("Nevada-Las Vegas", "UNLV", "UNLV Rebels"),
    ("New Mexico", "New Mexico Lobos", "Lobos", "UNM"),
    ("New Mexico State", "New Mexico State Aggies", "NMSU", "New Mexico St"),
    ("North Carolina", "North Carolina Tar Heels", "Tar Heels", "UNC"),
    (
        "North Carolina State",
        "NC State",
        "N.C. State",
        "NC State Wolfpack",
        "NCSU",
        "NC St",
        "North Carolina St",
    ),
    ("North Texas", "North Texas Mean Green", "Mean Green", "UNT"),
    ("Northern Illinois", "Northern Illinois Huskies", "NIU", "N Illinois"),
    ("Northwestern", "Northwestern Wildcats", "NW", "NU"),
    ("Notre Dame", "Notre Dame Fighting Irish", "Fighting Irish", "ND"),
    ("Ohio", "Ohio Bobcats", "Ohio U"),
    ("Ohio State", "Ohio State Buckeyes", "Buckeyes", "OSU", "tOSU", "Ohio St"),
    ("Oklahoma", "Oklahoma Sooners", "Sooners", "OU", "OKLA"),
    ("Oklahoma State", "Oklahoma State Cowboys", "Okla State", "Okla St", "OKST", "Oklahoma St"),
    ("Old Dominion", "Old Dominion Monarchs", "Monarchs", "ODU"),
    ("Ole Miss", "Mississippi", "Ole Miss Rebels", "Mississippi Rebels"),
    ("Oregon", "Oregon Ducks", "Ducks", "ORE"),
    ("Oregon State", "Oregon State Beavers", "Beavers", "ORST", "Oregon St"),
    ("Penn State", "Penn State Nittany Lions", "Nittany Lions", "PSU", "Penn St"),
    ("Pittsburgh", "Pitt", "Pitt Panthers", "Pittsburgh Panthers"),
    ("Purdue", "Purdue Boilermakers", "Boilermakers", "PUR"),
    ("Rice", "Rice Owls"),
    ("Rutgers", "Rutgers Scarlet Knights", "Scarlet Knights", "RUT"),
    ("Sam Houston", "Sam Houston Bearkats", "Bearkats", "Sam Houston State", "SHSU", "Sam Houston St"),
    ("San Diego State", "San Diego State Aztecs", "Aztecs", "SDSU", "San Diego St"),
    ("San Jose State", "San Jose State Spartans", "SJSU", "San Jose St", "San Jose St Spartans"),
    ("South Alabama", "South Alabama Jaguars", "USA", "S Alabama"),
    ("South Carolina", "South Carolina Gamecocks", "SC", "SCAR"),
    ("South Florida", "South Florida Bulls", "USF"),
    ("Southern California", "USC", "USC Trojans", "Southern Cal"),
    ("Southern Methodist", "SMU", "SMU Mustangs", "Mustangs"),
    ("Southern Miss", "Southern Miss Golden Eagles", "Golden Eagles", "Southern Mississippi", "USM"),
    ("Stanford", "Stanford Cardinal", "Cardinal", "STAN"),
    ("Syracuse", "Syracuse Orange", "Orange", "CUSE"),
    ("Temple", "Temple Owls"),
    ("Tennessee", "Tennessee Volunteers", "Volunteers", "TENN", "Vols"),
    ("Texas", "Texas Longhorns", "Longhorns", "TEX", "UT"),
    ("Texas A&M", "Texas A&M Aggies", "TAMU", "Texas AM", "Texas A and M"),
    ("Texas Christian", "TCU", "TCU Horned Frogs", "Horned Frogs"),
    ("Texas State", "Texas State Bobcats", "TXST", "Texas St"),
    ("Texas Tech", "Texas Tech Red Raiders", "Red Raiders", "TTU"),
    ("Texas-El Paso", "UTEP", "UTEP Miners", "Miners"),
    ("Texas-San Antonio", "UTSA", "UTSA Roadrunners", "Roadrunners"),
    ("Toledo", "Toledo Rockets", "Rockets"),
    ("Troy", "Troy Trojans"),
    ("Tulane", "Tulane Green Wave", "Green Wave", "TUL"),
    ("Tulsa", "Tulsa Golden Hurricane", "Golden Hurricane"),
    ("UCLA", "UCLA Bruins", "Bruins"),
    ("Utah", "Utah Utes", "Utes"),
    ("Utah State", "Utah State Aggies", "USU", "Utah St"),
    ("Vanderbilt", "Vanderbilt Commodores", "Commodores", "Vandy", "VAN"),
    ("Virginia", "Virginia Cavaliers", "Cavaliers", "UVA"),
    ("Virginia Tech", "Va Tech", "VT", "Virginia Tech Hokies", "Hokies"),
    ("Wake Forest", "Wake Forest Demon Deacons", "Demon Deacons", "Wake"),
    ("Washington", "Washington Huskies", "UW", "WASH"),
    ("Washington State", "Washington State Cougars", "Wazzu", "WSU", "Washington St"),
    ("West Virginia", "West Virginia Mountaineers", "WVU"),
    ("Western Kentucky", "Western Kentucky Hilltoppers", "Hilltoppers", "WKU", "W Kentucky"),
    ("Western Michigan", "Western Michigan Broncos", "WMU", "W Michigan"),
    ("Wisconsin", "Wisconsin Badgers", "Badgers", "WISC"),
    ("Wyoming", "Wyoming Cowboys", "WYO"),
)
LEAGUES = {"NFL": NFL, "NCAA": FBS}
CITY_WORDS = {"la", "ny", "new", "york", "los", "angeles", "l", "a", "n", "y"}  # either of two teams
HOME_WORDS = {"home", "h"}
AWAY_WORDS = {"away", "visitor", "visitors", "road", "a", "v"}


def key(text: str) -> str:
    """Case, spaces, accents and punctuation ignored (a feed's "San José State" is "San Jose State");
    `&` kept (Texas A&M is not Texas AM's cousin by accident)."""
    return re.sub(r"[^0-9a-z&]", "", _plain(text))


def words(text: str) -> list[str]:
    return re.findall(r"[0-9a-z&']+", _plain(text).replace("'", ""))


def _plain(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def _aliases() -> dict[str, frozenset[str]]:
    """Written name (as a key) → the canonical names it can mean (two for `LA`, `NY` …)."""
    return _table(None)


@lru_cache(maxsize=16)
def _table(league: str | None) -> dict[str, frozenset[str]]:
    """The alias table of one league (NFL or NCAA), or of both for None; other leagues have none."""
    tables = LEAGUES.values() if league is None else [LEAGUES.get(league.upper(), ())]
    out: dict[str, set[str]] = {}
    for table in tables:
        for names in table:
            for n in names:
                out.setdefault(key(n), set()).add(names[0])
    return {k: frozenset(v) for k, v in out.items()}


def canonical(text: str, league: str | None = None) -> str | None:
    """The alias table's name of the team `text` names, when it names exactly one (else None); with
    `league` ("NFL" or "NCAA"), among that league's teams only: "Arizona" is Arizona Cardinals in the
    NFL and Arizona in the NCAA, and neither without a league."""
    found = _table(league).get(key(text))
    return next(iter(found)) if found and len(found) == 1 else None


def identity(text: str, league: str | None = None) -> str:
    """Who a team is, however it is written: its alias-table name in `league` ("Bears", "CHI" and
    "Chicago Bears" are one team), else its name with case, spaces and punctuation ignored."""
    known = league is not None and league.upper() in LEAGUES
    return canonical(text, league if known else None) or key(text)


def level(text: str, team: str) -> int:
    """How surely `text` names `team` (as the card writes it): EXACT, ALIAS, WORDS, SHORT or NONE."""
    a, b = key(text), key(team)
    if not a or not b:
        return NONE
    if a == b:
        return EXACT
    ca, cb = _aliases().get(a), _aliases().get(b)
    if ca and cb and ca & cb and (len(ca) == 1 or len(cb) == 1):  # one of the two names says which team
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
    return any(big[i : i + n] == small for i in range(len(big) - n + 1))


def _initials(team: str) -> str:
    return "".join(key(w) if w.isupper() and len(w) <= 3 else key(w)[:1] for w in team.split())


def mentions(text: str, team: str) -> int:
    """How surely a longer text (a column header such as "Bills at Texans" or "GB @ CHI") mentions
    `team`: its whole name (EXACT), a name of it from the alias table (ALIAS; an abbreviation of up
    to 3 letters only as written in capitals, so that "no" is not New Orleans nor "was" Washington),
    or its nickname (WORDS)."""
    wt, wn = words(text), words(team)
    if not wn:
        return NONE
    if _seq(wn, wt):
        return EXACT
    c = canonical(team)
    group = next((names for names in NFL + FBS if names[0] == c), ()) if c else ()
    capitals = {key(w) for w in re.findall(r"[A-Z0-9&]+", text)}
    if any(_seq(words(n), wt) for n in group if len(key(n)) >= 4 or key(n) in capitals):
        return ALIAS
    if len(wn) > 1 and len(wn[-1]) >= 4 and wn[-1] in wt:
        return WORDS
    return NONE


def _seq(small: list[str], big: list[str]) -> bool:
    n = len(small)
    return bool(n) and any(big[i : i + n] == small for i in range(len(big) - n + 1))


def best(text: str, candidates: Sequence[str]) -> list[int]:
    """The candidates `text` names at the best level any of them reaches (empty: none; two or more:
    ambiguous)."""
    levels = [level(text, c) for c in candidates]
    top = max(levels, default=NONE)
    return [i for i, lv in enumerate(levels) if lv == top and top > NONE]


@dataclass(frozen=True)
class Match:
    """The one candidate `text` names, and how surely: `how` is exact, alias, words or short."""

    text: str
    team: str
    how: str


@dataclass(frozen=True)
class Ambiguous:
    """`text` names two or more candidates equally surely; which one is not guessed."""

    text: str
    teams: tuple[str, ...]
    how: str


@dataclass(frozen=True)
class NoMatch:
    """`text` names none of the candidates."""

    text: str


def match_team(text: str, candidates: Sequence[str]) -> Match | Ambiguous | NoMatch:
    """Which of `candidates` (names as a card writes them) `text` names, by `best`: one candidate at
    the best level is a Match, two or more an Ambiguous, none a NoMatch. A name given twice counts once."""
    unique = list(dict.fromkeys(candidates))
    hits = best(text, unique)
    if not hits:
        return NoMatch(text)
    how = HOW[level(text, unique[hits[0]])]
    if len(hits) == 1:
        return Match(text, unique[hits[0]], how)
    return Ambiguous(text, tuple(unique[i] for i in hits), how)


def suggest(text: str, candidates: Sequence[str]) -> str | None:
    """The one candidate a misspelt name is closest to ("Cincinati" → "Cincinnati", "Baltimore Ravns" →
    "Baltimore"), for a "did you mean …?"; None when none is close or two are equally close."""
    import difflib

    typed = key(text)
    scored = sorted(
        (
            (max(difflib.SequenceMatcher(None, typed, key(n)).ratio() for n in _names_of(c)), c)
            for c in dict.fromkeys(candidates)
        ),
        reverse=True,
    )
    if not scored or scored[0][0] < 0.8 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1]


def _names_of(team: str) -> tuple[str, ...]:
    """A team as the card writes it, with every name the alias table knows it by."""
    c = canonical(team)
    group = next((names for names in NFL + FBS if names[0] == c), ()) if c else ()
    return (team, *group)


def side(text: str, away: str, home: str) -> str | None:
    """ "away" or "home" for a name of one of a game's two teams (or the words home / away); None when
    it names neither, or both equally."""
    k = key(text)
    if k in HOME_WORDS:
        return "home"
    if k in AWAY_WORDS:
        return "away"
    hits = best(text, [away, home])
    return ("away", "home")[hits[0]] if len(hits) == 1 else None
