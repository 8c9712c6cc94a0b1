"""Shared base for every model: validated on assignment, unknown fields refused by name."""

from __future__ import annotations

from uuid import uuid4

from pydantic import BaseModel, ConfigDict, Field


def new_id() -> str:
    return uuid4().hex


class FateModel(BaseModel):
    # defer_build: a model's validator is built when first used, not when its module is
    # imported, so the app's window can paint before the models it does not need yet are built.
    model_config = ConfigDict(validate_assignment=True, extra="forbid", use_enum_values=False, defer_build=True)


def empty_list() -> list:
    """A fresh empty list, as a model field's default.

    Plain functions rather than the builtins `list` and `dict`: pydantic asks each default
    factory for its signature when it builds a model's validator, and a builtin's signature
    is parsed from text (about 0.3 ms each, 100 fields: a noticeable part of start-up).
    """
    return []


def empty_dict() -> dict:
    """A fresh empty dict, as a model field's default (see `empty_list`)."""
    return {}


def id_field():
    return Field(default_factory=new_id, min_length=1, max_length=64)
