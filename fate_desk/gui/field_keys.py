"""Keys every field and button of the app answers the same way, wherever it is:

- a numeric field (a spin box, in a form, a table or a delegate) selects its contents when it
  takes the focus, so typing replaces the number: "1" typed over "0" is 1, never 10;
- Enter or Return on a focused push or tool button presses it, as Space does (Qt does so only
  in dialogs; a check box keeps Enter for its dialog's default button);
- Tab leaves a multi-line field, as it leaves every other field; Ctrl+Tab types a tab in it.

One object follows the application's focus (as the focus ring does) and watches only the
widget that has it, so no other event passes through Python.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractSpinBox, QApplication, QPlainTextEdit, QPushButton, QTextEdit, QToolButton, QWidget,
)

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class FieldKeys(QObject):
    """Installed once on the application (see `app._install_app_wide`)."""

    def __init__(self, app: QApplication):
        super().__init__(app)
        self._watched: QWidget | None = None
        app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old, new) -> None:
        # `_old` may be half destroyed: never touch it (see focus_ring).
        self._unwatch()
        if new is None:
            return
        if isinstance(new, QAbstractSpinBox):
            # After the event that gave the focus: a click places the cursor first, then this.
            QTimer.singleShot(0, self, lambda spin=new: _select_all(spin))
        elif isinstance(new, (QPlainTextEdit, QTextEdit)):
            if not new.isReadOnly():
                new.setTabChangesFocus(True)
                self._watch(new)
        elif isinstance(new, (QPushButton, QToolButton)):  # a check box keeps Enter for its dialog
            self._watch(new)

    def _watch(self, widget: QWidget) -> None:
        widget.installEventFilter(self)
        self._watched = widget

    def _unwatch(self) -> None:
        widget, self._watched = self._watched, None
        if widget is not None and shiboken6.isValid(widget):
            widget.removeEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() != QEvent.Type.KeyPress or event.isAutoRepeat():
            return False
        key, modifiers = event.key(), event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if isinstance(watched, (QPushButton, QToolButton)):
            if key in _ENTER and modifiers == Qt.KeyboardModifier.NoModifier and watched.isEnabled():
                watched.click()
                return True
            return False
        if isinstance(watched, (QPlainTextEdit, QTextEdit)) and key == Qt.Key.Key_Tab \
                and modifiers == Qt.KeyboardModifier.ControlModifier:
            watched.textCursor().insertText("\t")
            watched.ensureCursorVisible()
            return True
        return False


def _select_all(spin: QAbstractSpinBox) -> None:
    if shiboken6.isValid(spin) and spin.hasFocus():
        spin.selectAll()
