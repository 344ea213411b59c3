"""Void an entry: taken out of the pool with a reason, kept in the history, never graded.

A void entry settles to nothing: it is not graded, not counted in the stakes, and `entries` and
`grade` list it as void. A paid card cannot be voided. Its serial stays void: entering it again
(a sheet, a scan, `entry add`) is refused unless it is done on purpose with `entry add --replace`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, NoReturn

from ..core.errors import NotFoundError, ParlayError, RefusedError
from ..core.money import dollars
from ..core.printable import unprintable_note
from ..core.text import brief
from ..core.verify import format_serial
from ..store import cards as card_rows
from ..store import entries as entry_rows
from ..store import retry_conflicts
from ..store import voids as void_rows
from ..store.voids import Voided

if TYPE_CHECKING:
    from ..store import Store, Tx


@retry_conflicts
def void_entry(store: Store, slug: str, number: int, reason: str) -> Voided:
    """Void the entry of serial `number` on card `slug`, with the operator's reason (audited)."""
    why = " ".join(reason.split())
    if not why:
        raise ParlayError(
            'give the reason for voiding it with ⟨reason⟩, e.g. ⟨reason⟩ "typed on the wrong serial".'
        )
    if bad := unprintable_note("the reason", why):
        raise ParlayError(f"{bad}; nothing was voided.", field="reason")
    s = format_serial(number)
    with store.transaction() as tx:
        card = card_rows.latest(tx, slug)  # names the card when it does not exist
        found = entry_rows.get(tx, number)
        if found is None:
            refuse_absent(
                tx,
                slug,
                number,
                lambda gone: (
                    f"card {s} was already voided on {_when(gone.at, card.timezone)} "
                    f'("{gone.reason}"). Nothing was changed.'
                ),
                f"card {s} was not entered on {slug}, so there is nothing to void. "
                f"See `parlaycards entries {slug}`.",
            )
        on, entry = found
        if on != slug:
            raise NotFoundError(
                f"card {s} was entered on {on}, not {slug}: `parlaycards entry void {on} {s} …`."
            )
        paid = entry_rows.payments(tx, slug).get(s)
        if paid is not None:
            raise RefusedError(
                f"card {s} has been paid {dollars(paid.amount)} "
                f"(last payment {_when(datetime.fromisoformat(paid.at), card.timezone)}), so it "
                "cannot be voided. Settle it with the player first; the payment stays recorded."
            )
        voided = void_rows.move(tx, slug, entry, why, datetime.now(UTC))
        tx.audit(
            "entry.void",
            slug,
            serial=s,
            reason=why,
            version=entry.version,
            name=entry.name,
            stake=str(entry.stake),
            picks=list(entry.picks),
            received_at=entry.received_at.isoformat(),
            late=entry.late,
            source=entry.source,
        )
        return voided


def refuse_absent(tx: Tx, slug: str, number: int, voided: Callable[[Voided], str], absent: str) -> NoReturn:
    """Serial `number` has no entry on card `slug` to act on: refused with what `voided` says of its void
    when it is void there, else not found (`absent`)."""
    gone = void_rows.void_on(tx, slug, number)
    if gone is not None:
        raise RefusedError(voided(gone))
    raise NotFoundError(absent)


def _when(at: datetime, timezone: str) -> str:
    return brief(at, timezone)
