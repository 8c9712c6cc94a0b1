"""Python's cycle collector during start-up: held back, then told to skip what start-up made.

Starting the app makes the modules, the window and the first campaign: tens of thousands of
objects (a 10,000-entry campaign, about a million) that live for the session. Each time
enough objects have been made, Python's cycle collector walks every tracked one; during a big
start it ran several full walks over the growing campaign (a third of the navigator's build at
10,000 entries). Reference counting still frees everything dropped meanwhile; only cycles wait.

A big campaign loaded in steps (File > Open at 10,000 entries) holds it too: one full walk
over the half-loaded campaign is a pause of 0.1-0.2 s in the middle of the user's typing. Its
end freezes what the load made, as start-up's does, or the first collections after it would
walk every object it made. Holds nest: the collector runs again when the last one ends.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


_holds = 0


def hold_for_start_up() -> None:
    """Start-up makes the modules, the window and the first campaign: no collection meanwhile."""
    hold()


def settle_after_start_up() -> None:
    """Start-up is over: what it made stays for the session, so later collections skip it
    (`gc.freeze`), and the collector runs again. No full collection first: at 10,000 entries
    it would hold up the first keystrokes; the few cycles start-up dropped are set aside too,
    and handed back with the rest by `release_settled`."""
    settle()


def hold() -> None:
    """No collection until the matching `settle` (start-up, a campaign loading in steps, an
    import)."""
    global _holds
    _holds += 1
    gc.disable()


def settle() -> None:
    """One hold is over; after the last, what was made meanwhile is frozen and the collector
    runs again (see `settle_after_start_up`)."""
    global _holds
    if _holds == 0:
        return
    _holds -= 1
    if _holds == 0:
        gc.freeze()
        gc.enable()


def release_settled() -> None:
    """The campaign loaded at start-up is being closed: hand what start-up set aside back to
    the collector, so that cycles among it can be freed."""
    gc.unfreeze()


@contextmanager
def no_collection():
    """No collection while Qt hands over a list of its objects (e.g. the top-level windows):
    a collection while the list is turned into Python objects can delete a window still in it
    (one whose last Python reference was in a cycle), and the next step reads freed memory."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
