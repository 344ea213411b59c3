"""What the PDFs can print: their font (Helvetica, Western European letters) holds the characters of
Windows-1252, accents and curly quotes among them; anything else (an emoji, another alphabet) would print
as a box. Text bound for a PDF (a card's words, a player's name, a void's reason) is checked where it is
typed or imported, the same way for every PDF."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import ParlayError, option

if TYPE_CHECKING:
    from .models import Card

ACCEPTED = "Write it in Latin letters (accents are fine)"

# How long a text may be to print: longer ones are refused where they are typed or imported, never stored
MAX_NAME = 80  # a player's name, on a parlay card's entry or a pick'em sheet (a report's column)
MAX_TEAM = 40  # a team's or competitor's name: prints in a game's row on every template (a longer one
# forces short names, which may mislead: "… of the Ohio" printed as Ohio)
MAX_DISCLAIMER = 250  # the disclaimer: two lines of small print on every two-up template


def shown(text: str, most: int = MAX_TEAM) -> str:
    """`text` as a message quotes it: cut to its first 24 characters and "…" when longer than `most`."""
    return text if len(text) <= most else text[:24] + "…"


def too_long_note(what: str, text: str, most: int) -> str | None:
    """Why `text` (`the name`, `the disclaimer`) is too long to print, or None when it fits."""
    if len(text) <= most:
        return None
    return f'{what} "{shown(text, most)}" has {len(text):,} characters; give one of up to {most}'


def unprintable(text: str) -> str:
    """The characters of `text` the PDFs cannot print, each once, in order ("" when none)."""
    return "".join(dict.fromkeys(ch for ch in text if not _printable(ch)))


def _printable(ch: str) -> bool:
    try:
        ch.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def unprintable_note(what: str, text: str) -> str | None:
    """Why `text` (`the name`, `the reason`) cannot be printed, or None when it can."""
    bad = unprintable(text)
    if not bad:
        return None
    return (
        f'{what} "{text}" has {" ".join(bad)}, which the printed sheets cannot show (it would print as a '
        f"box). {ACCEPTED}"
    )


def texts(value: object, where: str = "") -> list[tuple[str, str]]:
    """Every text in a record's fields (a card's `model_dump()`), with where it is (`games 3 home`)."""
    if isinstance(value, str):
        return [(where.strip(), value)]
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in texts(v, f"{where} {k}")]
    if isinstance(value, list | tuple):
        return [t for i, v in enumerate(value, start=1) for t in texts(v, f"{where} {i}")]
    return []


def unprintable_fields(card: Card) -> list[str]:
    """Each text of `card` the PDFs cannot print, with where it is: `games 3 home 'Tokyo 🍣'` (its version's
    note, never printed, aside)."""
    return [
        f"{where} {text!r}" for where, text in texts(card.model_dump(exclude={"note"})) if unprintable(text)
    ]


def too_long_fields(card: Card) -> list[str]:
    """Each team's name and the disclaimer of `card` too long to print, said as `too_long_note` says it.
    Checked where a card is typed, imported or fetched, not in the record itself: a card stored before
    these lengths were held still loads, prints as it did, and names its long text at its next edit."""
    said = [too_long_note("the disclaimer", card.disclaimer, MAX_DISCLAIMER)]
    for g in card.games:
        said += [
            too_long_note(f"the {side} team's name", getattr(g, side), MAX_TEAM) for side in ("away", "home")
        ]
    return [s for s in said if s]


def refuse_unprintable_card(card: Card, was: Card | None = None) -> None:
    """Refuse a card holding text the cards and the results sheet cannot print: characters their font has
    not, or a team's name or a disclaimer longer than a card prints. With `was` (the version an edit
    starts from), only a long text the edit brings is refused: a card stored with one before these lengths
    were held takes its other edits."""
    long = [x for x in too_long_fields(card) if was is None or x not in too_long_fields(was)]
    if long:
        raise ParlayError(
            f"card {card.slug}: {'; '.join(long[:5])}{' …' if len(long) > 5 else ''}, the most a card "
            "prints; nothing was changed. Shorten a team's name with `game set`, the disclaimer with `rules set "
            f"{option('disclaimer')}`."
        )
    bad = unprintable_fields(card)
    if bad:
        raise ParlayError(
            f"card {card.slug} would hold text the printed cards and sheets cannot show (their font holds "
            f"Western European letters; anything else prints as a box): {'; '.join(bad[:5])}"
            f"{' …' if len(bad) > 5 else ''}. {ACCEPTED}: {option('title')} for the title, `game set` for a "
            "team; nothing was changed."
        )
