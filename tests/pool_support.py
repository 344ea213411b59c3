"""What the pool tests share: a card with printed serials, verify codes, sheets built in the test."""

from __future__ import annotations

import csv
import hashlib
from datetime import UTC, datetime
from pathlib import Path

from openpyxl import Workbook

from parlaycards.core import edits
from parlaycards.core.models import Card
from parlaycards.core.verify import verify_code
from parlaycards.store import Store, batches
from parlaycards.store import cards as card_rows

from .conftest import make_card

# When a test card was handed in, on the card's wall clock: before the test week's first kickoff (Thu Nov 19),
# so its picks are not refused as past-posted; a test of the cutoff or of a late card gives its own time.
BEFORE_KICKOFF = "2026-11-19 09:00"
HANDED_IN = datetime(2026, 11, 19, 9, 0)  # the same, as the services take it (naive: the card's wall clock)
# When a test card was printed: before it was handed in (a card handed in before it was printed is refused).
PRINTED = datetime(2026, 11, 16, 14, 0, tzinfo=UTC)


def printed_earlier(store: Store, slug: str) -> None:
    """Every print batch (and reprint) of card `slug` dated PRINTED (the Monday of the test week), or three days before the
    card's first game when that is earlier: a test runs today, its cards are handed in on the card's dates."""
    from sqlalchemy import text

    with store.transaction() as tx:
        when = _handed_in(tx, slug)
        tx.conn.execute(
            text("UPDATE print_batches SET created_at = :t WHERE slug = :s"),
            {"t": when.isoformat(), "s": slug},
        )
        tx.conn.execute(  # and its reprints: a reprinted card is handed in after its reprint
            text("UPDATE audit_log SET at = :t WHERE slug = :s AND action = 'print.reprint'"),
            {"t": when.isoformat(), "s": slug},
        )


def pool_made_earlier(store: Store, pool: str) -> None:
    """Pick'em pool `pool` dated as made when its card was printed (`printed_earlier`: the Monday of the test
    week, or three days before the card's first game when that is earlier): a test runs today, its entries
    are handed in on the card's dates, and an entry dated before its pool on a game started by then is
    refused."""
    from sqlalchemy import text

    with store.transaction() as tx:
        slug = tx.conn.execute(
            text("SELECT card FROM pickem_pools WHERE slug = :p"), {"p": pool}
        ).scalar_one()
        when = _handed_in(tx, slug)
        tx.conn.execute(
            text("UPDATE pickem_pools SET created_at = :t WHERE slug = :p"),
            {"t": when.isoformat(), "p": pool},
        )


def _handed_in(tx, slug: str) -> datetime:
    """When card `slug`'s cards are taken to be printed and handed in: PRINTED (the Monday of the test week),
    or three days before the card's first game when that is earlier."""
    from datetime import timedelta

    games = [g.kickoff for g in card_rows.latest(tx, slug).games if isinstance(g.kickoff, datetime)]
    first = min((k if k.tzinfo else k.replace(tzinfo=UTC) for k in games), default=PRINTED)
    return min(PRINTED, first - timedelta(days=3))


def new_card(store: Store, card: Card | None = None) -> Card:
    with store.transaction() as tx:
        return card_rows.save(tx, card or make_card(), "test card")


def change(store: Store, slug: str, fn) -> Card:
    """Save `fn(latest)` as the next version."""
    with store.transaction() as tx:
        return card_rows.save(tx, fn(card_rows.latest(tx, slug)), "changed")


def print_serials(store: Store, slug: str, count: int) -> tuple[int, int, int]:
    """Record a print batch of the latest version (as `print` would): (first, last, version)."""
    with store.transaction() as tx:
        card = card_rows.latest(tx, slug)
        first, last = tx.take_serials(count)
        batches.record(tx, slug, card.version, "letter-2up", first, last, f"{slug}.pdf", "0" * 64)
    printed_earlier(store, slug)
    return first, last, card.version


def code(store: Store, slug: str, version: int, serial: int) -> str:
    with store.transaction() as tx:
        return verify_code(tx.secret, slug, version, serial)


def with_rules(**rules):
    return lambda card: edits.set_rules(card, **rules)


def xlsx(path: Path, rows: list[list], title: str = "Entries") -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = title
    for row in rows:
        ws.append(row)
    wb.save(path)
    return path


def csv_file(path: Path, rows: list[list]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    return path


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def enter(
    store: Store,
    slug: str,
    *,
    serial: object = "1",
    picks: object = "101,103,105",
    stake: object = "5",
    name: str = "Dana",
    received: str | None = BEFORE_KICKOFF,
    **kw: object,
):
    """`entry add` as the command line does it: text read by cli/values into the typed values the service takes.
    `received` defaults to before the test week's first game (a pick on a started game is refused); None: now."""
    from parlaycards.cli import values
    from parlaycards.services import entries

    return entries.add_entry(
        store,
        slug,
        serial=values.serial(str(serial)) if serial is not None else None,
        name=name,
        stake=values.stake(str(stake)),
        picks=values.picks(str(picks)),
        received=values.received(received) if received else None,
        **kw,
    )  # type: ignore[arg-type]


def sample_pool(tmp_path: Path) -> Path:
    """A pool holding the sample week's lines (sample_lines/nfl-week-12.csv) as card `hx`, made as an
    operator makes it: `import`."""
    from typer.testing import CliRunner

    from parlaycards.cli.main import app

    db = tmp_path / "pool.db"
    sheet = Path(__file__).resolve().parents[1] / "sample_lines" / "nfl-week-12.csv"
    r = CliRunner().invoke(app, ["--db", str(db), "import", str(sheet), "--card", "hx"])
    assert r.exit_code == 0, r.output
    return db
