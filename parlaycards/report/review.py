"""`scan` and `review`: what became of every card read, and the cards waiting for a person — JSON, the
summary lines and the terminal tables (one per kind of doubt)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..core.text import dollars, plain, plural
from .table import Table

if TYPE_CHECKING:
    from ..store.scans import ScanRow

Kind = Callable[[str], str]  # a doubt's reason → its kind (`services.scan.kind`)

DECIDE = (
    "Decide each: parlaycards review {slug} --accept SERIAL [--picks … --stake …], or --reject SERIAL "
    '--reason "…" ("#ID" in place of the serial for a card whose QR could not be read). Several at '
    "once: --accept 000055,000056 (each as read) or --reject 000055,000056 --reason …"
)


class CardRead(Protocol):
    """One card a scan read (`services.scan.CardOutcome`)."""

    @property
    def where(self) -> str: ...
    @property
    def serial(self) -> str | None: ...
    @property
    def status(self) -> str: ...
    @property
    def reasons(self) -> tuple[str, ...]: ...
    @property
    def picks(self) -> tuple[int, ...] | None: ...
    @property
    def stake(self) -> Decimal | None: ...
    @property
    def crop(self) -> str: ...


class Scanned(Protocol):
    """What a scan did (`services.scan.ScanReport`)."""

    @property
    def pages(self) -> int: ...
    @property
    def blank(self) -> tuple[str, ...]: ...
    @property
    def cards(self) -> Sequence[CardRead]: ...
    def count(self, status: str) -> int: ...
    def review_kinds(self) -> dict[str, int]: ...


def scan_json(slug: str, report: Scanned) -> dict[str, Any]:
    """`scan --json`: the public shape."""
    return {
        "card": slug,
        "pages": report.pages,
        "read": len(report.cards),
        "entered": report.count("entered"),
        "duplicates": report.count("duplicate"),
        "review": report.count("review"),
        "blank_pages": list(report.blank),
        "cards": [
            {
                "where": c.where,
                "serial": c.serial,
                "status": c.status,
                "reasons": list(c.reasons),
                "picks": list(c.picks) if c.picks is not None else None,
                "stake": plain(c.stake) if c.stake is not None else None,
                "crop": c.crop,
            }
            for c in report.cards
        ],
    }


def scan_summary(report: Scanned) -> str:
    """`12 cards read from 6 pages, 10 entered, 2 to review (1 unsure mark, 1 no QR code).`"""
    kinds = report.review_kinds()
    none = kinds.pop("no card found", 0)  # a page with no card on it is no card read
    line = (
        f"{plural(len(report.cards) - none, 'card')} read from {plural(report.pages, 'page')}, "
        f"{report.count('entered')} entered"
    )
    if report.count("review") > none:
        line += f", {report.count('review') - none} to review"
    if kinds:
        line += " (" + ", ".join(f"{n} {k}" for k, n in kinds.items()) + ")"
    if none:
        line += f"; no card found on {plural(none, 'page')}, kept in review to look at"
    if report.count("duplicate"):
        line += f"; {report.count('duplicate')} scanned again with the same marks, entered once"
    return line + "."


def _serial(r: ScanRow) -> str | None:
    return f"{r.serial:06d}" if r.serial is not None else None


def review_json(rows: Sequence[ScanRow], kind: Kind) -> list[dict[str, Any]]:
    """`review --json`: the public shape."""
    return [
        {
            "id": r.id,
            "serial": _serial(r),
            "reason": "; ".join(r.reasons),
            "reasons": list(r.reasons),
            "kind": kind(r.reasons[0]) if r.reasons else None,
            "picks": list(r.picks) if r.picks is not None else None,
            "stake": plain(r.stake) if r.stake is not None else None,
            "status": r.status,
            "file": r.file,
            "page": r.page,
            "crop": r.crop,
        }
        for r in rows
    ]


def review_tables(
    slug: str, rows: Sequence[ScanRow], kind: Kind, everything: bool
) -> tuple[str, list[Table]]:
    """The summary line and one table per kind of doubt, the most common first (`everything`: every card
    scanned, each with its status)."""
    groups: dict[str, list[ScanRow]] = {}
    for r in rows:
        groups.setdefault(kind(r.reasons[0]) if r.reasons else "other", []).append(r)
    ordered = sorted(groups.items(), key=lambda kv: -len(kv[1]))
    what = "scanned" if everything else "to review"
    line = f"{slug}: {plural(len(rows), 'card')} {what} — " + ", ".join(f"{len(g)} {k}" for k, g in ordered)
    tables = [
        Table(
            ("Id", "Serial", "Why", "Read", "Where", "Crop"),
            tuple(_review_row(r, everything) for r in group),
            title=f"{k} ({len(group)})",
        )
        for k, group in ordered
    ]
    return line, tables


def _review_row(r: ScanRow, everything: bool) -> tuple[str, ...]:
    read = ", ".join(map(str, r.picks)) if r.picks else "—"
    if r.stake is not None:
        read += f" at {dollars(r.stake)}"
    return (
        f"#{r.id}",
        _serial(r) or "unread",
        "\n".join(r.reasons) + (f"\n[{r.status}]" if everything else ""),
        read,
        f"{Path(r.file).name} p.{r.page + 1}",
        r.crop,
    )
