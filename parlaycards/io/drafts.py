"""A card's games from the drafts its sheets gave: selection numbers settled across the card (the sheet's
rotation numbers, else assigned), each number used once, no game twice, no kickoff far from the week."""

from __future__ import annotations

from pydantic import ValidationError

from ..core.bounds import KICKOFF_WINDOW_DAYS, as_day, far_from, middle_day
from ..core.edits import validation_text
from ..core.errors import Source, option
from ..core.models import Game, SelectionNumbers
from ..core.numbering import assign, totals_for
from ..core.printable import MAX_TEAM, shown, too_long_note
from ..core.text import iso_day
from .sheets import Problem, Sheet
from .table import Draft

# What a draft says of its game, each field named as the game's own.
DRAFTED = ("league", "kickoff", "away", "home", "neutral", "spread", "total")


def _far_kickoffs(drafts: list[Draft], problems: list[Problem]) -> None:
    """A kickoff far from the card's other games is a typing slip (a year, 9999-12-31), never a game of
    the week: each is named with the week it is far from."""
    middle = middle_day(d.kickoff for d in drafts if d.kickoff is not None)
    if middle is None:
        return
    for d in drafts:
        if d.kickoff is not None and far_from(d.kickoff, middle, KICKOFF_WINDOW_DAYS):
            problems.append(
                Problem(
                    d.source,
                    f"{_label(d)}: the kickoff {iso_day(as_day(d.kickoff))} is more than "
                    f"{KICKOFF_WINDOW_DAYS} days from the card's other games (around {iso_day(middle)}). "
                    "Check its date and year; a card holds one week's games (import a season's file one "
                    f"week at a time with {option('week')} or {option('date')}).",
                )
            )


def drafted_games(drafts: list[Draft], problems: list[Problem]) -> list[Game]:
    """Selection numbers for every game (the sheet's rotation numbers, else assigned), then the games."""
    _duplicates(drafts, problems)
    _far_kickoffs(drafts, problems)
    numbered = [d for d in drafts if d.numbers[0] is not None and d.numbers[1] is not None]
    sides = {n for d in numbered for n in d.numbers[:2] if n is not None}
    offset = 100
    while any(
        n + offset in sides for d in numbered if d.total is not None for n in d.numbers[:2] if n is not None
    ):
        offset += 100
    used = set(sides)
    numbers: dict[int, SelectionNumbers] = {}
    for i, d in enumerate(drafts):
        away, home, over, under = d.numbers
        if away is None or home is None:
            continue
        if d.total is not None and (over is None or under is None):
            over, under = totals_for(away, home, used, offset)
        if d.total is None:
            over = under = None
        used |= {n for n in (over, under) if n is not None}
        try:
            numbers[i] = SelectionNumbers(away=away, home=home, over=over, under=under)
        except ValidationError as exc:
            problems.append(Problem(d.source, validation_text(exc)))
    rest = [i for i in range(len(drafts)) if i not in numbers]
    for i, given in zip(
        rest, assign([drafts[i].total is not None for i in rest], numbers.values()), strict=True
    ):
        numbers[i] = given
    holder: dict[int, Draft] = {}
    games = []
    for i, d in enumerate(drafts):
        for n in numbers[i].all():
            if n in holder:
                problems.append(
                    Problem(
                        d.source,
                        f"selection number {n} is used by both {_label(holder[n])} "
                        f"({_where(holder[n], d)}) and {_label(d)}. Each number must be unique.",
                    )
                )
            holder[n] = d
        long = [
            too_long_note(f"the {side} team's name", getattr(d, side), MAX_TEAM) for side in ("away", "home")
        ]
        if any(long):
            problems.append(Problem(d.source, f"{_label(d)}: {'; '.join(x for x in long if x)}."))
            continue
        try:
            games.append(Game.model_validate({**{f: getattr(d, f) for f in DRAFTED}, "numbers": numbers[i]}))
        except ValidationError as exc:
            problems.append(Problem(d.source, f"{_label(d)}: {validation_text(exc)}."))
    return games


def _duplicates(drafts: list[Draft], problems: list[Problem]) -> None:
    pairs: dict[frozenset[str], Draft] = {}
    teams: dict[tuple[str, str], Draft] = {}
    for d in drafts:
        pair = frozenset((d.away.casefold(), d.home.casefold()))
        if pair in pairs:
            problems.append(
                Problem(
                    d.source,
                    f"{_label(d)} is on the card twice (also {_where(pairs[pair], d)}). Delete one of them.",
                )
            )
            continue
        pairs[pair] = d
        for team in (d.away, d.home):
            other = teams.get((d.league, team.casefold()))
            if other is not None:
                problems.append(
                    Problem(
                        d.source,
                        f"{team} plays twice: {_label(d)} and {_label(other)} "
                        f"({_where(other, d)}). Delete or fix one of them.",
                    )
                )
            teams[(d.league, team.casefold())] = d


def _label(d: Draft) -> str:
    return f"{shown(d.away)} {'vs' if d.neutral else 'at'} {shown(d.home)}"


def _where(d: Draft, seen_from: Draft) -> str:
    if d.source.sheet != seen_from.source.sheet:
        return f'sheet "{d.source.sheet}", row {d.source.row}'
    return f"row {d.source.row}"


def struck_rows(file: str, sheet: Sheet, header_row: int) -> list[Problem]:
    """A row struck through under the header: a game off the board, which an import does not take off."""
    return [
        Problem(
            Source(file, sheet.name, r),
            "the row is struck through: a game off the board, and an import does not take a game off. Delete "
            "the row, or clear the strike-through if the game is on.",
        )
        for r in sorted(sheet.struck)
        if r > header_row
    ]
