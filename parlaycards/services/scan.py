"""Scan: read filled cards back from scanner PDFs and photos, enter the sure ones, send the rest to review.

A scanned card becomes an ordinary entry, through the very checks `entry add` makes (cutoff, pick
counts, same game, verify code, serial printed and not yet entered). Nothing is guessed: an unsure
bubble, both sides of a market, an unreadable QR, a missing corner mark, a stake that is not clear,
or any refusal sends the card to review with the reason, where a person accepts or rejects it. The
same card scanned twice with the same marks is entered once, and said so.

The pages are read outside any transaction (reading is the slow part); the entries and the scan
records are then stored in one transaction. A crop of every card is kept beside the database.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TypedDict, Unpack
from zoneinfo import ZoneInfo

from ..core.errors import ParlayError, Source, option
from ..core.models import Card, Entry
from ..core.text import brief
from ..core.verify import format_serial
from ..io.entries import RawEntry
from ..store import Store, Tx, retry_conflicts
from ..store import cards as card_rows
from ..store import scans as scan_rows
from ..store.batches import all_batches
from .checks import FUTURE, Checks
from .entries import enter_one
from .review_rows import pick_row
from .review_rows import several as several  # the cards one --accept or --reject names
from .scanned import CardOutcome as CardOutcome  # what a scan made of each card, named here by its users
from .scanned import keep_read

DEFAULT_STAKE = "default_stake"
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ScanReport:
    slug: str
    pages: int
    blank: tuple[str, ...]  # blank pages, by where
    cards: tuple[CardOutcome, ...]
    folder: Path

    def count(self, status: str) -> int:
        return sum(c.status == status for c in self.cards)

    def review_kinds(self) -> dict[str, int]:
        """Review reasons by kind, most common first: {"unsure mark": 3, …}."""
        kinds: dict[str, int] = {}
        for c in self.cards:
            if c.status == "review":
                k = kind(c.reasons[0]) if c.reasons else "other"
                kinds[k] = kinds.get(k, 0) + 1
        return dict(sorted(kinds.items(), key=lambda kv: -kv[1]))


KINDS = (  # the first needle found in a reason names its kind
    ("no card found", "no card found"),
    ("read on this page, but", "a card not found"),
    ("cannot see what is drawn", "washed out (glare)"),
    ("ink beside the bubbles", "ink beside the bubbles"),
    ("a line runs through the whole scanned page", "a streak on the scanned page"),
    ("could not be lined up", "could not be lined up"),
    ("no marks on the card", "no marks"),
    ("unsure mark", "unsure mark"),
    ("erased or light", "erased or light mark"),
    ("unsure stake", "unsure stake mark"),
    ("both sides", "both sides marked"),
    ("over and under", "both sides marked"),
    ("QR code cannot", "QR unreadable"),
    ("corner mark", "corner mark missing"),
    ("corner marks", "corner mark missing"),
    ("never printed", "serial never printed"),
    ("restored from", "printed after the backup restored"),
    ("already entered", "serial already entered"),
    ("scanned more than once", "scanned twice, marks differ"),
    ("verify code", "verify code does not match"),
    ("stake not marked", "stake not marked"),
    ("two stakes", "two stakes marked"),
    ('"Other $"', "other stake"),
    ("cutoff", "after the cutoff"),
    ("before serial", "received before it was printed"),
    ("picks", "pick count or same game"),
    ("pick ", "pick count or same game"),
    ("printed for", "another card"),
    ("QR says", "another card"),
    ("this is ", "another card"),
)


def kind(reason: str) -> str:
    for needle, name in KINDS:
        if needle in reason:
            return name
    return "other"


def crops_folder(db_url: str) -> Path:
    """Where crops are kept: beside a SQLite file (`pool.db` → `pool-scans/`), else `./parlaycards-scans/`."""
    if db_url.startswith("sqlite:///"):
        db = Path(db_url.removeprefix("sqlite:///"))
        return db.with_name(db.stem + "-scans")
    return Path("parlaycards-scans")


def scan_cards(
    store: Store,
    slug: str,
    files: list[Path],
    *,
    stake: Decimal | None = None,
    received: datetime | None = None,
    late: bool = False,
    folder: Path | None = None,
    progress: Progress | None = None,
) -> ScanReport:
    """Read every card in `files`, enter the sure ones and keep the rest for review. `stake` is the stake
    of a card with no stake marked; `received` when the cards were handed in (naive: the card's zone)."""
    from ..io.files import check_output
    from ..io.scan_limits import count_pages
    from ..io.templates import list_templates, load_template
    from ..scan.batch import Job, read_all

    counts = count_pages(files)  # every file readable, or nothing happens
    default = stake
    with store.reading() as tx:
        current = card_rows.latest(tx, slug)
        Checks(tx, slug)  # the card has printed cards at all
        if default is None and tx.meta(DEFAULT_STAKE):
            default = Decimal(tx.meta(DEFAULT_STAKE) or "")
        ranges = tuple(
            sorted((b.first_serial, b.last_serial, b.slug, b.version, b.template) for b in all_batches(tx))
        )
        versions = {v: card_rows.get(tx, slug, v) for v in card_rows.printed_versions(tx, slug)}
        secret = tx.secret
        unrecorded = tx.unrecorded()
    zone = ZoneInfo(current.timezone)
    when = _received(received, current)
    cutoff = current.rules.cutoff
    if cutoff is not None and when > cutoff and not late:
        local = cutoff.astimezone(zone)
        raise ParlayError(
            f"the cutoff of {slug} was {brief(local, year=True)} ({current.timezone}), and these cards would be entered "
            f"as received {brief(when.astimezone(zone), year=True)}, after it: every one would be refused. Pass "
            f'{option("received")} with when the cards were handed in (e.g. {option("received")} "2026-11-22 12:30"), '
            f"or {option('late')} to accept them after the cutoff on purpose."
        )
    _refuse_all_started(current, when, slug)
    _refuse_to_come(current, when)
    folder = folder or Path("parlaycards-scans")
    # the crops' folder can be written, before any page is read; a new one is its owner's only (each crop
    # shows a card's verify code)
    check_output(
        folder / f"{slug}-crop.jpg",
        "crops",
        remedy=f"the scanned cards' pictures are kept in {folder}, beside the pool: make it a folder you can "
        "write, then scan again",
    )
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    templates = {t.name: t for t in list_templates()}
    for _, _, printed_slug, _, template in ranges:  # a batch printed from a template file: by its path
        if printed_slug == slug and template not in templates:
            templates[template] = load_template(template)
    job = Job(slug, ranges, versions, default, folder, secret, templates=templates, write=write_crop)
    job.unrecorded = unrecorded
    read, blank = read_all(job, files, counts, progress)
    outcomes = keep_read(store, slug, read, sum(counts), folder, when, late)
    return ScanReport(slug, sum(counts), tuple(blank), outcomes, folder)


def _refuse_all_started(card: Card, when: datetime, slug: str) -> None:
    """Cards received after every game of the card kicked off would each be refused (no pick on a started
    game is taken): say so once, before any page is read, as for the cutoff."""
    kicks = [g.kickoff for g in card.games if not g.off]
    if not kicks or not all(isinstance(k, datetime) and k.tzinfo is not None for k in kicks):
        return
    last = max(k for k in kicks if isinstance(k, datetime))
    if when >= last:
        zone = ZoneInfo(card.timezone)
        raise ParlayError(
            f"every game of {slug} had kicked off by {brief(last.astimezone(zone), year=True)} "
            f"({card.timezone}), and these cards would be entered as received "
            f"{brief(when.astimezone(zone), year=True)}: every pick would be refused. Pass "
            f'{option("received")} with when the cards were handed in (e.g. {option("received")} "2026-11-22 12:30").'
        )


def _refuse_to_come(card: Card, when: datetime) -> None:
    """Cards received at a time still to come would each be refused: say so once, before any page is read."""
    if when > datetime.now(UTC) + FUTURE:
        local = when.astimezone(ZoneInfo(card.timezone))
        raise ParlayError(
            f"these cards would be entered as received {brief(local, year=True)} ({card.timezone}), which is "
            "still to come: a card is received when it is handed in, at the latest now (a typo in the date or "
            f"the year?). Pass {option('received')} with when the cards were handed in (e.g. "
            f'{option("received")} "2026-11-22 12:30"), or leave it out for now.'
        )


def write_crop(path: Path, blob: bytes) -> None:
    """A card's crop, whole or not at all (kept for disputes, not money: no fsync)."""
    from ..io.files import atomic_output

    with atomic_output(path, durable=False, private=True) as part:
        part.write_bytes(blob)


def _received(when: datetime | None, card: Card) -> datetime:
    """When cards were handed in: `core.zones.handed_in`, the one rule every entry follows."""
    from ..core.zones import handed_in

    return handed_in(when, card)


def reviews(store: Store, slug: str, everything: bool = False) -> tuple[Card, list[scan_rows.ScanRow]]:
    """The cards waiting for a person (or every card scanned, with `everything`)."""
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
        return card, scan_rows.of(tx, slug, None if everything else scan_rows.OPEN)


@retry_conflicts
def accept_many(
    store: Store, slug: str, which: list[str], *, stake: Decimal | None = None, late: bool = False
) -> list[Entry]:
    """Enter several cards from review at once, each as it was read (with `stake` for those read
    without one): all of them, or, when one cannot be entered, none, naming it."""
    with store.transaction() as tx:
        return [_accept(tx, slug, w, stake=stake, late=late) for w in which]


@retry_conflicts
def reject_many(store: Store, slug: str, which: list[str], *, reason: str) -> list[scan_rows.ScanRow]:
    """Take several cards out of review at once, with one reason: all of them or none."""
    _reason(reason)
    with store.transaction() as tx:
        return [_reject(tx, slug, w, reason) for w in which]


class Given(TypedDict, total=False):
    """What a person gives when accepting a card from review (anything not given is as read)."""

    serial: int | None
    picks: tuple[int, ...] | None
    stake: Decimal | None
    code: str | None
    name: str
    received: datetime | None
    late: bool
    replace: bool


@retry_conflicts
def accept(store: Store, slug: str, which: str, **given: Unpack[Given]) -> Entry:
    """Enter a card from review: as read, or with the picks, stake and code a person gives. It is
    received when the scan said (or at `received`)."""
    with store.transaction() as tx:
        return _accept(tx, slug, which, **given)


def _accept(
    tx: Tx,
    slug: str,
    which: str,
    *,
    serial: int | None = None,
    picks: tuple[int, ...] | None = None,
    stake: Decimal | None = None,
    code: str | None = None,
    name: str = "",
    received: datetime | None = None,
    late: bool = False,
    replace: bool = False,
) -> Entry:
    row = pick_row(tx, slug, which)
    number, chosen, amount = _completed(row, serial, picks, stake)
    checks = Checks(tx, slug, replace=replace)
    when = _received(received, checks.current) if received else row.received_at
    late = late or row.late
    checks.prefetch([number])
    raw = RawEntry(
        source=Source(file=row.file),
        serial=number,
        code=code or row.code,
        name=name.strip(),
        stake=amount,
        picks=tuple(chosen),
        received_at=when,
        late=late,
    )
    entry = enter_one(
        tx,
        slug,
        checks,
        raw,
        where=f"review #{row.id}",
        late=late,
        source="scan",
        correct_with=f"accept it with {option('replace')}",
        review=row.id,
    )
    _close(tx, slug, row, entry, number)
    return entry


def _completed(
    row: scan_rows.ScanRow, serial: int | None, picks: tuple[int, ...] | None, stake: Decimal | None
) -> tuple[int, tuple[int, ...], Decimal]:
    """The serial, picks and stake of a card in review: as given, else as read; refused, saying what to
    give, when neither has one."""
    number = serial if serial is not None else row.serial
    if number is None:
        raise ParlayError(
            f"review #{row.id} has no serial (its QR could not be read): give the serial and code "
            f'printed on the card, e.g. {option("accept")} "#{row.id}" {option("serial")} 000123 '
            f"{option('code')} K7F2Q9"
        )
    chosen = picks if picks is not None else row.picks
    amount = stake if stake is not None else row.stake
    if not chosen:
        raise ParlayError(
            f"no picks were read from card {format_serial(number)}: give them with "
            f"{option('picks')}, e.g. {option('picks')} 101,104,117."
        )
    if amount is None:
        raise ParlayError(
            f"no stake was read from card {format_serial(number)}: give it with {option('stake')}, "
            f"e.g. {option('stake')} 5."
        )
    return number, tuple(chosen), amount


def _close(tx: Tx, slug: str, row: scan_rows.ScanRow, entry: Entry, number: int) -> None:
    """The review row accepted, and every other open scan of the same card closed as its duplicate."""
    at = datetime.now(UTC)
    scan_rows.resolve(
        tx,
        row.id,
        "accepted",
        f"entered as {entry.serial}: {','.join(map(str, entry.picks))} at {entry.stake}",
        at,
    )
    for other in scan_rows.of(tx, slug, scan_rows.OPEN):
        if other.serial == number:
            scan_rows.resolve(
                tx,
                other.id,
                "duplicate",
                f"another scan of card {entry.serial} was accepted (review #{row.id})",
                at,
            )


@retry_conflicts
def reject(store: Store, slug: str, which: str, *, reason: str) -> scan_rows.ScanRow:
    """Take a card out of review without entering it; the reason is kept and audited."""
    _reason(reason)
    with store.transaction() as tx:
        return _reject(tx, slug, which, reason)


def _reason(reason: str) -> None:
    if not reason.strip():
        raise ParlayError(
            f"{option('reason')} is required: say why the card is rejected, e.g. {option('reason')} "
            '"two marks on 104".'
        )


def _reject(tx: Tx, slug: str, which: str, reason: str) -> scan_rows.ScanRow:
    row = pick_row(tx, slug, which)
    scan_rows.resolve(tx, row.id, "rejected", reason.strip(), datetime.now(UTC))
    tx.audit(
        "scan.reject",
        slug,
        review=row.id,
        serial=format_serial(row.serial) if row.serial else None,
        reason=reason.strip(),
    )
    return row


@retry_conflicts
def set_default_stake(store: Store, value: Decimal | None) -> Decimal | None:
    """The stake a scanned card gets when none of its stake bubbles is marked (None: no default)."""
    with store.transaction() as tx:
        tx.set_meta(DEFAULT_STAKE, str(value) if value is not None else "")
        tx.audit("pool.setting", None, default_stake=str(value) if value is not None else None)
    return value


def default_stake(store: Store) -> Decimal | None:
    with store.reading() as tx:
        text = tx.meta(DEFAULT_STAKE)
    return Decimal(text) if text else None
