"""The character sheet in the pseudo-locale: every word the sheet's code writes shows accented,
the rule set's skills and tracks show translated, and editing still stores the English keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from fate_desk.model import AspectRole, CharacterKind
from fate_desk.gui.sheet.skills_model import NAME_COLUMN, RATING_COLUMN

from gui_helpers import blank_pc, new_document, reread
from pseudo_widgets import PSEUDO, form_widgets, untranslated, words_of_the_campaign
from table_helpers import sample_document



def open_sheet(qtbot, document, entity_id):
    from fate_desk.gui.sheet import CharacterSheet

    sheet = CharacterSheet(document, entity_id)
    qtbot.addWidget(sheet)
    sheet.resize(1000, 900)
    sheet.show()
    return sheet


@pytest.fixture
def maren(pseudo, qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    yield document, sheet
    document.close()


@pytest.fixture
def blank(pseudo, qtbot, tmp_path):
    character = blank_pc("Ash")
    document = new_document(tmp_path, character)
    sheet = open_sheet(qtbot, document, character.id)
    yield document, sheet
    document.close()


def others_words(document, sheet) -> set[str]:
    """Text the sheet shows that other parts own: the user's words, the core's labels (aspect
    roles, kinds, the refresh sum), the forms' fixed labels."""
    words = words_of_the_campaign(document.campaign)
    words |= {role.label for role in AspectRole} | {kind.label for kind in CharacterKind}
    words.add(document.check(sheet.entity_id).derived.refresh_explanation)
    return words


def test_every_word_the_sheets_code_writes_is_translated(maren):
    document, sheet = maren
    forms = form_widgets("sheet")
    left = untranslated(sheet, others_words(document, sheet), skip=lambda w: w.objectName() in forms)
    assert left == []
    # and the words a player reads first, one by one
    assert PSEUDO in sheet.skills.add_button.text() and PSEUDO in sheet.skills.tabs.tabText(0)
    assert PSEUDO in sheet.boxes["skills"].title()  # "Skills", the rule set's word
    assert PSEUDO in sheet.skills.shape_label.text()
    assert PSEUDO in sheet.stunts.summary.text() and PSEUDO in sheet.stunts.add_button.text()
    assert PSEUDO in sheet.ruleset_label.text()


def test_skills_show_translated_and_keep_their_english_keys(maren):
    document, sheet = maren
    model = sheet.skills.model
    index = model.index(model.row_of("Drive"), NAME_COLUMN)
    shown = index.data(Qt.ItemDataRole.DisplayRole)
    assert PSEUDO in shown and shown != "Drive"
    assert index.data(Qt.ItemDataRole.EditRole) == "Drive"
    # Stress tracks, the skill that sets them, and consequence slots come from the rule set too.
    label = sheet.stress.rows["physical"][0].text()
    assert PSEUDO in label and "Physical" not in label and "Physique" not in label
    slot_label = sheet.consequences.rows["mild"][0].text()
    assert PSEUDO in slot_label and "MILD" not in slot_label
    box = sheet.stress.boxes("physical")[0]
    assert PSEUDO in box.accessibleName() and PSEUDO in box.toolTip()


def test_choosing_a_rating_in_the_translated_list_stores_the_english_skill(blank, qtbot):
    document, sheet = blank
    skills = sheet.skills
    skills.tabs.setCurrentIndex(1)
    row = skills.model.row_of("Fight")
    index = skills.proxy.mapFromSource(skills.model.index(row, RATING_COLUMN))
    assert PSEUDO in skills.proxy.index(index.row(), NAME_COLUMN).data()
    skills.table.edit(index)
    combo = skills.table.findChild(QComboBox)
    assert PSEUDO in combo.toolTip() and PSEUDO in combo.accessibleName()
    combo.setCurrentIndex(combo.findData(4))
    combo.activated.emit(combo.currentIndex())
    assert document.entity(sheet.entity_id).skills == {"Fight": 4}
    assert reread(document, sheet.entity_id).skills == {"Fight": 4}
    assert PSEUDO in document.undo_stack.text(document.undo_stack.index() - 1)  # "Set Fight to Great (+4)"


def test_dragging_a_translated_chip_in_the_pyramid_moves_the_english_skill(maren, qtbot):
    document, sheet = maren
    pyramid = sheet.skills.pyramid
    assert PSEUDO in pyramid.accessibleName()
    start, target = pyramid.chip_rect("Notice").center(), pyramid.row_rect(4).center()
    assert not pyramid.chip_rect("Notice").isNull()
    qtbot.mousePress(pyramid, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(pyramid, pos=start + (target - start) / 2)
    qtbot.mouseMove(pyramid, pos=target)
    qtbot.mouseRelease(pyramid, Qt.MouseButton.LeftButton, pos=target)
    assert reread(document, "pc-maren").skills["Notice"] == 4


def test_a_custom_skill_keeps_the_name_typed(blank):
    document, sheet = blank
    assert PSEUDO in sheet.skills.add_button.text()
    assert sheet.skills.add_custom_skill("Sailing")
    assert reread(document, sheet.entity_id).skills == {"Sailing": 1}
    model = sheet.skills.model
    shown = model.index(model.row_of("Sailing"), NAME_COLUMN).data()
    assert "Sailing" in shown and PSEUDO in shown  # the name as typed, "(custom)" translated


def test_english_is_back_after_the_pseudo_locale(qtbot, tmp_path):
    """The language is read when a widget is made, never frozen at import (a sheet made after
    switching back reads in English)."""
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    assert sheet.skills.add_button.text() == "Add custom skill…"
    assert PSEUDO not in sheet.stunts.summary.text()
    document.close()
