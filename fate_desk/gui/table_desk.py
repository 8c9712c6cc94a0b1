"""Wires the table into the main window: the Table menu's handlers, the docks and the GM's pool."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from shiboken6 import isValid

import re

from fate_desk.i18n import N_, _

from .desk import Desk
from .turns import later

if TYPE_CHECKING:
    from fate_desk.model import Scene
    from fate_desk.rules.play.roll import DiceSource

ACTIONS = ("end_scene", "end_session", "end_arc", "spend_points", "optional_rules", "toggle_dice", "toggle_history")


class TableDesk(Desk):
    """What the GM uses at the table (a desk: see gui/desk.py), handed the campaign once it is whole.

    The GM pool, the dice and history docks (and the rules they use) are built with the first
    campaign (the docks also when first asked for), not with the window: it paints without them.
    """

    whole_campaign = True

    def __init__(self, window, dice: DiceSource | None = None):
        super().__init__(window)
        self.dice = dice
        self.dialog = None  # the dialog opened last (tests fill it in)
        self.summary = None  # the last SummaryDialog
        self._made = None  # (dialog, its step's result, its SummaryDialog) made before the dialog closes
        self.pool = None  # the GM pool joins the status bar with the first campaign
        self.dice_dock = self.history_dock = None
        self._dice_for = None  # the campaign the hidden dice dock takes when it shows
        self._dice_waits = False

    def handlers(self) -> dict:
        return {
            "end_scene": lambda: self.open(_clock_dialog("EndSceneDialog"), scene=self.scene_on_screen()),
            "end_session": lambda: self.open(_clock_dialog("EndSessionDialog")),
            "end_arc": lambda: self.open(_clock_dialog("EndArcDialog")),
            "spend_points": self.spend_points,
            "optional_rules": self.optional_rules,
        }

    def install(self) -> None:
        for action_id in ("toggle_dice", "toggle_history"):
            # The View desk's toggle acts on the dock's real state; the dock is built when first asked for.
            self.window.view.bind_toggle(action_id, lambda a=action_id: self.docks()[a])

    def docks(self) -> dict:
        """The dice and history docks by their toggle action, built the first time they are needed."""
        window = self.window
        if self.dice_dock is None:
            # Deferred: gui.advancement.history, gui.play.dice_dock (~93 ms, 17 modules) are not loaded at
            # start-up, only on first use.
            from .play.dice_dock import DiceDock
            from .advancement.history import HistoryDock

            self.dice_dock = DiceDock(window, self.dice)
            self.history_dock = HistoryDock(window)
            new = []
            for action_id, dock in (("toggle_dice", self.dice_dock), ("toggle_history", self.history_dock)):
                dock.setFeatures(window.navigator_dock.features())
                window.view.watch_dock(action_id, dock)
                # Where and whether it was shown last time (the window's state was restored
                # before the dock existed); else hidden, shown from the Table menu.
                if not window.restoreDockWidget(dock):
                    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
                    dock.hide()
                    new.append(dock)
            if len(new) == 2:
                window.tabifyDockWidget(*new)
            if self.document is not None:
                self._attach(self.document)
        return {"toggle_dice": self.dice_dock, "toggle_history": self.history_dock}

    def _attach(self, document) -> None:
        if self.dice_dock.isHidden():
            # Its roll panel lists every character (0.2 s at 4,000): built when the dock shows.
            self._dice_for = document
            if not self._dice_waits:
                self._dice_waits = True
                self.dice_dock.visibilityChanged.connect(self._dice_shown)
        else:
            self._dice_for = None
            self.dice_dock.set_document(document)
            self.dice_dock.follow(self.window.tabs.current_entity_id())
        self.history_dock.show_for(document, self.window.tabs.current_entity_id())

    def _dice_shown(self, visible: bool) -> None:
        if not visible or self._dice_for is None:
            return
        document, self._dice_for = self._dice_for, None
        if document is self.document:
            self.dice_dock.set_document(document)
            self.dice_dock.follow(self.window.tabs.current_entity_id() if self.window.tabs else None)

    def document_changed(self, document) -> None:
        self.document = document
        for widget in (self.pool, self.dice_dock, self.history_dock):
            if widget is not None:
                # First: a disabled dock gives up the focus at once, so emptying a panel does
                # not move the focus down it (and scroll the dock) on its way out.
                widget.setEnabled(document is not None)
        if document is None:
            # None open, or one still loading: let go of the campaign before now, while it still
            # exists (it is deleted before the new one is whole, and its signals with it).
            if self.history_dock is not None:
                self.history_dock.show_for(None, None)
            if self.pool is not None:
                self.pool.set_document(None)
            if self.dice_dock is not None and self.dice_dock.document is not None:
                self.dice_dock.set_document(None)
            self._dice_for = None
            return
        if self.dice_dock is not None:
            self._attach(document)
        elif getattr(self.window, "opening", False):
            # At start-up the sheet comes first; the docks are built when first asked for, or
            # just after the sheet if one of them was open last time.
            if any(self.window.view.shown_last_time(name) for name in ("diceDock", "historyDock")):
                QTimer.singleShot(0, self.window, self.docks)
        else:
            self.docks()
        if self.pool is None:
            # Deferred: gui.play.pool loads with the campaign, after the window's first paint.
            from .play.pool import GmPoolWidget

            self.pool = GmPoolWidget(self.window)
            self.pool.scene_on_screen = self.scene_on_screen
            self.pool.said.connect(lambda text: self.window.statusBar().showMessage(text, 8000))
            self.window.statusBar().addPermanentWidget(self.pool)
            self.window.edits.pool_after_navigator()
        self.pool.set_document(document)
        self.window.tabs.currentEntityChanged.connect(self._current_changed)

    def _current_changed(self, entity_id: str) -> None:
        if self.history_dock is not None:
            self.history_dock.show_for(self.document, entity_id or None)
            if self._dice_for is None:
                self.dice_dock.follow(entity_id or None)
        self.update_actions()

    def update_actions(self) -> None:
        actions = self.window.actions
        editable = self.document is not None and not self.document.readonly  # the clock's steps change the campaign
        for action_id in ("end_scene", "end_session", "end_arc", "optional_rules"):
            actions[action_id].setEnabled(editable)
        character = self.window.sheets.current_character() if editable else None
        actions["spend_points"].setEnabled(character is not None and character.saved_skill_points > 0)

    # --- handlers -------------------------------------------------------------------------

    def scene_on_screen(self) -> Scene | None:
        """The scene in the current tab, unless it has ended: what the GM means by "the scene"."""
        # Deferred: model loads with the campaign, after the window's first paint.
        from fate_desk.model import Scene  # loaded with the first campaign, not the window

        if self.document is None or self.window.tabs is None:
            return None
        entity_id = self.window.tabs.current_entity_id()
        entity = self.document.entity(entity_id) if entity_id else None
        return entity if isinstance(entity, Scene) and not entity.ended else None

    def open(self, kind, **options):
        if self.document is None:
            return None
        dialog = kind(self.document, self.window, **options)
        dialog.accepted.connect(lambda: self._summarise(dialog))
        # A step worked out on the worker (a big campaign): its summary is made in a turn of its
        # own, between the turn that installs the step and the one that closes the dialog.
        dialog.stepInstalled.connect(lambda result: later(dialog, lambda: self._make_summary(dialog, result)))
        dialog.rejected.connect(lambda: self._drop_summary(dialog))
        # Gone once it has closed and said what it did: each kept its list of every character
        # (thousands, in a big campaign), and the window's next ones took longer to open.
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        self.dialog = dialog
        dialog.open()  # not exec(): the event loop keeps running
        return dialog

    def _make_summary(self, dialog, result):
        """The summary of `dialog`'s step, made (hidden) now; shown when the dialog closes."""
        # Deferred: gui.clock.summary (~23 ms, 8 modules) is not loaded at start-up, only on first use.
        from .clock.summary import SummaryDialog

        self._drop_summary(None)
        summary = SummaryDialog(_summary_title(dialog), result, self.window)
        self._made = (dialog, result, summary)
        return summary

    def _drop_summary(self, dialog) -> None:
        """Throw away the summary made ahead (for `dialog` only, unless None)."""
        if self._made is not None and (dialog is None or self._made[0] is dialog):
            self._made[2].deleteLater()
            self._made = None

    def _summarise(self, dialog) -> None:
        if dialog.result is None:
            self._drop_summary(dialog)
            return
        made = self._made
        if made is not None and made[0] is dialog and made[1] is dialog.result:
            self._made, summary = None, made[2]
        else:  # worked out at once (a usual campaign): made in this turn
            summary = self._make_summary(dialog, dialog.result)
            self._made = None
        if self.summary is not None and isValid(self.summary) and not self.summary.isVisible():
            self.summary.deleteLater()  # the last one, read and closed
        self.summary = summary
        self.summary.open()
        self.window.statusBar().showMessage(
            _("{step}: done. Edit ▸ Undo takes it back.").format(step=dialog.step_text), 8000)

    def optional_rules(self):
        """The campaign's optional rules, changed as one undo step."""
        if self.document is None or self.document.readonly:
            return None
        # Deferred: gui.dialogs.optional_rules (~4 ms, 4 modules) is not loaded at start-up, only on first
        # use.
        from .dialogs.optional_rules import OptionalRulesDialog

        self.dialog = OptionalRulesDialog(self.document, self.window)
        self.dialog.accepted.connect(lambda: self.window.statusBar().showMessage(
            _("The optional rules changed. Edit ▸ Undo takes it back."), 8000))
        self.dialog.open()
        return self.dialog

    def spend_points(self):
        character = self.window.sheets.current_character()
        if character is None:
            return None
        self.docks()
        self.history_dock.show_for(self.document, character.id)
        self.history_dock.show()
        self.history_dock.raise_()
        self.dialog = self.history_dock.spend()
        return self.dialog


_SUMMARY_TITLES = {"EndSceneDialog": N_("The end of scene {number}"),
                   "EndSessionDialog": N_("The end of session {number}"), "EndArcDialog": N_("The end of arc {number}")}


def _summary_title(dialog) -> str:
    """"The end of scene 3": the clock dialog's own title when it has one, else one of ours with
    the number its step names, else the step's name."""
    title = getattr(dialog, "summary_title", "")
    number = re.search(r"\d+", dialog.step_text)
    if not title and number and type(dialog).__name__ in _SUMMARY_TITLES:
        title = _(_SUMMARY_TITLES[type(dialog).__name__]).format(number=number.group())
    return title or dialog.step_text


def _clock_dialog(name: str):
    """The end-of-scene/session/arc dialogs load when first used, not at start-up."""
    # Deferred: gui.clock.dialogs (~28 ms, 14 modules) is not loaded at start-up, only on first use.
    from .clock import dialogs as clock_dialogs

    return getattr(clock_dialogs, name)
