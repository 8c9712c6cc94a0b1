"""After creation the sheet shows what the checker enforces: the column rule, not creation counts."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from fate_desk.gui.sheet import CharacterSheet
from fate_desk.model import HistoryEntry

from gui_helpers import blank_pc, new_document

AFTER_BREAKTHROUGH = {"Notice": 4, "Physique": 3, "Stealth": 3, "Athletics": 2, "Deceive": 2, "Shoot": 2,
                      "Academics": 1, "Contacts": 1, "Fight": 1, "Lore": 1, "Will": 1}


def test_a_fifth_average_skill_after_a_breakthrough_is_not_shown_as_too_many(qtbot, tmp_path):
    pc = blank_pc("Kestrel").model_copy(update={
        "skills": AFTER_BREAKTHROUGH, "advancement": [HistoryEntry(kind="breakthrough", summary="End of arc 1")]})
    document = new_document(tmp_path, pc)
    sheet = CharacterSheet(document, pc.id)
    qtbot.addWidget(sheet)
    sheet.show()
    rows = {row.rating: row for row in sheet.skills.pyramid.rows}
    assert len(rows[1].names) == 5
    assert not any(row.over for row in rows.values())
    assert not [p for p in document.check(pc.id).problems if p.path.startswith("skills")]
    assert "no rung may hold more" in sheet.skills.shape_label.text()
    document.close()


def test_before_any_breakthrough_a_fifth_average_skill_is_too_many(qtbot, tmp_path):
    pc = blank_pc("Kestrel").model_copy(update={"skills": AFTER_BREAKTHROUGH})
    document = new_document(tmp_path, pc)
    sheet = CharacterSheet(document, pc.id)
    qtbot.addWidget(sheet)
    rows = {row.rating: row for row in sheet.skills.pyramid.rows}
    assert rows[1].over and rows[1].expected == 4
    document.close()


def _sheet(qtbot, tmp_path, pc):
    document = new_document(tmp_path, pc)
    sheet = CharacterSheet(document, pc.id)
    qtbot.addWidget(sheet)
    sheet.resize(1000, 800)
    sheet.show()
    return document, sheet


def add_stunt(qtbot, sheet) -> None:
    """Click "Add stunt" where it is now (each new card moves it down) and name the stunt:
    a blank entry is not a stunt yet and costs nothing (the checker's rule)."""
    QApplication.processEvents()
    qtbot.mouseClick(sheet.stunts.add_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(QApplication.focusWidget(), f"Trick {len(sheet.stunts.cards)}")


def test_at_creation_a_fourth_stunt_takes_a_fate_point_with_the_refresh(qtbot, tmp_path):
    document, sheet = _sheet(qtbot, tmp_path, blank_pc("Ash"))
    for _ in range(4):
        add_stunt(qtbot, sheet)
    pc = document.entity(pc_id := sheet.entity_id)
    assert (document.check(pc_id).derived.refresh, pc.fate_points) == (2, 2)
    assert (sheet.refresh_value.text(), sheet.fate_points_value.text()) == ("2", "2")
    document.undo_stack.undo()
    assert document.entity(pc_id).fate_points == 3
    document.close()


def test_in_play_a_new_stunt_leaves_the_fate_points_alone(qtbot, tmp_path):
    pc = blank_pc("Ash").model_copy(update={"advancement": [HistoryEntry(kind="milestone", summary="Session 1")]})
    document, sheet = _sheet(qtbot, tmp_path, pc)
    for _ in range(4):
        add_stunt(qtbot, sheet)
    assert document.entity(pc.id).fate_points == 3
    document.close()


def test_refresh_below_its_minimum_is_marked_in_the_header(qtbot, tmp_path):
    document, sheet = _sheet(qtbot, tmp_path, blank_pc("Ash"))
    for _ in range(6):
        add_stunt(qtbot, sheet)
    assert sheet.refresh_value.text() == "0"
    assert sheet.refresh_value.property("problem") == "error"
    assert "refresh" in sheet.refresh_value.toolTip()
    document.close()
