"""Card edits: games, payouts and rules. Each takes typed values, stores the next version and says what changed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from decimal import Decimal

from ..core import edits, leagues
from ..core.changes import card_changes
from ..core.choices import Basis, BelowMinimum, Ties
from ..core.errors import ParlayError, RefusedError, option
from ..core.models import Card
from ..core.payout_table import Odds, PayoutTier, upside_down
from ..core.printable import refuse_unprintable_card
from ..core.text import dollars, iso_day, plural
from ..core.zones import on_card
from ..store import Store, retry_conflicts
from ..store import cards as card_rows
from .kickoff_moves import refuse_earlier_kickoffs
from .numbers_taken import check_numbers


class Unset:
    """A value left out: the edit keeps what the card says."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET = Unset()


class Fields:
    """Fields an edit may change, each UNSET (the card keeps what it says) unless given."""

    def given(self) -> dict[str, object]:
        """The fields given, by name."""
        return {k: v for k, v in self.__dict__.items() if not isinstance(v, Unset)}


@dataclass(frozen=True)
class Edited:
    """A stored edit: the new version, what changed (before → after), and the versions already on paper."""

    card: Card
    note: str
    changes: tuple[str, ...]
    printed_versions: tuple[int, ...] = ()

    @property
    def printed_before(self) -> tuple[int, ...]:
        """Printed versions older than this one: their cards keep their lines."""
        return tuple(v for v in self.printed_versions if v < self.card.version)


@retry_conflicts
def edit(store: Store, slug: str, note: str, change: Callable[[Card], Card]) -> Edited:
    """Apply `change(card) -> card` to the latest version and store the result as the next version."""
    with store.transaction() as tx:
        card = card_rows.latest(tx, slug)
        new = change(card)
        changes = tuple(card_changes(card, new))
        if new == card or not changes:
            raise ParlayError(f"nothing to change: card {slug} version {card.version} already says that.")
        check_numbers(tx, card, new, "this edit")
        refuse_earlier_kickoffs(tx, card, new)
        refuse_unprintable_card(new, card)
        saved = card_rows.save(tx, new, note)
        tx.audit("edit", slug, version=saved.version, note=note, changes=list(changes))
        return Edited(saved, note, changes, card_rows.printed_versions(tx, slug))


@dataclass(frozen=True)
class GameFields(Fields):
    """The fields of a game an edit may change; UNSET keeps the card's value (None removes a total)."""

    spread: Decimal | Unset = UNSET
    total: Decimal | None | Unset = UNSET
    away: str | Unset = UNSET
    home: str | Unset = UNSET
    kickoff: datetime | date | Unset = UNSET
    neutral: bool | Unset = UNSET


def set_game(
    store: Store,
    slug: str,
    number: int,
    fields: GameFields,
    *,
    off: bool = False,
    now: datetime | None = None,
) -> Edited:
    """Change the game holding selection `number`, or (`off`) take it off the card from `now`. A naive
    kickoff is in the card's zone."""
    given = fields.given()
    if not given and not off:
        raise ParlayError(
            "say what to change: "
            + ", ".join(option(n) for n in ("spread", "total", "away", "home", "kickoff", "neutral", "off"))
            + "."
        )

    def change(card: Card) -> Card:
        values = {
            k: on_card(v, card) if k == "kickoff" and isinstance(v, date) else v for k, v in given.items()
        }
        new = edits.with_game(card, number, **values) if values else card
        return edits.take_off(new, number, now or datetime.now(UTC)) if off else new

    return edit(store, slug, f"game {number} changed", change)


def add_game(store: Store, slug: str, new: edits.NewGame, *, again: bool = False) -> Edited:
    """Add a game; it takes the next free selection numbers. A naive kickoff is in the card's zone.
    `new.league` is any word the league table knows (None: NFL); a matchup defaults to being one. A team
    already playing on the card (the alias table says who is who) is refused unless `again`."""
    code = _league_code(new.league if new.league is not None or not new.matchup else "LOCAL")
    found = leagues.get(code)
    if found is not None and found.matchup and not new.matchup:
        raise ParlayError(
            f"{found.name} games are matchups of two competitors: give {option('matchup')} A B "
            f"instead of {option('away')} and {option('home')}."
        )

    def playing(c: Card) -> Card:
        if not again:
            _refuse_twice(c, code, new.away, new.home)
        return c

    def placed(c: Card) -> edits.NewGame:
        return replace(new, league=code, kickoff=on_card(new.kickoff, c) if new.kickoff else None)

    added = f"added {new.away} {'vs' if new.matchup else 'at'} {new.home}"
    return edit(store, slug, added, lambda c: edits.add_game(playing(c), placed(c)))


def _refuse_twice(card: Card, league: str, away: str, home: str) -> None:
    from ..core.teams import identity

    for team in (away, home):
        who = identity(team, league)
        for g in card.games:
            if not g.off and who in (identity(g.away, g.league), identity(g.home, g.league)):
                raise ParlayError(
                    f'"{team}" already plays on card {card.slug}: game {g.numbers.away} {g.label()}. Add '
                    f"{option('again')} to put a second game of it on the card (or `game set` to change that one)."
                )


def _league_code(text: str | None) -> str:
    """A league's code from what was typed (`nba`, `golf`, `High School`); a word the table does not
    know is refused with the accepted words."""
    if text is None:
        return "NFL"
    found = leagues.named(text)
    if found is None:
        raise ParlayError(f'"{text}" is not a league. Accepted: {leagues.accepted()}.', field="league")
    return found.code


def remove_game(store: Store, slug: str, number: int) -> Edited:
    return edit(store, slug, f"game {number} removed", lambda c: edits.remove_game(c, number))


@dataclass(frozen=True)
class TableFields:
    basis: Basis | Unset = UNSET
    max_payout: Decimal | None | Unset = UNSET
    whole_card: bool = False  # the operator said the basis is to change for every tier of the card


def _one_basis(card: Card, picks: int, hits: int, table: TableFields) -> None:
    """A card pays every tier one way (it prints "pays 10 TO 1"): a basis given with one tier that would
    switch the card's other tiers too is refused, unless the operator said the whole card."""
    basis = table.basis
    if isinstance(basis, Unset) or basis == card.payouts.basis or table.whole_card:
        return
    others = [t for t in card.payouts.tiers if (t.picks, t.hits) != (picks, hits)]
    if not others:
        return
    was = card.payouts.basis
    raise RefusedError(
        f"the basis is the whole card's, not one tier's: every tier of {card.slug} pays "
        f'"{was}" and the card prints it; {option("basis")} {basis} would change '
        f"{plural(len(others), 'other tier')} too ({others[0].hits} of {others[0].picks} at {others[0].odds} "
        f'pays back {dollars(_back(others[0], was))} on $10 "{was}", {dollars(_back(others[0], basis))} '
        f'"{basis}"); nothing was changed. To pay every tier "{basis}", run it again with '
        f"{option('whole_card')}."
    )


def _back(tier: PayoutTier, basis: Basis) -> Decimal:
    """What $10 hands back at `tier` paid on `basis`, stake included."""
    from ..core.payout_table import PayoutTable
    from ..core.settle import returned

    return returned(Decimal(10), tier, PayoutTable(tiers=(tier,), basis=basis))


def set_payout(
    store: Store,
    slug: str,
    picks: int,
    hits: int,
    odds: Odds | str,
    table: TableFields = TableFields(),
    force: bool = False,
) -> Edited:
    """Set the tier `hits` of `picks` (and, optionally, the table's basis or cap). An all-hit tier that
    pays more than one for more picks (or less than one for fewer) is refused unless `force`."""

    def change(card: Card) -> Card:
        _one_basis(card, picks, hits, table)
        new = edits.set_payout(card, picks, hits, odds)
        if not force and (wrong := upside_down(new.payouts, picks, hits)):
            raise RefusedError(
                f"payout {hits} of {picks} at {odds}: a card of fewer picks would pay more than a card of more "
                f"picks (a typo?); nothing was changed. If the house means it, set it again with "
                f"{option('force')}:",
                problems=wrong,
            )
        if not isinstance(table.basis, Unset):
            new = edits.set_table(new, basis=table.basis)
        if not isinstance(table.max_payout, Unset):
            new = edits.set_table(new, max_payout=table.max_payout)
        return new

    return edit(store, slug, f"payout {hits} of {picks} set", change)


def remove_payout(store: Store, slug: str, picks: int, hits: int | None = None) -> Edited:
    hits = picks if hits is None else hits
    return edit(
        store, slug, f"payout {hits} of {picks} removed", lambda c: edits.remove_payout(c, picks, hits)
    )


@dataclass(frozen=True)
class RuleFields(Fields):
    ties: Ties | Unset = UNSET
    min_picks: int | Unset = UNSET
    max_picks: int | Unset = UNSET
    same_game: bool | Unset = UNSET
    below_minimum: BelowMinimum | Unset = UNSET
    cutoff: datetime | None | Unset = UNSET
    title: str | Unset = UNSET
    disclaimer: str | Unset = UNSET
    tiers: tuple[PayoutTier, ...] = field(default=())

    def given(self) -> dict[str, object]:
        """The rules, title and disclaimer given (the payout tiers apart)."""
        return {k: v for k, v in super().given().items() if k != "tiers"}


def set_rules(store: Store, slug: str, fields: RuleFields) -> Edited:
    """Change the rules, title or disclaimer (with the payout tiers a wider pick range needs). A naive
    cutoff is in the card's zone."""
    given = fields.given()
    if not given and not fields.tiers:
        raise ParlayError("say what to change.")
    cutoff = given.get("cutoff")
    if isinstance(cutoff, date) and not isinstance(cutoff, datetime):
        raise ParlayError(
            f'the cutoff {iso_day(cutoff)} needs a time as well as a date, e.g. "{iso_day(cutoff)} 13:00".',
            field="cutoff",
        )
    rules = {k: v for k, v in given.items() if k not in ("title", "disclaimer")}
    words = {k: v for k, v in given.items() if k in ("title", "disclaimer")}

    def change(card: Card) -> Card:
        cutoff = rules.get("cutoff")
        if isinstance(cutoff, datetime):
            rules["cutoff"] = on_card(cutoff, card)
        new = edits.set_rules(card, tiers=fields.tiers, **rules) if rules or fields.tiers else card
        return edits.rebuild(new, **words) if words else new

    return edit(store, slug, "rules changed", change)
