"""The pick'em sheet: every game with a box for each side (and its spread), the tiebreaker, a name line.

Page coordinates on a full page (the template's page, inside its safe margin).
"""

from __future__ import annotations

from ..core.errors import ParlayError
from ..core.lines import format_spread
from ..core.models import Card, Game
from ..core.money import dollars
from ..core.pickem import PickemPool
from ..core.text import moment
from ..core.views import short_kickoff
from .geometry import CELL, MM, Box, Rect, Rule, Shade
from .templates import Template
from .text import BOLD, REGULAR, cell, fit_size, width

BOX = 4.5 * MM


def terms_text(card: Card, pool: PickemPool | None) -> str:
    """What an entrant must know before handing a sheet in: the deadline, the fee and the prizes."""
    parts = []
    if card.rules.cutoff is not None:
        parts.append(f"In by {moment(card.rules.cutoff, card.timezone, ' ')}")
    else:
        first = min((g for g in card.games if not g.off and g.kickoff is not None), key=_sort, default=None)
        if first is not None:
            parts.append(f"In before the first kickoff, {short_kickoff(first, card.timezone, True)}")
    if pool is not None:
        if pool.fee:
            parts.append(f"Entry {dollars(pool.fee)}")
        shares = [str(p) for p in pool.prizes]
        if shares == ["100%"]:
            parts.append("Winner takes the pot" if pool.fee else "")
        else:
            places = ", ".join(f"{_ordinal(i)} {p}" for i, p in enumerate(shares, 1))
            parts.append(f"Prizes: {places}" + (" of the pot" if any("%" in p for p in shares) else ""))
    return " · ".join(p for p in parts if p)


def _sort(game: Game) -> str:
    return game.kickoff.isoformat() if game.kickoff is not None else "9999"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def side_label(game: Game, side: str, straight_up: bool = False) -> str:
    """`101 Chicago Bears +3½`, `102 at Green Bay Packers -3½`; a neutral site's home team is `vs`, not
    `at`; straight-up, no line."""
    if side == "away":
        number, team, line = game.numbers.away, game.away, format_spread(-game.spread)
    else:
        number, line = game.numbers.home, format_spread(game.spread)
        team = f"{'vs' if game.neutral else 'at'} {game.home}"
    return f"{number} {team}" + ("" if straight_up else f" {line}")


def _game_row(g: Game, row: Rect, size: float, tz: str, straight_up: bool) -> list[Box]:
    """One game's row of the sheet: its kickoff, then a box to tick and the team's name for each side."""
    x0, ry, col_w, pitch = row.x, row.y, row.w, row.h
    ks = max(6.0, size - 1.5)
    kw = width("Sun 12:00p", REGULAR, ks) + 6
    out: list[Box] = [cell(x0 + 2, ry + (pitch - CELL * ks) / 2, short_kickoff(g, tz, False), REGULAR, ks)]
    half = (col_w - kw - 4) / 2
    for j, side in enumerate(("away", "home")):
        bx = x0 + kw + j * half
        out.append(Shade(Rect(bx, ry + (pitch - BOX) / 2, BOX, BOX), grey=1.0, stroke=True))
        label = side_label(g, side, straight_up)
        room = half - BOX - 10
        ls = fit_size(label, REGULAR, size, room, 6) or 6
        out.append(cell(bx + BOX + 4, ry + (pitch - CELL * ls) / 2, label, REGULAR, ls, w=room))
    return out


def layout_pickem(
    card: Card, t: Template, tiebreak: Game | None = None, pool: PickemPool | None = None
) -> list[Box]:
    """The sheet's boxes; `tiebreak` is the pool's tiebreak game (default: the last game on the card);
    `pool` gives the basis, the fee and the prizes printed under the title."""
    pw, ph = t.page_size()
    m = t.safe_margin * t.k
    area = Rect(m, m, pw - 2 * m, ph - 2 * m)
    games = [g for g in card.games if not g.off]
    if not games:
        raise ParlayError(f"card {card.slug} has no game on it for a pick'em sheet.")
    out: list[Box] = [Shade(Rect(area.x, area.top - 34, area.w, 34), grey=0.12)]
    ts = fit_size(f"PICK'EM · {card.title}", BOLD, 16, area.w - 16, 8) or 8
    out.append(cell(area.x + 8, area.top - 17 - CELL * ts / 2, f"PICK'EM · {card.title}", BOLD, ts, grey=1.0))
    y = area.top - 34 - 22
    out.append(cell(area.x, y, "NAME", BOLD, 9))
    out.append(Rule(Rect(area.x + 32, y - 0.5, area.w * 0.55, 0.7)))
    out.append(cell(area.x + area.w * 0.62, y, "PHONE", BOLD, 9))
    out.append(Rule(Rect(area.x + area.w * 0.62 + 36, y - 0.5, area.w * 0.38 - 36, 0.7)))
    y -= 16
    straight_up = pool is not None and pool.basis == "su"
    how = "the team you think wins" if straight_up else "the team you think covers the spread"
    out.append(cell(area.x, y, f"Tick one box in every game: {how}.", REGULAR, 8.5))
    terms = terms_text(card, pool)
    if terms:
        y -= 13
        tsz = fit_size(terms, BOLD, 8.5, area.w, 6) or 6
        out.append(cell(area.x, y, terms, BOLD, tsz, w=area.w))
    bottom = area.y + 60
    rows = len(games)
    cols = 1 if rows * 17 <= (y - 8 - bottom) else 2
    per = -(-rows // cols)
    pitch = min(20.0, (y - 8 - bottom) / per)
    if pitch < BOX + 2:
        raise ParlayError(f"card {card.slug} has {rows} games, too many for one pick'em sheet.")
    size = min(10.0, pitch * 0.6)
    col_w = (area.w - (cols - 1) * 14) / cols
    for i, g in enumerate(games):
        c, r = divmod(i, per)
        x0 = area.x + c * (col_w + 14)
        ry = y - 8 - (r + 1) * pitch
        if r % 2:
            out.append(Shade(Rect(x0, ry, col_w, pitch), grey=0.92))
        out += _game_row(g, Rect(x0, ry, col_w, pitch), size, card.timezone, straight_up)
    game = tiebreak or games[-1]
    kick = short_kickoff(game, card.timezone, True)
    tb = f"TIEBREAKER: total points in {game.label()}" + (f" ({kick})" if kick else "")
    tbs = fit_size(tb, BOLD, 10, area.w - 90, 6) or 6
    out.append(cell(area.x, area.y + 30, tb, BOLD, tbs, w=area.w - 90))
    out.append(Shade(Rect(area.right - 80, area.y + 22, 80, 24), grey=1.0, stroke=True))
    note = card.disclaimer
    ns = fit_size(note, REGULAR, 7, area.w, 6) or 6
    out.append(cell(area.x, area.y + 2, note, REGULAR, ns, w=area.w, align="centre", grey=0.3))
    return out
