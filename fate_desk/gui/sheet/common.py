"""Small helpers shared by the sheet sections."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QWidget

PROBLEM_STYLE = """
QLineEdit[problem="error"], QPlainTextEdit[problem="error"], QFrame[problem="error"] {
    border: 2px solid #d32f2f; border-radius: 3px; }
QLineEdit[problem="warning"], QPlainTextEdit[problem="warning"], QFrame[problem="warning"] {
    border: 2px solid #e0a100; border-radius: 3px; }
QGroupBox[problem="error"]::title { color: #d32f2f; }
QGroupBox[problem="warning"]::title { color: #b07d00; }
QLabel[problem="error"] { color: #d32f2f; }
QLabel[problem="warning"] { color: #b07d00; }
"""


def set_text(widget: QLineEdit | QPlainTextEdit, text: str) -> None:
    """Show `text` without firing edit signals, and leave the widget alone if it already shows it."""
    current = widget.text() if isinstance(widget, QLineEdit) else widget.toPlainText()
    if current == text:
        return
    with QSignalBlocker(widget):
        if isinstance(widget, QLineEdit):
            position = widget.cursorPosition()
            widget.setText(text)
            widget.setCursorPosition(min(position, len(text)))
        else:
            widget.setPlainText(text)


def mark(widget: QWidget, severity: str | None, message: str = "") -> None:
    """Flag a field with the worst problem it has (styled by PROBLEM_STYLE), or clear the flag."""
    value = severity or ""
    if widget.property("problem") == value and widget.property("problemMessage") == message:
        return
    widget.setProperty("problem", value)
    widget.setProperty("problemMessage", message)
    widget.setToolTip(message)
    widget.style().unpolish(widget)
    widget.style().polish(widget)
    widget.update()
