"""Every menu item and shortcut works as a person uses it; docks come back; one undo history."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QMenu, QToolButton

from fate_desk.gui.app import start

from gui_keys import activate, focused, shortcut, type_text

SKIPPED = ("quit",)  # ends the app; covered by the restart tests


def menu_actions(window):
    """(path, action) for every item of every menu of the menu bar, submenus included."""
    def walk(menu: QMenu, path: str):
        for action in menu.actions():
            if action.menu():
                yield from walk(action.menu(), f"{path}{action.menu().title()} > ")
            elif not action.isSeparator():
                yield f"{path}{action.text()}".replace("&", ""), action
    for top in window.menuBar().actions():
        yield from walk(top.menu(), top.text().replace("&", "") + " > ")


def close_dialogs() -> None:
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QDialog) and widget.isVisible():
            widget.reject()
    modal = QApplication.activeModalWidget()
    if modal is not None:
        modal.close()


@pytest.fixture
def window(qtbot):
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    activate(qtbot, win)
    closer = QTimer()  # modal dialogs (file choosers) block: close them from the event loop
    closer.timeout.connect(close_dialogs)
    closer.start(100)
    yield win
    closer.stop()
    close_dialogs()
    win.close()


def _settle(qtbot) -> None:
    qtbot.wait(60)
    close_dialogs()
    QApplication.processEvents()


def test_every_menu_item_runs_without_an_error(window, qtbot):
    ran = []
    for path, action in list(menu_actions(window)):
        if any(action.objectName() == f"action_{s}" for s in SKIPPED) or not action.isEnabled():
            continue
        action.trigger()  # any exception raised in a slot fails the test (pytest-qt)
        _settle(qtbot)
        ran.append(path)
    expected = {"File > Open…", "Edit > Find…", "View > Problems panel", "View > Campaign navigator",
                "Table > Dice roller", "Table > Character history", "Table > End the scene…", "Help > User guide"}
    assert expected <= set(ran)


def test_every_shortcut_runs_its_menu_item(window, qtbot):
    fired = []
    for path, action in list(menu_actions(window)):
        if action.shortcut().isEmpty() or any(action.objectName() == f"action_{s}" for s in SKIPPED):
            continue
        if not action.isEnabled():
            continue
        action.triggered.connect(lambda _=False, p=path: fired.append(p))
        activate(qtbot, window)
        shortcut(window, action.shortcut())
        _settle(qtbot)
        assert fired and fired[-1] == path, f"{action.shortcut().toString()} did not run {path}"


DOCKS = [("toggle_problems", "problems"), ("toggle_navigator", "navigator_dock"),
         ("toggle_dice", "table.dice_dock"), ("toggle_history", "table.history_dock")]


def _dock(window, attribute: str):
    target = window
    for part in attribute.split("."):
        target = getattr(target, part)
    return target


def _close_with_x(qtbot, dock) -> None:
    button = dock.findChild(QAbstractButton, "qt_dockwidget_closebutton")
    assert button is not None and button.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(dock.isHidden)


@pytest.mark.parametrize("action_id, attribute", DOCKS)
def test_a_dock_closed_with_its_x_comes_back_by_menu_shortcut_and_restart(qtbot, action_id, attribute):
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    activate(qtbot, window)
    dock, action = _dock(window, attribute), window.actions[action_id]
    if dock.isHidden():  # the dice roller and the history start hidden: open them from the menu
        action.trigger()
    qtbot.waitUntil(dock.isVisible)
    assert action.isChecked()

    _close_with_x(qtbot, dock)
    assert not action.isChecked()
    action.trigger()  # the menu item
    qtbot.waitUntil(dock.isVisible)
    assert action.isChecked()

    _close_with_x(qtbot, dock)
    activate(qtbot, window)
    shortcut(window, action.shortcut())
    qtbot.waitUntil(dock.isVisible)

    _close_with_x(qtbot, dock)
    window.close()  # restart: the dock stays closed, and its menu item still brings it back
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    activate(qtbot, window)
    dock, action = _dock(window, attribute), window.actions[action_id]
    assert dock.isHidden() and not action.isChecked()
    action.trigger()
    qtbot.waitUntil(dock.isVisible)
    window.close()
    window = start(QApplication.instance(), None)  # and it stays open after the next restart
    qtbot.addWidget(window)
    activate(qtbot, window)
    assert _dock(window, attribute).isVisible() and window.actions[action_id].isChecked()
    window.close()


def test_undo_keys_in_a_text_field_use_the_apps_one_history(window, qtbot):
    sheet = window.tabs.current_editor()
    before = window.document.entity(sheet.entity_id).description
    sheet.description_edit.setFocus()
    sheet.description_edit.end(False)
    type_text(qtbot, " [edited]")
    assert window.document.entity(sheet.entity_id).description == before + " [edited]"
    shortcut(window, "Ctrl+Z")
    assert window.document.entity(sheet.entity_id).description == before
    assert sheet.description_edit.text() == before
    assert window.actions["redo"].isEnabled()  # Edit ▸ Redo offers the step back
    shortcut(window, "Ctrl+Shift+Z")
    assert window.document.entity(sheet.entity_id).description == before + " [edited]"
    assert focused() is sheet.description_edit
    shortcut(window, "Ctrl+Z")
    shortcut(window, "Ctrl+Z")  # nothing left on the app's stack: the field must not undo on its own
    assert sheet.description_edit.text() == before == window.document.entity(sheet.entity_id).description
    assert window.document.undo_stack.index() == 0 and window.actions["redo"].isEnabled()


def test_the_toolbar_says_undo_and_the_menu_names_the_step(window, qtbot):
    sheet = window.tabs.current_editor()
    sheet.description_edit.setFocus()
    type_text(qtbot, "x")
    button = window.toolbar.widgetForAction(window.actions["undo"])
    assert isinstance(button, QToolButton) and button.text() == "Undo"
    assert "Edit description" in window.actions["undo"].text()
    assert "Edit description" in button.toolTip()


def test_a_fields_right_click_menu_offers_the_apps_undo(window, qtbot):
    sheet = window.tabs.current_editor()
    sheet.description_edit.setFocus()
    type_text(qtbot, "x")
    field = sheet.description_edit
    centre = field.rect().center()
    QApplication.sendEvent(field, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, centre, field.mapToGlobal(centre)))
    menu = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMenu) and w.isVisible())
    assert window.actions["undo"] in menu.actions() and window.actions["redo"] in menu.actions()
    assert not [a for a in menu.actions() if a.objectName() in ("edit-undo", "edit-redo")]
    menu.close()


def test_right_clicking_the_notes_offers_the_apps_undo_even_before_they_have_the_focus(window, qtbot):
    """A right-click on a field that does not have the focus yet: the press gives it the
    focus, and its menu (the notes' too, whose clicks land on an inner viewport) names the
    app's steps."""
    from PySide6.QtTest import QTest

    sheet = window.tabs.current_editor()
    sheet.description_edit.setFocus()
    type_text(qtbot, "x")
    notes = sheet.notes_edit
    sheet.scroll.ensureWidgetVisible(notes)
    viewport = notes.viewport()
    centre = viewport.rect().center()
    QTest.mouseClick(viewport, Qt.MouseButton.RightButton, pos=centre)
    assert focused() is notes
    QApplication.sendEvent(viewport, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, centre,
                                                       viewport.mapToGlobal(centre)))
    menu = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMenu) and w.isVisible())
    assert window.actions["undo"] in menu.actions() and "Edit description" in window.actions["undo"].text()
    assert not [a for a in menu.actions() if a.objectName() in ("edit-undo", "edit-redo")]
    menu.close()
