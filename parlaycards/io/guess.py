"""When no header names a layout: a guess at each column's role from what it holds, printed as the one
`--map` command that reads the sheet, else the sheet's columns to map by hand.

What a column holds says its kind: teams (words in every row, most of them different), both teams in one
cell (`Bears at Packers`), a line (numbers within ±30, signed on some), points (the same, never signed),
a line naming its team (`GB -6½`), a total (30 to 70), a line or a total (a one-line rotation board: the
spread on the favourite's row, the total on the other), moneylines, rotation numbers, a week, a season,
a site (at / vs, Home / Neutral), dates and times; a column naming one of the row's two teams (or blank
on a pick'em) says the favourite or the underdog.

Whose a line is, is never assumed. A signed line beside two team columns is home's line or away's; an
unsigned one is the home team's margin or home's line; a named team is the favourite or the underdog;
in sheets marking home by CAPITALS or @ the left column is the favourite or the underdog. What decides:
the moneylines, when their headers say whose each is (`Road ML`, `h_ml`: the order of two price columns
proves nothing); a line that names its team; the column's own header (`Host gives`, `Road pts`, `Fav`,
`Getting`); and the reader itself: `suggest` tries each reading through it, and a reading its checks
refuse is dropped (a plus sign on the points a named favourite gives). One left is printed as the
command; two that read the sheet differently are both printed, each with what it makes of a game, for
the operator to choose; never one of them in silence. Two line columns (an opening and a current) are
left to the operator. The away team's column is taken to come first unless its header says home. A guess is
only printed, never read: the operator runs it, with --dry-run first to see what it reads."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path

from ..core import teams
from ..core.errors import option
from ..core.lines import LineError, is_no_line, is_pick, parse_spread, parse_total, split_named
from ..core.when import Calendar, WhenError
from .mapping import ColumnMap
from .matchup import cell_line, less_line
from .rotation import money as money_of
from .sheets import HEADER_ROWS, Sheet, column_letter, text_of
from .table import SITE_AT, SITE_NEUTRAL, side_marked

TOTALS = (Decimal(30), Decimal(70))  # football's
BASKETBALL = (Decimal(120), Decimal(300))  # basketball's totals
# words in a column's own header that say whose line it is, or which team a team column names
HOME_WORDS = frozenset({"home", "host", "hosts", "hosting", "hme"})
AWAY_WORDS = frozenset({"away", "road", "visitor", "visitors", "visiting", "vis", "guest", "guests"})
FAVOURITE_WORDS = frozenset(
    {"fav", "favs", "favourite", "favorite", "favourites", "favorites", "giving", "gives"}
)
WEEK_WORDS = frozenset({"week", "wk", "wks", "weeks", "round", "rd", "gw", "gameweek"})
SEASON_WORDS = frozenset({"season", "year", "yr", "seasons"})
UNDERDOG_WORDS = frozenset({"dog", "dogs", "underdog", "underdogs", "getting", "gets", "taking"})
SITES = SITE_AT | SITE_NEUTRAL
LOOKED_AT = 200  # rows a guess reads: a week's games, never the whole of a huge sheet
_SPLIT = re.compile(r"\s+(?:@|at|vs\.?|v\.?|versus)\s+|\s*@\s*", re.I)
ORDER = (
    "matchup",
    "away",
    "home",
    "team",
    "rot",
    "favourite",
    "underdog",
    "home-line",
    "away-line",
    "home-margin",
    "spread",
    "line",
    "total",
)

# what a game reads as under a mapping: (away, home, home's line), or None when the reader refuses it
Trial = Callable[[ColumnMap], "Sequence[tuple[str, str, Decimal]] | None"]


@dataclass(frozen=True)
class Reading:
    """One way to read the sheet: its mapping and what it takes a column to hold."""

    mapping: ColumnMap
    meaning: str
    weeks: tuple[str, ...] = ()  # a season's file: the weeks its week column holds


def guess(sheet: Sheet, calendar: Calendar) -> tuple[int, list[Reading]]:  # noqa: C901 - one guess, many clues
    """The likeliest header row (0: the games start on row 1) and the readings its columns allow: none
    (no guess), one, or two (the sheet can be read either way, as far as its columns say)."""
    header_row = _header_row(sheet)
    rows = [r for r in sheet.rows[header_row : header_row + LOOKED_AT] if sum(v is not None for v in r) >= 2]
    if not rows:
        return header_row, []
    width = max(len(r) for r in rows)
    kinds = {
        c: _kind([r[c] for r in rows if c < len(r) and r[c] is not None], len(rows), calendar)
        for c in range(width)
    }

    header = sheet.rows[header_row - 1] if header_row else ()
    for c, kind in kinds.items():  # a short file's week and season, as their headers say
        said = _header_says(header, c, {"week": WEEK_WORDS, "season": SEASON_WORDS})
        values = [_whole(r[c]) for r in rows if c < len(r) and r[c] is not None]
        if kind in (None, "points", "count") and said and values and all(v is not None for v in values):
            got = [v for v in values if v is not None]
            if all(1 <= v <= 25 for v in got) if said == "week" else all(1900 <= v <= 2100 for v in got):
                kinds[c] = said

    def of(kind: str) -> list[int]:
        return [c for c, k in kinds.items() if k == kind]

    teams_ = of("team")
    sided = _sided(rows, teams_, [c for c, k in kinds.items() if k in (None, "team")], header)
    if sided is not None:
        teams_ = [c for c in teams_ if c != sided]
    if len(teams_) == 2 and (
        _header_says(header, teams_[0], {"home": HOME_WORDS, "away": AWAY_WORDS}) == "home"
        or _marked_side(rows, *teams_) == teams_[0]
    ):
        teams_ = teams_[::-1]  # `Host | Guests`, `@Packers` on the left: the home team's column first
    roles: list[tuple[str, int]] = []
    ways: list[list[tuple[str, int]]] = []
    lines = of("named") + of("line") or of("points")  # (beside a signed line, unsigned numbers are not it)
    sides = {_header_says(header, c, {"home-line": HOME_WORDS, "away-line": AWAY_WORDS}): c for c in lines}
    both = len(lines) == 2 and set(sides) == {"home-line", "away-line"}  # `spread_away`, `spread_home`
    if (len(lines) > 1 and not both) or len(of("total")) > 1:  # an opening and a current line: no guess says
        return header_row, []
    money = of("money")
    if len(money) == 1:  # the other side's prices all positive (read as numbers): the column beside
        beside = [c for c in (money[0] - 1, money[0] + 1) if kinds.get(c) == "rot"]
        money = sorted(money + beside[:1])
    owned = _owners(header, money) if len(money) == 2 else None  # (away's, home's), as their headers say
    inline = [c for c in of("matchup") if any(cell_line(text_of(r[c])) for r in rows if c < len(r))]
    if inline and not teams_ and not lines:  # `Chiefs -3 vs Bills`: the lines are in the cells
        roles = [("matchup", inline[0])]
    elif of("matchup") and not teams_ and lines:
        line = lines[0]
        roles = [("matchup", of("matchup")[0])]
        if kinds[line] == "named":
            roles.append(("home-line", line))
        else:
            ways = [[("home-line", line)], [("away-line", line)]]
            ways = _said(header, line, {"home-line": HOME_WORDS, "away-line": AWAY_WORDS}, ways)
    elif len(teams_) == 2 and lines and sided is not None:
        roles = [("away", teams_[0]), ("home", teams_[1]), ("line", lines[0])]
        ways = [[("favourite", sided)], [("underdog", sided)]]
        ways = _said(header, sided, {"favourite": FAVOURITE_WORDS, "underdog": UNDERDOG_WORDS}, ways)
    elif len(teams_) == 2 and lines and _capitals_mark_home(rows, *teams_):
        a, b = teams_
        roles = [("line", lines[0])]
        ways = [[("favourite", a), ("underdog", b)], [("favourite", b), ("underdog", a)]]
        words = {"favourite": FAVOURITE_WORDS, "underdog": UNDERDOG_WORDS}
        if _header_says(header, a, words) == "favourite" or _header_says(header, b, words) == "underdog":
            ways = ways[:1]  # `Pick the Fav | Spread | Pick the Dog`
        elif _header_says(header, a, words) == "underdog" or _header_says(header, b, words) == "favourite":
            ways = ways[1:]
    elif len(teams_) == 2 and both:  # each side's line, as the headers say: the reader checks they agree
        roles = [("away", teams_[0]), ("home", teams_[1])]
        roles += [("home-line", sides["home-line"]), ("away-line", sides["away-line"])]
    elif len(teams_) == 2 and lines:
        line = lines[0]
        roles = [("away", teams_[0]), ("home", teams_[1])]
        if kinds[line] == "named":
            roles.append(("home-line", line))
        else:
            said = _by_moneylines(rows, line, list(owned), kinds[line] == "line") if owned else None
            if said is not None:
                roles.append((said, line))
            elif kinds[line] == "line":
                ways = [[("home-line", line)], [("away-line", line)]]
                ways = _said(header, line, {"home-line": HOME_WORDS, "away-line": AWAY_WORDS}, ways)
            elif money:  # unsigned, with prices: home's margin or home's line (the prices' owners unsaid)
                ways = [[("home-margin", line)], [("home-line", line)]]
            else:  # unsigned points and no moneylines: the points the favourite gives, to no team
                return header_row, []
    elif len(teams_) == 1 and (of("line") or of("either")) and not _more_teams(rows, kinds, teams_[0]):
        roles = [("team", teams_[0])]
        roles.append(("spread", of("line")[0]) if of("line") else ("line", of("either")[0]))
        if of("rot"):
            roles.append(("rot", of("rot")[0]))
    if not roles:
        return header_row, []
    first = roles[0][0]
    if of("site") and first == "away":  # at / vs between the teams, Home / Neutral: a neutral site is read
        roles.append(("site", of("site")[0]))
    if of("total") and not (first == "team" and kinds[roles[1][1]] == "either"):
        roles.append(("total", of("total")[0]))
    if owned and first == "away":  # the line's sign is then checked against them
        roles += [("away-ml", owned[0]), ("home-ml", owned[1])]
    if len(money) == 1 and first == "team":
        roles.append(("money", money[0]))
    season_file = first in ("away", "matchup")  # a data set's season is a row a game; in a two-row board
    for kind in ("kickoff", "date", "time", "week", "season"):  # a small number twice is a game's number
        if of(kind) and (season_file or kind not in ("week", "season")):
            roles.append((kind, of(kind)[0]))
    weeks: tuple[str, ...] = ()
    if of("week") and season_file:
        held = {_whole(r[of("week")[0]]) for r in rows if of("week")[0] < len(r)} - {None}
        weeks = tuple(str(w) for w in sorted(w for w in held if w is not None))
    return header_row, [Reading(_map(roles + way), _meaning(way), weeks) for way in (ways or [[]])]


def _said(
    header: Sequence[object], col: int, words: dict[str, frozenset[str]], ways: list[list[tuple[str, int]]]
) -> list[list[tuple[str, int]]]:
    """Of two readings, the one the column's own header says (`Host gives`, `Road pts`, `Fav`, `Getting`):
    a word of one role's and none of the other's; both readings when it says neither."""
    said = _header_says(header, col, words)
    return ways if said is None else [way for way in ways if way[0][0] == said]


def _header_says(header: Sequence[object], col: int, words: dict[str, frozenset[str]]) -> str | None:
    """The one role whose words the column's header holds (None: none, or more than one)."""
    said = set(re.findall(r"[a-z]+", text_of(header[col]).casefold())) if col < len(header) else set()
    hits = [role for role, known in words.items() if said & known]
    return hits[0] if len(hits) == 1 else None


def _map(roles: list[tuple[str, int]]) -> ColumnMap:
    order = {r: i for i, r in enumerate(ORDER)}
    ordered = sorted(roles, key=lambda r: order.get(r[0], len(ORDER)))
    return ColumnMap(tuple((role, column_letter(col)) for role, col in ordered))


def _meaning(way: list[tuple[str, int]]) -> str:
    said = {
        "home-line": "home's line",
        "away-line": "away's line",
        "favourite": "the favourite",
        "underdog": "the underdog",
    }
    return " and ".join(f"column {column_letter(col)} is {said[role]}" for role, col in way if role in said)


def _owners(header: Sequence[object], money: list[int]) -> tuple[int, int] | None:
    """The two moneyline columns as (away's, home's) when their headers say whose each is (`Road ML` and
    `Hosts ML`, `v_ml` and `h_ml`); None when they do not: the order of the columns proves nothing."""
    home_words, away_words = HOME_WORDS | {"h"}, AWAY_WORDS | {"a", "v"}
    words = [
        set(re.findall(r"[a-z]+", text_of(header[c]).casefold())) if c < len(header) else set() for c in money
    ]
    home = [c for c, w in zip(money, words, strict=True) if w & home_words and not w & away_words]
    away = [c for c, w in zip(money, words, strict=True) if w & away_words and not w & home_words]
    return (away[0], home[0]) if len(home) == 1 and len(away) == 1 else None


def _more_teams(rows: list[tuple[object, ...]], kinds: dict[int, str | None], team: int) -> bool:
    """Another column naming teams of the alias table on most rows: the sheet is not two rows a game with
    one team column, whatever the guess made of that column."""
    for c, kind in kinds.items():
        if c == team or kind is not None:
            continue
        words = [text_of(r[c]) for r in rows if c < len(r) and r[c] is not None]
        if words and sum(_known(w) for w in words) * 2 >= len(rows):
            return True
    return False


def _by_moneylines(rows: list[tuple[object, ...]], line: int, money: list[int], signed: bool) -> str | None:
    """Whose the line is, as the moneylines say on every game that has both: home-line (negative: home
    favoured), else away-line when signed (negative: away favoured) or home-margin when never signed
    (positive: home favoured; the two read alike); None when they disagree or say nothing."""
    agree = disagree = 0
    for r in rows:
        cells = [r[c] if c < len(r) else None for c in (line, *money)]
        n, away, home = _number(cells[0]), money_of(cells[1]), money_of(cells[2])
        if n is None or not n or away is None or home is None or away == home:
            continue
        if (n < 0) == (home < away):
            agree += 1
        else:
            disagree += 1
    if agree and not disagree:
        return "home-line"
    if disagree and not agree:
        return "away-line" if signed else "home-margin"
    return None


def _sided(
    rows: list[tuple[object, ...]], team_cols: list[int], candidates: list[int], header: Sequence[object]
) -> int | None:
    """The column naming on every row one of the two team columns' teams (blank or PK on a pick'em): it
    says the favourite or the underdog. None when there is no such column. When two columns could be it
    (the home team favoured on every row, so the home and favourite columns hold the same), the one its
    header says (Fav, Dog), else the later one."""
    found = []
    for c in candidates:
        others = [t for t in team_cols if t != c]
        if len(others) != 2:
            continue
        a, b = others
        named = 0
        for r in rows:
            said, away, home = (text_of(r[i]) if i < len(r) else "" for i in (c, a, b))
            if not said or is_pick(said):
                continue
            if teams.side(said, away, home) is None:
                break
            named += 1
        else:
            if named * 2 >= len(rows):
                found.append(c)
    words = {"side": FAVOURITE_WORDS | UNDERDOG_WORDS}
    sides = [c for c in found if _header_says(header, c, words) == "side"]
    picked = sides or found
    return picked[-1] if picked else None


def _header_row(sheet: Sheet) -> int:
    """The likeliest header (0: none): the row of two or more cells above the first row that holds a
    number or a date (a day heading between them is passed over)."""
    for number, cells in enumerate(sheet.rows[:HEADER_ROWS], start=1):
        values = [v for v in cells if v is not None]
        if len(values) >= 2 and any(
            (_number(v) is not None and re.search(r"\d", text_of(v)))
            or isinstance(v, (date, time))
            or _named(v)
            for v in values
        ):  # (a header's `Pick` reads as PK, and is no number)
            above = [
                n for n in range(number - 1, 0, -1) if sum(v is not None for v in sheet.rows[n - 1]) >= 2
            ]
            return above[0] if above else 0
    return 0


def _kind(values: list[object], rows: int, calendar: Calendar) -> str | None:  # noqa: C901 - a branch per kind
    """What a column's values are (see the module's note), or None."""
    if len(values) * 2 < rows:
        return None
    if all(isinstance(v, datetime) and (v.hour or v.minute) for v in values):
        return "kickoff"
    if all(isinstance(v, (date, datetime)) for v in values):
        return "date"
    if all(isinstance(v, time) for v in values):
        return "time"
    if all(isinstance(v, str) for v in values):
        said = _when(values, calendar)
        if said is not None:
            return said
    if all(isinstance(v, str) and v.strip().casefold().rstrip(".") in SITES for v in values):
        return "site"
    whole = [_whole(v) for v in values]
    if all(w is not None for w in whole):
        got = [w for w in whole if w is not None]
        if all(1900 <= w <= 2100 for w in got) and len(set(got)) * 3 <= len(got) + 2:
            return "season"  # a year or a few, on many rows (distinct numbers are games' ids)
        if all(1 <= w <= 25 for w in got) and len(set(got)) * 2 <= len(got):
            return "week"  # a few weeks of many games each (whole points, seldom repeated, are no week)
        if len(got) > 1 and got[0] < 100 and got == list(range(got[0], got[0] + len(got))):
            return "count"  # 1, 2, 3 …: the games' numbers down the sheet
        if all(100 <= w <= 99999 for w in got) and len(set(got)) * 4 >= len(got) * 3 and _signed_none(values):
            return "rot"
    prices = [money_of(v) for v in values]
    if all(p is not None for p in prices) and any(p is not None and p < 0 for p in prices):
        return "money"
    numbers = [_number(v) for v in values]
    if all(n is not None or is_no_line(v) for n, v in zip(numbers, values, strict=True)):
        return _numbers_kind(values, [n for n in numbers if n is not None])
    named = [_named(v) for v, n in zip(values, numbers, strict=True) if n is None and not is_no_line(v)]
    if named and all(named):  # `GB -6½` in every cell, or in some beside bare lines
        return "named" if len(named) == len(values) else "line"
    if all(isinstance(v, str) and _two_teams(v) for v in values) and (
        sum(_known_game(str(v)) for v in values) * 2 >= len(values)
    ):  # (`Played at home` in a notes column is no game)
        return "matchup"
    words = [text_of(v) for v in values]
    if (
        len(values) == rows
        and all(
            (sum(ch.isalpha() for ch in w) >= 3 or re.fullmatch(r"[A-Z]{2,4}", w.strip()))
            and _number(w) is None
            for w in words
        )
        and not any("_" in w or re.search(r"\d{3}", w) for w in words)
        and len(set(words)) * 4 >= len(words) * 3
    ):
        known = sum(_known(w) for w in words)
        return "team" if known * 2 >= len(words) or len(set(words)) == len(words) else None
    if len(values) == rows and len(set(words)) >= 2 and sum(_known(w) for w in words) * 4 >= len(words) * 3:
        return "team"  # a season's file: each team on many rows
    return None


def _numbers_kind(values: list[object], got: list[Decimal]) -> str | None:
    """total, line (signed on some), points (never signed), either (a line or a total, each on some), None."""
    if not got:
        return None
    if all(TOTALS[0] <= n <= TOTALS[1] for n in got) or all(BASKETBALL[0] <= n <= BASKETBALL[1] for n in got):
        return "total"
    halves = all(n * 2 == int(n * 2) for n in got)
    if all(abs(n) < TOTALS[0] for n in got) and halves:
        signed = any(n < 0 for n in got) or not _signed_none(values)
        return "line" if signed else "points"
    small = [n for n in got if abs(n) < TOTALS[0]]
    if (
        halves
        and small
        and len(small) < len(got)
        and all(TOTALS[0] <= n <= TOTALS[1] for n in got if n not in small)
    ):
        return "either"
    return None


def _named(value: object) -> bool:
    """A line written after a known team's name: `GB -6½`, `49ers PK`."""
    named = split_named(value) if isinstance(value, str) else None
    return named is not None and _known(named[0])


def _signed_none(values: list[object]) -> bool:
    return not any(isinstance(v, str) and v.strip()[:1] in ("+", "-") for v in values)


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\d{1,5}", value.strip()):
        return int(value)
    return None


def _two_teams(text: str) -> bool:
    """Both teams in one cell: `Bears at Packers`, `Georgia vs. Clemson`, `Dallas@NY Giants`."""
    return _sides_of(text) is not None


def _sides_of(text: str) -> tuple[str, str] | None:
    for m in _SPLIT.finditer(text):
        first, second = text[: m.start()].strip(), text[m.end() :].strip()
        if first and second and all(sum(ch.isalpha() for ch in s) >= 2 for s in (first, second)):
            return first, second
    return None


def _known_game(text: str) -> bool:
    """A cell whose two sides are teams the alias table knows (a line after one allowed)."""
    sides = _sides_of(text)
    return sides is not None and all(_known(less_line(s)[0]) for s in sides)


def _known(name: str) -> bool:
    """A team of the alias table, in any league (Pittsburgh is the Steelers and the Panthers)."""
    return any(teams.canonical(name, league) is not None for league in (None, "NFL", "NCAA"))


def _capitals_mark_home(rows: list[tuple[object, ...]], a: int, b: int) -> bool:
    """Home written in CAPITALS or marked (`@Packers`, `at Green Bay`, `*Packers`, `Packers (H)`), now in
    one column and now in the other: the columns are favourite and underdog, not away and home (which
    one is which the line's sign may say)."""
    sides = {
        (c == b)
        for r in rows
        if max(a, b) < len(r)
        for c in (a, b)
        if _home_mark(text_of(r[c])) and not _home_mark(text_of(r[b if c == a else a]))
    }
    return len(sides) == 2


def _marked_side(rows: list[tuple[object, ...]], a: int, b: int) -> int | None:
    """The one of two team columns that holds every home mark (CAPITALS, `@Packers`, `Packers (H)`), None
    when neither, or both, hold them."""
    marked = {
        c
        for r in rows
        if max(a, b) < len(r)
        for c in (a, b)
        if _home_mark(text_of(r[c])) and not _home_mark(text_of(r[b if c == a else a]))
    }
    return next(iter(marked)) if len(marked) == 1 else None


def _home_mark(name: str) -> bool:
    letters = [ch for ch in name if ch.isalpha()]
    return (len(letters) > 4 and all(ch.isupper() for ch in letters)) or side_marked(name)[1] == "home"


def _when(values: list[object], calendar: Calendar) -> str | None:
    """kickoff, date or time when every value reads as one (text as `Sun 11/22`, `1:00 PM`, ISO 8601)."""
    try:
        read = [calendar.read(v) for v in values]
    except WhenError:
        return None
    days = [w.day is not None or w.weekday is not None for w in read]
    clocks = [w.clock is not None or w.tba for w in read]
    if all(days) and all(clocks):
        return "kickoff"
    if all(days):
        return "date"
    if all(clocks):
        return "time"
    return None


def _number(value: object) -> Decimal | None:
    if isinstance(value, bool) or isinstance(value, (date, time)):
        return None
    for parse in (parse_spread, parse_total):
        try:
            return parse(value).value
        except (LineError, TypeError, ValueError):
            continue
    return None


def suggest(
    path: Path,
    sheet: Sheet,
    several: bool,
    calendar: Calendar,
    trial: Trial | None = None,
    chosen: str = "",
    read_only: bool = False,
) -> str:
    """The one command that maps the sheet's columns by hand, guessed from what they hold; two, each
    with what it makes of a game, when the sheet reads two ways and nothing in it says which; else the
    form, with the sheet's columns to choose from. `trial` reads the sheet by a mapping (a reading the
    reader refuses is not offered); `chosen`: the week options the operator gave, repeated; `read_only`:
    nothing ("") unless a command is offered that the trial read the sheet by."""
    header_row, readings = guess(sheet, calendar)
    command = f"parlaycards import {shlex.quote(str(path))}"  # the options spelled by the CLI
    if several and sheet.name:
        command += f" {option('sheet')} {shlex.quote(sheet.name)}"
    if chosen:
        command += f" {chosen}"
    offered = _tried(readings, trial if header_row else None)  # with no header, no mapping reads it yet
    if read_only and not (trial and header_row and offered and all(g is not None for _, g in offered)):
        return ""  # (`read_only`: only a command the reader has read the sheet by)
    if not offered:
        return (
            "To read it anyway, name its columns: "
            f"{command} {' '.join(option('map') + ' ' + r + '=LETTER' for r in ('away', 'home', 'home-line', 'total'))} "
            f"(or team=LETTER for two rows a game, with spread=LETTER). {_listed(sheet, header_row)}"
        )
    insert = (
        "the games start on row 1: insert a row above them with a word over each column (Away, Home, Line …), "
        "then "
        if header_row == 0  # a mapping reads the rows under a header
        else ""
    )
    weeks = offered[0][0].weeks
    weeks_note = (
        f" The file holds weeks {', '.join(weeks)}: add {option('week')} {weeks[-1]} (or the week you mean"
        f"{', and ' + option('season') + ' when it holds several seasons' if any(r[0] == 'season' for r in offered[0][0].mapping.roles) else ''})."
        if len(weeks) > 1 and not chosen
        else ""
    )
    if len(offered) == 1:
        return (
            f"Its columns look like this mapping{', but ' + insert if insert else '; '}check what it reads, "
            f"then run it again without {option('dry_run')}: {command} {offered[0][0].mapping.command()} "
            f"{option('dry_run')}" + (f".{weeks_note}" if weeks_note else "")
        )
    (one, one_games), (two, two_games) = offered
    game = next(
        (i for i, (g, h) in enumerate(zip(one_games or (), two_games or (), strict=False)) if g != h), None
    )

    def said(reading: Reading, games: Sequence[tuple[str, str, Decimal]] | None) -> str:
        shown = f" ({_game(games[game])})" if games and game is not None else ""
        return f"if {reading.meaning}{shown}: {command} {reading.mapping.command()} {option('dry_run')}"

    return (
        "Its columns can be read two ways and nothing in the sheet says which: "
        f"{insert}choose the one your sheet means, check what it reads, then run it again without "
        f"{option('dry_run')}: {said(one, one_games)}; or, {said(two, two_games)}.{weeks_note}"
    )


def _tried(
    readings: list[Reading], trial: Trial | None
) -> list[tuple[Reading, Sequence[tuple[str, str, Decimal]] | None]]:
    """The readings worth offering: those the reader does not refuse (all of them when it refuses every
    one, as it does a season's file read without a week), one when both read the same games."""
    if trial is None or not readings:
        return [(r, None) for r in readings]
    tried = [(r, trial(r.mapping)) for r in readings]
    read: list[tuple[Reading, Sequence[tuple[str, str, Decimal]] | None]] = [
        (r, g) for r, g in tried if g is not None
    ]
    if not read:
        return [(r, None) for r in readings]
    if len(read) == 2 and read[0][1] == read[1][1]:
        return read[:1]
    return read


def _game(game: tuple[str, str, Decimal]) -> str:
    away, home, spread = game
    if not spread:
        return f"{away} at {home}, a pick'em"
    favourite = home if spread < 0 else away
    return f"{away} at {home}, {favourite} giving {abs(spread).normalize():f}"


def _listed(sheet: Sheet, header_row: int) -> str:
    row = sheet.rows[header_row - 1] if header_row > 0 else next((r for r in sheet.rows if any(r)), ())
    cells = [f'{column_letter(i)} "{text_of(v)}"' for i, v in enumerate(row) if text_of(v)]
    return f"Its columns: {', '.join(cells)}." if cells else ""
