"""Feed commands: `lines fetch` (a card from a public feed) and `result fetch` (finals from one)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core.text import plural
from .options import Fresh, Record, Slug, YesOpt, group, spread
from .shell import err, new_pool_path, open_store, run, say_new_pool, state

if TYPE_CHECKING:
    from ..services.feeds import FeedSource, FeedWeek
    from ..store import Store

lines_app = group(
    "The week's lines from a public feed, instead of typing them into a sheet.",
    "parlaycards lines fetch nfl --week 12 --card nfl-w12",
)


class Fetching(Record):
    """Where `lines fetch` and `result fetch` ask (a provider, its key, or a saved response), and whether
    they store what they find."""

    provider: Annotated[
        str | None,
        typer.Option(
            "--provider",
            help="espn (no key) or odds-api (a key) [default: espn; with --from-file, the file says].",
        ),
    ] = None
    api_key: Annotated[
        str | None,
        typer.Option(
            "--api-key",
            envvar="PARLAYCARDS_ODDS_API_KEY",
            show_envvar=False,
            help="The Odds API key (or set PARLAYCARDS_ODDS_API_KEY).",
        ),
    ] = None
    from_file: Annotated[
        Path | None,
        typer.Option(
            "--from-file",
            exists=True,
            dir_okay=False,
            help="Read a saved response (kept from an earlier fetch, or saved from a browser) instead of the network.",
        ),
    ] = None
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would be stored; store nothing.")] = (
        False
    )

    def source(self) -> "FeedSource":
        from ..services.feeds import FeedSource

        return FeedSource(self.provider, self.api_key, self.from_file)


NETWORK = (
    "Feeds are asked at https://site.api.espn.com/apis/site/v2/sports (PARLAYCARDS_ESPN_URL) and "
    "https://api.the-odds-api.com/v4 (PARLAYCARDS_ODDS_API_URL), waiting up to 15 seconds "
    "(PARLAYCARDS_FEED_TIMEOUT) and trying once more. The response is kept beside the database "
    "(pool.db → pool-feeds/) so a dispute can be settled by what the feed said."
)


def register(app: typer.Typer) -> None:
    from .pool import result_app

    app.add_typer(lines_app, name="lines")
    result_app.command("fetch")(result_fetch)


class FeedAsked(Record):
    """The games `lines fetch` asks a feed for."""

    league: Annotated[
        str, typer.Argument(help="nfl, ncaaf (college, FBS), nba, ncaab (men's college), wnba, mlb or nhl.")
    ]
    week: Annotated[int | None, typer.Option(min=1, max=25, help="Regular-season week (football).")] = None
    date: Annotated[
        str | None,
        typer.Option(help="One day's games, YYYY-MM-DD (college Saturdays, every other sport)."),
    ] = None
    season: Annotated[
        int | None,
        typer.Option(min=1900, max=2200, help="Season year with --week [default: the current season]."),
    ] = None
    top: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=25,
            help="Only games with a team ranked this high (college football and basketball, ESPN).",
        ),
    ] = None
    book: Annotated[
        str | None,
        typer.Option(
            help="One bookmaker's lines (odds-api), e.g. draftkings [default: the median line across bookmakers]."
        ),
    ] = None
    tz: Annotated[str, typer.Option(help="Time zone the card shows kickoffs in.")] = "America/New_York"

    def feed_week(self) -> "FeedWeek":
        from ..services.feeds import FeedWeek

        return FeedWeek(
            self.league,
            week=self.week,
            season=self.season,
            day=self.date,
            top=self.top,
            book=self.book,
            tz=self.tz,
        )


class Making(Record):
    """The card `lines fetch` makes, or gives a new version."""

    card: Annotated[str, typer.Option("--card", help="Card slug to make, or to give a new version.")]
    title: Annotated[
        str | None,
        typer.Option(help="Title printed on the card [default: league and week, or the card's own]."),
    ] = None
    new: Fresh = False
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help="Let the feed's lines undo hand edits made since the card's last import (they are listed).",
        ),
    ] = False


@lines_app.command("fetch")
@spread
def lines_fetch(asked: FeedAsked, fetching: Fetching, making: Making) -> None:
    """Make a card (or a new version of one) from a feed's schedule and lines, as `import` does.

    Half-point and whole lines, pick'em games and neutral sites are taken as the feed gives them,
    rounded to the half point; a game with no line yet, postponed or already started is left off and
    named. Team names are written as the alias table writes them. Fix anything by hand afterwards
    with `game set`, or export the card and import the sheet.

    {network}

    Baseball and hockey lines are the run and puck lines (±1½) where the feed gives them.

    Example: parlaycards lines fetch nfl --week 12 --card nfl-w12   (or: lines fetch nba --date 2026-12-01 --card nba-1201)
    """
    from ..services import feeds as svc
    from ..services.cards import Into

    dry_run = fetching.dry_run
    fresh_pool = None if dry_run else new_pool_path()
    into = Into(making.card, making.title, fresh=making.new, replace=making.replace, dry_run=dry_run)
    fetched = run(lambda: svc.fetch_lines(_store(dry_run), asked.feed_week(), fetching.source(), into))
    _say_fetched(fetched, asked.top)
    if not fetched.dry_run:
        say_new_pool(fresh_pool)


def _say_fetched(fetched: Any, top: int | None) -> None:  # services.feeds.Fetched
    """The games (a dry run) or the version stored, where the lines came from, what was left off."""
    from ..core.text import stamp
    from .card_show import print_games
    from .cards import say_imported

    taken = fetched.taken
    book_text = f", {taken.book}" if taken.book else ""
    undone = getattr(fetched.saved, "undone", ())
    if fetched.dry_run:
        print_games(fetched.saved.card)
        for undo in undone:
            err("Would undo a hand edit: " + undo)
        if undone:
            err("Storing these lines needs --replace (they undo the hand edits above).")
        err(
            f"Dry run: nothing was stored. {fetched.saved.card.slug} version {fetched.saved.card.version} would "
            f"hold {plural(len(fetched.saved.card.games), 'game')} from {taken.provider}{book_text}."
        )
    else:
        for undo in undone:
            err("Undid a hand edit: " + undo)
        say_imported(fetched.saved)
    kept = f"; read from {taken.kept}" if taken.from_file else f"; the response is kept at {taken.kept}"
    err(
        f"Lines from {taken.provider}{book_text}, taken {stamp(taken.taken_at)} UTC"
        + (kept if taken.kept else "")
        + "."
    )
    if fetched.outside_top:
        err(
            f"{plural(fetched.outside_top, 'game')} without a top-{top} team {'was' if fetched.outside_top == 1 else 'were'} not taken."
        )
    if fetched.left_off:
        err(f"Left off ({len(fetched.left_off)}):")
        for line in fetched.left_off:
            err(f"  {line}")
    if fetched.as_written:
        err(
            "Not in the team alias table, kept as the feed writes them: "
            + ", ".join(fetched.as_written)
            + "."
        )


def _store(dry_run: bool) -> "Store":
    """The pool; a dry run before the pool's first card looks at an empty pool in memory instead."""
    from ..store.db import database_url

    if (
        dry_run
        and (url := database_url(state.db)).startswith("sqlite:///")
        and not Path(url.removeprefix("sqlite:///")).exists()
    ):
        from ..store import Store

        return Store("sqlite://")
    return open_store(create=True)


lines_fetch.__doc__ = (lines_fetch.__doc__ or "").replace("{network}", NETWORK)


@spread
def result_fetch(
    slug: Slug,
    fetching: Fetching,
    replace: Annotated[
        bool,
        typer.Option("--replace", help="Take the feed's score where it differs from one already stored."),
    ] = False,
    yes: YesOpt = False,
) -> None:
    """Record the finals of the card's games from a feed.

    Only games the feed calls final (overtime included) are recorded; postponed and cancelled games
    are recorded as cancelled (no action), as `result import` does; games in progress are left alone
    and named. A final that differs from a score already entered is shown and needs --replace; one that
    changes what cards already paid won needs --yes too, as `result set` does.
    Then run `grade` as usual.

    {network}

    Example: parlaycards result fetch nfl-w12
    """
    from ..services import feed_results as svc
    from .pool_views import say_results

    source = fetching.source()
    fetched = run(
        lambda: svc.fetch_results(
            open_store(), slug, source, dry_run=fetching.dry_run, replace=replace, yes=yes
        )
    )
    rec = fetched.recorded
    sources = " and ".join(dict.fromkeys(t.provider for t in fetched.taken))
    if fetched.dry_run:
        from ..services.results import result_text

        err(
            f"Dry run: nothing was stored. From {sources}, {plural(len(rec.changes), 'result')} would be stored"
            + (f" ({rec.unchanged} already stored)" if rec.unchanged else "")
            + (":" if rec.changes else ".")
        )
        for c in rec.changes:
            err(
                f"  {c.game.label()}: {result_text(c.new, c.game)}"
                + (f" (was: {result_text(c.old, c.game)})" if c.old is not None else "")
            )
        for line in rec.not_over:
            err(f"  not over yet: {line}")
    else:
        say_results(slug, rec, sources)
    for line in fetched.missing:
        err(f"  not in the feed: {line}")
    for t in fetched.taken:
        if t.kept and not fetched.dry_run and not t.from_file:
            err(f"The {t.provider} response is kept at {t.kept}.")


result_fetch.__doc__ = (result_fetch.__doc__ or "").replace("{network}", NETWORK)
