"""Pick'em on the terminal and in JSON: the entrants, the week's standings and the season's, built once
from the rows of `report.pickem`."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ..core.pickem import name_key
from ..core.pickem_week import ordinal
from ..core.text import dollars
from .pickem import entry_rows, fees_note, points, standing_rows
from .table import Table

if TYPE_CHECKING:
    from ..core.models import Card, Game
    from ..core.pickem import PickemEntry, PickemPool
    from ..core.pickem_week import WeekReport
    from ..core.season import SeasonReport


def pool_entries_json(
    pool: PickemPool, card: Card, entries: tuple[PickemEntry, ...], games: tuple[Game, ...]
) -> dict[str, Any]:
    """`pickem entries --json`: the public shape."""
    return {
        "pool": pool.slug,
        "card": card.slug,
        "version": card.version,
        "entries": entry_rows(entries, games),
    }


def pool_entries_table(slug: str, entries: tuple[PickemEntry, ...], games: tuple[Game, ...]) -> Table:
    """Each entrant with the picked numbers in game order, the games left blank, the guess and the fee."""
    return Table(
        ("Name", "Picks", "No pick", "Tiebreak", "Paid"),
        tuple(
            (
                r["name"],
                " ".join(map(str, r["picks"])),
                str(r["missing"] or ""),
                "" if r["tiebreak"] is None else str(r["tiebreak"]),
                "yes" if r["paid"] else "owes",
            )
            for r in entry_rows(entries, games)
        ),
        title=f"pick'em {slug}",
    )


def week_table(report: WeekReport, prizes_paid: Mapping[str, Decimal]) -> Table:
    """The week's standings: place, score, the tiebreak guess and how far off, prize and what was paid;
    the prize winners' rows are emphasised."""
    rows = standing_rows(report)
    return Table(
        ("Place", "Name", "Score", "W-L-P", "No pick", "Guess", "Off by", "Prize", "Prize paid", "Fee paid"),
        tuple(_week_row(r, prizes_paid.get(name_key(r["name"]))) for r in rows),
        title=f"{report.title} — pick'em {report.pool.slug}",
        emphasis=tuple(i for i, r in enumerate(rows) if r["prize"] != "0.00"),
    )


def _week_row(r: Mapping[str, Any], given: Decimal | None) -> tuple[str, ...]:
    off = "" if r["distance"] is None else (f"+{r['distance']}" if r["over"] else f"{-r['distance']}")
    prize = Decimal(r["prize"])
    prize_paid = "" if not prize and not given else dollars(given) if given else "not yet"
    if given is not None and given >= prize > 0:
        prize_paid = "paid"
    return (
        r["place_text"],
        r["name"],
        r["score"],
        f"{r['wins']}-{r['losses']}-{r['pushes']}",
        str(r["missing"] or ""),
        "" if r["tiebreak"] is None else str(r["tiebreak"]),
        off,
        dollars(prize) if prize else "",
        prize_paid,
        "yes" if r["paid"] else "owes",
    )


def week_notes(report: WeekReport) -> tuple[str, ...]:
    """What is said under the week's table: the tiebreak game's total, the pot and prizes, the notes."""
    total = report.tiebreak_total
    return (
        f"Tiebreak game {report.tiebreak_game.label()}: "
        + (f"{total} points." if total is not None else "no total yet."),
        f"Pot {dollars(report.pot)}; prizes {dollars(report.paid_out)}."
        + ("" if report.final else " Provisional."),
        *([owed] if (owed := fees_note(report)) else []),
        *report.notes,
    )


def season_table(report: SeasonReport) -> Table:
    """The season's standings: place, total, each week's score, weeks played, wins and winnings."""
    return Table(
        ("Place", "Name", "Total", *report.pools, "Weeks", "Wins", "Winnings"),
        tuple(
            (
                f"T-{ordinal(r.place)}" if r.tied > 1 else ordinal(r.place),
                r.name,
                points(r.total),
                *("-" if w is None else points(w) for w in r.weeks),
                str(r.played),
                str(r.weekly_wins),
                dollars(r.winnings),
            )
            for r in report.rows
        ),
        title=f"Season {report.season}",
    )
