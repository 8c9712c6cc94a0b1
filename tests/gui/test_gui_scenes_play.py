"""Starting and ending the scene on screen, and typing through End the session, as a GM does."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication


from gui_keys import window  # noqa: F401  (the app as started, a fixture)
from gui_keys import activate, focused, tab, type_text


def _new_scene_on_screen(window):
    window.edits.add_entry("scene")
    return window.tabs.current_entity_id()


def test_start_the_scene_starts_the_scene_on_screen_and_says_so(window, qtbot):
    scene_id = _new_scene_on_screen(window)
    assert window.document.entity(scene_id).session is None
    qtbot.mouseClick(window.table.pool.reset, Qt.MouseButton.LeftButton)
    message = window.statusBar().currentMessage()
    assert "New scene" in message and "GM fate points" in message
    assert window.document.entity(scene_id).session == window.document.campaign.clock.session
    assert "New scene" in window.document.undo_stack.undoText()


def test_end_the_scene_ends_the_scene_on_screen_even_without_a_session(window, qtbot):
    scene_id = _new_scene_on_screen(window)
    earlier = [s.id for s in window.document.campaign.scenes if s.id != scene_id]
    window.actions["end_scene"].trigger()
    dialog = window.table.dialog
    assert dialog.scene.id == scene_id
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert window.document.entity(scene_id).ended
    assert not any(window.document.entity(i).ended for i in earlier)


def test_tab_leaves_the_session_date_so_the_title_gets_what_is_typed(window, qtbot):
    window.actions["end_session"].trigger()
    dialog = window.table.dialog
    activate(qtbot, dialog)
    date = dialog.date.date()
    dialog.date.setFocus()
    tab(qtbot)
    assert focused() is dialog.title_edit
    dialog.title_edit.clear()
    type_text(qtbot, "The Codebook Chase")
    assert dialog.title_edit.text() == "The Codebook Chase" and dialog.date.date() == date


def test_the_breakthrough_dialog_fits_on_the_screen(window, qtbot):
    window.actions["end_arc"].trigger()
    arc = window.table.dialog
    pc = next(iter(arc.buttons))
    qtbot.mouseClick(arc.buttons[pc], Qt.MouseButton.LeftButton)
    breakthrough = arc.sub_dialog
    room = breakthrough.screen().availableGeometry()
    assert breakthrough.height() <= room.height() - 40  # the buttons stay on screen, title bar included
    breakthrough.reject()


def test_the_history_dock_shows_a_long_entry_whole(window, qtbot):
    from fate_desk.model import HistoryEntry

    summary = ("Recovery: treating “Split Knuckles” with a Fair (+2) overcome from Maren, "
               "who knows a dock surgeon down by the lock gates")
    pc_id = window.tabs.current_entity_id()
    window.document.edit(pc_id, lambda c: c.model_copy(update={
        "advancement": [HistoryEntry(kind="recovery", summary=summary)]}), "Record")
    window.actions["toggle_history"].trigger()
    dock = window.table.history_dock
    qtbot.waitUntil(dock.isVisible)
    QApplication.processEvents()
    tree = dock.tree
    item = tree.topLevelItem(0)
    width = tree.columnWidth(1)
    assert width < tree.fontMetrics().horizontalAdvance(item.text(1))  # too long for one line here
    needed = tree.fontMetrics().boundingRect(0, 0, width - 10, 10_000, int(Qt.TextFlag.TextWordWrap),
                                             item.text(1)).height()
    assert tree.visualItemRect(item).height() >= needed


def test_end_the_scene_clears_the_stress_on_an_open_sheet_and_redraws_the_scene_once(window, qtbot):
    """Table ▸ End the scene changes many entries in one step: the sheet open in a tab behind
    shows its stress cleared (Fate Condensed, "Recovering from Conflicts": "At the end of
    each scene, every character clears their stress boxes"), and the scene's own tab is drawn again once, not
    once for every entry the step changed."""
    sheet = window.tabs.current_editor()
    qtbot.mouseClick(sheet.play.hit_button, Qt.MouseButton.LeftButton)
    hit = sheet.play.dialog
    hit.track.setCurrentIndex(hit.track.findData("mental"))
    hit.shifts.setValue(1)
    qtbot.mouseClick(hit.take_button, Qt.MouseButton.LeftButton)
    assert sheet.stress.boxes("mental")[0].isChecked()
    scene_id = _new_scene_on_screen(window)
    scene = window.tabs.current_editor()
    redrawn = []
    scene.present_list.model().modelReset.connect(lambda: redrawn.append(True))
    window.actions["end_scene"].trigger()
    qtbot.mouseClick(window.table.dialog.ok, Qt.MouseButton.LeftButton)
    assert window.document.entity(scene_id).ended
    assert not sheet.stress.boxes("mental")[0].isChecked()
    assert len(redrawn) == 1
