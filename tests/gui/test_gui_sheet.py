"""The character sheet driven as a player would: typing, picking ratings, dragging, clicking."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit

from fate_desk.gui.sheet import CharacterSheet
from fate_desk.gui.sheet.skills_model import RATING_COLUMN
from fate_desk.model import AspectRole, Stunt
from fate_desk.store.bundle import read_bundle
from fate_desk.gui.opening import sample_bundle_path
from fate_desk.store.campaign_file import CampaignFile
from fate_desk.gui.document import CampaignDocument

from gui_helpers import blank_pc, new_document, reread


@pytest.fixture
def blank(qtbot, tmp_path):
    """A sheet on an empty Fate Condensed PC."""
    character = blank_pc("Ash")
    document = new_document(tmp_path, character)
    sheet = CharacterSheet(document, character.id)
    qtbot.addWidget(sheet)
    sheet.resize(1000, 900)
    sheet.show()
    yield document, sheet
    document.close()


@pytest.fixture
def maren(qtbot, tmp_path):
    """A sheet on a finished, legal PC from the sample campaign (Drive Great, Physique Fair, 3 stunts)."""
    handle = CampaignFile.create(tmp_path / "sample.fatedesk", read_bundle(sample_bundle_path()))
    document = CampaignDocument(handle)
    sheet = CharacterSheet(document, "pc-maren")
    qtbot.addWidget(sheet)
    sheet.resize(1000, 900)
    sheet.show()
    yield document, sheet
    document.close()


def problem_codes(document, entity_id):
    return [p.code for p in document.check(entity_id).problems]


def test_typing_a_high_concept_saves_it_and_clears_the_problem(blank, qtbot):
    document, sheet = blank
    edit = sheet.aspects.field(0)
    assert edit.property("problem") == "warning"  # empty High Concept is flagged
    assert "aspects[0]" in [p.path for p in document.check(sheet.entity_id).problems]
    qtbot.keyClicks(edit, "Ash-Eyed Witch of the Fens")
    character = document.entity(sheet.entity_id)
    assert character.aspects[0].role.value == "high_concept"
    assert character.aspects[0].text == "Ash-Eyed Witch of the Fens"
    assert reread(document, sheet.entity_id).aspects[0].text == "Ash-Eyed Witch of the Fens"
    assert "aspects[0]" not in [p.path for p in document.check(sheet.entity_id).problems]
    assert edit.property("problem") == ""


def test_typing_is_one_undo_step(blank, qtbot):
    document, sheet = blank
    qtbot.keyClicks(sheet.aspects.field(1), "Cursed Luck")
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.entity(sheet.entity_id).aspect_text(AspectRole.TROUBLE) == ""
    assert sheet.aspects.field(1).text() == ""
    assert reread(document, sheet.entity_id).aspect_text(AspectRole.TROUBLE) == ""
    document.undo_stack.redo()
    assert sheet.aspects.field(1).text() == "Cursed Luck"


def test_choosing_a_rating_in_the_table_uses_the_ladder(blank, qtbot):
    document, sheet = blank
    skills = sheet.skills
    skills.tabs.setCurrentIndex(1)
    row = skills.model.row_of("Fight")
    index = skills.proxy.mapFromSource(skills.model.index(row, RATING_COLUMN))
    assert index.data().startswith("Mediocre")
    skills.table.edit(index)
    combo = skills.table.findChild(QComboBox)
    assert combo is not None
    labels = [combo.itemText(i) for i in range(combo.count())]
    assert "Great (+4)" in labels and "Legendary (+8)" in labels
    combo.setCurrentIndex(combo.findData(4))
    combo.activated.emit(combo.currentIndex())
    assert document.entity(sheet.entity_id).skills == {"Fight": 4}
    assert reread(document, sheet.entity_id).skills == {"Fight": 4}
    assert index.data() == "Great (+4)"


def test_dragging_a_skill_up_the_pyramid_overfills_great(maren, qtbot):
    document, sheet = maren
    pyramid = sheet.skills.pyramid
    start = pyramid.chip_rect("Notice").center()
    target = pyramid.row_rect(4).center()
    assert not pyramid.chip_rect("Notice").isNull() and not pyramid.row_rect(4).isNull()
    qtbot.mousePress(pyramid, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(pyramid, pos=start + (target - start) / 2)
    qtbot.mouseMove(pyramid, pos=target)
    qtbot.mouseRelease(pyramid, Qt.MouseButton.LeftButton, pos=target)
    character = document.entity("pc-maren")
    assert character.skills["Notice"] == 4
    assert "skills.over" in problem_codes(document, "pc-maren")
    great = next(row for row in pyramid.rows if row.rating == 4)
    assert great.over and sorted(great.names) == ["Drive", "Notice"]
    document.undo_stack.undo()
    assert document.entity("pc-maren").skills["Notice"] == 3
    assert reread(document, "pc-maren").skills["Notice"] == 3
    assert "skills.over" not in problem_codes(document, "pc-maren")


def test_arrow_keys_move_the_picked_skill(maren, qtbot):
    document, sheet = maren
    pyramid = sheet.skills.pyramid
    qtbot.mouseClick(pyramid, Qt.MouseButton.LeftButton, pos=pyramid.chip_rect("Crafts").center())
    assert pyramid.selected == "Crafts"
    qtbot.keyClick(pyramid, Qt.Key.Key_Down)
    assert "Crafts" not in document.entity("pc-maren").skills  # back to Mediocre
    assert any(p.path == "skills@1" for p in document.check("pc-maren").problems)


def test_fourth_stunt_drops_refresh_and_undo_brings_it_back(maren, qtbot):
    document, sheet = maren
    assert sheet.refresh_value.text() == "3"
    qtbot.mouseClick(sheet.stunts.add_button, Qt.MouseButton.LeftButton)
    assert len(document.entity("pc-maren").stunts) == 4
    assert sheet.refresh_value.text() == "3"  # a blank entry is not yet a stunt
    assert "no cost until written" in sheet.stunts.cards[3].cost.text()
    qtbot.keyClicks(sheet.stunts.cards[3].name, "Old Salt")
    assert reread(document, "pc-maren").stunts[3].name == "Old Salt"
    assert sheet.refresh_value.text() == "2"
    assert "3 − 1 for a fourth stunt" in sheet.refresh_explanation.text()
    assert "costs 1 refresh" in sheet.stunts.cards[3].cost.text()
    document.undo_stack.undo()  # the name
    document.undo_stack.undo()  # the stunt
    assert len(document.entity("pc-maren").stunts) == 3
    assert sheet.refresh_value.text() == "3"
    document.undo_stack.redo()
    document.undo_stack.redo()
    assert sheet.refresh_value.text() == "2"


def test_sixth_stunt_breaks_minimum_refresh(maren, qtbot):
    document, sheet = maren
    for i in range(3):
        qtbot.mouseClick(sheet.stunts.add_button, Qt.MouseButton.LeftButton)
        qtbot.keyClicks(sheet.stunts.cards[3 + i].name, f"Extra {i + 1}")
    assert "refresh.minimum" in problem_codes(document, "pc-maren")
    assert sheet.boxes["stunts"].property("problem") == "error"
    qtbot.mouseClick(sheet.stunts.cards[5].remove, Qt.MouseButton.LeftButton)
    assert "refresh.minimum" not in problem_codes(document, "pc-maren")
    assert sheet.boxes["stunts"].property("problem") == ""


def test_raising_physique_adds_stress_boxes_and_superb_adds_a_mild_slot(maren, qtbot):
    document, sheet = maren
    assert len(sheet.stress.boxes("physical")) == 4  # Physique Fair (+2)
    sheet.skills.model.set_rating("Physique", 3)
    assert len(sheet.stress.boxes("physical")) == 6
    assert list(sheet.consequences.rows) == ["mild", "moderate", "severe"]
    sheet.skills.model.set_rating("Physique", 5)
    assert list(sheet.consequences.rows) == ["mild", "mild_physical", "moderate", "severe"]
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert len(sheet.stress.boxes("physical")) == 4


def test_harm_reaches_the_sheet_only_through_take_a_hit(maren, qtbot):
    document, sheet = maren
    qtbot.mouseClick(sheet.play.hit_button, Qt.MouseButton.LeftButton)
    dialog = sheet.play.dialog
    dialog.track.setCurrentIndex(dialog.track.findData("mental"))
    dialog.shifts.setValue(5)
    option = next(dialog.options.item(i) for i in range(dialog.options.count())
                  if "moderate" in dialog.options.item(i).text())
    dialog.options.setCurrentItem(option)
    qtbot.keyClicks(dialog.name_edits["moderate"], "Shaken to the Core")
    qtbot.mouseClick(dialog.take_button, Qt.MouseButton.LeftButton)
    saved = reread(document, "pc-maren")
    assert saved.stress == {"mental": [0]}
    assert [(c.slot, c.text) for c in saved.consequences] == [("moderate", "Shaken to the Core")]
    assert sheet.stress.boxes("mental")[0].isChecked()
    label, edit, recovering, when = sheet.consequences.rows["moderate"]
    assert edit.text() == "Shaken to the Core" and edit.isReadOnly()


def test_fate_point_buttons(maren, qtbot):
    document, sheet = maren
    qtbot.mouseClick(sheet.fate_plus, Qt.MouseButton.LeftButton)
    assert document.entity("pc-maren").fate_points == 4
    for _ in range(4):
        qtbot.mouseClick(sheet.fate_minus, Qt.MouseButton.LeftButton)
    assert document.entity("pc-maren").fate_points == 0
    assert not sheet.fate_minus.isEnabled()  # never below zero


def test_custom_skill_is_added_where_the_rule_set_allows(blank, qtbot):
    document, sheet = blank
    assert sheet.skills.add_custom_skill("Sailing")
    assert document.entity(sheet.entity_id).skills == {"Sailing": 1}
    assert "Sailing (custom)" in [sheet.skills.model.index(r, 0).data() for r in range(sheet.skills.model.rowCount())]
    assert "skills.unknown" in problem_codes(document, sheet.entity_id)


def test_stunt_helper_fills_the_bonus_template(maren, qtbot):
    document, sheet = maren
    qtbot.mouseClick(sheet.stunts.template_button, Qt.MouseButton.LeftButton)
    dialog = sheet.stunt_helper
    qtbot.keyClicks(dialog.name_edit, "Lock-Keeper's Friend")
    qtbot.keyClicks(dialog.because, "have bribed every lock-keeper")
    dialog.skill.setCurrentText("Contacts")
    dialog.action.setCurrentIndex(1)
    qtbot.keyClicks(dialog.when, "I need a gate opened at night")
    assert dialog.ok.isEnabled()
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    stunt = document.entity("pc-maren").stunts[-1]
    assert stunt == Stunt(
        name="Lock-Keeper's Friend",
        text="Because I have bribed every lock-keeper, I get +2 when I use Contacts to create an advantage "
             "when I need a gate opened at night.",
    )


def test_clicking_a_problem_focuses_its_field(qtbot, tmp_path):
    from fate_desk.gui.problems import ProblemsDock

    character = blank_pc("Ash")
    document = new_document(tmp_path, character)
    sheet = CharacterSheet(document, character.id)
    dock = ProblemsDock()
    qtbot.addWidget(sheet)
    qtbot.addWidget(dock)
    sheet.show()
    dock.show()
    dock.show_for(document, character.id)
    dock.problemActivated.connect(sheet.focus_path)
    messages = dock.messages()
    row = next(i for i, m in enumerate(messages) if m.startswith("The Trouble aspect is empty"))
    item = dock.list.item(row)
    sheet.activateWindow()
    dock.list.itemClicked.emit(item)
    qtbot.waitUntil(lambda: sheet.aspects.field(1).hasFocus())
    # the panel follows the sheet while the user types
    qtbot.keyClicks(sheet.aspects.field(1), "Owes the Wrong People")
    assert not any(m.startswith("The Trouble aspect is empty") for m in dock.messages())
    document.close()


def test_condition_boxes_fill_through_take_a_hit_up_to_the_row_cutoff(qtbot, tmp_path):
    from fate_desk.model import CampaignOptions, ConditionsMode

    character = blank_pc("Ash")
    document = new_document(tmp_path, character)
    document.campaign.options = CampaignOptions(conditions=ConditionsMode.FURTHER_APART)
    document.file.save_meta()
    sheet = CharacterSheet(document, character.id)
    qtbot.addWidget(sheet)
    sheet.show()
    sheet.refresh()
    hurt, scared = sheet.consequences.condition_boxes["hurt"], sheet.consequences.condition_boxes["scared"]
    assert len(hurt) == 2 and len(scared) == 2
    qtbot.mouseClick(sheet.play.hit_button, Qt.MouseButton.LeftButton)
    dialog = sheet.play.dialog
    dialog.shifts.setValue(2)
    option = next(dialog.options.item(i) for i in range(dialog.options.count())
                  if dialog.options.item(i).text() == "Mark two boxes of Hurt (2)")
    dialog.options.setCurrentItem(option)
    qtbot.mouseClick(dialog.take_button, Qt.MouseButton.LeftButton)
    saved = reread(document, character.id)
    assert [(c.slot, c.text, c.boxes_marked) for c in saved.consequences] == [("hurt", "Hurt", 2)]
    assert hurt[1].isChecked()
    # two marked on the mild row reach its cutoff: Scared's boxes cannot be marked now
    assert not scared[0].isEnabled()
    document.undo_stack.undo()
    assert document.entity(character.id).consequences == []
    assert scared[0].isEnabled()


def test_long_editing_sessions_do_not_wear_down_none(maren):
    """Some PySide6 releases (6.12.0) drop a reference to None on each Qt call that returns nothing:
    on Python 3.11 a few dozen edits then kill the app. Thousands of refreshes must leave None alone."""
    import sys

    document, sheet = maren
    sheet.refresh()
    before = sys.getrefcount(None)
    for _ in range(2000):
        sheet.refresh()
    assert sys.getrefcount(None) >= before - 50  # a little noise from caches, never one per refresh


def test_free_invokes_are_boxes_set_from_the_keyboard_and_taken_back_by_undo(maren, qtbot):
    from PySide6.QtWidgets import QSpinBox

    document, sheet = maren
    assert not sheet.findChildren(QSpinBox)  # boxes, as on paper, not spin boxes
    boxes = sheet.aspects.invokes[0]  # on the high concept, in the banner
    assert boxes.focusPolicy() & Qt.FocusPolicy.TabFocus
    boxes.setFocus()
    qtbot.keyClick(boxes, Qt.Key.Key_Plus)
    qtbot.keyClick(boxes, Qt.Key.Key_Plus)
    assert document.entity("pc-maren").aspects[0].free_invokes == 2
    assert reread(document, "pc-maren").aspects[0].free_invokes == 2
    assert [b.isChecked() for b in boxes.boxes if b.isVisible()] == [True, True, False]  # two filled, one to add
    assert boxes.accessibleDescription() == "2 free invokes"
    qtbot.keyClick(boxes, Qt.Key.Key_Minus)
    assert document.entity("pc-maren").aspects[0].free_invokes == 1
    document.undo_stack.undo()  # the typed changes are one step, as typing in a field is
    assert document.entity("pc-maren").aspects[0].free_invokes == 0
    assert [b.isChecked() for b in boxes.boxes if b.isVisible()] == [False]
    qtbot.mouseClick(boxes.boxes[0], Qt.MouseButton.LeftButton)  # the dashed box adds one
    assert document.entity("pc-maren").aspects[0].free_invokes == 1
    qtbot.mouseClick(boxes.boxes[0], Qt.MouseButton.LeftButton)  # a filled box takes it away
    assert document.entity("pc-maren").aspects[0].free_invokes == 0


def test_consequence_slots_and_recovering_do_not_look_like_fields_to_type_in(maren, qtbot):
    """A consequence is taken through Take a hit… and recovers through Treat…: its slot has no
    field box (it is drawn on the window, not on the white of an input) and no tick box."""
    from PySide6.QtCore import QPoint, QRect
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QCheckBox

    document, sheet = maren
    sheet.scroll.ensureWidgetVisible(sheet.boxes["consequences"])
    assert not sheet.boxes["consequences"].findChildren(QCheckBox)
    for _label, edit, recovering, _when in sheet.consequences.rows.values():
        assert edit.isReadOnly()
        image = sheet.grab(QRect(edit.mapTo(sheet, QPoint(0, 0)), edit.size())).toImage()
        middle = image.pixelColor(image.width() // 2, image.height() // 2)
        assert middle == sheet.palette().color(QPalette.ColorRole.Window), middle.name()
        assert not recovering.isVisible()  # shown only once a treatment succeeded
    for name, edit in zip(["name", "description"], [sheet.name_edit, sheet.description_edit]):
        assert not edit.isReadOnly(), name


def test_every_slot_shows_the_shifts_it_absorbs_in_a_box(maren):
    _document, sheet = maren
    assert [box.text() for box in sheet.consequences.values.values()] == ["2", "4", "6"]


def test_the_pyramid_measures_again_when_the_text_size_language_or_skills_change(blank, qtbot):
    """Its chips fit the longest skill name and the widest rung label in the sheet's font and
    language; the measure is kept between layout passes, so each of those must renew it."""
    from PySide6.QtGui import QFont, QFontMetrics

    from fate_desk import i18n

    document, sheet = blank
    pyramid = sheet.skills.pyramid
    label_w, slot_w, slot_h = pyramid._metrics()
    assert pyramid._metrics() == (label_w, slot_w, slot_h)
    assert sheet.skills.add_custom_skill("Sailing the Drowned Lantern's Own Harbour Channels")
    longer = QFontMetrics(pyramid.font()).horizontalAdvance("Sailing the Drowned Lantern's Own Harbour Channels")
    assert pyramid._metrics()[1] >= longer > slot_w
    bigger = QFont(pyramid.font())
    bigger.setPointSizeF(bigger.pointSizeF() * 1.5)
    pyramid.setFont(bigger)
    assert pyramid._metrics()[2] > slot_h  # taller chips for larger text
    before = pyramid._metrics()[0]
    was = i18n.language()
    try:
        i18n.set_language("de")
        assert pyramid._metrics()[0] != before  # "Großartig (+4)" is not "Great (+4)"
    finally:
        i18n.set_language(was)
    assert pyramid._metrics()[0] == before


def test_a_fate_core_sheet_names_its_three_remaining_aspects_after_the_phase_trio(qtbot, tmp_path):
    """Fate Core SRD, "The Phase Trio": no RELATIONSHIP caption (Fate Condensed's) on a Core
    sheet; each of the three aspects says which phase it comes from, and typing one saves it."""
    from fate_desk.model import Character

    pc = Character(name="Landon", ruleset="fate-core")
    document = new_document(tmp_path, pc)
    sheet = CharacterSheet(document, pc.id)
    qtbot.addWidget(sheet)
    sheet.resize(1000, 900)
    sheet.show()
    rows = [sheet.aspects.labels[i].text() for i in range(5) if not sheet.aspects.labels[i].isHidden()]
    assert "RELATIONSHIP" not in rows
    assert rows[2:] == ["PHASE ONE: YOUR ADVENTURE", "PHASE TWO: CROSSING PATHS", "PHASE THREE: CROSSING PATHS AGAIN"]
    first = sheet.aspects.field(2)
    assert "first adventure" in first.placeholderText()
    assert not any("Relationship" in p.message for p in document.check(pc.id).problems)
    qtbot.keyClicks(first, "I Owe Old Finn Everything")
    assert reread(document, pc.id).aspects[-1].text == "I Owe Old Finn Everything"
    document.close()


def test_fate_accelerateds_stunt_helper_speaks_of_approaches_in_the_books_words(qtbot, tmp_path):
    """Fate Accelerated, "Stunts": "Because I …, I get a +2 when I [Carefully, Cleverly, …]
    [attack, defend, create advantages, overcome] when [a circumstance]", and "Because I …, once per
    game session I can [something cool]"."""
    from fate_desk.model import Character

    pc = Character(name="Reth", ruleset="fate-accelerated", skills={"Quick": 3})
    document = new_document(tmp_path, pc)
    sheet = CharacterSheet(document, pc.id)
    qtbot.addWidget(sheet)
    sheet.show()
    qtbot.mouseClick(sheet.stunts.template_button, Qt.MouseButton.LeftButton)
    dialog = sheet.stunt_helper
    assert "approach" in dialog.bonus.text() and "skill" not in dialog.bonus.text()
    assert dialog.form.findChild(QLabel, "skillLabel").text() == "&Approach"
    qtbot.keyClicks(dialog.name_edit, "Lover of Puzzles")
    qtbot.keyClicks(dialog.because, "am a Lover of Puzzles")
    dialog.skill.setCurrentIndex(dialog.skill.findData("Clever"))
    dialog.action.setCurrentIndex(dialog.action.findText("overcome"))
    qtbot.keyClicks(dialog.when, "I am presented with a puzzle")
    assert dialog.preview.text() == ("Because I am a Lover of Puzzles, I get a +2 when I Cleverly overcome when I am "
                                     "presented with a puzzle.")
    qtbot.mouseClick(dialog.rule, Qt.MouseButton.LeftButton)
    assert dialog.form.findChild(QLineEdit, "onlyEdit").isHidden()
    dialog.because.clear()
    qtbot.keyClicks(dialog.because, "am Well Connected")
    qtbot.keyClicks(dialog.can, "find a helpful ally in just the right place")
    assert dialog.preview.text() == ("Because I am Well Connected, once per game session I can find a helpful ally in "
                                     "just the right place.")
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert reread(document, pc.id).stunts[-1].text == dialog.preview.text()
    document.close()
