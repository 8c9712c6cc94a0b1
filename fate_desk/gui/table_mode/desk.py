"""Table mode in the main window, a desk like the others (`gui/desk.py`). Light on purpose: the
server, the seats, the dialog and the Requests dock load when the GM first opens the table,
never at the app's start."""

from __future__ import annotations

from PySide6.QtCore import Qt

from fate_desk.i18n import _

from ..desk import Desk

ACTIONS = ("open_table", "toggle_requests")


class TableModeDesk(Desk):
    whole_campaign = True  # the players' sheets and the scene: every entry must be in

    def __init__(self, window):
        super().__init__(window)
        self.session = None  # the table for the open campaign, made when the GM first opens it
        self.dialog = None
        self.requests = None  # the Requests dock, made with the first table
        self.hit_dialog = None  # the Take a hit the GM opened from a request (tests fill it in)

    def handlers(self) -> dict:
        return {"open_table": self.open_dialog}

    def install(self) -> None:
        """The Requests dock's menu item; the dock itself is built when first asked for."""
        self.window.view.bind_toggle("toggle_requests", self.requests_dock)

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

    def _dice(self):
        """The GM's own dice, the one random source of the table (a test's seeded ones too)."""
        table = getattr(self.window, "table", None)
        if table is not None and table.dice is not None:
            return table.dice
        dock = getattr(table, "dice_dock", None)
        return dock.dice if dock is not None else None

    def open_dialog(self):
        if self.document is None or self.document.loading:
            return None
        if self.session is None:
            # Deferred: gui.table_mode.reach, gui.table_mode.session (~362 ms, 82 modules) are not loaded at
            # start-up, only on first use.
            from .reach import register
            from .session import TableSession

            self.session = TableSession(self.document, parent=self.window, dice=self._dice())
            self.session.waiting.connect(self._asked)
            self.session.play.asked.connect(lambda text: self.window.statusBar().showMessage(text, 15000))
            self.session.play.paused.connect(self._paused)
            register(self.session)
            if self.requests is not None:
                self.requests.follow(self.session)
        if self.dialog is None:
            # Deferred: gui.table_mode.dialog (~329 ms, 86 modules) is not loaded at start-up, only on first
            # use.
            from .dialog import TableDialog

            self.dialog = TableDialog(self.session, self.window)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def requests_dock(self):
        """Table ▸ Players' requests: built the first time it is asked for."""
        if self.requests is None:
            # Deferred: gui.table_mode.requests (~221 ms, 88 modules) is not loaded at start-up, only on
            # first use.
            from .requests import RequestsDock

            window = self.window
            self.requests = RequestsDock(self, window)
            self.requests.setFeatures(window.navigator_dock.features())
            window.view.watch_dock("toggle_requests", self.requests)
            if not window.restoreDockWidget(self.requests):
                window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.requests)
                self.requests.hide()
            self.requests.follow(self.session)
        return self.requests

    def _asked(self, event) -> None:
        """A device asks for a seat: the GM hears of it even with the dialog put away."""
        # Deferred: gui.table_mode.dialog (~329 ms, 86 modules) is not loaded at start-up, only on first use.
        from .dialog import device_words

        character = self.session.document.campaign.character(event.seat) if self.session else None
        if character is None:
            return
        said = _("A device wants {name}’s seat: {device}.").format(name=character.name, device=device_words(event.label))
        self.window.statusBar().showMessage(said, 15000)
        if self.dialog is not None and not self.dialog.isVisible():
            self.dialog.show()  # the Allow and Refuse buttons are there

    def _paused(self, on: bool) -> None:
        """A player pressed Pause: the GM's window shows it at once, whatever is in front."""
        dock = self.requests_dock()
        dock.follow(self.session)
        if on:
            self.window.statusBar().showMessage(_("A player pressed Pause."), 0)
            dock.show()
            dock.raise_()
        else:
            self.window.statusBar().clearMessage()

    # --- hits the GM gives or answers from the Requests dock ---------------------------------------

    def answer_hit(self, prompt_id: int):
        """Take a hit for an absent player: the desktop's dialog, filled in as the phone was asked."""
        play = self.session.play
        prompt = play.prompts.get(prompt_id)
        if prompt is None:
            return None
        dialog = self._hit_dialog(prompt.seat, prompt.shifts, prompt.attacker)
        dialog.track.setCurrentIndex(max(0, dialog.track.findData(prompt.track)))
        dialog.weapon.setValue(prompt.weapon)
        dialog.armor.setValue(prompt.armor)
        dialog.accepted.connect(lambda: play.drop_prompt(prompt_id))
        dialog.open()
        return dialog

    def give_hit(self, request_id: int, target: str | None):
        """A phone's attack landed: its target takes the hit through the desktop's Take a hit
        (which can hand it on to the target's own phone)."""
        play = self.session.play
        request = play.requests.get(request_id)
        if request is None or not target:
            return None
        dialog = self._hit_dialog(target, request.data["shifts"], request.seat)
        dialog.accepted.connect(lambda: play.dismiss(request_id))
        dialog.rejected.connect(lambda: play.dismiss(request_id) if dialog.asked_phone else None)
        dialog.open()
        return dialog

    def _hit_dialog(self, character_id: str, shifts: int, attacker: str | None):
        """The conflict's Take a hit when the character is in the running conflict, else the sheet's."""
        # Deferred: gui.play.hit_dialog (~85 ms, 12 modules) is not loaded at start-up, only on first use;
        # rules.encounters.standing loads with the campaign, after the window's first paint.
        from fate_desk.rules.encounters.standing import place_in_conflict

        from ..play.hit_dialog import TakeHitDialog

        document = self.session.document
        place = place_in_conflict(document.campaign, character_id)
        if place is not None:
            # Deferred: gui.conflict.conflict_dialogs (~31 ms, 24 modules) is not loaded at start-up, only
            # on first use.
            from ..conflict.conflict_dialogs import ConflictHitDialog

            dialog = ConflictHitDialog(document, _conflict(document.campaign), place[1], shifts, attacker, self.window)
        else:
            dialog = TakeHitDialog(document, character_id, shifts, attacker, self.window)
        self.hit_dialog = dialog
        return dialog

    def close(self) -> None:
        """Close the table (nothing listens afterwards) and its dialog."""
        if self.session is not None:
            # Deferred: gui.table_mode.reach (<1 ms, 1 module) is not loaded at start-up, only on first use.
            from .reach import unregister

            self.session.close()
            unregister(self.session)
            if self.requests is not None:
                self.requests.follow(None)
            self.session.deleteLater()
            self.session = None
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None


def _conflict(campaign):
    # Deferred: rules.play.table loads with the campaign, after the window's first paint.
    from fate_desk.rules.play.table import current_scene

    return current_scene(campaign).play.conflict
