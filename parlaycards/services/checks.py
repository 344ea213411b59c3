"""SETTLEMENT.md §4's checks that need the store, for one card within one transaction: the serial was
printed for the card and not entered or voided, its verify code, the stake within the pool's largest,
the received time near the card's week; then the rules of the card version it was printed from."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from ..core.choices import SourceKind
from ..core.errors import RefusedError
from ..core.models import Card, Entry
from ..core.money import dollars
from ..core.printable import MAX_NAME, too_long_note, unprintable_note
from ..core.settle import refusals
from ..core.text import brief, iso_day, stamp
from ..core.verify import check_code, format_serial, normalise_code, unrecorded_text
from ..store import cards as card_rows
from ..store import entries as entry_rows
from ..store import voids as void_rows

if TYPE_CHECKING:
    from ..io.entries import RawEntry  # the sheet readers: loaded by the commands that enter cards
    from ..store import Tx

REQUIRE_CODE = "require_verify_code"
MAX_STAKE = "max_stake"
FUTURE = timedelta(minutes=10)  # a received time this far ahead of now is a typo (clocks differ by less)


def max_stake(tx: Tx) -> Decimal:
    """The pool's largest stake on one card (`pool set --max-stake`; DEFAULT_MAX_STAKE until set)."""
    from ..core.bounds import DEFAULT_MAX_STAKE

    said = tx.meta(MAX_STAKE)
    return Decimal(said) if said else DEFAULT_MAX_STAKE


class Checks:
    """Every §4 check that needs the store, for one card within one transaction."""

    def __init__(self, tx: Tx, slug: str, *, replace: bool = False):
        self.tx = tx
        self.slug = slug
        self.current = card_rows.latest(tx, slug)
        self.replace = replace
        self.require_code = tx.meta(REQUIRE_CODE) == "yes"
        self.max_stake = max_stake(tx)
        self._versions: dict[int, Card] = {}
        self._entered: dict[int, str] = {}
        self._batch: dict[int, str] = {}  # serial → where it was first seen in this batch
        self._void: dict[int, void_rows.Voided] = {}
        self._ranges = entry_rows.printed_ranges(tx, slug)
        self._firsts = [r[0] for r in self._ranges]
        self._printed_at: list[tuple[int, int, datetime]] | None = None  # (first, last, when), on first use
        self._reprinted: dict[str, datetime] = {}  # serial → when last reprinted, read with `_printed_at`
        if not self._ranges:
            raise RefusedError(
                f"no cards of {slug} have been printed yet, so no serial can be entered on it. "
                f"Print them first, e.g. `parlaycards print {slug} ⟨copies⟩ 100`."
            )

    def prefetch(self, serials: Sequence[int]) -> None:
        self._entered = entry_rows.entered(self.tx, serials)
        self._void = void_rows.void_now(self.tx, serials)

    def printed_from(self, serial: int) -> tuple[str, int] | None:
        i = bisect_right(self._firsts, serial) - 1
        if i >= 0 and serial <= self._ranges[i][1]:
            return self.slug, self._ranges[i][2]
        return entry_rows.printed_from(self.tx, serial)  # another card's, or never printed

    def card(self, version: int) -> Card:
        if version not in self._versions:
            self._versions[version] = card_rows.get(self.tx, self.slug, version)
        return self._versions[version]

    def _before_print(self, serial: int, received: datetime) -> str | None:
        """Why `received` cannot be right for `serial`: it is earlier than the card was printed."""
        from ..store import audit as audit_rows
        from ..store import batches

        if self._printed_at is None:
            self._printed_at = [
                (b.first_serial, b.last_serial, datetime.fromisoformat(b.created_at))
                for b in batches.of_card(self.tx, self.slug)
            ]
            self._reprinted = audit_rows.reprinted(self.tx, self.slug)
        when = next((t for first, last, t in self._printed_at if first <= serial <= last), None)
        again = self._reprinted.get(format_serial(serial))  # the copy handed out is the last reprint
        when = again or when
        if when is None or received >= when.replace(second=0, microsecond=0):  # a time typed to the minute
            return None
        here = zone_of(self.current)
        return (
            f"received {brief(received.astimezone(here), year=True)}, before serial {format_serial(serial)} "
            f"was {'reprinted' if again else 'printed'} ({brief(when.astimezone(here), year=True, zone=True)}): "
            f"a card is handed in after it is {'reprinted' if again else 'printed'}; give the time it was "
            "handed in"
        )

    def _serial_refusals(self, serial: int, printed: tuple[str, int] | None) -> list[str]:
        """Why a serial cannot be entered on this card: never printed, printed for another card, twice in
        this batch, entered already, or voided."""
        s = format_serial(serial)
        reasons = []
        if printed is None:
            reasons.append(
                unrecorded_text(serial, self.tx.unrecorded())
                or f"serial {s} was never printed: no print batch holds it (check the number on the card)"
            )
        elif printed[0] != self.slug:
            reasons.append(f"serial {s} was printed for card {printed[0]}, not {self.slug}")
        if serial in self._batch:
            reasons.append(f"serial {s} appears twice (first at {self._batch[serial]})")
        elif serial in self._entered and not (self.replace and self._entered[serial] == self.slug):
            other = self._entered[serial]
            reasons.append(
                f"serial {s} was already entered" + (f" on card {other}" if other != self.slug else "")
            )
        gone = self._void.get(serial)
        if gone is not None and not self.replace:
            reasons.append(
                f"serial {s} was voided on {brief(gone.at.astimezone(zone_of(self.current)))} "
                f'("{gone.reason}"); to enter it again on purpose, use `parlaycards entry add '
                f"{gone.slug} ⟨serial⟩ {s} … ⟨replace⟩`"
            )
        return reasons

    def code_refusal(self, serial: int, code: str) -> str | None:
        """Why `code` is not the verify code printed beside `serial` on this card (None when it is, or when
        the serial was not printed for this card: that is said on its own)."""
        printed = self.printed_from(serial)
        if printed is None or printed[0] != self.slug:
            return None
        if check_code(self.tx.secret, self.slug, printed[1], serial, code):
            return None
        return (
            f'the verify code "{code}" does not match serial {format_serial(serial)} '
            "(the code is printed beside the serial on the card)"
        )

    def check(
        self, raw: RawEntry, *, where: str, late: bool, source: SourceKind, now: datetime
    ) -> tuple[Entry | None, list[str]]:
        """The entry to store, or None and every reason it is refused."""
        reasons = [p.in_row() for p in raw.problems] + _unprintable_name(raw.name)
        if raw.serial is None:
            return None, reasons
        s = format_serial(raw.serial)
        printed = self.printed_from(raw.serial)
        reasons += self._serial_refusals(raw.serial, printed)
        self._batch.setdefault(raw.serial, where)
        if printed is None or printed[0] != self.slug:
            return None, reasons
        version = printed[1]
        if raw.code:
            if bad := self.code_refusal(raw.serial, raw.code):
                reasons.append(bad)
        elif self.require_code:
            reasons.append(
                "no verify code: this pool requires the code printed beside the serial "
                "(`parlaycards pool set ⟨no_require_code⟩` turns that off)"
            )
        if raw.stake is not None and raw.stake > self.max_stake:
            reasons.append(
                f"the stake {dollars(raw.stake)} is more than this pool's largest stake, {dollars(self.max_stake)} "
                "(`parlaycards pool set ⟨max_stake⟩` changes it)"
            )
            return None, reasons
        if raw.stake is None or raw.picks is None:
            return None, reasons
        received = raw.received_at or now
        if (far := _far_from_week(received, self.current)) is not None:
            reasons.append(far)
            return None, reasons
        if received > datetime.now(UTC) + FUTURE:  # the clock, not `now` (an import's --received)
            local = received.astimezone(zone_of(self.current))
            reasons.append(
                f"received {brief(local, year=True)}, which is still to come: a card is received when it is "
                "handed in, at the latest now (a typo in the date or the year?)"
            )
            return None, reasons
        if (early := self._before_print(raw.serial, received)) is not None:
            reasons.append(early)
            return None, reasons
        cutoff = self.current.rules.cutoff
        after_cutoff = cutoff is not None and received > cutoff
        # late: accepted after the cutoff on purpose. Marked late but in on time is simply on time.
        entry = Entry(
            serial=s,
            code=normalise_code(raw.code) if raw.code else None,
            name=raw.name,
            stake=raw.stake,
            picks=raw.picks,
            received_at=received,
            late=(late or raw.late) and after_cutoff,
            source=source,
            version=version,
        )
        reasons += refusals(entry, self.card(version), current=self.current)
        return (None, reasons) if reasons else (entry, [])


def _unprintable_name(name: str | None) -> list[str]:
    """A name the printed sheets cannot show (an emoji, or more than MAX_NAME characters): refused, as a
    card's words are, and as a pick'em entrant's name."""
    bad = (too_long_note("the name", name, MAX_NAME) or unprintable_note("the name", name)) if name else None
    return [bad] if bad else []


def _far_from_week(received: datetime, card: Card) -> str | None:
    """Why a received time cannot be right: more than a year from the card's games (9999-12-31)."""
    from datetime import timedelta

    from ..core.bounds import RECEIVED_WINDOW_DAYS

    days = [g.kickoff for g in card.games if g.kickoff is not None]
    if not days:
        return None
    here = zone_of(card)
    # a day with no time counts from its midnight; a kickoff with no zone is on the card's clock
    moments = [d if isinstance(d, datetime) else datetime.combine(d, datetime.min.time()) for d in days]
    first = min(m if m.tzinfo else m.replace(tzinfo=here) for m in moments)
    when = received if received.tzinfo else received.replace(tzinfo=here)
    window = timedelta(days=RECEIVED_WINDOW_DAYS)
    if first - window <= when <= first + window:
        return None
    return (
        f"received {stamp(when)} is more than a year from the card's games ({iso_day(first)}); "
        "check the date it was handed in"
    )


def zone_of(card: Card) -> ZoneInfo:
    """The card's time zone."""
    return ZoneInfo(card.timezone)
