"""Selection numbers that are spoken for: a number printed on cards, or a game already scored, names
one side of one game for good.

Scores are kept by selection number and every printed card is graded by its numbers, so a new version
that gives such a number to another game (or to the other side of the same game) would turn every
printed pick on it into a pick on the other game. A line, total or kickoff change of the same game
keeps each number's meaning and stays allowed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from .models import Card, Game
from .team_names import LEAGUES
from .teams import canonical, suggest

Identity = Callable[[str, str], str]  # (a team's name, its league) → who the team is


def _side(game: Game, number: int) -> str:
    """Which side of `game` `number` selects: away, home, over or under."""
    return {
        game.numbers.away: "away",
        game.numbers.home: "home",
        game.numbers.over: "over",
        game.numbers.under: "under",
    }[number]


def _same_team(was: str, now: str, league: str, identity: Identity) -> bool:
    """One team: the alias table says so, or (teams it does not know: local ones) a spelling corrected."""
    if identity(was, league) == identity(now, league):
        return True
    known = league.upper() in LEAGUES
    unknown = not known or (canonical(was, league) is None and canonical(now, league) is None)
    return unknown and suggest(now, [was]) == was


def _same(was: Game, number: int, now: Game, identity: Identity) -> bool:
    """`number` selects the same side of the same matchup on both games."""
    return (
        _side(was, number) == _side(now, number)
        and _same_team(was.away, now.away, now.league, identity)
        and _same_team(was.home, now.home, now.league, identity)
    )


def _versions(versions: Collection[int]) -> str:
    names = ", ".join(str(v) for v in sorted(versions))
    return f"version{'s' if len(versions) > 1 else ''} {names}"


def renumbered(
    printed: Mapping[int, Card],
    held: Mapping[int, str],
    latest: Card,
    new: Card,
    identity: Identity,
) -> tuple[str, ...]:
    """Each game of `new` holding a number that `printed` cards (by version) or something else (`held`:
    game keys of `latest` with why, "scored", "picked in pick'em pool office-w12") give to another game or
    side, said as one sentence per game."""
    taken: dict[int, tuple[Game, set[int], str]] = {}
    for version in sorted(printed):
        for g in printed[version].games:
            for n in g.numbers.all():
                first = taken.setdefault(n, (g, set(), ""))
                if _same(first[0], n, g, identity):
                    first[1].add(version)
    for g in latest.games:
        if g.key in held:
            for n in g.numbers.all():
                game, versions, _ = taken.get(n, (g, set(), ""))
                taken[n] = (game, versions, held[g.key])
    out: list[str] = []
    for g in new.games:
        clash = [n for n in g.numbers.all() if n in taken and _clashes(taken[n][0], n, g, identity)]
        if not clash:
            continue
        was, versions, other = taken[clash[0]]
        why = [f"on cards printed from {_versions(versions)}"] if versions else []
        why += [other] if other else []
        numbers = "/".join(str(n) for n in clash)
        out.append(
            f"{numbers}: {was.label()} ({' and '.join(why)}) would become {g.label()}"
            + ("" if (g.away, g.home) != (was.away, was.home) else " with its numbers moved")
        )
    return tuple(out)


def _clashes(was: Game, number: int, now: Game, identity: Identity) -> bool:
    return not _same(was, number, now, identity)
