"""Shared base for every model: validated on assignment, unknown fields refused by name."""

from __future__ import annotations

import os
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

# Random bytes for ids, drawn from the system IDS_PER_DRAW ids at a time (see new_id).
IDS_PER_DRAW = 256
_RANDOM: list[bytes] = []
if hasattr(os, "register_at_fork"):  # a forked child never hands out its parent's ids
    os.register_at_fork(after_in_child=_RANDOM.clear)


def new_id() -> str:
    """A fresh id: a random (version 4) UUID in hex, as uuid4() makes one.

    The system's random bytes come IDS_PER_DRAW ids at a time. Each call to os.urandom lets go
    of the interpreter's lock and takes it straight back; a worker making thousands of ids (End
    the scene records an entry on every character it changes) did so every few tenths of a
    millisecond, and the window's thread, woken each time to take the lock, lost the race every
    time: at 10,000 entries it went 140-220 ms without a turn, on a quiet machine."""
    try:
        raw = _RANDOM.pop()  # one item, atomically: two threads never get the same bytes
    except IndexError:
        block = os.urandom(16 * IDS_PER_DRAW)
        _RANDOM.extend(block[start:start + 16] for start in range(16, len(block), 16))
        raw = block[:16]
    return UUID(bytes=raw, version=4).hex


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
