"""Card commands: import, cards, show, game, payout, rules, calc, export."""


from pathlib import Path
from typing import Annotated

import typer

from ..core import money
from ..core.money import dollars
from .shell import console, err, open_store, print_json, run

game_app = typer.Typer(help="Add, change, take off or remove games. Each change makes a new card version.\n\n"
                       "Example: parlaycards game set nfl-w12 103 --spread -4.5",
                       no_args_is_help=True)
payout_app = typer.Typer(help="Edit and analyze the payout table.\n\nExample: parlaycards payout set nfl-w12 3 6-1",
                         no_args_is_help=True)
rules_app = typer.Typer(help="Edit the card's rules (ties, pick counts, same-game picks, cutoff).\n\n"
                        "Example: parlaycards rules set nfl-w12 --ties reduce",
                        no_args_is_help=True)

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


def _saved(saved, what: str) -> None:  # noqa: ANN001
    card = saved.card
    err(f"{card.slug} version {card.version}: {what}.")
    older = [v for v in saved.printed_versions if v < card.version]
    if older:
        err(f"Cards already printed from version {', '.join(map(str, older))} keep their lines; "
            f"print again to put version {card.version} on paper.")


def import_(
    lines: Annotated[Path, typer.Argument(help="The week's lines: .xlsx, .xlsm or .csv.")],
    card: Annotated[str | None, typer.Option("--card", help="Card slug [default: from the file name].")] = None,
    title: Annotated[str | None, typer.Option(help="Title printed on the card.")] = None,
    league: Annotated[str | None, typer.Option(help="League when the sheet does not say (NFL, NCAA, …).")] = None,
    sheet: Annotated[list[str] | None, typer.Option("--sheet", help="Sheet to read (repeatable) [default: all].")] = None,
    tz: Annotated[str, typer.Option(help="Time zone of the sheet's kickoff times.")] = "America/New_York",
    new: Annotated[bool, typer.Option("--new", help="Start the card afresh (default keeps its payouts and rules).")] = False,
) -> None:
    """Import the week's lines from a spreadsheet into a card.

    Reads rotation (two rows a game), one-row-per-game and Favorite/Line/Underdog layouts; several
    sheets make one combo card. Importing into an existing card makes a new version of it.

    Example: parlaycards import sample_lines/nfl-week-12.xlsx --card nfl-w12
    """
    from ..services import cards as svc

    saved = run(lambda: svc.import_lines(open_store(create=True), lines, slug=card, title=title, league=league,
                                         sheets=tuple(sheet or ()), tz=tz, replace=new))
    say_imported(saved)


def say_imported(saved) -> None:  # noqa: ANN001 - services.cards.Saved
    """The summary of an import (a sheet's or a feed's): version, games per league, numbers."""
    _saved(saved, saved.note)
    card = saved.card
    leagues = ", ".join(f"{sum(g.league == lg for g in card.games)} {lg}" for lg in card.leagues())
    err(f'"{card.title}": {leagues} games; numbers {min(n for g in card.games for n in g.numbers.all())}–'
        f"{max(n for g in card.games for n in g.numbers.all())}. See them all with: parlaycards show {card.slug}")


def cards(json: Json = False) -> None:
    """List the pool's cards with their latest version.

    Example: parlaycards cards --json
    """
    from ..services import cards as svc

    rows = run(lambda: svc.list_cards(open_store()))
    if json:
        print_json([{"slug": r.slug, "version": r.version, "title": r.title, "games": r.games,
                     "created_at": r.created_at, "printed_versions": list(r.printed_versions)} for r in rows])
        return
    if not rows:
        err("No cards yet. Start with: parlaycards import LINES.xlsx --card SLUG")
        return
    from rich.table import Table

    t = Table("Card", "Version", "Title", "Games", "Printed versions", "Changed")
    for r in rows:
        t.add_row(r.slug, str(r.version), r.title, str(r.games),
                  ", ".join(map(str, r.printed_versions)) or "-", r.created_at[:16].replace("T", " "))
    console().print(t)


def show(slug: Slug, version: Annotated[int | None, typer.Option(help="An older version.")] = None,
         json: Json = False) -> None:
    """Show a card: every game with its numbers, lines and kickoff, the payouts and the rules.

    Example: parlaycards show nfl-w12 --json
    """
    from ..core.views import card_json
    from ..services import cards as svc

    saved = run(lambda: svc.show(open_store(), slug, version))
    if json:
        print_json(card_json(saved.card, saved.printed_versions))
        return
    _print_card(saved.card, saved.printed_versions)


def _print_games(card) -> None:  # noqa: ANN001
    from rich import box
    from rich.table import Table

    from ..core.views import game_row

    t = Table(title=f"{card.title} — {card.slug} v{card.version}", title_justify="left", box=box.SIMPLE_HEAD,
              pad_edge=False)
    t.add_column("Kickoff", no_wrap=True)
    t.add_column("No.", justify="right")
    t.add_column("Away")
    t.add_column("Line", justify="right", no_wrap=True)
    t.add_column("No.", justify="right")
    t.add_column("Home")
    t.add_column("Line", justify="right", no_wrap=True)
    t.add_column("Total", justify="right", no_wrap=True)
    t.add_column("O / U", no_wrap=True)
    league = None
    for g in card.games:
        if len(card.leagues()) > 1 and g.league != league:
            league = g.league
            t.add_section()
            t.add_row(f"[bold]{league}[/bold]")
        r = game_row(g, card.timezone)
        home = ("vs " + g.home + " (N)") if g.neutral else ("at " + g.home.upper())
        ou = f"{r['over_no']} / {r['under_no']}" if r["over_no"] else ""
        t.add_row(r["kickoff"], r["away_no"], r["away"], r["away_line"], r["home_no"], home, r["home_line"],
                  r["total"], ou, style="strike dim" if g.off else None)
    console().print(t)
    err("Home team in capitals after 'at'; 'vs' and (N) mark a neutral site; struck-through games are off.")


def _print_card(card, printed) -> None:  # noqa: ANN001
    from ..core.views import rules_text

    _print_games(card)
    c = console()
    basis = "TO 1" if card.payouts.basis == "to" else "FOR 1"
    tiers = " · ".join(f"{t.hits}/{t.picks} {t.odds}" for t in card.payouts.sorted().tiers)
    c.print(f"Payouts ({basis}): {tiers}")
    for line in rules_text(card):
        c.print("  " + line)
    c.print(f"Printed versions: {', '.join(map(str, printed)) or 'none yet'}")


@game_app.command("set")
def game_set(
    slug: Slug,
    number: Annotated[int, typer.Argument(help="Any selection number of the game (away, home, over or under).")],
    spread: Annotated[str | None, typer.Option(help="Home's line (favourite negative): -3½, -3.5, +7, PK.")] = None,
    total: Annotated[str | None, typer.Option(help="Total points: 44½, 44.5; 'none' removes it.")] = None,
    away: Annotated[str | None, typer.Option(help="Away team.")] = None,
    home: Annotated[str | None, typer.Option(help="Home team.")] = None,
    kickoff: Annotated[str | None, typer.Option(help='Kickoff, e.g. "2026-11-26 12:30" (card time zone).')] = None,
    neutral: Annotated[bool | None, typer.Option("--neutral/--not-neutral", help="Neutral site.")] = None,
    off: Annotated[bool, typer.Option("--off", help="Take the game off the card from now: later entries on it are refused.")] = False,
) -> None:
    """Change a game's spread, total, teams, kickoff or neutral flag, or take it off.

    Example: parlaycards game set nfl-w12 103 --spread -4.5
    """
    from datetime import UTC, datetime

    from ..core import edits
    from ..services import cards as svc

    def change(card):  # noqa: ANN001, ANN202
        fields: dict = {}
        if spread is not None:
            fields["spread"] = svc.parse_spread_arg(spread)
        if total is not None:
            fields["total"] = svc.parse_total_arg(total)
        if away is not None:
            fields["away"] = away
        if home is not None:
            fields["home"] = home
        if kickoff is not None:
            fields["kickoff"] = svc.parse_when(kickoff, card.timezone)
        if neutral is not None:
            fields["neutral"] = neutral
        if off:
            return edits.take_off(card, number, datetime.now(UTC))
        if not fields:
            from ..core.errors import ParlayError
            raise ParlayError("say what to change: --spread, --total, --away, --home, --kickoff, --neutral or --off.")
        return edits.with_game(card, number, **fields)

    saved = run(lambda: svc.edit(open_store(), slug, f"game {number} changed", change))
    _saved(saved, f"game {number} changed")


@game_app.command("add")
def game_add(
    slug: Slug,
    away: Annotated[str, typer.Option(help="Away team.")],
    home: Annotated[str, typer.Option(help="Home team.")],
    spread: Annotated[str, typer.Option(help="Home's line (favourite negative): -7½, +3, PK.")],
    total: Annotated[str | None, typer.Option(help="Total points, e.g. 47.5.")] = None,
    kickoff: Annotated[str | None, typer.Option(help='Kickoff, e.g. "2026-11-26 12:30" (card time zone).')] = None,
    league: Annotated[str, typer.Option(help="League: NFL, NCAA, …")] = "NFL",
    neutral: Annotated[bool, typer.Option("--neutral", help="Neutral site.")] = False,
) -> None:
    """Add a game; it gets the next free selection numbers.

    Example: parlaycards game add nfl-w12 --league NFL --away "Bears" --home "Lions" --spread "-7½" --total 47.5 --kickoff "2026-11-26 12:30"
    """
    from ..core import edits
    from ..services import cards as svc

    def change(card):  # noqa: ANN001, ANN202
        return edits.add_game(card, league=league.upper(), away=away, home=home,
                              spread=svc.parse_spread_arg(spread), total=svc.parse_total_arg(total),
                              kickoff=svc.parse_when(kickoff, card.timezone) if kickoff else None, neutral=neutral)

    saved = run(lambda: svc.edit(open_store(), slug, f"added {away} at {home}", change))
    g = saved.card.games[-1]
    _saved(saved, f"added {g.label()} as {g.numbers.away}/{g.numbers.home}"
           + (f", over {g.numbers.over} / under {g.numbers.under}" if g.numbers.over else ""))


@game_app.command("remove")
def game_remove(slug: Slug, number: Annotated[int, typer.Argument(help="Any selection number of the game.")]) -> None:
    """Remove a game from the next version (printed cards keep it; use `game set --off` to stop taking it).

    Example: parlaycards game remove nfl-w12 117
    """
    from ..core import edits
    from ..services import cards as svc

    saved = run(lambda: svc.edit(open_store(), slug, f"game {number} removed", lambda c: edits.remove_game(c, number)))
    _saved(saved, f"game {number} removed")


@payout_app.command("set")
def payout_set(
    slug: Slug,
    picks: Annotated[int, typer.Argument(help="Number of picks on the card.")],
    hits_or_odds: Annotated[str, typer.Argument(metavar="[HITS] ODDS", help="Hits (for a consolation tier), then odds a-b.")],
    odds: Annotated[str | None, typer.Argument(show_default=False, help="Odds when HITS is given.")] = None,
    basis: Annotated[str | None, typer.Option(help="'to' (stake returned on top) or 'for' (stake included).")] = None,
    max_payout: Annotated[str | None, typer.Option(help="Cap per card, stake included; 'none' removes it.")] = None,
) -> None:
    """Set a payout tier: PICKS [HITS] ODDS. Without HITS it is the all-hit tier.

    Example: parlaycards payout set nfl-w12 3 6-1   (and `payout set nfl-w12 10 9 20-1` for a consolation tier)
    """

    from ..core import edits
    from ..core.errors import ParlayError
    from ..services import cards as svc

    def change(card):  # noqa: ANN001, ANN202
        if odds is None:
            hits, price = picks, hits_or_odds
        else:
            if not hits_or_odds.isdigit():
                raise ParlayError(f'HITS "{hits_or_odds}" is not a number of hits. Example: payout set {slug} 10 9 20-1')
            hits, price = int(hits_or_odds), odds
        new = edits.set_payout(card, picks, hits, price)
        if basis is not None:
            if basis not in ("to", "for"):
                raise ParlayError(f'--basis "{basis}" is not a basis. Accepted: to, for.')
            new = edits.set_table(new, basis=basis)
        if max_payout is not None:
            cap = None
            if max_payout.lower() != "none":
                try:
                    cap = money.parse(max_payout, "--max-payout", accepted="Accepted: 500, 1000.00, none.")
                except ValueError as exc:
                    raise ParlayError(str(exc)) from None
            new = edits.set_table(new, max_payout=cap)
        return new

    saved = run(lambda: svc.edit(open_store(), slug, f"payout {picks} set", change))
    _saved(saved, "payout table changed")


@payout_app.command("remove")
def payout_remove(slug: Slug, picks: Annotated[int, typer.Argument()], hits: Annotated[int | None, typer.Argument()] = None) -> None:
    """Remove a payout tier (refused if a pick count the rules accept would lose its all-hit tier).

    Example: parlaycards payout remove nfl-w12 10 9
    """
    from ..core import edits
    from ..services import cards as svc

    saved = run(lambda: svc.edit(open_store(), slug, f"payout {picks} removed",
                                 lambda c: edits.remove_payout(c, picks, picks if hits is None else hits)))
    _saved(saved, "payout tier removed")


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
        print_json([{"picks": r.picks, "hits": r.hits, "odds": str(r.odds), "basis": r.basis,
                     "fair_to_one": round(float(r.fair_to_one), 4), "probability": round(float(r.probability), 8),
                     "expected_return": round(float(r.expected_return), 6), "house_edge": round(float(r.edge), 6),
                     "break_even": round(r.break_even, 6) if r.break_even else None} for r in rows])
        return
    from rich.table import Table

    t = Table("Tier", f"Offered ({card.payouts.basis})", "True odds (to 1)", "Chance", "Returns per $1",
              "House edge", "Break-even leg", title=f"{card.slug} v{card.version} at {p:.0%} per leg")
    for r in rows:
        t.add_row(f"{r.hits} of {r.picks}", str(r.odds), f"{float(r.fair_to_one):,.2f}-1", f"{float(r.probability):.4%}",
                  f"${float(r.expected_return):.4f}", f"{float(r.edge):.1%}", f"{r.break_even:.1%}" if r.break_even else "-")
    console().print(t)


@rules_app.command("set")
def rules_set(
    slug: Slug,
    ties: Annotated[str | None, typer.Option(help="lose, win or reduce.")] = None,
    min_picks: Annotated[int | None, typer.Option(min=1, max=30)] = None,
    max_picks: Annotated[int | None, typer.Option(min=1, max=30)] = None,
    same_game: Annotated[bool | None, typer.Option("--same-game/--no-same-game", help="Allow a side and the total of one game.")] = None,
    below_minimum: Annotated[str | None, typer.Option(help="refund or lose: a card reduced below the smallest tier.")] = None,
    cutoff: Annotated[str | None, typer.Option(help='Last time cards are taken, e.g. "2026-11-29 13:00"; none removes it.')] = None,
    title: Annotated[str | None, typer.Option(help="Card title.")] = None,
    disclaimer: Annotated[str | None, typer.Option(help="The amusement-only / age / helpline line.")] = None,
) -> None:
    """Change the card's rules; refused if a pick count would lose its all-hit payout tier. Without
    options, shows the rules as the card prints them.

    Example: parlaycards rules set nfl-w12 --ties reduce --max-picks 12 --cutoff "2026-11-29 13:00"
    """
    from ..core import edits
    from ..core.errors import ParlayError
    from ..services import cards as svc

    if all(v is None for v in (ties, min_picks, max_picks, same_game, below_minimum, cutoff, title, disclaimer)):
        from ..core.views import rules_text

        shown = run(lambda: svc.show(open_store(), slug)).card
        err(f"{shown.slug} version {shown.version}: {shown.title}")
        for line in rules_text(shown):
            err(f"  {line}")
        return

    def change(card):  # noqa: ANN001, ANN202
        fields: dict = {}
        if ties is not None:
            if ties not in ("lose", "win", "reduce"):
                raise ParlayError(f'--ties "{ties}" is not a ties rule. Accepted: lose, win, reduce.')
            fields["ties"] = ties
        if below_minimum is not None:
            if below_minimum not in ("refund", "lose"):
                raise ParlayError(f'--below-minimum "{below_minimum}" is not accepted. Accepted: refund, lose.')
            fields["below_minimum"] = below_minimum
        for name, value in (("min_picks", min_picks), ("max_picks", max_picks), ("same_game", same_game)):
            if value is not None:
                fields[name] = value
        if cutoff is not None:
            if cutoff.lower() == "none":
                fields["cutoff"] = None
            else:
                when = svc.parse_when(cutoff, card.timezone, "--cutoff")
                if not hasattr(when, "hour"):
                    raise ParlayError(f'--cutoff "{cutoff}" needs a time as well as a date, e.g. "2026-11-29 13:00".')
                fields["cutoff"] = when
        new = edits.set_rules(card, **fields) if fields else card
        extra = {k: v for k, v in (("title", title), ("disclaimer", disclaimer)) if v is not None}
        return edits.rebuild(new, **extra) if extra else new

    saved = run(lambda: svc.edit(open_store(), slug, "rules changed", change))
    _saved(saved, "rules changed")


def calc(
    stake: Annotated[str, typer.Argument(help="Amount staked, e.g. 100.")],
    odds: Annotated[list[str], typer.Argument(help="Each leg's price: -110, +150, 2.5, 5/1.")],
    json: Json = False,
) -> None:
    """The parlay calculator: what a parlay of these prices returns.

    Example: parlaycards calc 100 -110 -110 +150
    """

    from ..core.errors import ParlayError
    from ..core.odds import parlay

    def compute():  # noqa: ANN202
        try:
            amount = money.parse(stake, "stake", accepted="Accepted: 100, 25.50, $10.")
        except ValueError as exc:
            raise ParlayError(str(exc)) from None
        try:
            return parlay(amount, list(odds))
        except ValueError as exc:
            raise ParlayError(str(exc)) from None

    p = run(compute)
    if json:
        print_json({"stake": str(p.stake), "decimal_odds": round(float(p.decimal_odds), 6), "american": p.american,
                    "returned": str(p.returned), "profit": str(p.profit), "probability": round(float(p.probability), 6)})
        return
    c = console()
    legs = " × ".join(f"{float(x):.4f}" for x in p.legs)
    c.print(f"{len(p.legs)} legs: {legs} = {float(p.decimal_odds):.4f} (American {p.american})")
    c.print(f"Stake {dollars(p.stake)} returns {dollars(p.returned)}: profit {dollars(p.profit)}. "
            f"Fair chance {float(p.probability):.2%}.")


def export(
    slug: Annotated[str | None, typer.Argument(help="Card to export; leave out with --blank.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="File to write: .xlsx or .json [default: output/SLUG-vN.xlsx].")] = None,
    blank: Annotated[bool, typer.Option("--blank", help="Write a blank lines template to fill in instead.")] = False,
) -> None:
    """Export a card to xlsx or JSON, or write a blank lines template.

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
