"""The one team matcher: does a name written on a sheet (or sent by a feed) name a team as the card
writes it? Used by the lines importer, the score importer and the pick'em reader.

How sure a match is, best first:
    EXACT   the same name (case, spaces and punctuation ignored): "Georgia Tech" is not "Georgia"
    ALIAS   both names are one team of the alias table: "Green Bay" / "Packers" / "GB" / "Green Bay Packers"
    WORDS   one name is the other plus words: "Detroit Lions" / "Detroit"; a nickname: "Bills" / "Buffalo Bills"
    SHORT   initials or the start of a word (3+ letters): "Pack" / "Packers", "NYG" / "New York Giants"
A name is matched against candidates at the best level any of them reaches; two candidates there
is an ambiguity, said as such, never a guess. `best` gives the candidates' places; `match_team` says
it as a value (`Named`: the candidates named, and how surely). `canonical(text, league)` is the alias table's name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from .team_names import FBS, LEAGUES, NFL

EXACT, ALIAS, WORDS, SHORT, NONE = 4, 3, 2, 1, 0
HOW = {EXACT: "exact", ALIAS: "alias", WORDS: "words", SHORT: "short"}

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


def known(text: str, league: str | None = None) -> bool:
    """A name of the alias table (of `league`, else of any), even one two teams share ("LA", "NY")."""
    return key(text) in _table(league)


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
    if len(wa) > 1 and _spelled_out(wa) == _spelled_out(wb):  # "LA Clippers" is "Los Angeles Clippers"
        return ALIAS
    if _within(wa, wb) or _within(wb, wa):
        return WORDS
    if len(wb) > 1 and len(wb[-1]) >= 4 and wa == wb[-1:]:  # the nickname alone: "Bills"
        return WORDS
    if _alias_within(ca, wb) or _alias_within(cb, wa):  # "Las Vegas Raiders" / a card's own "LV Raiders"
        return WORDS
    if len(a) >= 2 and _initials(team).startswith(a):
        return SHORT
    if len(a) >= 3 and any(w.startswith(a) for w in wb):
        return SHORT
    return NONE


def _alias_within(known: frozenset[str] | None, ws: list[str]) -> bool:
    """A name the alias table does not know (`ws`, its words) holding a name of the one team `known` is
    ("LV Raiders" holds Raiders, "Phil. Eagles" Eagles): written its own way, that team."""
    if not known or len(known) != 1 or _aliases().get("".join(ws)):
        return False
    group = next((names for names in NFL + FBS if names[0] in known), ())
    return any(len(key(n)) >= 4 and _within(words(n), ws) for n in group)


SHARED_CITY_INITIALS = {"la": ["los", "angeles"], "ny": ["new", "york"]}


def _spelled_out(ws: list[str]) -> list[str]:
    """A name's words with the initials of a city two teams share written out (as feeds write "LA Clippers")."""
    joined = " ".join(ws).replace("l a ", "la ").replace("n y ", "ny ").split()  # "L.A." reads as l, a
    return [part for w in joined for part in SHARED_CITY_INITIALS.get(w, [w])]


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


T = TypeVar("T")


def best_pairs(
    candidates: Iterable[tuple[T, str, str, str, str]], level_of: Callable[[str, str], int] = level
) -> list[tuple[T, bool]]:
    """Of `candidates` (item, away name, home name, away team, home team as the card writes them), those
    whose two names name the two teams, either way round, at the best level any of them reaches (the
    weaker name of a pair decides its level), each with whether the names are the other way round.
    Empty: none; two or more: ambiguous."""
    scored = []
    for item, away, home, team_away, team_home in candidates:
        straight = min(level_of(away, team_away), level_of(home, team_home))
        swapped = min(level_of(away, team_home), level_of(home, team_away))
        if straight or swapped:
            scored.append((max(straight, swapped), swapped > straight, item))
    top = max((s for s, _, _ in scored), default=NONE)
    return [(item, swap) for s, swap, item in scored if s == top]


@dataclass(frozen=True)
class Named:
    """What `text` names among the candidates: the `teams` it names equally surely (one: a match; two or
    more: an ambiguity, never a guess; none: no match), and how surely (`how`: exact, alias, words or short;
    "" for none)."""

    text: str
    teams: tuple[str, ...] = ()
    how: str = ""

    @property
    def team(self) -> str | None:
        """The one team named, or None (none or several)."""
        return self.teams[0] if len(self.teams) == 1 else None

    @property
    def ambiguous(self) -> bool:
        return len(self.teams) > 1


def match_team(text: str, candidates: Sequence[str]) -> Named:
    """Which of `candidates` (names as a card writes them) `text` names, by `best`: the candidates at the
    best level, and that level. A name given twice counts once."""
    unique = list(dict.fromkeys(candidates))
    hits = best(text, unique)
    if not hits:
        return Named(text)
    return Named(text, tuple(unique[i] for i in hits), HOW[level(text, unique[hits[0]])])


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
