"""Season standings of pick'em pools: weekly scores added up per entrant (SETTLEMENT.md §5)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from .frozen import Frozen
from .pickem import NIL, name_key
from .pickem_week import WeekReport


class SeasonRow(Frozen):
    place: int
    tied: int
    name: str
    total: Decimal
    weeks: tuple[Decimal | None, ...]  # one per pool of the season, None: no entry that week
    played: int
    weekly_wins: int  # weeks finished in 1st place (shared or not)
    winnings: Decimal


class SeasonReport(Frozen):
    season: str
    pools: tuple[str, ...]
    rows: tuple[SeasonRow, ...]
    notes: tuple[str, ...]


def season_standings(season: str, weeks: Sequence[WeekReport]) -> SeasonReport:
    """Add up each entrant's weekly scores (a week without an entry adds 0) and rank by the total.

    Entrants are matched by name, ignoring case and spacing; the latest week's spelling is shown.
    Equal totals share the place (no season tiebreaker)."""
    names: dict[str, str] = {}
    scores: dict[str, list[Decimal | None]] = {}
    wins: dict[str, int] = {}
    money: dict[str, Decimal] = {}
    notes: list[str] = []
    for i, week in enumerate(weeks):
        played = week.final or any(not r.cancelled for r in week.results)
        if not played:
            notes.append(
                f"{week.pool.slug} has no game final yet: it counts no weekly win and no winnings until one is."
            )
        elif not week.final:
            notes.append(f"{week.pool.slug} is not final: its scores may still change.")
        for s in week.standings:
            k = name_key(s.name)
            names[k] = s.name
            row = scores.setdefault(k, [None] * len(weeks))
            row[i] = s.score
            wins[k] = wins.get(k, 0) + (1 if s.place == 1 and played else 0)
            money[k] = money.get(k, NIL) + (s.prize if played else NIL)
    totals = {k: sum((x for x in row if x is not None), NIL) for k, row in scores.items()}
    order = sorted(scores, key=lambda k: (-totals[k], k, names[k]))
    rows: list[SeasonRow] = []
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and totals[order[j]] == totals[order[i]]:
            j += 1
        for k in order[i:j]:
            row = scores[k]
            rows.append(
                SeasonRow(
                    place=i + 1,
                    tied=j - i,
                    name=names[k],
                    total=totals[k],
                    weeks=tuple(row),
                    played=sum(1 for x in row if x is not None),
                    weekly_wins=wins[k],
                    winnings=money[k],
                )
            )
        i = j
    return SeasonReport(
        season=season, pools=tuple(w.pool.slug for w in weeks), rows=tuple(rows), notes=tuple(notes)
    )
