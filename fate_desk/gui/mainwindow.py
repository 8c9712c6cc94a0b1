"""The main window: navigator and problems docks, editor tabs, menus and toolbar from the registry."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QActionGroup, QCloseEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QMessageBox, QStackedWidget, QToolButton

from .actions import build_actions, build_menus, build_toolbar
from .file_actions import FileActions
from .icons import icon
from .kinds import BY_KEY, KINDS
from .problems import ProblemsDock
from .settings import Preferences, Settings, WindowState
from .table.desk import TableDesk
from .theme import THEMES, apply_theme

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
        self.table = TableDesk(self)
        self.setWindowTitle("Fate Desk")
        self.resize(1280, 800)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowNestedDocks)

        self.actions = build_actions(self, self._handlers())
        self.menus = build_menus(self, self.actions)
        self.toolbar = build_toolbar(self, self.actions)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._fill_add_menu()
        self._fill_theme_menu()
        self.actions["open_recent"].menu().aboutToShow.connect(self._fill_recent_menu)

        self.stack = QStackedWidget()
        self.empty = QLabel("No campaign is open. Use File ▸ New campaign or File ▸ Open.")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.stack.addWidget(self.empty)
        self.setCentralWidget(self.stack)

        self.navigator_dock = QDockWidget("Campaign", self)
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
        self.table.install()
        self._update_actions()

    @property
    def catalog(self):
        """The rule sets, read when first needed (with the first campaign, after the window painted)."""
        if self._catalog is None:
            from fate_desk.rules import default_catalog

            self._catalog = default_catalog()
        return self._catalog

    # --- registry wiring -----------------------------------------------------------------

    def _handlers(self) -> dict:
        return {
            "new_campaign": self.files.new_campaign,
            "open_campaign": self.files.open_dialog,
            "save_copy": self.files.save_copy_dialog,
            "import": self.files.import_dialog,
            "export_character": self.files.export_dialog,
            "export_pdf": self.files.print_pdf_dialog,
            "quit": self.close,
            "undo": lambda: self.document and self.document.undo_stack.undo(),
            "redo": lambda: self.document and self.document.undo_stack.redo(),
            "find": self.focus_filter,
            "add_pc": lambda: self.add_entry("pc"),
            "quick_npc": self._quick_npc,
            "duplicate": self.duplicate_selected,
            "delete": self.delete_selected,
            "close_tab": lambda: self.tabs and self.tabs.close_current(),
            "user_guide": self.files.show_user_guide,
            "about": self.files.about,
            **self.table.handlers(),
        }

    def _quick_npc(self):
        from .gm.actions import quick_npc

        return quick_npc(self)

    def _bind_toggle(self, action_id: str, dock: QDockWidget) -> None:
        action = self.actions[action_id]
        action.setCheckable(True)
        action.setChecked(True)
        # triggered (the user's click), not toggled: hiding with a minimised window must not stick
        action.triggered.connect(dock.setVisible)
        dock.visibilityChanged.connect(action.setChecked)

    def _fill_add_menu(self) -> None:
        menu = self.actions["add_entry"].menu()
        for kind in KINDS:
            action = menu.addAction(icon(kind.icon), kind.singular)
            action.triggered.connect(lambda _=False, k=kind.key: self.add_entry(k))
        button = self.toolbar.widgetForAction(self.actions["add_entry"])
        if isinstance(button, QToolButton):
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)

    def _fill_theme_menu(self) -> None:
        menu = self.actions["theme"].menu()
        group = QActionGroup(self)
        current = self.settings.get(Preferences.THEME)
        for theme in THEMES:
            action = menu.addAction(theme.capitalize())
            action.setCheckable(True)
            action.setChecked(theme == current)
            group.addAction(action)
            action.triggered.connect(lambda _=False, t=theme: self.set_theme(t))

    def set_theme(self, theme: str) -> None:
        self.settings.set(Preferences.THEME, theme)
        apply_theme(QApplication.instance(), theme)

    def _fill_recent_menu(self) -> None:
        menu = self.actions["open_recent"].menu()
        menu.clear()
        recent = [p for p in self.settings.get(WindowState.RECENT) if Path(p).is_file()]
        for path in recent:
            action = menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if not recent:
            menu.addAction("No recent campaigns").setEnabled(False)

    # --- the document --------------------------------------------------------------------

    def open_path(self, path) -> bool:
        """Open a campaign (or bundle); on failure say why and keep what is open."""
        # The campaign's modules (document, navigator, editors, the sheet) load with the first
        # campaign, after the window has painted, not when the window is built.
        from fate_desk.store.interchange import FileFormatError

        from .document import CampaignDocument
        from .opening import open_campaign

        try:
            handle, note = open_campaign(Path(path))
        except FileFormatError as exc:
            self.show_error("That campaign could not be opened", str(exc))
            return False
        self.set_document(CampaignDocument(handle, self.catalog))
        if note:
            self.statusBar().showMessage(note, 8000)
        return True

    def set_document(self, document: CampaignDocument) -> None:
        from . import gm  # noqa: F401  (registers the GM prep editors)
        from .editors import EditorTabs
        from .navigator import NavigatorPanel

        if self.document is not None:
            self._remember_tabs()
            old, old_tabs, old_nav = self.document, self.tabs, self.navigator
            self.stack.removeWidget(old_tabs)
            old_tabs.deleteLater()
            old_nav.deleteLater()
            old.close()
            old.deleteLater()
        self.document = document
        self.navigator = NavigatorPanel(document)
        self.navigator_dock.setWidget(self.navigator)
        self.tabs = EditorTabs(document)
        self.stack.addWidget(self.tabs)
        self.stack.setCurrentWidget(self.tabs)
        self.navigator.entityActivated.connect(self.open_entity)
        self.navigator.addRequested.connect(self.add_entry)
        self.navigator.duplicateRequested.connect(self.duplicate_entity)
        self.navigator.deleteRequested.connect(document.remove)
        self.navigator.tree.selectionModel().currentChanged.connect(lambda *_: self._update_actions())
        self.tabs.currentEntityChanged.connect(self._current_changed)
        document.saveFailed.connect(lambda message: self.show_error("A change could not be saved", message))
        document.entityChanged.connect(self._maybe_retitle)
        document.campaignChanged.connect(self._update_actions)
        stack = document.undo_stack
        stack.canUndoChanged.connect(lambda _: self._update_actions())
        stack.canRedoChanged.connect(lambda _: self._update_actions())
        stack.undoTextChanged.connect(lambda _: self._update_actions())
        stack.redoTextChanged.connect(lambda _: self._update_actions())
        path = str(document.path)
        self.settings.set(WindowState.LAST_CAMPAIGN, path)
        self.settings.add_recent(path)
        self._restore_tabs()
        self._retitle()
        self.table.set_document(document)
        self._current_changed(self.tabs.current_entity_id() or "")

    def _restore_tabs(self) -> None:
        ids, current = self.settings.open_tabs(str(self.document.path))
        self.tabs.blockSignals(True)  # the first tab added would otherwise be built at once
        for entity_id in ids:
            self.tabs.open(entity_id, lazy=True)
        self.tabs.blockSignals(False)
        current = current if current in ids else (ids[0] if ids else "")
        if not self.tabs.count():
            first = next((c for c in self.document.campaign.characters if c.kind.value == "pc"), None)
            if first is not None:
                self.tabs.open(first.id)
        if current:
            self.tabs.open(current)

    def _remember_tabs(self) -> None:
        if self.document is not None and self.tabs is not None:
            self.settings.set_open_tabs(str(self.document.path), self.tabs.open_ids(),
                                        self.tabs.current_entity_id() or "")

    def _retitle(self) -> None:
        name = self.document.campaign.name if self.document else ""
        self.setWindowTitle(f"{name} — Fate Desk" if name else "Fate Desk")
        if self.document:
            self.setWindowFilePath(str(self.document.path))

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
        undo.setText(f"&Undo {stack.undoText()}" if stack and stack.canUndo() else "&Undo")
        redo.setText(f"&Redo {stack.redoText()}" if stack and stack.canRedo() else "&Redo")
        selected = self.selected_entity()
        for action_id in ("duplicate", "delete"):
            self.actions[action_id].setEnabled(selected is not None)
        character = self.current_character()
        self.actions["export_character"].setEnabled(character is not None)
        for action_id in ("save_copy", "import", "add_pc", "add_entry", "find", "quick_npc"):
            self.actions[action_id].setEnabled(document is not None)
        self.actions["export_pdf"].setEnabled(document is not None)
        self.table.update_actions()

    # --- entries -------------------------------------------------------------------------

    def open_entity(self, entity_id: str):
        return self.tabs.open(entity_id) if self.tabs else None

    def selected_entity(self) -> str | None:
        """The entry the user is working on: the navigator's selection, else the current tab."""
        if self.navigator is not None:
            selected = self.navigator.current_entity()
            if selected and self.document.entity(selected) is not None:
                return selected
        return self.tabs.current_entity_id() if self.tabs else None

    def current_character(self):
        from fate_desk.model import Character

        entity_id = self.tabs.current_entity_id() if self.tabs else None
        entity = self.document.entity(entity_id) if entity_id else None
        return entity if isinstance(entity, Character) else None

    def add_entry(self, kind_key: str):
        if self.document is None:
            return None
        entity = self.document.add_new(kind_key)
        self.navigator.select(entity.id)
        editor = self.open_entity(entity.id)
        self.statusBar().showMessage(f"Added a {BY_KEY[kind_key].singular.lower()}", 4000)
        if editor is not None and hasattr(editor, "name_edit"):
            editor.name_edit.setFocus()
            editor.name_edit.selectAll()
        return entity

    def duplicate_entity(self, entity_id: str):
        copy = self.document.duplicate(entity_id) if self.document else None
        if copy is not None:
            self.navigator.select(copy.id)
            self.open_entity(copy.id)
        return copy

    def duplicate_selected(self):
        selected = self.selected_entity()
        return self.duplicate_entity(selected) if selected else None

    def delete_selected(self) -> None:
        selected = self.selected_entity()
        if selected and self.document:
            self.document.remove(selected)
            self.statusBar().showMessage("Deleted. Edit ▸ Undo brings it back.", 6000)

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

    def restore_state(self) -> None:
        geometry = self.settings.get(WindowState.GEOMETRY)
        if not geometry.isEmpty():
            self.restoreGeometry(geometry)
        state = self.settings.get(WindowState.DOCKS)
        if not state.isEmpty():
            self.restoreState(state)

    def save_state(self) -> None:
        self.settings.set(WindowState.GEOMETRY, self.saveGeometry())
        self.settings.set(WindowState.DOCKS, self.saveState())
        self._remember_tabs()
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        if self.document is not None:
            self.document.close()
        super().closeEvent(event)
