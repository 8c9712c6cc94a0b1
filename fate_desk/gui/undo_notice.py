"""'Deleted X — Undo' in the status bar: deleting asks nothing, so taking it back is one click away."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QStatusBar, QWidget

from fate_desk.i18n import _

SHOWN_FOR_MS = 10_000


class UndoNotice(QWidget):
    """A status bar line with an Undo button; it goes away after a while or once the step
    it offers to undo is no longer the last one."""

    def __init__(self, status_bar: QStatusBar):
        super().__init__(status_bar)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.button = QPushButton(_("Undo"))
        self.button.setToolTip(_("Take the deletion back (Ctrl+Z does the same)"))
        layout.addWidget(self.label)
        layout.addWidget(self.button)
        status_bar.addWidget(self)
        self.hide()
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.hide)
        self.button.clicked.connect(self._undo)
        self.stack = None
        self.index = -1

    def offer(self, text: str, stack) -> None:
        """Say what happened and offer to undo the step just pushed on `stack`."""
        self._forget()
        self.stack, self.index = stack, stack.index()
        stack.indexChanged.connect(self._stack_moved)
        # Another campaign opened since: its document (and this stack) is gone with it.
        stack.destroyed.connect(self._stack_gone)
        self.parentWidget().clearMessage()
        self.label.setText(text)
        self.show()
        self.timer.start(SHOWN_FOR_MS)

    def _forget(self) -> None:
        if self.stack is not None:
            self.stack.indexChanged.disconnect(self._stack_moved)
            self.stack.destroyed.disconnect(self._stack_gone)
        self.stack = None

    def _stack_gone(self, _object=None) -> None:
        self.stack = None
        self.hide()

    def _stack_moved(self, index: int) -> None:
        if index != self.index:
            self.hide()

    def _undo(self) -> None:
        self.hide()
        if self.stack is not None and self.stack.index() == self.index:
            self.stack.undo()


_QUOTES = (("“", "”"), ("‘", "’"), ("«", "»"))


def short_step(text: str, limit: int = 60) -> str:
    """A step's name for a menu or a button: whole words up to `limit` characters, "…" where it
    was cut, and every quotation mark it opened closed again."""
    text = " ".join(text.split())
    if len(text) > limit:
        head = text[:limit + 1]
        cut = head.rsplit(" ", 1)[0] if " " in head else text[:limit]
        text = cut.rstrip(" ,;:.—–-") + "…"
    for opening, closing in _QUOTES:
        text += closing * max(0, text.count(opening) - text.count(closing))
    if text.count('"') % 2:
        text += '"'
    return text
