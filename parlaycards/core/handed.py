"""An entry sheet as it is handed in: the one record the parlay and pick'em imports take."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path


@dataclass(frozen=True)
class EntrySheet:
    """An entry sheet handed in: its file; `all_or_nothing`: one refused row stores none; `late`: rows for
    games already started are taken (marked late); `received`: when its entries were handed in, for rows
    that do not say (naive: the card's wall clock; None: now)."""

    path: Path
    all_or_nothing: bool = False
    late: bool = False
    received: datetime | None = None
