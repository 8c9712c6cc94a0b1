"""The Edit menu and the campaign navigator: undo and redo, finding, adding, duplicating and
deleting entries (the navigator's selection, else the open tab)."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolButton, QWidget
from shiboken6 import isValid

from fate_desk.i18n import _

from .desk import Desk
from .icons import icon
from .kinds import BY_KEY, KINDS, display_name
from .undo_notice import short_step


class EditDesk(Desk):
    def __init__(self, window):
        super().__init__(window)
        # The start page's "New scene" (and the Add menu's entries) act through this desk.
        self.add_scene_action = QAction(icon(BY_KEY["scene"].icon), _("New scene"), window)
        self.add_scene_action.triggered.connect(lambda: self.add_entry("scene"))
        self._stack_seen: tuple = ()  # what the actions last showed of the undo stack

    def handlers(self) -> dict:
        stack = lambda: self.window.document and self.window.document.undo_stack  # noqa: E731
        return {
            "undo": lambda: stack() and stack().undo(),
            "redo": lambda: stack() and stack().redo(),
            "find": self.focus_filter,
            "add_pc": lambda: self.add_entry("pc"),
            "quick_npc": self._quick_npc,
            "duplicate": self.duplicate_selected,
            "delete": self.delete_selected,
        }

    def install(self) -> None:
        window = self.window
        menu = window.actions["add_entry"].menu()
        for kind in KINDS:
            action = menu.addAction(icon(kind.icon), _(kind.singular))
            action.setObjectName(f"add_{kind.key}")
            action.triggered.connect(lambda _checked=False, k=kind.key: self.add_entry(k))
        button = window.toolbar.widgetForAction(window.actions["add_entry"])
        if isinstance(button, QToolButton):
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)

    def document_changed(self, document) -> None:
        super().document_changed(document)
        self._stack_seen = ()
        if document is None:
            return
        stack = document.undo_stack
        # A step pushed, undone or redone moves the index; a typed word merged into the step
        # before moves nothing and asks for nothing (it changes no action). A campaign closed
        # (its stack cleared as it goes, perhaps after the window's tabs) asks nothing either.
        # Qt sends all three signals for every key merged into a step: the window's actions are
        # gone over only when what they show of the stack has changed.
        for signal in (stack.indexChanged, stack.undoTextChanged, stack.redoTextChanged):
            signal.connect(lambda _value, d=document: self._stack_moved(d))

    def _stack_moved(self, document) -> None:
        if self.window.document is not document:
            return
        stack = document.undo_stack
        if not isValid(stack):  # a stack being destroyed clears itself, and says so, as it goes
            return
        state = (stack.index(), stack.count(), stack.undoText(), stack.redoText())
        if state != self._stack_seen:
            self._stack_seen = state
            self.window.update_actions()

    def update_actions(self) -> None:
        window = self.window
        document = window.document
        stack = document.undo_stack if document else None
        undo, redo = window.actions["undo"], window.actions["redo"]
        # The menu names the step; the toolbar keeps a short, steady label (the step is its tooltip).
        # Each is set only when it changes: a changed action redraws its menu entry and button.
        native = QKeySequence.SequenceFormat.NativeText
        for action, able, text, plain, short in (
                (undo, stack is not None and stack.canUndo(), stack.undoText() if stack else "", _("&Undo"), _("Undo")),
                (redo, stack is not None and stack.canRedo(), stack.redoText() if stack else "", _("&Redo"), _("Redo"))):
            wording = (_("&Undo {step}") if action is undo else _("&Redo {step}")).format(step=short_step(text))
            _set(action, enabled=able, text=wording if able else plain, iconText=short)
            _set(action, toolTip=_("{command} ({shortcut})").format(command=action.text().replace("&", ""),
                                                                     shortcut=action.shortcut().toString(native)))
        # Read-only: nothing offered that writes; loading: nothing but editing the entries shown.
        editable = self.editable
        selected = self.selected_entity() if editable else None
        for action_id in ("duplicate", "delete"):
            _set(window.actions[action_id], enabled=selected is not None)
        _set(window.actions["find"], enabled=self.whole)
        for action_id in ("add_pc", "add_entry", "quick_npc"):
            _set(window.actions[action_id], enabled=editable)

    # --- the navigator ----------------------------------------------------------------------

    def add_navigator(self, document) -> None:
        """The navigator for a whole campaign (it fills in slices of its own)."""
        # Deferred: gui.navigator loads with the campaign, after the window's first paint.
        from .navigator import NavigatorPanel

        window = self.window
        if window.document is not document or window.navigator is not None:
            return  # another campaign was opened meanwhile
        navigator = NavigatorPanel(document)
        window.show_navigator(navigator)
        navigator.entityActivated.connect(window.sheets.keep_entity)
        navigator.previewRequested.connect(lambda entity_id: window.tabs.preview(entity_id))
        navigator.addRequested.connect(self.add_entry)
        navigator.duplicateRequested.connect(self.duplicate_entity)
        navigator.deleteRequested.connect(self.delete_entity)
        for view in (navigator.tree, navigator.results):
            view.selectionModel().currentChanged.connect(lambda *_: window.update_actions())
        current = window.tabs.current_entity_id()
        if current:
            navigator.select(current)
        self.pool_after_navigator()

    def pool_after_navigator(self) -> None:
        """The GM's fate point buttons come after the navigator in Tab order, not straight after
        the sheet's last field: a stray Tab and space from the notes would spend a GM point."""
        pool = self.window.table.pool
        navigator = self.window.navigator
        if pool is None or navigator is None:
            return
        QWidget.setTabOrder(navigator.tree, pool.minus)
        QWidget.setTabOrder(pool.minus, pool.plus)
        QWidget.setTabOrder(pool.plus, pool.reset)

    def focus_filter(self) -> None:
        navigator = self.window.navigator
        if navigator:
            self.window.navigator_dock.show()
            navigator.filter_edit.setFocus()
            navigator.filter_edit.selectAll()

    # --- entries -------------------------------------------------------------------------------

    def selected_entity(self) -> str | None:
        """The entry the user is working on: the navigator's selection, else the current tab."""
        window = self.window
        if window.navigator is not None:
            selected = window.navigator.current_entity()
            if selected and window.document.entity(selected) is not None:
                return selected
        return window.tabs.current_entity_id() if window.tabs else None

    def add_entry(self, kind_key: str):
        window = self.window
        if window.document is None:
            return None
        entity = window.document.add_new(kind_key)
        if entity is None:  # open read-only: the document has said so
            return None
        if window.navigator is not None:
            window.navigator.select(entity.id)
        editor = window.sheets.open_entity(entity.id)
        window.statusBar().showMessage(
            _("Added “{name}”: type its name to rename it.").format(name=display_name(entity)), 4000)
        if editor is not None and hasattr(editor, "name_edit"):
            editor.name_edit.setFocus()
            editor.name_edit.selectAll()
        return entity

    def _quick_npc(self):
        # Deferred: gui.gm.actions (~16 ms, 8 modules) is not loaded at start-up, only on first use.
        from .gm.actions import quick_npc

        return quick_npc(self.window)

    def duplicate_entity(self, entity_id: str):
        window = self.window
        copy = window.document.duplicate(entity_id) if window.document else None
        if copy is not None and window.navigator is not None:
            window.navigator.select(copy.id)
        if copy is not None:
            window.sheets.open_entity(copy.id)
        return copy

    def duplicate_selected(self):
        selected = self.selected_entity()
        return self.duplicate_entity(selected) if selected else None

    def delete_selected(self) -> None:
        selected = self.selected_entity()
        if selected:
            self.delete_entity(selected)

    def delete_entity(self, entity_id: str) -> None:
        document = self.window.document
        entity = document.entity(entity_id) if document else None
        if entity is None:
            return
        document.remove(entity_id)
        self.window.undo_notice.offer(_("Deleted {name} —").format(name=display_name(entity)), document.undo_stack)


def _set(action: QAction, **wanted) -> None:
    """Set an action's properties that differ from what it has (enabled, text, iconText, toolTip)."""
    for name, value in wanted.items():
        if getattr(action, "isEnabled" if name == "enabled" else name)() != value:
            getattr(action, "set" + name[0].upper() + name[1:])(value)
