"""PySide6's look at every module imported after it, answered from the module's name.

PySide6 lets a module switch Qt's API to snake_case names or Python properties with
`from __feature__ import ...`. So that a switch in one module does not change Qt for the
others, it notes for each module imported after it whether that module uses PySide6 at all,
and it finds out by reading the module's whole source text and looking for the word
"PySide6" (`_mod_uses_pyside` in its `feature` support module). At the app's start that is
some 450 modules, pydantic's and ours among them: about 13 ms, most of it between the
window's first paint and the first sheet taking a key.

Fate Desk never switches a feature (tests/gui/test_gui_pyside_hook.py keeps it so), so the
answer matters only in principle, and it is known from the name: PySide6's and shiboken's
own modules and this package use PySide6; nothing else the app imports does, and for those
PySide6's own answer is the same ("ignore this module"). If PySide6 no longer has the hook,
nothing is changed.
"""

from __future__ import annotations

import sys

_USES_PYSIDE = ("PySide6", "shiboken6", "fate_desk.gui")


def _uses_pyside(module) -> bool:
    name = getattr(module, "__name__", None)
    return isinstance(name, str) and name.startswith(_USES_PYSIDE)


def install() -> None:
    """Answer PySide6's question from the module's name from now on (PySide6 is imported here,
    with its support modules compiled at build time: see fate_desk.precompiled)."""
    from fate_desk.precompiled import compiling_support_modules

    restore = compiling_support_modules()
    try:
        import PySide6  # noqa: F401 - sets up the hook this replaces
    finally:
        if restore is not None:
            restore()

    feature = sys.modules.get("shibokensupport.feature")
    if feature is not None and callable(getattr(feature, "_mod_uses_pyside", None)):
        feature._mod_uses_pyside = _uses_pyside
