"""Card versions as a whole: delete a card never printed, revert a card to an earlier version.

A revert is a new version with the old version's content (nothing is rewritten: cards printed from
any version keep their lines). A delete takes away every version of a card that no print batch,
entry, scan or pick'em pool uses; the audit log keeps the last version's content.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from ..core.changes import card_changes
from ..core.errors import ParlayError, RefusedError, option
from ..core.models import Card
from ..core.text import brief
from ..core.verify import format_serial
from ..store import Store, batches, retry_conflicts
from ..store import cards as card_rows
from ..store import entries as entry_rows
from ..store import pickem as pickem_rows
from ..store import results as result_rows
from ..store import scans as scan_rows
from .edits import Edited
from .kickoff_moves import refuse_earlier_kickoffs
from .numbers_taken import check_numbers


@dataclass(frozen=True)
class Deleted:
    slug: str
    title: str
    versions: int
    results: int  # results recorded for it, deleted with it


def _content(card: Card) -> dict[str, Any]:
    return card.model_dump(mode="json", exclude={"version", "note"})


@retry_conflicts
def revert_card(store: Store, slug: str, to: int) -> Edited:
    """Store version `to`'s content as the next version of `slug`, with every change it makes to the
    latest version (as an edit lists them)."""
    with store.transaction() as tx:
        latest = card_rows.latest(tx, slug)
        if not 1 <= to < latest.version:
            raise ParlayError(
                f"⟨to⟩ {to}: card {slug} has versions 1 to {latest.version}; revert to one before "
                f"the latest ({latest.version}). See them with `parlaycards show {slug} ⟨version⟩ N`."
            )
        old = card_rows.get(tx, slug, to)
        if _content(old) == _content(latest):
            raise ParlayError(
                f"nothing to change: card {slug} version {latest.version} already says what version "
                f"{to} says."
            )
        note = f"reverted to version {to}"
        check_numbers(tx, latest, old, "this revert")
        refuse_earlier_kickoffs(tx, latest, old)
        # from the record itself, not its JSON: a date-only (TBA) kickoff's "2026-11-28" would read back
        # as midnight, moved into the card's time zone
        saved = card_rows.save(tx, old.model_copy(update={"slug": slug}), note)
        changes = tuple(card_changes(latest, saved))
        tx.audit("card.revert", slug, to=to, was=latest.version, version=saved.version, changes=list(changes))
        return Edited(saved, note, changes, card_rows.printed_versions(tx, slug))


@retry_conflicts
def delete_card(store: Store, slug: str) -> Deleted:
    """Delete every version of a card that was never printed (and its results); refused, naming what
    uses it, once a print batch, an entry, a scan or a pick'em pool does."""
    with store.transaction() as tx:
        latest = card_rows.latest(tx, slug)
        zone = ZoneInfo(latest.timezone)
        printed = batches.of_card(tx, slug)
        if printed:
            b = printed[0]
            when = datetime.fromisoformat(b.created_at).astimezone(zone)
            more = (
                f" and {len(printed) - 1} more batch{'es' if len(printed) > 2 else ''}"
                if len(printed) > 1
                else ""
            )
            raise RefusedError(
                f"card {slug} cannot be deleted: it has been printed — serials "
                f"{format_serial(b.first_serial)}–{format_serial(b.last_serial)} of version {b.version} "
                f"on {brief(when, zone=True)} ({b.file}){more}. A printed card stays in the pool's "
                "history; take games off with `game set … ⟨off⟩`, or start a new card."
            )
        uses = {
            "entries": entry_rows.count(tx, slug),
            "scanned cards": scan_rows.count(tx, slug),
        }
        used = [f"{n} {what}" for what, n in uses.items() if n]
        pools = [p.slug for p in pickem_rows.of_card(tx, slug)]
        if pools:
            used.append(f"pick'em pool{'s' if len(pools) > 1 else ''} {', '.join(sorted(pools))}")
        if used:
            raise RefusedError(f"card {slug} cannot be deleted: it has {' and '.join(used)}.")
        versions = card_rows.history(tx, slug)
        results = result_rows.count(tx, slug)
        result_rows.delete_of(tx, slug)
        card_rows.delete_all(tx, slug)
        tx.audit(
            "card.delete",
            slug,
            versions=len(versions),
            results=results,
            last_version=json.loads(latest.model_dump_json()),
        )
        return Deleted(slug, latest.title, len(versions), results)


@dataclass(frozen=True)
class Archived:
    slug: str
    title: str
    entries: int  # entries of the card (kept: archiving deletes nothing)


@retry_conflicts
def archive_card(store: Store, slug: str, *, force: bool = False) -> Archived:
    """Take card `slug` out of the listings (a printed test card): nothing is deleted, every command
    still takes it, `cards --all` lists it. A card with entries is refused unless `force`."""
    with store.transaction() as tx:
        card = card_rows.latest(tx, slug)
        if slug in card_rows.archived(tx):
            raise ParlayError(
                f"card {slug} is already archived. Bring it back with `parlaycards card unarchive {slug}`."
            )
        entries = entry_rows.count(tx, slug)
        if entries and not force:
            raise RefusedError(
                f"card {slug} has {entries} entr{'y' if entries == 1 else 'ies'}: archiving would take a played "
                f"card out of the listings. Nothing was changed: add {option('force')} if it is a test card all "
                "the same (nothing is deleted)."
            )
        card_rows.set_archived(tx, slug, True)
        return Archived(slug, card.title, entries)


@retry_conflicts
def unarchive_card(store: Store, slug: str) -> Archived:
    """Put an archived card back in the listings."""
    with store.transaction() as tx:
        card = card_rows.latest(tx, slug)
        if slug not in card_rows.archived(tx):
            raise ParlayError(f"card {slug} is not archived: it is in the listings already.")
        card_rows.set_archived(tx, slug, False)
        return Archived(slug, card.title, entry_rows.count(tx, slug))
