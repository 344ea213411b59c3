"""`results`: a card's games and their finals — JSON and the terminal table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..core.text import plural
from .table import Table

if TYPE_CHECKING:
    from ..core.models import Card, Game, Result


class ResultList(Protocol):
    """What `services.results.list_results` gives: the card and each game with its result (or None)."""

    @property
    def card(self) -> Card: ...
    @property
    def games(self) -> tuple[tuple[Game, Result | None], ...]: ...


def status(r: Result | None) -> str:
    """`pending`, `cancelled`, `out` (a matchup's competitor withdrew or was disqualified) or `final`."""
    return "pending" if r is None else "cancelled" if r.cancelled else "out" if r.out else "final"


def results_json(view: ResultList) -> list[dict[str, Any]]:
    """`results --json`: the public shape."""
    return [
        {
            "game": g.key,
            "away": g.away,
            "home": g.home,
            "numbers": list(g.numbers.all()),
            "status": status(r),
            "away_score": r.away_score if r else None,
            "home_score": r.home_score if r else None,
            "away_out": r.away_out if r else None,
            "home_out": r.home_out if r else None,
        }
        for g, r in view.games
    ]


def results_table(view: ResultList) -> Table:
    """The games with their finals as the terminal lists them."""
    return Table(
        ("No.", "Game", "Result"),
        tuple((f"{g.numbers.away}/{g.numbers.home}", g.label(), final_text(g, r)) for g, r in view.games),
        title=f"{view.card.title} — results",
    )


def final_text(g: Game, r: Result | None, none: str = "-", cancelled: str = "cancelled (no action)") -> str:
    """`Chicago 20, Detroit 23`; `none` with no result yet, `cancelled` for a game called off."""
    if r is None:
        return none
    if r.cancelled:
        return cancelled
    if r.out:
        return r.out_text(g.away, g.home)
    return f"{g.away} {r.away_score}, {g.home} {r.home_score}"


def results_note(view: ResultList) -> str | None:
    """What to say under the table: the games still without a result."""
    missing = sum(1 for _, r in view.games if r is None)
    return f"{plural(missing, 'game')} without a result: legs on them are pending." if missing else None
