"""Deleting, new campaigns and backups, as a person meets them through the menus."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt, QTimer
from PySide6.QtWidgets import QApplication


from gui_keys import window  # noqa: F401  (the app as started, a fixture)
from gui_keys import shortcut


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


def test_restore_from_backup_brings_back_the_campaign_as_opened_and_keeps_the_current_one(
        window, qtbot, user_data):
    from fate_desk.store.campaign_file import load_campaign

    sheet = window.tabs.current_editor()
    old_name = sheet.name_edit.text()
    sheet.name_edit.setFocus()
    sheet.name_edit.selectAll()
    qtbot.keyClicks(sheet.name_edit, "Renamed After Opening")
    dialogs = []
    QTimer.singleShot(0, lambda: dialogs.append(QApplication.activeModalWidget()))
    window.actions["restore_backup"].trigger()
    qtbot.waitUntil(lambda: bool(dialogs) and dialogs[0] is not None)
    dialog = dialogs[0]
    assert dialog.list.count() >= 1 and "player character" in dialog.list.item(0).text()
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    assert window.document.entity(sheet.entity_id).name == old_name
    assert all(c.name != "Renamed After Opening" for c in load_campaign(window.document.path).characters)
    kept = list((user_data / "backups").glob("* before restoring *.fatedesk"))
    assert len(kept) == 1
    assert any(c.name == "Renamed After Opening" for c in load_campaign(kept[0]).characters)
    window.actions["undo"].trigger()  # the restore is one step
    assert window.document.entity(sheet.entity_id).name == "Renamed After Opening"


def test_deleting_in_a_second_campaign_after_deleting_in_the_first_still_offers_undo(window, qtbot, tmp_path):
    from fate_desk.model import Campaign, Character

    shortcut(window, "Ctrl+Del")  # the offer now watches the sample campaign's history
    other = tmp_path / "other.fatedesk"
    assert window.files.create(Campaign(name="Skyships", characters=[Character(id="ruth", name="Ruth")]), other)
    qtbot.wait(10)  # the sample's document (and its history) is deleted later, in the event loop
    window.sheets.open_entity("ruth")
    window.navigator.select("ruth")
    shortcut(window, "Ctrl+Del")
    assert window.document.entity("ruth") is None
    assert window.undo_notice.isVisible() and "Ruth" in window.undo_notice.label.text()
    qtbot.mouseClick(window.undo_notice.button, Qt.MouseButton.LeftButton)
    assert window.document.entity("ruth").name == "Ruth"


def test_restores_in_quick_succession_each_keep_the_campaign_as_it_was_and_only_five_stay(window, qtbot, user_data):
    from fate_desk.store.campaign_file import load_campaign

    sheet = window.tabs.current_editor()
    entity_id = sheet.entity_id
    for n in range(7):  # faster than one a second
        sheet = window.sheets.open_entity(entity_id)
        sheet.name_edit.setFocus()
        sheet.name_edit.selectAll()
        qtbot.keyClicks(sheet.name_edit, f"Before restore {n}")
        dialogs = []
        QTimer.singleShot(0, lambda: dialogs.append(QApplication.activeModalWidget()))
        window.actions["restore_backup"].trigger()
        qtbot.waitUntil(lambda: bool(dialogs) and dialogs[0] is not None)
        qtbot.mouseClick(dialogs[0].restore_button, Qt.MouseButton.LeftButton)
    kept = sorted((user_data / "backups").glob("* before restoring *.fatedesk"), key=lambda p: p.stat().st_mtime_ns)
    assert len(kept) == 5
    names = [next(c.name for c in load_campaign(p).characters if c.id == entity_id) for p in kept]
    assert names == [f"Before restore {n}" for n in range(2, 7)]
