"""A team name the team tables do not know, close to one they do: a misspelling ("STEELRS") would
otherwise be stored as a new team, printed on every card, and then match no score.

Such a name is refused at its cell with the team it is closest to ("did you mean Pittsburgh Steelers?"),
among the teams of the table (NFL, or the FBS schools) that the other names of its games come from. The
operator who knows the name is right says so: `--new-team NAME`. A name close to no known team is stored
as written: a college card names FCS schools, a local card its own clubs, and the tables cannot tell a
new team from a typo there; nor is one that is a known name with words added ("Tennessee Tech" beside
Tennessee: another school, not a typo). Refusing costs a retyped cell; storing a typo costs a reprint, or a score
that never finds its game.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from ..core import teams
from ..core.errors import Source, option
from ..core.team_names import LEAGUES
from .sheets import Problem, Sheet, column_letter, text_of
from .table import Draft

KNOWN = {"NFL": "an NFL team", "NCAA": "a college team the team table knows"}  # (FBS schools)


def unknown_teams(
    file: str, drafts: list[Draft], sheets: Mapping[str | None, Sheet], allowed: Collection[str]
) -> tuple[list[Problem], list[Problem]]:
    """A problem at its cell for each team name that no team table knows but that is close to a team of
    the table its games' other names come from, unless the operator allowed it (`allowed`: as typed); and
    a note at its cell for each other such name, stored as written (and the known team it is taken as)."""
    said = {teams.key(n) for n in allowed}
    problems: list[Problem] = []
    notes: list[Problem] = []
    for league in dict.fromkeys(d.league for d in drafts):
        names = [(d, n) for d in drafts if d.league == league for n in (d.away, d.home)]
        unknown = [(d, n) for d, n in names if not teams.known(n) and teams.key(n) not in said]
        if not unknown or len(unknown) * 2 > len(names):
            continue  # all known, or not a sheet of teams the tables know
        tally = {lg: sum(teams.known(n, lg) for _, n in names) for lg in LEAGUES}
        whose = max(tally, key=lambda lg: tally[lg])  # the table the games' known names come from
        groups = {group[0]: group for group in LEAGUES[whose]}
        first: dict[str, Draft] = {}
        for d, n in unknown:
            first.setdefault(n, d)
        for name, d in first.items():
            near = teams.suggest(name, list(groups))
            if near is not None and not _another_team(name, groups[near]):
                problems.append(_problem(file, d, name, near, KNOWN[whose], sheets))
            else:
                notes.append(_stored(file, d, name, teams.match_team(name, list(groups)).team, whose, sheets))
    return problems, notes


def _stored(
    file: str, d: Draft, name: str, team: str | None, whose: str, sheets: Mapping[str | None, Sheet]
) -> Problem:
    """A name no team table knows, stored as written: what a score or a pick'em sheet finds it by."""
    taken = (
        f"taken as {team}, so a score that names {team} finds it"
        if team
        else "stored as a team of its own: write its scores with this name"
    )
    return Problem(
        _cell(file, d, name, sheets), f'"{name}" is not a name the {whose} team table knows: {taken}.'
    )


def _another_team(name: str, team: Sequence[str]) -> bool:
    """A known team's name with words of its own added ("Tennessee Tech" beside Tennessee): another team,
    not a typo; but not when a word it adds is a misspelling of one of the team's ("Cincinati Bengals")."""
    import difflib

    if not any(teams.level(name, n) >= teams.WORDS for n in team):
        return False
    theirs = {w for n in team for w in teams.words(n)}
    added = [w for w in teams.words(name) if w not in theirs]
    return not any(difflib.SequenceMatcher(None, w, t).ratio() >= 0.8 for w in added for t in theirs)


def _problem(
    file: str, d: Draft, name: str, near: str, what: str, sheets: Mapping[str | None, Sheet]
) -> Problem:
    return Problem(
        _cell(file, d, name, sheets),
        f'"{name}" is not {what}; did you mean {near}? Correct the name in the sheet, or, if it is right as written, '
        f'import again with {option("new_team")} "{name}".',
    )


def _cell(file: str, d: Draft, name: str, sheets: Mapping[str | None, Sheet]) -> Source:
    """The cell the name was read from: the first in the game's rows whose text holds it."""
    sheet = sheets.get(d.source.sheet)
    row = d.source.row or 0
    for number in (row, row + 1):
        cells = sheet.rows[number - 1] if sheet and 0 < number <= len(sheet.rows) else ()
        for i, value in enumerate(cells):
            if name.casefold() in text_of(value).casefold():
                letter = column_letter(i)
                return Source(
                    file=file, sheet=d.source.sheet, row=number, column=letter, cell=f"{letter}{number}"
                )
    return d.source


TEAMS_OF = {"NFL": "NFL teams", "NCAA": "college teams"}


def own_leagues(file: str, drafts: Sequence[Draft]) -> tuple[list[Draft], list[Problem]]:
    """Each game of a sheet mixing NFL and college teams in its own league (a combo card), rather than all
    stored as the one league the sheet was read as, with a note naming the rows moved. A game whose teams do
    not say a league (unknown names, names both tables hold) stays as read; a sheet of one league's teams, or
    a league other than NFL and NCAA (a local card's clubs), is left as it is."""
    groups: dict[tuple[str | None, str], list[Draft]] = {}
    for d in drafts:
        groups.setdefault((d.source.sheet, d.league), []).append(d)
    moved: dict[int, Draft] = {}
    notes = []
    for (sheet, league), games in groups.items():
        whose = {id(d): _teams_league(d) for d in games}
        if league not in TEAMS_OF or len({w for w in whose.values() if w is not None}) < 2:
            continue
        for other in sorted(set(TEAMS_OF) - {league}):
            rows = [d.source.row or 0 for d in games if whose[id(d)] == other]
            moved.update({id(d): replace(d, league=other) for d in games if whose[id(d)] == other})
            notes.append(
                Problem(
                    Source(file=file, sheet=sheet),
                    f"the games are read as {league}, but {_rows(rows)} {'are games' if len(rows) > 1 else 'is a game'} "
                    f"of {TEAMS_OF[other]}: stored as {other} games (a combo card). A League column says each "
                    "row's league.",
                )
            )
    return [moved.get(id(d), d) for d in drafts], notes


def _teams_league(d: Draft) -> str | None:
    """The one team table (NFL or NCAA) that holds every known name of the game, or None."""
    found = [frozenset(lg for lg in LEAGUES if teams.known(n, lg)) for n in (d.away, d.home)]
    named = [f for f in found if f]
    if not named:
        return None
    common = frozenset.intersection(*named)
    return next(iter(common)) if len(common) == 1 else None


def _rows(rows: list[int]) -> str:
    shown = ", ".join(str(r) for r in rows[:8])
    return f"row{'s' if len(rows) > 1 else ''} {shown}{' …' if len(rows) > 8 else ''}"
