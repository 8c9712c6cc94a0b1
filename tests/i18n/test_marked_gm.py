"""The GM's editors in the accented pseudo-locale: what the code writes on them is translated,
and a skill or a scale picked or typed by its translated name is saved by its English one."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from fate_desk.i18n import rules_text
from fate_desk.model import Character, CharacterKind

from gm_support import on_disk, open_editor, sample  # noqa: F401
from marked_table_support import PSEUDO, assert_translated, data_texts, english_left, pseudo, type_text  # noqa: F401


def _id(document, name):
    return next(c.id for c in document.campaign.characters if c.name == name)


def translated(*texts: str, allowed=()) -> None:
    for text in texts:
        assert PSEUDO in text and english_left(text, allowed) is None, text


def test_a_minor_npc_skill_typed_by_its_translated_name_is_saved_by_the_english_one(pseudo, sample, qtbot):  # noqa: F811
    npc = Character(kind=CharacterKind.MINOR_NPC, name="Lookout")
    sample.add(npc)
    card = open_editor(qtbot, sample, npc.id)
    qtbot.mouseClick(card.form.findChild(QPushButton, "addSkillButton"), Qt.MouseButton.LeftButton)
    combo = card.skills.names[0]
    shown = [combo.itemText(i) for i in range(combo.count())]
    assert rules_text("Notice") in shown and "Notice" not in shown  # the list speaks the language
    assert combo.itemData(combo.findText(rules_text("Notice"))) == "Notice"
    combo.lineEdit().selectAll()
    type_text(combo.lineEdit(), rules_text("Notice"))
    assert on_disk(sample, npc.id).skills == {"Notice": 2}
    # Picked from the list: the English name too.
    combo.activated.emit(combo.findData("Fight"))
    assert on_disk(sample, npc.id).skills == {"Fight": 2}
    assert combo.currentText() == rules_text("Fight")
    # A skill of the GM's own stays as typed.
    combo.lineEdit().selectAll()
    qtbot.keyClicks(combo.lineEdit(), "Bar Fights")
    assert on_disk(sample, npc.id).skills == {"Bar Fights": 2}
    translated(combo.toolTip(), combo.accessibleName(), card.skills.ats[0].text(),
               card.skills.removes[0].toolTip(), card.skills.removes[0].accessibleName(),
               card.aspects.edits[0].placeholderText(), card.aspects.edits[0].accessibleName(),
               card.harm.hit_button.text(), card.harm.hit_button.toolTip())
    assert sample.undo_stack.text(sample.undo_stack.index() - 1).startswith(PSEUDO)


def test_a_monsters_scale_and_rule_breaks_show_translated_and_save_english(pseudo, sample, qtbot):  # noqa: F811
    editor = open_editor(qtbot, sample, _id(sample, "The Thing Under the Lock"))
    names = data_texts(sample.campaign)
    scale = editor.scale_combo
    assert all(PSEUDO in scale.itemText(i) for i in range(scale.count()))
    index = scale.findData("Supernatural")
    scale.setCurrentIndex(index)
    scale.activated.emit(index)
    assert on_disk(sample, editor.entity_id).scale == "Supernatural"
    for check, detail in editor.named.values():
        translated(check.text(), detail.placeholderText(), detail.accessibleName())
    translated(editor.derived_slots.text(), allowed=names) if editor.derived_slots.isVisibleTo(editor) else None
    severity, value, only, remove = editor.slots[0] if editor.slots else (None,) * 4
    if severity is not None:
        translated(severity.accessibleName(), value.prefix(), only.placeholderText(), remove.toolTip())
    name, values, _boxes, remove = editor.tracks[0]
    translated(name.accessibleName(), values.accessibleName(), remove.accessibleName())
    translated(editor.custom_breaks.add_button.text(), editor.custom_breaks.remove_button.accessibleName())


def test_scene_obstacle_countdown_and_session_editors_speak_the_language(pseudo, sample, qtbot):  # noqa: F811
    names = data_texts(sample.campaign)
    scene = open_editor(qtbot, sample, "sc-lock")
    headers = [scene.present_list.item(i) for i in range(scene.present_list.count())
               if not scene.present_list.item(i).data(Qt.ItemDataRole.UserRole + 1)]
    assert headers and all(PSEUDO in h.text() for h in headers)
    translated(scene.aspects.add_button.text(), scene.aspects.remove_button.accessibleName(),
               scene.aspects.table.accessibleName(), scene.zone_aspects.add_button.text(),
               scene.zone_map.accessibleName(), scene.zone_map.accessibleDescription())
    assert all(PSEUDO in scene.aspects.table.horizontalHeaderItem(c).text() for c in range(2))
    # Clicks on one free-invokes box still merge into one undo step in any language.
    steps = sample.undo_stack.count()
    spin = scene.aspects.table.cellWidget(0, 1)
    translated(spin.accessibleName())
    spin.setValue(spin.value() + 1)
    spin.setValue(spin.value() + 1)
    assert sample.undo_stack.count() == steps + 1

    hazard = open_editor(qtbot, sample, "ob-flood")
    translated(hazard.summary.text(), hazard.guidance.text(), hazard.rating.accessibleName(), allowed=names)
    block = open_editor(qtbot, sample, "ob-gate")
    translated(*block.derived.text().split("<br>"))
    countdown = open_editor(qtbot, sample, "cd-lighthouse")
    translated(countdown.status.text(), allowed=names)
    for box in countdown.track.boxes[:sample.entity("cd-lighthouse").boxes]:
        translated(box.toolTip(), box.accessibleName(), allowed=names)

    session = open_editor(qtbot, sample, sample.campaign.sessions[0].id)
    translated(session.status.text(), session.events.add_button.text())
    for i in range(session.history.count()):
        assert PSEUDO in session.history.item(i).text()


def test_quick_npc_previews_in_the_language_and_keeps_the_english_skill(pseudo, qtbot):  # noqa: F811
    from fate_desk.gui.gm.quick_npc import QuickNpcDialog

    dialog = QuickNpcDialog()
    qtbot.addWidget(dialog)
    translated(dialog.windowTitle(), dialog.ok.text(), dialog.preview.text())
    dialog.line_edit.setText("Lookout; Eyes Like a Hawk; Good Notice")
    preview = dialog.preview.text().split("</table>")[0]  # the notes after it are the reader's words
    assert rules_text("Notice") in preview and PSEUDO in preview
    assert english_left(preview, {"Lookout", "Eyes Like a Hawk"}) is None, preview
    assert dialog.character().skills == {"Notice": 3}


def test_every_gm_editor_reads_in_the_language_but_for_the_gms_own_words(pseudo, sample, qtbot):  # noqa: F811
    """Scenes, obstacles, countdowns, sessions, arcs, minor NPCs and monsters: the forms and the
    code's text alike (the sheet's invoke boxes are the sheet's, checked with it)."""
    from fate_desk.gui.sheet.aspects import InvokeBoxes

    names = data_texts(sample.campaign)
    campaign = sample.campaign
    ids = ["sc-lock", "ob-flood", "ob-gate", "ob-acolyte", "cd-lighthouse", campaign.sessions[0].id,
           *[a.id for a in campaign.arcs[:1]],
           *[c.id for c in campaign.characters if c.kind in (CharacterKind.MINOR_NPC, CharacterKind.MONSTER)]]
    kinds = set()
    for entity_id in ids:
        editor = open_editor(qtbot, sample, entity_id)
        kinds.add(type(editor).__name__)
        assert_translated(editor, names, skip=(InvokeBoxes,))
    assert {"SceneEditor", "HazardEditor", "BlockEditor", "DistractionEditor", "CountdownEditor", "SessionEditor",
            "MinorNpcEditor", "MonsterEditor"} <= kinds
