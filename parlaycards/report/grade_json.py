"""`grade --json`: the public shape, and its text with one entry per line (the standard encoder at C speed,
for 100,000 entries)."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ..core.printed import lines_json
from ..core.text import plain
from .grade import EntryRow, GameRow, Report
from .table import named

if TYPE_CHECKING:
    from ..store.voids import Voided


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


def grade_json(report: Report) -> dict[str, Any]:
    """`grade --json`: the public shape (fields are only ever added: `version`, a leg's `selection` as printed
    on the entry's card version, `games` with the lines each printed version carried, `void` when an entry
    was voided, and `"capped": true` on an entry whose payout its card's maximum payout cut — left out of
    every other entry, so an entry's shape is as it was)."""
    out: dict[str, Any] = {
        "card": report.slug,
        "entries": _entries(report),
        "totals": {
            "stakes": plain(report.totals.stakes),
            "payouts": plain(report.totals.payouts),
            "net": plain(report.totals.net),
        },
        "games": [_game(g) for g in report.games],
    }
    if report.voided:  # only when some entry was voided: the shape above stays as it was
        out["void"] = [_void(v) for v in report.voided]
    return out


def _entries(report: Report) -> list[dict[str, Any]]:
    """Every entry with its legs; the legs of one outcome table and version, and each amount's text, are
    made once (100,000 entries share a few of each)."""
    legs: dict[tuple[int, int], dict[int, dict[str, Any]]] = {}  # per outcome table and version: number → leg
    amounts: dict[Decimal, str] = {}

    def text(d: Decimal) -> str:
        if d not in amounts:
            amounts[d] = plain(d)
        return amounts[d]

    def leg_list(r: EntryRow) -> list[dict[str, Any]]:
        table = legs.get((id(r.outcomes), r.version))
        if table is None:
            table = legs[(id(r.outcomes), r.version)] = {
                n: {"number": n, "outcome": o.value, "selection": report.label(r.version, n)}
                for n, o in r.outcomes.items()
            }
        return list(map(table.__getitem__, r.picks))

    def entry(r: EntryRow) -> dict[str, Any]:
        out = {
            "serial": r.serial,
            "name": r.name,
            "stake": text(r.stake),
            "outcome": r.outcome.value,
            "picks": list(r.picks),
            "effective_picks": r.effective_picks,
            "hits": r.hits,
            "payout": text(r.payout),
            "legs": leg_list(r),
            "version": r.version,
        }
        if r.capped:  # added only where it is so: every other entry's shape stays as it was
            out["capped"] = True
        return out

    return list(map(entry, report.rows))


def _game(g: GameRow) -> dict[str, Any]:
    return {
        "game": g.key,
        **named(g, "away", "home"),
        "numbers": list(g.numbers),
        **named(g, "status", "away_score", "home_score", "off"),
        "lines": lines_json(g.lines),
    }


def _void(v: Voided) -> dict[str, Any]:
    return {
        "serial": v.entry.serial,
        "name": v.entry.name,
        "stake": plain(v.entry.stake),
        "picks": list(v.entry.picks),
        "reason": v.reason,
        "voided_at": v.at.isoformat(),
    }
