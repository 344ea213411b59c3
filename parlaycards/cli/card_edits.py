"""Editing a card: game set/add/remove, payout set/remove/analyze, rules set. Each change makes a new
card version."""

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core.bounds import MAX_INT
from ..core.choices import Basis, BelowMinimum, Ties
from . import values
from .card_show import say_edited
from .options import CardTitle, GameNumber, Json, Record, Slug, group, spread
from .shell import console, err, open_store, print_json, run

if TYPE_CHECKING:
    from decimal import Decimal

    from ..core.models import Card
    from ..services.edits import Edited

game_app = group(
    "Add, change, take off or remove games. Each change makes a new card version.",
    "parlaycards game set nfl-w12 103 --spread -4.5",
)
payout_app = group("Edit and analyze the payout table.", "parlaycards payout set nfl-w12 3 6-1")
rules_app = group(
    "Edit the card's rules (ties, pick counts, same-game picks, cutoff).",
    "parlaycards rules set nfl-w12 --ties reduce",
)


Away = Annotated[str | None, typer.Option(help="Away team.")]
Home = Annotated[str | None, typer.Option(help="Home team.")]
Kickoff = Annotated[str | None, typer.Option(help='Kickoff, e.g. "2026-11-26 12:30" (card time zone).')]


@game_app.command("set")
def game_set(
    slug: Slug,
    number: Annotated[
        int,
        typer.Argument(
            min=1, max=MAX_INT, help="Any selection number of the game (away, home, over or under)."
        ),
    ],
    spread: Annotated[
        str | None, typer.Option(help="Home's line (favourite negative): -3½, -3.5, +7, PK.")
    ] = None,
    total: Annotated[str | None, typer.Option(help="Total points: 44½, 44.5; 'none' removes it.")] = None,
    away: Away = None,
    home: Home = None,
    kickoff: Kickoff = None,
    neutral: Annotated[bool | None, typer.Option("--neutral/--not-neutral", help="Neutral site.")] = None,
    off: Annotated[
        bool,
        typer.Option("--off", help="Take the game off the card from now: later entries on it are refused."),
    ] = False,
) -> None:
    """Change a game's spread, total, teams, kickoff or neutral flag, or take it off. Prints each change
    as before → after.

    Example: parlaycards game set nfl-w12 103 --spread -4.5
    """
    from ..services import edits as svc

    def change() -> "Edited":
        given: dict[str, Any] = {}
        if spread is not None:
            given["spread"] = values.spread(spread)
        if total is not None:
            given["total"] = values.total(total)
        if kickoff is not None:
            given["kickoff"] = values.moment(kickoff, "kickoff")
        given.update(
            {k: v for k, v in (("away", away), ("home", home), ("neutral", neutral)) if v is not None}
        )
        return svc.set_game(open_store(), slug, number, svc.GameFields(**given), off=off)

    say_edited(run(change))


@game_app.command("add")
def game_add(
    slug: Slug,
    away: Away = None,
    home: Home = None,
    spread: Annotated[
        str | None,
        typer.Option(help="Home's line (favourite negative): -7½, +3, PK; for a matchup, the second's line."),
    ] = None,
    total: Annotated[str | None, typer.Option(help="Total points, e.g. 47.5.")] = None,
    kickoff: Kickoff = None,
    league: Annotated[
        str | None,
        typer.Option(
            help="League: NFL, NCAA, NBA, NCAAB, WNBA, MLB, NHL, HS, PGA, NASCAR, LOCAL, … [default: NFL]."
        ),
    ] = None,
    neutral: Annotated[bool, typer.Option("--neutral", help="Neutral site.")] = False,
    again: Annotated[
        bool, typer.Option("--again", help="Add it although one of its teams already plays on the card.")
    ] = False,
    pick: Annotated[
        bool, typer.Option("--pick", help="No line: straight up, printed PK (a local game, a friendly).")
    ] = False,
    matchup: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--matchup",
            help="Two competitors, no home or away (golf, NASCAR, any head-to-head): printed A vs B; "
            "both must start for action.",
        ),
    ] = None,
) -> None:
    """Add a game; it gets the next free selection numbers and stands in kickoff order among its league's games.

    A game with no line (--pick) is graded straight up; a matchup is graded by who finishes ahead
    (in golf and NASCAR the lower score: strokes, positions), with a line if --spread gives one.

    Example: parlaycards game add nfl-w12 --league NFL --away "Bears" --home "Lions" --spread "-7½" --total 47.5 --kickoff "2026-11-26 12:30"   (or: game add local --away "Bob's Tavern" --home "Joe's Pub" --pick; game add golf-r4 --matchup "Scheffler" "McIlroy" --league PGA)
    """
    from ..core.edits import NewGame
    from ..services import edits as svc

    def add() -> "Edited":
        a, h, line = _game_sides(away, home, spread, pick, matchup)
        new = NewGame(
            league=league,
            away=a,
            home=h,
            spread=line,
            total=values.total(total) if total is not None else None,
            kickoff=values.moment(kickoff, "kickoff") if kickoff else None,
            neutral=neutral,
            matchup=matchup is not None,
        )
        return svc.add_game(open_store(), slug, new, again=again)

    say_edited(run(add))


def _game_sides(
    away: str | None, home: str | None, spread: str | None, pick: bool, matchup: tuple[str, str] | None
) -> "tuple[str, str, Decimal]":
    """(away, home, home's line) from `game add`'s options, or one refusal naming what to give."""
    from decimal import Decimal

    from ..core.errors import ParlayError, option

    if matchup is not None:
        if away is not None or home is not None:
            raise ParlayError(
                f"a matchup has no home or away: give {option('matchup')} A B, without {option('away')} "
                f"or {option('home')}."
            )
        away, home = matchup
    elif away is None or home is None:
        raise ParlayError(
            f"say who plays: {option('away')} TEAM {option('home')} TEAM, or {option('matchup')} A B "
            "for two competitors with no home."
        )
    if pick and spread is not None:
        raise ParlayError(f"give {option('spread')} or {option('pick')} (no line), not both.")
    if spread is None and not pick and matchup is None:
        raise ParlayError(
            f"say the line: {option('spread')} (home's line, e.g. -7½ or PK), or {option('pick')} for a "
            "game with no line, graded straight up."
        )
    return away, home, values.spread(spread) if spread is not None else Decimal(0)


@game_app.command("remove")
def game_remove(
    slug: Slug,
    number: GameNumber,
) -> None:
    """Remove a game from the next version (printed cards keep it; use `game set --off` to stop taking it).

    Example: parlaycards game remove nfl-w12 117
    """
    from ..services import edits as svc

    say_edited(run(lambda: svc.remove_game(open_store(), slug, number)))


@payout_app.command("set")
def payout_set(
    slug: Slug,
    picks: Annotated[int, typer.Argument(min=1, max=30, help="Number of picks on the card.")],
    hits_or_odds: Annotated[
        str, typer.Argument(metavar="[HITS] ODDS", help="Hits (for a consolation tier), then odds a-b.")
    ],
    odds: Annotated[str | None, typer.Argument(show_default=False, help="Odds when HITS is given.")] = None,
    basis: Annotated[
        str | None,
        typer.Option(
            help=f"{values.helps(Basis)}: 'to' returns the stake on top, 'for' includes it. One basis for "
            "the whole card: changing it needs --whole-card."
        ),
    ] = None,
    whole_card: Annotated[
        bool, typer.Option(help="With --basis: pay every tier of the card on that basis.")
    ] = False,
    max_payout: Annotated[
        str | None, typer.Option(help="Cap per card, stake included; 'none' removes it.")
    ] = None,
    force: Annotated[
        bool, typer.Option(help="Set a tier that pays more than a tier for more picks (refused without it).")
    ] = False,
) -> None:
    """Set a payout tier: PICKS [HITS] ODDS. Without HITS it is the all-hit tier. A tier for more picks than
    the rules accept is refused (raise them with `rules set --max-picks N --tier ...`); one for more picks than
    the card's games allow is kept, with a warning (games may be added next), and `print` warns of it too.

    Example: parlaycards payout set nfl-w12 3 6-1   (and `payout set nfl-w12 10 9 20-1` for a consolation tier)
    """
    from ..services import edits as svc

    def change() -> "Edited":
        hits, price = _tier_parts(slug, picks, hits_or_odds, odds)
        fields: dict[str, Any] = {}
        if basis:
            fields["basis"] = values.choice(basis, Basis, "basis", "a basis")
        if max_payout is not None:
            fields["max_payout"] = values.cap(max_payout)
        table = svc.TableFields(**fields, whole_card=whole_card)
        return svc.set_payout(open_store(), slug, picks, hits, price, table, force)

    edited = run(change)
    say_edited(edited)
    _warn_beyond_reach(edited.card)


def _warn_beyond_reach(card: "Card") -> None:
    """A tier for more picks than the card's games allow is kept (games may be added next), and said."""
    from ..core.errors import spell
    from ..core.reach import beyond_reach

    said = beyond_reach(card)
    if said:
        err(spell(f"Warning: {said}", values.flag), "yellow")


def _tier_parts(slug: str, picks: int, hits_or_odds: str, odds: str | None) -> tuple[int, str]:
    """PICKS [HITS] ODDS → (hits, odds text)."""
    from ..core.errors import ParlayError
    from ..core.text import digits_note, is_digits

    if odds is None:
        return picks, hits_or_odds
    if not is_digits(hits_or_odds):
        raise ParlayError(
            f'HITS "{hits_or_odds}" is not a number of hits. Example: payout set {slug} 10 9 20-1.'
            + digits_note(hits_or_odds)
        )
    return int(hits_or_odds), odds


@payout_app.command("remove")
def payout_remove(
    slug: Slug,
    picks: Annotated[int, typer.Argument(min=1, max=30)],
    hits: Annotated[int | None, typer.Argument(min=0, max=30)] = None,
) -> None:
    """Remove a payout tier (refused if a pick count the rules accept would lose its all-hit tier).

    Example: parlaycards payout remove nfl-w12 10 9
    """
    from ..services import edits as svc

    say_edited(run(lambda: svc.remove_payout(open_store(), slug, picks, hits)))


@payout_app.command("analyze")
def payout_analyze(
    slug: Slug,
    p: Annotated[float, typer.Option("--p", min=0.01, max=0.99, help="Chance each leg wins.")] = 0.5,
    json: Json = False,
) -> None:
    """Per tier: offered odds, true odds, chance to hit, expected return and house edge.

    Example: parlaycards payout analyze nfl-w12 --p 0.48
    """
    from fractions import Fraction

    from ..report.odds import analysis_json, analysis_table
    from ..report.table import rich_table
    from ..services import cards as svc

    card, rows = run(lambda: svc.payout_analysis(open_store(), slug, Fraction(str(p))))
    if json:
        print_json(analysis_json(rows))
        return
    console().print(rich_table(analysis_table(card, rows, Fraction(str(p))), title_justify="center"))


class RulesAsked(Record):
    """What `rules set` changes (None: left as it is)."""

    ties: Annotated[str | None, typer.Option(help=f"{values.helps(Ties)}.")] = None
    min_picks: Annotated[int | None, typer.Option(min=1, max=30)] = None
    max_picks: Annotated[
        int | None,
        typer.Option(
            min=1, max=30, help="Most picks; raising it needs an all-hit tier for each new count (--tier)."
        ),
    ] = None
    tier: Annotated[
        list[str] | None,
        typer.Option(
            "--tier", help='A payout tier set in the same version, "PICKS [HITS] ODDS" (repeatable).'
        ),
    ] = None
    same_game: Annotated[
        bool | None,
        typer.Option("--same-game/--no-same-game", help="Allow a side and the total of one game."),
    ] = None
    below_minimum: Annotated[
        str | None,
        typer.Option(help=f"{values.helps(BelowMinimum)}: a card reduced below the smallest tier."),
    ] = None
    cutoff: Annotated[
        str | None, typer.Option(help='Last time cards are taken, e.g. "2026-11-29 13:00"; none removes it.')
    ] = None
    title: CardTitle = None
    disclaimer: Annotated[str | None, typer.Option(help="The amusement-only / age / helpline line.")] = None

    def plain(self) -> dict[str, object]:
        """The rules given that are taken as typed."""
        given: dict[str, object] = {"min_picks": self.min_picks, "max_picks": self.max_picks}
        given |= {"same_game": self.same_game, "title": self.title, "disclaimer": self.disclaimer}
        return {k: v for k, v in given.items() if v is not None}

    def nothing(self) -> bool:
        """No rule given: the rules are shown."""
        return not self.plain() and all(
            v is None for v in (self.ties, self.tier, self.below_minimum, self.cutoff)
        )


@rules_app.command("set")
@spread
def rules_set(slug: Slug, asked: RulesAsked) -> None:
    """Change the card's rules; refused if a pick count would lose its all-hit payout tier. Prints each
    change as before → after. Without options, shows the rules as the card prints them.

    Example: parlaycards rules set nfl-w12 --ties reduce --max-picks 12 --tier "11 150-1" --tier "12 200-1"
    """
    from ..services import edits as svc

    if asked.nothing():
        _say_rules(slug)
        return
    ties, below_minimum, cutoff = asked.ties, asked.below_minimum, asked.cutoff

    def change() -> Any:
        given: dict[str, Any] = asked.plain()
        if ties is not None:
            given["ties"] = values.choice(ties, Ties, "ties", "a ties rule")
        if below_minimum is not None:
            given["below_minimum"] = values.choice(below_minimum, BelowMinimum, "below_minimum", "accepted")
        if cutoff is not None:
            given["cutoff"] = None if cutoff.strip().lower() == "none" else values.moment(cutoff, "cutoff")
        fields = svc.RuleFields(**given, tiers=_rule_tiers(slug, asked.tier or ()))
        return svc.set_rules(open_store(), slug, fields)

    say_edited(run(change))


def _say_rules(slug: str) -> None:
    """The rules as the card prints them."""
    from ..core.views import rules_text
    from ..services import cards as cards_svc

    shown = run(lambda: cards_svc.show(open_store(), slug)).card
    err(f"{shown.slug} version {shown.version}: {shown.title}")
    for line in rules_text(shown):
        err(f"  {line}")


def _rule_tiers(slug: str, given: list[str] | tuple[str, ...]) -> tuple[Any, ...]:
    """Each --tier "PICKS ODDS" or "PICKS HITS ODDS" as a payout tier."""
    from ..core import edits
    from ..core.errors import ParlayError
    from ..core.text import digits_note, is_digits

    tiers = []
    for text in given:
        parts = text.split()
        if len(parts) not in (2, 3) or not is_digits(parts[0]):
            raise ParlayError(
                f'"{text}" is not a payout tier.{digits_note(text)} Accepted: "PICKS ODDS" or '
                '"PICKS HITS ODDS", e.g. "11 150-1", "10 9 20-1".',
                field="tier",
            )
        hits, price = _tier_parts(slug, int(parts[0]), parts[1], parts[2] if len(parts) == 3 else None)
        tiers.append(edits.tier(int(parts[0]), hits, price))
    return tuple(tiers)
