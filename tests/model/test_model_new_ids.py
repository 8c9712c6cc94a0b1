"""Entry ids (fate_desk.model.base.new_id): random version-4 UUIDs, as uuid4() makes them, never
handed out twice, on any thread or in a forked child. The system's random bytes come a block at
a time: os.urandom lets go of the interpreter's lock at every call, and a worker making an id per
changed character (End the scene at 10,000 entries) kept the window from taking it back."""

from __future__ import annotations

import os
import sys
import threading
from uuid import UUID

import pytest

from fate_desk.model import Character
from fate_desk.model.base import IDS_PER_DRAW, new_id


def test_ids_are_random_version_4_uuids_in_hex_never_repeated_across_draws():
    ids = [new_id() for _ in range(3 * IDS_PER_DRAW + 5)]
    assert len(set(ids)) == len(ids)
    for made in ids[:: IDS_PER_DRAW // 4]:
        parsed = UUID(made)
        assert parsed.hex == made and len(made) == 32
        assert parsed.version == 4 and parsed.variant == "specified in RFC 4122"
    # A new entry gets one of its own.
    assert Character(name="Wren").id != Character(name="Wren").id


def test_ids_made_on_several_threads_at_once_never_repeat():
    made: list[list[str]] = [[] for _ in range(4)]
    start = threading.Barrier(4)

    def make(into: list[str]) -> None:
        start.wait()
        into.extend(new_id() for _ in range(2 * IDS_PER_DRAW))

    threads = [threading.Thread(target=make, args=(into,)) for into in made]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    every = [made_id for into in made for made_id in into]
    assert len(every) == 8 * IDS_PER_DRAW and len(set(every)) == len(every)


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="fork: Linux only here")
def test_a_forked_child_never_hands_out_the_ids_its_parent_drew():
    new_id()  # the parent holds a block of drawn bytes now
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child process
        try:
            os.write(write, " ".join(new_id() for _ in range(8)).encode())
        finally:
            os._exit(0)
    os.close(write)
    os.waitpid(child, 0)
    with os.fdopen(read) as pipe:
        childs = set(pipe.read().split())
    parents = {new_id() for _ in range(IDS_PER_DRAW)}
    assert len(childs) == 8 and not childs & parents
