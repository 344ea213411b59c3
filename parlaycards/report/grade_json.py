"""`grade --json` written as text: one entry per line (the standard encoder at C speed, for 100,000 entries)."""

from __future__ import annotations

import json
from typing import Any


def grade_json_text(data: dict[str, Any]) -> str:
    """`report.grade.grade_json`'s shape as JSON text, each entry and game on a line of its own."""
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    entries = ",".join("\n    " + dumps(e) for e in data["entries"])
    games = ",".join("\n    " + dumps(g) for g in data["games"])
    return (
        f'{{\n  "card": {dumps(data["card"])},\n  "entries": [{entries}'
        + ("\n  ]" if entries else "]")
        + f',\n  "totals": {dumps(data["totals"])}'
        + (f',\n  "void": {dumps(data["void"])}' if "void" in data else "")
        + f',\n  "games": [{games}'
        + ("\n  ]" if games else "]")
        + "\n}\n"
    )
