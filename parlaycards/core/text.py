"""Text as people mean it: names normalised (NFKC) and rid of characters nobody sees (zero-width, bidi
controls, control codes), before any name is compared or stored; and text made safe for a terminal."""

from __future__ import annotations

import re
import unicodedata

_WHITESPACE = re.compile(r"\s+")
# C0 and C1 control codes (ESC included) but tab, newline and carriage return, which are spacing
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _invisible(ch: str) -> bool:
    """Characters that change nothing on screen but make two names differ: format (zero-width
    spaces and joiners, bidi marks and overrides, the byte-order mark), control, private use,
    surrogates and unassigned code points."""
    return unicodedata.category(ch) in {"Cf", "Cc", "Co", "Cs", "Cn"} and ch not in "\t\n\r"


def strip_invisible(text: str) -> str:
    """`text` without the characters nobody sees (see `_invisible`); nothing else changes."""
    if text.isascii():
        return _CONTROL.sub("", text)
    return "".join(ch for ch in text if not _invisible(ch))


def clean_name(text: str) -> str:
    """A name as it is compared and stored: NFKC (full-width and compatibility forms folded), invisible
    characters removed, runs of spacing one space, ends trimmed. "Pitts\\u200bburgh" → "Pittsburgh"."""
    folded = unicodedata.normalize("NFKC", str(text))
    return _WHITESPACE.sub(" ", strip_invisible(folded)).strip()


def for_terminal(text: str) -> str:
    """Text safe to print: control codes (escape sequences that move the cursor or erase a line) and
    bidi overrides removed; newlines and tabs kept."""
    return strip_invisible(text)


def folded(text: str) -> str:
    """`text` with case and accents aside, for comparing names: "José" and "JOSE" are both "jose"."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()
