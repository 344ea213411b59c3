"""The pick'em sheet: every game with a box for each side (and its spread), the tiebreaker, a name line.

Page coordinates on a full page (the template's page, inside its safe margin).
"""

from __future__ import annotations

from ..core.errors import ParlayError
from ..core.models import Card, Game
from ..core.views import game_row
from .games import short_kickoff
from .geometry import CELL, MM, Box, Rect, Rule, Shade
from .templates import Template
from .text import BOLD, REGULAR, cell, fit_size, width

BOX = 4.5 * MM


def layout_pickem(card: Card, t: Template, tiebreak: Game | None = None) -> list[Box]:
    """The sheet's boxes; `tiebreak` is the pool's tiebreak game (default: the last game on the card)."""
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
    out.append(
        cell(area.x, y, "Tick one box in every game: the team you think covers the spread.", REGULAR, 8.5)
    )
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
        row = game_row(g, card.timezone)
        if r % 2:
            out.append(Shade(Rect(x0, ry, col_w, pitch), grey=0.92))
        kick = short_kickoff(g, card.timezone, False)
        ks = max(6.0, size - 1.5)
        kw = width("Sun 12:00p", REGULAR, ks) + 6
        out.append(cell(x0 + 2, ry + (pitch - CELL * ks) / 2, kick, REGULAR, ks))
        half = (col_w - kw - 4) / 2
        for j, side in enumerate(("away", "home")):
            bx = x0 + kw + j * half
            out.append(Shade(Rect(bx, ry + (pitch - BOX) / 2, BOX, BOX), grey=1.0, stroke=True))
            label = (
                f"{row[side]} {row[side + '_line']}" if j == 0 else f"at {row[side]} {row[side + '_line']}"
            )
            room = half - BOX - 10
            ls = fit_size(label, REGULAR, size, room, 6) or 6
            out.append(cell(bx + BOX + 4, ry + (pitch - CELL * ls) / 2, label, REGULAR, ls, w=room))
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
