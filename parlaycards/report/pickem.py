"""Pick'em report rows, built once: the terminal, xlsx and JSON only format them (public shapes: keep stable)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from ..core.lines import format_spread
from ..core.models import Game, Result, Side
from ..core.pickem import PickemEntry, PickemPool
from ..core.pickem_week import PickLine, Standing, WeekReport, ordinal
from ..core.season import SeasonReport
from ..core.text import dollars, plain
from .results import final_text

OUTCOME_MARK = {"win": "W", "loss": "L", "push": "P", "void": "void", "pending": "", "missing": "—"}


def points(d: Decimal) -> str:
    """A score as people write it: 7, 7.5."""
    return str(int(d)) if d == d.to_integral_value() else format(d.normalize(), "f")


def game_heading(game: Game) -> str:
    """`101/102 Georgia Tech at Georgia`: the numbers and the names as printed on the card."""
    return f"{game.numbers.away}/{game.numbers.home} {game.label()}"


def pool_line(pool: PickemPool) -> str:
    basis = "against the spread" if pool.basis == "ats" else "straight-up"
    rule = "closest without going over" if pool.tiebreak_rule == "closest-without-going-over" else "closest"
    prizes = ", ".join(str(p) for p in pool.prizes)
    fee = f"entry {dollars(pool.fee)}; prizes {prizes}" if pool.fee else f"prizes {prizes}"
    season = f"; season {pool.season}" if pool.season else ""
    return (
        f"{pool.card} v{pool.version}, {basis}; push {points(pool.push_points)}; tiebreaker {rule}; "
        f"{fee}{season}"
    )


def result_text(game: Game, result: Result | None) -> str:
    """A pick'em game's result: `Chicago 20, Detroit 23`, `no result`, `cancelled`."""
    return final_text(game, result, "no result", "cancelled")


def place_text(s: Standing) -> str:
    return f"T-{ordinal(s.place)}" if s.tied > 1 else ordinal(s.place)


def standing_rows(report: WeekReport) -> list[dict[str, Any]]:
    """One row per entrant, best first: the Standings table everywhere."""
    return [
        {
            "place": s.place,
            "place_text": place_text(s),
            "tied": s.tied,
            "name": s.name,
            "score": points(s.score),
            "wins": s.wins,
            "pushes": s.pushes,
            "losses": s.losses,
            "missing": s.missing,
            "void": s.void,
            "pending": s.pending,
            "tiebreak": s.tiebreak,
            "distance": s.distance,
            "over": s.over,
            "prize": plain(s.prize),
            "paid": s.paid,
        }
        for s in report.standings
    ]


def pick_cells(report: WeekReport, s: Standing) -> list[tuple[str, str]]:
    """(text, outcome) per game for one entrant: `102 Texans`, `win`."""
    games = {g.key: g for g in report.games}
    out = []
    for p in s.picks:
        g = games[p.game]
        if p.side is None:
            out.append(("—", "missing"))
            continue
        number = g.numbers.away if p.side is Side.AWAY else g.numbers.home
        team = g.away if p.side is Side.AWAY else g.home
        out.append((f"{number} {team}", p.outcome))
    return out


def week_json(report: WeekReport) -> dict[str, Any]:
    """`pickem grade --json`."""
    pool = report.pool
    results = {r.game: r for r in report.results}
    games = {g.key: g for g in report.games}
    return {
        "pool": pool.slug,
        "card": pool.card,
        "version": pool.version,
        "season": pool.season,
        "basis": pool.basis,
        "push_points": points(pool.push_points),
        "final": report.final,
        "games": [_week_game(g, results.get(g.key)) for g in report.games],
        "tiebreak": {
            "game": report.tiebreak_game.key,
            "label": report.tiebreak_game.label(),
            "rule": pool.tiebreak_rule,
            "actual_total": report.tiebreak_total,
        },
        "pot": plain(report.pot),
        "fee": plain(pool.fee),
        "place_prizes": [plain(p) for p in report.place_prizes],
        "paid_out": plain(report.paid_out),
        "standings": [
            {**row, "picks": [_week_pick(p, games) for p in s.picks]}
            for row, s in zip(standing_rows(report), report.standings, strict=True)
        ],
        "notes": list(report.notes),
    }


def _week_game(g: Game, r: Result | None) -> dict[str, Any]:
    return {
        "key": g.key,
        "away": g.away,
        "home": g.home,
        "away_number": g.numbers.away,
        "home_number": g.numbers.home,
        "home_spread": format_spread(g.spread),
        "away_score": r.away_score if r is not None else None,
        "home_score": r.home_score if r is not None else None,
        "cancelled": bool(r is not None and r.cancelled),
    }


def _week_pick(p: PickLine, games: Mapping[int, Game]) -> dict[str, Any]:
    number = None
    if p.side is not None:
        number = games[p.game].numbers.away if p.side is Side.AWAY else games[p.game].numbers.home
    return {
        "game": p.game,
        "number": number,
        "side": p.side.value if p.side else None,
        "outcome": p.outcome,
        "points": points(p.points),
    }


def entry_rows(
    entries: list[PickemEntry] | tuple[PickemEntry, ...], games: tuple[Game, ...]
) -> list[dict[str, Any]]:
    """`pickem entries`: one row per entrant with the picked numbers in game order."""
    out = []
    for e in entries:
        numbers = []
        for g in games:
            side = e.side_for(g.key)
            if side is not None:
                numbers.append(g.numbers.away if side is Side.AWAY else g.numbers.home)
        out.append(
            {
                "name": e.name,
                "picks": numbers,
                "missing": len(games) - len(numbers),
                "tiebreak": e.tiebreak,
                "paid": e.paid,
                "received_at": e.received_at.isoformat() if e.received_at else None,
            }
        )
    return out


def season_json(report: SeasonReport) -> dict[str, Any]:
    """`pickem standings --json`."""
    return {
        "season": report.season,
        "pools": list(report.pools),
        "standings": [
            {
                "place": r.place,
                "tied": r.tied,
                "name": r.name,
                "total": points(r.total),
                "weeks": {
                    p: (points(w) if w is not None else None)
                    for p, w in zip(report.pools, r.weeks, strict=True)
                },
                "played": r.played,
                "weekly_wins": r.weekly_wins,
                "winnings": plain(r.winnings),
            }
            for r in report.rows
        ],
        "notes": list(report.notes),
    }


def payment_notes(report: WeekReport, prizes_paid: dict[str, Decimal]) -> list[str]:
    """What went out against what is won now, for every entrant whose prize moved after it was paid (a
    corrected score): `Ann was paid $21.00 but now wins $9.00: overpaid $12.00.`"""
    from ..core.pickem import name_key

    won = {name_key(s.name): s for s in report.standings}
    out = []
    for key, given in sorted(prizes_paid.items()):
        s = won.get(key)
        prize = s.prize if s is not None else Decimal(0)
        if given > prize:
            name = s.name if s is not None else key
            out.append(
                f"{name} was paid {dollars(given)} but now wins {dollars(prize)}: overpaid "
                f"{dollars(given - prize)}."
            )
        elif report.final and 0 < given < prize:
            assert s is not None
            out.append(
                f"{s.name} was paid {dollars(given)} of {dollars(prize)}: {dollars(prize - given)} still owed."
            )
    return out


def fees_note(report: WeekReport) -> str | None:
    """The week's pot as advertised against the fees taken, when some are still owed (`fees_text`)."""
    if report.collected is None:
        return None
    return fees_text(report.pot, report.collected, [s.name for s in report.standings if not s.paid])


def fees_text(pot: Decimal, collected: Decimal, owing: Sequence[str]) -> str | None:
    """The pot as advertised against the fees taken, when some are still owed: `Fees collected $40.00 of
    the $60.00 pot: $20.00 still owed (Bob, Cy). …`"""
    if collected >= pot:
        return None
    who = ", ".join(owing[:6]) + (f" and {len(owing) - 6} more" if len(owing) > 6 else "")
    return (
        f"Fees collected {dollars(collected)} of the {dollars(pot)} pot: "
        f"{dollars(pot - collected)} still owed ({who}). The prizes are of the pot as advertised."
    )
