"""The grade report's rows, built once from settled entries; terminal, xlsx, PDF and JSON format them.

`grade_json` is the public `grade --json` shape: keep it stable.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from ..core.bulk import Graded
from ..core.lines import format_spread, format_total
from ..core.models import Card, Game, LegOutcome, Outcome, Result, Side
from ..core.money import ZERO, cents
from ..core.payout_table import PayoutTier
from ..core.printed import CardLine, card_lines, differs, games_of, line_text
from ..core.restored import paid_before_restore
from ..core.text import dollars, payout_text, plural
from ..core.views import kickoff_text

if TYPE_CHECKING:
    from ..store.voids import Voided  # an entry voided: listed, never graded, no stake counted


class EntryRow(NamedTuple):
    """One entry on the report (a NamedTuple: 100,000 of them are built per grade)."""

    serial: str
    version: int
    name: str
    stake: Decimal
    picks: tuple[int, ...]
    outcomes: Mapping[int, LegOutcome]  # every selection of the entry's card version, graded
    outcome: Outcome
    effective_picks: int
    hits: int
    tier: str | None  # `5 of 5 at 15-1`
    payout: Decimal
    paid: Decimal
    late: bool
    received_at: datetime
    capped: bool = False  # the payout was cut to its card's maximum payout

    @property
    def payout_text(self) -> str:
        """`$250.60`, or `$250.60, capped` where the card's maximum payout cut it."""
        return payout_text(self.payout, self.capped)

    @property
    def legs(self) -> tuple[LegOutcome, ...]:
        """Each pick's outcome, in pick order."""
        return tuple(map(self.outcomes.__getitem__, self.picks))

    @property
    def owed(self) -> Decimal:
        return max(self.payout - self.paid, ZERO)

    @property
    def overpaid(self) -> Decimal:
        """Paid more than the card now pays (a score corrected after paying): owed back to the pool."""
        return max(self.paid - self.payout, ZERO)

    @property
    def paid_status(self) -> str:
        """`paid`, `part paid`, `unpaid` for a card that hands money back, `overpaid $45.00` for a card
        paid more than it now pays; blank otherwise."""
        if self.paid > self.payout:
            return f"overpaid {dollars(self.paid - self.payout)}"
        if self.payout <= 0:
            return ""
        return "paid" if self.paid >= self.payout else "part paid" if self.paid > 0 else "unpaid"


@dataclass(frozen=True, slots=True)
class GameRow:
    key: int
    league: str
    kickoff: str
    away: str
    home: str
    numbers: tuple[int, ...]  # away, home, over, under
    away_line: str  # as players had it: `+4 (v1 cards) / +5½ (v3 cards)` where versions differ (core.printed)
    home_line: str
    total: str
    off: bool
    status: str  # final, cancelled, pending
    away_score: int | None
    home_score: int | None
    lines: tuple[CardLine, ...] = ()  # each line the game was played at, with its versions
    over_total: str = ""  # the over's and the under's total: the total itself, or on a teaser card each
    under_total: str = ""  # moved toward the player (`38`, `50` for a total of 44 teased 6)
    out: str = ""  # a matchup's competitor out after starting: `Scheffler withdrew` (status "out")

    @property
    def differs(self) -> bool:
        """Players hold this game at more than one line (or at a line no card carried)."""
        return differs(self.lines)

    @property
    def score(self) -> str:
        if self.status == "final":
            return f"{self.away_score}–{self.home_score}"
        if self.status == "out":
            return self.out
        return "cancelled" if self.status == "cancelled" else "no result yet"


@dataclass(frozen=True, slots=True)
class GradeChange:
    """An entry whose outcome or payout differs from what the last grade stored."""

    serial: str
    name: str
    old_outcome: str
    old_payout: Decimal
    new_outcome: str
    new_payout: Decimal
    paid: Decimal


@dataclass(frozen=True)
class Totals:
    entries: int
    stakes: Decimal
    payouts: Decimal
    net: Decimal  # stakes − payouts: what the pool keeps
    paid: Decimal
    owed: Decimal  # payouts not yet paid
    winners: int
    pending: int
    late: int
    pending_stakes: Decimal = ZERO  # staked on cards not yet settled: neither kept nor lost yet
    overpaid: Decimal = ZERO  # paid beyond what cards now pay (scores corrected after paying): owed back
    refunded: int = 0  # cards handing back their stake (every leg void, or reduced below the minimum)

    @property
    def settled_net(self) -> Decimal:
        """What the pool keeps (negative: loses) on the cards already settled."""
        return self.net - self.pending_stakes

    @property
    def cash_net(self) -> Decimal:
        """What the pool holds (negative: is out) on the cards settled, as cash stands now: money overpaid is
        out until it comes back, so it counts against the pool here and is said apart as owed back."""
        return self.settled_net - self.overpaid


def winners_heading(report: Report) -> str:
    """The winners list's heading: `Winners (3)`, or `Winners (3 winners, 1 refunded)` when the list holds
    refunded cards, which win nothing and are counted apart."""
    listed = report.winners
    refunds = sum(1 for r in listed if r.outcome is Outcome.REFUND)
    if not refunds:
        return f"Winners ({len(listed):,})"
    return f"Winners ({plural(len(listed) - refunds, 'winner')}, {refunds:,} refunded)"


def net_text(t: Totals, *, public: bool = False) -> str:
    """The pool's result in words, pending money apart: `the pool is up $42.50 on settled cards; 3 cards
    ($15.00 staked) still pending`, or `the pool lost $137.50` when the winners took more than was staked."""
    net = t.cash_net
    where = " on settled cards" if t.pending else ""
    text = f"the pool is up {dollars(net)}{where}" if net >= 0 else f"the pool lost {dollars(-net)}{where}"
    if t.overpaid and not public:  # the wall sheet names no card's overpayment: the operator's business
        text += f" in cash; {dollars(t.overpaid)} overpaid is owed back to it"
    if t.pending:
        text += f"; {plural(t.pending, 'card')} ({dollars(t.pending_stakes)} staked) still pending"
    return text


@dataclass(frozen=True, slots=True)
class Restored:
    """A payment the pool's database does not hold, counted from the payments file beside it (a backup put
    back over the pool since): the card is paid, and never paid again."""

    serial: str
    amount: Decimal  # what the card had been paid in all
    at: datetime


@dataclass(frozen=True)
class Report:
    slug: str
    title: str
    version: int  # the latest version of the card
    timezone: str  # the card's: times are shown in it
    games: tuple[GameRow, ...]
    rows: tuple[EntryRow, ...]  # by serial
    totals: Totals
    changes: tuple[GradeChange, ...] = ()
    selections: Mapping[tuple[int, int], str] | None = None  # (version, number) → `Chicago +3½`, `Over 44½`
    voided: tuple[Voided, ...] = ()  # by serial; not in `rows`, not in the totals
    played: tuple[int, ...] = ()  # the versions cards were printed or entered from
    restored: tuple[Restored, ...] = ()  # payments known from the payments file only, by serial

    def label(self, version: int, number: int) -> str:
        """A pick as the card version it was printed from words it: `Chicago +3½`, `Over 44½`."""
        return (self.selections or {}).get((version, number), str(number))

    @property
    def line_notes(self) -> list[str]:
        """What a reader needs to read the lines: which versions were printed, which lines no card carried."""
        notes = []
        if any(len(g.lines) > 1 for g in self.games):
            notes.append(
                f"Cards were printed from versions {', '.join(map(str, self.played))} of {self.slug} "
                "(the version is printed beside the serial). Where their lines differ, each is shown with "
                "its cards, and every card is graded at the line printed on it."
            )
        if any(not all(line.printed for line in g.lines) for g in self.games):
            notes.append(
                'A line marked "not printed" is on no card handed out: its game was added after the last '
                "printing, so no card can have picked it."
            )
        return notes

    @property
    def restored_notes(self) -> list[str]:
        """Each payment the database does not hold, named apart (`grade` and the operator's page)."""
        return [
            "Counted as paid: " + paid_before_restore(p.serial, p.amount, p.at, self.timezone) + "."
            for p in self.restored
        ]

    @property
    def winners(self) -> list[EntryRow]:
        """Cards handing money back, biggest first (refunds last), then by serial. A card paid more than
        it now pays and now losing is no winner: it is in `owed_back`, never on the wall."""
        return sorted(
            (r for r in self.rows if r.payout > 0),
            key=lambda r: (r.outcome is not Outcome.WIN, -r.payout, r.serial),
        )

    @property
    def owed_back(self) -> list[EntryRow]:
        """Cards paid more than they now pay (scores corrected after paying), most owed first: the
        operator's list of money to get back, never the players'."""
        return sorted((r for r in self.rows if r.paid > r.payout), key=lambda r: (-r.overpaid, r.serial))


def selection_label(game: Game, side: Side) -> str:
    if side is Side.OVER:
        return f"Over {format_total(game.line_for(side))}"
    if side is Side.UNDER:
        return f"Under {format_total(game.line_for(side))}"
    team = game.away if side is Side.AWAY else game.home
    return f"{team} {format_spread(game.line_for(side))}"


def game_rows(
    card: Card, cards: Mapping[int, Card], results: Mapping[int, Result], played: Collection[int]
) -> tuple[GameRow, ...]:
    """The games of every version, each with the lines the played versions carried (`core.printed`); a
    game removed before any card carried it is left out."""
    lines = card_lines(cards, played)
    on_card = {g.key for g in card.games}
    out = []
    for g in games_of(cards).values():
        if g.key not in on_card and not any(line.printed for line in lines[g.key]):
            continue  # removed before any card carried it: on nobody's card, so not on the report
        r = results.get(g.key)
        status = "pending" if r is None else "cancelled" if r.cancelled else "out" if r.out else "final"
        ls = lines[g.key]
        out.append(
            GameRow(
                g.key,
                g.league,
                kickoff_text(g, card.timezone),
                g.away,
                g.home,
                g.numbers.all(),
                *_teased_lines(ls, g.tease),
                g.off,
                status,
                r.away_score if r and not r.cancelled else None,
                r.home_score if r and not r.cancelled else None,
                ls,
                *_over_under(ls, g.tease),
                r.out_text(g.away, g.home) if r else "",
            )
        )
    return tuple(out)


def _over_under(lines: Sequence[CardLine], tease: Decimal) -> tuple[str, str]:
    """The over's and the under's total as players hold them (each moved `tease` toward the player)."""

    def side(sign: int) -> Callable[[CardLine], str]:
        return lambda x: format_total(None if x.total is None else x.total + sign * tease)

    return line_text(lines, side(-1)), line_text(lines, side(1))


def _teased_lines(lines: Sequence[CardLine], tease: Decimal) -> tuple[str, str, str]:
    """A game's away, home and total lines as players hold them: on a teaser card, each moved `tease` points
    toward the player (`-7` teased 6 is `-1`; a total of 44 is `o38 u50`), as printed and graded."""
    if not tease:
        return (
            line_text(lines, lambda x: x.away_line),
            line_text(lines, lambda x: x.home_line),
            line_text(lines, lambda x: x.total_text),
        )

    def total(x: CardLine) -> str:
        if x.total is None:
            return format_total(None)
        return f"o{format_total(x.total - tease)} u{format_total(x.total + tease)}"

    return (
        line_text(lines, lambda x: format_spread(-x.spread + tease)),
        line_text(lines, lambda x: format_spread(x.spread + tease)),
        line_text(lines, total),
    )


def build_report(
    card: Card,
    cards: Mapping[int, Card],
    graded: Sequence[Graded],
    results: Mapping[int, Result],
    paid: Mapping[str, Decimal],
    changes: Sequence[GradeChange] = (),
    played: Collection[int] = (),
) -> Report:
    """Every row of the report. `card` is the latest version; `cards` every version (at least those entries
    were made on); `played` the versions printed or entered (entries' versions are added)."""
    versions = {**cards, card.version: card}
    rows = _entry_rows(graded, paid, versions)
    played_versions = tuple(sorted(set(played) | {r.version for r in rows}))
    return Report(
        card.slug,
        card.title,
        card.version,
        card.timezone,
        game_rows(card, versions, results, played_versions),
        tuple(rows),
        _totals(rows),
        tuple(changes),
        _labels(versions),
        played=played_versions,
    )


def _entry_rows(
    graded: Sequence[Graded], paid: Mapping[str, Decimal], versions: Mapping[int, Card]
) -> list[EntryRow]:
    """One row per graded entry, by serial; a tier's text is made once for all the entries that won it."""
    from ..core.payout_table import capped

    tiers: dict[int, str] = {}  # by id: the same few tier objects come back for every winning entry

    def tier_text(tier: PayoutTier | None) -> str | None:
        if tier is None:
            return None
        if id(tier) not in tiers:
            tiers[id(tier)] = f"{tier.hits} of {tier.picks} at {tier.odds}"
        return tiers[id(tier)]

    rows = [
        EntryRow(
            e.serial,
            e.version,
            e.name,
            e.stake,
            e.picks,
            outcomes,
            grade.outcome,
            grade.effective_picks,
            grade.hits,
            tier_text(grade.tier),
            payout,
            paid.get(e.serial, ZERO),
            e.late,
            e.received_at,
            grade.tier is not None and capped(e.stake, grade.tier, versions[e.version].payouts),
        )
        for e, grade, payout, outcomes in graded
    ]
    rows.sort(key=itemgetter(0))
    return rows


def _totals(rows: Sequence[EntryRow]) -> Totals:
    stakes = sum((r.stake for r in rows), ZERO)
    payouts = sum((r.payout for r in rows), ZERO)
    return Totals(
        entries=len(rows),
        stakes=cents(stakes),
        payouts=cents(payouts),
        net=cents(stakes - payouts),
        paid=cents(
            sum((r.paid for r in rows), ZERO)
        ),  # the cash handed out, even to a card a correction made lose
        owed=cents(sum((r.owed for r in rows), ZERO)),
        winners=sum(1 for r in rows if r.outcome is Outcome.WIN),
        refunded=sum(1 for r in rows if r.outcome is Outcome.REFUND),
        pending=sum(1 for r in rows if r.outcome is Outcome.PENDING),
        late=sum(1 for r in rows if r.late),
        pending_stakes=cents(sum((r.stake for r in rows if r.outcome is Outcome.PENDING), ZERO)),
        overpaid=cents(sum((r.overpaid for r in rows), ZERO)),
    )


def _labels(versions: Mapping[int, Card]) -> dict[tuple[int, int], str]:
    """(version, selection number) → the pick as that version printed it: `Chicago +3½`, `Over 44½`."""
    labels: dict[tuple[int, int], str] = {}
    for version, c in versions.items():
        for game in c.games:
            for side in Side:
                number = getattr(game.numbers, side.value)
                if number is not None:
                    labels[(version, number)] = selection_label(game, side)
    return labels
