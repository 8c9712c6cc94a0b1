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
import sys
import threading
import time
from contextlib import contextmanager


_holds = 0
_quiet = 0  # inside `no_collection`
# False once the app collects on its GUI thread only (see `collect_on_one_thread`).
_automatic = True
_collector_thread: int | None = None
_last_full = 0.0
# A full walk goes over every object not frozen: after another campaign is opened (which hands
# the last one's objects back to the collector, so that its cycles can be freed), that is every
# object of both, 400-650 ms at 10,000 entries in one piece. Python's own collector waits until
# the oldest generation has grown by a quarter; this one waits five minutes between walks (what
# waits meanwhile is memory, never data).
FULL_AT_MOST_EVERY_S = 300.0


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
        if _automatic:
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
    global _quiet
    enabled = gc.isenabled()
    gc.disable()
    _quiet += 1
    try:
        yield
    finally:
        _quiet -= 1
        if enabled:
            gc.enable()


def collect_on_one_thread() -> None:
    """From now on cycles are collected only when `collect_due` is called, on this thread.

    Python collects on whichever thread happens to make the object that crosses a threshold: in
    the app, a worker working out a step or the table server answering a phone. Cyclic garbage
    holding a Qt object (a widget or timer whose last Python reference was in a cycle, a
    painter held by a frame in a traceback) was then destroyed on that thread while the GUI
    thread used Qt: Qt objects must die on their own thread. The app calls this on the GUI
    thread at start, and `collect_due` from a timer there."""
    global _automatic, _collector_thread, _last_full
    _automatic = False
    _collector_thread = threading.get_ident()
    _last_full = time.monotonic()  # the start-up's objects are frozen: no full walk soon after
    gc.disable()


def collecting() -> bool:
    """Whether cycles are being collected now: by Python itself, or by `collect_due` on the
    thread that asked for it, with no hold on."""
    return gc.isenabled() if _automatic else _holds == 0


def collect_due() -> int | None:
    """Collect the generation Python's own thresholds say is due (the oldest at most every
    FULL_AT_MOST_EVERY_S), unless a hold is on; the generation collected, or None."""
    global _last_full
    if _automatic or _holds or _quiet or threading.get_ident() != _collector_thread:
        return None
    young, middle, old = gc.get_threshold()
    made, young_walks, middle_walks = gc.get_count()
    if made <= young:
        return None
    generation = 0
    if young_walks >= middle:
        generation = 1
        now = time.monotonic()
        if middle_walks >= old and now - _last_full >= FULL_AT_MOST_EVERY_S:
            generation, _last_full = 2, now
    gc.collect(generation)
    return generation


def keep_what_was_made() -> None:
    """A big step was just installed (a campaign-wide step over thousands of entries): what it
    made stays for the session, so later collections skip it, as after a load (`settle`). Else
    the next walks of the older generations go over all of it: a third of a second at 10,000
    entries, in one piece."""
    if not _holds:
        gc.freeze()


def let_go(graph: dict | list) -> None:
    """Empty `graph`, a dict or list the caller is done with, a piece at a time: its objects are
    freed in many small steps instead of all at once when its last reference goes.

    Freeing an object graph is one call into C that keeps the interpreter's lock until the last
    object is gone: a parsed Fari library of 1,000 sheets is 10-14 ms of it, on a worker, while
    the window waits for the lock to take its turn. Emptied here, each dict and list inside
    gives its items up one by one, with Python's switches between. Only `graph` itself is
    trusted to be the caller's alone: a dict or list inside it that something else still holds
    (an entry built from the file keeping a piece of it) is left as it is, and lives on."""
    stack: list = [graph]
    del graph
    trusted = True
    while stack:
        item = stack.pop()
        # Held by `item` and by getrefcount's own argument: a third holder is someone else's.
        if not trusted and sys.getrefcount(item) > 2:
            del item
            continue
        trusted = False
        if type(item) is dict:
            while item:
                value = item.popitem()[1]
                if type(value) is dict or type(value) is list:
                    stack.append(value)
                del value
        elif type(item) is list:
            while item:
                value = item.pop()
                if type(value) is dict or type(value) is list:
                    stack.append(value)
                del value
        del item
