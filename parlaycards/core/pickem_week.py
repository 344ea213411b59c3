"""Scoring one week of a pick'em pool (SETTLEMENT.md §5; the pool, its entries and picks are in
`core.pickem`): each entry's points, the places with their tiebreaks, the prizes, and the notes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from .choices import PickemBasis, TiebreakRule
from .frozen import Frozen
from .models import Card, Game, LegOutcome, Result, Side
from .money import cents, dollars
from .pickem import NIL, ONE, PICK_SIDES, PickemEntry, PickemPool, PickOutcome, pool_games, tiebreak_game
from .prizes import place_prizes, split
from .settle import grade_leg
from .text import plural

# --- scoring one week -------------------------------------------------------------------------------------


class PickLine(Frozen):
    game: int
    side: Side | None
    outcome: PickOutcome
    points: Decimal


class Standing(Frozen):
    """One entrant's week: score, counts, tiebreak, place (shared by `tied` entrants) and prize."""

    place: int
    tied: int
    name: str
    paid: bool
    score: Decimal
    wins: int
    pushes: int
    losses: int
    missing: int
    void: int
    pending: int
    tiebreak: int | None
    distance: int | None  # |guess − actual|; None without a guess or an actual total
    over: bool  # the guess is above the actual total
    prize: Decimal
    picks: tuple[PickLine, ...]


class WeekReport(Frozen):
    pool: PickemPool
    title: str
    games: tuple[Game, ...]
    results: tuple[Result, ...]
    tiebreak_game: Game
    tiebreak_total: int | None
    pot: Decimal
    place_prizes: tuple[Decimal, ...]  # by finishing position, 1st first
    standings: tuple[Standing, ...]
    notes: tuple[str, ...]
    final: bool  # every game has a result
    collected: Decimal | None = None  # the entry fees taken so far (None: not looked at)

    @property
    def paid_out(self) -> Decimal:
        return sum((s.prize for s in self.standings), NIL)


def fees_collected(fee: Decimal, entries: Iterable[PickemEntry], taken: Mapping[str, Decimal]) -> Decimal:
    """What the entry fees taken come to: the whole fee of an entry marked paid, of the others what the
    ledger (`taken`: name key → paid so far) says was taken."""
    due = cents(fee)
    return cents(sum((due if e.paid else min(due, taken.get(e.key, NIL)) for e in entries), NIL))


def graded_sides(game: Game, result: Result | None, basis: PickemBasis) -> dict[Side, LegOutcome]:
    """Both sides of a game graded once: ATS at the card's spread, straight-up as a spread of 0."""
    line_game = game if basis == "ats" else Game.model_validate({**game.model_dump(), "spread": NIL})
    return {side: grade_leg(line_game, side, result) for side in PICK_SIDES}


def score_entry(
    entry: PickemEntry,
    games: Sequence[Game],
    graded: Mapping[int, Mapping[Side, LegOutcome]],
    push_points: Decimal,
) -> tuple[Decimal, tuple[PickLine, ...]]:
    lines: list[PickLine] = []
    for game in games:
        side = entry.side_for(game.key)
        if side is None:
            lines.append(PickLine(game=game.key, side=None, outcome="missing", points=NIL))
            continue
        o = graded[game.key][side]
        points = ONE if o is LegOutcome.WIN else push_points if o is LegOutcome.PUSH else NIL
        lines.append(PickLine(game=game.key, side=side, outcome=o.value, points=points))
    return sum((p.points for p in lines), NIL), tuple(lines)


def tiebreak_key(guess: int | None, actual: int | None, rule: TiebreakRule) -> tuple[int, int]:
    """Smaller is better. No actual total: everyone equal. No guess: after every guess."""
    if actual is None:
        return (0, 0)
    if guess is None:
        return (2, 0)
    over = 1 if rule == "closest-without-going-over" and guess > actual else 0
    return (over, abs(guess - actual))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _scored(
    e: PickemEntry,
    games: Sequence[Game],
    graded: Mapping[int, dict[Side, LegOutcome]],
    pool: PickemPool,
    actual: int | None,
) -> tuple[PickemEntry, Decimal, tuple[PickLine, ...], tuple[int, int]]:
    """An entry with its score, its picks' lines, and the key its tiebreak guess sorts by."""
    score, lines = score_entry(e, games, graded, pool.push_points)
    return e, score, lines, tiebreak_key(e.tiebreak, actual, pool.tiebreak_rule)


def _result_notes(games: Sequence[Game], results: Mapping[int, Result], pending: Sequence[Game]) -> list[str]:
    """What the week's results say of its scores: games cancelled, games with no result yet."""
    notes = [
        f"{g.label()} was cancelled: no points for anyone on it."
        for g in games
        if (r := results.get(g.key)) is not None and r.cancelled
    ]
    if pending:
        notes.append(
            f"{plural(len(pending), 'game')} {'has' if len(pending) == 1 else 'have'} no result yet "
            f"({', '.join(g.label() for g in pending)}): "
            "scores, places and prizes are provisional."
        )
    return notes


def _prize_notes(prizes: Sequence[Decimal], pot: Decimal, entries: int, fee: Decimal) -> list[str]:
    """The week's prizes adding up to more than its pot, said."""
    notes = []
    if sum(prizes, NIL) > pot:
        notes.append(
            f"The prizes add up to {dollars(sum(prizes, NIL))}, more than the pot {dollars(pot)} "
            f"({plural(entries, 'entry', 'entries')} at {dollars(fee)})."
        )
    return notes


def _standing(
    e: PickemEntry,
    score: Decimal,
    lines: tuple[PickLine, ...],
    place: int,
    tied: int,
    share: Decimal,
    actual: int | None,
) -> Standing:
    """An entrant's line of the standings: place (shared by `tied`), score and its wins, pushes, losses …,
    the tiebreak guess and how far it was from `actual`, and the prize share."""
    counts = {
        o: sum(1 for p in lines if p.outcome == o)
        for o in ("win", "push", "loss", "missing", "void", "pending")
    }
    return Standing(
        place=place,
        tied=tied,
        name=e.name,
        paid=e.paid,
        score=score,
        wins=counts["win"],
        pushes=counts["push"],
        losses=counts["loss"],
        missing=counts["missing"],
        void=counts["void"],
        pending=counts["pending"],
        tiebreak=e.tiebreak,
        distance=abs(e.tiebreak - actual) if e.tiebreak is not None and actual is not None else None,
        over=e.tiebreak is not None and actual is not None and e.tiebreak > actual,
        prize=share,
        picks=lines,
    )


def grade_week(
    pool: PickemPool, card: Card, entries: Iterable[PickemEntry], results: Mapping[int, Result]
) -> WeekReport:
    """Score, rank and pay a week. Entrants still tied after the tiebreaker take consecutive positions
    together: the prizes of those positions are pooled and split equally (`split`), and the odd cent goes
    to the tied entrants in alphabetical order of name. Entry order never matters."""
    games = pool_games(card)
    tb_game = tiebreak_game(pool, games)
    graded = {g.key: graded_sides(g, results.get(g.key), pool.basis) for g in games}
    pending = [g for g in games if results.get(g.key) is None]
    notes = _result_notes(games, results, pending)
    tb_result = results.get(tb_game.key)
    actual: int | None = None
    if tb_result is not None and not tb_result.cancelled and not tb_result.out:
        actual = (tb_result.away_score or 0) + (tb_result.home_score or 0)
    elif tb_result is not None:
        notes.append(f"The tiebreak game {tb_game.label()} was cancelled: ties on score are not broken.")
    scored = sorted(
        (_scored(e, games, graded, pool, actual) for e in entries),
        key=lambda s: (-s[1], s[3], s[0].key, s[0].name),
    )
    pot = cents(pool.fee * len(scored))
    prizes = place_prizes(pot, pool.prizes)
    notes += _prize_notes(prizes, pot, len(scored), pool.fee)

    standings: list[Standing] = []
    i = 0
    while i < len(scored):
        j = i
        while j < len(scored) and (scored[j][1], scored[j][3]) == (scored[i][1], scored[i][3]):
            j += 1
        group = scored[i:j]
        pooled = sum(prizes[i:j], NIL)
        shares = split(pooled, len(group))
        if len(group) > 1 and pooled > 0:
            names = ", ".join(e.name for e, *_ in group)
            end = min(j, len(prizes))
            span = ordinal(i + 1) if end <= i + 1 else f"{ordinal(i + 1)}–{ordinal(end)}"
            notes.append(
                f"{names} tie for {ordinal(i + 1)} and share the {span} prize money "
                f"({dollars(pooled)}): " + ", ".join(dollars(s) for s in shares) + "."
            )
        for (e, score, lines, _), share in zip(group, shares, strict=True):
            standings.append(_standing(e, score, lines, i + 1, len(group), share, actual))
        i = j
    if (unclaimed := sum(prizes[len(scored) :], NIL)) > 0:
        notes.append(f"{dollars(unclaimed)} of prizes is not paid: there are more prizes than entries.")
    return WeekReport(
        pool=pool,
        title=card.title,
        games=games,
        results=tuple(results[g.key] for g in games if g.key in results),
        tiebreak_game=tb_game,
        tiebreak_total=actual,
        pot=pot,
        place_prizes=prizes,
        standings=tuple(standings),
        notes=tuple(notes),
        final=not pending,
    )
