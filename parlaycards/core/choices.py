"""The closed sets of words a card's settings take: the models use them, and the command line offers them.

Plain `Literal`s with no import beyond the standard library, so the CLI can offer them without loading
the models.
"""

from __future__ import annotations

from typing import Literal, get_args

Ties = Literal["lose", "win", "reduce"]
BelowMinimum = Literal["refund", "lose"]
Basis = Literal["to", "for"]
SourceKind = Literal["typed", "imported", "scan"]
PickemBasis = Literal["ats", "su"]
TiebreakRule = Literal["closest", "closest-without-going-over"]


def words(choice: object) -> tuple[str, ...]:
    """The words a `Literal` accepts, in order."""
    return tuple(str(w) for w in get_args(choice))
