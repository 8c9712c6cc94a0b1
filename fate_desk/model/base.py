"""Shared base for every model: validated on assignment, unknown fields refused by name."""

from __future__ import annotations

from uuid import uuid4

from pydantic import BaseModel, ConfigDict, Field


def new_id() -> str:
    return uuid4().hex


class FateModel(BaseModel):
    model_config = ConfigDict(validate_assignment=True, extra="forbid", use_enum_values=False)


def id_field():
    return Field(default_factory=new_id, min_length=1, max_length=64)
