"""A desk: one part of the main window's work and the actions it owns (calibre's InterfaceAction).

The window is a frame. It builds every action from the registry (`actions.py`) with the desks'
handlers, tells each desk when the open campaign changes, and asks each to set its actions'
enabling when the state may have changed. A desk never reaches into another desk's actions.
"""

from __future__ import annotations

from typing import Callable


class Desk:
    """The lifecycle every desk shares.

    - `handlers()`: action id -> what the action does (the window wires them once);
    - `install()`: once the window's actions, menus and docks exist;
    - `document_changed(document)`: the open campaign (None when there is none). A desk whose
      work goes over the whole campaign (`whole_campaign`) is handed it only once every entry
      is in; while a campaign loads it is handed None;
    - `update_actions()`: enable this desk's actions for the window's state now;
    - `close()`: the window closes.
    """

    whole_campaign = False

    def __init__(self, window):
        self.window = window
        self.document = None

    def handlers(self) -> dict[str, Callable[[], object]]:
        return {}

    def install(self) -> None:
        """Nothing to do by default."""

    def document_changed(self, document) -> None:
        self.document = document

    def update_actions(self) -> None:
        """Nothing to enable by default."""

    def close(self) -> None:
        """Nothing to let go of by default."""

    # --- what most desks ask of the state -----------------------------------------------------

    @property
    def editable(self) -> bool:
        """A campaign is open, whole, and not read-only: campaign-wide work is offered."""
        document = self.window.document
        return document is not None and not document.readonly and not document.loading

    @property
    def whole(self) -> bool:
        """A campaign is open and every entry is in (read-only or not)."""
        document = self.window.document
        return document is not None and not document.loading
