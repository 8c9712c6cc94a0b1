"""Treating a consequence from its slot on the sheet: roll in, outcome out, through undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton

from fate_desk.gui.sheet import CharacterSheet
from fate_desk.gui.play.treatment import TreatmentDialog

from table_helpers import on_disk, sample_document


@pytest.fixture
def ines(qtbot, tmp_path):
    """Ines's sheet: a mild consequence, Split Knuckles, not yet treated."""
    document = sample_document(tmp_path)
    sheet = CharacterSheet(document, "pc-ines")
    qtbot.addWidget(sheet)
    sheet.show()
    yield document, sheet
    document.close()


def open_dialog(sheet, qtbot):
    button = sheet.findChild(QToolButton, "treat_mild")
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = sheet.findChild(TreatmentDialog)
    assert dialog is not None
    return dialog


def test_empty_slots_cannot_be_treated(ines):
    _, sheet = ines
    assert not sheet.findChild(QToolButton, "treat_moderate").isEnabled()


def test_a_fair_roll_treats_a_mild_consequence_and_renames_it(ines, qtbot):
    document, sheet = ines
    dialog = open_dialog(sheet, qtbot)
    dialog.effort.setValue(2)
    qtbot.keyClicks(dialog.new_name, "Bandaged Knuckles")
    assert "Succeeds" in dialog.outcome.text() and "Fair (+2)" in dialog.outcome.text()
    dialog.ok.click()
    after = on_disk(document).character("pc-ines")
    assert after.consequences[0].text == "Bandaged Knuckles" and after.consequences[0].recovering
    assert after.advancement[-1].kind == "recovery"
    assert "clears" in sheet.consequences.rows["mild"][3].text()
    document.undo_stack.undo()
    after = on_disk(document).character("pc-ines")
    assert after.consequences[0].text == "Split Knuckles" and not after.consequences[0].recovering


def test_treating_yourself_is_two_harder_and_a_failed_roll_changes_nothing(ines, qtbot):
    document, sheet = ines
    dialog = open_dialog(sheet, qtbot)
    dialog.effort.setValue(3)
    qtbot.keyClick(dialog.self_check, Qt.Key.Key_Space)
    assert dialog.self_check.isChecked()
    assert "Great (+4)" in dialog.outcome.text() and "Fails" in dialog.outcome.text()
    dialog.ok.click()
    after = on_disk(document).character("pc-ines")
    assert not after.consequences[0].recovering
    assert "failed" in after.advancement[-1].summary


def test_the_gm_can_clear_a_consequence_at_once(ines, qtbot):
    document, sheet = ines
    dialog = open_dialog(sheet, qtbot)
    qtbot.mouseClick(dialog.clear_button, Qt.MouseButton.LeftButton)
    assert on_disk(document).character("pc-ines").consequences == []
    assert sheet.consequences.field("mild").text() == ""
    document.undo_stack.undo()
    assert on_disk(document).character("pc-ines").consequences[0].text == "Split Knuckles"


def _accelerated(campaign):
    """Ines under Fate Accelerated: Split Knuckles was taken this scene."""
    campaign.ruleset = "fate-accelerated"
    ines = campaign.character("pc-ines")
    ines.ruleset = "fate-accelerated"
    ines.skills = {"Forceful": 3, "Quick": 2, "Careful": 2, "Clever": 1, "Flashy": 1}
    return campaign


def test_accelerated_sheet_and_dialog_say_recovery_has_no_treatment_roll(qtbot, tmp_path):
    """FAE SRD, "Getting Better—Recovering from Stress and Consequences": no roll, only time."""
    document = sample_document(tmp_path, _accelerated)
    sheet = CharacterSheet(document, "pc-ines")
    qtbot.addWidget(sheet)
    sheet.show()
    button = sheet.findChild(QToolButton, "treat_mild")
    assert button.text() == "Clear…" and "no treatment roll" in button.toolTip()
    assert "No treatment roll: clears at the end of this scene" in sheet.consequences.rows["mild"][3].text()
    dialog = open_dialog(sheet, qtbot)
    assert "no treatment roll" in dialog.outcome.text() and not dialog.ok.isEnabled()
    dialog.clear_button.click()
    assert on_disk(document).character("pc-ines").consequences == []
    document.close()
