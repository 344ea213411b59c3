"""A link as a QR code drawn in SVG (for the operator's phone to open by pointing its camera at the screen),
from the encoder that prints the cards' codes."""

from __future__ import annotations

from ..core.errors import ParlayError

# bytes a symbol holds in byte mode at level M, by version
CAPACITY_M = {3: 42, 4: 62, 5: 84, 6: 106, 7: 122, 8: 152, 9: 180, 10: 213}
QUIET = 4  # modules of white around the symbol


def qr_svg(text: str, size: int = 220) -> str:
    """An SVG element showing `text` as a QR code, `size` px square; dark modules as one path."""
    from ..render.qr import modules

    data = text.encode()
    version = next((v for v, cap in sorted(CAPACITY_M.items()) if len(data) <= cap), None)
    if version is None:
        raise ParlayError(f"the link is too long for a QR code ({len(data)} bytes).")
    rows = modules(text, version, "M")
    n = len(rows) + 2 * QUIET
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" width="{size}" height="{size}" '
        f'role="img" aria-label="QR code of the link" shape-rendering="crispEdges">'
        f'<rect width="{n}" height="{n}" fill="#fff"/><path fill="#000" d="{"".join(runs)}"/></svg>'
    )
