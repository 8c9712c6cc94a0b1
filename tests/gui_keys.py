"""Driving the app as a keyboard user: keys go to whatever has the focus, as they would for a person."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from fate_desk.gui.app import start


def focused():
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    return widget


def type_text(qtbot, text: str) -> None:
    """Each key goes where the focus is at that moment (the first may open an editor)."""
    for char in text:
        qtbot.keyClicks(focused(), char)
        QApplication.processEvents()  # a person's keys never come faster than the event loop turns


def press(qtbot, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(focused(), key, modifiers)
    QApplication.processEvents()


def tab(qtbot, times: int = 1) -> None:
    for _ in range(times):
        press(qtbot, Qt.Key.Key_Tab)


def shortcut(window, sequence: QKeySequence | str) -> None:
    """A shortcut typed while the focus is wherever it is in the window."""
    QTest.keySequence(QApplication.focusWidget() or window, QKeySequence(sequence))


def activate(qtbot, window) -> None:
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


@pytest.fixture
def window(qtbot):
    """The app as a person starts it (sample campaign on a first start), shown and active."""
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    activate(qtbot, window)
    yield window
    for widget in QApplication.topLevelWidgets():  # dialogs a test left open
        if widget.isVisible() and widget is not window and hasattr(widget, "reject"):
            widget.reject()
    window.close()
