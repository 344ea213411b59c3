"""The base of every frozen domain model: immutable, no unknown fields, its schema built when first used."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
