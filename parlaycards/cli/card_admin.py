"""A card as a whole: export it, make a new one, delete, archive, unarchive or revert it."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer

from ..core.bounds import MAX_INT
from ..core.choices import Ties
from . import values
from .card_show import print_card, say_edited
from .options import CardTitle, Record, Slug, spread
from .shell import err, open_store, run

if TYPE_CHECKING:
    from decimal import Decimal

    from ..core.models import Card
    from ..services.cards import Saved


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


class NewCard(Record):
    """What `card new` makes: a teaser card from another card's games (`source`), or an empty card."""

    source: Annotated[
        str | None, typer.Option("--from", help="The card whose games a teaser card is made from.")
    ] = None
    teaser: Annotated[
        str | None,
        typer.Option(
            help="Teaser points: 6, 6½ or 7 (football; 10 and 14 are the special teasers), 4, 4½ or 5 "
            "(basketball). Every side and total moves this many points toward the player."
        ),
    ] = None
    ties: Annotated[
        str | None,
        typer.Option(help="Ties rule: lose, win or reduce [default: win; lose on a special teaser]."),
    ] = None
    title: CardTitle = None
    tz: Annotated[str | None, typer.Option(help="Time zone the card shows times in.")] = None


@card_app.command("new")
@spread
def card_new(
    slug: Annotated[str, typer.Argument(help="The new card's slug, e.g. teaser-w12.")], asked: NewCard
) -> None:
    """Make a new card: a teaser card from another card's games, or an empty card to add games to.

    A teaser card prints the teased lines (Bears +3 on a 6-point teaser prints +9; total 44 prints
    o38 u50) and has its own payout table by number of teams (the usual one for its points; change
    it with `payout set`). An empty card takes games with `game add` (a local game with --pick, golf
    or NASCAR matchups with --matchup).

    Example: parlaycards card new teaser-w12 --from nfl-w12 --teaser 6 --ties win   (or: card new golf-r4 --title "Golf Round 4")
    """
    from ..services import new_cards as svc

    def make() -> "Saved":
        ties = asked.ties  # one of the Ties words, checked
        rule = cast("Ties", values.choice(ties, Ties, "ties", "a ties rule")) if ties is not None else None
        teaser = _teaser_points(asked.teaser)
        store = open_store(create=asked.source is None)
        return svc.new_card(
            store, slug, source=asked.source, teaser=teaser, ties=rule, title=asked.title, tz=asked.tz
        )

    _say_made(run(make).card)


def _teaser_points(teaser: str | None) -> "Decimal | None":
    """A teaser's points as typed (6, 6½, 6 1/2, 6.5), checked; None for no teaser."""
    from decimal import Decimal

    if teaser is None:
        return None
    return values.number(
        teaser.replace("½", ".5").replace(" 1/2", ".5"),
        "teaser",
        "Accepted: 6, 6½, 7, 10, 14 (football); 4, 4½, 5 (basketball).",
        Decimal("0.5"),
        Decimal(20),
    )


def _say_made(card: "Card") -> None:
    """What `card new` made: a teaser card printed with its teased lines, or an empty card."""
    if card.teaser is not None:
        err(
            f'Made {card.slug} version {card.version} ("{card.title}"): {len(card.games)} games teased '
            f"{card.teaser.normalize():f} points, ties {card.rules.ties}, {card.rules.min_picks} to "
            f"{card.rules.max_picks} teams."
        )
        from ..core.teasers import basketball_note

        note = basketball_note(card)
        if note:
            err(note)
        print_card(card, ())
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
    from ..core.text import plural
    from ..services import versions as svc

    done = run(lambda: svc.delete_card(open_store(), slug))
    err(
        f'Deleted card {done.slug} ("{done.title}"): {plural(done.versions, "version")}'
        + (f", {plural(done.results, 'result')}" if done.results else "")
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

    say_edited(run(lambda: svc.revert_card(open_store(), slug, to)))
