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
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import teams
from ..core.lines import is_pick
from ..core.when import Calendar
from .cell_kinds import full_rows, header_row_of, kind_of, known_team, number_of
from .home_marks import capitals_mark_home, marked_side
from .mapping import ColumnMap
from .matchup import cell_line
from .rotation import money as money_of
from .sheets import Sheet, column_letter, text_of, whole_of

# words in a column's own header that say whose line it is, or which team a team column names
HOME_WORDS = frozenset({"home", "host", "hosts", "hosting", "hme"})
AWAY_WORDS = frozenset({"away", "road", "visitor", "visitors", "visiting", "vis", "guest", "guests"})
FAVOURITE_WORDS = frozenset(
    {"fav", "favs", "favourite", "favorite", "favourites", "favorites", "giving", "gives"}
)
WEEK_WORDS = frozenset({"week", "wk", "wks", "weeks", "round", "rd", "gw", "gameweek"})
SEASON_WORDS = frozenset({"season", "year", "yr", "seasons"})
UNDERDOG_WORDS = frozenset({"dog", "dogs", "underdog", "underdogs", "getting", "gets", "taking"})
LOOKED_AT = 200  # rows a guess reads: a week's games, never the whole of a huge sheet
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


@dataclass(frozen=True)
class Reading:
    """One way to read the sheet: its mapping and what it takes a column to hold."""

    mapping: ColumnMap
    meaning: str
    weeks: tuple[str, ...] = ()  # a season's file: the weeks its week column holds


Role = tuple[str, int]  # a role and its column's index
Way = list[Role]  # the roles one reading adds (none: the roles alone read it)


@dataclass(frozen=True)
class _Columns:
    """The rows a guess reads under the header, the header, and the kind of each column."""

    rows: list[tuple[object, ...]]
    header: Sequence[object]
    kinds: dict[int, str | None]

    def of(self, kind: str) -> list[int]:
        return [c for c, k in self.kinds.items() if k == kind]


def guess(sheet: Sheet, calendar: Calendar) -> tuple[int, list[Reading]]:
    """The likeliest header row (0: the games start on row 1) and the readings its columns allow: none
    (no guess), one, or two (the sheet can be read either way, as far as its columns say)."""
    header_row = header_row_of(sheet)
    rows = [r for r in sheet.rows[header_row : header_row + LOOKED_AT] if sum(v is not None for v in r) >= 2]
    if not rows:
        return header_row, []
    cols = _columns(rows, sheet.rows[header_row - 1] if header_row else (), calendar)
    found = _roles(cols)
    if found is None and (full := full_rows(rows)):  # guessed from the rows not short a cell: the mapping
        found = _roles(cols := _columns(full, cols.header, calendar))  # then refuses those by cell
    if found is None:
        return header_row, []
    roles, ways = found
    roles += _also(cols, roles)
    weeks: tuple[str, ...] = ()
    if cols.of("week") and roles[0][0] in ("away", "matchup"):
        held = {whole_of(r[cols.of("week")[0]], 5) for r in rows if cols.of("week")[0] < len(r)} - {None}
        weeks = tuple(str(w) for w in sorted(w for w in held if w is not None))
    return header_row, [Reading(_map(roles + way), _meaning(way), weeks) for way in (ways or [[]])]


def _columns(rows: list[tuple[object, ...]], header: Sequence[object], calendar: Calendar) -> _Columns:
    """What each column holds, from its values (a short file's week and season, as their headers say)."""
    width = max(len(r) for r in rows)
    kinds = {
        c: kind_of([r[c] for r in rows if c < len(r) and r[c] is not None], len(rows), calendar)
        for c in range(width)
    }
    for c, kind in kinds.items():
        said = _header_says(header, c, {"week": WEEK_WORDS, "season": SEASON_WORDS})
        values = [whole_of(r[c], 5) for r in rows if c < len(r) and r[c] is not None]
        if kind in (None, "points", "count") and said and values and all(v is not None for v in values):
            got = [v for v in values if v is not None]
            if all(1 <= v <= 25 for v in got) if said == "week" else all(1900 <= v <= 2100 for v in got):
                kinds[c] = said
    return _Columns(rows, header, kinds)


def _roles(cols: _Columns) -> tuple[list[Role], list[Way]] | None:
    """The teams' and the line's roles, and the ways to read whose the line is; None: no guess says."""
    team_cols = cols.of("team")
    sided = _sided(
        cols.rows, team_cols, [c for c, k in cols.kinds.items() if k in (None, "team")], cols.header
    )
    if sided is not None:
        team_cols = [c for c in team_cols if c != sided]
    if len(team_cols) == 2 and (
        _header_says(cols.header, team_cols[0], {"home": HOME_WORDS, "away": AWAY_WORDS}) == "home"
        or marked_side(cols.rows, *team_cols) == team_cols[0]
    ):
        team_cols = team_cols[::-1]  # `Host | Guests`, `@Packers` on the left: the home team's column first
    lines = cols.of("named") + cols.of("line") or cols.of(
        "points"
    )  # (beside a signed line, unsigned numbers are not it)
    sides = {
        _header_says(cols.header, c, {"home-line": HOME_WORDS, "away-line": AWAY_WORDS}): c for c in lines
    }
    both = len(lines) == 2 and set(sides) == {"home-line", "away-line"}  # `spread_away`, `spread_home`
    if (len(lines) > 1 and not both) or len(
        cols.of("total")
    ) > 1:  # an opening and a current line: no guess says
        return None
    if cols.of("matchup") and not team_cols:
        return _matchup_roles(cols, lines)
    if len(team_cols) == 2 and lines:
        return _two_team_roles(cols, team_cols, lines[0], sided, sides if both else None)
    if (
        len(team_cols) == 1
        and (cols.of("line") or cols.of("either"))
        and not _more_teams(cols.rows, cols.kinds, team_cols[0])
    ):
        roles = [("team", team_cols[0])]
        roles.append(("spread", cols.of("line")[0]) if cols.of("line") else ("line", cols.of("either")[0]))
        return roles + [("rot", c) for c in cols.of("rot")[:1]], []
    return None


def _matchup_roles(cols: _Columns, lines: list[int]) -> tuple[list[Role], list[Way]] | None:
    """Both teams in one cell: the line in the cells (`Chiefs -3 vs Bills`) or in a column beside."""
    matchups = cols.of("matchup")
    inline = [c for c in matchups if any(cell_line(text_of(r[c])) for r in cols.rows if c < len(r))]
    if inline and not lines:
        return [("matchup", inline[0])], []
    if not lines:
        return None
    line = lines[0]
    roles = [("matchup", matchups[0])]
    if cols.kinds[line] == "named":
        return roles + [("home-line", line)], []
    ways: list[Way] = [[("home-line", line)], [("away-line", line)]]
    return roles, _said(cols.header, line, {"home-line": HOME_WORDS, "away-line": AWAY_WORDS}, ways)


def _two_team_roles(
    cols: _Columns, team_cols: list[int], line: int, sided: int | None, sides: dict[str | None, int] | None
) -> tuple[list[Role], list[Way]] | None:
    """Two team columns and a line: a column naming the favourite or the underdog, home marked now in one
    column and now in the other (favourite and underdog), each side's line as the headers say (`sides`),
    or away and home with whose line it is."""
    a, b = team_cols
    if sided is not None:
        ways: list[Way] = [[("favourite", sided)], [("underdog", sided)]]
        words = {"favourite": FAVOURITE_WORDS, "underdog": UNDERDOG_WORDS}
        return [("away", a), ("home", b), ("line", line)], _said(cols.header, sided, words, ways)
    if capitals_mark_home(cols.rows, a, b):
        ways = [[("favourite", a), ("underdog", b)], [("favourite", b), ("underdog", a)]]
        words = {"favourite": FAVOURITE_WORDS, "underdog": UNDERDOG_WORDS}
        said = (_header_says(cols.header, a, words), _header_says(cols.header, b, words))
        if said[0] == "favourite" or said[1] == "underdog":
            ways = ways[:1]  # `Pick the Fav | Spread | Pick the Dog`
        elif said[0] == "underdog" or said[1] == "favourite":
            ways = ways[1:]
        return [("line", line)], ways
    roles = [("away", a), ("home", b)]
    if sides is not None:  # each side's line, as the headers say: the reader checks they agree
        return roles + [("home-line", sides["home-line"]), ("away-line", sides["away-line"])], []
    if cols.kinds[line] == "named":
        return roles + [("home-line", line)], []
    money = _money_columns(cols)
    owned = _owners(cols.header, money) if len(money) == 2 else None
    said_by = _by_moneylines(cols.rows, line, list(owned), cols.kinds[line] == "line") if owned else None
    if said_by is not None:
        return roles + [(said_by, line)], []
    if _as_points(cols.rows, line) and (told := _gives(cols.header, line)) is not None:
        return roles + [(told, line)], []
    if cols.kinds[line] == "line":
        ways = [[("home-line", line)], [("away-line", line)]]
        return roles, _said(cols.header, line, {"home-line": HOME_WORDS, "away-line": AWAY_WORDS}, ways)
    if money:  # unsigned, with prices: home's margin or home's line (the prices' owners unsaid)
        return roles, [[("home-margin", line)], [("home-line", line)]]
    return None  # unsigned points and no moneylines: the points the favourite gives, to no team


def _money_columns(cols: _Columns) -> list[int]:
    """The moneyline columns (one with negative prices: the other side's, all positive, beside it)."""
    money = cols.of("money")
    if len(money) == 1:
        beside = [c for c in (money[0] - 1, money[0] + 1) if cols.kinds.get(c) == "rot"]
        money = sorted(money + beside[:1])
    return money


def _also(cols: _Columns, roles: list[Role]) -> list[Role]:
    """The columns read beside the teams and the line: site, total, moneylines, kickoff, week, season."""
    first = roles[0][0]
    also: list[Role] = []
    if (
        cols.of("site") and first == "away"
    ):  # at / vs between the teams, Home / Neutral: a neutral site is read
        also.append(("site", cols.of("site")[0]))
    if cols.of("total") and not (first == "team" and cols.kinds[roles[1][1]] == "either"):
        also.append(("total", cols.of("total")[0]))
    money = _money_columns(cols)
    owned = _owners(cols.header, money) if len(money) == 2 else None
    if owned and first == "away":  # the line's sign is then checked against them
        also += [("away-ml", owned[0]), ("home-ml", owned[1])]
    if len(money) == 1 and first == "team":
        also.append(("money", money[0]))
    season_file = first in ("away", "matchup")  # a data set's season is a row a game; in a two-row board
    for kind in ("kickoff", "date", "time", "week", "season"):  # a small number twice is a game's number
        if cols.of(kind) and (season_file or kind not in ("week", "season")):
            also.append((kind, cols.of(kind)[0]))
    return also


def _said(
    header: Sequence[object], col: int, words: dict[str, frozenset[str]], ways: list[list[tuple[str, int]]]
) -> list[list[tuple[str, int]]]:
    """Of two readings, the one the column's own header says (`Host gives`, `Road pts`, `Fav`, `Getting`):
    a word of one role's and none of the other's; both readings when it says neither."""
    said = _header_says(header, col, words)
    return ways if said is None else [way for way in ways if way[0][0] == said]


GIVE_WORDS = frozenset({"gives", "giving", "give", "lays", "laying"})
GET_WORDS = frozenset({"gets", "getting", "get", "takes", "taking"})


def _gives(header: Sequence[object], col: int) -> str | None:
    """Whose line a header such as `Host gives` or `Road gets` says the column is, as the role that reads
    it: the points home gives (or away gets) are home's margin, positive with home favoured; the points
    away gives (or home gets) are home's line. None when the header does not say both whose and which."""
    said = set(re.findall(r"[a-z]+", text_of(header[col]).casefold())) if col < len(header) else set()
    home, away = bool(said & HOME_WORDS), bool(said & AWAY_WORDS)
    gives, gets = bool(said & GIVE_WORDS), bool(said & GET_WORDS)
    if home == away or gives == gets:
        return None
    return "home-margin" if home == gives else "home-line"


def _as_points(rows: list[tuple[object, ...]], col: int) -> bool:
    """The column holds points given as a count (`10`, `3`; a rare `-2.5` for points got), not a line in
    its usual notation (`-6.5`, `+3`: the favourite negative): some value positive, none written with a
    plus sign."""
    cells = [r[col] for r in rows if col < len(r) and r[col] is not None]
    if any(text_of(c).strip().startswith("+") for c in cells):
        return False
    return any((n := number_of(c)) is not None and n > 0 for c in cells)


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
        if words and sum(known_team(w) for w in words) * 2 >= len(rows):
            return True
    return False


def _by_moneylines(rows: list[tuple[object, ...]], line: int, money: list[int], signed: bool) -> str | None:
    """Whose the line is, as the moneylines say on every game that has both: home-line (negative: home
    favoured), else away-line when signed (negative: away favoured) or home-margin when never signed
    (positive: home favoured; the two read alike); None when they disagree or say nothing."""
    agree = disagree = 0
    for r in rows:
        cells = [r[c] if c < len(r) else None for c in (line, *money)]
        n, away, home = number_of(cells[0]), money_of(cells[1]), money_of(cells[2])
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
