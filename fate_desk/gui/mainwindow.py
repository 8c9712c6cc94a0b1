"""The main window, a frame: the central tabs, the navigator and problems docks, the status bar,
and menus and a toolbar built from the registry. What the window does lives in its desks
(`desk.py`), each owning its actions and their enabling and handed the campaign when it changes:

- `files` (file_actions): the File and Help menus;
- `campaigns` (campaign_desk): which campaign is open, and its file changing underneath;
- `sheets` (sheet_desk): the open entries' tabs; `edits` (edit_desk): the Edit menu and the
  navigator; `view` (view_desk): the View menu;
- `table` (table_desk), `encounters` (conflict/desk) and `table_mode` (table_mode/desk, the
  players' devices): the Table menu, handed the campaign only once it is whole.

How a campaign comes in, whatever its size, is `loading.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QMessageBox, QStackedWidget, QVBoxLayout, QWidget

from fate_desk.collector import release_settled
from fate_desk.i18n import _, set_edition

from .collecting import collect_on_gui_thread
from .screen_fit import fit_window
from .settings import Settings, WindowState

if TYPE_CHECKING:
    from .document import CampaignDocument
    from .editors import EditorTabs
    from .loading import OpeningSteps
    from .navigator import NavigatorPanel


class MainWindow(QMainWindow):
    """The window; with `frame_only` (the app's start) just its frame, the title and the central
    "no campaign" label, which paints without the desks, menus, toolbar and docks and what they
    import (a third of the time to the first paint): `build` adds them, just after that paint."""

    def __init__(self, settings: Settings, catalog=None, frame_only: bool = False):
        super().__init__()
        collect_on_gui_thread()  # Qt objects in cyclic garbage die on the GUI thread, never a worker's
        self.settings = settings
        self._catalog = catalog
        self.document: CampaignDocument | None = None
        self.navigator: NavigatorPanel | None = None
        self.tabs: EditorTabs | None = None
        self.opening_steps: OpeningSteps | None = None  # the open campaign's way in
        self.incoming: CampaignDocument | None = None  # the campaign taking over, while the one before goes
        # The start-up's last campaign: refused late, a copy of the sample opens instead.
        self.sample_if_refused = False
        self.built = False
        self.setWindowTitle(_("Fate Desk"))
        self.resize(1280, 800)
        self.stack = QStackedWidget()
        self.empty = QLabel(_("No campaign is open. Use File ▸ New campaign or File ▸ Open."))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)  # a long sentence in another language never widens the window
        self.stack.addWidget(self.empty)
        self._welcome = None  # only on the very first start: built then (see welcome)
        self._welcome_for = None  # the sample campaign's file, while the welcome is about it
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.stack, 1)  # the welcome goes above it, when there is one
        self.setCentralWidget(central)
        if not frame_only:
            self.build()

    def build(self) -> None:
        """The desks, their menus and toolbar, the docks and the status bar (once)."""
        if self.built:
            return
        self.built = True
        # Deferred: the desks and what they import load after the window's first paint (see the
        # class); bench_startup.py: 0.1 s of the 0.3 s our code spent before it.
        from .access import DockTabNames
        from .actions import build_actions, build_menus, build_toolbar
        from .campaign_desk import CampaignDesk
        from .conflict.desk import EncounterDesk
        from .drop_import import install_drop_import
        from .edit_desk import EditDesk
        from .file_actions import FileActions
        from .problems import ProblemsDock
        from .read_only_watch import ReadOnlyWatch
        from .sheet_desk import SheetDesk
        from .sheet_room import SheetRoom
        from .table_desk import TableDesk
        from .table_mode.desk import TableModeDesk
        from .undo_keys import route_undo_keys
        from .undo_notice import UndoNotice
        from .view_desk import ViewDesk

        self.files = FileActions(self)
        self.campaigns = CampaignDesk(self)
        self.sheets = SheetDesk(self)
        self.edits = EditDesk(self)
        self.view = ViewDesk(self)
        self.table = TableDesk(self)
        self.encounters = EncounterDesk(self)
        self.table_mode = TableModeDesk(self)
        self.desks = (self.files, self.campaigns, self.sheets, self.edits, self.view, self.table, self.encounters,
                      self.table_mode)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowNestedDocks)

        handlers = {}
        for desk in self.desks:
            handlers.update(desk.handlers())
        self.actions = build_actions(self, handlers)
        self.menus = build_menus(self, self.actions)
        self.dock_tab_names = DockTabNames(self)
        self.toolbar = build_toolbar(self, self.actions)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.read_only_watch = ReadOnlyWatch(self)

        self.navigator_dock = QDockWidget(_("Campaign"), self)
        self.navigator_dock.setObjectName("navigatorDock")
        self.navigator_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                                        | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.navigator_dock)
        self.problems = ProblemsDock(self)
        self.problems.setFeatures(self.navigator_dock.features())
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.problems)
        self.splitDockWidget(self.navigator_dock, self.problems, Qt.Orientation.Vertical)
        self.resizeDocks([self.navigator_dock], [300], Qt.Orientation.Horizontal)
        self.resizeDocks([self.navigator_dock, self.problems], [430, 300], Qt.Orientation.Vertical)
        self.problems.problemActivated.connect(self.sheets.focus_problem)
        self.statusBar()
        self.undo_notice = UndoNotice(self.statusBar())
        # Always in sight while a campaign is open read-only (the title says it too).
        self._read_only_badge = QLabel(_("Read-only"))
        self._read_only_badge.setObjectName("readOnlyBadge")
        self._read_only_badge.setToolTip(_("This campaign was opened read-only: changes cannot be saved"))
        self._read_only_badge.hide()
        self.statusBar().addPermanentWidget(self._read_only_badge)
        self.sheet_room = SheetRoom(self)  # before the table's docks are added, so it sees them
        for desk in self.desks:
            desk.install()
        install_drop_import(self)
        self.undo_keys = route_undo_keys(QApplication.instance(), self, self.actions["undo"], self.actions["redo"])
        self.update_actions()

    @property
    def catalog(self):
        """The rule sets, read when first needed (with the first campaign, after the window painted)."""
        if self._catalog is None:
            # Deferred: rules.creation.loader loads with the campaign, after the window's first paint.
            from fate_desk.rules.creation.loader import RunCatalog

            self._catalog = RunCatalog()
        return self._catalog

    # --- the document: handed to the desks ----------------------------------------------------

    def set_document(self, document: CampaignDocument, chosen: bool = False) -> None:
        """Make `document` the open campaign: the frame's tabs for it, every desk told, and its
        entries coming in (`loading.py`); the campaign open before is closed. `chosen`: the user
        chose it in the window (File ▸ Open, Open Recent), which shows its first sheet and joins
        it in turns of their own even when it is whole at once (`OpeningSteps`)."""
        # Deferred: gui.editors, gui.gm, gui.loading load with the campaign, after the window's first paint.
        from . import gm  # noqa: F401  (registers the GM prep editors)
        from .editors import EditorTabs
        from .loading import OpeningSteps

        previous = None
        if self.document is not None:
            old = self.document
            if not old.loading:
                previous = (old.path, old.readonly)
            self.incoming = document  # a desk may go on with the same campaign read again
            try:
                self.drop_document(quiet=True)
            finally:
                self.incoming = None
        self.document = document
        set_edition(document.campaign.ruleset)  # rule-set words in this campaign's edition's
        self.read_only_watch.follow(document)
        if document.path != self._welcome_for:
            self.hide_welcome()  # it says "This is the sample campaign"
        self.tabs = EditorTabs(document)
        self.stack.addWidget(self.tabs)
        document.entityChanged.connect(lambda _id: self.update_actions())
        document.campaignChanged.connect(self.update_actions)
        for desk in self.desks:
            desk.document_changed(None if desk.whole_campaign else document)
        self.opening_steps = OpeningSteps(self, document, previous, in_turns=chosen)
        self.sheets.show_tabs_or_start()
        self._retitle()
        self.sheets.current_changed(self.tabs.current_entity_id() or "")
        self.opening_steps.start()

    def whole_campaign_desks(self, document: CampaignDocument) -> None:
        """Every entry is in: the desks that go over the whole campaign take it."""
        for desk in self.desks:
            if desk.whole_campaign:
                desk.document_changed(document)

    def drop_document(self, quiet: bool = False) -> None:
        """Close the open campaign and let every desk go of it; unless `quiet` (another comes
        next), the window shows that none is open."""
        document = self.document
        if document is None:
            return
        self.sheets.remember_tabs()
        focus = self.focusWidget()
        if focus is not None and any(part is not None and part.isAncestorOf(focus) for part in (self.tabs, self.navigator)):
            # Its widget goes with the campaign: the focus goes nowhere, not on to the next
            # control Qt finds (the GM pool's +), until the next campaign's sheet takes it.
            focus.clearFocus()
        self.document, tabs, navigator = None, self.tabs, self.navigator
        self.tabs = self.navigator = self.opening_steps = None
        for desk in self.desks:
            desk.document_changed(None)
        self.stack.removeWidget(tabs)
        tabs.deleteLater()
        if navigator is not None:
            navigator.deleteLater()
        document.close()
        document.deleteLater()
        release_settled()  # the start-up campaign may be among what start-up set aside
        if not quiet:
            self.read_only_watch.follow(None)
            self.problems.show_for(None, None)
            self.stack.setCurrentWidget(self.empty)
            self._retitle()
            self.update_actions()

    def show_navigator(self, navigator: NavigatorPanel) -> None:
        self.navigator = navigator
        self.navigator_dock.setWidget(navigator)

    def update_actions(self) -> None:
        """Each desk enables its own actions for the state now."""
        for desk in self.desks:
            desk.update_actions()

    def _retitle(self) -> None:
        name = self.document.campaign.name if self.document else ""
        if self.document is not None and self.document.readonly:
            name = _("{name} (read-only)").format(name=name or self.document.path.name)
        self.setWindowTitle(_("{name} — Fate Desk").format(name=name) if name else _("Fate Desk"))
        if self.document:
            self.setWindowFilePath(str(self.document.path))
        self._read_only_badge.setVisible(bool(self.document and self.document.readonly))

    # --- the welcome on a first start -----------------------------------------------------------

    @property
    def welcome(self):
        """The banner over the sheet on the very first start (hidden until `show_welcome`).

        Built when first wanted: later starts never show it, and building it is a few ms of
        every start."""
        if self._welcome is None:
            # Deferred: gui.start_page loads with the campaign, after the window's first paint.
            from .start_page import WelcomeBanner

            self._welcome = WelcomeBanner(self.actions)
            self._welcome.hide()
            self.centralWidget().layout().insertWidget(0, self._welcome)
        return self._welcome

    def hide_welcome(self) -> None:
        if self._welcome is not None:
            self._welcome.hide()

    def show_welcome(self, path=None) -> None:
        """The welcome speaks of the sample campaign (the file at `path`, else the one open): it
        stays only while the sample is open. It takes its room at once: a sheet laid out next is
        laid out under it, not laid out again when the window next turns."""
        if path is None:
            path = self.document.path if self.document is not None else None
        self._welcome_for = path
        self.welcome.show()
        column = self.centralWidget().layout()
        column.activate()  # the banner's width: its wrapped lines, and so its height, follow from it
        self.welcome.layout().activate()
        column.invalidate()
        column.activate()

    # --- messages and state ----------------------------------------------------------------

    def show_error(self, title: str, message: str) -> None:
        self.statusBar().showMessage(message, 10000)
        box = QMessageBox(QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()  # not exec(): never block the event loop (scripted runs and tests keep going)

    def _state_version(self) -> int:
        """Dock layouts saved right to left are kept apart from those saved left to right."""
        return 2 if self.isRightToLeft() else 0

    def addDockWidget(self, area, dock, *args):  # noqa: N802 - Qt API
        """Docks take the mirrored side in a right-to-left language, as the rest of the window
        does (Qt mirrors menus, toolbars and layouts, but not dock areas)."""
        if self.isRightToLeft():
            swap = {Qt.DockWidgetArea.LeftDockWidgetArea: Qt.DockWidgetArea.RightDockWidgetArea,
                    Qt.DockWidgetArea.RightDockWidgetArea: Qt.DockWidgetArea.LeftDockWidgetArea}
            area = swap.get(area, area)
        return super().addDockWidget(area, dock, *args)

    def restore_state(self) -> None:
        self.restore_geometry()
        self.restore_docks()

    def restore_geometry(self) -> None:
        """Where the window was, before it shows (the frame needs nothing built for it)."""
        geometry = self.settings.get(WindowState.GEOMETRY)
        if not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:  # the first start: 1280x800 at most, never taller than a laptop's screen with the frame
            fit_window(self, QSize(1280, 800))

    def restore_docks(self) -> None:
        """The docks and toolbar as they were, once built."""
        state = self.settings.get(WindowState.DOCKS)
        if not state.isEmpty():
            self.restoreState(state, self._state_version())  # refused when the direction differs
        self.view.sync_dock_actions()

    def save_state(self) -> None:
        if not self.built:
            return  # closed before the docks were there: what was saved last time stands
        self.settings.set(WindowState.GEOMETRY, self.saveGeometry())
        self.settings.set(WindowState.DOCKS, self.saveState(self._state_version()))
        self.settings.set(WindowState.SHOWN_DOCKS, [dock.objectName() for dock in self.findChildren(QDockWidget)
                                                    if not dock.isHidden()])
        self.sheets.remember_tabs()
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        for desk in self.desks if self.built else ():
            desk.close()
        if self.document is not None:
            self.document.close()
        super().closeEvent(event)
