"""Tables and named migrations. A migration runs once, in a transaction, and is recorded."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    inspect,
    select,
    text,
)

from .look import SCHEMA_VERSION as SCHEMA_VERSION  # the pool's schema version, said once

metadata = MetaData()

meta = Table(
    "meta", metadata, Column("key", String(64), primary_key=True), Column("value", Text, nullable=False)
)

migrations = Table(
    "migrations",
    metadata,
    Column("name", String(120), primary_key=True),
    Column("applied_at", String(40), nullable=False),
)

cards = Table(
    "card_versions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("slug", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    Column("created_at", String(40), nullable=False),
    Column("note", Text, nullable=False, default=""),
    Column("data", Text, nullable=False),
    UniqueConstraint("slug", "version", name="uq_card_version"),
)

audit = Table(
    "audit_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", String(40), nullable=False),
    Column("actor", String(120), nullable=False),
    Column("action", String(60), nullable=False),
    Column("slug", String(64)),
    Column("detail", Text, nullable=False),
)

batches = Table(
    "print_batches",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("slug", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    Column("template", String(120), nullable=False),
    Column("first_serial", Integer, nullable=False),
    Column("last_serial", Integer, nullable=False),
    Column("file", Text, nullable=False),
    Column("sha256", String(64), nullable=False),
    Column("created_at", String(40), nullable=False),
)

entries = Table(
    "entries",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("slug", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    Column("serial", Integer, nullable=False, unique=True),
    Column("code", String(16)),
    Column("name", Text, nullable=False, default=""),
    Column("stake", String(24), nullable=False),
    Column("picks", Text, nullable=False),
    Column("received_at", String(40), nullable=False),
    Column("late", Boolean, nullable=False, default=False),
    Column("source", String(16), nullable=False),
    Column("paid_at", String(40)),
    Column("paid_amount", String(24)),
)
Index("ix_entries_slug", entries.c.slug)

results = Table(
    "results",
    metadata,
    Column("slug", String(64), primary_key=True),
    Column("game", Integer, primary_key=True),
    Column("away_score", Integer),
    Column("home_score", Integer),
    Column("cancelled", Boolean, nullable=False, default=False),
    Column("updated_at", String(40), nullable=False),
    Column("away_out", String(4)),  # a matchup's competitor out after starting: "wd" or "dq"
    Column("home_out", String(4)),
)

settlements = Table(
    "settlements",
    metadata,
    Column("serial", Integer, primary_key=True),
    Column("slug", String(64), nullable=False),
    Column("version", Integer, nullable=False),
    Column("outcome", String(16), nullable=False),
    Column("effective_picks", Integer, nullable=False),
    Column("hits", Integer, nullable=False),
    Column("payout", String(24), nullable=False),
    Column("legs", Text, nullable=False),
)
Index("ix_settlements_slug", settlements.c.slug)

# Pick'em pools live on their own MetaData so that 0001_initial stays what it shipped as.
pickem_metadata = MetaData()

pickem_pools = Table(
    "pickem_pools",
    pickem_metadata,
    Column("slug", String(64), primary_key=True),
    Column("card", String(64), nullable=False),
    Column("season", Text),
    Column("settings", Text, nullable=False),
    Column("created_at", String(40), nullable=False),
)

pickem_entries = Table(
    "pickem_entries",
    pickem_metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("pool", String(64), ForeignKey("pickem_pools.slug"), nullable=False),
    Column("name", Text, nullable=False),
    Column("name_key", Text, nullable=False),
    Column("picks", Text, nullable=False),
    Column("tiebreak", Integer),
    Column("received_at", String(40), nullable=False),
    Column("paid", Boolean, nullable=False, default=True),
    Column("source", String(16), nullable=False),
    UniqueConstraint("pool", "name_key", name="uq_pickem_entrant"),
)

# Scanned cards: every card read, entered or not, with the crop kept for disputes. On its own
# MetaData, like pick'em, so that the earlier migrations stay what they shipped as.
scan_metadata = MetaData()

scans = Table(
    "scans",
    scan_metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("slug", String(64), nullable=False),
    Column("serial", Integer),
    Column("version", Integer),
    Column("code", String(16)),
    Column("file", Text, nullable=False),
    Column("page", Integer, nullable=False),
    Column("crop", Text, nullable=False),
    Column("picks", Text),
    Column("stake", String(24)),
    Column("received_at", String(40), nullable=False),  # when the card was handed in (as the scan was told)
    Column("late", Boolean, nullable=False, default=False),
    Column("status", String(16), nullable=False),  # entered, duplicate, review, accepted, rejected
    Column("reasons", Text, nullable=False, default=""),
    Column("created_at", String(40), nullable=False),
    Column("resolved_at", String(40)),
    Column("resolution", Text),
)
Index("ix_scans_slug_status", scans.c.slug, scans.c.status)
Index("ix_scans_serial", scans.c.serial)

# Voided entries: an entry taken out of the pool (typed by mistake, handed back) is moved here with
# the reason, so that it stays in the history and the serial's row in `entries` is free. On its own
# MetaData, like scans.
void_metadata = MetaData()

voided_entries = Table(
    "voided_entries",
    void_metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("slug", String(64), nullable=False),
    Column("serial", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("entry", Text, nullable=False),  # the entry as it was, JSON (as the audit log words it)
    Column("reason", Text, nullable=False),
    Column("voided_at", String(40), nullable=False),
    Column("actor", String(120), nullable=False),
)
Index("ix_voided_slug", voided_entries.c.slug)
Index("ix_voided_serial", voided_entries.c.serial)

# Pick'em money: each fee taken and prize paid, as parlay payments are recorded (append-only ledger).
pickem_pay_metadata = MetaData()

pickem_payments = Table(
    "pickem_payments",
    pickem_pay_metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("pool", String(64), nullable=False),
    Column("name_key", Text, nullable=False),
    Column("kind", String(8), nullable=False),  # fee, prize
    Column("amount", String(24), nullable=False),
    Column("at", String(40), nullable=False),
    Column("actor", String(120), nullable=False),
)
Index("ix_pickem_payments_pool", pickem_payments.c.pool)

# Archived cards: a card taken out of the listings (a printed test card), nothing of it deleted. On its
# own MetaData, like scans; a row while it is archived, removed when it comes back (both audited).
archive_metadata = MetaData()

archived_cards = Table(
    "archived_cards",
    archive_metadata,
    Column("slug", String(64), primary_key=True),
    Column("archived_at", String(40), nullable=False),
    Column("actor", String(120), nullable=False),
)

# What `serve` shares between its workers and keeps across a restart: the operator's one-time link tokens
# and sessions (each by the SHA-256 of its secret, so reading the database signs nobody in), and the wrong
# codes per address that the brake counts. Times are seconds since the epoch. Its own MetaData, like scans.
serve_metadata = MetaData()

serve_tokens = Table(
    "serve_tokens",
    serve_metadata,
    Column("digest", String(64), primary_key=True),
    Column("until", Float, nullable=False),
)

serve_sessions = Table(
    "serve_sessions",
    serve_metadata,
    Column("digest", String(64), primary_key=True),
    Column("csrf", String(64), nullable=False),
    Column("until", Float, nullable=False),
    Column("flash", Text, nullable=False, default="[]"),  # JSON [[ok|bad, message], …] shown once
)

serve_failures = Table(
    "serve_failures",
    serve_metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("address", String(64), nullable=False),
    Column("at", Float, nullable=False),
)
Index("ix_serve_failures_address_at", serve_failures.c.address, serve_failures.c.at)

serve_fetches = Table(  # the last scheduled `result fetch` of each card (`serve --fetch-results`)
    "serve_fetches",
    serve_metadata,
    Column("slug", String(64), primary_key=True),
    Column("at", Float, nullable=False),
    Column("ok", Boolean, nullable=False),
    Column("said", Text, nullable=False),
)


def _create(tables: MetaData) -> Callable[[Connection], None]:
    """A migration that creates the tables of `tables` (each step's own MetaData, as it shipped)."""

    def step(conn: Connection) -> None:
        tables.create_all(conn)

    return step


def _serve(conn: Connection) -> None:
    serve_metadata.create_all(conn)
    conn.execute(text("CREATE INDEX ix_audit_log_slug ON audit_log (slug, id)"))  # a card's stamp, for serve


def _serial_ranges(conn: Connection) -> None:
    """Print batches never share a serial: a constraint of the database itself, so that no two
    commands — however they interleave — can record overlapping ranges. A database in which two
    batches already overlap (printed concurrently by an earlier release on PostgreSQL) is refused
    with the batches named, and left as it was."""
    b = batches.c
    other = batches.alias("other")
    o = other.c
    clash = conn.execute(
        select(b.id, b.slug, b.first_serial, b.last_serial, o.id, o.first_serial, o.last_serial)
        .where(b.id < o.id, b.first_serial <= o.last_serial, b.last_serial >= o.first_serial)
        .limit(5)
    ).all()
    bad = conn.execute(
        select(b.id, b.first_serial, b.last_serial)
        .where((b.last_serial < b.first_serial) | (b.first_serial < 1))
        .limit(5)
    ).all()
    if clash or bad:
        from ..core.errors import ParlayError

        said = [
            f"batch {r[0]} ({r[2]:06d}–{r[3]:06d}) and batch {r[4]} ({r[5]:06d}–{r[6]:06d}) share serials"
            for r in clash
        ] + [f"batch {r[0]} has the range {r[1]}–{r[2]}" for r in bad]
        raise ParlayError(
            "the pool database cannot be upgraded: " + "; ".join(said) + ". Cards with the same serial "
            "were handed out twice; nothing was changed. Void the duplicate cards' batch with "
            "your database tool, then run the command again."
        )
    if conn.dialect.name == "postgresql":
        conn.execute(
            text(
                "ALTER TABLE print_batches ADD CONSTRAINT ck_batch_range "
                "CHECK (first_serial >= 1 AND last_serial >= first_serial)"
            )
        )
        conn.execute(
            text(
                "ALTER TABLE print_batches ADD CONSTRAINT ex_batch_serials "
                "EXCLUDE USING gist (int4range(first_serial, last_serial, '[]') WITH &&)"
            )
        )
    else:  # SQLite: writers take turns, so a trigger that looks before each insert or update is enough
        for when in ("INSERT", "UPDATE OF first_serial, last_serial"):
            name = "tr_batch_serials_" + when.split()[0].lower()
            conn.execute(
                text(
                    f"CREATE TRIGGER {name} BEFORE {when} ON print_batches "
                    "WHEN NEW.first_serial < 1 OR NEW.last_serial < NEW.first_serial OR EXISTS (SELECT 1 FROM "
                    "print_batches WHERE id IS NOT NEW.id AND first_serial <= NEW.last_serial "
                    "AND last_serial >= NEW.first_serial) "
                    "BEGIN SELECT RAISE(ABORT, 'print batches share serials'); END"
                )
            )
    conn.execute(text("CREATE UNIQUE INDEX uq_batch_first_serial ON print_batches (first_serial)"))


def _result_out(conn: Connection) -> None:
    """Results say which competitor of a matchup withdrew or was disqualified after starting."""
    have = {c["name"] for c in inspect(conn).get_columns("results")}
    for name in ("away_out", "home_out"):
        if name not in have:  # a pool made by this release has them from its first step
            conn.execute(text(f"ALTER TABLE results ADD COLUMN {name} VARCHAR(4)"))


# Named migrations, in order. Append; never edit one that has shipped.
MIGRATIONS: list[tuple[str, Callable[[Connection], None]]] = [
    ("0001_initial", _create(metadata)),
    ("0002_pickem_pools", _create(pickem_metadata)),
    ("0003_scans", _create(scan_metadata)),
    ("0004_void", _create(void_metadata)),
    ("0005_pickem_payments", _create(pickem_pay_metadata)),
    ("0006_serial_ranges", _serial_ranges),
    ("0007_archived_cards", _create(archive_metadata)),
    ("0008_serve", _serve),
    ("0009_result_out", _result_out),
]
