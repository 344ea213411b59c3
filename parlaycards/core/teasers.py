"""Teaser cards (SETTLEMENT.md §6, DOMAIN.md §2): a card whose every line is moved N points toward the
player, with its own payout table by number of teams and its own ties rule.

`teaser_card(card, slug, points, ties)` makes the new card from a card's games; `teaser_table(points,
sport)` is the usual table for those points. Pure: no store, no clock.
"""

from __future__ import annotations

from decimal import Decimal

from pydantic import ValidationError

from . import leagues
from .choices import Ties
from .edits import validation_text
from .errors import ParlayError
from .lines import half
from .models import Card, Game, Rules
from .payout_table import Odds, PayoutTable, PayoutTier

# Teams → odds (basis "to"), DOMAIN.md §2's reference tables (off-board, [src 18]). DOMAIN.md has no
# basketball teaser table: basketball's 4, 4½ and 5 points are given football's 6, 6½ and 7 tables as a
# starting point only, an assumption no source here confirms; `basketball_note` says so to the operator,
# who sets the table their book pays with `payout set`.
FOOTBALL_TABLES: dict[Decimal, dict[int, str]] = {
    Decimal(6): {2: "10-11", 3: "9-5", 4: "3-1", 5: "9-2", 6: "6-1"},
    Decimal("6.5"): {2: "10-12", 3: "8-5", 4: "5-2", 5: "4-1", 6: "11-2"},
    Decimal(7): {2: "10-13", 3: "7-5", 4: "2-1", 5: "7-2", 6: "5-1"},
    # special teasers (William Hill, [src 5]): every leg must win, a tie loses, no reduction
    Decimal(10): {3: "10-12"},
    Decimal(14): {4: "1-2"},
}
BASKETBALL_POINTS = {Decimal(4): Decimal(6), Decimal("4.5"): Decimal("6.5"), Decimal(5): Decimal(7)}
SPECIALS = frozenset({Decimal(10), Decimal(14)})


def points_text(points: Decimal) -> str:
    """`6`, `6½`."""
    return half(points)


def teaser_table(points: Decimal, sport: str) -> PayoutTable:
    """The usual table for a teaser of `points` in `sport` (football or basketball)."""
    key = BASKETBALL_POINTS.get(points) if sport == "basketball" else points
    rows = FOOTBALL_TABLES.get(key, {}) if key is not None else {}
    return PayoutTable(
        tiers=tuple(PayoutTier(picks=n, hits=n, odds=Odds.parse(o)) for n, o in sorted(rows.items()))
    )


def basketball_note(card: Card) -> str | None:
    """What the operator must hear when a basketball teaser card takes football's table (None otherwise)."""
    if card.teaser is None:
        return None
    sports = {lg.sport for lg in (leagues.get(g.league) for g in card.games) if lg is not None}
    if sports != {"basketball"}:
        return None
    like = BASKETBALL_POINTS.get(card.teaser)
    return (
        f"No basketball teaser table is on file: this card pays by the football table for "
        f"{points_text(like) if like is not None else '?'} points, a starting point only. Check it against "
        f"the table your book pays and set it with `payout set {card.slug} …`."
    )


def teaser_card(
    card: Card, slug: str, points: Decimal, ties: Ties | None = None, title: str | None = None
) -> Card:
    """A new card `slug` with `card`'s games teased `points` toward the player, the usual table for those
    points, ties [`win`; `lose` for a special teaser] and a pick range from the table."""
    if card.teaser is not None:
        raise ParlayError(
            f"card {card.slug} is already a {points_text(card.teaser)}-point teaser card; make the teaser "
            "from the card with the board's lines."
        )
    if not card.games:
        raise ParlayError(f"card {card.slug} has no games to tease.")
    sports: dict[str, list[str]] = {}
    for g in card.games:
        lg = leagues.get(g.league)
        if g.matchup or lg is None or points not in lg.teasers:
            offered = ", ".join(points_text(p) for p in lg.teasers) if lg and lg.teasers else "none"
            why = "a matchup is not teased" if g.matchup else f"{g.league} teasers: {offered}"
            raise ParlayError(
                f"{g.label()} cannot be teased {points_text(points)} points ({why}). Accepted: "
                "6, 6½, 7 (and the specials 10 and 14) in football; 4, 4½, 5 in basketball."
            )
        sports.setdefault(lg.sport, []).append(g.league)
    if len(sports) > 1:
        raise ParlayError(
            "a teaser card teases one sport by one number of points; card "
            f"{card.slug} holds {' and '.join(sorted(sports))}. Make one teaser card per sport."
        )
    [sport] = sports
    table = teaser_table(points, sport)
    if not table.tiers:
        raise ParlayError(f"there is no usual {sport} table for {points_text(points)} points.")
    special = points in SPECIALS
    counts = [t.picks for t in table.tiers]
    try:
        games = tuple(Game.model_validate({**g.model_dump(), "tease": points}) for g in card.games)
        return Card(
            slug=slug,
            title=title
            or f"{card.title} — {points_text(points)}-Point {'Special ' if special else ''}Teaser",
            timezone=card.timezone,
            games=games,
            payouts=table,
            rules=Rules(
                ties=ties or ("lose" if special else "win"),
                min_picks=min(counts),
                max_picks=max(counts),
                below_minimum="lose" if special else "refund",
                cutoff=card.rules.cutoff,
            ),
            disclaimer=card.disclaimer,
            teaser=points,
        )
    except ValidationError as exc:
        raise ParlayError(validation_text(exc)) from None
