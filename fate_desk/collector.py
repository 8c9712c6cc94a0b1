"""Python's cycle collector, held back while many long-lived objects are made at once.

Loading a campaign makes tens of thousands of objects (a 10,000-entry campaign, about a
million) that live as long as the campaign is open. Each time enough objects have been made,
Python's cycle collector walks every tracked object; during a big load it ran several full
walks over the growing campaign, a third of the navigator's start at 10,000 entries.
Reference counting still frees everything that is dropped meanwhile; only cycles wait.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cycle collection inside the block (a bulk load); the collector resumes after it."""
    if not gc.isenabled():  # already held back (start-up): leave it to whoever did that
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def hold_for_start_up() -> None:
    """Start-up makes the modules, the window and the first campaign: no collection meanwhile."""
    gc.disable()


def settle_after_start_up() -> None:
    """Start-up is over: what it made stays for the session, so later collections skip it
    (`gc.freeze`), and the collector runs again. No full collection first: at 10,000 entries
    it would hold up the first keystrokes; the few cycles start-up dropped are set aside too,
    and handed back with the rest by `release_settled`."""
    gc.freeze()
    gc.enable()


def release_settled() -> None:
    """The campaign loaded at start-up is being closed: hand its objects back to the collector
    so that any cycles among them can be freed."""
    gc.unfreeze()
