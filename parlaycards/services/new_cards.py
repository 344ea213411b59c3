"""`card new`: a card made here rather than imported — an empty card to add games to (a local game, golf
or NASCAR matchups), or a teaser card made from another card's games (SETTLEMENT.md §6)."""

from __future__ import annotations

from decimal import Decimal

from ..core.choices import Ties
from ..core.errors import ParlayError, option
from ..core.models import Card
from ..core.printable import refuse_unprintable_card
from ..core.teasers import teaser_card
from ..core.zones import zone
from ..store import Store, retry_conflicts
from ..store import cards as card_rows
from .cards import Saved, check_slug


@retry_conflicts
def new_card(
    store: Store,
    slug: str,
    *,
    source: str | None = None,
    teaser: Decimal | None = None,
    ties: Ties | None = None,
    title: str | None = None,
    tz: str | None = None,
) -> Saved:
    """Make card `slug`: from `source`'s latest version teased `teaser` points, or empty (add games with
    `game add`). Refused when `slug` exists: a card's versions come from editing it."""
    check_slug(slug)
    if tz is not None:
        zone(tz)
    if teaser is not None and source is None:
        raise ParlayError(
            f"a teaser card is made from a card's games: give {option('from')} SLUG (e.g. `card new "
            f"{slug} {option('from')} nfl-w12 {option('teaser')} 6`)."
        )
    if source is not None and teaser is None:
        raise ParlayError(
            f"say what to make from {source}: {option('teaser')} POINTS (6, 6½ or 7 in football; 4, 4½ or 5 "
            "in basketball). To copy a card as it is, export it and import the sheet."
        )
    with store.transaction() as tx:
        if card_rows.exists(tx, slug):
            raise ParlayError(
                f"there is already a card {slug}; choose another name (a card's new versions come from "
                "editing it, and cards printed from it keep their lines)."
            )
        if source is not None and teaser is not None:
            base = card_rows.latest(tx, source)
            card = teaser_card(base, slug, teaser, ties, title)
            if tz is not None:
                card = Card.model_validate({**card.model_dump(), "timezone": tz})
            note = f"teaser card of {card.teaser} points from {source} v{base.version}"
        else:
            card = Card.model_validate(
                {
                    "slug": slug,
                    "title": title or slug.replace("-", " ").title(),
                    "games": (),
                    "timezone": tz or "America/New_York",
                    **({"rules": {"ties": ties}} if ties else {}),
                }
            )
            note = "new card"
        refuse_unprintable_card(card)
        saved = card_rows.save(tx, card, note)
        tx.audit(
            "card.new", slug, version=saved.version, source=source, teaser=str(teaser) if teaser else None
        )
        return Saved(saved, note)
