"""Minor NPC cards, Quick NPC, monsters and major NPC sheets, driven as a GM would."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QPushButton

from fate_desk.gui.sheet.pyramid import pyramid_rows
from fate_desk.model import Character, CharacterKind, Stunt

from gm_support import on_disk, open_editor, sample, undo_all  # noqa: F401

def tick(qtbot, editor, box):
    """Click a check box on its indicator, as a person does (its middle may be past the text)."""
    editor.scroll.ensureWidgetVisible(box)
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def _id(document, name):
    return next(c.id for c in document.campaign.characters if c.name == name)


def test_minor_npc_card_types_aspects_and_a_free_form_skill_and_saves_each(sample, qtbot):
    npc = Character(kind=CharacterKind.MINOR_NPC, name="")
    sample.add(npc)
    card = open_editor(qtbot, sample, npc.id)
    qtbot.keyClicks(card.name_edit, "Bouncer")
    qtbot.keyClicks(card.aspects.edits[0], "Built Like a Door")
    qtbot.mouseClick(card.form.findChild(QPushButton, "addSkillButton"), Qt.MouseButton.LeftButton)
    name = card.skills.names[0].lineEdit()
    name.selectAll()
    qtbot.keyClicks(name, "Getting into Bar Fights")
    card.skills.combos[0].setCurrentIndex(card.skills.combos[0].findData(2))
    card.skills.combos[0].activated.emit(card.skills.combos[0].currentIndex())
    saved = on_disk(sample, npc.id)
    assert saved.name == "Bouncer"
    assert [a.text for a in saved.aspects] == ["Built Like a Door"]
    assert saved.skills == {"Getting into Bar Fights": 2}
    assert card.problems_label.isHidden()  # one aspect, one skill: within the book's guidance


def test_minor_npc_beyond_the_guidance_gets_warnings_never_refusals(sample, qtbot):
    card = open_editor(qtbot, sample, _id(sample, "Syndicate Dock Bruiser"))
    card.stress_spin.setValue(5)
    tick(qtbot, card, card.consequence_check)
    saved = on_disk(sample, card.entity_id)
    assert saved.stress_boxes == {"physical": [1] * 5}
    assert saved.consequence_slots is not None
    codes = {p.code for p in sample.check(card.entity_id).problems}
    assert {"npc.stress", "npc.consequences"} <= codes
    assert not sample.check(card.entity_id).errors
    assert "three stress boxes" in card.problems_label.text()
    sample.undo_stack.undo()
    sample.undo_stack.undo()
    assert on_disk(sample, card.entity_id).stress_boxes == {"physical": [1, 1]}
    assert card.problems_label.isHidden()


def test_a_minor_npcs_stress_is_marked_through_take_a_hit_never_by_clicking_a_box(sample, qtbot):
    card = open_editor(qtbot, sample, _id(sample, "Syndicate Dock Bruiser"))
    qtbot.mouseClick(card.boxes.boxes[1], Qt.MouseButton.LeftButton)
    assert on_disk(sample, card.entity_id).stress == {}  # the box shows; it does not mark
    card.scroll.ensureWidgetVisible(card.harm.hit_button)
    qtbot.mouseClick(card.harm.hit_button, Qt.MouseButton.LeftButton)
    dialog = card.harm.dialog
    dialog.shifts.setValue(1)
    dialog.attacker.setCurrentIndex(dialog.attacker.findData("pc-ines"))
    assert dialog.option_texts()  # the rules list the ways to absorb it
    steps = sample.undo_stack.count()
    qtbot.mouseClick(dialog.take_button, Qt.MouseButton.LeftButton)
    assert sample.undo_stack.count() == steps + 1
    assert on_disk(sample, card.entity_id).stress == {"physical": [0]}
    assert card.boxes.boxes[0].isChecked()
    sample.undo_stack.undo()
    assert on_disk(sample, card.entity_id).stress == {} and not card.boxes.boxes[0].isChecked()


def test_a_monster_takes_a_hit_with_a_consequence_and_the_attacker_gets_its_free_invoke(sample, qtbot):
    editor = open_editor(qtbot, sample, _id(sample, "The Thing Under the Lock"))
    editor.scroll.ensureWidgetVisible(editor.harm.hit_button)
    qtbot.mouseClick(editor.harm.hit_button, Qt.MouseButton.LeftButton)
    dialog = editor.harm.dialog
    dialog.attacker.setCurrentIndex(dialog.attacker.findData("pc-maren"))
    for shifts in range(1, 20):  # the smallest hit that its stress alone cannot absorb
        dialog.shifts.setValue(shifts)
        if all(o.consequences for o in dialog.plan.options):
            break
    row = next(i for i, o in enumerate(dialog.plan.options) if o.consequences)
    dialog.options.setCurrentRow(row)
    for edit in dialog.name_edits.values():
        qtbot.keyClicks(edit, "Gashed Flank")
    qtbot.mouseClick(dialog.take_button, Qt.MouseButton.LeftButton)
    monster = on_disk(sample, editor.entity_id)
    taken = [c for c in monster.consequences if c.text == "Gashed Flank"]
    assert taken and all(c.inflicted_by == "pc-maren" and c.free_invokes == 1 for c in taken)
    assert "Gashed Flank" in editor.harm.taken.text() and "Maren Voss" in editor.harm.taken.text()


def test_quick_npc_action_adds_opens_and_undoes(qtbot, tmp_path):
    from fate_desk.gui.mainwindow import MainWindow
    from fate_desk.gui.settings import Settings

    from gui_helpers import new_document

    window = MainWindow(Settings())
    qtbot.addWidget(window)
    window.set_document(new_document(tmp_path))
    window.actions["quick_npc"].trigger()
    dialog = window.quick_npc_dialog
    qtbot.keyClicks(dialog.line_edit, "Lookout; Eyes Like a Hawk; Good Notice")
    qtbot.keyClick(dialog.line_edit, Qt.Key.Key_Return)
    npc = window.document.campaign.characters[-1]
    assert npc.name == "Lookout" and npc.skills == {"Notice": 3}
    assert type(window.tabs.current_editor()).__name__ == "MinorNpcEditor"
    window.document.undo_stack.undo()
    assert window.document.campaign.characters == []
    window.document.close()


def test_a_quick_npcs_stunt_typed_by_its_name_gets_the_name_field(qtbot, tmp_path):
    from fate_desk.gui.mainwindow import MainWindow
    from fate_desk.gui.settings import Settings

    from gui_helpers import new_document

    window = MainWindow(Settings())
    qtbot.addWidget(window)
    window.set_document(new_document(tmp_path))
    window.actions["quick_npc"].trigger()
    dialog = window.quick_npc_dialog
    qtbot.keyClicks(dialog.line_edit, "Bouncer; Built Like a Door; Fair Fight; stunt: Sucker Punch; "
                                      "stunt: +2 to Provoke when the music stops")
    qtbot.keyClick(dialog.line_edit, Qt.Key.Key_Return)
    npc = window.document.campaign.characters[-1]
    assert [(s.name, s.text) for s in npc.stunts] == [("Sucker Punch", ""), ("", "+2 to Provoke when the music stops")]
    window.document.close()


def test_monster_takes_any_mix_and_its_own_tracks_with_box_values(sample, qtbot):
    editor = open_editor(qtbot, sample, _id(sample, "The Thing Under the Lock"))
    values = editor.tracks[0][1]
    values.selectAll()
    qtbot.keyClicks(values, "1 2 3")
    qtbot.mouseClick(editor.add_track_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(editor.add_slot_button, Qt.MouseButton.LeftButton)
    tick(qtbot, editor, editor.named["true_form"][0])
    qtbot.keyClicks(editor.named["true_form"][1], "Only iron harms it")
    editor.scale_combo.setCurrentIndex(editor.scale_combo.findData("Supernatural"))
    editor.scale_combo.activated.emit(editor.scale_combo.currentIndex())
    editor.custom_breaks.add_line("Drags one PC under each exchange")
    saved = on_disk(sample, editor.entity_id)
    assert saved.stress_boxes == {"physical": [1, 2, 3], "stress": [1, 1]}
    assert [s.id for s in saved.consequence_slots] == ["mild", "moderate", "mild_2"]
    assert {b.kind: b.text for b in saved.rule_breaks}["true_form"] == "Only iron harms it"
    assert saved.scale == "Supernatural"
    assert "Drags one PC under each exchange" in [b.text for b in saved.rule_breaks]
    assert sample.check(editor.entity_id).problems == []  # monsters may break any rule
    original = sample.entity(editor.entity_id)
    undo_all(sample)
    assert on_disk(sample, editor.entity_id).stress_boxes == {"physical": [1, 1, 1, 1]}
    assert editor.tracks[0][1].text() == "1 1 1 1"
    assert original != sample.entity(editor.entity_id)


def test_a_word_in_the_box_values_is_flagged_and_nothing_changes(sample, qtbot):
    editor = open_editor(qtbot, sample, _id(sample, "The Thing Under the Lock"))
    values = editor.tracks[0][1]
    values.setFocus()
    values.selectAll()
    qtbot.keyClicks(values, "1 two")
    assert values.property("problem") == "error"
    assert "not a box value" in values.toolTip()
    assert on_disk(sample, editor.entity_id).stress_boxes == {"physical": [1]}  # "1 " was the last good value
    qtbot.keyClick(values, Qt.Key.Key_Backspace)
    qtbot.keyClick(values, Qt.Key.Key_Backspace)
    qtbot.keyClick(values, Qt.Key.Key_Backspace)
    qtbot.keyClicks(values, "2")
    assert values.property("problem") == ""
    assert on_disk(sample, editor.entity_id).stress_boxes == {"physical": [1, 2]}
    sample.undo_stack.undo()  # typing into the field is one step
    assert on_disk(sample, editor.entity_id).stress_boxes == {"physical": [1, 1, 1, 1]}


def test_a_monster_can_go_back_to_the_rule_sets_stress(sample, qtbot):
    editor = open_editor(qtbot, sample, _id(sample, "The Thing Under the Lock"))
    tick(qtbot, editor, editor.own_stress)
    assert on_disk(sample, editor.entity_id).stress_boxes is None
    assert "From Fate Condensed" in editor.derived_stress.text()
    sample.undo_stack.undo()
    assert editor.own_stress.isChecked()


def test_a_major_npc_sheet_has_no_creation_limits(sample, qtbot):
    from fate_desk.gui.sheet import CharacterSheet

    hale = _id(sample, "Captain Ruarc Hale")
    sample.edit(hale, lambda c: c.model_copy(update={
        "skills": {"Fight": 6, "Shoot": 6, "Will": 5}, "stunts": [Stunt(name=f"S{i}") for i in range(7)]}), "Buff")
    sheet = CharacterSheet(sample, hale)
    qtbot.addWidget(sheet)
    codes = {p.code for p in sample.check(hale).problems}
    assert not codes & {"skills.cap", "skills.over", "skills.under", "refresh.minimum", "stunts.unused"}
    assert all(row.expected is None for row in pyramid_rows(sheet.skills.model))
    assert "no creation limits" in sheet.skills.shape_label.text()
    pc = CharacterSheet(sample, "pc-maren")
    qtbot.addWidget(pc)
    assert any(row.expected for row in pyramid_rows(pc.skills.model))


def test_the_monster_editor_speaks_the_interface_language_in_its_stress_and_consequences(qtbot, tmp_path):
    """In German: "Leicht 2, Mittel 4, Schwer 6" (not "Mild 2, Moderate 4, Severe 6") and the
    rule set's tracks by their German names ("Körperlich", not "physical"); a name typed as
    shown keeps the track the conflict's hits find."""
    from PySide6.QtWidgets import QApplication

    from fate_desk.gui.app import start
    from fate_desk.gui.settings import Preferences, Settings

    Settings().set(Preferences.LANGUAGE, "de")  # View ▸ Language ▸ Deutsch, then a new start
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    editor = window.sheets.open_entity("monster-lockthing")
    saved = window.document.entity("monster-lockthing")
    if saved.consequence_slots is not None:
        editor.own_slots.click()  # the rule set's slots, as the issue saw them
    slots = editor.derived_slots.text()
    assert all(word in slots for word in ("Leicht 2", "Mittel 4", "Schwer 6")) and "Mild" not in slots
    if saved.stress_boxes is None:
        editor.own_stress.click()
    shown = [editor.tracks[r][0].text() for r in range(len(window.document.entity("monster-lockthing").stress_boxes))]
    assert "physical" not in shown and "mental" not in shown and "Körperlich" in shown
    name = editor.tracks[0][0]
    before = list(window.document.entity("monster-lockthing").stress_boxes)
    name.setFocus()
    typed = name.text()
    name.selectAll()
    name.insert(typed)  # the shown name, "Körperlich", written again (QTest types no umlauts)
    qtbot.keyClick(name, Qt.Key.Key_Tab)
    assert list(window.document.entity("monster-lockthing").stress_boxes) == before
    window.close()
