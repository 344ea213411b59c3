"""Public feeds of lines and scores: one module per provider behind one small interface (base.Provider).

Like the spreadsheet readers, a feed only reads: it turns a response into `FeedGame`s with the names
the feed writes. What it gives goes through the same validation as an import (services/cards.py) and
the same result recording as `result import` (services/results.py). Imports: core and io only.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import ParlayError
from .base import Feed, FeedGame, Provider, Query, Request, Status, get, league_of, load
from .espn import Espn
from .odds_api import OddsApi

PROVIDERS: dict[str, Provider] = {p.name: p for p in (Espn(), OddsApi())}
ACCEPTED = "Accepted: " + ", ".join(PROVIDERS) + "."

__all__ = [
    "PROVIDERS",
    "Feed",
    "FeedGame",
    "Provider",
    "Query",
    "Request",
    "Status",
    "detect",
    "get",
    "league_of",
    "load",
    "provider",
]


def provider(name: str) -> Provider:
    found = PROVIDERS.get(name.strip().lower())
    if found is None:
        raise ParlayError(f'there is no feed provider "{name}". {ACCEPTED}')
    return found


def detect(data: Any) -> Provider | None:
    """Which provider wrote a saved response: ESPN's is an object with events, The Odds API's a list."""
    if isinstance(data, dict) and "events" in data:
        return PROVIDERS["espn"]
    if isinstance(data, list):
        return PROVIDERS["odds-api"]
    return None
