"""A line written without a sign ("3.5") in a home's-line column: whose line it is is never assumed.

A column that writes its other positive lines with a plus sign ("+3 1/2") and leaves one bare does not say
whether the bare one is home's line or the points the favourite gives, so that cell refuses the import with
the choices (sign it, name the team giving the points, or `--map` with `--favourite-by`). It is read as the
header says when the operator's `--map` chose the convention, when the row's moneylines say who is favoured
(checked against the line later), or when the column writes no line with a plus sign at all.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.errors import option
from ..core.lines import is_signed
from .rotation import money
from .sheets import text_of
from .table import Table


def bare_line(table: Table, row: int, away: str, home: str) -> str | None:
    """The refusal for the row's unsigned line in the `spread` column, or None when it is read as headed."""
    value = table.get(row, "spread")
    if not isinstance(value, str) or is_signed(value) or _told(table, row):
        return None
    written, letter = text_of(value), table.source(row, "spread").column
    return (
        f'{away} at {home}: the line "{written}" has no sign, so whose line it is (and who gives the points) '
        f'is not said. Write it with its sign as {home}\'s line ("-{written}": {home} gives the points; '
        f'"+{written}": {away} gives them), or name the team giving them ("{away} {written}"); or import with '
        f"{option('map')} spread={letter} (with the other columns) {option('favourite_by')} sign (home's line, "
        "the favourite negative) or margin (positive when home is favoured)."
    )


def _told(table: Table, row: int) -> bool:
    """Whose an unsigned line is, told: by the operator's --map, by the row's moneylines, or by the column
    itself when it writes no line with a plus sign (its positive lines are all bare, as it says)."""
    away, home = money(table.get(row, "away_ml")), money(table.get(row, "home_ml"))
    return table.mapped or (away is not None and home is not None and away != home) or not _plus_signed(table)


@lru_cache(maxsize=4)
def _plus_signed(table: Table) -> bool:
    """The line column writes some line with a plus sign ("+3 1/2"): a bare one beside it is not its way."""
    return any(text_of(table.get(r, "spread")).strip().startswith("+") for r in table.rows())
