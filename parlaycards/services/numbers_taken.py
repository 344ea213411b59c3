"""The selection numbers a card's printed cards and scores hold: a new version may not give them to
another game (core/renumber.py says why)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import RefusedError, option
from ..store import cards as card_rows

if TYPE_CHECKING:
    from ..core.models import Card


def check_numbers(tx: Any, current: Card, new: Card, what: str) -> None:
    """Refuse storing `new` as the next version of `current` when `what` ("this import", "this edit")
    gives a number already printed on cards or scored to another game, naming each."""
    from ..core.renumber import renumbered  # the models: loaded by what stores a version, not `cards`
    from ..core.teams import identity
    from ..store import results as result_rows

    printed = {v: card_rows.get(tx, current.slug, v) for v in card_rows.printed_versions(tx, current.slug)}
    held = {k: "scored" for k in result_rows.of(tx, current.slug)}
    for pool in _picked_pools(tx, current.slug):
        for g in current.games:
            held.setdefault(g.key, f"picked in pick'em pool {pool}")
    moved = renumbered(printed, held, current, new, identity)
    if not moved:
        return
    slug = current.slug
    week = (
        f"Lines for another week go on a new card (`parlaycards import FILE {option('card')} NEW-NAME`); "
        if what == "this import"
        else ""
    )
    raise RefusedError(
        f"card {slug}: {what} would give selection numbers already printed on cards or scored to "
        "another game. Scores are kept by number, so every printed pick on them would become a pick on "
        f"the other game. Nothing was changed. {week}{'a' if week else 'A'} game's numbers can change only before any card is "
        f"printed; to put another game on this card, take the old one off (`parlaycards game remove {slug} "
        f"NUMBER`) and add the new one (`parlaycards game add {slug} …`), which gives it new numbers. The "
        "numbers and their games:",
        problems=moved,
    )


def _picked_pools(tx: Any, slug: str) -> list[str]:
    """The pick'em pools on card `slug` that have entries: their picks are selection numbers too."""
    from ..store import pickem as pickem_rows

    return [p.slug for p in pickem_rows.of_card(tx, slug) if pickem_rows.entries(tx, p.slug)]
