"""A kickoff moved earlier after cards were handed in: refused while any card picked that game after its
new start (a pick made after a game started is never accepted, nor paid, by the card's edit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import RefusedError, option
from ..core.settle import kicked_off
from ..core.text import brief
from ..store import entries as entry_rows
from .checks import zone_of

if TYPE_CHECKING:
    from ..core.models import Card
    from ..store.tx import Tx


def refuse_earlier_kickoffs(tx: Tx, old: Card, new: Card) -> None:
    """Refuse the edit `old` → `new` when it moves a game's start to before an entry that picked it was
    received, naming each such card; kickoffs that stay or move later pass."""
    before = {g.key: g for g in old.games}
    moved = [g for g in new.games if g.key in before and g.kickoff != before[g.key].kickoff]
    if not moved:
        return
    keys = {g.key: g for g in moved}
    found: list[str] = []
    for entry in entry_rows.of(tx, new.slug):
        for number in entry.picks:
            hit = new.selection(number)
            game = keys.get(hit[0].key) if hit else None
            if game is None or kicked_off(before[game.key], entry.received_at, old) is not None:
                continue  # not a moved game, or it had already started by the old kickoff (a late card's)
            if (began := kicked_off(game, entry.received_at, new)) is not None:
                got = brief(entry.received_at.astimezone(zone_of(new)))
                found.append(
                    f"card {entry.serial} ({entry.name or 'no name'}) picked {number}, received {got}; "
                    f"the game would have started {began}"
                )
    if found:
        raise RefusedError(
            f"this kickoff is before cards that picked the game were handed in: nothing was changed. A pick "
            "made after its game started is never accepted. If the game really started then, void those "
            f"cards first (`parlaycards entry void {new.slug} SERIAL {option('reason')} WHY`) and refund their stakes:",
            problems=tuple(found),
        )
