"""Files handed to the running app from outside: a second launch (through the single-instance
socket) and, on macOS, the Finder, which opens a document by sending the app a file-open event
rather than starting it with the file's name.

Each is opened once the window is free: never while a dialog is up over it (an import asking
about duplicates, its progress while the file is read, a question about the open campaign).
Work in hand there belongs to the campaign it began in; a campaign opened under it took that
work with it (an import from campaign A, with campaign B opened by a second launch meanwhile,
went into B).
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication


class Arrivals(QObject):
    """Holds arriving paths until the window is free, then hands them to it in order."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._receiver: Callable[[str], None] | None = None
        self._ready: Callable[[], bool] = lambda: True
        self._pending: list[str] = []
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(150)
        self._later.timeout.connect(self._hand_on)

    def deliver_to(self, receiver: Callable[[str], None], ready: Callable[[], bool] | None = None) -> None:
        """Where arrivals go (the window's `receive_file`); `ready` says when it can take them
        (not while the first campaign is still being opened)."""
        self._receiver = receiver
        self._ready = ready or (lambda: True)
        self._hand_on()

    def arrive(self, path: str) -> None:
        """A path to open ("" only brings the window forward)."""
        self._pending.append(path)
        self._hand_on()

    def busy(self) -> bool:
        """A dialog is up (it has work of the open campaign in hand), or the window is not ready."""
        return QApplication.activeModalWidget() is not None or not self._ready()

    def _hand_on(self) -> None:
        if self._receiver is None or not self._pending:
            return
        if self.busy():
            self._later.start()  # asked again shortly: the dialog will have closed
            return
        pending, self._pending = self._pending, []
        for path in pending:
            self._receiver(path)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.FileOpen:
            path = event.file() or event.url().toLocalFile()
            if path:
                self.arrive(path)
            return True
        return False
