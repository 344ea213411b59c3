"""What the card commands say: a card shown (games, payouts, rules), an edit or import saved, the
lines printed cards still carry."""

from .shell import console, err


def say_saved(saved, what: str) -> None:  # noqa: ANN001
    card = saved.card
    err(f"{card.slug} version {card.version}: {what}.")
    older = [v for v in saved.printed_versions if v < card.version]
    if older:
        err(
            f"Cards already printed from version {', '.join(map(str, older))} keep their lines; "
            f"print again to put version {card.version} on paper."
        )


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


def print_card(card, printed) -> None:  # noqa: ANN001
    from ..core.views import rules_text

    print_games(card)
    c = console()
    basis = "TO 1" if card.payouts.basis == "to" else "FOR 1"
    tiers = " · ".join(f"{t.hits}/{t.picks} {t.odds}" for t in card.payouts.sorted().tiers)
    c.print(f"Payouts ({basis}): {tiers}")
    for line in rules_text(card):
        c.print("  " + line)
    c.print(f"Printed versions: {', '.join(map(str, printed)) or 'none yet'}")


def say_edited(edited) -> None:  # noqa: ANN001
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


def print_other_lines(saved) -> None:  # noqa: ANN001 - services.cards.Saved
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
