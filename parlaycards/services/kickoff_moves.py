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
    from datetime import datetime

    from ..core.models import Card, Game
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
            if game is not None and (
                began := _now_after(before[game.key], game, entry.received_at, old, new)
            ):
                got = brief(entry.received_at.astimezone(zone_of(new)))
                found.append(
                    f"card {entry.serial} ({entry.name or 'no name'}) picked {number}, received {got}; "
                    f"the game would have started {began}"
                )
    from ..store import pickem as pickem_rows

    for pool in pickem_rows.of_card(tx, new.slug):
        for e in pickem_rows.entries(tx, pool.slug):
            for key, _ in e.picks:
                if key in keys and e.received_at is not None:
                    if began := _now_after(before[key], keys[key], e.received_at, old, new):
                        got = brief(e.received_at.astimezone(zone_of(new)))
                        found.append(
                            f"pick'em {pool.slug}: {e.name} picked game {key}, received {got}; "
                            f"the game would have started {began}"
                        )
    if found:
        raise RefusedError(
            f"this kickoff is before cards that picked the game were handed in: nothing was changed. A pick "
            "made after its game started is never accepted. If the game really started then, void those "
            f"cards first (`parlaycards entry void {new.slug} SERIAL {option('reason')} WHY`) and refund their stakes:",
            problems=tuple(found),
        )


def _now_after(was: Game, game: Game, received: datetime, old: Card, new: Card) -> str | None:
    """When `game` would have started, if a pick received at `received` was in before it as `was` (the
    old kickoff) but after it as `game`; None otherwise (a late pick already after the old kickoff too)."""
    if kicked_off(was, received, old) is not None:
        return None
    return kicked_off(game, received, new)
