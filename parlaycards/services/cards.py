"""Cards: import lines, show, edit games, payouts and rules (each edit a new version)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..core import edits
from ..core.errors import ParlayError
from ..core.lines import LineError, parse_spread, parse_total
from ..core.models import Card
from ..core.odds import TierAnalysis, analyze
from ..core.zones import zone
from ..store import Store, retry_conflicts
from ..store import cards as card_rows


@dataclass(frozen=True)
class Saved:
    card: Card
    note: str
    printed_versions: tuple[int, ...] = ()


def slug_from(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", Path(name).stem.lower()).strip("-")
    return (s or "card")[:60]


@retry_conflicts
def import_lines(store: Store, path: Path, *, slug: str | None = None, title: str | None = None,
                 league: str | None = None, sheets: tuple[str, ...] = (), tz: str = "America/New_York",
                 replace: bool = False) -> Saved:
    """Read a lines spreadsheet and store it as a new card (or a new version with --card of an existing one)."""
    from ..io.lines import read_lines  # openpyxl is heavy: import only here

    zone(tz)
    slug = slug or slug_from(path.name)
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,62}", slug):
        raise ParlayError(f'the card name "{slug}" is not a slug. Accepted: lower-case letters, digits and '
                          "dashes, e.g. nfl-w12.")
    lines = read_lines(path, sheets=sheets, league=league, tz=tz)
    with store.transaction() as tx:
        existing = card_rows.exists(tx, slug)
        if existing and not replace:
            current = card_rows.latest(tx, slug)
            base: dict[str, Any] = current.model_dump()
            base.update(games=[g.model_dump() for g in lines.games], title=title or current.title, timezone=tz)
        else:
            base = {"slug": slug, "title": title or lines.title or _title_from(path), "timezone": tz,
                    "games": [g.model_dump() for g in lines.games]}
        try:
            card = Card.model_validate(base)
        except ValidationError as exc:
            raise ParlayError(f"{path.name}: " + edits.validation_text(exc)) from None
        note = f"imported {len(card.games)} games from {path.name}"
        saved = card_rows.save(tx, card, note)
        tx.audit("import", slug, file=str(path), games=len(card.games), sheets=list(lines.sheets))
        return Saved(saved, note, card_rows.printed_versions(tx, slug))


def _title_from(path: Path) -> str:
    words = re.sub(r"[-_]+", " ", path.stem).strip()
    return words.upper() if len(words) <= 4 else words.title().replace("Nfl", "NFL").replace("Ncaa", "NCAA")


def show(store: Store, slug: str, version: int | None = None) -> Saved:
    with store.reading() as tx:
        card = card_rows.get(tx, slug, version) if version else card_rows.latest(tx, slug)
        return Saved(card, "", card_rows.printed_versions(tx, slug))


def list_cards(store: Store) -> list[card_rows.CardSummary]:
    with store.reading() as tx:
        return card_rows.summaries(tx)


@retry_conflicts
def edit(store: Store, slug: str, note: str, change: Any) -> Saved:
    """Apply `change(card) -> card` to the latest version and store the result as the next version."""
    with store.transaction() as tx:
        card = card_rows.latest(tx, slug)
        new = change(card)
        if new == card:
            raise ParlayError(f"nothing to change: card {slug} version {card.version} already says that.")
        saved = card_rows.save(tx, new, note)
        printed = card_rows.printed_versions(tx, slug)
        return Saved(saved, note, printed)


def parse_spread_arg(text: str, what: str = "--spread") -> Decimal:
    try:
        return parse_spread(text).value
    except LineError as exc:
        raise ParlayError(f"{what}: {exc}") from None


def parse_total_arg(text: str | None) -> Decimal | None:
    if text is None or text.strip().lower() in {"", "none", "off", "nl"}:
        return None
    try:
        return parse_total(text).value
    except LineError as exc:
        raise ParlayError(f"--total: {exc}") from None


def parse_when(text: str, tz: str, what: str = "--kickoff") -> datetime | date:
    """A kickoff or cutoff typed on the command line, in the card's zone (one reader: io/when.py)."""
    from ..io.when import read_moment

    try:
        return read_moment(text, zone(tz), what)
    except ValueError as exc:
        raise ParlayError(str(exc)) from None


def payout_analysis(store: Store, slug: str, p: Fraction) -> tuple[Card, list[TierAnalysis]]:
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
    return card, analyze(card.payouts, p)
