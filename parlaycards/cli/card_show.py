"""What the card commands say: a card shown (games, payouts, rules), an edit or import saved, the
lines printed cards still carry."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .shell import console, err

if TYPE_CHECKING:
    from ..core.models import Card
    from ..services.cards import Saved
    from ..services.edits import Edited


def say_saved(saved: Saved, what: str) -> None:
    card = saved.card
    err(f"{card.slug} version {card.version}: {what}.")
    older = [v for v in saved.printed_versions if v < card.version]
    if older:
        err(
            f"Cards already printed from version {', '.join(map(str, older))} keep their lines; "
            f"print again to put version {card.version} on paper."
        )


def print_games(card: Card) -> None:
    from ..report.card_terminal import fitting_table

    c = console()
    table, step = fitting_table(card, c)
    c.print(table)
    err("Home team in capitals after 'at'; 'vs' and (N) mark a neutral site; struck-through games are off.")
    if step != "short names":
        return
    from ..core.names import with_short_names

    used = with_short_names(card)[1]
    if used:
        full, short = used[0]
        example = f" ({short} for {full})"
        err(
            f"Team names shortened to fit {c.width} columns, as sportsbooks print them{example}; a wider "
            "window or --json shows them in full."
        )


def print_card(card: Card, printed: Sequence[int]) -> None:
    from ..report.card import card_text

    print_games(card)
    c = console()
    for line in card_text(card, printed):
        c.print(line)


def say_edited(edited: Edited) -> None:
    """What an edit did: the new version, then each change as before → after."""
    card = edited.card
    err(f"{card.slug} version {card.version}: {edited.note}.")
    for change in edited.changes:
        err(f"  {change}")
    if edited.printed_before:
        err(
            f"Cards already printed from version {', '.join(map(str, edited.printed_before))} keep their lines; "
            f"print again to put version {card.version} on paper."
        )


def print_other_lines(saved: Any) -> None:  # services.cards.Saved
    """Games that cards already in players' hands carry at another line than the version shown."""
    from ..report.card import other_lines_text

    for line in other_lines_text(saved.card, saved.lines or {}, saved.printed_versions):
        err(line)
