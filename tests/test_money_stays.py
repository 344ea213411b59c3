"""Issue 18, the rule behind it: random weeks of commands, in any order, over the services.

A hypothesis state machine runs an operator's week on one pool (SQLite, a file per run): cards
printed, entered (on time and late), graded and paid; scores set and corrected; lines edited by hand
and re-imported from a sheet that spells the teams another way; pick'em entries, fees and prizes. After
every step:

- money already paid never changes: a paid parlay card keeps its picks, stake and version, its paid
  amount only grows by `entry pay`, and the grade report shows exactly what was paid; once a pick'em
  prize went out the pool's entries and pot stay put, and a prize that a corrected score moved is named
  as an overpayment (`payment_notes`), never silently forgotten; money handed back (`pickem pay
  --returned`) never exceeds what was overpaid, and the fees collected never exceed the pot;
- a printed card version's lines, payouts and rules never change;
- every command does all it says or nothing: a refused command leaves every table as it was;
- the card's history (the audit log) is only ever added to; archiving moves no other row; a backup
  holds every row of the pool;
- every hand edit an import would undo is listed before it is undone: a re-import without `--replace`
  either keeps every hand-edited line or is refused; with `--replace` it lists each one it undid;
- a re-import that moves a kickoff up to before cards or pick'em entries that picked the game were handed
  in is refused;
- a backup put back over the pool, looked at or kept to go on with the week, forgets no payment: every
  amount paid is still counted (the payments file beside the pool) and never paid again.

35 weeks of up to 40 steps by default (about 20 s on one core); `PARLAYCARDS_WEEKS=500` for a longer
search. `--hypothesis-show-statistics` shows how often each of the interesting paths was taken.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from sqlalchemy import Table, select

from parlaycards.core.errors import ParlayError
from parlaycards.core.models import Game, SelectionNumbers
from parlaycards.core.prizes import parse_prizes
from parlaycards.report.pickem import payment_notes
from parlaycards.services import backup as backup_svc
from parlaycards.services import cards as card_svc
from parlaycards.services import edits, grading, pickem_pay, results, versions
from parlaycards.services import entries as entry_svc
from parlaycards.services import history as history_svc
from parlaycards.services import pickem as pickem_svc
from parlaycards.store import Store, schema
from parlaycards.store import cards as card_rows
from parlaycards.store import entries as entry_rows
from parlaycards.store import results as result_rows

from .conftest import ET, TEAMS
from .pool_support import pool_made_earlier, print_serials

SLUG = "nfl-w12"
POOL = "office-w12"
# The games have been played (a score is taken only for a game that kicked off), and every card is handed
# in before them (a pick on a started game is refused): on the card's wall clock, as the services take it.
KICKOFF = datetime(2026, 11, 22, 13, 0, tzinfo=ET)
HANDED_IN = datetime(2026, 11, 20, 12, 0)
MOVED_UP = datetime(2026, 11, 20, 11, 0, tzinfo=ET)  # a kickoff moved up to before the cards were handed in
NAMES = ("Ann", "Bob", "Cy", "Di")
TABLES = [t for t in vars(schema).values() if isinstance(t, Table)]


def sheet(spelling: str) -> list[Game]:
    """The week's lines as the sheet has them: full names, or the nicknames a bar's sheet uses."""
    out = []
    for i, (away, home, spread, total) in enumerate(TEAMS):
        if spelling == "nick":
            away, home = away.split()[-1], home.split()[-1]
        out.append(
            Game(
                league="NFL",
                kickoff=KICKOFF,
                away=away,
                home=home,
                spread=Decimal(spread),
                total=Decimal(total),
                numbers=SelectionNumbers(
                    away=101 + 2 * i, home=102 + 2 * i, over=201 + 2 * i, under=202 + 2 * i
                ),
            )
        )
    return out


def dump(store: Store) -> dict[str, list[tuple]]:
    """Every row of every table: what "nothing changed" means."""
    with store.reading() as tx:
        return {
            t.name: sorted(tuple(map(repr, r)) for r in tx.conn.execute(select(t)))
            for t in TABLES
            if tx.conn.dialect.has_table(tx.conn, t.name)
        }


class Week(RuleBasedStateMachine):
    @initialize()
    def start(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="week-"))
        self.store = Store(f"sqlite:///{self.folder / 'pool.db'}")
        card_svc.store_games(
            self.store,
            SLUG,
            sheet("full"),
            card_svc.Storing(
                default_title="", tz="America/New_York", into=card_svc.Into(title="NFL Week 12")
            ),
            source="lines.xlsx",
        )
        pickem_svc.create_pool(self.store, POOL, card=SLUG, fee=Decimal(10), prizes=parse_prizes("70%,30%"))
        pool_made_earlier(self.store, POOL)  # made before the week, as its entries are handed in
        self.serials: list[int] = []
        self.printed: dict[int, object] = {}  # version → the card as printed
        self.paid: dict[str, tuple] = {}  # serial → (version, stake, picks) when first paid
        self.amounts: dict[str, Decimal] = {}  # serial → paid so far
        self.pickem_frozen: tuple | None = None  # entries and pot once a prize was paid
        self.hand: dict[int, Decimal] = {}  # game key → spread edited by hand since the last import
        self.history: tuple = ()  # the card's history as last read: only ever added to

    def teardown(self) -> None:
        self.store.dispose()
        shutil.rmtree(self.folder, ignore_errors=True)

    # ---------------------------------------------------------------- every command: all or nothing

    def attempt(self, fn):
        before = dump(self.store)
        try:
            return fn()
        except ParlayError:
            assert dump(self.store) == before, "a refused command changed the pool"
            event("a command was refused")
            return None

    # ---------------------------------------------------------------------------------- the rules

    @rule(copies=st.integers(1, 3))
    def print_cards(self, copies: int) -> None:
        first, last, version = print_serials(self.store, SLUG, copies)
        self.serials += list(range(first, last + 1))
        with self.store.reading() as tx:
            self.printed.setdefault(version, card_rows.get(tx, SLUG, version))

    @rule(
        data=st.data(),
        sides=st.lists(st.integers(0, 5), min_size=3, max_size=4, unique=True),
        stake=st.sampled_from(["5", "10"]),
        late=st.booleans(),
        replace=st.booleans(),
    )
    def enter(self, data, sides, stake, late, replace) -> None:
        if not self.serials:
            return
        serial = data.draw(st.sampled_from(self.serials))
        picks = tuple(101 + 2 * i + data.draw(st.sampled_from([0, 0, 1])) for i in sides)  # mostly away
        done = self.attempt(
            lambda: entry_svc.add_entry(
                self.store,
                SLUG,
                serial=serial,
                name="P",
                stake=Decimal(stake),
                picks=picks,
                late=late,
                replace=replace,
                received=HANDED_IN,
            )
        )
        if done is not None:
            event("a parlay card was entered" + (" late" if done.late else ""))

    @rule(data=st.data())
    def enter_a_winner(self, data) -> None:
        """A card (late when it must be) picking three sides the scores so far make winners."""
        with self.store.reading() as tx:
            card = card_rows.latest(tx, SLUG)
            known = result_rows.of(tx, SLUG)
        picks = []
        for g in card.games:
            r = known.get(g.key)
            if r is None or r.cancelled or r.home_score + g.spread == r.away_score:
                continue
            picks.append(g.numbers.home if r.home_score + g.spread > r.away_score else g.numbers.away)
        if len(picks) < 3 or not self.serials:
            return
        serial = data.draw(st.sampled_from(self.serials))
        self.attempt(
            lambda: entry_svc.add_entry(
                self.store,
                SLUG,
                serial=serial,
                name="W",
                stake=Decimal(5),
                picks=tuple(picks[:3]),
                late=True,
                received=HANDED_IN,
            )
        )

    @rule(past=st.booleans())
    def set_cutoff(self, past: bool) -> None:
        when = datetime(2020, 1, 1, 12, 0, tzinfo=ET) if past else None
        self.attempt(lambda: edits.set_rules(self.store, SLUG, edits.RuleFields(cutoff=when)))

    @rule(game=st.integers(0, 5), away=st.integers(0, 40), home=st.integers(0, 40))
    def score(self, game: int, away: int, home: int) -> None:
        self.attempt(lambda: results.set_result(self.store, SLUG, 101 + 2 * game, away, home))

    @rule(
        scores=st.lists(
            st.sampled_from([(30, 0), (30, 0), (24, 21), (0, 30), (20, 20)]), min_size=6, max_size=6
        )
    )
    def finals(self, scores: list[tuple[int, int]]) -> None:
        """The whole slate at once (a score already there may be corrected)."""
        for i, (away, home) in enumerate(scores):
            self.score(i, away, home)

    @rule()
    def grade(self) -> None:
        report = grading.grade(self.store, SLUG)
        for row in report.rows:  # the report shows exactly what went out, whatever the card wins now
            assert row.paid == self.amounts.get(row.serial, Decimal(0))

    @rule(data=st.data(), part=st.booleans())
    def pay(self, data, part: bool) -> None:
        """`grade`, then `entry pay` of a card it shows owed (in part or in full), or of any card."""
        report = grading.grade(self.store, SLUG)
        owed = [r.serial for r in report.rows if r.owed > 0]
        serial = int(data.draw(st.sampled_from(owed or [str(s) for s in self.serials] or ["1"])))
        amount = Decimal("1.00") if part else None
        done = self.attempt(lambda: entry_svc.pay(self.store, SLUG, serial, amount))
        if done is not None:
            with self.store.reading() as tx:
                _, entry = entry_rows.get(tx, serial)
            self.paid.setdefault(entry.serial, (entry.version, entry.stake, entry.picks))
            self.amounts[entry.serial] = self.amounts.get(entry.serial, Decimal(0)) + done.amount
            event("a parlay card was paid")

    @rule(game=st.integers(0, 5), step=st.sampled_from(["-1", "1", "0.5"]))
    def edit_spread(self, game: int, step: str) -> None:
        with self.store.reading() as tx:
            g = card_rows.latest(tx, SLUG).games[game]
        new = g.spread + Decimal(step)
        if self.attempt(lambda: edits.set_game(self.store, SLUG, g.key, edits.GameFields(spread=new))):
            self.hand[g.key] = new

    @rule(spelling=st.sampled_from(["full", "nick"]), replace=st.booleans())
    def reimport(self, spelling: str, replace: bool) -> None:
        with self.store.reading() as tx:
            was = card_rows.latest(tx, SLUG)
        done = self.attempt(lambda: self.store_lines(sheet(spelling), replace))
        if done is None:
            event("a re-import was refused")
            return
        self.imported(was, done, replace)

    def store_lines(self, lines, replace: bool):
        """The week's lines imported again from a sheet (`lines`), with `--replace` or without."""
        return card_svc.store_games(
            self.store,
            SLUG,
            lines,
            card_svc.Storing(default_title="", tz="America/New_York", into=card_svc.Into(replace=replace)),
            source="lines.xlsx",
        )

    def imported(self, was, done, replace: bool) -> None:
        """A re-import stored: every hand edit it undid was listed, and only with `--replace`."""
        lost = {k: v for k, v in self.hand.items() if Decimal(TEAMS[(k - 101) // 2][2]) != v}
        if not replace:
            assert not lost, f"an import undid hand edits without a word: {lost}"
        else:
            if lost:
                event("a re-import undid hand edits with --replace")
            for key in lost:
                game = next(g for g in was.games if g.key == key)
                assert any(game.label() in line and "home line" in line for line in done.undone), (
                    f"{game.label()}: a hand edit undone without being listed"
                )
        assert [(g.away, g.home) for g in done.card.games] == [(g.away, g.home) for g in was.games]
        self.hand = {}

    @rule(game=st.integers(0, 5), replace=st.booleans())
    def reimport_moved_kickoff(self, game: int, replace: bool) -> None:
        """Lines imported again with one game's kickoff moved up to before the cards were handed in: refused
        whenever a parlay card or a pick'em entry picked that game (its picks would have come after the
        start); stored otherwise."""
        lines = sheet("full")
        lines[game] = lines[game].model_copy(update={"kickoff": MOVED_UP})
        key = lines[game].key
        with self.store.reading() as tx:
            was = card_rows.latest(tx, SLUG)
            numbers = set(lines[game].numbers.all())
            cards = [e.serial for e in entry_rows.of(tx, SLUG) if numbers & set(e.picks)]
        picked = cards or [
            e.name for e in pickem_svc.entries(self.store, POOL).entries if key in dict(e.picks)
        ]
        moves = next(g for g in was.games if g.key == key).kickoff != MOVED_UP
        done = self.attempt(lambda: self.store_lines(lines, replace))
        if done is None:
            event("a re-import moving a kickoff up was refused")
            return
        assert not (moves and picked), f"a re-import moved a kickoff before cards that picked it: {picked}"
        self.imported(was, done, replace)

    @rule(
        name=st.sampled_from(NAMES),
        sides=st.lists(st.integers(0, 1), min_size=6, max_size=6),
        late=st.booleans(),
        replace=st.booleans(),
        paid=st.booleans(),
    )
    def pickem_entry(self, name, sides, late, replace, paid) -> None:
        picks = tuple(101 + 2 * i + s for i, s in enumerate(sides))
        self.attempt(
            lambda: pickem_svc.add_entry(
                self.store,
                POOL,
                name=name,
                picks=picks,
                tiebreak=40,
                paid=paid,
                replace=replace,
                late=late,
                received_at=HANDED_IN,
            )
        )

    @rule(name=st.sampled_from(NAMES), part=st.booleans())
    def pickem_fee(self, name: str, part: bool) -> None:
        """`pickem fee` in full, or $4 of it."""
        self.attempt(lambda: pickem_pay.pay_fee(self.store, POOL, name, Decimal("4.00") if part else None))

    @rule(data=st.data())
    def pickem_prize(self, data) -> None:
        """`pickem pay` of a winner the grade shows (or of anyone)."""
        report = pickem_svc.grade(self.store, POOL)
        winners = [st_.name for st_ in report.standings if st_.prize > 0] or list(NAMES)
        name = data.draw(st.sampled_from(winners))
        if self.attempt(lambda: pickem_pay.pay_prize(self.store, POOL, name)) is not None:
            self.pickem_frozen = self.pickem_frozen or self.pickem_state()
            event("a pick'em prize was paid")

    @rule(name=st.sampled_from(NAMES), everything=st.booleans())
    def pickem_returned(self, name: str, everything: bool) -> None:
        """`pickem pay --returned` (all of it, or a dollar) of a prize paid too much, or of anyone."""
        back = None if everything else Decimal("1.00")
        if self.attempt(lambda: pickem_pay.prize_returned(self.store, POOL, name, back)) is not None:
            event("a pick'em prize paid too much was handed back")

    # ------------------------------------------------------------------------------ the invariants

    def pickem_state(self) -> tuple:
        view = pickem_svc.entries(self.store, POOL)
        return tuple((e.name, e.picks, e.tiebreak) for e in view.entries), pickem_svc.grade(
            self.store, POOL
        ).pot

    @rule(force=st.booleans())
    def archive_or_bring_back(self, force: bool) -> None:
        """Archiving takes the card out of the listing and nothing else: no row of any other table moves."""
        archived = SLUG in {c.slug for c in card_svc.list_cards(self.store, archived=True) if c.archived}
        before = {k: v for k, v in dump(self.store).items() if k not in ("archived_cards", "audit_log")}
        if archived:
            versions.unarchive_card(self.store, SLUG)
            hidden = False
        else:
            done = self.attempt(lambda: versions.archive_card(self.store, SLUG, force=force))
            event("archived" if done else "archive refused (entries)")
            hidden = done is not None
        after = {k: v for k, v in dump(self.store).items() if k not in ("archived_cards", "audit_log")}
        assert after == before
        assert [c.slug for c in card_svc.list_cards(self.store)] == ([] if hidden else [SLUG])

    @rule()
    def backup(self) -> None:
        """A backup is the pool as it is, every table and row."""
        copy = self.folder / "backup.db"
        backup_svc.backup(self.store, copy, replace=True)
        other = Store(f"sqlite:///{copy}")
        try:
            assert dump(other) == dump(self.store)
        finally:
            other.dispose()

    @rule(data=st.data())
    def returned_paid_in_error(self, data) -> None:
        """`entry pay … --returned … --paid-in-error`: money paid on the wrong card comes back, any part of it."""
        serial = data.draw(st.sampled_from(sorted(self.amounts) or ["000001"]))
        amount = data.draw(st.sampled_from([None, Decimal("1.00")]))
        done = self.attempt(lambda: entry_svc.returned(self.store, SLUG, int(serial), amount, in_error=True))
        if done is not None:
            self.amounts[serial] += done.amount  # negative: handed back
            event("money paid in error came back")

    @rule()
    def restore_backup_and_look(self) -> None:
        """The last backup copied back over the pool: every payment made since is still counted (the
        payments file beside the pool); then the pool as it was is put back, to go on with the week."""
        copy, pool = self.folder / "backup.db", self.folder / "pool.db"
        if not copy.exists():
            return
        prizes = pickem_pay.prizes_paid(self.store, POOL)
        self.store.dispose()
        shutil.copyfile(pool, self.folder / "now.db")
        shutil.copyfile(copy, pool)
        restored = Store(f"sqlite:///{pool}")
        try:
            with restored.reading() as tx:
                payments = entry_rows.payments(tx, SLUG)
            for serial, amount in self.amounts.items():
                assert (payments[serial].amount if serial in payments else Decimal(0)) == amount
            assert pickem_pay.prizes_paid(restored, POOL) == prizes
        finally:
            restored.dispose()
            shutil.copyfile(self.folder / "now.db", pool)
            self.store = Store(f"sqlite:///{pool}")
        event("a backup was put back and looked at")

    @rule()
    def restore_backup_and_go_on(self) -> None:
        """The last backup put back over the pool for good, and the week goes on from it: every payment made
        since is still counted (the payments file beside the pool), so paid money never moves and nothing is
        paid twice; what the backup does not hold (entries, versions, the history since) is gone with it."""
        copy, pool = self.folder / "backup.db", self.folder / "pool.db"
        if not copy.exists():
            return
        prizes = pickem_pay.prizes_paid(self.store, POOL)
        self.store.dispose()
        shutil.copyfile(copy, pool)
        self.store = Store(f"sqlite:///{pool}")
        assert pickem_pay.prizes_paid(self.store, POOL) == prizes
        with self.store.reading() as tx:
            kept = {v for v, _, _ in card_rows.history(tx, SLUG)}
            latest = card_rows.latest(tx, SLUG)
            for serial in list(self.paid):  # a paid card the backup does not hold (entered since): its
                found = entry_rows.get(tx, int(serial))  # payment is still counted (`paid_money_stays_put`)
                if found is None or (found[1].version, found[1].stake, found[1].picks) != self.paid[serial]:
                    del self.paid[serial]
        self.printed = {v: c for v, c in self.printed.items() if v in kept}
        self.hand = {g.key: g.spread for i, g in enumerate(latest.games) if g.spread != Decimal(TEAMS[i][2])}
        self.history = ()  # the restored pool's history is the backup's: only added to from here
        if self.pickem_frozen is not None:
            self.pickem_frozen = self.pickem_state()
        event("a backup was put back and the week went on from it")

    @invariant()
    def history_is_only_ever_added_to(self) -> None:
        """Whatever a command did or refused, the card's history keeps every earlier event as it was, in order."""
        if not hasattr(self, "store"):
            return
        now = tuple((e.at, e.actor, e.action, e.text) for e in history_svc.history(self.store, SLUG).events)
        assert now[: len(self.history)] == self.history
        self.history = now

    @invariant()
    def printed_cards_never_change(self) -> None:
        if not hasattr(self, "store"):
            return
        with self.store.reading() as tx:
            for version, card in self.printed.items():
                assert card_rows.get(tx, SLUG, version) == card

    @invariant()
    def paid_money_stays_put(self) -> None:
        if not hasattr(self, "store"):
            return
        with self.store.reading() as tx:
            payments = entry_rows.payments(tx, SLUG)
            for (
                serial,
                amount,
            ) in self.amounts.items():  # what went out, whatever the database was put back to
                assert (payments[serial].amount if serial in payments else Decimal(0)) == amount
            for serial, (version, stake, picks) in self.paid.items():
                _, entry = entry_rows.get(tx, int(serial))
                assert (entry.version, entry.stake, entry.picks) == (version, stake, picks)
                assert (payments[serial].amount if serial in payments else Decimal(0)) == self.amounts[serial]
        if self.pickem_frozen is not None:
            assert self.pickem_state() == self.pickem_frozen
            report = pickem_svc.grade(self.store, POOL)
            given = pickem_pay.prizes_paid(self.store, POOL)
            notes = payment_notes(report, given)
            won = {s.name.casefold(): s.prize for s in report.standings}
            assert report.collected is not None and 0 <= report.collected <= report.pot
            for key, amount in given.items():
                assert amount >= 0, "more was handed back than was paid"
                if amount > won.get(key, Decimal(0)):
                    assert any("overpaid" in n for n in notes), "an overpayment went unsaid"
                    event("a pick'em overpayment was named")


Week.TestCase.settings = settings(
    max_examples=int(os.environ.get("PARLAYCARDS_WEEKS", "35")),
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestWeek = Week.TestCase
