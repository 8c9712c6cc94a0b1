"""Hazard, block, distraction and countdown editors, driven as a GM would."""

from __future__ import annotations

from PySide6.QtCore import Qt

from fate_desk.model import Block, Countdown

from gm_support import on_disk, open_editor, sample, undo_all  # noqa: F401


def pick(combo, value):
    """Choose a rating in a ladder combo as the user does (activation, not a programmatic set)."""
    combo.setCurrentIndex(combo.findData(value))
    combo.activated.emit(combo.currentIndex())


def test_hazard_rating_below_the_pcs_best_skill_shows_guidance_and_saves(sample, qtbot):
    editor = open_editor(qtbot, sample, "ob-flood")
    assert editor.guidance.text().startswith("✔")
    assert editor.rating.currentText() == "Great (+4)"
    pick(editor.rating, 2)
    editor.weapon_spin.setValue(3)
    saved = on_disk(sample, "ob-flood")
    assert (saved.rating, saved.weapon) == (2, 3)
    assert "at least as high" in editor.guidance.text() and "Great (+4)" in editor.guidance.text()
    assert "Fair (+2)" in editor.summary.text() and "Weapon:3" in editor.summary.text()
    undo_all(sample)
    assert on_disk(sample, "ob-flood").rating == 4 and editor.rating.value() == 4


def test_hazard_weapon_stays_within_one_to_four(sample, qtbot):
    editor = open_editor(qtbot, sample, "ob-flood")
    editor.weapon_spin.setValue(9)
    assert on_disk(sample, "ob-flood").weapon == 4
    editor.weapon_spin.setValue(0)
    assert on_disk(sample, "ob-flood").weapon == 1


def test_block_shows_removal_difficulty_cover_armor_and_forced_into_weapon(sample, qtbot):
    editor = open_editor(qtbot, sample, "ob-gate")
    pick(editor.rating, 5)
    editor.weapon_spin.setValue(3)
    text = editor.derived.text()
    assert "Epic (+7)" in text  # removal: rating + 2
    assert "Armor:2" in text  # cover: half of 5, rounded down
    assert "Weapon:1" in text  # forced into it: half of 3, rounded down
    assert "one step above" in editor.guidance.text()  # Superb (+5) is past Great (+4) + 1
    assert isinstance(on_disk(sample, "ob-gate"), Block) and on_disk(sample, "ob-gate").rating == 5


def test_guidance_follows_a_pc_raising_their_best_skill(sample, qtbot):
    editor = open_editor(qtbot, sample, "ob-gate")
    pick(editor.rating, 6)
    assert editor.guidance.text().startswith("⚠")
    sample.edit("pc-maren", lambda c: c.model_copy(update={"skills": {**c.skills, "Drive": 5}}), "Raise")
    assert editor.guidance.text().startswith("✔")


def test_distraction_choice_repercussions_and_optional_opposition(sample, qtbot):
    editor = open_editor(qtbot, sample, "ob-acolyte")
    editor.choice_edit.selectAll()
    qtbot.keyClicks(editor.choice_edit, "Save her or chase him?")
    qtbot.mouseClick(editor.repercussions.add_button, Qt.MouseButton.LeftButton)
    editor.opposition_check.click()
    saved = on_disk(sample, "ob-acolyte")
    assert saved.choice == "Save her or chase him?"
    assert len(saved.repercussions) == 3
    assert saved.opposition is None
    assert not editor.opposition.isEnabled()
    editor.opposition_check.click()
    pick(editor.opposition, 3)
    assert on_disk(sample, "ob-acolyte").opposition == 3
    undo_all(sample)
    assert on_disk(sample, "ob-acolyte").repercussions == editor.repercussions.lines()
    assert len(editor.repercussions.lines()) == 2


def test_countdown_mark_next_box_and_click_boxes(sample, qtbot):
    editor = open_editor(qtbot, sample, "cd-lighthouse")
    qtbot.mouseClick(editor.mark_button, Qt.MouseButton.LeftButton)
    assert on_disk(sample, "cd-lighthouse").marked == 2
    qtbot.mouseClick(editor.track.boxes[3], Qt.MouseButton.LeftButton)
    assert on_disk(sample, "cd-lighthouse").marked == 4
    assert not editor.mark_button.isEnabled() and "Every box is marked" in editor.status.text()
    qtbot.mouseClick(editor.track.boxes[1], Qt.MouseButton.LeftButton)
    assert on_disk(sample, "cd-lighthouse").marked == 1
    assert [b.isChecked() for b in editor.track.boxes[:4]] == [True, False, False, False]
    undo_all(sample)
    assert on_disk(sample, "cd-lighthouse").marked == 1 and editor.mark_button.isEnabled()


def test_countdown_boxes_triggers_outcome_and_what_players_see(sample, qtbot):
    editor = open_editor(qtbot, sample, "cd-lighthouse")
    editor.boxes_spin.setValue(6)
    editor.per_box.setChecked(True)
    qtbot.keyClicks(editor.trigger_edits[4], "The keeper dies")
    editor.outcome_edit.setPlainText("The lantern burns green.")
    editor.players_check.setChecked(False)
    saved = on_disk(sample, "cd-lighthouse")
    assert saved.boxes == 6 and len(editor.track.boxes) >= 6
    assert saved.box_triggers == ["", "", "", "", "The keeper dies"]
    assert saved.outcome == "The lantern burns green." and not saved.players_see_boxes_only
    editor.boxes_spin.setValue(3)
    assert on_disk(sample, "cd-lighthouse").box_triggers == []
    editor.per_box.setChecked(False)
    assert not editor.trigger_edits[0].isVisible()


def test_fewer_boxes_than_marks_unmarks_the_extra_ones(sample, qtbot):
    countdown = Countdown(name="Flood", boxes=5, marked=4)
    sample.add(countdown)
    editor = open_editor(qtbot, sample, countdown.id)
    editor.boxes_spin.setValue(2)
    assert on_disk(sample, countdown.id).marked == 2
    sample.undo_stack.undo()
    assert on_disk(sample, countdown.id).marked == 4


