"""Paper templates: data validated by one pydantic model, converted to points on load.

A template says what the paper is: page size, where each card sits, where the perforations are,
how far from the paper edge and from a perforation printing must stay, the printer's offset, and an
optional tear-off stub. The files (shipped in `parlaycards/templates/`, a user's own in `./templates/`
or passed as a path) are read by `io/templates.py` and handed here as data.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..core.errors import ParlayError
from .geometry import Rect

POINTS = {"in": 72.0, "mm": 72.0 / 25.4, "pt": 1.0}
MIN_SAFE_IN = 0.4
MAX_PAGE_PT = 14_400  # 200 in: the largest page a PDF holds


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class Size(_Strict):
    width: float = Field(gt=0, description="page width")
    height: float = Field(gt=0, description="page height")


class CardRect(_Strict):
    x: float = Field(ge=0)
    y: float = Field(ge=0)
    width: float = Field(gt=0)
    height: float = Field(gt=0)


class Perforation(_Strict):
    """A perforation line across the page: horizontal at `y` or vertical at `x` (from the bottom-left)."""

    x: float | None = None
    y: float | None = None

    @model_validator(mode="after")
    def _one(self) -> Perforation:
        if (self.x is None) == (self.y is None):
            raise ValueError("a perforation is either { y = … } (across) or { x = … } (down), not both")
        return self


class Offset(_Strict):
    x: float = 0.0
    y: float = 0.0


class Stub(_Strict):
    width: float = Field(gt=0, description="stub width")
    side: Literal["left", "right"] = "right"


class Template(_Strict):
    """One paper template, in its own `units`; `pt()` gives the geometry in points."""

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,60}$")
    description: str = ""
    units: Literal["in", "mm", "pt"] = "in"
    page: Size
    cards: tuple[CardRect, ...] = Field(min_length=1, max_length=24)
    perforations: tuple[Perforation, ...] = ()
    safe_margin: float = Field(default=0.4, ge=0)
    perforation_margin: float = Field(default=0.15, ge=0)
    offset: Offset = Offset()
    stub: Stub | None = None
    source: str = ""  # where it was loaded from (filled in by the loader)

    @model_validator(mode="after")
    def _geometry(self) -> Template:
        k = POINTS[self.units]
        if self.safe_margin * k < MIN_SAFE_IN * 72 - 0.01:
            raise ValueError(
                f"safe_margin {self.safe_margin:g} {self.units} is under 0.4 in: the corner marks "
                "must stay at least 0.4 in from the paper edge, where every printer can print"
            )
        if max(self.page.width, self.page.height) * k > MAX_PAGE_PT:
            raise ValueError(
                f"the page {self.page.width:g} × {self.page.height:g} {self.units} is larger than any paper "
                f"(a PDF page is at most {MAX_PAGE_PT / 72:g} in a side)"
            )
        first = self.cards[0]
        for i, c in enumerate(self.cards, 1):
            if c.x + c.width > self.page.width + 1e-6 or c.y + c.height > self.page.height + 1e-6:
                raise ValueError(
                    f"card {i} ({c.x:g}, {c.y:g}, {c.width:g} × {c.height:g}) runs off the "
                    f"{self.page.width:g} × {self.page.height:g} {self.units} page"
                )
            if abs(c.width - first.width) > 1e-6 or abs(c.height - first.height) > 1e-6:
                raise ValueError(
                    f"card {i} is {c.width:g} × {c.height:g} but card 1 is {first.width:g} × "
                    f"{first.height:g}: every card on a sheet must be the same size"
                )
        tol = 1 / k  # one point: cards written to 4 decimals (3.6667) touch, they do not overlap
        for (i, a), (j, b) in itertools.combinations(enumerate(self.cards, 1), 2):
            if (
                a.x < b.x + b.width - tol
                and b.x < a.x + a.width - tol
                and a.y < b.y + b.height - tol
                and b.y < a.y + a.height - tol
            ):
                raise ValueError(
                    f"card {i} ({a.x:g}, {a.y:g}, {a.width:g} × {a.height:g}) and card {j} ({b.x:g}, {b.y:g}, "
                    f"{b.width:g} × {b.height:g}) overlap: they would print over each other"
                )
        for p in self.perforations:
            if (p.x is not None and not 0 < p.x < self.page.width) or (
                p.y is not None and not 0 < p.y < self.page.height
            ):
                raise ValueError(f"perforation {p.model_dump(exclude_none=True)} is not on the page")
        if self.stub and self.stub.width >= first.width / 2:
            raise ValueError(f"stub width {self.stub.width} {self.units} is half the card or more")
        if abs(self.offset.x) * k > 36 or abs(self.offset.y) * k > 36:
            raise ValueError("offset is more than ½ in: measure again with `parlaycards calibrate`")
        return self

    # -- geometry in points -------------------------------------------------------------------

    @property
    def k(self) -> float:
        return POINTS[self.units]

    def page_size(self) -> tuple[float, float]:
        return self.page.width * self.k, self.page.height * self.k

    def card_rects(self) -> tuple[Rect, ...]:
        """Each card's rectangle on the page, in points (before the printer offset)."""
        k = self.k
        return tuple(Rect(c.x * k, c.y * k, c.width * k, c.height * k) for c in self.cards)

    def card_size(self) -> tuple[float, float]:
        r = self.card_rects()[0]
        return r.w, r.h

    def offset_pt(self) -> tuple[float, float]:
        return self.offset.x * self.k, self.offset.y * self.k

    def perforations_pt(self) -> tuple[tuple[str, float], ...]:
        """("x", 306.0) for a vertical line at x, ("y", 396.0) for a horizontal one, in points."""
        return tuple(
            ("x", p.x * self.k) if p.x is not None else ("y", p.y * self.k)  # type: ignore[operator]
            for p in self.perforations
        )

    def card_safe(self) -> Rect:
        """The card-local area every card of the sheet may print in (the same for every slot).

        A card edge on the paper edge keeps `safe_margin`; an edge inside the sheet (a perforation)
        keeps `perforation_margin`. The intersection over all slots makes one layout fit them all.
        """
        pw, ph = self.page_size()
        safe, perf = self.safe_margin * self.k, self.perforation_margin * self.k
        left = bottom = 0.0
        right_in = top_in = 0.0
        for r in self.card_rects():
            left = max(left, safe if r.x <= 0.01 else perf)
            bottom = max(bottom, safe if r.y <= 0.01 else perf)
            right_in = max(right_in, safe if r.right >= pw - 0.01 else perf)
            top_in = max(top_in, safe if r.top >= ph - 0.01 else perf)
        w, h = self.card_size()
        return Rect(left, bottom, w - left - right_in, h - bottom - top_in)

    def stub_pt(self) -> tuple[float, str] | None:
        return (self.stub.width * self.k, self.stub.side) if self.stub else None


def template_from(data: Mapping[str, Any], source: str) -> Template:
    """Validate a template's data (a TOML file, as read); every problem is named with its field."""
    try:
        return Template.model_validate({**data, "source": source})
    except ValidationError as exc:
        problems = tuple(
            f"{'.'.join(str(p) for p in e['loc']) or 'template'}: {_msg(e)}" for e in exc.errors()
        )
        raise ParlayError(
            f"{source} is not a valid template. Fix these fields "
            "(compare with a shipped template, e.g. letter-2up):",
            problems=problems,
        ) from None


def _msg(e: Mapping[str, Any]) -> str:
    msg = str(e.get("msg", "")).removeprefix("Value error, ")
    if e.get("type") == "extra_forbidden":
        return (
            "unknown field. Accepted: name, description, units, page, cards, perforations, safe_margin, "
            "perforation_margin, offset, stub"
        )
    if e.get("type") == "missing":
        return "missing"
    return msg


_NAME_LINE = re.compile(r'^name\s*=\s*"[^"\n]*"[^\n]*$', re.M)
_OFFSET_LINE = re.compile(r"^offset\s*=\s*\{[^}\n]*\}", re.M)


def renamed(text: str, name: str, source: str) -> str:
    """A template's TOML with its `name` line saying `name` (comments kept)."""
    if not _NAME_LINE.search(text):
        raise ParlayError(f'{source}: no line name = "…" to change. Add one: name = "{name}".')
    return _NAME_LINE.sub(f'name = "{name}"', text, count=1)


def with_offset(text: str, x: float, y: float, source: str) -> str:
    """A template's TOML with its printer offset set to (x, y), in the template's units."""
    line = f"offset = {{ x = {x:g}, y = {y:g} }}"
    if _OFFSET_LINE.search(text):
        return _OFFSET_LINE.sub(line, text, count=1)
    if re.search(r"^\[offset\]", text, re.M):
        raise ParlayError(
            f"{source} writes the offset as an [offset] table; write it as one line instead: {line}"
        )
    return text.rstrip("\n") + "\n" + line + "\n"
