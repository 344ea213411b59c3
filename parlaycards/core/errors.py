"""The one error family every layer raises; only `cli/` turns it into a message and exit code."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Source:
    """Where a value came from: file, sheet, row (1-based) and column letter or name."""

    file: str | None = None
    sheet: str | None = None
    row: int | None = None
    column: str | None = None
    cell: str | None = None

    def __str__(self) -> str:
        parts: list[str] = []
        if self.file:
            parts.append(self.file)
        if self.sheet:
            parts.append(f'sheet "{self.sheet}"')
        if self.cell:
            parts.append(f"cell {self.cell}")
        else:
            if self.row is not None:
                parts.append(f"row {self.row}")
            if self.column:
                parts.append(f"column {self.column}")
        return ", ".join(parts)


class ParlayError(Exception):
    """A problem a user can fix: the message says where, what was found and what is accepted."""

    def __init__(self, message: str, source: Source | None = None, problems: tuple[str, ...] = ()):
        self.message = message
        self.source = source
        self.problems = problems
        super().__init__(self.text())

    def text(self) -> str:
        head = f"{self.source}: {self.message}" if self.source and str(self.source) else self.message
        if self.problems:
            head += "\n" + "\n".join(f"  - {p}" for p in self.problems)
        return head


class NotFoundError(ParlayError):
    """A card, version, serial or selection number that does not exist."""


class RefusedError(ParlayError):
    """An entry, edit or import the card's rules refuse."""
