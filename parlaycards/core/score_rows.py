"""Which game of a card a score sheet's row names: by its teams (either way round, by the one team
matcher), its number agreeing, or the wording printed cards carry."""

from __future__ import annotations

from . import teams
from .errors import NotFoundError, ParlayError
from .models import Card, Game


def printed_as(games: dict[int, Game], older: list[Game], away: str, home: str) -> dict[int, Game]:
    """`games`, with a number's printed wording in place of its newest when only that names the row's teams."""
    if not older or teams.best_pairs((g, away, home, g.away, g.home) for g in games.values()):
        return games
    hits = teams.best_pairs((g, away, home, g.away, g.home) for g in older)
    return {**games, hits[0][0].key: hits[0][0]} if len(hits) == 1 else games


def same_game(card: Card, games: dict[int, Game], number: int | None, game: Game) -> None:
    """A row's Number and its teams must name one game; when they name two, neither is guessed."""
    if number is None or number in game.numbers.all():
        return
    other = next((g for g in games.values() if number in g.numbers.all()), None)
    named = f"names {other.label()}" if other else f"is not a selection number of card {card.slug}"
    raise ParlayError(
        f"the row's number {number} {named}, but its teams name {game.label()} "
        f"({'/'.join(map(str, game.numbers.all()))}); no result was guessed. Correct the number or the "
        "teams (or clear the number)."
    )


def by_teams(card: Card, games: dict[int, Game], away: str, home: str) -> tuple[Game, bool]:
    """The game a sheet names by its teams (either way round), by the one team matcher: the best
    level of match wins; two games at that level are an ambiguity, said as such."""
    hits = teams.best_pairs((g, away, home, g.away, g.home) for g in games.values())
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        raise ParlayError(
            f'"{away}" at "{home}" matches more than one game on card {card.slug}: '
            + ", ".join(g.label() for g, _ in hits)
            + ". Write the teams as the card does."
        )
    names = [t for g in games.values() for t in (g.away, g.home)]
    missing = [n for n in (away, home) if not teams.best(n, names)]
    if missing:
        near = teams.suggest(missing[0], names)
        raise NotFoundError(
            f'"{missing[0]}" is not a team on card {card.slug}'
            + (f": did you mean {near}?" if near else "")
            + f" (see `parlaycards show {card.slug}` for its teams, written as the card writes them)."
        )
    raise NotFoundError(
        f'"{away}" at "{home}" is not a game on card {card.slug}: both teams are on it, '
        "but not against each other."
    )
