"""Wires conflicts, contests and challenges into the main window: the Table menu's entries, the
dock with their panels and the GM's "players see" switches, and the players' view window."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QDockWidget, QFrame, QLabel, QListWidget, QListWidgetItem, QScrollArea, QTabWidget, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _

from ..desk import Desk

# The panels and the rules they use (challenge, contest, conflict, dice) are imported when the
# dock is built, with the first campaign, so the main window paints without them.

ACTIONS = ("conflict_panel", "contest_panel", "challenge_panel", "players_view")
ID_ROLE = Qt.ItemDataRole.UserRole + 1


class VisibilityPanel(QWidget):
    """The GM's switch for each item of the scene: ticked, the players' view shows it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        # Deferred: gui.conflict.common (~16 ms, 3 modules) is not loaded at start-up, only on first use.
        from .common import status_label

        self.document = None
        layout = QVBoxLayout(self)
        note = QLabel(_("Tick what the players may see in the players' view. NPC sheets and GM notes are never "
                        "shown."))
        note.setWordWrap(True)
        layout.addWidget(note)
        self.list = QListWidget()
        self.list.setAccessibleName(_("What the players see"))
        layout.addWidget(self.list, 1)
        self.status = status_label()
        layout.addWidget(self.status)
        self.list.itemChanged.connect(self._switched)

    def set_document(self, document) -> None:
        self.document = document
        self.refresh()

    def refresh(self) -> None:
        # Deferred: gui.conflict.common, rules.encounters.scene (~16 ms, 3 modules) are not loaded at
        # start-up, only on first use.
        from fate_desk.rules.encounters.scene import view_items

        from .common import scene_now

        scene = scene_now(self.document)
        self.list.blockSignals(True)
        self.list.clear()
        for item_id, label, hidden in (view_items(self.document.campaign, scene) if scene else []):
            item = QListWidgetItem(label)
            item.setData(ID_ROLE, item_id)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked if hidden else Qt.CheckState.Checked)
            self.list.addItem(item)
        self.list.blockSignals(False)

    def item(self, label: str) -> QListWidgetItem:
        return next(self.list.item(i) for i in range(self.list.count()) if self.list.item(i).text() == label)

    def _switched(self, item: QListWidgetItem) -> None:
        # Deferred: gui.conflict.common (~16 ms, 3 modules) is not loaded at start-up, only on first use;
        # rules.play.table loads with the campaign, after the window's first paint.
        from fate_desk.rules.play.table import set_hidden

        from .common import play, scene_now

        scene = scene_now(self.document)
        hidden = item.checkState() != Qt.CheckState.Checked
        item_id = item.data(ID_ROLE)
        play(self.document, lambda c: set_hidden(c, scene.id, item_id, hidden),
             _("Hide in the players' view") if hidden else _("Show in the players' view"), self.status)


class EncounterDesk(Desk):
    """Conflicts, contests, challenges and the players' view (a desk: see gui/desk.py), handed
    the campaign once it is whole.

    The dock and its panels are built with the first campaign (just after the first sheet at
    start-up), or when a Table menu item first asks for them, never with the window.
    """

    whole_campaign = True

    def __init__(self, window, dice=None):
        super().__init__(window)
        self._dice = dice
        self.players_window = None
        self.dock = None
        self._stale = False  # the panels missed a change while the dock was hidden

    @property
    def dice(self):
        if self._dice is None:
            # Deferred: rules.play.dice (~36 ms, 2 modules) is not loaded at start-up, only on first use.
            from fate_desk.rules.play.dice import Dice

            self._dice = Dice()
        return self._dice

    @dice.setter
    def dice(self, dice) -> None:
        self._dice = dice

    def handlers(self) -> dict:
        return {
            "conflict_panel": lambda: self.show_panel(0),
            "contest_panel": lambda: self.show_panel(1),
            "challenge_panel": lambda: self.show_panel(2),
            "players_view": self.open_players_view,
        }

    def build(self) -> QDockWidget:
        """The dock with its panels, built once; where and whether it was shown last time comes back."""
        if self.dock is not None:
            return self.dock
        # Deferred: gui.conflict.challenge_panel, gui.conflict.conflict_panel, gui.conflict.contest_panel
        # (~53 ms, 24 modules) are not loaded at start-up, only on first use.
        from .challenge_panel import ChallengePanel
        from .conflict_panel import ConflictPanel
        from .contest_panel import ContestPanel

        window = self.window
        self.dock = QDockWidget(_("Conflict, contest, challenge"), window)
        self.dock.setObjectName("encounterDock")
        # Running a conflict, contest or challenge is past the welcome's first steps: it steps
        # aside, so the sheet and the dock share the window (the sheet keeps half its height).
        self.dock.visibilityChanged.connect(lambda shown: shown and window.hide_welcome())
        self.dock.visibilityChanged.connect(self._catch_up)
        # Floatable too: a GM with a second screen can keep the panels beside the sheets.
        self.dock.setFeatures(window.navigator_dock.features() | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.tabs = QTabWidget()
        self.tabs.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its tab bar takes the Tab stop
        self.conflict = ConflictPanel(self)
        self.contest = ContestPanel(self)
        self.challenge = ChallengePanel(self)
        self.visibility = VisibilityPanel()
        self.tabs.addTab(self.conflict, _("Conflict"))
        self.tabs.addTab(self.contest, _("Contest"))
        self.tabs.addTab(self.challenge, _("Challenge"))
        self.tabs.addTab(self.visibility, _("Players see"))
        # The panels scroll inside the dock rather than claim their full height: on a 700- or
        # 800-pixel screen the dock's minimum otherwise squeezed the sheet's header above it.
        holder = QScrollArea()
        holder.setWidgetResizable(True)
        holder.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # reached through its fields: it scrolls to the focused one
        holder.setFrameShape(QFrame.Shape.NoFrame)
        holder.setWidget(self.tabs)
        holder.setMinimumHeight(120)
        self.dock.setWidget(holder)
        # The window's state was restored before the dock existed: put it back where it was.
        if not window.restoreDockWidget(self.dock):
            window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
            self.dock.hide()  # shown from the Table menu
        if self.document is not None:
            self._attach(self.document)
        return self.dock

    def panels(self):
        return (self.conflict, self.contest, self.challenge, self.visibility)

    def document_changed(self, document) -> None:
        self.document = document
        if self.dock is not None:
            # First: a disabled dock gives up the focus at once, so emptying a panel does not
            # move the focus down it (and scroll the dock) on its way out.
            self.dock.setEnabled(document is not None)
        if document is None:  # none, or one still loading: no campaign until it is whole
            self._show_opening()
            return
        if self.dock is not None:
            self._attach(document)
        elif getattr(self.window, "opening", False):
            # At start-up the sheet comes first; the dock is built when a Table menu item first
            # asks for it, or just after the sheet if it was open last time.
            if self.window.view.shown_last_time("encounterDock"):
                QTimer.singleShot(0, self.window, self.build)
        else:
            self.build()
        if self.players_window is not None:
            self.players_window.set_document(document)

    def _show_opening(self) -> None:
        """Nothing of the campaign before, which is going away: empty panels saying the campaign
        is opening, and the players' view with no scene."""
        if self.dock is not None:
            for panel in self.panels():
                panel.set_document(None)
            for panel in (self.conflict, self.contest, self.challenge):
                panel.header.setText(_("Opening the campaign…"))
        if self.players_window is not None:
            self.players_window.set_document(None)

    def _attach(self, document) -> None:
        self._stale = False
        for panel in self.panels():
            panel.set_document(document)
        for signal in (document.campaignChanged, document.entityChanged, document.entityAdded,
                       document.entityRemoved):
            signal.connect(self._changed)

    def _changed(self, *_args) -> None:
        if self.dock.isHidden():
            # Nobody sees the panels: they catch up when the dock is shown, not at every key
            # typed into a sheet (each goes over the whole scene).
            self._stale = True
            return
        self._stale = False
        for panel in self.panels():
            panel.refresh()

    def _catch_up(self, shown: bool) -> None:
        if shown and self._stale and self.document is not None:
            self._changed()

    def update_actions(self) -> None:
        # Running a conflict, contest or challenge changes the campaign; the players' view only shows it.
        editable = self.document is not None and not self.document.readonly
        for action_id in ACTIONS:
            self.window.actions[action_id].setEnabled(editable or (action_id == "players_view"
                                                                    and self.document is not None))

    def show_panel(self, index: int) -> None:
        if self.document is None:
            return
        self.build()
        self.tabs.setCurrentIndex(index)
        first = not self.dock.isVisible()
        self.dock.show()
        self._catch_up(True)  # a window not shown yet sends no visibilityChanged
        self.dock.raise_()
        if first and not self.dock.isFloating():  # tall enough for its table and buttons (sheet_room caps it)
            self.window.resizeDocks([self.dock], [self.working_height()], Qt.Orientation.Vertical)

    def working_height(self) -> int:
        """The dock's height that shows the panel in front down to its buttons: its header, its
        table and its row of buttons (the log below them may scroll), with the tabs and the
        dock's own title. The window gives the dock at least this when it opens (sheet_room)."""
        panel = self.tabs.currentWidget()
        layout = panel.layout()
        lower = getattr(panel, "lower", None)
        needed = layout.minimumSize().height()
        if lower is not None:
            needed -= lower.minimumSize().height() - layout.spacing()
        title = self.dock.style().pixelMetric(self.dock.style().PixelMetric.PM_TitleBarHeight) + 8
        height = needed + self.tabs.tabBar().sizeHint().height() + title
        self.dock.setProperty("workingHeight", height)
        return height

    def open_players_view(self):
        if self.document is None:
            return None
        if self.players_window is None:
            # Deferred: gui.conflict.players_view (~41 ms, 6 modules) is not loaded at start-up, only on
            # first use.
            from .players_view import PlayersViewWindow

            self.players_window = PlayersViewWindow(self.document)
        self.players_window.show()
        self.players_window.raise_()
        return self.players_window

    def close(self) -> None:
        if self.players_window is not None:
            self.players_window.close()
