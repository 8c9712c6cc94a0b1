"""One undo history: Ctrl+Z / Ctrl+Shift+Z in any field of the main window go to the app's stack.

Qt's text fields keep an undo history of their own and claim the undo keys before the window's
shortcuts see them. That second history undid text the app had already saved and cleared the
app's Redo, so the keys are taken from the fields and handed to the window's actions instead.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QLineEdit, QMenu, QPlainTextEdit, QTextEdit, QWidget

_TEXT_FIELDS = (QLineEdit, QPlainTextEdit, QTextEdit, QAbstractSpinBox, QComboBox)


class UndoKeys(QObject):
    """Takes the undo keys and the right-click menu of the text field of `window` that has the
    focus (watching only that field: a filter on the whole application ran Python for every
    event the app handled, and a step that repaints much, such as ending a scene at 10,000
    entries, spent a third of its time there)."""

    def __init__(self, window: QWidget, undo: QAction, redo: QAction):
        super().__init__(window)
        self.window = window
        self.undo = undo
        self.redo = redo
        self._watched: list[QWidget] = []

    def follow_focus(self, _old: QWidget | None, new: QWidget | None) -> None:
        """QApplication.focusChanged: watch the field that has the focus now, if it is one of ours."""
        for widget in self._watched:
            try:
                widget.removeEventFilter(self)
            except RuntimeError:  # deleted with its sheet meanwhile
                pass
        self._watched = []
        if isinstance(new, _TEXT_FIELDS) and new.window() is self.window:  # a dialog's fields keep their own keys
            self._watched = [new]
            if isinstance(new, (QPlainTextEdit, QTextEdit)):
                self._watched.append(new.viewport())  # a right-click there is the field's
            for widget in self._watched:
                widget.installEventFilter(self)

    def _which(self, watched, event) -> QAction | None:
        if not isinstance(watched, _TEXT_FIELDS) or not isinstance(event, QKeyEvent):
            return None
        if event.matches(QKeySequence.StandardKey.Undo):
            return self.undo
        if event.matches(QKeySequence.StandardKey.Redo):
            return self.redo
        return None

    def context_menu(self, field: QLineEdit | QPlainTextEdit) -> QMenu:
        """The field's usual menu, with its Undo and Redo replaced by the app's (named steps)."""
        menu = field.createStandardContextMenu()
        for action in menu.actions():
            ours = {"edit-undo": self.undo, "edit-redo": self.redo}.get(action.objectName())
            if ours is not None:
                menu.insertAction(action, ours)
                menu.removeAction(action)
        return menu

    def eventFilter(self, watched, event) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ContextMenu:
            field = watched if isinstance(watched, (QLineEdit, QPlainTextEdit)) else watched.parentWidget()
            if isinstance(field, (QLineEdit, QPlainTextEdit)):  # only our window's fields are watched
                menu = self.context_menu(field)
                menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
                menu.popup(event.globalPos())
                return True
            return False
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        action = self._which(watched, event)
        if action is None:
            return False
        if kind == QEvent.Type.ShortcutOverride:
            # Not accepting the override lets the window's shortcut fire; eating the event keeps
            # the field from claiming the key.
            event.ignore()
            return True
        # No shortcut took the key (another binding of the same step, or nothing to undo): run the
        # app's step here; the field must never undo on its own.
        if action.isEnabled():
            action.trigger()
        return True


def route_undo_keys(app, window: QWidget, undo: QAction, redo: QAction) -> UndoKeys:
    keys = UndoKeys(window, undo, redo)
    app.focusChanged.connect(keys.follow_focus)
    keys.follow_focus(None, app.focusWidget())
    return keys
