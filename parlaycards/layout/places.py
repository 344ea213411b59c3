"""Where the parts around a card's games go (the QR, the payout table, the rules, the entry lines, a
stacked band and note), as the arrangements of `layout.middle` and `layout.panels` place them, and
the QR code's version, which sets its size."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import ParlayError
from ..core.models import Card
from . import band as band_parts
from . import parts
from .geometry import Rect

GAP = 5.0
PAY_SIZES = (8.0, 7.5, 7.0, 6.5, 6.0)
MAX_SERIAL_DIGITS = 7


@dataclass(frozen=True)
class QrAt:
    """Where the QR goes: its left edge and top, and its version (which sets its size)."""

    x: float
    top: float
    version: int


@dataclass(frozen=True)
class PayoutsAt:
    """Where the payout table goes: left edge, top, type size, width and columns."""

    x: float
    top: float
    size: float
    width: float
    columns: int = 1


@dataclass(frozen=True)
class RulesAt:
    """Where the rules paragraph goes: left edge, top, width, and the paragraph wrapped to it."""

    x: float
    top: float
    width: float
    text: parts.RulesText


@dataclass(frozen=True)
class EntryAt:
    """Where the name/phone/amount lines and stake bubbles go: left edge, bottom, width, lines.

    `compact`: the small cards' two lines without a phone line.
    """

    x: float
    y: float
    width: float
    rows: int
    compact: bool = False
    column: bool = False  # stacked in a panel: NAME, PHONE, AMOUNT $ on a line each over the stake bubbles


@dataclass(frozen=True)
class BandAt:
    """A header band stacked in a panel (tall cards), by its top-left corner; None in Around: across the top."""

    x: float
    top: float
    band: band_parts.NarrowBand


@dataclass(frozen=True)
class NoteAt:
    """The disclaimer as a paragraph in a panel (tall cards); None in Around: between the bottom corner marks."""

    x: float
    top: float
    width: float
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Around:
    """Everything placed around the games for one arrangement; `tight` rows keep 1 pt between bubbles."""

    games: Rect
    qr: QrAt
    payouts: PayoutsAt
    rules: RulesAt
    entry: EntryAt
    tight: bool = False
    band: BandAt | None = None
    note: NoteAt | None = None


def qr_version(card: Card) -> int:
    """The QR version that holds this card's payload at level Q for any serial up to 7 digits."""
    from ..core.verify import CODE_LENGTH, qr_payload

    n = len(qr_payload(card.slug, card.version, 10 ** (MAX_SERIAL_DIGITS - 1), "X" * CODE_LENGTH).encode())
    for v, cap in enumerate(_CAPS["Q"], 1):
        if n <= cap:
            return v
    raise ParlayError(f'the card name "{card.slug}" is too long for the QR code; use a shorter slug.')


# Bytes a QR code holds in byte mode, by version (1–15), at each error-correction level.
_CAPS = {
    "Q": (11, 20, 32, 46, 60, 74, 86, 108, 130, 151, 177, 203, 241, 258, 292),
    "M": (14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412),
    "L": (17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520),
}


def link_level(card: Card, site: str) -> str | None:
    """The error-correction level at which the card's link QR (`core.verify.qr_link`) fits the QR printed
    for the card's details (the same version, so the same box: nothing else on the card moves): Q as
    ever when it fits, else M (15 % of the code may be lost instead of 25 %; a smudged one is still found
    by its printed serial); None when the address is too long for that (never L: 7 % is too little for a
    card handled with pens)."""
    from ..core.verify import CODE_LENGTH, qr_link

    n = len(qr_link(site, 10 ** (MAX_SERIAL_DIGITS - 1), "X" * CODE_LENGTH).encode())
    v = qr_version(card)
    return next((level for level in ("Q", "M") if n <= _CAPS[level][v - 1]), None)
