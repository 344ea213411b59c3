"""Entries: add one, import a sheet, list them, pay winners. SETTLEMENT.md §4's checks, one transaction each.

An entry is bound to the card version its serial was printed from: its lines, payouts and pick rules
are that version's. Games taken off and the cutoff are the card's as it stands now. A refused row is
never stored; an import stores every accepted row and lists every refused one, or with
`all_or_nothing` stores nothing when any row is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from ..core.choices import SourceKind
from ..core.errors import NotFoundError, ParlayError, RefusedError, Source, option
from ..core.models import Entry, Settlement
from ..core.money import ZERO, dollars, hand_back, pay_out
from ..core.text import brief, folded, plural
from ..core.verify import format_serial, normalise_code, parse_qr_link, parse_qr_payload
from ..core.zones import handed_in, on_card
from ..report.entries import EntryList, entry_fields
from ..store import cards as card_rows
from ..store import entries as entry_rows
from ..store import results as result_rows
from ..store import retry_conflicts
from ..store import scans as scan_rows
from ..store import settlements as settlement_rows
from ..store import voids as void_rows
from .voids import refuse_absent

if TYPE_CHECKING:
    from ..core.handed import EntrySheet
    from ..io.entries import RawEntry  # the sheet readers: loaded by the commands that enter cards
    from ..store import Store, Tx
    from ..store.look import Pool
    from .checks import Checks  # grading's rules and the leagues table: loaded by what enters or pays

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Refused:
    where: str  # `entries.xlsx, sheet "Week 12", row 7`, or `serial 000123`
    serial: str | None
    reasons: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.where}: " + "; ".join(self.reasons)


@dataclass(frozen=True)
class Imported:
    file: str
    stored: tuple[Entry, ...]
    refused: tuple[Refused, ...]


@retry_conflicts
def add_entry(
    store: Store,
    slug: str,
    *,
    serial: int | None,
    name: str,
    stake: Decimal,
    picks: tuple[int, ...],
    code: str | None = None,
    late: bool = False,
    received: datetime | None = None,
    replace: bool = False,
    qr: str | None = None,
) -> Entry:
    """Enter one card typed in by hand (or its QR text, as a barcode reader types it). `received` is when
    it was handed in (naive: the card's wall clock; default now). RefusedError says every reason it is refused."""
    from .checks import Checks

    if qr is not None:
        serial, code = _from_qr(qr, slug, serial, code)
    if serial is None:
        raise ParlayError("give the card's ⟨serial⟩ (the number printed on it), or its ⟨qr⟩.")
    with store.transaction() as tx:
        checks = Checks(tx, slug, replace=replace)
        current = checks.current
        when = on_card(received, current) if received else None  # a year left out: the card's week's
        checks.prefetch([serial])
        from ..io.entries import RawEntry

        raw = RawEntry(
            source=Source(),
            serial=serial,
            code=code,
            name=name.strip(),
            stake=stake,
            picks=tuple(picks),
            received_at=when,
            late=late,
        )
        return enter_one(
            tx,
            slug,
            checks,
            raw,
            where="⟨serial⟩",
            late=late,
            source="typed",
            correct_with="enter it again with ⟨replace⟩",
        )


def enter_one(
    tx: Tx,
    slug: str,
    checks: Checks,
    raw: RawEntry,
    *,
    where: str,
    late: bool,
    source: SourceKind,
    correct_with: str,
    **audit: object,
) -> Entry:
    """Check one card and store it (in place of its serial's entry when `checks` allows replacing);
    RefusedError with every reason otherwise. `audit` adds to the audit entry."""
    entry, reasons = checks.check(raw, where=where, late=late, source=source, now=datetime.now(UTC))
    if entry is None:
        if any("already entered" in r for r in reasons) and not checks.replace:  # given: another card's
            reasons.append(f"to correct an entry, {correct_with}")
        raise RefusedError(
            f"card {format_serial(raw.serial or 0)} is refused, nothing was stored", problems=tuple(reasons)
        )
    old = entry_rows.get(tx, int(entry.serial))
    if old is not None:
        if entry_rows.payments(tx, slug).get(entry.serial):
            raise RefusedError(f"card {entry.serial} has been paid out, so it cannot be replaced.")
        if not entry.name:  # a correction without a name keeps the player's name
            entry = entry.model_copy(update={"name": old[1].name})
        entry_rows.replace(tx, slug, entry)
        tx.audit("entry.replace", slug, old=entry_fields(old[1]), new=entry_fields(entry), **audit)
    else:
        entry_rows.insert_many(tx, slug, [entry])
        tx.audit("entry.add", slug, **entry_fields(entry), **audit)
    return entry


def _from_qr(qr: str, slug: str, serial: int | None, code: str | None) -> tuple[int, str]:
    """Serial and code from a card's QR text; a QR of another card, or one that disagrees with a
    serial or code also given, is refused."""
    parsed = parse_qr_payload(qr)
    linked = parse_qr_link(qr) if parsed is None else None
    if parsed is None and linked is None:
        raise ParlayError(
            f'⟨qr⟩ "{qr}" is not a parlaycards QR code. Accepted: the text a barcode reader types '
            'from the card, e.g. "PC1|nfl-w12|3|000123|K7F2Q9" or "https://pool.example.org/c/000123-K7F2Q9".'
        )
    if parsed is not None:
        on, _version, number, printed_code = parsed
    else:
        assert linked is not None
        on, (number, printed_code) = (
            slug,
            linked,
        )  # the card: the batch that printed the serial, checked after
    if on != slug:
        raise ParlayError(f"⟨qr⟩: this card is {on}, not {slug}.")
    if serial is not None and serial != number:
        raise ParlayError(
            f"⟨qr⟩ says serial {format_serial(number)}, but ⟨serial⟩ says {format_serial(serial)}."
        )
    if code is not None and normalise_code(code) != normalise_code(printed_code):
        raise ParlayError(f"⟨qr⟩ says code {printed_code}, but ⟨code⟩ says {code}.")
    return number, printed_code


@retry_conflicts
def import_entries(store: Store, slug: str, handed: EntrySheet, progress: Progress | None = None) -> Imported:
    """Enter every row of an entry sheet; refused rows are listed with their reasons, never stored. A row
    with no Received time was received at `handed.received` (naive: the card's wall clock; default now)."""
    from ..io.entries import read_entries
    from .checks import Checks, zone_of
    from .grading import bulk_work

    with store.reading() as tx:
        current = card_rows.latest(tx, slug)
    with bulk_work():
        sheet = read_entries(handed.path, zone_of(current))
    now = handed_in(handed.received, current)
    stored: list[Entry] = []
    refused: list[Refused] = []
    with bulk_work(), store.transaction() as tx:
        checks = Checks(tx, slug)
        checks.prefetch([r.serial for r in sheet.rows if r.serial is not None])
        total = len(sheet.rows)
        for i, raw in enumerate(sheet.rows, start=1):
            where = str(raw.source)
            entry, reasons = checks.check(
                raw, where=f"row {raw.source.row}", late=handed.late, source="imported", now=now
            )
            if entry is None:
                refused.append(
                    Refused(where, format_serial(raw.serial) if raw.serial else None, tuple(reasons))
                )
            else:
                stored.append(entry)
            if progress and (i % 250 == 0 or i == total):
                progress(i, total)
        if not sheet.rows:
            raise ParlayError(f"{sheet.file}: the sheet has an entries header but no rows under it.")
        if refused and handed.all_or_nothing:
            raise RefusedError(
                f"{sheet.file}: {len(refused):,} of {plural(len(sheet.rows), 'row')} {'is' if len(refused) == 1 else 'are'} refused, so none was "
                "stored (⟨all_or_nothing⟩). Fix them and import the file again",
                problems=tuple(map(str, refused)),
            )
        if stored:
            entry_rows.insert_many(tx, slug, stored)
            tx.audit_many("entry.add", slug, [{**entry_fields(e), "file": sheet.file} for e in stored])
            tx.audit("entry.import", slug, file=str(handed.path), stored=len(stored), refused=len(refused))
    return Imported(sheet.file, tuple(stored), tuple(refused))


def list_entries(store: Store | Pool, slug: str, name: str | None = None) -> EntryList:
    """A card's entries (only those whose player's name contains `name`, case and accents aside)."""
    with store.reading() as tx:
        card = card_rows.latest(tx, slug)
        found = tuple(entry_rows.of(tx, slug))
        voided = tuple(void_rows.of(tx, slug))
        if name:
            want = folded(name).strip()
            found = tuple(e for e in found if want in folded(e.name))
            voided = tuple(v for v in voided if want in folded(v.entry.name))
        settled = settlement_rows.of(tx, slug)
        won = {s.version for s in settled.values() if s.outcome == "win"}
        return EntryList(
            card,
            found,
            entry_rows.payments(tx, slug),
            settled,
            scan_rows.crops(tx, slug),
            voided,
            {v: card.payouts if v == card.version else card_rows.get(tx, slug, v).payouts for v in won},
        )


@dataclass(frozen=True)
class Paid:
    entry: Entry
    payout: Decimal  # what the card hands back
    amount: Decimal  # paid now
    total: Decimal  # paid so far, this payment included

    @property
    def owed(self) -> Decimal:
        return self.payout - self.total


def _graded(tx: Tx, slug: str, number: int, entry: Entry, then: str) -> Settlement:
    """The card settled on the latest results, as its last grading stored it; refused when it was not
    graded since (`then`: what to do once it is)."""
    from ..core.settle import settle_entry

    last = settlement_rows.of(tx, slug).get(number)
    now_settled = settle_entry(entry, card_rows.get(tx, slug, entry.version), result_rows.of(tx, slug))
    if last is None or last.outcome != now_settled.outcome.value or last.amount != now_settled.payout:
        raise RefusedError(
            f"card {format_serial(number)} has not been graded on the latest results: run "
            f"`parlaycards grade {slug}` first, then {then}."
        )
    return now_settled


def _record(
    tx: Tx,
    slug: str,
    number: int,
    action: str,
    value: Decimal,
    total: Decimal,
    payout: Decimal,
    in_error: bool = False,
) -> None:
    """What has been paid on card `number` in all, now `total` after `value` paid (or handed back), audited."""
    entry_rows.record_payment(tx, number, total, datetime.now(UTC), slug)
    tx.audit(
        action,
        slug,
        serial=format_serial(number),
        amount=str(value),
        total_paid=str(total),
        payout=str(payout),
        **({"in_error": True} if in_error else {}),
    )


@retry_conflicts
def returned(
    store: Store, slug: str, number: int, amount: Decimal | None = None, *, in_error: bool = False
) -> Paid:
    """Record money a player handed back: a card paid more than it now pays (a score corrected after
    paying), or (`in_error`) paid by mistake, the wrong card: then all that was paid may come back. The
    amount defaults to all that was overpaid (all paid, in error), and may not exceed it."""
    s = format_serial(number)
    with store.transaction() as tx:
        found = entry_rows.get(tx, number)
        if found is None or found[0] != slug:
            card_rows.latest(tx, slug)  # names the card when it does not exist
            raise NotFoundError(f"card {s} was not entered on {slug}. See `parlaycards entries {slug}`.")
        entry = found[1]
        now_settled = _graded(tx, slug, number, entry, "record what was handed back")
        before = entry_rows.payments(tx, slug).get(s)
        paid = before.amount if before else ZERO
        value, total = hand_back(
            paid,
            ZERO if in_error else now_settled.payout,
            amount,
            who=f"card {s}",
            not_over=f"card {s} was not paid, so nothing can come back."
            if in_error
            else f"card {s} was not overpaid: it pays {dollars(now_settled.payout)} and {dollars(paid)} was "
            f"paid, so nothing is owed back. If it was paid by mistake (the wrong card), add "
            f"{option('paid_in_error')}.",
            now_is="paid by mistake, it is owed" if in_error else "it now pays",
        )
        _record(tx, slug, number, "entry.returned", value, total, now_settled.payout, in_error)
        return Paid(entry, now_settled.payout, -value, total)


@retry_conflicts
def pay(store: Store, slug: str, number: int, amount: Decimal | None = None) -> Paid:
    """Record a payment to a graded winning (or refunded) card; the amount defaults to what is still owed."""
    from .checks import zone_of

    s = format_serial(number)
    with store.transaction() as tx:
        found = entry_rows.get(tx, number)
        if found is None or found[0] != slug:
            card = card_rows.latest(tx, slug)  # names the card when it does not exist
            refuse_absent(
                tx,
                slug,
                number,
                lambda gone: (
                    f"card {s} was voided on {brief(gone.at.astimezone(zone_of(card)), zone=True)} "
                    f"({gone.reason}): a void card is never graded and has nothing to pay."
                ),
                f"card {s} was not entered on {slug}"
                + (f" (it is on {found[0]})." if found else ". See `parlaycards entries " + slug + "`."),
            )
        entry = found[1]
        now_settled = _graded(tx, slug, number, entry, "pay what it shows")
        if now_settled.outcome.value == "pending":
            raise RefusedError(f"card {s} is still pending: not every game on it has a result.")
        if now_settled.payout <= 0:
            raise RefusedError(
                f"card {s} is not a winner ({now_settled.outcome.value}): there is nothing to pay."
            )
        before = entry_rows.payments(tx, slug).get(s)
        paid = before.amount if before else ZERO
        value, total = pay_out(
            now_settled.payout,
            paid,
            amount,
            in_full=lambda: _paid_in_full(tx, slug, before),  # type: ignore[arg-type]
            owed_by=f"card {s} is owed",
            due_is="it pays",
        )
        _record(tx, slug, number, "entry.pay", value, total, now_settled.payout)
        return Paid(entry, now_settled.payout, value, total)


def _paid_in_full(tx: Tx, slug: str, before: entry_rows.Payment) -> str:
    """Why card `before.serial` is paid nothing more; naming a payment the database does not hold."""
    from ..core.restored import paid_before_restore

    tz = card_rows.latest(tx, slug).timezone
    at = datetime.fromisoformat(before.at)
    if before.restored:
        return paid_before_restore(before.serial, before.amount, at, tz) + ". Nothing was paid again."
    when = brief(at, tz, zone=True)
    return f"card {before.serial} was already paid in full: {dollars(before.amount)} (last payment {when})."
