"""The one error family every layer raises; only `cli/` turns it into a message and exit code."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_OPTION = re.compile(r"⟨([a-z][a-z0-9_]*)⟩")


def option(name: str) -> str:
    """An option of the command named inside a message, without spelling it: the layer that shows the
    message decides how (`cli/values.flag`); without one it reads as the usual `--name`."""
    return f"⟨{name}⟩"


def spell(text: str, how: Callable[[str], str] | None = None) -> str:
    """`text` with every `option()` written out by `how` (default: `--name-with-dashes`)."""
    return _OPTION.sub(lambda m: how(m.group(1)) if how else "--" + m.group(1).replace("_", "-"), text)


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

    def __init__(
        self,
        message: str,
        source: Source | None = None,
        problems: tuple[str, ...] = (),
        field: str | None = None,
    ):
        self._said = (message, tuple(problems))  # as written: options not yet spelled
        self.message = spell(message)
        self.source = source
        self.problems = tuple(spell(p) for p in problems)  # options in their usual spelling
        self.field = field  # the option whose value is wrong, if one is: shown as `--field: message` by cli/
        super().__init__(self.text())

    def text(self, how: Callable[[str], str] | None = None) -> str:
        """The one paragraph a user reads; `how` spells the options named in it (see `option`)."""
        said, problems = self._said
        sep = " " if said.startswith('"') else ": "  # `--ties "maybe" is not…`, `--spread: the spread…`
        message = f"{option(self.field)}{sep}{said}" if self.field else said
        head = f"{self.source}: {message}" if self.source and str(self.source) else message
        if problems:
            head += "\n" + "\n".join(f"  - {p}" for p in problems)
        return spell(head, how)


class NotFoundError(ParlayError):
    """A card, version, serial or selection number that does not exist."""


class RefusedError(ParlayError):
    """An entry, edit or import the card's rules refuse."""


class LimitError(ParlayError):
    """A file or value past what the tool reads: too large, too deep, damaged, or out of range."""
