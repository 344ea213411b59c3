"""`entries`: a card's entries with their last grade and payments — JSON and the terminal table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.text import dollars, payout_text, plural, short_stamp
from .table import Table, named

if TYPE_CHECKING:
    from ..core.models import Card, Entry
    from ..core.payout_table import PayoutTable
    from ..store.entries import Payment
    from ..store.settlements import Stored
    from ..store.voids import Voided


@dataclass(frozen=True)
class EntryList:
    """A card's entries, as `services.entries.list_entries` reads them: the card, its entries, payments by
    serial, last grades, crops of scanned cards and the entries voided (not graded)."""

    card: Card
    entries: tuple[Entry, ...]
    payments: Mapping[str, Payment]
    settled: Mapping[int, Stored]  # by serial
    crops: Mapping[int, str] = field(default_factory=dict)  # serial → crop of a scanned card
    voided: tuple[Voided, ...] = ()  # entries voided (not graded), by serial
    tables: Mapping[int, PayoutTable] = field(
        default_factory=dict
    )  # by version: of the cards settled as wins


def entry_fields(e: Entry) -> dict[str, Any]:
    """An entry as plain data: the fields of `entries --json` and of the audit log's `entry.add`."""
    return {
        **named(e, "serial", "version", "name"),
        "stake": str(e.stake),
        "picks": list(e.picks),
        "received_at": e.received_at.isoformat(),
        **named(e, "late", "source"),
    }


def entries_json(view: EntryList) -> list[dict[str, Any]]:
    """`entries --json`: the public shape, voided entries among them by serial."""
    out = []
    for e in view.entries:
        paid = view.payments.get(e.serial)
        last = view.settled.get(int(e.serial))
        row = entry_fields(e) | {
            "outcome": last.outcome if last else None,
            "payout": last.payout if last else None,
            "paid": str(paid.amount) if paid else "0.00",
        }
        if e.source == "scan":
            row["crop"] = view.crops.get(int(e.serial))
        out.append(row)
    for v in view.voided:
        out.append(
            entry_fields(v.entry)
            | {
                "outcome": "void",
                "payout": "0.00",
                "paid": "0.00",
                "void": {"reason": v.reason, "at": v.at.isoformat(), "by": v.actor},
            }
        )
    return sorted(out, key=lambda row: row["serial"])


def entries_table(view: EntryList, limit: int | None = 200) -> tuple[Table, int]:
    """The entries as the terminal lists them (the first `limit`), and how many more there are."""
    rows: list[tuple[str, Entry, Voided | None]] = [(e.serial, e, None) for e in view.entries]
    rows += [(v.entry.serial, v.entry, v) for v in view.voided]
    rows.sort(key=lambda r: r[0])
    void = f", {len(view.voided)} void" if view.voided else ""
    shown = rows if limit is None else rows[:limit]
    table = Table(
        (
            "Serial",
            "Ver.",
            "Name",
            "Stake",
            "Picks",
            f"Received ({view.card.timezone})",
            "Last grade",
            "Paid",
        ),
        tuple(_entry_row(view, e, gone) for _, e, gone in shown),
        title=f"{view.card.title} — {plural(len(view.entries), 'entry', 'entries')}{void}",
    )
    return table, len(rows) - len(shown)


def _amount(view: EntryList, e: Entry, last: Stored) -> str:
    """What the last grade hands back: `$250.60, capped` where the card's maximum payout cut it."""
    from ..core.payout_table import capped

    table = view.tables.get(last.version) if last.outcome == "win" else None
    cut = table is not None and capped(e.stake, table.tier(last.effective_picks, last.hits), table)
    return payout_text(last.amount, cut)


def _entry_row(view: EntryList, e: Entry, gone: Voided | None) -> tuple[str, ...]:
    last = view.settled.get(int(e.serial))
    paid = view.payments.get(e.serial)
    grade = f"VOID: {gone.reason}" if gone else f"{last.outcome} {_amount(view, e, last)}" if last else "-"
    return (
        e.serial,
        str(e.version),
        e.name,
        dollars(e.stake),
        " ".join(map(str, e.picks)),
        short_stamp(e.received_at, view.card.timezone) + (" late" if e.late else ""),
        grade,
        dollars(paid.amount) if paid else "-",
    )
