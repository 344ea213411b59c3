"""The games table: one row per game, in 1–3 columns, sized to the card's longest names and lines.

A row reads  `Sun 1:00p  ○ 101 Buffalo Bills +3½  ○ 102 Houston Texans −3½  44½  ○ 201  ○ 202`;
the bubble comes first and stays 1.5 mm clear of its number. Combo cards get a section header
per league; a dense card may group games under kickoff headers instead of a kickoff column.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.models import Card, Game
from ..core.views import game_row, short_kickoff
from .geometry import MM
from .text import BOLD, MIN_SIZE, REGULAR, widest, width

BUBBLE_MIN = 4.05 * MM  # ≥ 4 mm across
CLEAR = 1.55 * MM  # bubble to its number: ≥ 1.5 mm
GUTTER = 9.0
HEADER_H = 10.5
LABEL = 6.0  # column-header labels
STRIPE = 0.88
LEAGUE_GREY = 0.3
GROUP_GREY = 0.78


def bubble_size(s: float) -> float:
    return max(BUBBLE_MIN, 1.2 * s)


def pitch(s: float, tight: bool = False) -> float:
    """Row height at size `s`; `tight` (small cards) leaves 1 pt between bubbles instead of 2."""
    return max(1.5 * s, bubble_size(s) + (1.0 if tight else 2.0))


@dataclass(frozen=True)
class Row:
    kind: str  # "game", "league", "group"
    text: str = ""
    game: Game | None = None
    cells: dict[str, str] | None = None
    stripe: bool = False


def rows_for(card: Card, groups: bool) -> list[Row]:
    leagues = card.leagues()
    dated = [g.kickoff for g in card.games if g.kickoff is not None]
    span = (max(dated) - min(dated)).days if dated and all(type(d) is type(dated[0]) for d in dated) else 0
    with_date = span >= 6
    out: list[Row] = []
    league = group = None
    n = 0
    for g in card.games:
        if len(leagues) > 1 and g.league != league:
            league, group = g.league, None
            out.append(Row("league", g.league.upper()))
            n = 0
        cells = game_row(g, card.timezone)
        cells["kick"] = short_kickoff(g, card.timezone, with_date)
        if groups and cells["kick"] != group:
            group = cells["kick"]
            out.append(Row("group", group))
            n = 0
        out.append(Row("game", game=g, cells=cells, stripe=n % 2 == 1))
        n += 1
    return out


@dataclass(frozen=True)
class Columns:
    """The x positions (column-local) of every part of a game row at one type size."""

    s: float
    d: float
    p: float
    w: float  # column width
    kick: float
    num: float
    name: float  # room for one team name
    line: float
    total: float
    has_total: bool
    groups: bool
    stacked: bool = False  # two lines a game (away over home), for narrow cards
    least: float = MIN_SIZE  # no name or kickoff in a row is smaller (dense cards keep 8 pt)

    def xs(self) -> dict[str, float]:
        x = 0.0
        out = {}
        if not self.groups:
            out["kick"] = x
            x += self.kick + self.gap
        if self.stacked:
            out["away"] = out["home"] = x
            x += self.d + CLEAR + self.num + 2 * self.pad + self.name + self.line + self.gap
            out["over"] = out["under"] = x
            return out
        for side in ("away", "home"):
            out[side] = x
            x += self.d + CLEAR + self.num + self.pad + self.name + self.pad + self.line + self.gap
        if self.has_total:
            out["total"] = x
            x += self.total + self.gap
            out["over"] = x
            x += self.ou() + self.gap
            out["under"] = x
        return out

    @property
    def pad(self) -> float:
        """Number to name, name to line."""
        return 0.5 + 0.3 * self.s

    @property
    def gap(self) -> float:
        return 1.5 + 0.45 * self.s

    def ou(self) -> float:
        return max(self.d + CLEAR + self.num, width("UNDER", BOLD, LABEL))

    def ou_stacked(self) -> float:
        return self.d + CLEAR + self.num + self.pad + self.total

    def fixed(self) -> float:
        if self.stacked:
            f = self.d + CLEAR + self.num + 2 * self.pad + self.line
            f += (self.kick + self.gap) if not self.groups else 0
            return f + (self.gap + self.ou_stacked() if self.has_total else 0)
        f = 2 * (self.d + CLEAR + self.num + 2 * self.pad + self.line + self.gap)
        if not self.groups:
            f += self.kick + self.gap
        if self.has_total:
            f += self.total + self.gap + 2 * self.ou() + self.gap
        return f


@dataclass(frozen=True)
class Setting:
    """How the game rows are set: under league and day headings (`groups`), two lines a game (`stacked`),
    1 pt between bubbles (`tight`), no name or kickoff smaller than `least`."""

    groups: bool
    stacked: bool = False
    tight: bool = False
    least: float = MIN_SIZE


def measure(card: Card, rows: list[Row], s: float, col_w: float, how: Setting) -> Columns | None:
    """Column geometry at size `s` in a column `col_w` wide, or None when a name cannot fit at ≥ `least`."""
    groups, stacked, tight, least = how.groups, how.stacked, how.tight, how.least
    games = [r.cells for r in rows if r.kind == "game" and r.cells is not None]
    d = bubble_size(s)
    ks = max(least, s - 1)
    kick = max(widest([c["kick"] for c in games], REGULAR, ks), width("TIME", BOLD, LABEL))
    nums = [c[k] for c in games for k in ("away_no", "home_no", "over_no", "under_no") if c[k]]
    num = widest(nums, BOLD, s)
    line = max(
        widest([c[k] for c in games for k in ("away_line", "home_line")], BOLD, s), width("LINE", BOLD, LABEL)
    )
    has_total = any(c["total"] for c in games)
    total = max(widest([c["total"] for c in games] + ["OFF"], BOLD, s), width("O/U", BOLD, LABEL))
    if stacked:
        total = max(
            widest([f"{o} {c[k]}" for c in games for o, k in OVER_UNDER] + ["OFF"], BOLD, s),
            width("TOTAL", BOLD, LABEL),
        )
        kick = max(
            widest([p for c in games for p in kick_lines(c["kick"])], REGULAR, ks),
            width("TIME", BOLD, LABEL),
        )
    cols = Columns(
        s, d, pitch(s, tight), col_w, kick, num, 0.0, line, total, has_total, groups, stacked, least
    )
    room = (col_w - cols.fixed()) / (1 if stacked else 2)
    if room < width("HOME", BOLD, LABEL):
        return None
    floor = max(least, 0.85 * s)
    names = [c["away"] for c in games] + [c["home"] for c in games]
    if widest(names, REGULAR, floor) > room:
        return None
    return Columns(
        s, d, pitch(s, tight), col_w, kick, num, room, line, total, has_total, groups, stacked, least
    )


OVER_UNDER = (("O", "over_total"), ("U", "under_total"))  # a teased total prints the over's and the under's


def kick_lines(kick: str) -> tuple[str, str]:
    """`Sun 1:00p` → (`Sun`, `1:00p`); `Sun 11/23 1:00p` → (`Sun 11/23`, `1:00p`)."""
    head, _, tail = kick.rpartition(" ")
    return (head, tail) if head else (kick, "")


def weight(r: Row, stacked: bool) -> int:
    return 2 if stacked and r.kind == "game" else 1


def split(
    rows: list[Row], k: int, capacity: int, groups: bool, stacked: bool = False
) -> list[list[Row]] | None:
    """Rows into at most `k` columns of at most `capacity` lines, balanced, no header left last."""
    if capacity < 2:
        return None
    target = min(capacity, math.ceil(sum(weight(r, stacked) for r in rows) / k))
    cols: list[list[Row]] = [[]]
    current_group: Row | None = None
    current_league: Row | None = None
    for r in rows:
        col = cols[-1]
        used = sum(weight(x, stacked) for x in col)
        w = weight(r, stacked)
        full = used + w > capacity or (
            len(cols) < k and (used + w > target or (r.kind != "game" and used >= target - 1))
        )
        if full and col:
            cols.append([])
            if len(cols) > k:
                return None
            col = cols[-1]
            if r.kind != "league" and current_league is not None:
                col.append(Row("league", current_league.text + " (cont.)"))
            if groups and r.kind == "game" and current_group is not None:
                col.append(Row("group", current_group.text + " (cont.)"))
        if r.kind == "group":
            current_group = r
        elif r.kind == "league":
            current_group, current_league = None, r
        col.append(r)
    if any(sum(weight(x, stacked) for x in c) > capacity for c in cols):
        return None
    return cols


def capacity(height: float, s: float, tight: bool = False) -> int:
    return int((height - HEADER_H - 0.6) // pitch(s, tight))
