"""Card commands: import, cards, show (game, payout and rules edits in `card_edits`, the calculator in
`calc`, export and card new/delete/archive/revert in `card_admin`)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core.bounds import MAX_INT
from . import values
from .card_show import print_card, print_games, print_other_lines, say_saved
from .options import CardTitle, Fresh, Json, Record, Slug, spread
from .shell import console, err, new_pool_path, open_pool, open_store, print_json, run, say_new_pool

if TYPE_CHECKING:
    from ..io.lines import Asked
    from ..io.mapping import ColumnMap
    from ..services.cards import Columns, Imported, Into, Saved


def register(app: typer.Typer) -> None:
    from .calc import calc
    from .card_admin import card_app, export
    from .card_edits import game_app, payout_app, rules_app

    app.command("import", help=IMPORT_HELP)(import_)
    app.command("cards")(cards)
    app.command("show")(show)
    app.add_typer(game_app, name="game")
    app.add_typer(payout_app, name="payout")
    app.add_typer(rules_app, name="rules")
    app.command("calc", context_settings={"ignore_unknown_options": True})(calc)
    app.command("export")(export)
    app.add_typer(card_app, name="card")


IMPORT_HELP = """Import the week's lines from a spreadsheet into a card.

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

Example: parlaycards import club-week-7.xlsx --layout club-sheet"""


class Reading(Record):
    """What `import` reads: the file and its sheets, the games of a season's file, the columns named by
    hand, the team names taken as written."""

    league: Annotated[str | None, typer.Option(help="League when the sheet does not say (NFL, NCAA, …).")] = (
        None
    )
    sheet: Annotated[
        list[str] | None, typer.Option("--sheet", help="Sheet to read (repeatable) [default: all].")
    ] = None
    tz: Annotated[str, typer.Option(help="Time zone of the sheet's kickoff times.")] = "America/New_York"
    week: Annotated[
        str | None, typer.Option(help="A season's file: the week to import, by its Week column (5, WC).")
    ] = None
    season: Annotated[
        str | None,
        typer.Option(help="A file of several seasons: the season of --week, by its Season column."),
    ] = None
    on: Annotated[
        str | None, typer.Option("--date", help="A season's file: the games of this day (2023-10-08).")
    ] = None
    new_team: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME",
            help="A team name that is right as written though it is close to a known team's (repeatable); "
            'without it such a name is refused as a likely typo. Example: --new-team "Saint Josephs"',
        ),
    ] = None

    def asked(self, lines: Path, typed: str, naming: "Naming") -> "Asked":
        """The read of `lines` asked, its columns named as `naming` says (`typed`: the operator's command
        line, repeated by a suggestion)."""
        from ..io.lines import Asked

        on = self.on
        day = run(lambda: values.day(on, "date")) if on is not None else None
        mapping = naming.mapping()
        sheets, teams = tuple(self.sheet or ()), tuple(self.new_team or ())
        return Asked(
            lines,
            sheets,
            self.league,
            self.tz,
            week=self.week,
            season=self.season,
            on=day,
            mapping=mapping,
            typed=typed,
            new_teams=teams,
        )


class Storing(Record):
    """Where `import` puts the games: the card, started afresh or not, hand edits undone or not, a dry run;
    the columns as a layout saved earlier, or saved now."""

    card: Annotated[str | None, typer.Option("--card", help="Card slug [default: from the file name].")] = (
        None
    )
    title: CardTitle = None
    new: Fresh = False
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help="Import even though it undoes hand edits made to the "
            "card since its last import (they are listed).",
        ),
    ] = False
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run", help="Show how each column was read and the games it would store; store nothing."
        ),
    ] = False

    def into(self) -> "Into":
        from ..services.cards import Into

        return Into(self.card, self.title, fresh=self.new, replace=self.replace, dry_run=self.dry_run)


class Naming(Record):
    """How `import` finds the sheet's columns beside its header: named by hand (`--map`), as a layout
    saved earlier, and a mapping saved for next week's file."""

    map: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ROLE=COLUMN",
            help="Name a column's role by hand, by letter or header (repeatable). Example: --map away=B "
            '--map home="Host club" --map home-line=F --map total=G. Roles: away, home, home-line, away-line, home-margin, spread, '
            "favourite, underdog, line, total, kickoff, date, time, league, neutral, site, away-ml, home-ml, "
            "week, season (a season's file, with --week / --season); matchup (both teams in one cell, a line "
            "after its team: Chiefs -3 vs Bills) in place of away and home; two rows a game: team, rot, "
            "spread or line, total, money.",
        ),
    ] = None
    favourite_by: Annotated[
        str | None,
        typer.Option(
            metavar="sign|margin",
            help="With --map spread=F: sign (home's line, favourite negative) or margin (positive: home "
            "favoured). Example: --map spread=F --favourite-by sign",
        ),
    ] = None
    save_layout: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="Keep this --map in the pool under NAME for next week's file of the same shape. "
            "Example: --map away=B --map home=D --map home-line=F --save-layout club-sheet",
        ),
    ] = None
    layout: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="Read the columns as a saved layout says (see `parlaycards layouts`). "
            "Example: --layout club-sheet",
        ),
    ] = None

    def mapping(self) -> "ColumnMap | None":
        """The columns named by hand, checked; None when none are."""
        map_, favourite_by = self.map, self.favourite_by
        if not map_ and favourite_by is None:
            return None
        from ..io.mapping import parse_map

        return run(lambda: parse_map(tuple(map_ or ()), favourite_by))

    def columns(self) -> "Columns":
        from ..services.cards import Columns

        return Columns(self.layout, self.save_layout)


@spread
def import_(
    ctx: typer.Context,
    lines: Annotated[Path, typer.Argument(help="The week's lines: .xlsx, .xlsm or .csv.")],
    storing: Storing,
    reading: Reading,
    naming: Naming,
) -> None:
    """Import the week's lines from a spreadsheet into a card (the whole help: IMPORT_HELP)."""
    dry_run = storing.dry_run
    fresh_pool = None if dry_run else new_pool_path()
    typed = _typed(ctx, leave=frozenset({"map", "favourite_by", "dry_run", "layout", "save_layout"}))
    done = _import(reading.asked(lines, typed, naming), storing.into(), naming.columns())
    say_import(done, dry_run)
    if not dry_run:
        say_new_pool(fresh_pool)


def _typed(here: typer.Context, leave: frozenset[str]) -> str:
    """The operator's command line, rebuilt from what it gave (`--db`, the file, each option typed, in the
    CLI's own spelling) less the parameters in `leave`: what a suggested command repeats."""
    import shlex

    words = ["parlaycards"]
    chain = []
    ctx: Any = here
    while ctx is not None:
        chain.append(ctx)
        ctx = ctx.parent
    for i, ctx in enumerate(reversed(chain)):
        if i:
            words.append(ctx.info_name or "")
        for p in ctx.command.params:
            name = p.name or ""
            if name not in leave and getattr(ctx.get_parameter_source(name), "name", "") == "COMMANDLINE":
                words += _spelled(p, ctx.params[name])
    return " ".join(shlex.quote(w) for w in words)


def _spelled(param: Any, value: Any) -> list[str]:  # click.Parameter
    """A parameter as the command line gives it: an argument's value, a flag's name, an option and its
    value (once per value of a repeated option)."""
    if param.param_type_name == "argument":
        return [str(v) for v in value] if isinstance(value, (list, tuple)) else [str(value)]
    if param.is_flag:
        return [param.opts[0]] if value else param.secondary_opts[:1]
    given = value if param.multiple else [value]
    return [w for v in given for w in (param.opts[0], str(getattr(v, "value", v)))]


def _import(asked: "Asked", into: "Into", columns: "Columns") -> "Imported":
    """Run the import (a dry run reads the pool, if there is one, and stores nothing)."""
    from ..services import cards as svc
    from .shell import state

    def go() -> "Imported":
        store = svc.pool_if_any(state.db) if into.dry_run else open_store(create=True)
        return svc.import_lines(store, asked, into, columns)

    return run(go)


def say_import(done: Any, dry_run: bool) -> None:  # services.cards.Imported
    """How each column was read, the games (a dry run) or the version stored, the hand edits undone."""
    from ..core.text import plural

    for reading in done.lines.readings:
        err("Read " + str(reading))
    for warning in done.lines.warnings:
        err("Not read: " + warning)
    for note in done.lines.leagues:
        err(note)
    card = done.card
    if done.titled_from_file:
        err(
            f'Titled "{card.title}" from the file\'s name (no --title, and the sheet has no title row): give the '
            f'card its own with --title "…", or later `parlaycards rules set {card.slug} --title "…"`.'
        )
    if dry_run:
        print_games(card)
        for undo in done.undone:
            err("Would undo a hand edit: " + undo)
        if done.undone:
            err("Importing this needs --replace (it undoes the hand edits above).")
        err(
            f"Dry run: {plural(len(card.games), 'game')} would be stored as {card.slug} version {card.version}; "
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


def say_imported(saved: "Saved") -> None:
    """The summary of an import (a sheet's or a feed's): version, games per league, numbers."""
    say_saved(saved, saved.note)
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
    from ..report.cards import cards_json, cards_notes, cards_table
    from ..services import cards as svc

    every = run(lambda: svc.list_cards(open_pool(), archived=True))
    rows = [r for r in every if all_ or not r.archived]
    hidden = len(every) - len(rows)
    if json:
        print_json(cards_json(rows))
        return
    note = cards_notes(len(rows), hidden)
    if rows:
        from ..report.table import rich_table

        console().print(rich_table(cards_table(rows)))
    if note:
        err(note)


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
    print_card(saved.card, saved.printed_versions)
    print_other_lines(saved)
