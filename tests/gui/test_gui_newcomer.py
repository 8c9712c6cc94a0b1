"""Issue 5's done-condition: a newcomer opens the app, builds a legal Fate Condensed PC from
scratch guided by the sheet and the Problems panel, closes the app, reopens it and finds
everything as they left it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QComboBox

from fate_desk.gui.app import start
from fate_desk.gui.sheet import CharacterSheet
from fate_desk.gui.sheet.skills_model import RATING_COLUMN

ASPECTS = ["Storm-Chasing Cartographer", "Never Met a Map I Trusted", "My Sister Keeps the Lighthouse",
           "Compass in My Bones", "Owes the Harbour Master"]
SKILLS = {"Notice": 4, "Athletics": 3, "Lore": 3, "Investigate": 2, "Will": 2, "Drive": 2,
          "Physique": 1, "Rapport": 1, "Stealth": 1, "Crafts": 1}
STUNTS = [("Dead Reckoning", "Because I read the sky, I get +2 when I use Notice to overcome when lost."),
          ("Sea Legs", "Because I grew up on boats, I get +2 when I use Athletics to defend on a deck."),
          ("Old Charts", "Because I keep every chart, I can use Lore instead of Contacts, but only for coasts.")]


def pick_rating(qtbot, sheet: CharacterSheet, skill: str, rating: int) -> None:
    """Open the ladder combo in the skills table and choose the rating, as a person would."""
    skills = sheet.skills
    skills.tabs.setCurrentIndex(1)
    index = skills.proxy.mapFromSource(skills.model.index(skills.model.row_of(skill), RATING_COLUMN))
    skills.table.edit(index)
    combo = skills.table.findChild(QComboBox)
    combo.setCurrentIndex(combo.findData(rating))
    combo.activated.emit(combo.currentIndex())
    # the closed editor is deleted later, as after any user click: let that happen
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_a_newcomer_builds_a_legal_pc_and_finds_it_after_a_restart(qtbot):
    window = start(QApplication.instance(), None)  # first start: the sample campaign
    qtbot.addWidget(window)
    pc = window.edits.add_entry("pc")
    sheet = window.tabs.current_editor()
    assert isinstance(sheet, CharacterSheet)
    qtbot.keyClicks(sheet.name_edit, "Wren Hallows")  # the new name is selected: typing replaces it
    codes = {p.code for p in window.document.check(pc.id).problems}
    assert {"aspects.missing", "skills.under", "stunts.unused"} <= codes  # the panel's guidance

    for i, text in enumerate(ASPECTS):
        qtbot.keyClicks(sheet.aspects.field(i), text)
    for skill, rating in SKILLS.items():
        pick_rating(qtbot, sheet, skill, rating)
    # a person clicks what they see: wait until the window has laid the button out
    qtbot.waitUntil(lambda: not sheet.stunts.add_button.rect().isEmpty())
    for name, text in STUNTS:
        qtbot.mouseClick(sheet.stunts.add_button, Qt.MouseButton.LeftButton)
        card = sheet.stunts.cards[-1]
        qtbot.keyClicks(card.name, name)
        card.text.setFocus()
        qtbot.keyClicks(card.text, text)

    assert window.document.check(pc.id).problems == []
    assert window.problems.summary.text().startswith("✔ Nothing to fix")
    built = window.document.entity(pc.id)
    window.close()

    again = start(QApplication.instance(), None)
    qtbot.addWidget(again)
    try:
        assert again.tabs.current_entity_id() == pc.id
        found = again.document.entity(pc.id)
        assert found == built
        assert found.name == "Wren Hallows" and found.skills == SKILLS
        assert [a.text for a in found.aspects] == ASPECTS
        assert [(s.name, s.text) for s in found.stunts] == STUNTS
        assert again.document.check(pc.id).problems == []
    finally:
        again.close()
