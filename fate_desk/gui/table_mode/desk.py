"""Table mode in the main window, a desk like the others (`gui/desk.py`). Light on purpose: the
server, the seats and the dialog load when the GM first opens the table, never at the app's start."""

from __future__ import annotations

from ..desk import Desk

ACTIONS = ("open_table",)


class TableModeDesk(Desk):
    whole_campaign = True  # the players' sheets and the scene: every entry must be in

    def __init__(self, window):
        super().__init__(window)
        self.session = None  # the table for the open campaign, made when the GM first opens it
        self.dialog = None

    def handlers(self) -> dict:
        return {"open_table": self.open_dialog}

    def install(self) -> None:
        """Nothing is built yet: see open_dialog()."""

    def document_changed(self, document) -> None:
        """Another campaign closes the table (seats are a campaign's); the same campaign read
        again from disk keeps it open, and follows the new open once every entry is in (the
        players see the campaign as it was until then: a part of its seats is no table)."""
        self.document = document
        session = self.session
        if session is None:
            return
        window = self.window
        coming = document or window.incoming or window.document
        if coming is not None and session.is_open and coming.campaign.id == session.book.campaign_id:
            if session.document is not coming and not coming.loading:
                session.follow(coming)
            return
        self.close()

    def update_actions(self) -> None:
        self.window.actions["open_table"].setEnabled(self.whole)

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
