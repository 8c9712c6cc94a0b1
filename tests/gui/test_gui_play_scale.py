"""Scale for player characters: set on the sheet when the campaign uses it; a roll compares both
sides' scales (the higher side gets +1 per level before its own roll)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from fate_desk.rules.play.roll import Dice

from table_helpers import on_disk, sample_document
from test_gui_play import SEED, open_sheet, roll_skill
from test_gui_play_defence import click


def uses_scale(campaign):
    campaign.options.scale = True
    return campaign


@pytest.fixture
def ines(qtbot, tmp_path):
    document = sample_document(tmp_path, uses_scale)
    yield document, open_sheet(qtbot, document, "pc-ines")
    document.close()


def test_scale_field_shows_only_when_the_campaign_uses_scale(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-ines")
    assert not sheet.play.scale.isVisible()
    document.close()


def test_a_pcs_scale_is_set_on_the_sheet_in_one_undo_step(ines, qtbot):
    document, sheet = ines
    combo = sheet.play.scale
    assert combo.isVisible() and combo.currentText() == "Mundane"
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Down)  # Mundane -> Supernatural, as a keyboard user picks it
    assert on_disk(document).character("pc-ines").scale == "Supernatural"
    document.undo_stack.undo()
    assert on_disk(document).character("pc-ines").scale is None


def test_a_supernatural_pc_gets_plus_one_against_a_mundane_defender_and_not_against_her_equal(ines, qtbot):
    document, sheet = ines
    sheet.play.scale.setFocus()
    QTest.keyClick(sheet.play.scale, Qt.Key.Key_Down)
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    panel.opponent.setCurrentIndex(panel.opponent.findData("npc-bruiser"))
    assert "1 level above" in panel.scale_label.text()
    click(qtbot, panel.roll_button)
    dice = Dice(SEED)
    dice.throw()  # the defence is thrown first
    attack = dice.throw()
    assert panel.roll.effort == sum(attack) + 4 + 1  # +1 before the roll for one level
    panel.opponent.setCurrentIndex(0)  # against a difficulty of a stated scale
    panel.opposition_scale.setCurrentIndex(panel.opposition_scale.findText("against Supernatural"))
    assert "no benefit" in panel.scale_label.text()
    assert panel.setup().modifier == 4


def test_a_supernatural_defender_gets_plus_one_against_a_mundane_pc(ines, qtbot):
    document, sheet = ines
    document.edit("npc-bruiser", lambda c: c.model_copy(update={"scale": "Supernatural"}), "Scale")
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    panel.opponent.setCurrentIndex(panel.opponent.findData("npc-bruiser"))
    panel.opponent_skill.setCurrentIndex(panel.opponent_skill.findData("Athletics"))
    assert "the defence gets +1" in panel.scale_label.text()
    click(qtbot, panel.roll_button)
    defence = Dice(SEED).throw()
    # The bruiser defends with Athletics, which it does not have: Mediocre (+0), plus its scale.
    assert panel.opposing.effort == sum(defence) + 0 + 1
    assert panel.roll.difficulty == panel.opposing.effort
