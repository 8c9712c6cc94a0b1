"""File ▸ Export for… through the menu and the dialog's buttons, and dropping a file on the
window to import it, as a user does them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from fate_desk.gui.dialogs.export_for import ExportForDialog
from fate_desk.gui.mainwindow import MainWindow
from fate_desk.gui.settings import Settings
from fate_desk.store.importing import import_characters

from builders import legal_pc
from fco_model import problems
from gui_helpers import drop, new_document

WREN = Path(__file__).parent / "data" / "foundry" / "fco-wren.json"


@pytest.fixture
def window(qtbot, tmp_path):
    window = MainWindow(Settings())
    qtbot.addWidget(window)
    ruth = legal_pc()
    ruth.id = "pc-ruth"
    window.set_document(new_document(tmp_path, ruth, legal_pc(name="Cassandra")))
    window.open_entity("pc-ruth")
    window.show()
    yield window
    window.close()


def menu_action(window, menu_title: str, text: str):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == menu_title)
    return next(a for a in menu.actions() if a.text().replace("&", "") == text)


def open_dialog(window) -> ExportForDialog:
    action = menu_action(window, "File", "Export for…")
    assert action.isEnabled()
    action.trigger()
    dialog = window.findChild(ExportForDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def choose(combo, text: str) -> None:
    index = combo.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert index >= 0, f"{text!r} is not offered"
    combo.setCurrentIndex(index)


def type_path(qtbot, dialog, path: Path) -> None:
    dialog.file_edit.clear()
    qtbot.keyClicks(dialog.file_edit, str(path))


def press(qtbot, dialog, which) -> None:
    qtbot.mouseClick(dialog.buttons.button(which), Qt.MouseButton.LeftButton)


def test_export_for_foundry_writes_the_open_character_as_an_fco_actor(qtbot, window, tmp_path):
    dialog = open_dialog(window)
    assert dialog.scope_combo.currentText() == "This character: Ruth"
    choose(dialog.target_combo, "Foundry VTT")
    target = tmp_path / "ruth-for-foundry.json"
    type_path(qtbot, dialog, target)
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert not dialog.isVisible()
    actor = json.loads(target.read_text(encoding="utf-8"))
    assert problems(actor) == [] and actor["name"] == "Ruth"
    assert "Exported 1 file: ruth-for-foundry.json" in window.statusBar().currentMessage()


def test_export_for_fari_can_write_every_character_into_a_folder(qtbot, window, tmp_path):
    dialog = open_dialog(window)
    choose(dialog.target_combo, "Fari")
    choose(dialog.scope_combo, "Every character")
    folder = tmp_path / "for-fari"
    type_path(qtbot, dialog, folder)
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    names = sorted(import_characters(p).characters[0].name for p in folder.glob("*.fari.json"))
    assert names == ["Cassandra", "Ruth"]


def test_a_file_that_exists_is_not_replaced_and_the_dialog_says_so(qtbot, window, tmp_path):
    target = tmp_path / "ruth.fari.json"
    target.write_text("mine", encoding="utf-8")
    dialog = open_dialog(window)
    choose(dialog.target_combo, "Fari")
    type_path(qtbot, dialog, target)
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert dialog.isVisible() and "already exists" in dialog.error.text()
    assert target.read_text(encoding="utf-8") == "mine"
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)
    assert not dialog.isVisible() and target.read_text(encoding="utf-8") == "mine"


def test_the_suggested_name_follows_the_target_until_the_user_types_one(qtbot, window, tmp_path):
    dialog = open_dialog(window)
    choose(dialog.target_combo, "Fari")
    assert dialog.file_edit.text().endswith("Ruth.fari.json")
    choose(dialog.target_combo, "Foundry VTT")
    assert dialog.file_edit.text().endswith("Ruth.json")
    type_path(qtbot, dialog, tmp_path / "mine.json")
    choose(dialog.target_combo, "Fari")
    assert dialog.file_edit.text() == str(tmp_path / "mine.json")


def test_dropping_a_foundry_actor_on_the_window_imports_it_and_shows_what_went_where(qtbot, window):
    event = drop(window, WREN)
    assert event.isAccepted()
    names = [c.name for c in window.document.campaign.characters]
    assert "Wren Halloway" in names
    summary = window.findChild(QMessageBox, "importSummary")
    assert summary is not None and summary.isVisible()
    assert "4 aspects, 10 skills, 4 stunts" in summary.text() and "kept in the notes" in summary.text()
    window.document.undo_stack.undo()  # one undo step takes the whole import back
    assert "Wren Halloway" not in [c.name for c in window.document.campaign.characters]


def test_dropping_a_foreign_file_imports_nothing_and_says_why(qtbot, window, tmp_path):
    foreign = tmp_path / "sheet.json"
    foreign.write_text(json.dumps({"type": "character", "system": {}, "_stats": {"systemId": "dnd5e"}}))
    before = len(window.document.campaign.characters)
    drop(window, foreign)
    assert len(window.document.campaign.characters) == before
    assert "does not read" in window.statusBar().currentMessage()
