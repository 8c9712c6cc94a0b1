"""Cycles collected on the GUI thread only, from a timer: see
`fate_desk.collector.collect_on_one_thread` for why."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication

from fate_desk.collector import collect_due, collect_on_one_thread

COLLECT_EVERY_MS = 20  # a look at Python's counts, and a collection when one is due: often, so each is small


class _Collecting(QObject):
    def __init__(self, app: QApplication):
        super().__init__(app)
        self.setObjectName("fate_desk_collecting")  # i18n: not shown (an object name)
        collect_on_one_thread()
        self.timer = QTimer(self)
        self.timer.setInterval(COLLECT_EVERY_MS)
        self.timer.timeout.connect(collect_due)
        self.timer.start()


def collect_on_gui_thread() -> None:
    """Once per application, on its thread: Python collects cycles there only, when due."""
    app = QApplication.instance()
    if app is not None and app.findChild(_Collecting, "fate_desk_collecting",
                                         Qt.FindChildOption.FindDirectChildrenOnly) is None:
        _Collecting(app)
