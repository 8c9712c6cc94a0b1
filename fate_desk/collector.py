"""Python's cycle collector during start-up: held back, then told to skip what start-up made.

Starting the app makes the modules, the window and the first campaign: tens of thousands of
objects (a 10,000-entry campaign, about a million) that live for the session. Each time
enough objects have been made, Python's cycle collector walks every tracked one; during a big
start it ran several full walks over the growing campaign (a third of the navigator's build at
10,000 entries). Reference counting still frees everything dropped meanwhile; only cycles wait.

Only start-up does this. Holding the collector back around a later load (File > Open) would
merely move those walks to whatever the user does next: objects made while it is held back
are all young, and the first collections after it resumes walk every one of them.
"""

from __future__ import annotations

import gc


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
    """The campaign loaded at start-up is being closed: hand what start-up set aside back to
    the collector, so that cycles among it can be freed."""
    gc.unfreeze()
