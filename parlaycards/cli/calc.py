"""`calc`: the parlay calculator (a parlay, a teaser, a round robin)."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..core import money
from . import values
from .options import Json
from .shell import console, print_json, run

if TYPE_CHECKING:
    from ..core.odds import Parlay
    from ..core.robin import RoundRobin as Robin

Stake = Annotated[str, typer.Argument(help="Amount staked (on each parlay of a round robin), e.g. 100.")]
Odds = Annotated[list[str], typer.Argument(help="Each leg's price: -110, +150, 2.5, 5/1.")]
Teaser = Annotated[
    str | None,
    typer.Option(
        help="Price a teaser by its usual table instead: 6, 6½, 7, 10, 14 (football), 4, 4½, 5 "
        "(basketball); the legs' prices only count the teams."
    ),
]
RoundRobin = Annotated[
    int | None,
    typer.Option(
        "--round-robin",
        min=2,
        max=10,
        help="Every parlay of this many legs from the selections, each staked STAKE.",
    ),
]


def calc(
    stake: Stake,
    odds: Odds,
    teaser: Teaser = None,
    round_robin: RoundRobin = None,
    json: Json = False,
) -> None:
    """The parlay calculator: what a parlay of these prices returns (or a teaser, or a round robin).

    Example: parlaycards calc 100 -110 -110 +150   (or: calc 100 -110 -110 --teaser 6; calc 10 -110 +150 -120 --round-robin 2)
    """

    from decimal import Decimal

    from ..core.errors import ParlayError
    from ..core.odds import Parlay, parlay

    def compute() -> "Parlay | Robin":
        try:
            amount = money.parse(stake, "stake", accepted="Accepted: 100, 25.50, $10.")
        except ValueError as exc:
            raise ParlayError(str(exc)) from None
        points = None
        if teaser is not None:
            points = values.number(
                teaser.replace("½", ".5"),
                "teaser",
                "Accepted: 6, 6½, 7, 10, 14 (football); 4, 4½, 5 (basketball).",
                Decimal("0.5"),
                Decimal(20),
            )
        try:
            if round_robin is not None:
                from ..core.robin import round_robin as robin

                return robin(amount, list(odds), round_robin, points)
            if points is not None:
                from ..core.robin import teaser as one_teaser

                return one_teaser(amount, list(odds), points)
            return parlay(amount, list(odds))
        except ValueError as exc:
            raise ParlayError(str(exc)) from None

    from ..report.odds import parlay_json, parlay_lines, robin_json, robin_lines

    p = run(compute)
    if json:
        print_json(parlay_json(p) if isinstance(p, Parlay) else robin_json(p))
        return
    c = console()
    for line in parlay_lines(p) if isinstance(p, Parlay) else robin_lines(p):
        c.print(line)
