"""Play through the window, third pass (issue 22, items 16-22; issue 24's rough edges of the roll
dialog): every test drives the sheet's and panels' real buttons and dialogs with seeded dice.

Book passages cited are in ../shared/rules-text/ (file and heading)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from fate_desk.gui.play.roll_dialog import RollDialog
from fate_desk.rules.play.roll import Dice

from table_helpers import both, in_a_conflict, on_disk, sample_document
from test_gui_play import SEED, click, concede_now, lit_scene, open_hit, open_sheet, roll_skill


def press_concede(qtbot, sheet) -> QMessageBox:
    click(qtbot, sheet.play.concede_button)
    box = sheet.play.dialog
    assert isinstance(box, QMessageBox) and box.isVisible()
    return box


def concede_offered(box: QMessageBox) -> bool:
    return any(b.text() == "Concede" for b in box.buttons())


# --- 16: Concede… on the sheet ---------------------------------------------------------------
# Fate Condensed, "Conceding" (fate-condensed.txt): "You can interrupt any action in a conflict
# to concede as long as the dice haven't hit the table yet ... Your character loses and exits the
# conflict, but you gain a fate point plus an extra one for each consequence".


def test_concede_outside_a_conflict_is_refused_with_a_reason(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    before = on_disk(document)
    box = press_concede(qtbot, sheet)
    assert not concede_offered(box)
    assert "not in a conflict" in box.text()
    box.close()
    assert on_disk(document) == before
    document.close()


def test_a_character_concedes_once_per_conflict_through_the_running_conflict(qtbot, tmp_path):
    document = sample_document(tmp_path, in_a_conflict("pc-maren", "pc-tobias"))
    sheet = open_sheet(qtbot, document, "pc-maren")
    concede_now(qtbot, sheet)
    after = on_disk(document)
    assert after.character("pc-maren").fate_points == 3 + 1
    maren = next(p for p in after.scenes[0].play.conflict.participants if "pc-maren" in p.members)
    assert maren.conceded  # the conflict knows: she is out of its turn order
    assert "Maren Voss concedes." in after.scenes[0].play.conflict.log
    box = press_concede(qtbot, sheet)  # a second press pays nothing
    assert not concede_offered(box) and "already conceded" in box.text()
    box.close()
    assert on_disk(document) == after
    document.close()


def test_a_character_taken_out_can_no_longer_concede(qtbot, tmp_path):
    document = sample_document(tmp_path, in_a_conflict("pc-maren", "pc-tobias"))
    sheet = open_sheet(qtbot, document, "pc-maren")
    hit = open_hit(qtbot, sheet)
    hit.shifts.setValue(40)
    click(qtbot, hit.out_button)
    conflict = on_disk(document).scenes[0].play.conflict
    assert next(p for p in conflict.participants if "pc-maren" in p.members).taken_out
    before = on_disk(document)
    box = press_concede(qtbot, sheet)
    assert not concede_offered(box) and "taken out" in box.text()
    box.close()
    assert on_disk(document) == before
    document.close()


# --- 24-7: the difficulty box reads the ladder's words -----------------------------------------


def test_the_roll_dialogs_difficulty_takes_rung_names_as_the_skill_editor_does(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    dialog = roll_skill(qtbot, sheet, "Drive")
    panel = dialog.panel
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    for typed, value in (("Superb", 5), ("sup", 5), ("Great (+4)", 4), ("-1", -1), ("fa", 2)):
        box = panel.difficulty
        box.setFocus()
        box.lineEdit().selectAll()
        QTest.keyClicks(box.lineEdit(), typed)
        QTest.keyClick(box.lineEdit(), Qt.Key.Key_Tab)  # on to the next field
        assert box.value() == value, typed
        assert box.text() == box.textFromValue(value)
    assert panel.roll is None  # typing a difficulty never throws the dice
    document.close()
