"""A big sheet never freezes the window (issue 45): 2,000 aspects took 26 s to start, 10,000 skills 46 s,
and notes that were one unbroken 1 MB word 90 s. A character kept from an older file past Fate
Desk's limits shows what fits in them, says so, and keeps the rest in the file untouched; long
text waits for a click and then breaks anywhere in one pass. (benchmarks/bench_big_sheet.py
prints how long these take; a test only counts what was built.)"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextOption

from fate_desk.gui.sheet import CharacterSheet
from fate_desk.model import Aspect, AspectRole, Character, Stunt
from fate_desk.model.limits import MAX_ASPECTS, MAX_SKILLS, MAX_STUNTS
from fate_desk.rules.creation.edits import edited

from gui_helpers import new_document, reread


def _sheet(qtbot, document, character_id):
    sheet = CharacterSheet(document, character_id)
    qtbot.addWidget(sheet)
    sheet.resize(1280, 800)
    sheet.show()
    return sheet


def _legacy(**fields) -> Character:
    """A character an older Fate Desk let in, past today's limits (read without them, as a
    campaign file reads its entries)."""
    return Character.model_validate({"name": "Hoarder", "ruleset": "fate-core", **fields})


def test_a_sheet_past_the_limits_shows_what_fits_says_so_and_keeps_the_rest(qtbot, tmp_path):
    hoarder = _legacy(
        aspects=[{"role": "free", "text": f"Aspect {i}"} for i in range(2000)],
        skills={f"Skill {i}": (i % 4) + 1 for i in range(10_000)},
        stunts=[{"name": f"Stunt {i}", "text": "Because…"} for i in range(500)])
    document = new_document(tmp_path, hoarder)
    sheet = _sheet(qtbot, document, hoarder.id)
    # Built: what a full sheet holds, no more.
    assert sum(edit.isVisibleTo(sheet) for edit in sheet.aspects.edits) == MAX_ASPECTS
    assert len(sheet.aspects.edits) == MAX_ASPECTS
    assert len(sheet.stunts.cards) == MAX_STUNTS
    assert sheet.skills.model.rowCount() == MAX_SKILLS
    note = sheet.limits_note
    assert note.isVisibleTo(sheet)
    assert note.text() == ("This character has 10,000 skills; Fate Desk keeps at most 200. The sheet shows what "
                           "fits in that; the rest stays in the file as it was.")
    # Editing what shows keeps what does not.
    sheet.name_edit.setFocus()
    sheet.name_edit.selectAll()
    qtbot.keyClicks(sheet.name_edit, "Kept")
    saved = reread(document, hoarder.id)
    assert saved.name == "Kept" and len(saved.aspects) == 2000 and len(saved.skills) == 10_000 and len(saved.stunts) == 500
    document.close()


def test_a_full_sheet_says_nothing(qtbot, tmp_path):
    full = Character(name="Full", ruleset="fate-core",
                     aspects=[Aspect(role=AspectRole.FREE, text=f"A{i}") for i in range(MAX_ASPECTS)],
                     stunts=[Stunt(name=f"S{i}") for i in range(MAX_STUNTS)])
    document = new_document(tmp_path, full)
    sheet = _sheet(qtbot, document, full.id)
    assert not sheet.limits_note.isVisibleTo(sheet)
    assert len(sheet.stunts.cards) == MAX_STUNTS
    document.close()


def test_notes_that_are_one_unbroken_megabyte_wait_for_a_click_and_break_anywhere(qtbot, tmp_path):
    word = "x" * 1_000_000
    scribe = _legacy(notes=word)
    document = new_document(tmp_path, scribe)
    sheet = _sheet(qtbot, document, scribe.id)
    gate = sheet.notes_gate
    assert gate.isVisibleTo(sheet) and not sheet.notes_edit.isVisibleTo(sheet)
    assert gate.said.text() == ("These notes are 1,000,000 characters long: they show when asked for, so the sheet "
                                "opens at once.")
    assert sheet.notes_edit.toPlainText() == ""  # nothing laid out yet
    assert sheet.limits_note.text() == "Its notes are 1,000,000 characters long; Fate Desk keeps at most 200,000."
    gate.button.setFocus()
    qtbot.keyClick(gate.button, Qt.Key.Key_Space)
    assert sheet.notes_edit.isVisibleTo(sheet) and not gate.isVisibleTo(sheet)
    assert sheet.notes_edit.toPlainText() == word
    assert sheet.notes_edit.wordWrapMode() == QTextOption.WrapMode.WrapAnywhere
    assert sheet.window().focusWidget() is sheet.notes_edit
    # Past the limit the notes may be shortened, a key at a time, but not lengthened.
    sheet.notes_edit.moveCursor(sheet.notes_edit.textCursor().MoveOperation.End)
    qtbot.keyClick(sheet.notes_edit, Qt.Key.Key_Backspace)
    assert len(reread(document, scribe.id).notes) == 999_999
    refused = []
    document.saveFailed.connect(refused.append)
    qtbot.keyClicks(sheet.notes_edit, "yz")
    assert len(reread(document, scribe.id).notes) == 999_999
    assert refused[0] == ("That change was not made: its notes are 1,000,000 characters long; "
                          "Fate Desk keeps at most 200,000")
    document.close()


def test_short_notes_show_at_once_and_break_at_words(qtbot, tmp_path):
    writer = Character(name="Writer", notes="A few lines about the harbour. " * 50)
    document = new_document(tmp_path, writer)
    sheet = _sheet(qtbot, document, writer.id)
    assert not sheet.notes_gate.isVisibleTo(sheet) and sheet.notes_edit.isVisibleTo(sheet)
    assert sheet.notes_edit.wordWrapMode() == QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere
    document.edit(writer.id, lambda c: edited(c, notes="z" * 600), "Edit notes")  # a run no word is
    assert sheet.notes_edit.wordWrapMode() == QTextOption.WrapMode.WrapAnywhere
    document.close()
