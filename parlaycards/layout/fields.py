"""Per-card fields: the only text that changes from one copy of a card to the next.

A text cell naming a field holds a template such as "No. {serial}"; the renderer fills it from
`values()`. `--proof` fills every field with its sample, so a proof can never pass for a card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.verify import format_serial


@dataclass(frozen=True)
class Field:
    label: str
    sample: str  # printed on proofs
    widest: str  # the widest value the layout leaves room for


FIELDS: dict[str, Field] = {
    "serial": Field("Serial number", "PROOF", "0000000"),
    "code": Field("Verify code", "SAMPLE", "WWWWWW"),
}


def values(serial: int, code: str) -> dict[str, str]:
    return {"serial": format_serial(serial), "code": code}


def samples() -> dict[str, str]:
    return {k: f.sample for k, f in FIELDS.items()}


def widest() -> dict[str, str]:
    return {k: f.widest for k, f in FIELDS.items()}
