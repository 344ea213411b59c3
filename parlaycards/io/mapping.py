"""Columns mapped by hand (`import FILE --map away=B --map home=D --map home-line=F`): the way through for a
sheet whose header names no layout.

A mapping names each column's role, by letter (`B`) or by its header as written (`"Visiting club"`). It is
turned into the very columns a detected layout would have found (one-row-per-game, Favorite / Line /
Underdog, or the two-rows-a-game board), and the sheet is then read by that layout's own reader, with the
same checks and the same summary: a mapping is never a second reader. Parsing it is pure; `resolve` looks
at one sheet's rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core.errors import ParlayError, Source, option
from .map_header import column_index, columns_listed, is_letter, mapped_header_row, shown
from .sheets import Sheet, column_letter, header_key, text_of

# role as typed → the column's name in the layouts (None: `spread`, whose meaning --favourite-by says)
ROLES: dict[str, str | None] = {
    "away": "away",
    "home": "home",
    "home-line": "spread",
    "away-line": "away_line",
    "home-margin": "home_margin",
    "spread": None,
    "favourite": "favorite",
    "favorite": "favorite",
    "underdog": "underdog",
    "line": "line",
    "total": "total",
    "kickoff": "kickoff",
    "date": "date",
    "time": "time",
    "league": "league",
    "neutral": "neutral",
    "site": "site",
    "away-ml": "away_ml",
    "home-ml": "home_ml",
    "team": "team",
    "rot": "rot",
    "money": "money",
    "matchup": "matchup",
    "week": "week",
    "season": "season",
}
FAVOURITE_BY = ("sign", "margin")
LINE_ROLES = ("home-line", "away-line", "home-margin", "spread", "line")
WHEN = {"kickoff", "date", "time", "league", "neutral", "week", "season"}
CHOOSERS = ("week", "season")  # columns that choose a season file's week, read before any layout
READ_BY = {  # the roles each layout reads (a role it does not read is refused, never listed as read)
    "one row": set(ROLES) - {"team", "rot", "money", "matchup"},
    "matchup": set(ROLES) - {"team", "rot", "money", "away", "home", "site"},
    "favourite": {"favourite", "favorite", "underdog", "line", "spread", "total", "site"} | WHEN,
    "two rows": {"team", "rot", "spread", "line", "total", "money"} | WHEN,
}
ACCEPTED = (
    "Map each column as ROLE=COLUMN, the column by letter (B) or by its header as written: away, home, "
    "home-line (home's line, favourite negative), away-line, home-margin (positive: home favoured), spread "
    f"(with {option('favourite_by')} sign or margin, or with a favourite or underdog column), favourite, "
    "underdog, line (the points the favourite gives), total, kickoff, date, time, league, neutral, site, "
    "away-ml, home-ml, week, season; matchup (both teams in one cell, Away at Home) in place of away and "
    "home; for two rows a game: team, rot, spread or line, total, money."
)


@dataclass(frozen=True)
class ColumnMap:
    """Roles and the column each is in, as typed (`B` or a header); `headers`: for a saved layout, the
    header each column had when it was saved, checked against the file it is used on."""

    roles: tuple[tuple[str, str], ...]
    favourite_by: str | None = None
    headers: tuple[tuple[str, str], ...] = ()
    saved_as: str | None = None

    def refs(self) -> dict[str, str]:
        return dict(self.roles)

    def command(self) -> str:
        """The options that give this mapping, as typed on the command line."""
        parts = [f"{option('map')} {role}={_quoted(ref)}" for role, ref in self.roles]
        if self.favourite_by:
            parts.append(f"{option('favourite_by')} {self.favourite_by}")
        return " ".join(parts)


def parse_map(items: Sequence[str], favourite_by: str | None = None) -> ColumnMap:
    """`["away=B", "home=Home team", …]` as a ColumnMap; ParlayError naming the item that does not read."""
    roles: list[tuple[str, str]] = []
    for item in items:
        role, sep, ref = item.partition("=")
        role, ref = role.strip().casefold().replace("_", "-"), ref.strip()
        if not sep or not ref:
            raise ParlayError(f'{option("map")} "{shown(item)}" is not ROLE=COLUMN (away=B). {ACCEPTED}')
        if role not in ROLES:
            raise ParlayError(
                f'{option("map")} "{shown(item)}": there is no role "{shown(role)}". {ACCEPTED}'
            )
        if role in dict(roles):
            raise ParlayError(
                f"{option('map')} maps {role} twice ({shown(dict(roles)[role])} and {shown(ref)}). Map it once."
            )
        roles.append((role, ref))
    if favourite_by is not None and favourite_by.casefold() not in FAVOURITE_BY:
        raise ParlayError(
            f'{option("favourite_by")} "{shown(favourite_by)}" is not a way to tell the favourite. Accepted: sign '
            "(the spread is home's line, the favourite negative: -3 means home gives 3) or margin (the home "
            "team's expected margin: +3 means home gives 3)."
        )
    return ColumnMap(tuple(roles), favourite_by.casefold() if favourite_by else None)


@dataclass(frozen=True)
class Resolved:
    """A mapping on one sheet: its header row, the layout that reads it ("one row", "favourite",
    "two rows") and the layout's column names with their index."""

    header_row: int
    kind: str
    columns: dict[str, int]
    by_role: dict[str, int]  # role as typed → its column (what a saved layout keeps, by letter)


def resolve(file: str, sheet: Sheet, mapping: ColumnMap) -> Resolved:
    """Where each mapped column is in `sheet`, its header row, and which layout reads it; a ParlayError
    naming the column, role or header that does not fit."""
    where = Source(file=file, sheet=sheet.name)
    refs = mapping.refs()
    kind = _kind(refs, mapping.favourite_by, where)
    _check_roles(refs, kind, mapping.favourite_by, where)
    width = max((len(r) for r in sheet.rows), default=0)
    named = {role: ref for role, ref in refs.items() if not is_letter(ref, width)}
    header_row = mapped_header_row(file, sheet, refs, named, width)
    cols = {
        role: _column(sheet, header_row, role, ref, role in named, width, where) for role, ref in refs.items()
    }
    taken: dict[int, str] = {}
    for role, col in cols.items():
        if col in taken:
            raise ParlayError(
                f"{option('map')} gives column {column_letter(col)} two roles ({taken[col]} and {role}). A "
                "column holds one thing: map each role to its own column.",
                where,
            )
        taken[col] = role
    _check_saved(file, sheet, header_row, cols, mapping)
    columns = {_name(role, kind, refs, mapping.favourite_by): col for role, col in cols.items()}
    return Resolved(header_row, kind, columns, cols)


def _check_roles(refs: Mapping[str, str], kind: str, favourite_by: str | None, where: Source) -> None:
    """Every role mapped is one the layout reads; --favourite-by only with a spread column."""
    stray = [role for role in refs if role not in READ_BY[kind]]
    if stray:
        what = {
            "one row": "one row a game",
            "matchup": "one row a game with both teams in one cell",
            "favourite": "Favorite / Line / Underdog",
            "two rows": "two rows a game",
        }
        raise ParlayError(
            f"{option('map')} {stray[0]}=… is not read in a sheet of {what[kind]} (as the other roles make "
            f"it). That layout reads: {', '.join(r for r in ROLES if r in READ_BY[kind])}.",
            where,
        )
    if favourite_by and "spread" not in refs:
        raise ParlayError(
            f"{option('favourite_by')} says whose sign a spread column's is, and no column is mapped as the "
            f"spread: add {option('map')} spread=… (or leave {option('favourite_by')} out).",
            where,
        )


def _column(
    sheet: Sheet, header_row: int, role: str, ref: str, by_header: bool, width: int, where: Source
) -> int:
    """The column a role is mapped to: by its header as written (one column so headed), else by letter."""
    if by_header:
        header = sheet.rows[header_row - 1]
        hits = [i for i, v in enumerate(header) if header_key(v) == header_key(ref)]
        if len(hits) > 1:
            raise ParlayError(
                f'{option("map")} {role}="{shown(ref)}": columns {column_letter(hits[0])} and '
                f"{column_letter(hits[1])} are both headed so. Name the column by its letter "
                f"({role}={column_letter(hits[0])} or {role}={column_letter(hits[1])}).",
                where,
            )
        return hits[0]
    col = column_index(ref)
    if col >= width:
        raise ParlayError(
            f"{option('map')} {role}={ref}: the sheet has no column {ref.upper()} (its last is "
            f"{column_letter(width - 1) if width else 'none'}). {columns_listed(sheet, header_row)}",
            where,
        )
    return col


def _kind(refs: Mapping[str, str], favourite_by: str | None, where: Source) -> str:
    lines = [r for r in LINE_ROLES if r in refs]
    if "team" in refs:
        if not ({"spread", "line"} & set(refs)):
            raise ParlayError(
                f"{option('map')} team=… reads two rows a game and needs the line too: add {option('map')} spread=… "
                f"(each team's line) or {option('map')} line=… (the spread on the favourite's row, the total on the "
                "other).",
                where,
            )
        return "two rows"
    if "matchup" in refs:
        if "away" in refs or "home" in refs:
            raise ParlayError(
                f"{option('map')} matchup=… holds both teams (Away at Home), so away=… and home=… are not "
                "mapped with it: leave them out.",
                where,
            )
        _whose_line(refs, favourite_by, where)
        return "matchup"  # its line in a column, or after its team in the cell (Chiefs -3 vs Bills)
    if "away" in refs or "home" in refs:
        missing = [r for r in ("away", "home") if r not in refs]
        if missing:
            raise ParlayError(f"{option('map')} needs {missing[0]}=… too: a game has two teams.", where)
        if not lines:
            raise ParlayError(
                f"{option('map')} names the teams but no line: add {option('map')} home-line=… (home's line, "
                "the favourite negative), away-line=…, home-margin=…, or spread=… with "
                f"{option('favourite_by')} sign.",
                where,
            )
        _whose_line(refs, favourite_by, where)
        return "one row"
    if ({"favourite", "favorite"} & set(refs)) and "underdog" in refs:
        if not ({"line", "spread"} & set(refs)):
            raise ParlayError(f"{option('map')} needs line=… too: the points the favourite gives.", where)
        return "favourite"
    raise ParlayError(
        f"{option('map')} must name the teams: away=… and home=… (one row a game), favourite=… and "
        f"underdog=… with line=…, or team=… (two rows a game). {ACCEPTED}",
        where,
    )


def _whose_line(refs: Mapping[str, str], favourite_by: str | None, where: Source) -> None:
    """A row-a-game line column that does not say whose it is (line=… or spread=… alone) is refused."""
    sided = {"favourite", "favorite", "underdog"} & set(refs)
    if "line" in refs and not sided:
        raise ParlayError(
            f"{option('map')} line=… is the points the favourite gives, and no column names the favourite: "
            f"map it too ({option('map')} favourite=…), or map the column as home-line=… if it holds home's "
            "line (the favourite negative).",
            where,
        )
    if "spread" in refs and not favourite_by and not sided:
        raise ParlayError(
            f"{option('map')} spread=… does not say whose line it is: add {option('favourite_by')} sign "
            "(home's line, the favourite negative: -3 means home gives 3) or "
            f"{option('favourite_by')} margin (the home team's expected margin: +3 means home gives 3), "
            f"or map the favourite's column ({option('map')} favourite=…).",
            where,
        )


def _name(role: str, kind: str, refs: Mapping[str, str], favourite_by: str | None) -> str:
    """The column's name in the layout that reads it."""
    if role in ("favourite", "favorite"):
        return "favorite"
    if role in CHOOSERS or role == "matchup":
        return role
    if kind == "two rows" or kind == "favourite":
        return "line" if role in ("line", "spread") and kind == "favourite" else str(ROLES[role] or "spread")
    if role == "spread":
        return "home_margin" if favourite_by == "margin" else "spread"
    if role == "line":  # with a favourite column: the points it gives
        return "spread"
    return str(ROLES[role])


def _check_saved(
    file: str, sheet: Sheet, header_row: int, cols: Mapping[str, int], mapping: ColumnMap
) -> None:
    """A saved layout fits this week's file only if every column it reads still has its header."""
    header = sheet.rows[header_row - 1]
    for role, was in mapping.headers:
        col = cols.get(role)
        if col is None:
            continue
        now = text_of(header[col]) if col < len(header) else ""
        if header_key(now) != header_key(was):
            letter = column_letter(col)
            raise ParlayError(
                f'the saved layout "{mapping.saved_as}" reads column {letter} as {role}, headed "{was}" when it '
                f"was saved, but here column {letter} is "
                + (f'headed "{now}"' if now else "not headed")
                + ", so the file is not of the same shape and nothing was imported. Map its columns again "
                f"with {option('map')} (and {option('save_layout')} {mapping.saved_as} to replace the saved one).",
                Source(
                    file=file, sheet=sheet.name, row=header_row, column=letter, cell=f"{letter}{header_row}"
                ),
            )


def _quoted(ref: str) -> str:
    import shlex

    return shlex.quote(ref)


def as_saved(mapping: ColumnMap, resolved: Resolved, sheet: Sheet) -> ColumnMap:
    """The mapping by column letter, with each column's header as this file has it (what a saved layout
    keeps)."""
    header = sheet.rows[resolved.header_row - 1]
    return ColumnMap(
        tuple((role, column_letter(col)) for role, col in resolved.by_role.items()),
        mapping.favourite_by,
        tuple(
            (role, text_of(header[col]) if col < len(header) else "")
            for role, col in resolved.by_role.items()
        ),
    )
