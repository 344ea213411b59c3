"""Which of two team columns is home, by how the sheet marks it: CAPITALS, `@Packers`, `at Green Bay`,
`*Packers`, `Packers (H)`."""

from __future__ import annotations

from .sheets import text_of
from .words import side_marked


def capitals_mark_home(rows: list[tuple[object, ...]], a: int, b: int) -> bool:
    """Home written in CAPITALS or marked (`@Packers`, `at Green Bay`, `*Packers`, `Packers (H)`), now in
    one column and now in the other: the columns are favourite and underdog, not away and home (which
    one is which the line's sign may say)."""
    sides = {
        (c == b)
        for r in rows
        if max(a, b) < len(r)
        for c in (a, b)
        if home_mark(text_of(r[c])) and not home_mark(text_of(r[b if c == a else a]))
    }
    return len(sides) == 2


def marked_side(rows: list[tuple[object, ...]], a: int, b: int) -> int | None:
    """The one of two team columns that holds every home mark (CAPITALS, `@Packers`, `Packers (H)`), None
    when neither, or both, hold them."""
    marked = {
        c
        for r in rows
        if max(a, b) < len(r)
        for c in (a, b)
        if home_mark(text_of(r[c])) and not home_mark(text_of(r[b if c == a else a]))
    }
    return next(iter(marked)) if len(marked) == 1 else None


def home_mark(name: str) -> bool:
    letters = [ch for ch in name if ch.isalpha()]
    return (len(letters) > 4 and all(ch.isupper() for ch in letters)) or side_marked(name)[1] == "home"
