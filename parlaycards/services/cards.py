"""Cards: import lines, show, edit games, payouts and rules (each edit a new version)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import replace as replace_fields
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import ParlayError, RefusedError, option
from ..core.printable import refuse_unprintable_card
from ..core.text import plural
from ..core.zones import zone
from ..store import cards as card_rows
from ..store import retry_conflicts
from .numbers_taken import check_numbers

if TYPE_CHECKING:  # pydantic and the models are loaded by what reads or makes a whole card (not `cards`)
    from ..core.models import Card, Game
    from ..core.odds import TierAnalysis
    from ..core.printed import CardLine
    from ..io.lines import Asked  # the sheet readers: loaded by an import only
    from ..io.mapping import ColumnMap
    from ..store import Store
    from ..store.look import Pool


@dataclass(frozen=True)
class Saved:
    card: Card
    note: str
    printed_versions: tuple[int, ...] = ()
    lines: Mapping[int, tuple[CardLine, ...]] | None = None  # by game: the lines printed cards carry (show)


@dataclass(frozen=True)
class Into:
    """Which card games read from a sheet or a feed become: `slug` (else one made from the file's name), its
    `title`, started afresh (`fresh`: default payouts and rules), hand edits undone (`replace`), nothing
    stored (`dry_run`)."""

    slug: str | None = None
    title: str | None = None
    fresh: bool = False
    replace: bool = False
    dry_run: bool = False


NEXT_VERSION = Into()


@dataclass(frozen=True)
class Storing:
    """How games read from a sheet or a feed become the card: as `into` says, titled `into.title` else
    `default_title` (the sheet's or the feed's), in zone `tz`."""

    default_title: str
    tz: str
    into: Into = NEXT_VERSION


@dataclass(frozen=True)
class Columns:
    """How an import names its columns beside its header: as a `layout` saved earlier, and the columns
    named by hand (`--map`) saved as `save_as`."""

    layout: str | None = None
    save_as: str | None = None


AS_HEADED = Columns()


def slug_from(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", Path(name).stem.lower()).strip("-")
    return (s or "card")[:60]


@dataclass(frozen=True)
class Imported(Saved):
    """An import: the card as stored (or, for a dry run, as it would be), how the file was read, and the
    hand edits it undid (with replace) or would undo."""

    lines: Any = None  # io.lines.ReadLines (kept loose: openpyxl is imported lazily)
    undone: tuple[str, ...] = ()
    stored: bool = True
    layout_saved: str | None = None  # the name the --map was saved under (with --save-layout)
    layout_replaced: bool = False  # … in place of a saved layout of that name
    archived: bool = False  # the card is archived (`card archive`): out of the listings
    titled_from_file: bool = False  # no --title, and no title in the sheet: titled from the file's name


def import_lines(store: Store | None, asked: Asked, into: Into, columns: Columns = AS_HEADED) -> Imported:
    """Read a lines spreadsheet and store it as a new card (or the next version of an existing card).

    `into.fresh` starts the card afresh (default payouts and rules); an existing card with hand edits since
    its last import is refused unless `into.replace`; `into.dry_run` reads and checks everything and stores
    nothing (`store` may then be None: no pool yet). `asked.mapping` (--map) names the columns by hand, or
    `columns.layout` a mapping saved by `columns.save_as` with an earlier import (saved in the same
    transaction as the card)."""
    from ..io.lines import read_lines  # openpyxl is heavy: import only here
    from . import layouts

    zone(asked.tz)
    check_slug(slug := into.slug or slug_from(asked.path.name))
    save_layout = _check_columns_said(asked.mapping, columns.layout, columns.save_as, into.dry_run)
    if columns.layout is not None:
        asked = replace_fields(asked, mapping=layouts.load(store, columns.layout))
    lines = read_lines(replace_fields(asked, league=asked.league or _league_of_card(store, slug)))
    replaced: list[bool] = []  # the layout saved took the place of one of its name (True) or not
    how = Storing(lines.title or _title_from(asked.path), asked.tz, into)
    saved = store_games(
        store,
        slug,
        lines.games,
        how,
        source=asked.path.name,
        detail={"file": str(asked.path), "sheets": list(lines.sheets)},
        also=partial(_keep_layout, save_layout, lines.mapping, asked.path.name, replaced),
    )
    return replace_fields(
        saved,
        lines=lines,
        layout_saved=save_layout if replaced else None,
        layout_replaced=bool(replaced and replaced[-1]),
        titled_from_file=not (into.title or lines.title) and saved.card.title == how.default_title,
    )


def _league_of_card(store: Store | None, slug: str) -> str | None:
    """A card's own league, when all its games are of one: a new version of its lines read without
    ⟨league⟩ takes it (a local card's games are not read as NFL because the sheet does not say)."""
    from ..store.engine import sqlite_file

    pool_file = sqlite_file(store.url) if store is not None else None
    if store is None or (pool_file is not None and not pool_file.exists()):
        return None  # no pool yet (its first import): nothing to look at, and no empty pool made
    with store.reading() as tx:
        if not card_rows.exists(tx, slug):
            return None
        leagues = {g.league for g in card_rows.latest(tx, slug).games}
    return leagues.pop() if len(leagues) == 1 else None


def _keep_layout(
    name: str | None, mapping: ColumnMap | None, file: str, replaced: list[bool], tx: Any
) -> None:
    """The columns named by hand saved as layout `name`, in the import's transaction."""
    from . import layouts

    if name is not None and mapping is not None:
        replaced.append(layouts.save(tx, name, mapping, file))


def _check_columns_said(
    mapping: ColumnMap | None, layout: str | None, save_layout: str | None, dry_run: bool
) -> str | None:
    """How the columns are read is said once: by hand (⟨map⟩) or by a saved layout; a layout is saved only
    from columns named by hand, and only by an import that stores. Returns the name to save under."""
    from . import layouts

    if mapping is not None and layout is not None:
        raise ParlayError(
            f"{option('map')} and {option('layout')} both say how to read the columns: give one of them."
        )
    if save_layout is None:
        return None
    save_layout = layouts.check_name(save_layout)
    if mapping is None and layout is None:
        raise ParlayError(
            f"{option('save_layout')} keeps the columns named with {option('map')}; this import has none "
            f"(its header is read as it is). Add the {option('map')} options to save."
        )
    if dry_run:
        raise ParlayError(
            f"{option('save_layout')} saves with the import itself, and a dry run stores nothing. Check "
            f"the reading with {option('dry_run')} first, then import without it to save the layout."
        )
    return save_layout


@retry_conflicts
def store_games(
    store: Store | None,
    slug: str,
    games: Sequence[Game],
    how: Storing,
    *,
    source: str,
    detail: dict[str, Any] | None = None,
    lines_from: str = "the sheet",
    also: Callable[[Any], None] | None = None,
) -> Imported:
    """Store games already read (from a sheet or a feed) as import does: a new card, or the next version of
    `slug` with these games, as `how` says (see `Storing`): hand edits made since the card's last import
    that this would undo refuse it unless `how.into.replace`. `also` runs in the same transaction once the card
    is saved (a layout saved with it)."""
    from ..core.models import Card
    from ..core.reimport import keep_names
    from ..core.teams import identity

    check_slug(slug)
    if store is None:
        return Imported(_card(None, slug, games, how, source), "", stored=False)
    with store.reading() if how.into.dry_run else store.transaction() as tx:
        current = card_rows.latest(tx, slug) if card_rows.exists(tx, slug) else None
        if current is not None:
            games = keep_names(current, tuple(games), identity)
        card = _card(current, slug, games, how, source)
        undone = _undone(tx, current, card, lines_from) if current is not None else ()
        if current is not None:
            check_numbers(tx, current, card, "this import")
        printed = card_rows.printed_versions(tx, slug) if current is not None else ()
        note = f"imported {plural(len(card.games), 'game')} from {source}"
        if how.into.dry_run:
            ahead = Card.model_validate(
                {**card.model_dump(), "version": current.version + 1 if current else 1}
            )
            return Imported(ahead, note, printed, undone=undone, stored=False)
        if undone and not how.into.replace:
            raise _undoing(slug, source, undone, lines_from)
        same = current is not None and _same_card(card, current)
        if same and current is not None:
            card, note = current, f"{source} holds these very lines: no new version stored"
        else:
            if current is not None:
                from .kickoff_moves import refuse_earlier_kickoffs

                refuse_earlier_kickoffs(tx, current, card)
            refuse_unprintable_card(card)
            card = card_rows.save(tx, card, note)
            tx.audit("import", slug, games=len(card.games), version=card.version, replaced=list(undone),
                     **(detail or {"source": source}))  # fmt: skip
        if also is not None:
            also(tx)
        printed = card_rows.printed_versions(tx, slug)
        archived = slug in card_rows.archived(tx)
        return Imported(card, note, printed, undone=undone, stored=not same, archived=archived)


def _same_card(a: Card, b: Card) -> bool:
    """The same card but for its version number and note: an import of lines already stored."""
    skip = {"version", "note"}
    return a.model_dump(exclude=skip) == b.model_dump(exclude=skip)


def _undoing(slug: str, source: str, undone: tuple[str, ...], lines_from: str) -> RefusedError:
    """An import refused because it would undo hand edits made since the card's last import."""
    return RefusedError(
        f"card {slug} was edited by hand since its last import, and importing {source} "
        f"would undo {'this' if len(undone) == 1 else 'these ' + str(len(undone))}. Import "
        f"again with {option('replace')} to put the lines of {lines_from.removeprefix('the ')} in place "
        f"of the edits, or make the same changes in {lines_from} first; nothing was imported:",
        problems=undone,
    )


# Addresses of `serve` that a card's board (/SLUG) would collide with.
RESERVED = frozenset({"op", "static"})


def check_slug(slug: str) -> None:
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,62}", slug):
        raise ParlayError(
            f'the card name "{slug}" is not a slug. Accepted: lower-case letters, digits and '
            "dashes, e.g. nfl-w12."
        )
    if slug in RESERVED:
        raise ParlayError(
            f'the card name "{slug}" is taken by the pool\'s web pages (/{slug}): choose another, e.g. '
            f"{slug}-w12."
        )


def _card(current: Card | None, slug: str, games: Sequence[Game], how: Storing, source: str) -> Card:
    """The card an import stores: the current card with new games (and title, zone), or a new one."""
    from pydantic import ValidationError

    from ..core import edits
    from ..core.models import Card

    if current is not None and not how.into.fresh:
        base: dict[str, Any] = current.model_dump()
        base.update(
            games=[g.model_dump() for g in games], title=how.into.title or current.title, timezone=how.tz
        )
    else:
        base = {
            "slug": slug,
            "title": how.into.title or how.default_title,
            "timezone": how.tz,
            "games": [g.model_dump() for g in games],
        }
    try:
        return Card.model_validate(base)
    except ValidationError as exc:
        raise ParlayError(f"{source}: " + edits.validation_text(exc)) from None


def _undone(tx: Any, current: Card, card: Card, lines_from: str) -> tuple[str, ...]:
    """The hand edits since `current`'s last import that storing `card` would undo."""
    from ..core.reimport import undone_edits
    from ..core.teams import identity

    imported = [v for v in card_rows.imported_versions(tx, current.slug) if v <= current.version]
    base = card_rows.get(tx, current.slug, imported[-1] if imported else 1)
    if base.version == current.version:
        return ()
    return undone_edits(base, current, card, lines_from, identity)


def _title_from(path: Path) -> str:
    words = re.sub(r"[-_]+", " ", path.stem).strip()
    return words.upper() if len(words) <= 4 else words.title().replace("Nfl", "NFL").replace("Ncaa", "NCAA")


def show(store: Store | Pool, slug: str, version: int | None = None) -> Saved:
    from ..core.printed import card_lines

    with store.reading() as tx:
        card = card_rows.get(tx, slug, version) if version else card_rows.latest(tx, slug)
        printed = card_rows.printed_versions(tx, slug)
        versions = {v: card_rows.get(tx, slug, v) for v, _, _ in card_rows.history(tx, slug)}
        return Saved(card, "", printed, card_lines(versions, printed))


def list_cards(store: Store | Pool, *, archived: bool = False) -> list[card_rows.CardSummary]:
    """The pool's cards, latest version each; archived cards only when `archived`."""
    with store.reading() as tx:
        return [c for c in card_rows.summaries(tx) if archived or not c.archived]


def payout_analysis(store: Store, slug: str, p: Fraction) -> tuple[Card, list[TierAnalysis]]:
    from ..core.odds import analyze

    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
    return card, analyze(card.payouts, p)


def pool_if_any(db: str | None) -> Store | None:
    """The pool database if there is one (a dry run makes none)."""
    from ..store.db import database_url, open_store

    url = database_url(db)
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).exists():
        return None
    return open_store(db)
