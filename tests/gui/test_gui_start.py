"""The first start welcomes; an empty campaign or an empty tab area offers the first things to do."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from fate_desk.gui.app import start
from fate_desk.gui.sheet import CharacterSheet
from fate_desk.model import Campaign

from gui_keys import window  # noqa: F401  (the app as started, a fixture)


def test_the_first_start_welcomes_and_the_next_does_not(window, qtbot):
    assert window.welcome.isVisible()
    qtbot.mouseClick(window.welcome.close_button, Qt.MouseButton.LeftButton)
    assert not window.welcome.isVisible()
    window.close()
    again = start(QApplication.instance(), None)
    qtbot.addWidget(again)
    assert again.welcome.isHidden()
    again.close()


def test_an_empty_campaign_offers_the_first_things_to_do(window, qtbot, tmp_path):
    assert window.files.create(Campaign(name="Skyships"), tmp_path / "sky.fatedesk")
    page = window.sheets.start_page
    assert window.stack.currentWidget() is page and page.isVisible()
    assert "Skyships is empty" in page.heading.text()
    labels = [b.text() for b in page.buttons]
    assert labels == ["Add player character", "Quick NPC…", "New scene", "User guide"]
    qtbot.mouseClick(page.buttons[0], Qt.MouseButton.LeftButton)
    assert isinstance(window.tabs.current_editor(), CharacterSheet)
    assert window.stack.currentWidget() is window.tabs
    window.actions["close_tab"].trigger()
    assert window.stack.currentWidget() is page and page.heading.text() == "Nothing is open"


def test_new_scene_from_the_empty_page_opens_the_scene(window, qtbot, tmp_path):
    assert window.files.create(Campaign(name="Skyships"), tmp_path / "sky.fatedesk")
    qtbot.mouseClick(window.sheets.start_page.buttons[2], Qt.MouseButton.LeftButton)
    assert len(window.document.campaign.scenes) == 1
    assert window.tabs.current_entity_id() == window.document.campaign.scenes[0].id
