"""The checks a pick'em entry passes before it is stored: the pool still open (no prize paid, the cutoff
not passed unless late on purpose), a sheet's row a valid entry, the fee's status."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError

from ..core.edits import validation_text
from ..core.errors import RefusedError, option
from ..core.models import Card, Game
from ..core.pickem import (
    PickemEntry,
    name_key,
    picks_from_numbers,
)
from ..core.settle import kicked_off, started
from ..core.text import brief, local, plural
from ..store import Tx
from ..store import cards as card_rows
from ..store import pickem as rows

if TYPE_CHECKING:
    from ..io.pickem import PickemRow
    from .pickem import PickemImported, PoolView


def check_open(tx: Tx, view: PoolView, received: datetime, late: bool, *, how: str, file: str = "") -> None:
    """Refuse entries that would move money already paid or that come after the pool closed.

    A prize paid out closes the pool for good: a new or replaced entry would change the pot and the
    places after the money went out (nothing undoes a payment). The card's cutoff (as the card stands
    now) closes it too, unless the entry is late on purpose."""
    from ..core.money import dollars
    from ..core.text import moments
    from ..store.payments import paid_so_far

    head = f"{file}: " if file else ""
    paid = paid_so_far(tx, view.pool.slug, "prize")
    if paid:  # a prize once paid closes the pool, even when it was all handed back since
        names = {e.key: e.name for e in rows.entries(tx, view.pool.slug)}
        who = ", ".join(f"{names.get(k, k)} {dollars(v)}" for k, v in sorted(paid.items()))
        raise RefusedError(
            f"{head}prizes of pick'em pool {view.pool.slug} were already paid ({who}): a new or replaced "
            "entry now would change the pot and the places after the money went out. Nothing was stored."
        )
    current = card_rows.latest(tx, view.card.slug)
    if late:
        return
    remedy = f"add {option('late')} to the import" if how == "imported" else f"add {option('late')}"
    cutoff = current.rules.cutoff
    if cutoff is not None and received > cutoff:
        got, due = moments((received, cutoff), current.timezone)
        raise RefusedError(
            f"{head}pick'em pool {view.pool.slug} closed at the card's cutoff {due}; this entry is "
            f"received {got}. Nothing was stored. To accept it after the cutoff on purpose, {remedy}."
        )
    begun = (
        (g, b) for g in current.games if not g.off and (b := kicked_off(g, received, current)) is not None
    )
    first, began = next(begun, (None, None))
    if cutoff is None and first is not None:
        got = brief(local(received, current.timezone))
        raise RefusedError(
            f"{head}pick'em pool {view.pool.slug} closed at the first kickoff ({first.label()}, {began}), as "
            f"its sheet says; this entry is received {got}. Nothing was stored. To accept it after the first "
            f"kickoff on purpose, {remedy}."
        )


def past_posted(numbers: Sequence[int], card: Card, current: Card, received: datetime) -> list[str]:
    """Every pick on a game that had started when the entry was received (the kickoff as the card stands
    now): each game locks at its own kickoff, late entry or not, so such a pick is never accepted."""
    out = []
    for number, game in _picked_games(numbers, card, current):
        began = started(game, received, current, "entry")
        if began is not None:
            out.append(f"pick {number}: {game.label()} {began}")
    return out


def before_the_pool(
    tx: Tx, view: PoolView, keys: Sequence[int], current: Card, received: datetime
) -> str | None:
    """Why an entry dated before its pool was made is refused, when a game it picks (`keys`) had started by the time
    the pool was made (its picks were recorded after that game began, whatever time they are dated: a pool
    made after the scores were known takes no entry dated back into the week); None: it may be so dated."""
    made = rows.made_at(tx, view.pool.slug)
    if made is None or received >= made:
        return None
    games = {g.key: g for g in view.card.games} | {g.key: g for g in current.games}  # as the card is now
    begun = [(g, b) for k in keys if (g := games.get(k)) and (b := kicked_off(g, made, current))]
    if not begun:
        return None
    game, began = begun[0]
    more = f" and {plural(len(begun) - 1, 'other picked game')}" if len(begun) > 1 else ""
    tz = current.timezone
    return (
        f"this entry is dated {brief(local(received, tz))}, before pick'em pool {view.pool.slug} was made "
        f"({brief(local(made, tz))}), and by then {game.label()} had started ({began}){more}: picks recorded "
        "after their game started are never accepted, whatever time they are dated"
    )


def past_posted_row(numbers: Sequence[int], card: Card, current: Card, received: datetime) -> str | None:
    """A sheet row's picks on games already started, said once for the row (None: none)."""
    hits = []
    for number, game in _picked_games(numbers, card, current):
        began = kicked_off(game, received, current)
        if began is not None:
            hits.append(f"{number} ({game.label()}, {began})")
    if not hits:
        return None
    got = brief(local(received, current.timezone))
    return (
        f"{'picks on games' if len(hits) > 1 else 'a pick on a game'} already started when the sheet was "
        f"received ({got}): {', '.join(hits)}; a pick "
        f"must be in before its game starts (if the sheet was handed in earlier, import it with {option('received')})"
    )


def _picked_games(numbers: Sequence[int], card: Card, current: Card) -> list[tuple[int, Game]]:
    """Each picked number on `card` with its game as `current` (the card now) has it."""
    out = []
    for number in dict.fromkeys(numbers):
        hit = card.selection(number)
        if hit is not None:
            out.append((number, next((g for g in current.games if g.key == hit[0].key), hit[0])))
    return out


def past_posted_error(problems: list[str], late: bool) -> RefusedError:
    """Refuse a typed entry with picks on games already started, naming them and what to do."""
    remedy = (
        f"with {option('late')} only the games not yet started may be picked"
        if late
        else f"if the picks were handed in earlier, say when with {option('received')}"
    )
    return RefusedError(
        f"{plural(len(problems), 'pick')} on games already started; nothing was stored. A pick'em pick must be in "
        f"before its game starts ({remedy}): enter the picks again without them, and those games score 0.",
        problems=tuple(problems),
    )


def paid_status(said: bool | None, earlier: PickemEntry | None) -> bool:
    """An entry's fee status: as said, else as the entrant's earlier entry says (its recorded fees stay
    true), else paid."""
    if said is not None:
        return said
    return earlier.paid if earlier is not None else True


def none_stored(path: Path, report: PickemImported, all_or_nothing: bool) -> RefusedError:
    why = f"{option('all_or_nothing')} is on" if all_or_nothing else "every row was refused"
    return RefusedError(
        f"{path.name}: {plural(len(report.refused), 'row')} refused and {why}; nothing was stored.",
        problems=tuple(report.refused),
    )


def row_entry(
    raw: PickemRow,
    view: PoolView,
    stored: dict[str, PickemEntry],
    in_file: dict[str, int],
    received: datetime,
    current: Card,
) -> tuple[PickemEntry | None, list[str]]:
    """The entry a sheet's row makes, or why it makes none (`in_file`: the row of each name seen so far;
    `current`: the card as it stands now, whose kickoffs lock picks)."""
    reasons = [p.in_row() for p in raw.problems]
    chosen, problems = picks_from_numbers(raw.numbers, view.card)
    reasons += problems
    late = past_posted_row(raw.numbers, view.card, current, received) if not problems else None
    if late is not None:
        reasons.append(late)
    if not raw.numbers and not raw.problems:
        reasons.append("no picks")
    key = name_key(raw.name)
    if raw.name and key in in_file:
        reasons.append(f"{raw.name} already has a row in this file (row {in_file[key]})")
    in_file.setdefault(key, raw.row)
    if reasons:
        return None, reasons
    try:
        return PickemEntry(
            name=raw.name,
            picks=tuple(chosen.items()),
            tiebreak=raw.tiebreak,
            paid=paid_status(raw.paid, stored.get(key)),
            received_at=received,
        ), []
    except ValidationError as exc:
        return None, [validation_text(exc)]
