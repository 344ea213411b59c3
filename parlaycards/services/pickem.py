"""Pick'em pools: create a pool on a card, take entries (typed or from a sheet), grade a week, season standings.

A pool keeps the lines of the card version it was made on: later edits of the card do not move its spreads.
Results are the card's, shared with parlay grading (`parlaycards result set/import`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..core.choices import PickemBasis, TiebreakRule
from ..core.edits import validation_text
from ..core.errors import ParlayError, RefusedError, option
from ..core.models import Card, Game
from ..core.pickem import (
    POOL_SLUG,
    PickemEntry,
    PickemPool,
    missing_games,
    name_key,
    picks_from_numbers,
    pool_games,
    tiebreak_game,
)
from ..core.pickem_week import WeekReport, fees_collected, grade_week
from ..core.prizes import Prize
from ..core.season import SeasonReport, season_standings
from ..core.text import dollars, plural
from ..core.zones import handed_in
from ..store import Store, Tx, retry_conflicts
from ..store import cards as card_rows
from ..store import pickem as rows
from .pickem_checks import (
    before_the_pool,
    check_open,
    none_stored,
    paid_status,
    past_posted,
    past_posted_error,
    row_entry,
)

if TYPE_CHECKING:
    from ..core.handed import EntrySheet
    from ..io.pickem import PickemRow

PUSH_ACCEPTED = "Accepted: points for a push from 0 to 1, e.g. 0.5, 0, 1."
PICKS_ACCEPTED = (
    "Accepted: one selection number per game naming the away or home side, separated by commas "
    "or spaces, e.g. 101,104,106."
)


@dataclass(frozen=True)
class PoolView:
    pool: PickemPool
    card: Card
    entries: tuple[PickemEntry, ...] = ()
    collected: Decimal = Decimal(0)  # the entry fees taken so far (`entries` only)

    @property
    def games(self) -> tuple[Game, ...]:
        return pool_games(self.card)

    @property
    def tiebreak(self) -> Game:
        return tiebreak_game(self.pool, self.games)


@dataclass(frozen=True)
class Added:
    entry: PickemEntry
    missing: tuple[Game, ...]
    replaced: bool
    fee: Decimal = Decimal(0)  # the pool's entry fee
    pool: str = ""

    @property
    def fee_said(self) -> str | None:
        """Whether the entry's fee is counted paid or owed (None: the pool has no fee)."""
        if self.fee <= 0:
            return None
        if self.entry.paid:
            return f"Its {dollars(self.fee)} fee is counted as paid: if it is still owed, enter it again with {option('unpaid')} {option('replace')}."
        return f'Its {dollars(self.fee)} fee is owed: `parlaycards pickem fee {self.pool} "{self.entry.name}"` when it comes in.'


@dataclass
class PickemImported:
    file: str
    stored: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # "row 7 (Dana): reason; reason"
    short: list[str] = field(default_factory=list)  # names with games left blank (they score 0)
    ignored: tuple[str, ...] = ()


@retry_conflicts
def create_pool(
    store: Store,
    slug: str,
    *,
    card: str,
    basis: PickemBasis = "ats",
    push: Decimal = Decimal("0.5"),
    tiebreak_rule: TiebreakRule = "closest",
    tiebreak: int | None = None,
    fee: Decimal = Decimal(0),
    prizes: tuple[Prize, ...] | None = None,
    season: str | None = None,
    version: int | None = None,
    made_at: datetime | None = None,
) -> PoolView:
    """Make a pick'em pool on the latest (or given) version of a card. `made_at` dates the pool (default
    now: the demo replays a week gone by); an entry dated before it on a game started by then is refused."""
    if not re.fullmatch(POOL_SLUG, slug):
        raise ParlayError(
            f'the pool name "{slug}" is not accepted. Accepted: lower-case letters, digits and '
            "dashes, e.g. office-w12."
        )
    if not Decimal(0) <= push <= Decimal(1):
        raise ParlayError(f'"{push}" is not accepted. {PUSH_ACCEPTED}', field="push")
    entry_fee, prize_list = fee, prizes
    with store.transaction() as tx:
        c = card_rows.get(tx, card, version) if version else card_rows.latest(tx, card)
        if not pool_games(c):
            raise ParlayError(f"card {c.slug} version {c.version} has no games on it to pick.")
        key = None
        if tiebreak is not None:
            hit = c.selection(tiebreak)
            if hit is None or hit[0].off:
                raise ParlayError(
                    f"{option('tiebreak_game')} {tiebreak} is not a game in the pool. Accepted: any "
                    f"selection number of a game on {c.slug} version {c.version} "
                    f"(see `parlaycards show {c.slug}`)."
                )
            key = hit[0].key
        fields: dict[str, Any] = {
            "slug": slug,
            "card": c.slug,
            "version": c.version,
            "season": season,
            "basis": basis,
            "push_points": push,
            "tiebreak_game": key,
            "tiebreak_rule": tiebreak_rule,
            "fee": entry_fee,
        }
        if prize_list is not None:
            fields["prizes"] = prize_list
        try:
            pool = PickemPool.model_validate(fields)
        except ValidationError as exc:
            raise ParlayError(validation_text(exc)) from None
        rows.create(tx, pool, made_at)
        return PoolView(pool, c)


@dataclass(frozen=True)
class SheetOf:
    """What a pick'em sheet prints: the card version, its tiebreak game, and whose they are."""

    card: Card
    tiebreak: Game
    pool: PickemPool | None


def sheet_of(tx: Tx, slug: str) -> SheetOf:
    """The pool `slug`'s card version and tiebreak game; or, for a card slug, its one pool's (several pools
    with different tiebreakers: refused, naming them), else its latest version and last game by kickoff."""
    from ..core.errors import NotFoundError
    from ..core.pickem import last_by_kickoff

    try:
        view = pool_view(tx, slug)
        return SheetOf(view.card, view.tiebreak, view.pool)
    except NotFoundError:
        if not card_rows.exists(tx, slug):
            raise
    pools = rows.of_card(tx, slug)
    views = [pool_view(tx, p.slug) for p in pools]
    differ = {(v.card.version, v.tiebreak.key) for v in views}
    if len(differ) > 1:
        names = ", ".join(f"{v.pool.slug} ({v.tiebreak.label()}, v{v.card.version})" for v in views)
        raise ParlayError(
            f"card {slug} has pick'em pools with different tiebreakers or card versions: {names}. "
            f"Print a pool's own sheet: parlaycards pickem print {views[0].pool.slug}"
        )
    if views:
        return SheetOf(views[0].card, views[0].tiebreak, views[0].pool)
    card = card_rows.latest(tx, slug)
    games = pool_games(card)
    if not games:
        raise ParlayError(f"card {slug} has no game on it for a pick'em sheet.")
    return SheetOf(card, last_by_kickoff(games), None)


def pool_view(tx: Tx, slug: str) -> PoolView:
    pool = rows.get(tx, slug)
    return PoolView(pool, card_rows.get(tx, pool.card, pool.version))


@retry_conflicts
def add_entry(
    store: Store,
    slug: str,
    *,
    name: str,
    picks: tuple[int, ...],
    tiebreak: int | None = None,
    paid: bool | None = None,
    replace: bool = False,
    received_at: datetime | None = None,
    late: bool = False,
) -> Added:
    """Store one entrant's picks (selection numbers) and tiebreak guess. `paid` None keeps what the
    entrant's earlier entry says (fees already recorded stay), else paid. `received_at` is when the picks
    were handed in (naive: the card's wall clock; default now). Refused once a prize was paid, after the
    card's cutoff unless `late` (on purpose), and with a pick on a game already started (late or not)."""
    with store.transaction() as tx:
        view = pool_view(tx, slug)
        current = card_rows.latest(tx, view.card.slug)
        received = handed_in(received_at, current)
        check_open(tx, view, received, late, how="typed")
        paid = paid_status(paid, rows.by_name(tx, slug).get(name_key(name)))
        chosen, problems = picks_from_numbers(picks, view.card)
        if problems:
            raise RefusedError(
                f'"{",".join(map(str, picks))}": {plural(len(problems), "problem")}; nothing was stored. '
                f"{PICKS_ACCEPTED}",
                problems=tuple(problems),
                field="picks",
            )
        if not chosen:
            raise RefusedError(f"no picks given. {PICKS_ACCEPTED}", field="picks")
        try:
            entry = PickemEntry(
                name=name,
                picks=tuple(chosen.items()),
                tiebreak=tiebreak,
                paid=paid,
                received_at=received,
            )
        except ValidationError as exc:
            raise ParlayError(validation_text(exc)) from None
        before = rows.by_name(tx, slug).get(entry.key)
        if before is not None and not replace:
            raise RefusedError(
                f"{before.name} already has an entry in {slug}; nothing was stored. "
                f"Add {option('replace')} to put these picks in its place."
            )
        started = past_posted(picks, view.card, current, received)
        if started:
            raise past_posted_error(started, late)
        dated = before_the_pool(tx, view, list(chosen), current, received)
        if dated:
            raise RefusedError(f"{dated}. Nothing was stored.", field="received")
        rows.save(tx, slug, [entry], "typed")
        return Added(entry, missing_games(chosen, view.card), before is not None, view.pool.fee, slug)


@retry_conflicts
def import_entries(store: Store, slug: str, handed: EntrySheet, *, replace: bool = False) -> PickemImported:
    """Store every valid row of an entry sheet and list every refused row with its reasons (§4 of
    SETTLEMENT.md); with `handed.all_or_nothing`, any refused row stores none. A row identical to the
    stored entry of the same name is left as it is, so a corrected sheet can be imported again."""
    from ..io.pickem import read_entries

    path = handed.path
    with store.reading() as tx:
        view = pool_view(tx, slug)
    sheet = read_entries(path, view.card)
    report = PickemImported(file=path.name, ignored=sheet.ignored)
    with store.transaction() as tx:
        view = pool_view(tx, slug)
        current = card_rows.latest(tx, view.card.slug)
        received = handed_in(handed.received, current)
        check_open(tx, view, received, handed.late, how="imported", file=path.name)
        stored = rows.by_name(tx, slug)
        in_file: dict[str, int] = {}
        keep: list[PickemEntry] = []
        for raw in sheet.rows:
            entry, reasons = row_entry(raw, view, stored, in_file, received, current)
            dated = (
                before_the_pool(tx, view, [k for k, _ in entry.picks], current, received) if entry else None
            )
            reasons = [*reasons, dated] if dated else reasons
            if reasons or entry is None:
                report.refused.append(f"{raw.source} ({raw.name or 'no name'}): " + "; ".join(reasons))
                continue
            if not _file_row(report, raw, entry, stored.get(name_key(raw.name)), replace):
                continue
            if missing_games(dict(entry.picks), view.card):
                report.short.append(entry.name)
            keep.append(entry)
        if report.refused and (handed.all_or_nothing or not (keep or report.unchanged)):
            raise none_stored(path, report, handed.all_or_nothing)
        rows.save(tx, slug, keep, "imported")
        tx.audit(
            "pickem.import",
            view.card.slug,
            pool=slug,
            file=str(path),
            stored=len(report.stored),
            replaced=len(report.replaced),
            refused=len(report.refused),
        )
    return report


def _file_row(
    report: PickemImported, raw: PickemRow, entry: PickemEntry, before: PickemEntry | None, replace: bool
) -> bool:
    """File a valid row in the report against the entrant's stored entry (`before`): stored, replaced,
    unchanged, or refused as a different entry under a name already in without `replace`. True: save it."""
    if before is None:
        report.stored.append(entry.name)
        return True
    if (before.picks, before.tiebreak, before.paid) == (entry.picks, entry.tiebreak, entry.paid):
        report.unchanged.append(entry.name)
        return False
    if not replace:
        report.refused.append(
            f"{raw.source} ({raw.name}): {before.name} already has a different "
            f"entry in this pool (import with {option('replace')} to replace it)"
        )
        return False
    report.replaced.append(entry.name)
    return True


def entries(store: Store, slug: str) -> PoolView:
    """A pool's entrants, and what their fees taken come to."""
    from ..store.payments import paid_so_far

    with store.reading() as tx:
        view = pool_view(tx, slug)
        entered = tuple(rows.entries(tx, slug))
        taken = fees_collected(view.pool.fee, entered, paid_so_far(tx, slug, "fee"))
        return PoolView(view.pool, view.card, entered, taken)


def week_report(tx: Tx, slug: str) -> WeekReport:
    from ..store.payments import paid_so_far

    view = pool_view(tx, slug)
    entries = rows.entries(tx, slug)
    try:
        report = grade_week(view.pool, view.card, entries, rows.results(tx, view.card.slug))
    except ValueError as exc:
        raise ParlayError(f"pick'em pool {slug}: {exc}") from None
    taken = fees_collected(view.pool.fee, entries, paid_so_far(tx, slug, "fee"))
    return report.model_copy(update={"collected": taken})  # a plain amount: nothing to validate again


def grade(store: Store, slug: str) -> WeekReport:
    """Score and rank a week against the card's results (whatever results exist so far)."""
    with store.reading() as tx:
        return week_report(tx, slug)


def standings(store: Store, season: str) -> SeasonReport:
    """Add up weekly scores across every pool of the season."""
    with store.reading() as tx:
        weeks = [week_report(tx, p.slug) for p in rows.of_season(tx, season)]
    return season_standings(weeks[0].pool.season or season, weeks)


def write_week(report: WeekReport, path: Path) -> Path:
    from ..report.pickem_xlsx import write_week_xlsx

    _xlsx_path(path)
    write_week_xlsx(report, path)
    return path


def write_season(report: SeasonReport, path: Path) -> Path:
    from ..report.pickem_xlsx import write_season_xlsx

    _xlsx_path(path)
    write_season_xlsx(report, path)
    return path


def _xlsx_path(path: Path) -> None:
    if path.suffix.lower() != ".xlsx":
        raise ParlayError(
            f"{path}: the report is a workbook. Accepted: a file name ending in .xlsx.", field="xlsx"
        )
    path.parent.mkdir(parents=True, exist_ok=True)
