"""Card commands: import, cards, show, game, payout, rules, calc, export."""

from pathlib import Path
from typing import Annotated

import typer

from ..core import money
from ..core.bounds import MAX_INT
from ..core.choices import Basis, BelowMinimum, Ties
from ..core.money import dollars
from . import values
from .shell import console, err, new_pool_path, open_pool, open_store, print_json, run, say_new_pool

game_app = typer.Typer(
    help="Add, change, take off or remove games. Each change makes a new card version.\n\n"
    "Example: parlaycards game set nfl-w12 103 --spread -4.5",
    no_args_is_help=True,
)
payout_app = typer.Typer(
    help="Edit and analyze the payout table.\n\nExample: parlaycards payout set nfl-w12 3 6-1",
    no_args_is_help=True,
)
rules_app = typer.Typer(
    help="Edit the card's rules (ties, pick counts, same-game picks, cutoff).\n\n"
    "Example: parlaycards rules set nfl-w12 --ties reduce",
    no_args_is_help=True,
)

Slug = Annotated[str, typer.Argument(help="Card slug, e.g. nfl-w12 (see `parlaycards cards`).")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON on stdout instead of a table.")]


def register(app: typer.Typer) -> None:
    app.command("import")(import_)
    app.command("cards")(cards)
    app.command("show")(show)
    app.add_typer(game_app, name="game")
    app.add_typer(payout_app, name="payout")
    app.add_typer(rules_app, name="rules")
    app.command("calc", context_settings={"ignore_unknown_options": True})(calc)
    app.command("export")(export)
    app.add_typer(card_app, name="card")


def _saved(saved, what: str) -> None:  # noqa: ANN001
    card = saved.card
    err(f"{card.slug} version {card.version}: {what}.")
    older = [v for v in saved.printed_versions if v < card.version]
    if older:
        err(
            f"Cards already printed from version {', '.join(map(str, older))} keep their lines; "
            f"print again to put version {card.version} on paper."
        )


def import_(
    lines: Annotated[Path, typer.Argument(help="The week's lines: .xlsx, .xlsm or .csv.")],
    card: Annotated[
        str | None, typer.Option("--card", help="Card slug [default: from the file name].")
    ] = None,
    title: Annotated[str | None, typer.Option(help="Title printed on the card.")] = None,
    league: Annotated[
        str | None, typer.Option(help="League when the sheet does not say (NFL, NCAA, …).")
    ] = None,
    sheet: Annotated[
        list[str] | None, typer.Option("--sheet", help="Sheet to read (repeatable) [default: all].")
    ] = None,
    tz: Annotated[str, typer.Option(help="Time zone of the sheet's kickoff times.")] = "America/New_York",
    new: Annotated[
        bool, typer.Option("--new", help="Start the card afresh (default keeps its payouts and rules).")
    ] = False,
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help="Import even though it undoes hand edits made to the "
            "card since its last import (they are listed).",
        ),
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run", help="Show how each column was read and the games it would store; store nothing."
        ),
    ] = False,
    week: Annotated[
        str | None, typer.Option(help="A season's file: the week to import, by its Week column (5, WC).")
    ] = None,
    season: Annotated[
        str | None,
        typer.Option(help="A file of several seasons: the season of --week, by its Season column."),
    ] = None,
    on: Annotated[
        str | None, typer.Option("--date", help="A season's file: the games of this day (2023-10-08).")
    ] = None,
    map_: Annotated[
        list[str] | None,
        typer.Option(
            "--map",
            metavar="ROLE=COLUMN",
            help="Name a column's role by hand, by letter or header (repeatable). Example: --map away=B "
            '--map home="Host club" --map home-line=F --map total=G. Roles: away, home, home-line, away-line, home-margin, spread, '
            "favourite, underdog, line, total, kickoff, date, time, league, neutral, site, away-ml, home-ml; "
            "two rows a game: team, rot, spread or line, total, money.",
        ),
    ] = None,
    favourite_by: Annotated[
        str | None,
        typer.Option(
            "--favourite-by",
            metavar="sign|margin",
            help="With --map spread=F: sign (home's line, favourite negative) or margin (positive: home "
            "favoured). Example: --map spread=F --favourite-by sign",
        ),
    ] = None,
    save_layout: Annotated[
        str | None,
        typer.Option(
            "--save-layout",
            metavar="NAME",
            help="Keep this --map in the pool under NAME for next week's file of the same shape. "
            "Example: --map away=B --map home=D --map home-line=F --save-layout club-sheet",
        ),
    ] = None,
    layout: Annotated[
        str | None,
        typer.Option(
            "--layout",
            metavar="NAME",
            help="Read the columns as a saved layout says (see `parlaycards layouts`). "
            "Example: --layout club-sheet",
        ),
    ] = None,
) -> None:
    """Import the week's lines from a spreadsheet into a card.

    Reads rotation (two rows a game), one-row-per-game (with a Favorite or at/vs column if the sheet has
    one, or both teams in one Matchup column: "Bills at Texans"), and Favorite/Line/Underdog layouts;
    several sheets make one combo card. Importing into an
    existing card makes a new version of it; if the card was edited by hand since its last import, the
    edits the import would undo are listed and --replace is needed. Every column is read or named as
    ignored; a column that could change a favourite or a home team and is not read stops the import.

    A season's file (many weeks in one sheet) is read one week at a time: --week 5 (with --season 2023
    when it holds several seasons) or --date 2023-10-08; without one it is refused, naming its weeks.

    A sheet whose header names no layout is read by naming its columns with --map (by letter, or by the
    header as written); the refusal prints the --map command its columns suggest. A mapping is read and
    checked as a detected layout is, and every column it leaves out is named as ignored. --save-layout
    keeps it in the pool's database for next week's file (--layout NAME); a saved layout whose columns'
    headers changed is refused, naming the column.

    Example: parlaycards import sample_lines/nfl-week-12.xlsx --card nfl-w12 --dry-run

    Example: parlaycards import club.xlsx --map away=B --map home=C --map home-line=D --map total=E --dry-run

    Example: parlaycards import lines.csv --map away="Visiting club" --map home="Host club" --map spread=F --favourite-by sign

    Example: parlaycards import club.xlsx --map away=B --map home=C --map home-line=D --save-layout club-sheet

    Example: parlaycards import club-week-7.xlsx --layout club-sheet
    """
    from ..services import cards as svc
    from .shell import state

    day = run(lambda: values.day(on, "date")) if on is not None else None
    mapping = None
    if map_ or favourite_by is not None:
        from ..io.mapping import parse_map

        mapping = run(lambda: parse_map(tuple(map_ or ()), favourite_by))

    def store():  # noqa: ANN202
        return svc.pool_if_any(state.db) if dry_run else open_store(create=True)

    fresh_pool = None if dry_run else new_pool_path()

    done = run(
        lambda: svc.import_lines(
            store(),
            lines,
            slug=card,
            title=title,
            league=league,
            sheets=tuple(sheet or ()),
            tz=tz,
            fresh=new,
            replace=replace,
            dry_run=dry_run,
            week=week,
            season=season,
            on=day,
            mapping=mapping,
            layout=layout,
            save_layout=save_layout,
        )
    )
    for reading in done.lines.readings:
        err("Read " + str(reading))
    for warning in done.lines.warnings:
        err("Not read: " + warning)
    card_ = done.card
    if dry_run:
        print_games(card_)
        for undo in done.undone:
            err("Would undo a hand edit: " + undo)
        if done.undone:
            err("Importing this needs --replace (it undoes the hand edits above).")
        err(
            f"Dry run: {len(card_.games)} game{'s' if len(card_.games) != 1 else ''} would be stored as {card_.slug} version {card_.version}; "
            "nothing was stored."
        )
        return
    for undo in done.undone:
        err("Undid a hand edit: " + undo)
    say_imported(done)
    if done.layout_saved:
        again = "replacing the one saved before" if done.layout_replaced else "in the pool"
        err(
            f'Saved the columns as layout "{done.layout_saved}" ({again}). Next week: '
            f"parlaycards import FILE --layout {done.layout_saved}"
        )
    say_new_pool(fresh_pool)


def say_imported(saved) -> None:  # noqa: ANN001 - services.cards.Saved
    """The summary of an import (a sheet's or a feed's): version, games per league, numbers."""
    _saved(saved, saved.note)
    card = saved.card
    counts = [(sum(g.league == lg for g in card.games), lg) for lg in card.leagues()]
    leagues = ", ".join(f"{n} {lg}" for n, lg in counts)
    games = "game" if sum(n for n, _ in counts) == 1 else "games"
    err(
        f'"{card.title}": {leagues} {games}; numbers {min(n for g in card.games for n in g.numbers.all())}–'
        f"{max(n for g in card.games for n in g.numbers.all())}. See them all with: parlaycards show {card.slug}"
    )
    if getattr(saved, "archived", False):
        err(
            f"Card {card.slug} is archived, so `parlaycards cards` does not list it; bring it back with: "
            f"parlaycards card unarchive {card.slug}"
        )


def cards(
    json: Json = False,
    all_: Annotated[
        bool, typer.Option("--all", help="List archived cards too (see `parlaycards card archive`).")
    ] = False,
) -> None:
    """List the pool's cards with their latest version (archived cards only with --all).

    Example: parlaycards cards --all --json
    """
    from ..services import cards as svc

    every = run(lambda: svc.list_cards(open_pool(), archived=True))
    rows = [r for r in every if all_ or not r.archived]
    hidden = len(every) - len(rows)
    if json:
        print_json(
            [
                {
                    "slug": r.slug,
                    "version": r.version,
                    "title": r.title,
                    "games": r.games,
                    "created_at": r.created_at,
                    "printed_versions": list(r.printed_versions),
                    "archived": r.archived,
                }
                for r in rows
            ]
        )
        return
    if not rows:
        err(
            f"No cards in the listings: {hidden} archived (see them with: parlaycards cards --all)."
            if hidden
            else "No cards yet. Start with: parlaycards import LINES.xlsx --card SLUG"
        )
        return
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from rich.table import Table

    t = Table("Card", "Version", "Title", "Games", "Printed versions", "Changed (card's time zone)")
    for r in rows:
        changed = datetime.fromisoformat(r.created_at).astimezone(ZoneInfo(r.timezone))
        t.add_row(
            r.slug + (" (archived)" if r.archived else ""),
            str(r.version),
            r.title,
            str(r.games),
            ", ".join(map(str, r.printed_versions)) or "-",
            f"{changed:%Y-%m-%d %H:%M %Z}",
        )
    console().print(t)
    if hidden:
        err(
            f"{hidden} archived card{'s' if hidden != 1 else ''} not listed (see {'them' if hidden != 1 else 'it'} with: parlaycards cards --all)."
        )


def show(
    slug: Slug,
    version: Annotated[int | None, typer.Option(min=1, max=MAX_INT, help="An older version.")] = None,
    json: Json = False,
) -> None:
    """Show a card: every game with its numbers, lines and kickoff, the payouts and the rules.

    Example: parlaycards show nfl-w12 --json
    """
    from ..report.card import card_json
    from ..services import cards as svc

    saved = run(lambda: svc.show(open_pool(), slug, version))
    if json:
        print_json(card_json(saved.card, saved.printed_versions, saved.lines))
        return
    _print_card(saved.card, saved.printed_versions)
    _print_other_lines(saved)


def print_games(card) -> None:  # noqa: ANN001
    from .card_table import fitting_table

    c = console()
    table, step = fitting_table(card, c)
    c.print(table)
    err("Home team in capitals after 'at'; 'vs' and (N) mark a neutral site; struck-through games are off.")
    from ..core.names import with_short_names

    used = with_short_names(card)[1] if step == "short names" else ()
    if used:
        full, short = used[0]
        example = f" ({short} for {full})"
        err(
            f"Team names shortened to fit {c.width} columns, as sportsbooks print them{example}; a wider "
            "window or --json shows them in full."
        )


def _print_card(card, printed) -> None:  # noqa: ANN001
    from ..core.views import rules_text

    print_games(card)
    c = console()
    basis = "TO 1" if card.payouts.basis == "to" else "FOR 1"
    tiers = " · ".join(f"{t.hits}/{t.picks} {t.odds}" for t in card.payouts.sorted().tiers)
    c.print(f"Payouts ({basis}): {tiers}")
    for line in rules_text(card):
        c.print("  " + line)
    c.print(f"Printed versions: {', '.join(map(str, printed)) or 'none yet'}")


def _edited(edited) -> None:  # noqa: ANN001
    """What an edit did: the new version, then each change as before → after."""
    card = edited.card
    err(f"{card.slug} version {card.version}: {edited.note}.")
    for change in edited.changes:
        err(f"  {change}")
    if edited.printed_before:
        err(
            f"Cards already printed from version {', '.join(map(str, edited.printed_before))} keep their lines; "
            f"print again to put version {card.version} on paper."
        )


def _print_other_lines(saved) -> None:  # noqa: ANN001 - services.cards.Saved
    """Games that cards already in players' hands carry at another line than the version shown."""
    from ..core.lines import format_spread, format_total
    from ..core.printed import other_lines

    card = saved.card
    games = other_lines(card, saved.lines or {})
    if not games:
        return
    err(
        f"Printed cards carry other lines than version {card.version} for {len(games)} "
        f"game{'s' if len(games) != 1 else ''} (each card is graded at the line printed on it):"
    )

    def line(home, spread, total) -> str:  # noqa: ANN001
        return f"{home} {format_spread(spread)}" + (
            f", total {format_total(total)}" if total is not None else ""
        )

    mine = "" if card.version in saved.printed_versions else ", not printed"
    for g, lines in games:
        held = "; ".join(f"{line(g.home, x.spread, x.total)} ({x.cards})" for x in lines)
        err(
            f"  {g.numbers.away}/{g.numbers.home} {g.label()}: {held}; this version: "
            f"{line(g.home, g.spread, g.total)} (v{card.version}{mine})."
        )


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
    away: Annotated[str | None, typer.Option(help="Away team.")] = None,
    home: Annotated[str | None, typer.Option(help="Home team.")] = None,
    kickoff: Annotated[
        str | None, typer.Option(help='Kickoff, e.g. "2026-11-26 12:30" (card time zone).')
    ] = None,
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

    def change():  # noqa: ANN202
        given: dict = {}
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

    _edited(run(change))


@game_app.command("add")
def game_add(
    slug: Slug,
    away: Annotated[str | None, typer.Option(help="Away team.")] = None,
    home: Annotated[str | None, typer.Option(help="Home team.")] = None,
    spread: Annotated[
        str | None,
        typer.Option(help="Home's line (favourite negative): -7½, +3, PK; for a matchup, the second's line."),
    ] = None,
    total: Annotated[str | None, typer.Option(help="Total points, e.g. 47.5.")] = None,
    kickoff: Annotated[
        str | None, typer.Option(help='Kickoff, e.g. "2026-11-26 12:30" (card time zone).')
    ] = None,
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
    """Add a game; it gets the next free selection numbers.

    A game with no line (--pick) is graded straight up; a matchup is graded by who finishes ahead
    (in golf and NASCAR the lower score: strokes, positions), with a line if --spread gives one.

    Example: parlaycards game add nfl-w12 --league NFL --away "Bears" --home "Lions" --spread "-7½" --total 47.5 --kickoff "2026-11-26 12:30"   (or: game add local --away "Bob's Tavern" --home "Joe's Pub" --pick; game add golf-r4 --matchup "Scheffler" "McIlroy" --league PGA)
    """
    from ..services import edits as svc

    def add():  # noqa: ANN202
        a, h, line = _game_sides(away, home, spread, pick, matchup)
        return svc.add_game(
            open_store(),
            slug,
            league=league,
            away=a,
            home=h,
            spread=line,
            total=values.total(total) if total is not None else None,
            kickoff=values.moment(kickoff, "kickoff") if kickoff else None,
            neutral=neutral,
            matchup=matchup is not None,
            again=again,
        )

    _edited(run(add))


def _game_sides(away, home, spread, pick, matchup):  # noqa: ANN001, ANN202
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
    number: Annotated[int, typer.Argument(min=1, max=MAX_INT, help="Any selection number of the game.")],
) -> None:
    """Remove a game from the next version (printed cards keep it; use `game set --off` to stop taking it).

    Example: parlaycards game remove nfl-w12 117
    """
    from ..services import edits as svc

    _edited(run(lambda: svc.remove_game(open_store(), slug, number)))


@payout_app.command("set")
def payout_set(
    slug: Slug,
    picks: Annotated[int, typer.Argument(min=1, max=100, help="Number of picks on the card.")],
    hits_or_odds: Annotated[
        str, typer.Argument(metavar="[HITS] ODDS", help="Hits (for a consolation tier), then odds a-b.")
    ],
    odds: Annotated[str | None, typer.Argument(show_default=False, help="Odds when HITS is given.")] = None,
    basis: Annotated[
        str | None,
        typer.Option(help=f"{values.helps(Basis)}: 'to' returns the stake on top, 'for' includes it."),
    ] = None,
    max_payout: Annotated[
        str | None, typer.Option(help="Cap per card, stake included; 'none' removes it.")
    ] = None,
) -> None:
    """Set a payout tier: PICKS [HITS] ODDS. Without HITS it is the all-hit tier. A tier for more picks than
    the rules accept is refused (raise them with `rules set --max-picks N --tier ...`).

    Example: parlaycards payout set nfl-w12 3 6-1   (and `payout set nfl-w12 10 9 20-1` for a consolation tier)
    """
    from ..services import edits as svc

    def change():  # noqa: ANN202
        hits, price = _tier_parts(slug, picks, hits_or_odds, odds)
        table = svc.TableFields(
            **({"basis": values.choice(basis, Basis, "basis", "a basis")} if basis else {}),
            **({"max_payout": values.cap(max_payout)} if max_payout is not None else {}),
        )
        return svc.set_payout(open_store(), slug, picks, hits, price, table)

    _edited(run(change))


def _tier_parts(slug: str, picks: int, hits_or_odds: str, odds: str | None) -> tuple[int, str]:
    """PICKS [HITS] ODDS → (hits, odds text)."""
    from ..core.errors import ParlayError

    if odds is None:
        return picks, hits_or_odds
    if not hits_or_odds.isdigit():
        raise ParlayError(
            f'HITS "{hits_or_odds}" is not a number of hits. Example: payout set {slug} 10 9 20-1'
        )
    return int(hits_or_odds), odds


@payout_app.command("remove")
def payout_remove(
    slug: Slug,
    picks: Annotated[int, typer.Argument(min=1, max=100)],
    hits: Annotated[int | None, typer.Argument(min=0, max=100)] = None,
) -> None:
    """Remove a payout tier (refused if a pick count the rules accept would lose its all-hit tier).

    Example: parlaycards payout remove nfl-w12 10 9
    """
    from ..services import edits as svc

    _edited(run(lambda: svc.remove_payout(open_store(), slug, picks, hits)))


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

    from ..services import cards as svc

    card, rows = run(lambda: svc.payout_analysis(open_store(), slug, Fraction(str(p))))
    if json:
        print_json(
            [
                {
                    "picks": r.picks,
                    "hits": r.hits,
                    "odds": str(r.odds),
                    "basis": r.basis,
                    "fair_to_one": round(float(r.fair_to_one), 4),
                    "probability": round(float(r.probability), 8),
                    "expected_return": round(float(r.expected_return), 6),
                    "house_edge": round(float(r.edge), 6),
                    "break_even": round(r.break_even, 6) if r.break_even else None,
                }
                for r in rows
            ]
        )
        return
    from rich.table import Table

    t = Table(
        "Tier",
        f"Offered ({card.payouts.basis})",
        "True odds (to 1)",
        "Chance",
        "Returns per $1",
        "House edge",
        "Break-even leg",
        title=f"{card.slug} v{card.version} at {p:.0%} per leg",
    )
    for r in rows:
        t.add_row(
            f"{r.hits} of {r.picks}",
            str(r.odds),
            f"{float(r.fair_to_one):,.2f}-1",
            f"{float(r.probability):.4%}",
            f"${float(r.expected_return):.4f}",
            f"{float(r.edge):.1%}",
            f"{r.break_even:.1%}" if r.break_even else "-",
        )
    console().print(t)


@rules_app.command("set")
def rules_set(
    slug: Slug,
    ties: Annotated[str | None, typer.Option(help=f"{values.helps(Ties)}.")] = None,
    min_picks: Annotated[int | None, typer.Option(min=1, max=30)] = None,
    max_picks: Annotated[
        int | None,
        typer.Option(
            min=1, max=30, help="Most picks; raising it needs an all-hit tier for each new count (--tier)."
        ),
    ] = None,
    tier: Annotated[
        list[str] | None,
        typer.Option(
            "--tier", help='A payout tier set in the same version, "PICKS [HITS] ODDS" (repeatable).'
        ),
    ] = None,
    same_game: Annotated[
        bool | None,
        typer.Option("--same-game/--no-same-game", help="Allow a side and the total of one game."),
    ] = None,
    below_minimum: Annotated[
        str | None,
        typer.Option(help=f"{values.helps(BelowMinimum)}: a card reduced below the smallest tier."),
    ] = None,
    cutoff: Annotated[
        str | None, typer.Option(help='Last time cards are taken, e.g. "2026-11-29 13:00"; none removes it.')
    ] = None,
    title: Annotated[str | None, typer.Option(help="Card title.")] = None,
    disclaimer: Annotated[str | None, typer.Option(help="The amusement-only / age / helpline line.")] = None,
) -> None:
    """Change the card's rules; refused if a pick count would lose its all-hit payout tier. Prints each
    change as before → after. Without options, shows the rules as the card prints them.

    Example: parlaycards rules set nfl-w12 --ties reduce --max-picks 12 --tier "11 150-1" --tier "12 200-1"
    """
    from ..services import edits as svc

    if all(
        v is None
        for v in (ties, min_picks, max_picks, tier, same_game, below_minimum, cutoff, title, disclaimer)
    ):
        from ..core.views import rules_text
        from ..services import cards as cards_svc

        shown = run(lambda: cards_svc.show(open_store(), slug)).card
        err(f"{shown.slug} version {shown.version}: {shown.title}")
        for line in rules_text(shown):
            err(f"  {line}")
        return

    def change():  # noqa: ANN202
        from ..core import edits

        given: dict = {
            k: v
            for k, v in (
                ("min_picks", min_picks),
                ("max_picks", max_picks),
                ("same_game", same_game),
                ("title", title),
                ("disclaimer", disclaimer),
            )
            if v is not None
        }
        if ties is not None:
            given["ties"] = values.choice(ties, Ties, "ties", "a ties rule")
        if below_minimum is not None:
            given["below_minimum"] = values.choice(below_minimum, BelowMinimum, "below_minimum", "accepted")
        if cutoff is not None:
            given["cutoff"] = None if cutoff.strip().lower() == "none" else values.moment(cutoff, "cutoff")
        tiers = []
        for text in tier or ():
            parts = text.split()
            if len(parts) not in (2, 3) or not parts[0].isdigit():
                from ..core.errors import ParlayError

                raise ParlayError(
                    f'"{text}" is not a payout tier. Accepted: "PICKS ODDS" or "PICKS HITS ODDS", '
                    'e.g. "11 150-1", "10 9 20-1".',
                    field="tier",
                )
            hits, price = _tier_parts(slug, int(parts[0]), parts[1], parts[2] if len(parts) == 3 else None)
            tiers.append(edits.tier(int(parts[0]), hits, price))
        fields = svc.RuleFields(**given, tiers=tuple(tiers))
        return svc.set_rules(open_store(), slug, fields)

    _edited(run(change))


def calc(
    stake: Annotated[str, typer.Argument(help="Amount staked (on each parlay of a round robin), e.g. 100.")],
    odds: Annotated[list[str], typer.Argument(help="Each leg's price: -110, +150, 2.5, 5/1.")],
    teaser: Annotated[
        str | None,
        typer.Option(
            help="Price a teaser by its usual table instead: 6, 6½, 7, 10, 14 (football), 4, 4½, 5 "
            "(basketball); the legs' prices only count the teams."
        ),
    ] = None,
    round_robin: Annotated[
        int | None,
        typer.Option(
            "--round-robin",
            min=2,
            max=10,
            help="Every parlay of this many legs from the selections, each staked STAKE.",
        ),
    ] = None,
    json: Json = False,
) -> None:
    """The parlay calculator: what a parlay of these prices returns (or a teaser, or a round robin).

    Example: parlaycards calc 100 -110 -110 +150   (or: calc 100 -110 -110 --teaser 6; calc 10 -110 +150 -120 --round-robin 2)
    """

    from decimal import Decimal

    from ..core.errors import ParlayError
    from ..core.odds import parlay
    from ..core.robin import round_robin as robin
    from ..core.robin import teaser as one_teaser

    def compute():  # noqa: ANN202
        try:
            amount = money.parse(stake, "stake", accepted="Accepted: 100, 25.50, $10.")
        except ValueError as exc:
            raise ParlayError(str(exc)) from None
        points = None
        if teaser is not None:
            points = values.number(
                teaser.replace("½", ".5"),
                "teaser",
                "Accepted: 6, 6½, 7, 10, 14 (football); 4, 4½, 5 (basketball).",
                Decimal("0.5"),
                Decimal(20),
            )
        try:
            if round_robin is not None:
                return robin(amount, list(odds), round_robin, points)
            if points is not None:
                return one_teaser(amount, list(odds), points)
            return parlay(amount, list(odds))
        except ValueError as exc:
            raise ParlayError(str(exc)) from None

    p = run(compute)
    if hasattr(p, "parlays"):
        _say_robin(p, json)
        return
    if json:
        print_json(
            {
                "stake": str(p.stake),
                "decimal_odds": round(float(p.decimal_odds), 6),
                "american": p.american,
                "returned": str(p.returned),
                "profit": str(p.profit),
                "probability": round(float(p.probability), 6),
            }
        )
        return
    c = console()
    legs = " × ".join(f"{float(x):.4f}" for x in p.legs)
    c.print(
        f"{len(p.legs)} leg{'s' if len(p.legs) != 1 else ''}: {legs} = {float(p.decimal_odds):.4f} "
        f"(American {p.american})"
    )
    c.print(
        f"Stake {dollars(p.stake)} returns {dollars(p.returned)}: profit {dollars(p.profit)}. "
        f"Implied probability {float(p.probability):.2%} (the chance these prices imply, the book's margin included)."
    )


def _say_robin(r, json: bool) -> None:  # noqa: ANN001 - core.robin.RoundRobin
    points = f"{r.teaser.normalize():f}-point teaser" if r.teaser is not None else None
    if json:
        print_json(
            {
                "stake": str(r.stake),
                "teaser": float(r.teaser) if r.teaser is not None else None,
                "size": r.size,
                "selections": r.selections,
                "parlays": [
                    {
                        "legs": list(p.legs),
                        "decimal_odds": round(float(p.decimal_odds), 6),
                        "returned": str(p.returned),
                    }
                    for p in r.parlays
                ],
                "total_stake": str(r.total_stake),
                "best": str(r.best),
                "worst": str(r.worst),
                "by_wins": [{"wins": w, "least": str(lo), "most": str(hi)} for w, lo, hi in r.by_wins],
            }
        )
        return
    c = console()
    if r.teaser is not None and not r.by_wins:  # one teaser
        c.print(
            f"{r.size}-team {points}: stake {dollars(r.stake)} returns {dollars(r.best)} when every team "
            f"covers its teased line: profit {dollars(r.best - r.stake)} (by the usual table)."
        )
        return
    kind = f"{r.size}-team {points}s" if points else f"{r.size}-leg parlays"
    c.print(f"Round robin: {len(r.parlays)} {kind} of {r.selections} selections, {dollars(r.stake)} each.")
    for p in r.parlays:
        c.print(
            f"  {' + '.join(map(str, p.legs)):<14} {float(p.decimal_odds):>9.4f}  returns {dollars(p.returned)}"
        )
    c.print(f"Total stake {dollars(r.total_stake)}.")
    c.print(
        f"Best case (all {r.selections} win): {dollars(r.best)} back, profit {dollars(r.best - r.total_stake)}."
    )
    c.print(f"Worst case (none wins): {dollars(r.worst)} back, loss {dollars(r.total_stake - r.worst)}.")
    for w, lo, hi in r.by_wins[1:-1]:
        if hi > 0:
            c.print(f"  {w} of {r.selections} win: {dollars(lo)} to {dollars(hi)} back")


def export(
    slug: Annotated[str | None, typer.Argument(help="Card to export; leave out with --blank.")] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="File to write: .xlsx, .csv (the games) or .json [default: output/SLUG-vN.xlsx]."
        ),
    ] = None,
    blank: Annotated[
        bool, typer.Option("--blank", help="Write a blank lines template to fill in instead.")
    ] = False,
) -> None:
    """Export a card to xlsx, CSV (its games) or JSON, or write a blank lines template.

    Example: parlaycards export nfl-w12 --out output/nfl-w12.xlsx   (or: parlaycards export --blank --out lines.xlsx)
    """
    from ..services import exporting

    if blank:
        path = run(lambda: exporting.blank_template(out or Path("output/lines-template.xlsx")))
    else:
        if slug is None:
            err("Error: name a card to export, or pass --blank for a lines template.", "bold red")
            raise typer.Exit(2)
        path = run(lambda: exporting.export_card(open_store(), slug, out))
    err(f"Wrote {path}")


card_app = typer.Typer(
    help="A card as a whole: delete one never printed, revert to an earlier version.\n\n"
    "Example: parlaycards card revert nfl-w12 --to 2",
    no_args_is_help=True,
)


@card_app.command("new")
def card_new(
    slug: Annotated[str, typer.Argument(help="The new card's slug, e.g. teaser-w12.")],
    source: Annotated[
        str | None, typer.Option("--from", help="The card whose games a teaser card is made from.")
    ] = None,
    teaser: Annotated[
        str | None,
        typer.Option(
            help="Teaser points: 6, 6½ or 7 (football; 10 and 14 are the special teasers), 4, 4½ or 5 "
            "(basketball). Every side and total moves this many points toward the player."
        ),
    ] = None,
    ties: Annotated[
        str | None,
        typer.Option(help="Ties rule: lose, win or reduce [default: win; lose on a special teaser]."),
    ] = None,
    title: Annotated[str | None, typer.Option(help="Title printed on the card.")] = None,
    tz: Annotated[str | None, typer.Option(help="Time zone the card shows times in.")] = None,
) -> None:
    """Make a new card: a teaser card from another card's games, or an empty card to add games to.

    A teaser card prints the teased lines (Bears +3 on a 6-point teaser prints +9; total 44 prints
    o38 u50) and has its own payout table by number of teams (the usual one for its points; change
    it with `payout set`). An empty card takes games with `game add` (a local game with --pick, golf
    or NASCAR matchups with --matchup).

    Example: parlaycards card new teaser-w12 --from nfl-w12 --teaser 6 --ties win   (or: card new golf-r4 --title "Golf Round 4")
    """
    from decimal import Decimal

    from ..services import new_cards as svc

    def make():  # noqa: ANN202
        points = (
            values.number(
                teaser.replace("½", ".5").replace(" 1/2", ".5"),
                "teaser",
                "Accepted: 6, 6½, 7, 10, 14 (football); 4, 4½, 5 (basketball).",
                Decimal("0.5"),
                Decimal(20),
            )
            if teaser is not None
            else None
        )
        rule = values.choice(ties, Ties, "ties", "a ties rule") if ties is not None else None
        return svc.new_card(
            open_store(create=source is None),
            slug,
            source=source,
            teaser=points,
            ties=rule,
            title=title,
            tz=tz,
        )  # type: ignore[arg-type]

    saved = run(make)
    card = saved.card
    if card.teaser is not None:
        err(
            f'Made {card.slug} version {card.version} ("{card.title}"): {len(card.games)} games teased '
            f"{card.teaser.normalize():f} points, ties {card.rules.ties}, {card.rules.min_picks} to "
            f"{card.rules.max_picks} teams."
        )
        _print_card(card, ())
    else:
        err(
            f'Made {card.slug} ("{card.title}"), no games yet: add them with `parlaycards game add {card.slug} …`.'
        )


@card_app.command("delete")
def card_delete(slug: Slug) -> None:
    """Delete a card that was never printed: every version, and any results typed for it.

    Refused, naming the batch, once any card of it has been printed (or a pick'em pool uses it).

    Example: parlaycards card delete nfl-w12-test
    """
    from ..services import versions as svc

    done = run(lambda: svc.delete_card(open_store(), slug))
    err(
        f'Deleted card {done.slug} ("{done.title}"): {done.versions} version{"s" if done.versions != 1 else ""}'
        + (f", {done.results} result{'s' if done.results != 1 else ''}" if done.results else "")
        + ". The audit log keeps its last version."
    )


@card_app.command("archive")
def card_archive(
    slug: Slug,
    force: Annotated[
        bool, typer.Option("--force", help="Archive it even though it has entries (nothing is deleted).")
    ] = False,
) -> None:
    """Take a card out of the listings (a printed test card, an old week). Nothing is deleted: every
    command still takes it, `cards --all` lists it, `card unarchive` brings it back. A card with entries
    is refused unless --force.

    Example: parlaycards card archive nfl-w12-test
    """
    from ..services import versions as svc

    done = run(lambda: svc.archive_card(open_store(), slug, force=force))
    kept = (
        f" Its {done.entries} entr{'y is' if done.entries == 1 else 'ies are'} kept." if done.entries else ""
    )
    err(
        f'Archived card {done.slug} ("{done.title}"): out of `parlaycards cards`, nothing deleted.{kept} '
        f"Bring it back with: parlaycards card unarchive {done.slug}"
    )


@card_app.command("unarchive")
def card_unarchive(slug: Slug) -> None:
    """Put an archived card back in the listings.

    Example: parlaycards card unarchive nfl-w12-test
    """
    from ..services import versions as svc

    done = run(lambda: svc.unarchive_card(open_store(), slug))
    err(f'Card {done.slug} ("{done.title}") is back in the listings.')


@card_app.command("revert")
def card_revert(
    slug: Slug,
    to: Annotated[
        int, typer.Option("--to", min=1, max=MAX_INT, help="The version whose content the new version takes.")
    ],
) -> None:
    """Make a new version of SLUG with an earlier version's games, payouts and rules.

    Nothing is rewritten: cards already printed keep their lines; print again to put it on paper.

    Example: parlaycards card revert nfl-w12 --to 2
    """
    from ..services import versions as svc

    saved = run(lambda: svc.revert_card(open_store(), slug, to))
    _saved(saved, saved.note)
