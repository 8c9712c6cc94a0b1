"""The campaign's file deleted or moved by another program while the app has it open, as a
file manager or a sync tool would do it: nothing acknowledged is lost, a moved file is followed,
and a deleted one can be saved again with everything it held."""

from __future__ import annotations

import pytest
from gui_helpers import answer_file_dialog, started_app_window, wait_opened
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from fate_desk.model import Campaign, Character
from fate_desk.store.campaign_file import CampaignFile, load_campaign


@pytest.fixture
def window(qtbot, tmp_path):
    win = started_app_window(qtbot)
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign(name="Skyships", characters=[Character(id="ruth", name="Ruth")])).close()
    assert win.campaigns.open_path(path)
    yield win
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible() and widget is not win and hasattr(widget, "reject"):
            widget.reject()
    win.close()


def type_name(qtbot, window, text: str) -> None:
    sheet = window.sheets.open_entity("ruth")
    sheet.name_edit.setFocus()
    sheet.name_edit.end(False)
    qtbot.keyClicks(sheet.name_edit, text)



def test_a_campaign_deleted_while_open_stays_open_and_save_as_keeps_every_saved_edit(qtbot, window, tmp_path):
    path = window.document.path
    document = window.document
    type_name(qtbot, window, " Sure-Foot")
    assert load_campaign(path).characters[0].name == "Ruth Sure-Foot"  # acknowledged
    path.unlink()  # another program deletes it
    type_name(qtbot, window, "!")
    qtbot.wait(20)  # a reload would run in the event loop
    assert window.document is document and not document.file.readonly
    box = window.findChild(QMessageBox, "campaignGone")
    assert box is not None and box.isVisible() and "deleted" in box.text()
    kept = tmp_path / "rescued.fatedesk"
    answer_file_dialog(kept)
    save = next(b for b in box.buttons() if b.text() == "Save a copy as…")
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    wait_opened(qtbot, window, kept)
    assert load_campaign(kept).characters[0].name == "Ruth Sure-Foot"
    # Editing goes on in the rescued file.
    type_name(qtbot, window, " Again")
    assert load_campaign(kept).characters[0].name.endswith(" Again")


def test_coming_back_to_the_app_after_the_file_was_deleted_offers_save_as_instead_of_closing(qtbot, window):
    document = window.document
    document.path.unlink()
    window.campaigns.app_state_changed(Qt.ApplicationState.ApplicationActive)  # what switching back to the app runs
    assert window.document is document
    assert window.findChild(QMessageBox, "campaignGone").isVisible()
    assert [c.name for c in document.campaign.characters] == ["Ruth"]


def test_a_campaign_moved_while_open_is_followed_and_edits_land_there(qtbot, window, tmp_path):
    path = window.document.path
    document = window.document
    (tmp_path / "archive").mkdir()
    moved = tmp_path / "archive" / "Skyships 2026.fatedesk"
    path.rename(moved)  # a file manager moves it
    type_name(qtbot, window, " Moved")
    qtbot.wait(20)
    assert window.document is document and document.path == moved
    assert load_campaign(moved).characters[0].name == "Ruth Moved"
    assert "was moved to" in window.statusBar().currentMessage()
    assert window.findChild(QMessageBox, "campaignGone") is None
    document.undo_stack.undo()  # the undo history survived the move
    assert load_campaign(moved).characters[0].name == "Ruth"
