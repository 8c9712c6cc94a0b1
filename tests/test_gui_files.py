"""Deleting, new campaigns and backups, as a person meets them through the menus."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths, Qt, QTimer
from PySide6.QtWidgets import QApplication

from fate_desk.gui.app import start

from gui_keys import activate, shortcut


@pytest.fixture
def window(qtbot):
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    activate(qtbot, win)
    yield win
    win.close()


def test_delete_says_what_went_and_its_undo_button_brings_it_back(window, qtbot):
    entity_id = window.tabs.current_entity_id()
    name = window.document.entity(entity_id).name
    shortcut(window, "Ctrl+Del")
    assert window.document.entity(entity_id) is None
    notice = window.undo_notice
    assert notice.isVisible() and name in notice.label.text() and notice.label.text().startswith("Deleted")
    qtbot.mouseClick(notice.button, Qt.MouseButton.LeftButton)
    assert window.document.entity(entity_id).name == name
    assert not notice.isVisible()


def test_the_undo_offer_goes_away_once_something_else_is_done(window, qtbot):
    shortcut(window, "Ctrl+Del")
    assert window.undo_notice.isVisible()
    window.actions["add_pc"].trigger()
    assert not window.undo_notice.isVisible()


def test_new_campaigns_are_suggested_in_the_documents_folder(window, qtbot):
    seen = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        seen.append(dialog.path().parent)
        dialog.reject()

    QTimer.singleShot(50, look)
    window.actions["new_campaign"].trigger()
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    assert seen == [Path(documents)]
