"""The checks before a score is stored: the game still matters to some card, it has started, a final is
level only where its league's games can end tied (an NHL 3-3 is refused), and the score does not move what
paid cards or paid pick'em prizes win without the operator saying so (all of them named at once).

A game removed from the card before any card carrying it was printed or entered is on no card a player
holds: a result for it is refused (`result set`) or left alone and named by row (`result import`).

Paid money never moves by itself (issue 18): a corrected score that changes what a paid card wins is
refused, naming each such card with what it was paid and what it would win, unless the operator confirms
it (`--yes`); the payment stays as it was, and the next grade shows the card overpaid or owed.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING, Literal

from ..core import bulk
from ..core.errors import ParlayError, option
from ..core.models import Game, Result
from ..core.text import brief, dollars, plural
from ..store import cards as card_rows
from ..store import entries as entry_rows
from ..store import results as result_rows

if TYPE_CHECKING:
    from ..store import Tx
    from ..store.look import Rows


def in_play(tx: Rows, slug: str) -> set[int]:
    """The keys of the games a result can matter to: on the card now, or on a version printed or entered."""
    latest = card_rows.latest(tx, slug).version
    versions = {latest, *card_rows.printed_versions(tx, slug), *entry_rows.versions(tx, slug)}
    return {g.key for v in versions for g in card_rows.get(tx, slug, v).games}


def removed_text(game: Game, slug: str) -> str:
    """Why a result for `game` is not taken."""
    return (
        f"{game.label()} was removed from card {slug} before any card carrying it was printed or entered, "
        "so no card depends on its result"
    )


def paid_moved(tx: Tx, slug: str, results: Iterable[Result]) -> tuple[str, ...]:
    """Each paid card whose winnings `results` would change, with what it was paid and would now win."""
    stored = result_rows.of(tx, slug)
    new = {r.game: r for r in results if stored.get(r.game) != r}
    paid = {s: p.amount for s, p in entry_rows.payments(tx, slug).items()}
    if not new or not paid:
        return ()
    tickets = [t for t in entry_rows.for_grading(tx, slug) if t.serial in paid]
    cards = {v: card_rows.get(tx, slug, v) for v in {t.version for t in tickets}}
    before = bulk.grade_entries(cards, tickets, stored)
    after = bulk.grade_entries(cards, tickets, {**stored, **new})
    return tuple(
        _moved(g.entry.serial, g.entry.name, paid[g.entry.serial], was.payout, g.payout)
        for was, g in zip(before, after, strict=True)
        if (was.outcome, was.payout) != (g.outcome, g.payout)
    )


def _balance(paid: Decimal, now: Decimal) -> str:
    return (
        f"overpaid {dollars(paid - now)}"
        if paid > now
        else f"owed {dollars(now - paid)}"
        if now > paid
        else "as paid"
    )


def _moved(serial: str, name: str, paid: Decimal, was: Decimal, now: Decimal) -> str:
    balance = _balance(paid, now)
    who = f" ({name})" if name else ""
    return (
        f"card {serial}{who}: paid {dollars(paid)}, won {dollars(was)} before this score, wins {dollars(now)} "
        f"with it ({balance})"
    )


Where = Literal["command line", "web"]  # where the operator is: the remedy named is one they can use there


def money_moved(moved: tuple[str, ...], prizes: tuple[str, ...], slug: str, where: Where) -> ParlayError:
    """The refusal of a score change that moves paid cards' winnings (`moved`) or paid pick'em prizes
    (`prizes`), every one named, with what to do where the operator is: on the web, the card's page grades
    and has the "Record handed back" form; on the command line, the commands that do it."""
    cards, paid = plural(len(moved), "paid card"), plural(len(prizes), PRIZE)
    what = (
        f"what {cards} of {slug} won and {paid} already paid"
        if moved and prizes
        else f"what {cards} of {slug} won"
        if moved
        else f"{paid} already paid"
    )
    back = f"`parlaycards pickem pay POOL NAME {option('returned')} AMOUNT`"
    if where == "web":
        card_how = (
            'the next grade on this page then shows each card overpaid or owed under "Grade and pay", and its '
            '"Record handed back" form records money handed back'
        )
        prize_how = (
            f"`parlaycards pickem pay` (on the command line) then shows each prize overpaid or owed, and {back} "
            "records money handed back"
        )
        how = (
            f"{card_how} on a card; {prize_how} on a prize"
            if moved and prizes
            else card_how
            if moved
            else prize_how
        )
    else:
        entry_back = f"`parlaycards entry pay {slug} SERIAL {option('returned')} AMOUNT`"
        how = (
            f"the next `parlaycards grade {slug}` then shows each card overpaid or owed and `parlaycards pickem "
            f"pay` each prize; {entry_back} and {back} record money handed back"
            if moved and prizes
            else f"the next `parlaycards grade {slug}` then shows each card overpaid or owed, and {entry_back} "
            "records money handed back"
            if moved
            else f"`parlaycards pickem pay` then shows each prize overpaid or owed, and {back} records money "
            "handed back"
        )
    return ParlayError(
        f"this result changes {what}; nothing was stored. Money already paid does not move by itself: if the "
        f"new score is right, run the command again with {option('yes')}; {how}:",
        problems=moved + prizes,
    )


def prizes_moved(tx: Tx, slug: str, results: Iterable[Result]) -> tuple[str, ...]:
    """Each pick'em prize already paid (in a pool on card `slug`) that `results` would change, with what
    was paid and what it would now be."""
    from ..core.money import cents
    from ..core.pickem import name_key
    from ..core.pickem_week import grade_week
    from ..store import pickem as pickem_rows
    from ..store.payments import paid_so_far
    from .pickem import pool_view

    stored = result_rows.of(tx, slug)
    new = {r.game: r for r in results if stored.get(r.game) != r}
    out: list[str] = []
    for pool in pickem_rows.of_card(tx, slug) if new else ():
        paid = {k: v for k, v in paid_so_far(tx, pool.slug, "prize").items() if v}
        if not paid:
            continue
        view, entries = pool_view(tx, pool.slug), pickem_rows.entries(tx, pool.slug)
        try:
            before = grade_week(view.pool, view.card, entries, stored)
            after = grade_week(view.pool, view.card, entries, {**stored, **new})
        except ValueError:  # a pool that cannot be graded pays nothing either way
            continue
        was = {name_key(s.name): cents(s.prize) for s in before.standings}
        for s in after.standings:
            key, now = name_key(s.name), cents(s.prize)
            if key in paid and was.get(key) != now:
                out.append(
                    f"pick'em {pool.slug}, {s.name}: prize paid {dollars(paid[key])}, was "
                    f"{dollars(was.get(key, now))} before this score, {dollars(now)} with it "
                    f"({_balance(paid[key], now)})"
                )
    return tuple(out)


PRIZE = "pick'em prize"


def prizes_paid_on(tx: Tx, slug: str) -> bool:
    """Any pick'em prize paid in a pool played on card `slug`: a score correction may then move it."""
    from ..store import pickem as pickem_rows
    from ..store.payments import paid_so_far

    return any(any(paid_so_far(tx, p.slug, "prize").values()) for p in pickem_rows.of_card(tx, slug))


def refuse_money_moves(
    moved: tuple[str, ...], prizes: tuple[str, ...], slug: str, yes: bool, where: Where = "command line"
) -> None:
    """Refuse a score change that moves paid cards' winnings or paid pick'em prizes, unless `yes`: every
    card and prize that moves is named in the one refusal (`money_moved`)."""
    if (moved or prizes) and not yes:
        raise money_moved(moved, prizes, slug, where)


def refuse_ties(games: dict[int, Game], results: list[Result], slug: str) -> None:
    """A level final in a league whose games cannot end tied (an NHL 3-3, an NBA 101-101) is refused, each
    game named: it is a score taken before overtime, a shootout or extra innings decided it."""
    from ..core.leagues import get, tied_by_mistake

    tied = [
        f"{games[r.game].label()} {r.away_score}-{r.home_score} ({games[r.game].league}: "
        f"{getattr(get(games[r.game].league), 'ties', '')})"
        for r in results
        if not r.cancelled and tied_by_mistake(games[r.game].league, r.away_score, r.home_score)
    ]
    if tied:
        raise ParlayError(
            f"a tied final in a league whose games cannot end tied; nothing was stored for {slug}: "
            f"{'; '.join(tied)}. Accepted: the final with its winner, overtime included (a shootout's winner "
            f"one goal up), or {option('cancelled')} for a game not played out."
        )


def refuse_unplayed(games: dict[int, Game], results: list[Result], slug: str) -> None:
    """A final score (or a competitor out) for a game that has not kicked off yet is refused: it is a score
    typed on the wrong card or game, and cards may still be handed in for that game. A game called off
    (cancelled) may be recorded at any time."""
    from datetime import UTC, date, datetime

    now = datetime.now(UTC)
    early = []
    for r in results:
        kick = games[r.game].kickoff
        if r.cancelled or kick is None:
            continue
        if (isinstance(kick, datetime) and kick.tzinfo is not None and kick > now) or (
            not isinstance(kick, datetime) and isinstance(kick, date) and kick > now.date()
        ):
            early.append(
                f"{games[r.game].label()} kicks off {brief(kick) if isinstance(kick, datetime) else kick}"
            )
    if early:
        raise ParlayError(
            f"{'; '.join(early)}: a result is stored only for a game that has started, and nothing was stored. "
            f"Is this the right card ({slug})? A game called off before it starts is {option('cancelled')}."
        )


def settled_by(tx: Tx, slug: str) -> tuple[str, ...]:
    """What new scores on card `slug` settle: "cards" when it has entries (or no pool), then its pick'em pools."""
    from ..store import entries as entry_rows
    from ..store import pickem as pickem_rows

    pools = tuple(p.slug for p in pickem_rows.of_card(tx, slug))
    return (("cards",) if entry_rows.count(tx, slug) or not pools else ()) + pools
