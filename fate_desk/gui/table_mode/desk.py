"""Wires table mode into the main window, as the other desks do: the window calls handlers(),
set_document(), update_actions() and close(). Light on purpose: the server, the seats and the
dialog load when the GM first opens the table, never at the app's start."""

from __future__ import annotations

ACTIONS = ("open_table",)


class TableModeDesk:
    def __init__(self, window):
        self.window = window
        self.document = None
        self.session = None  # the table for the open campaign, made when the GM first opens it
        self.dialog = None

    def handlers(self) -> dict:
        return {"open_table": self.open_dialog}

    def install(self) -> None:
        """Nothing is built yet: see open_dialog()."""

    def set_document(self, document) -> None:
        """Another campaign closes the table (seats are a campaign's); the same campaign read
        again from disk keeps it open."""
        self.document = document
        session = self.session
        if session is None:
            return
        if document is not None and session.is_open and document.campaign.id == session.book.campaign_id:
            session.follow(document)
            return
        self.close()

    def update_actions(self) -> None:
        document = self.window.document
        self.window.actions["open_table"].setEnabled(document is not None and not document.loading)

    def open_dialog(self):
        if self.document is None or self.document.loading:
            return None
        if self.session is None:
            from .session import TableSession

            self.session = TableSession(self.document, parent=self.window)
            self.session.waiting.connect(self._asked)
        if self.dialog is None:
            from .dialog import TableDialog

            self.dialog = TableDialog(self.session, self.window)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def _asked(self, event) -> None:
        """A device asks for a seat: the GM hears of it even with the dialog put away."""
        from fate_desk.i18n import _

        from .dialog import device_words

        character = self.session.document.campaign.character(event.seat) if self.session else None
        if character is None:
            return
        said = _("A device wants {name}’s seat: {device}.").format(name=character.name, device=device_words(event.label))
        self.window.statusBar().showMessage(said, 15000)
        if self.dialog is not None and not self.dialog.isVisible():
            self.dialog.show()  # the Allow and Refuse buttons are there

    def close(self) -> None:
        """Close the table (nothing listens afterwards) and its dialog."""
        if self.session is not None:
            self.session.close()
            self.session.deleteLater()
            self.session = None
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
