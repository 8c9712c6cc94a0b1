"""A campaign opened read-only: its editors show everything, let text be selected and copied,
and offer nothing that would change it (rather than refusing each edit after the click)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractButton, QAbstractItemView, QAbstractSlider, QAbstractSpinBox, QComboBox, QLineEdit, QPlainTextEdit,
    QScrollBar, QTabBar, QTextEdit, QWidget,
)


def lock_if_read_only(document, editor: QWidget) -> None:
    if document is not None and document.readonly:
        lock_editing(editor)


def lock_editing(root: QWidget) -> None:
    """Text fields become read-only (still readable at full contrast, still selectable); buttons,
    combo boxes and sliders that would change something are disabled; lists stop editing and
    dragging. A widget with `set_read_only` (the skill pyramid) decides for itself."""
    for widget in [root, *root.findChildren(QWidget)]:
        hook = getattr(widget, "set_read_only", None)
        if callable(hook):
            hook(True)
        elif isinstance(widget, (QLineEdit, QPlainTextEdit, QTextEdit, QAbstractSpinBox)):
            widget.setReadOnly(True)
        elif isinstance(widget, QAbstractItemView):
            widget.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            widget.setDragDropMode(QAbstractItemView.DragDropMode.NoDragDrop)
        elif isinstance(widget, (QAbstractButton, QComboBox, QAbstractSlider)) and not _moves_around(widget):
            widget.setEnabled(False)


def _moves_around(widget: QWidget) -> bool:
    """Scroll bars and a tab bar's own arrows move the view, not the campaign."""
    return isinstance(widget, QScrollBar) or isinstance(widget.parentWidget(), QTabBar)
