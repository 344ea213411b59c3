"""Pick'em money marked paid, as parlay winnings are (`entry pay`): entry fees taken, prizes paid out.

Each payment is a row of an append-only ledger (0005_pickem_payments) and an audit entry; the amount
defaults to what is still owed and is never more. A prize is paid only once the week is final.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from ..core.errors import NotFoundError, RefusedError, option
from ..core.money import ZERO, cents, dollars, hand_back, pay_out
from ..core.pickem import name_key
from ..core.text import folded
from ..store import Store, Tx, retry_conflicts
from ..store import pickem as rows
from ..store.payments import paid_so_far, record, restored
from .pickem import pool_view, week_report

if TYPE_CHECKING:
    from ..core.pickem_week import Standing, WeekReport


@dataclass(frozen=True)
class PickemPaid:
    name: str
    kind: str  # fee, prize
    due: Decimal  # the fee, or the prize won
    amount: Decimal  # paid now
    total: Decimal  # paid so far, this payment included

    @property
    def owed(self) -> Decimal:
        return self.due - self.total


def prizes_paid(store: Store, pool: str) -> dict[str, Decimal]:
    with store.reading() as tx:
        return paid_so_far(tx, pool, "prize")


@retry_conflicts
def pay_fee(store: Store, pool: str, name: str, amount: Decimal | None = None) -> PickemPaid:
    """Record an entrant's entry fee (or part of it); fully paid, the entry shows paid."""
    with store.transaction() as tx:
        view = pool_view(tx, pool)
        entries = rows.by_name(tx, pool)
        hit = _one_named([e.name for e in entries.values()], name)
        entry = entries.get(name_key(hit)) if hit is not None else None
        if entry is None:
            raise NotFoundError(f'"{name}" has no entry in {pool}. See `parlaycards pickem entries {pool}`.')
        fee = cents(view.pool.fee)
        if fee <= 0:
            raise RefusedError(f"pick'em pool {pool} has no entry fee: there is nothing to pay.")
        before = paid_so_far(tx, pool, "fee").get(entry.key, ZERO)
        if entry.paid and before == 0:
            raise RefusedError(
                f"{entry.name} is already marked paid in {pool} (entered as paid). Nothing was changed."
            )
        paid = _pay(tx, pool, entry.key, entry.name, "fee", fee, before, amount)
        if paid.total >= fee:
            rows.mark_paid(tx, pool, entry.key)
        return paid


def _one_named(names: list[str], name: str) -> str | None:
    """The entrant `name` names: written the same (case aside), else the one name that reads the same with
    accents aside too ("Emile Cafe" for Émile Café); None for none, or for two that read the same."""
    exact = [n for n in names if name_key(n) == name_key(name)]
    if exact:
        return exact[0]
    loose = {name_key(n): n for n in names if folded(name_key(n)) == folded(name_key(name))}
    return next(iter(loose.values())) if len(loose) == 1 else None


def _final_standing(tx: Tx, pool: str, name: str, then: str) -> tuple[WeekReport, Standing]:
    """The week (final: prizes are paid or handed back only then) and `name`'s standing in it."""
    report = week_report(tx, pool)
    hit = _one_named([s.name for s in report.standings], name)
    standing = next((s for s in report.standings if s.name == hit), None)
    if standing is None:
        raise NotFoundError(f'"{name}" has no entry in {pool}. See `parlaycards pickem entries {pool}`.')
    if report.final:
        return report, standing
    raise RefusedError(
        f"pick'em pool {pool} is not final: not every game has a result, so the places and "
        f"prizes may still change. {then} once `pickem grade` shows the week final."
    )


@retry_conflicts
def pay_prize(store: Store, pool: str, name: str, amount: Decimal | None = None) -> PickemPaid:
    """Record a prize paid to an entrant of a final week; the amount defaults to what is still owed."""
    with store.transaction() as tx:
        report, standing = _final_standing(tx, pool, name, "Pay prizes")
        key = name_key(standing.name)
        prize = cents(standing.prize)
        if prize <= 0:
            paid = paid_so_far(tx, pool, "prize").get(key, ZERO)
            raise RefusedError(
                f"{standing.name} won no prize in {pool} (place {standing.place}): there is nothing to pay."
                + (
                    f" {standing.name} was paid {dollars(paid)}: overpaid {dollars(paid)} (record what is "
                    f"handed back with {option('returned')})."
                    if paid
                    else ""
                )
            )
        fee = cents(report.pool.fee)
        if fee > 0 and not standing.paid:
            taken = paid_so_far(tx, pool, "fee").get(key, ZERO)
            raise RefusedError(
                f"{standing.name}'s entry fee is not paid ({dollars(taken)} of {dollars(fee)} taken): a prize is "
                f'paid to an entrant whose fee is in. Take the fee first (`parlaycards pickem fee {pool} "'
                f'{standing.name}"`, or with ⟨amount⟩ what is left), then pay the prize. Nothing was changed.'
            )
        before = paid_so_far(tx, pool, "prize").get(key, ZERO)
        return _pay(tx, pool, key, standing.name, "prize", prize, before, amount)


@retry_conflicts
def prize_returned(store: Store, pool: str, name: str, amount: Decimal | None = None) -> PickemPaid:
    """Record money a winner handed back: a prize paid more than it is now (a score corrected after
    paying). The amount defaults to all that was overpaid, and may not exceed it."""
    with store.transaction() as tx:
        _, standing = _final_standing(tx, pool, name, "Record what was handed back")
        key = name_key(standing.name)
        prize = cents(standing.prize)
        given = paid_so_far(tx, pool, "prize").get(key, ZERO)
        value, total = hand_back(
            given,
            prize,
            amount,
            who=standing.name,
            not_over=f"{standing.name} was not overpaid in {pool}: the prize is {dollars(prize)} and "
            f"{dollars(given)} was paid, so nothing is owed back.",
            now_is="the prize is now",
        )
        record(tx, pool, key, "prize", -value)
        tx.audit(
            "pickem.prize_returned",
            None,
            pool=pool,
            name=standing.name,
            amount=str(value),
            total_paid=str(total),
        )
        return PickemPaid(standing.name, "prize", prize, -value, total)


# How a fee and a prize word a payment refused: nothing owed, or more than is owed.
_IN_FULL = {
    "fee": "{name} has already paid the fee in full: {paid}.",
    "prize": "{name} was already paid the prize in full: {paid}.",
}
_OWED_BY = {"fee": "{name} owes", "prize": "{name} is owed"}


def _kept(tx: Tx, pool: str, name: str, kept: tuple[Decimal, str]) -> str:
    """` Ann was paid $21.00 on … — the pool was restored from a backup …`: a payment only the payments file
    beside the pool holds, named where it is refused again."""
    from datetime import datetime

    from ..core.restored import who_paid_before_restore

    amount, at = kept
    tz = pool_view(tx, pool).card.timezone
    return (
        " "
        + who_paid_before_restore(name, amount, datetime.fromisoformat(at), tz)
        + ". Nothing was paid again."
    )


def _pay(
    tx: Tx, pool: str, key: str, name: str, kind: str, due: Decimal, before: Decimal, amount: Decimal | None
) -> PickemPaid:
    """Pay `amount` (default: all that is still owed) of the `kind` (fee or prize) `due`, `before` paid
    already: a ledger row and an audit entry."""
    kept = restored(tx, pool, kind).get(key)
    value, total = pay_out(
        due,
        before,
        amount,
        in_full=lambda: (
            _IN_FULL[kind].format(name=name, paid=dollars(before))
            + (
                f" The {kind} is now {dollars(due)}: overpaid {dollars(before - due)} (record what is "
                f"handed back with {option('returned')})."
                if before > due and kind == "prize"
                else ""
            )
            + (_kept(tx, pool, name, kept) if kept else "")
        ),
        owed_by=_OWED_BY[kind].format(name=name),
        due_is=f"the {kind} is",
    )
    record(tx, pool, key, kind, value)
    tx.audit(f"pickem.pay_{kind}", None, pool=pool, name=name, amount=str(value), total_paid=str(total))
    return PickemPaid(name, kind, due, value, total)
