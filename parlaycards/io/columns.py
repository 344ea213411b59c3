"""How each column of a lines sheet was read: used (and as what), ignored, or refused.

Every non-empty header cell is either read by the sheet's layout or named as ignored in the import's
summary. A column the layout does not read but that can change which team gives the points or which is
at home (Favorite, Underdog, Fav/Dog, at/vs, @, Site, Neutral, Home, Away …, by its header or by its
values) refuses the import: reading the sheet without it could print every such game the wrong way round.
A column of values without a header is read as the at/vs column when it sits between Away and Home and
holds only at, @, vs or N; otherwise it is ignored (and named), or refused when its values name a side.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import Source
from .sheets import Problem, column_letter, header_key, text_of
from .table import Draft, Layout, Table
from .words import SITE_AT, SITE_NEUTRAL

# Header words that always speak of a side: a column headed so is read or the import is refused.
SIDE_WORDS = frozenset(
    {
        "fav",
        "favs",
        "favorite",
        "favourite",
        "favorites",
        "favourites",
        "underdog",
        "underdogs",
        "dog",
        "dogs",
        "neutral",
        "neut",
        "site",
    }
)
# Words that speak of a side when a header has nothing else: `at/vs`, `H/A`, `Home`, `@`, `F/D`.
SIDE_ALONE = frozenset(
    {
        "at",
        "vs",
        "v",
        "@",
        "n",
        "ns",
        "h",
        "a",
        "home",
        "away",
        "visitor",
        "visitors",
        "visiting",
        "road",
        "f",
        "d",
        "fd",
        "team",
        "teams",
        "side",
        "host",
    }
)
# Cell values that name a side (a Venue or Location column of stadiums is ignored, and named; of "N" or
# "neutral", refused).
SIDE_VALUES = (
    SITE_AT
    | SITE_NEUTRAL
    | frozenset(
        {"home", "away", "h", "fav", "dog", "favorite", "favourite", "underdog", "f", "d", "road", "visitor"}
    )
)


@dataclass(frozen=True)
class ColumnUse:
    """One column of a sheet's header: its letter, its header as written, and what it was read as (None:
    ignored)."""

    letter: str
    header: str
    read_as: str | None

    def __str__(self) -> str:
        head = f'"{self.header}"' if self.header else "(no header)"
        return f"{self.letter} {head} → {self.read_as or 'ignored'}"


@dataclass(frozen=True)
class SheetReading:
    """How one sheet was read: its layout, header row and columns."""

    sheet: str | None
    layout: str
    header_row: int
    columns: tuple[ColumnUse, ...]

    def ignored(self) -> tuple[ColumnUse, ...]:
        return tuple(c for c in self.columns if c.read_as is None)

    def __str__(self) -> str:
        where = f'sheet "{self.sheet}"' if self.sheet else "the file"
        return (
            f"{where}, header row {self.header_row}, {self.layout} layout: "
            + "; ".join(str(c) for c in self.columns)
            + "."
        )


def adopt_headerless(table: Table, layout: Layout) -> None:
    """Read a header-less column of at / vs marks between the Away and Home columns as the at/vs column."""
    if "site" not in {c.name for c in layout.columns} or table.has("site"):
        return
    ends = [table.columns[n] for n in ("away", "home", "favorite", "underdog") if n in table.columns]
    if len(ends) < 2:
        return
    low, high = min(ends), max(ends)
    for col in _headerless(table):
        values = _values(table, col)
        if low < col < high and values and all(_norm(v) in SITE_AT | SITE_NEUTRAL for v in values):
            table.columns["site"] = col
            return


def _unread(
    table: Table, layout: Layout, col: int, written: str, values: list[str], teams: set[str], mapped: bool
) -> tuple[list[Problem], list[Problem]]:
    """A column with a header or values that the layout does not read: a twin of a column read, or one
    that says which side is home or favourite, refuses the import; one of values with no header is a
    warning."""
    header = table.sheet.rows[table.header_row - 1]
    bad: list[Problem] = []
    note: list[Problem] = []
    why = _side_header(written) or _side_values(values, teams)
    letter = column_letter(col)
    twin = None if mapped else _twin(layout, table, written)
    where = Source(
        file=table.file,
        sheet=table.sheet.name,
        row=table.header_row,
        column=letter,
        cell=f"{letter}{table.header_row}",
    )
    if twin is not None:
        other, name = twin
        bad.append(
            Problem(
                where,
                f'column {letter} ("{written}") and column {column_letter(other)} '
                f'("{text_of(header[other])}") are both headed as {layout.meaning(name, table)}, so which one '
                "holds it is not clear and nothing was imported. Keep one of them, or rename the other "
                '(e.g. "Open" for an opening line).',
            )
        )
    elif why:
        what = f'column {letter} ("{written}")' if written else f"column {letter} (no header)"
        bad.append(
            Problem(
                where,
                f"{what} {why}, and the {layout.name} layout does not read it: reading "
                "the sheet without it could print games with the wrong favourite or home team, "
                f"so nothing was imported. " + (MAPPED_HELP if mapped else layout.side_help()),
            )
        )
    elif not written:
        shown = ", ".join(f'"{v}"' for v in values[:3])
        note.append(
            Problem(
                where,
                f"column {letter} has values ({shown}) but no header; it was not read. "
                "Give it a header if it matters.",
            )
        )
    return bad, note


def read_columns(
    table: Table,
    layout: Layout,
    drafts: tuple[Draft, ...],
    *,
    choosers: dict[int, str] | None = None,
    mapped: bool = False,
) -> tuple[SheetReading, list[Problem], list[Problem]]:
    """The sheet's reading, the columns that refuse the import, and the ignored columns with values but no
    header (warnings). `choosers`: the Week and Season columns that chose the week read (said so, not
    ignored); `mapped`: the columns were named by --map, so a header that would name another column read
    (`Line` beside the mapped `Pts`) is no twin: the operator chose."""
    header = table.sheet.rows[table.header_row - 1]
    used = {col: name for name, col in table.columns.items()}
    teams = {header_key(t) for d in drafts for t in (d.away, d.home)}
    uses: list[ColumnUse] = []
    refused: list[Problem] = []
    warnings: list[Problem] = []
    width = max((len(r) for r in table.sheet.rows[table.header_row - 1 :]), default=0)
    for col in range(width):
        written = text_of(header[col]) if col < len(header) else ""
        values = _values(table, col)
        if col in used:
            meaning = layout.meaning(used[col], table)
            if used[col] in PRICED and any(_priced(v) for v in values):
                meaning += ", the prices after them (-110) not stored: a card prints none"
            uses.append(ColumnUse(column_letter(col), written, meaning))
            continue
        if choosers and col in choosers:
            uses.append(ColumnUse(column_letter(col), written, choosers[col]))
            continue
        if not written and not values:
            continue
        uses.append(ColumnUse(column_letter(col), written, None))
        bad, note = _unread(table, layout, col, written, values, teams, mapped)
        refused += bad
        warnings += note
    block = None if mapped else _second_block(table)
    if block is not None:
        refused = [block]  # one refusal, in place of a twin for every column of the second block
    return SheetReading(table.sheet.name, layout.name, table.header_row, tuple(uses)), refused, warnings


PRICED = ("spread", "away_line", "line", "total")
MAPPED_HELP = (
    "Map it too (⟨map⟩ favourite=…, underdog=…, site=… or neutral=…, by its letter), or delete the column "
    "if the mapped columns already say it."
)


def _priced(text: str) -> bool:
    """A line or total written with its price: `+5.5 (-110)`, `O 44.5 -110`."""
    from ..core.lines import LineError, parse_spread, parse_total

    for parse in (parse_spread, parse_total):
        try:
            if parse(text).price is not None:
                return True
        except LineError:
            continue
    return False


TWIN_REFUSED = ("spread", "away_line", "line", "total")  # two columns for one of these: which is the line?


def _twin(layout: Layout, table: Table, written: str) -> tuple[int, str] | None:
    """The column read for a line or total that an unread header also names (`Spread` beside `Line`), and
    the column's name; None when the header names none of them."""
    key = header_key(written)
    header = table.sheet.rows[table.header_row - 1]
    for name, col in table.columns.items():  # the very header of a column read, written again (Away, Away)
        if key and col < len(header) and header_key(header[col]) == key:
            return col, name
    for column in layout.columns:
        if column.name in TWIN_REFUSED and table.has(column.name) and key in column.keys():
            return table.columns[column.name], column.name
    return None


def _second_block(table: Table) -> Problem | None:
    """Games side by side (a bookmaker's export): columns right of every column read repeat the headers of
    the Away, Home and line columns read (as written, or with a word before them: `Open Visitor`). Reading one
    block would leave the other's games out, so the import is refused with advice that keeps them all."""
    header = [header_key(h) for h in table.sheet.rows[table.header_row - 1]]
    read = sorted(table.columns.values())
    if "away" not in table.columns or "home" not in table.columns or not read:
        return None
    keys = {header[c] for c in read if c < len(header) and header[c]}
    again = [
        c for c in range(read[-1] + 1, len(header)) if header[c] and any(header[c].endswith(k) for k in keys)
    ]
    lined = [n for n in ("spread", "away_line", "home_margin", "line") if n in table.columns]
    ends = {header[table.columns[n]] for n in ("away", "home", *lined[:1]) if table.columns[n] < len(header)}
    if not lined or not all(any(header[c].endswith(k) for c in again) for k in ends):
        return None
    first, last = column_letter(read[0]), column_letter(read[-1])
    here, there = column_letter(again[0]), column_letter(again[-1])
    where = Source(
        file=table.file, sheet=table.sheet.name, row=table.header_row, cell=f"{here}{table.header_row}"
    )
    return Problem(
        where,
        f"columns {here} to {there} repeat the headers of columns {first} to {last}: the sheet has two games "
        "to a row, side by side, and reading one side would leave the other's games out, so nothing was "
        f"imported. Move the games in columns {here} to {there} below the first side's (one game to a row, "
        f"in columns {first} to {last}) and import again.",
    )


def _headerless(table: Table) -> list[int]:
    header = table.sheet.rows[table.header_row - 1]
    width = max((len(r) for r in table.sheet.rows[table.header_row - 1 :]), default=0)
    return [
        c
        for c in range(width)
        if not (c < len(header) and text_of(header[c])) and c not in table.columns.values()
    ]


def _values(table: Table, col: int) -> list[str]:
    """The column's values in the rows below the header, less heading rows (one cell only)."""
    rows = [r for r in table.sheet.rows[table.header_row :] if sum(v is not None for v in r) >= 2]
    return [text_of(r[col]) for r in rows if col < len(r) and text_of(r[col])]


def _norm(text: str) -> str:
    return re.sub(r"[.\s]+", " ", text.casefold()).strip()


def _side_header(header: str) -> str | None:
    words = re.findall(r"[a-z@]+", header.casefold())
    if not words:
        return None
    if any(w in SIDE_WORDS for w in words) or all(w in SIDE_ALONE for w in words):
        return "names a favourite, an underdog, a home team or a site"
    return None


def _side_values(values: list[str], teams: set[str]) -> str | None:
    if not values:
        return None
    if all(_norm(v) in SIDE_VALUES or header_key(v) in teams for v in values):
        return "holds " + ", ".join(f'"{v}"' for v in list(dict.fromkeys(values))[:3]) + ", which name a side"
    return None
