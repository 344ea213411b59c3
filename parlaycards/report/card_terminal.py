"""A card's games as a terminal table that fits the window: full names when they fit, else shorter
kickoffs and the names sportsbooks print (Chicago for Chicago Bears), never a name cut to "Chica…"."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from ..core.models import Card

# What may be made shorter, in order, until the table fits the window.
STEPS = ("full", "compact", "short names")


def games_table(card: Card, step: str) -> Table:
    """The card's games as a rich table at `step` of STEPS."""
    from rich import box
    from rich.table import Table

    from ..core.views import game_row, short_kickoff

    shown = card
    if step == "short names":
        from ..core.names import with_short_names

        shown = with_short_names(card)[0]
    compact = step != "full"
    dated = [g.kickoff for g in card.games if g.kickoff is not None]
    same_kind = dated and all(type(d) is type(dated[0]) for d in dated)
    with_date = (max(dated) - min(dated)).days >= 6 if same_kind else True
    t = Table(
        title=f"{card.title} — {card.slug} v{card.version}",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=compact,  # two spaces between columns rather than three
        show_edge=not compact,
    )
    t.add_column("Kickoff", no_wrap=True)
    t.add_column("No.", justify="right", no_wrap=True)
    t.add_column("Away", overflow="fold")  # wraps at its words, never cut with an ellipsis
    t.add_column("Line", justify="right", no_wrap=True)
    t.add_column("No.", justify="right", no_wrap=True)
    t.add_column("Home", overflow="fold")
    t.add_column("Line", justify="right", no_wrap=True)
    t.add_column("Total", justify="right", no_wrap=True)
    t.add_column("O/U" if compact else "O / U", no_wrap=True)
    league = None
    for g in shown.games:
        if len(card.leagues()) > 1 and g.league != league:
            league = g.league
            t.add_section()
            t.add_row(f"[bold]{league}[/bold]")
        r = game_row(g, card.timezone)
        if g.matchup:  # two competitors, no home
            home = "vs " + g.home
        else:
            home = ("vs " + g.home + " (N)") if g.neutral else ("at " + g.home.upper())
        sep = "/" if compact else " / "
        ou = f"{r['over_no']}{sep}{r['under_no']}" if r["over_no"] else ""
        kick = short_kickoff(g, card.timezone, with_date) if compact else r["kickoff"]
        t.add_row(
            kick,
            r["away_no"],
            r["away"],
            r["away_line"],
            r["home_no"],
            home,
            r["home_line"],
            r["total"],
            ou,
            style="strike dim" if g.off else None,
        )
    return t


def fitting_table(card: Card, console: Console) -> tuple[Table, str]:
    """The first of STEPS whose table fits `console`'s width at its natural size (the last otherwise,
    which wraps long names at their words), and the step taken."""
    from rich.measure import Measurement

    unbounded = console.options.update(max_width=10_000)
    for step in STEPS:
        table = games_table(card, step)
        if Measurement.get(console, unbounded, table).maximum <= console.width:
            return table, step
    return table, step
