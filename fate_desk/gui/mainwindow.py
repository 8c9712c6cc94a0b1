"""The main window: navigator and problems docks, editor tabs, menus and toolbar from the registry."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication, QDockWidget, QLabel, QMainWindow, QMessageBox, QStackedWidget, QToolButton, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _, set_edition

from . import access, language_menu, zoom
from .access import DockTabNames
from .actions import build_actions, build_menus, build_toolbar
from .file_actions import FileActions
from .icons import icon
from .kinds import BY_KEY, KINDS, display_name
from .conflict.desk import EncounterDesk
from .drop_import import install_drop_import
from .problems import ProblemsDock
from .settings import Preferences, Settings, WindowState
from .table_desk import TableDesk
from .table_mode.desk import TableModeDesk
from .theme import LABELS, THEMES, apply_theme
from .undo_keys import route_undo_keys
from .undo_notice import UndoNotice, short_step


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False

if TYPE_CHECKING:
    from .document import CampaignDocument
    from .editors import EditorTabs
    from .navigator import NavigatorPanel


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings, catalog=None):
        super().__init__()
        self.settings = settings
        self._catalog = catalog
        self.document: CampaignDocument | None = None
        self.navigator: NavigatorPanel | None = None
        self.tabs: EditorTabs | None = None
        self.files = FileActions(self)
        self._dock_actions: dict[str, tuple] = {}
        self.table = TableDesk(self)
        self.encounters = EncounterDesk(self)
        self.table_mode = TableModeDesk(self)
        self.setWindowTitle(_("Fate Desk"))
        self.resize(1280, 800)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowNestedDocks)

        from .tabs import TabKeeper

        self.tab_keeper = TabKeeper(self)  # Close other tabs, and the limit (gui/tabs.py)
        self.actions = build_actions(self, self._handlers())
        self.menus = build_menus(self, self.actions)
        self.dock_tab_names = DockTabNames(self)
        self.toolbar = build_toolbar(self, self.actions)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._fill_add_menu()
        self._fill_theme_menu()
        language_menu.fill(self, self.actions["language"].menu())
        self.tab_keeper.fill_menu(self.actions["tab_limit"].menu())
        size = zoom.current(QApplication.instance())
        self.actions["zoom_in"].setEnabled(size < zoom.STEPS[-1])
        self.actions["zoom_out"].setEnabled(size > zoom.STEPS[0])
        self.actions["open_recent"].menu().aboutToShow.connect(self._fill_recent_menu)

        self.stack = QStackedWidget()
        self.empty = QLabel(_("No campaign is open. Use File ▸ New campaign or File ▸ Open."))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)  # a long sentence in another language never widens the window
        self.stack.addWidget(self.empty)
        self._add_scene = QAction(icon(BY_KEY["scene"].icon), _("New scene"), self)
        self._add_scene.triggered.connect(lambda: self.add_entry("scene"))
        self._start_page = None  # built when a campaign first opens with no tab (see start_page)
        self._loading_page = None
        self._loading_from = None  # the campaign open before a big one that is still loading
        self._sheet_wanted: str | None = None  # while loading: "restore" the tabs, or the first "pc"
        # The start-up's big last campaign: refused late, a copy of the sample opens instead.
        self.sample_if_refused = False
        self._pc_scan = 0  # characters looked at so far for the first player character
        self._welcome = None  # only on the very first start: built then (see welcome)
        self._welcome_for = None  # the sample campaign's file, while the welcome is about it
        from .read_only_watch import ReadOnlyWatch

        self.read_only_watch = ReadOnlyWatch(self)
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.stack, 1)  # the welcome goes above it, when there is one
        self.setCentralWidget(central)

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
        self.problems.problemActivated.connect(self.focus_problem)
        self._bind_toggle("toggle_problems", self.problems)
        self._bind_toggle("toggle_navigator", self.navigator_dock)
        self.statusBar()
        self.undo_notice = UndoNotice(self.statusBar())
        # Always in sight while a campaign is open read-only (the title says it too).
        self._read_only_badge = QLabel(_("Read-only"))
        self._read_only_badge.setObjectName("readOnlyBadge")
        self._read_only_badge.setToolTip(_("This campaign was opened read-only: changes cannot be saved"))
        self._read_only_badge.hide()
        self.statusBar().addPermanentWidget(self._read_only_badge)
        from .sheet_room import SheetRoom

        self.sheet_room = SheetRoom(self)  # before the table's docks are added, so it sees them
        self.table.install()
        install_drop_import(self)
        self.encounters.install()
        self.undo_keys = route_undo_keys(QApplication.instance(), self, self.actions["undo"], self.actions["redo"])
        self._update_actions()
        app = QApplication.instance()
        if app is not None:
            app.applicationStateChanged.connect(self._app_state_changed)

    def shown_last_time(self, dock_name: str) -> bool:
        """Whether a dock built on first use was open when the app last quit (so it comes back now)."""
        return dock_name in self.settings.get(WindowState.SHOWN_DOCKS)

    @property
    def start_page(self):
        """The page with the first things to do, built the first time a campaign has no tab open."""
        if self._start_page is None:
            from .start_page import StartPage

            self._start_page = StartPage(self.actions, self._add_scene)
            self.stack.addWidget(self._start_page)
        return self._start_page

    @property
    def loading_page(self) -> QLabel:
        """What shows while a big campaign loads and no sheet is up yet."""
        if self._loading_page is None:
            self._loading_page = QLabel(_("Opening the campaign…"))
            self._loading_page.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self._loading_page.setWordWrap(True)
            self.stack.addWidget(self._loading_page)
        return self._loading_page

    @property
    def catalog(self):
        """The rule sets, read when first needed (with the first campaign, after the window painted)."""
        if self._catalog is None:
            from fate_desk.rules.creation.loader import RunCatalog

            self._catalog = RunCatalog()
        return self._catalog

    # --- registry wiring -----------------------------------------------------------------

    def _handlers(self) -> dict:
        return {
            "new_campaign": self.files.new_campaign,
            "open_campaign": self.files.open_dialog,
            "open_read_only": self.files.open_read_only_dialog,
            "save_copy": self.files.save_copy_dialog,
            "restore_backup": self.files.restore_dialog,
            "import": self.files.import_dialog,
            "export_character": self.files.export_dialog,
            "export_pdf": self.files.print_pdf_dialog,
            "export_for": self.files.export_for_dialog,
            "quit": self.close,
            "undo": lambda: self.document and self.document.undo_stack.undo(),
            "redo": lambda: self.document and self.document.undo_stack.redo(),
            "find": self.focus_filter,
            "add_pc": lambda: self.add_entry("pc"),
            "quick_npc": self._quick_npc,
            "duplicate": self.duplicate_selected,
            "delete": self.delete_selected,
            "close_tab": lambda: self.tabs and self.tabs.close_current(),
            "close_other_tabs": lambda: self.tab_keeper.close_others(),
            "next_panel": lambda: self.cycle_panel(1),
            "previous_panel": lambda: self.cycle_panel(-1),
            "move_tab_left": lambda: self.tabs and self.tabs.move_current(-1),
            "move_tab_right": lambda: self.tabs and self.tabs.move_current(1),
            "zoom_in": lambda: self.set_text_size(zoom.step(zoom.current(QApplication.instance()), 1)),
            "zoom_out": lambda: self.set_text_size(zoom.step(zoom.current(QApplication.instance()), -1)),
            "zoom_reset": lambda: self.set_text_size(100),
            "user_guide": self.files.show_user_guide,
            "about": self.files.about,
            **self.table.handlers(),
            **self.encounters.handlers(),
            **self.table_mode.handlers(),
        }

    def _quick_npc(self):
        from .gm.actions import quick_npc

        return quick_npc(self)

    def _bind_toggle(self, action_id: str, dock) -> None:
        """The menu item (and its shortcut) shows a dock, or brings it to the front, or hides it.

        The dock's real state decides, never the tick: a dock closed with its ×, restored hidden
        after a restart or tabbed behind another must still come back on the first try. `dock`
        may be a function that builds the dock when it is first asked for (see watch_dock).
        """
        action = self.actions[action_id]
        action.setCheckable(True)
        get = dock if callable(dock) else (lambda: dock)

        def toggle(_checked: bool = False) -> None:
            target = get()
            if target.isHidden():
                target.show()
                target.raise_()
            elif self.isVisible() and not target.isVisible():  # tabbed behind another dock
                target.raise_()
            else:
                target.hide()
            action.setChecked(not target.isHidden())

        action.triggered.connect(toggle)
        if callable(dock):
            action.setChecked(False)  # not built yet: watch_dock ticks it once it exists
        else:
            self.watch_dock(action_id, dock)

    def watch_dock(self, action_id: str, dock: QDockWidget) -> None:
        """Keep the menu item's tick on the dock's real state."""
        action = self.actions[action_id]
        self._dock_actions[action_id] = (action, dock)
        dock.visibilityChanged.connect(lambda _visible: action.setChecked(not dock.isHidden()))
        action.setChecked(not dock.isHidden())

    def sync_dock_actions(self) -> None:
        """Ticks after a restart; docks not built yet are hidden and unticked already."""
        for action, dock in self._dock_actions.values():
            action.setChecked(not dock.isHidden())

    def _fill_add_menu(self) -> None:
        menu = self.actions["add_entry"].menu()
        for kind in KINDS:
            action = menu.addAction(icon(kind.icon), _(kind.singular))
            action.setObjectName(f"add_{kind.key}")
            action.triggered.connect(lambda _checked=False, k=kind.key: self.add_entry(k))
        button = self.toolbar.widgetForAction(self.actions["add_entry"])
        if isinstance(button, QToolButton):
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)

    def _fill_theme_menu(self) -> None:
        menu = self.actions["theme"].menu()
        group = QActionGroup(self)
        current = self.settings.get(Preferences.THEME)
        for theme in THEMES:
            action = menu.addAction(_(LABELS[theme]))
            action.setObjectName(f"theme_{theme}")
            action.setCheckable(True)
            action.setChecked(theme == current)
            group.addAction(action)
            action.triggered.connect(lambda _checked=False, t=theme: self.set_theme(t))

    def set_theme(self, theme: str) -> None:
        self.settings.set(Preferences.THEME, theme)
        apply_theme(QApplication.instance(), theme)

    def panels(self) -> list[QWidget]:
        """What F6 goes round: the open tabs, then each dock on screen, in reading order."""
        docks = [d for d in self.findChildren(QDockWidget) if d.isVisible() and not d.visibleRegion().isEmpty()]
        area = Qt.DockWidgetArea
        order = {area.LeftDockWidgetArea: 0, area.TopDockWidgetArea: 1, area.RightDockWidgetArea: 2,
                 area.BottomDockWidgetArea: 3}
        docks.sort(key=lambda d: (order.get(self.dockWidgetArea(d), 4), d.mapTo(self, d.rect().topLeft()).y(),
                                  d.mapTo(self, d.rect().topLeft()).x()))
        central = [self.tabs] if self.tabs is not None and self.tabs.isVisible() else []
        return central + docks

    def cycle_panel(self, step: int) -> QWidget | None:
        """F6 / Shift+F6: the keyboard to the next (or previous) panel's first control."""
        panels = self.panels()
        if not panels:
            return None
        focus = QApplication.focusWidget()
        here = next((i for i, p in enumerate(panels) if focus is not None and (p is focus or p.isAncestorOf(focus))), -1)
        for offset in range(1, len(panels) + 1):
            panel = panels[(here + step * offset) % len(panels)] if here >= 0 else panels[0 if step > 0 else -1]
            target = _first_stop(panel)
            if target is not None:
                target.setFocus(Qt.FocusReason.TabFocusReason)
                title = panel.windowTitle() if isinstance(panel, QDockWidget) else _("Open entries")
                access.announce(target, _("{title} panel").format(title=title.replace("&", "")))
                return target
        return None

    def set_text_size(self, percent: int) -> None:
        """View ▸ Zoom: every window's text at `percent` (100 to 200), remembered for next time."""
        percent = zoom.apply_zoom(QApplication.instance(), percent)
        self.settings.set(Preferences.TEXT_SIZE, percent)
        self.actions["zoom_in"].setEnabled(percent < zoom.STEPS[-1])
        self.actions["zoom_out"].setEnabled(percent > zoom.STEPS[0])
        said = _("Text size {percent}%").format(percent=percent)
        self.statusBar().showMessage(said, 4000)
        access.announce(self, said)

    def _fill_recent_menu(self) -> None:
        menu = self.actions["open_recent"].menu()
        menu.clear()
        recent = [p for p in self.settings.get(WindowState.RECENT) if Path(p).is_file()]
        for path in recent:
            action = menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _checked=False, p=path: self.open_path(p))
        if not recent:
            menu.addAction(_("No recent campaigns")).setEnabled(False)

    # --- the document --------------------------------------------------------------------

    def open_path(self, path, readonly: bool = False) -> bool:
        """Open a campaign (or bundle); on failure say why and keep what is open.

        A campaign open for editing elsewhere is refused, with an offer to open it read-only.
        """
        from .opening import holds_characters

        path = Path(path)
        from fate_desk.rules.creation.pack_files import is_pack_path

        if is_pack_path(path):  # a game pack is installed, whether or not a campaign is open
            return self.files.install_pack(path)
        if self.document is not None and holds_characters(path):
            # A character file (double-clicked, or handed over by a second launch; a Foundry or
            # Fari export too) joins the open campaign, as File > Import would do.
            return bool(self.files.import_file(path))
        if self.document is not None and not readonly and _same_file(path, self.document.path):
            if not self.document.readonly:
                self._check_disk()  # already open here (a second launch handed it over)
                return True

        # The campaign's modules (document, navigator, editors, the sheet) load with the first
        # campaign, after the window has painted, not when the window is built.
        from fate_desk.store.campaign_file import CampaignInUse
        from fate_desk.store.interchange import FileFormatError

        from .document import CampaignDocument
        from .opening import open_campaign

        try:
            handle, note = open_campaign(path, readonly=readonly)
        except CampaignInUse as exc:
            self._offer_read_only(path, exc.problem)
            return False
        except FileFormatError as exc:
            self.show_error(_("That campaign could not be opened"), str(exc))
            return False
        self.set_document(CampaignDocument(handle, self.catalog))
        if note:
            self.statusBar().showMessage(note, 8000)
        return True

    def _offer_read_only(self, path: Path, problem: str) -> QMessageBox:
        """`problem` says who holds it ("is open for editing by …; close it there first, …"):
        one sentence with the file's name, and a warning, since editing here is refused."""
        message = _("{file} {problem}.").format(file=path.name, problem=problem.rstrip("."))
        self.statusBar().showMessage(message, 10000)
        box = QMessageBox(QMessageBox.Icon.Warning, _("The campaign is open elsewhere"), message,
                          QMessageBox.StandardButton.Cancel, self)
        box.setInformativeText(_("It is in {folder}.").format(folder=path.parent))
        box.setObjectName("campaignInUse")
        read_only = box.addButton(_("Open read-only"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(read_only)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        read_only.clicked.connect(lambda: self.open_path(path, readonly=True))
        box.open()  # not exec(): never block the event loop
        return box

    def receive_file(self, path: str) -> None:
        """A later launch handed its file over: open it (if any) and come to the front."""
        if path:
            self.open_path(Path(path))
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()

    def reload_document(self, message: str = "", quiet: bool = False) -> bool:
        """Read the open campaign again from disk (another program changed it); say so, unless
        `quiet` (a read-only campaign following its editor says so in the status bar)."""
        document = self.document
        if document is None:
            return False
        from fate_desk.store.interchange import FileFormatError

        from .document import CampaignDocument

        try:
            handle = document.file.reload()
        except FileFormatError as exc:
            self.show_error(_("The campaign changed on disk and could not be read again"),
                            _("{problem}. Nothing was written over it.").format(problem=exc))
            return False
        self.set_document(CampaignDocument(handle, self.catalog))
        if quiet:
            return True
        self.show_error(_("The campaign was changed by another program"),
                        _("{message}\n\nIt has been read again from disk; what you see now is the file "
                          "as it is. Undo history was cleared.").format(message=message or str(handle.path)))
        return True

    def _app_state_changed(self, state) -> None:
        if state == Qt.ApplicationState.ApplicationActive:
            self._check_disk()

    def _check_disk(self) -> None:
        """Coming back to the app: if the file changed meanwhile, read it again before any edit;
        a file moved is followed, and a file gone is never read again (see `_file_gone`)."""
        document = self.document
        if document is None:
            return
        if document.file.changed_on_disk():
            if document.file.gone:
                self._file_gone(_("{path} was deleted, or moved where Fate Desk cannot find it, since it "
                                  "was opened.").format(path=document.path))
            else:
                self.reload_document(_("{path} was changed by another program.").format(path=document.path))
        document.announce_move()

    def _file_gone(self, message: str) -> QMessageBox | None:
        """The campaign's file vanished: keep everything open and offer Save a copy as… (once)."""
        existing = self.findChild(QMessageBox, "campaignGone")
        if existing is not None and existing.isVisible():
            return existing
        self.statusBar().showMessage(message, 10000)
        box = QMessageBox(QMessageBox.Icon.Warning, _("The campaign file is gone"),
                          _("{message}\n\nEverything saved up to your last change is still open here. "
                            "Save it as a new file to keep it.").format(message=message),
                          QMessageBox.StandardButton.Close, self)
        box.setObjectName("campaignGone")
        save = box.addButton(_("Save a copy as…"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(save)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        save.clicked.connect(lambda: self.files.save_copy_dialog(then_open=True))
        box.open()  # not exec(): never block the event loop
        return box

    def _file_moved(self, old: str, new: str) -> None:
        self.statusBar().showMessage(
            _("{file} was moved to {path}; Fate Desk saves there now.").format(file=Path(old).name, path=new), 10000)

    def set_document(self, document: CampaignDocument) -> None:
        from fate_desk.collector import release_settled

        from . import gm  # noqa: F401  (registers the GM prep editors)
        from .editors import EditorTabs

        previous = None
        if self.document is not None:
            self._remember_tabs()
            old, old_tabs, old_nav = self.document, self.tabs, self.navigator
            if not old.loading:
                previous = (old.path, old.readonly)
            self.stack.removeWidget(old_tabs)
            old_tabs.deleteLater()
            if old_nav is not None:
                old_nav.deleteLater()
            old.close()
            old.deleteLater()
            release_settled()  # the start-up campaign may be among what start-up set aside
        self.document = document
        set_edition(document.campaign.ruleset)  # rule-set words in this campaign's edition's
        self.sample_if_refused = False
        loading = document.loading
        self.read_only_watch.follow(document)
        if document.path != self._welcome_for:
            self.hide_welcome()  # it says "This is the sample campaign"
        self.navigator = None
        self.tabs = EditorTabs(document)
        self.tab_keeper.attach(self.tabs)
        self.stack.addWidget(self.tabs)
        self.tabs.currentChanged.connect(lambda _i: self._show_tabs_or_start())
        document.entityAdded.connect(lambda _id: self._show_tabs_or_start())
        document.entityRemoved.connect(lambda _id: self._show_tabs_or_start())
        self.tabs.currentEntityChanged.connect(self._current_changed)
        document.saveFailed.connect(lambda message: self.show_error(_("A change could not be saved"), message))
        # Reload after the failing undo command has returned, never inside it.
        document.changedOnDisk.connect(lambda message: QTimer.singleShot(0, lambda: self.reload_document(message)))
        document.fileGone.connect(self._file_gone)
        document.fileMoved.connect(self._file_moved)
        document.entityChanged.connect(self._maybe_retitle)
        document.campaignChanged.connect(self._update_actions)
        stack = document.undo_stack
        stack.canUndoChanged.connect(lambda _value: self._update_actions())
        stack.canRedoChanged.connect(lambda _value: self._update_actions())
        stack.undoTextChanged.connect(lambda _value: self._update_actions())
        stack.redoTextChanged.connect(lambda _value: self._update_actions())
        if loading:
            # A big campaign: its first sheet shows at once and takes keys while the rest of its
            # entries are validated a slice at a time; the table, the conflict dock and the
            # navigator join once every entry is in (they go over the whole campaign), and the
            # file becomes the last and a recent campaign only then (a bad entry found late
            # leaves the campaign unopened, as a whole open would have).
            self._loading_from = previous
            self._sheet_wanted = "restore"
            self._table_usable(False)
            # The sheet takes keys at once; the status bar says the rest is still coming in.
            self.statusBar().showMessage(_("Opening the campaign…"))
            document.loadStepped.connect(lambda: self._loading_stepped(document))
            document.loaded.connect(lambda: self._loaded(document))
            document.loadFailed.connect(lambda message: self._load_failed(document, message))
        else:
            self._remember_campaign(document)
            self._restore_tabs()  # loading: in a turn of its own (see _loading_stepped)
        self._show_tabs_or_start()
        self._retitle()
        if not loading:
            self._table_usable(True)  # after a big campaign that turned out bad, say
            self.table.set_document(document)
            self.encounters.set_document(document)
        self.table_mode.set_document(None if loading else document)
        self._current_changed(self.tabs.current_entity_id() or "")
        if loading:
            document.start_loading()
        elif getattr(self, "opening", False):
            # At start-up the first sheet comes first; the navigator fills in just after it.
            QTimer.singleShot(0, lambda: self._add_navigator(document))
        else:
            self._add_navigator(document)

    def _remember_campaign(self, document: CampaignDocument) -> None:
        path = str(document.path)
        self.settings.set(WindowState.LAST_CAMPAIGN, path)
        self.settings.add_recent(path)

    def _table_usable(self, usable: bool) -> None:
        """While a campaign loads, the table's pool and docks take no clicks, and the Table menu
        offers nothing (see _update_actions). The pool, the dice roller, the history, the
        conflict dock and the players' view show no campaign meanwhile rather than the one before."""
        for widget in (self.table.pool, self.table.dice_dock, self.table.history_dock, self.encounters.dock):
            if widget is not None:
                # First: a disabled dock gives up the focus at once, so emptying a panel does
                # not move the focus down it (and scroll the dock) on its way out.
                widget.setEnabled(usable)
        if not usable:
            self.table.document = None
            self.encounters.set_document(None)
            # Let go of the campaign before now, while it still exists: it is deleted before the
            # new one is whole, and its signals with it.
            if self.table.history_dock is not None:
                self.table.history_dock.show_for(None, None)
            if self.table.pool is not None:
                self.table.pool.set_document(None)
            if self.table.dice_dock is not None and self.table.dice_dock.document is not None:
                self.table.dice_dock.set_document(None)

    def _loading_stepped(self, document: CampaignDocument) -> None:
        """A slice of a big campaign was validated. Its first sheet: the tabs open last time
        (validated out of turn), or else its first player character as soon as that is in (the
        entries come in the file's order); built and shown in turns of their own."""
        if self.document is not document or self._sheet_wanted is None:
            return
        if self.tabs.count() and self._sheet_wanted == "pc":  # the user opened one meanwhile
            self._sheet_wanted = None
            return
        if self._sheet_wanted == "restore":
            self._sheet_wanted, self._pc_scan = "pc", 0
            current = self._restore_tabs(show=False)
            if current:
                self._sheet_wanted = None
                self._sheet_in_turns(document, current)
            return
        characters = document.campaign.characters
        first = next((c for c in characters[self._pc_scan:] if c.kind.value == "pc"), None)
        self._pc_scan = len(characters)
        if first is not None:
            self._sheet_wanted = None
            self._sheet_in_turns(document, first.id)

    def _sheet_in_turns(self, document: CampaignDocument, entity_id: str) -> None:
        """An entry's sheet while its campaign loads: built in the next turn of the event loop,
        shown (laid out) in the one after; the loading waits those two turns. Each is 20-30 ms
        at most on a quiet machine; together they were a step of 50-70 ms."""
        document.pause_loading(2)

        def build() -> None:
            tabs = self.tabs
            if self.document is not document or (tabs.count() and entity_id not in tabs.open_ids()):
                return  # another campaign, or the user opened something else meanwhile
            tabs.blockSignals(True)  # the tab is made current here; its sheet is built just below
            tabs.open(entity_id, lazy=True)
            tabs.setCurrentIndex(tabs.open_ids().index(entity_id))
            tabs.blockSignals(False)
            tabs.open(entity_id)  # builds the stand-in's sheet (still hidden behind the loading page)
            QTimer.singleShot(0, self, show)

        def show() -> None:
            if self.document is document:
                self._show_tabs_or_start()

        QTimer.singleShot(0, self, build)

    def _first_sheet(self, document: CampaignDocument) -> None:
        """Once the campaign is complete, if no slice showed a sheet: the tabs of last time or
        its first player character, as a campaign opened at once would show."""
        if self.document is not document or self._sheet_wanted is None:
            return
        self._sheet_wanted = None
        if not self.tabs.count():
            self._restore_tabs()

    def _loaded(self, document: CampaignDocument) -> None:
        """Every entry of a big campaign is in: the rest of the window joins, a step each."""
        if self.document is not document:
            return
        self._loading_from = None
        self.sample_if_refused = False
        if self.statusBar().currentMessage() == _("Opening the campaign…"):
            self.statusBar().clearMessage()
        steps = [lambda: self._first_sheet(document), lambda: self._remember_campaign(document),
                 self._show_tabs_or_start, lambda: self._table_usable(True),
                 lambda: self.table.set_document(document), lambda: self.encounters.set_document(document),
                 lambda: self.table_mode.set_document(document),
                 self._update_actions, lambda: self._add_navigator(document)]

        def next_step() -> None:
            if self.document is document and steps:
                steps.pop(0)()
                if steps:
                    QTimer.singleShot(0, self, next_step)

        QTimer.singleShot(0, self, next_step)

    def _load_failed(self, document: CampaignDocument, message: str) -> None:
        """An entry of a big campaign turned out bad: as when a whole open is refused, the
        campaign is not open (nothing was written) and the window says why; the campaign open
        before it comes back (at start-up: a copy of the sample, see app.py)."""
        if self.document is not document:
            return
        previous, self._loading_from = self._loading_from, None
        self.stack.removeWidget(self.tabs)
        self.tabs.deleteLater()
        self.tabs = None
        self.document = None
        document.close()
        document.deleteLater()
        self.read_only_watch.follow(None)
        self.problems.show_for(None, None)
        self.stack.setCurrentWidget(self.empty)
        self._retitle()
        self._update_actions()
        if self.statusBar().currentMessage() == _("Opening the campaign…"):
            self.statusBar().clearMessage()
        self.show_error(_("That campaign could not be opened"), message)
        sample, self.sample_if_refused = self.sample_if_refused, False
        if previous is not None:
            self.open_path(previous[0], readonly=previous[1])
        elif sample:
            from .opening import open_sample_copy

            open_sample_copy(self)

    def _add_navigator(self, document: CampaignDocument) -> None:
        from .navigator import NavigatorPanel

        if self.document is not document or self.navigator is not None:
            return  # another campaign was opened meanwhile
        self.navigator = NavigatorPanel(document)
        self.navigator_dock.setWidget(self.navigator)
        self.navigator.entityActivated.connect(self.keep_entity)
        self.navigator.previewRequested.connect(lambda entity_id: self.tabs.preview(entity_id))
        self.navigator.addRequested.connect(self.add_entry)
        self.navigator.duplicateRequested.connect(self.duplicate_entity)
        self.navigator.deleteRequested.connect(self.delete_entity)
        self.navigator.tree.selectionModel().currentChanged.connect(lambda *_: self._update_actions())
        current = self.tabs.current_entity_id()
        if current:
            self.navigator.select(current)
        self.pool_after_navigator()

    def pool_after_navigator(self) -> None:
        """The GM's fate point buttons come after the navigator in Tab order, not straight after
        the sheet's last field: a stray Tab and space from the notes would spend a GM point."""
        pool = self.table.pool
        if pool is None or self.navigator is None:
            return
        QWidget.setTabOrder(self.navigator.tree, pool.minus)
        QWidget.setTabOrder(pool.minus, pool.plus)
        QWidget.setTabOrder(pool.plus, pool.reset)

    def _show_tabs_or_start(self) -> None:
        """The tabs when an entry is open; otherwise the page with the first things to do."""
        if self.tabs is None or self.document is None:
            return
        if self.tabs.count():
            self.stack.setCurrentWidget(self.tabs)
        elif self.document.loading:
            self.stack.setCurrentWidget(self.loading_page)
        else:
            self.start_page.show_for(self.document.campaign)
            self.stack.setCurrentWidget(self.start_page)

    @property
    def welcome(self):
        """The banner over the sheet on the very first start (hidden until `show_welcome`).

        Built when first wanted: later starts never show it, and building it is a few ms of
        every start."""
        if self._welcome is None:
            from .start_page import WelcomeBanner

            self._welcome = WelcomeBanner(self.actions)
            self._welcome.hide()
            self.centralWidget().layout().insertWidget(0, self._welcome)
        return self._welcome

    def hide_welcome(self) -> None:
        if self._welcome is not None:
            self._welcome.hide()

    def show_welcome(self) -> None:
        """The welcome speaks of the sample campaign: it stays only while the sample is open."""
        self._welcome_for = self.document.path if self.document is not None else None
        self.welcome.show()

    def _restore_tabs(self, show: bool = True) -> str:
        """The tabs open when this campaign was last closed (each built when first shown), the
        current one shown unless not `show`; else its first player character. Returns the id
        of the tab to show ("" for none)."""
        ids, current = self.settings.open_tabs(str(self.document.path))
        self.tabs.blockSignals(True)  # the first tab added would otherwise be built at once
        for entity_id in ids:
            self.tabs.open(entity_id, lazy=True)
        self.tabs.blockSignals(False)
        current = current if current in ids else (ids[0] if ids else "")
        if not show and current and current not in self.tabs.open_ids():  # gone from the campaign
            current = self.tabs.open_ids()[0] if self.tabs.count() else ""
        if not self.tabs.count() and not self.document.loading:  # loading: see _loading_stepped
            first = next((c for c in self.document.campaign.characters if c.kind.value == "pc"), None)
            if first is not None:
                self.tabs.open(first.id)
                return first.id
        if current and show:
            self.tabs.open(current)
        return current

    def _remember_tabs(self) -> None:
        if self.document is not None and self.document.loading and self._sheet_wanted == "restore":
            return  # a big campaign's tabs of last time are not open yet: kept as they were
        if self.document is not None and self.tabs is not None:
            self.settings.set_open_tabs(str(self.document.path), self.tabs.open_ids(),
                                        self.tabs.current_entity_id() or "")

    def _retitle(self) -> None:
        name = self.document.campaign.name if self.document else ""
        if self.document is not None and self.document.readonly:
            name = _("{name} (read-only)").format(name=name or self.document.path.name)
        self.setWindowTitle(_("{name} — Fate Desk").format(name=name) if name else _("Fate Desk"))
        if self.document:
            self.setWindowFilePath(str(self.document.path))
        self._read_only_badge.setVisible(bool(self.document and self.document.readonly))

    def _maybe_retitle(self, entity_id: str) -> None:
        if not self.document.replacing:  # a campaign-wide step updates them once, when it is done
            self._update_actions()

    def _current_changed(self, entity_id: str) -> None:
        self.problems.show_for(self.document, entity_id or None)
        if entity_id and self.navigator:
            self.navigator.select(entity_id)
        self._remember_tabs()
        self._update_actions()

    def _update_actions(self) -> None:
        document = self.document
        stack = document.undo_stack if document else None
        undo, redo = self.actions["undo"], self.actions["redo"]
        undo.setEnabled(bool(stack and stack.canUndo()))
        redo.setEnabled(bool(stack and stack.canRedo()))
        # The menu names the step; the toolbar keeps a short, steady label (the step is its tooltip).
        undo.setText(_("&Undo {step}").format(step=short_step(stack.undoText()))
                     if stack and stack.canUndo() else _("&Undo"))
        redo.setText(_("&Redo {step}").format(step=short_step(stack.redoText()))
                     if stack and stack.canRedo() else _("&Redo"))
        undo.setIconText(_("Undo"))
        redo.setIconText(_("Redo"))
        native = QKeySequence.SequenceFormat.NativeText
        for action in (undo, redo):
            action.setToolTip(_("{command} ({shortcut})").format(command=action.text().replace("&", ""),
                                                                  shortcut=action.shortcut().toString(native)))
        selected = self.selected_entity()
        loading = document is not None and document.loading
        # Read-only: nothing offered that writes; loading: nothing but editing the entries shown.
        writable = document is not None and not document.readonly and not loading
        for action_id in ("duplicate", "delete"):
            self.actions[action_id].setEnabled(selected is not None and writable)
        character = self.current_character()
        self.actions["export_character"].setEnabled(character is not None)
        for action_id in ("save_copy", "find"):
            self.actions[action_id].setEnabled(document is not None and not loading)
        for action_id in ("restore_backup", "import", "add_pc", "add_entry", "quick_npc"):
            self.actions[action_id].setEnabled(writable)
        self.actions["export_pdf"].setEnabled(document is not None and not loading)
        self.actions["export_for"].setEnabled(bool(document and not loading and document.campaign.characters))
        self.table.update_actions()
        self.encounters.update_actions()
        self.table_mode.update_actions()

    # --- entries -------------------------------------------------------------------------

    def open_entity(self, entity_id: str):
        return self.tabs.open(entity_id) if self.tabs else None

    def keep_entity(self, entity_id: str):
        """Open an entry in a tab of its own (a double-click, or Enter, in the navigator)."""
        editor = self.open_entity(entity_id)
        if self.tabs:
            self.tabs.keep(entity_id)
        return editor

    def selected_entity(self) -> str | None:
        """The entry the user is working on: the navigator's selection, else the current tab."""
        if self.navigator is not None:
            selected = self.navigator.current_entity()
            if selected and self.document.entity(selected) is not None:
                return selected
        return self.tabs.current_entity_id() if self.tabs else None

    def current_character(self):
        entity_id = self.tabs.current_entity_id() if self.tabs else None
        if not entity_id:
            return None  # before the first campaign too, when the models are not loaded yet
        from fate_desk.model import Character

        entity = self.document.entity(entity_id)
        return entity if isinstance(entity, Character) else None

    def add_entry(self, kind_key: str):
        if self.document is None:
            return None
        entity = self.document.add_new(kind_key)
        if entity is None:  # open read-only: the document has said so
            return None
        if self.navigator is not None:
            self.navigator.select(entity.id)
        editor = self.open_entity(entity.id)
        self.statusBar().showMessage(
            _("Added “{name}”: type its name to rename it.").format(name=display_name(entity)), 4000)
        if editor is not None and hasattr(editor, "name_edit"):
            editor.name_edit.setFocus()
            editor.name_edit.selectAll()
        return entity

    def duplicate_entity(self, entity_id: str):
        copy = self.document.duplicate(entity_id) if self.document else None
        if copy is not None and self.navigator is not None:
            self.navigator.select(copy.id)
        if copy is not None:
            self.open_entity(copy.id)
        return copy

    def duplicate_selected(self):
        selected = self.selected_entity()
        return self.duplicate_entity(selected) if selected else None

    def delete_selected(self) -> None:
        selected = self.selected_entity()
        if selected:
            self.delete_entity(selected)

    def delete_entity(self, entity_id: str) -> None:
        entity = self.document.entity(entity_id) if self.document else None
        if entity is None:
            return
        self.document.remove(entity_id)
        self.undo_notice.offer(_("Deleted {name} —").format(name=display_name(entity)), self.document.undo_stack)

    def focus_filter(self) -> None:
        if self.navigator:
            self.navigator_dock.show()
            self.navigator.filter_edit.setFocus()
            self.navigator.filter_edit.selectAll()

    def focus_problem(self, path: str) -> None:
        editor = self.tabs.current_editor() if self.tabs else None
        if editor is not None:
            editor.focus_path(path)

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
        geometry = self.settings.get(WindowState.GEOMETRY)
        if not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:  # the first start: 1280x800 at most, never taller than a laptop's screen with the frame
            from .screen_fit import fit_window

            fit_window(self, QSize(1280, 800))
        state = self.settings.get(WindowState.DOCKS)
        if not state.isEmpty():
            self.restoreState(state, self._state_version())  # refused when the direction differs
        self.sync_dock_actions()

    def save_state(self) -> None:
        self.settings.set(WindowState.GEOMETRY, self.saveGeometry())
        self.settings.set(WindowState.DOCKS, self.saveState(self._state_version()))
        self.settings.set(WindowState.SHOWN_DOCKS, [dock.objectName() for dock in self.findChildren(QDockWidget)
                                                    if not dock.isHidden()])
        self._remember_tabs()
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        self.encounters.close()
        self.table_mode.close()
        if self.document is not None:
            self.document.close()
        super().closeEvent(event)


def _first_stop(panel: QWidget) -> QWidget | None:
    """The first control in `panel` that Tab would stop at."""
    widget = panel.nextInFocusChain()
    for _unused in range(2000):  # the chain is a ring through the whole window
        if widget is panel:
            break
        if (panel.isAncestorOf(widget) and widget.isVisible() and widget.isEnabled()
                and widget.focusPolicy() & Qt.FocusPolicy.TabFocus and not widget.visibleRegion().isEmpty()):
            return widget
        widget = widget.nextInFocusChain()
    return None
