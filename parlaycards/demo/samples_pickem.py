"""The sample pick'em sheet for the demo: twelve office entrants picking every game of a card.

Deterministic: the same card gives the same picks. The shipped file is sample_lines/pickem-nfl-w12.xlsx;
regenerate it with `python -m parlaycards.demo.samples_pickem` (reads sample_lines/nfl-week-12.xlsx).
"""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path
from typing import Any

from ..core.models import Card, Side
from ..core.pickem import pool_games
from . import samples_pool

FILE = "pickem-nfl-w12.xlsx"
NAMES = samples_pool.NAMES[:12]  # the office pool's first twelve players play pick'em too


def sample_entries(card: Card) -> list[dict[str, Any]]:
    """Name, {game key: side}, tiebreak guess and paid flag for each sample entrant.

    Most entrants lean to the favourite; one leaves a game blank, one has not paid yet."""
    rnd = random.Random(20261122)
    games = pool_games(card)
    out = []
    for i, name in enumerate(NAMES):
        picks: dict[int, Side] = {}
        for g in games:
            favourite = Side.HOME if g.spread <= 0 else Side.AWAY
            other = Side.AWAY if favourite is Side.HOME else Side.HOME
            picks[g.key] = favourite if rnd.random() < 0.6 else other
        if i == 6 and games:
            del picks[games[len(games) // 2].key]
        base = 44 if games[-1].total is None else int(games[-1].total)
        out.append({"name": name, "picks": picks, "tiebreak": base + rnd.randint(-12, 12), "paid": i != 9})
    return out


def write_sample(card: Card, path: Path) -> Path:
    """The sheet as an office runs it: a title row, then Name, one column per game (headed by its teams,
    holding the picked team), Tiebreaker and Paid."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    games = pool_games(card)
    wb = Workbook()
    ws = wb.active
    ws.title = "Picks"
    ws.append([f"{card.title}: office pick'em (against the spread)"])
    ws["A1"].font = Font(bold=True, size=13)
    ws.append(["Name", *(f"{g.away} at {g.home}" for g in games), "Tiebreaker", "Paid"])
    for cell in ws[2]:
        cell.font = Font(bold=True)
    for e in sample_entries(card):
        row = [e["name"]]
        for g in games:
            side = e["picks"].get(g.key)
            row.append(None if side is None else g.away if side is Side.AWAY else g.home)
        ws.append([*row, e["tiebreak"], "x" if e["paid"] else None])
    ws.freeze_panes = "B3"
    ws.column_dimensions["A"].width = 18
    fixed = datetime(2026, 11, 22, 9, 0)
    wb.properties.created = wb.properties.modified = fixed
    path.parent.mkdir(parents=True, exist_ok=True)
    wb.save(path)
    return path


def main() -> None:
    from ..core.models import Card
    from ..io.lines import Asked, read_lines

    root = Path(__file__).resolve().parents[2] / "sample_lines"
    lines = read_lines(Asked(root / "nfl-week-12.xlsx"))
    card = Card(slug="nfl-w12", title=lines.title or "NFL Week 12", games=lines.games)
    print(write_sample(card, root / FILE))


if __name__ == "__main__":
    main()
