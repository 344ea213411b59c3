"""Serials, verify codes and the QR payload: what makes a printed card genuine and checkable.

A verify code is an HMAC-SHA256 of (pool secret, card slug, version, serial), shortened to six
characters from an alphabet with no look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). The pool secret is
made with the database and never printed, so a code cannot be forged from the card alone.
"""

from __future__ import annotations

import hashlib
import hmac
import re

ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"  # 25 symbols, none confusable with another
CODE_LENGTH = 6
QR_PREFIX = "PC1"


def format_serial(serial: int) -> str:
    return f"{serial:06d}"


def unrecorded_text(serial: int, runs: tuple[tuple[int, int], ...]) -> str | None:
    """Why a card whose serial was handed out by a print the pool's database no longer holds (an older
    copy of the pool, a backup, was put back over it since: `runs` of serials, first..last) cannot be read
    or entered: said plainly, not as a serial never printed. None when `serial` is in none of the runs."""
    since = next((r for r in runs if r[0] <= serial <= r[1]), None)
    if since is None:
        return None
    return (
        f"serial {format_serial(serial)} was printed after the backup this pool was restored from: its "
        f"print (serials {format_serial(since[0])}–{format_serial(since[1])}) is not in the pool's database, "
        "so the card cannot be checked or entered here. Keep it apart and settle it by hand; no print "
        "hands its serial out again"
    )


def parse_serial(text: str | int) -> int | None:
    """`000123`, `123`, `No. 000123`, `#123` → 123; None when it is not a serial."""
    if isinstance(text, int):
        return text if text > 0 else None
    m = re.fullmatch(
        r"\s*(?:no\.?|#|card\s*#?)?\s*0*([0-9]{1,9})(?:\.0+)?\s*", str(text), flags=re.I | re.ASCII
    )
    return int(m.group(1)) if m and int(m.group(1)) > 0 else None


def verify_code(secret: bytes, slug: str, version: int, serial: int) -> str:
    mac = hmac.new(secret, f"{slug}|{version}|{serial}".encode(), hashlib.sha256).digest()
    n = int.from_bytes(mac[:8], "big")
    out = []
    for _ in range(CODE_LENGTH):
        n, r = divmod(n, len(ALPHABET))
        out.append(ALPHABET[r])
    return "".join(out)


def normalise_code(text: str) -> str:
    return re.sub(r"[\s-]", "", str(text)).upper()


def check_code(secret: bytes, slug: str, version: int, serial: int, code: str) -> bool:
    """True when `code` is this card's verify code (case and spaces ignored). Any other text, letters
    outside A–Z included ("É", "é"), simply does not match: compared as bytes, never as text."""
    given = normalise_code(code).encode("utf-8", "surrogatepass")
    return hmac.compare_digest(given, verify_code(secret, slug, version, serial).encode())


def qr_payload(slug: str, version: int, serial: int, code: str) -> str:
    """Short and upper-case-friendly: `PC1|nfl-w12|3|000123|K7F2Q9`."""
    return f"{QR_PREFIX}|{slug}|{version}|{format_serial(serial)}|{code}"


_QR = re.compile(
    r"PC1\|([A-Za-z0-9][A-Za-z0-9._-]{0,63})\|0*([0-9]{1,10})\|0*([0-9]{1,9})\|([A-Za-z0-9 -]{1,16})",
    re.ASCII,
)


def parse_qr_payload(text: str) -> tuple[str, int, int, str] | None:
    """(slug, version, serial, code) of our QR text, or None: ASCII digits only (`²` is no digit
    here), a version and serial within what the database stores, a slug and code of their shape."""
    m = _QR.fullmatch(str(text).strip())
    if m is None:
        return None
    slug, version, serial, code = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
    if not 1 <= version <= 2**31 - 1 or serial < 1:
        return None
    return slug, version, serial, code


LINK_PATH = "/c/"


def qr_link(site: str, serial: int, code: str) -> str:
    """A card's QR as a link a phone's camera opens, when the pool has a web address (`pool set --site`):
    `https://pool.example.org/c/000123-K7F2Q9`; `serve` sends it on to the card's own page."""
    return f"{site}{LINK_PATH}{format_serial(serial)}-{code}"


_LINK = re.compile(r"https?://[!-~]{1,200}?/c/0*([0-9]{1,9})-([A-Za-z0-9]{1,16})", re.ASCII)


def parse_qr_link(text: str) -> tuple[int, str] | None:
    """(serial, code) of a card's link QR (`qr_link`), or None."""
    m = _LINK.fullmatch(str(text).strip())
    if m is None or int(m.group(1)) < 1:
        return None
    return int(m.group(1)), m.group(2)
