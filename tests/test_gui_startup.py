"""The app shows its window first and opens the campaign just after; the sheet then takes typing."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from fate_desk.gui.app import start
from fate_desk.gui.sheet import CharacterSheet
from fate_desk.store.campaign_file import load_campaign


def test_the_window_shows_before_the_campaign_opens_and_then_the_sheet_takes_typing(qtbot, _isolated_user_data):
    window = start(QApplication.instance(), None, paint_first=True)
    qtbot.addWidget(window)
    try:
        assert window.isVisible()
        assert window.document is None and window.opening
        assert "Opening" in window.empty.text()
        qtbot.waitUntil(lambda: window.document is not None and not window.opening, timeout=10000)
        sheet = window.tabs.current_editor()
        assert isinstance(sheet, CharacterSheet)
        assert "Opening" not in window.empty.text()
        sheet.name_edit.setFocus()
        sheet.name_edit.selectAll()
        qtbot.keyClicks(sheet.name_edit, "Quick Study")
        assert load_campaign(window.document.path).character(sheet.entity_id).name == "Quick Study"
        assert window.navigator.current_entity() == sheet.entity_id
    finally:
        window.close()


def test_a_campaign_named_on_the_command_line_opens_after_the_first_paint(qtbot, tmp_path):
    from fate_desk.gui.opening import create_sample_campaign

    path = create_sample_campaign(tmp_path)
    window = start(QApplication.instance(), str(path), paint_first=True)
    qtbot.addWidget(window)
    try:
        qtbot.waitUntil(lambda: window.document is not None, timeout=10000)
        assert window.document.path == path
        assert isinstance(window.tabs.current_editor(), CharacterSheet)
    finally:
        window.close()
