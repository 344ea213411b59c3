"""Selection numbers: rotation style, visitor odd then home even; totals a hundred block above.

A fresh card of 16 games gets 101/102 … 131/132 for the sides and 201/202 … 231/232 for
over/under. Numbers already on a card never move: games added later take the next free pair.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .models import SelectionNumbers


def _block(sides: int) -> int:
    return 100 * max(1, -(-sides // 100))


def assign(
    has_total: Sequence[bool], existing: Iterable[SelectionNumbers] = (), start: int = 101
) -> list[SelectionNumbers]:
    """Numbers for new games (one flag per game: does it have a total?), clear of `existing`."""
    existing = list(existing)
    used = {n for e in existing for n in e.all()}
    offsets = [e.over - e.away for e in existing if e.over is not None]
    offset = offsets[0] if offsets else _block(2 * (len(existing) + len(has_total)))
    side_numbers = [e.away for e in existing] + [e.home for e in existing]
    nxt = max(side_numbers) + 1 if side_numbers else start
    if nxt % 2 == 0:
        nxt += 1
    out: list[SelectionNumbers] = []
    for total in has_total:
        while True:
            away, home = nxt, nxt + 1
            candidates = {away, home} | ({away + offset, home + offset} if total else set())
            if not candidates & used:
                break
            nxt += 2
        numbers = SelectionNumbers(
            away=away,
            home=home,
            over=away + offset if total else None,
            under=home + offset if total else None,
        )
        used |= set(numbers.all())
        out.append(numbers)
        nxt += 2
    return out


def totals_for(away: int, home: int, used: set[int], offset: int = 100) -> tuple[int, int]:
    """Over/under numbers for a game whose side numbers come from a sheet's rotation numbers."""
    while away + offset in used or home + offset in used:
        offset += 100
    return away + offset, home + offset
