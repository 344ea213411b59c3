"""Models made again from what the store holds, without validating them twice.

A card version, an entry or a result was validated when it was stored. Reading it back through the
model's validator would make pydantic build that validator first (and look for pydantic plugins among
every installed package's metadata): a read command would spend more on that than on everything it
reads. So the store makes them again field by field from their stored JSON, as `model_dump_json` wrote
them, by each field's declared type. Imports: the standard library (pydantic when called).
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypeVar, Union, get_args, get_origin

if TYPE_CHECKING:
    from pydantic import BaseModel

M = TypeVar("M", bound="BaseModel")


def remade(model: type[M], data: Mapping[str, Any]) -> M:
    """`model` from its stored JSON (parsed), nested models and all, trusted as valid."""
    fields = model.model_fields
    return model.model_construct(**{name: _value(fields[name].annotation, v) for name, v in data.items()})


def _value(kind: Any, v: Any) -> Any:
    """A value as the field's type `kind` holds it, from its JSON form."""
    if v is None:
        return None
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        kinds = [k for k in get_args(kind) if k is not type(None)]
        if datetime in kinds and date in kinds:  # a kickoff: a date alone when its time is not set
            return _value(date if len(v) == len("2026-11-22") else datetime, v)
        (one,) = kinds
        return _value(one, v)
    if origin is tuple:
        return tuple(_value(get_args(kind)[0], x) for x in v)
    if isinstance(kind, type) and hasattr(kind, "model_construct"):
        return remade(kind, v)
    if kind is Decimal:
        return Decimal(v)
    if kind is datetime:
        return _moment(v)
    if kind is date:
        return date.fromisoformat(v)
    return v  # str, int, bool, a Literal's str


def _moment(text: str) -> datetime:
    """A stored moment with the very offset object pydantic reads it with (its name prints the same)."""
    from pydantic_core import TzInfo

    moment = datetime.fromisoformat(text)
    offset = moment.utcoffset()
    return moment if offset is None else moment.replace(tzinfo=TzInfo(int(offset.total_seconds())))
