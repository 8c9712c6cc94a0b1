"""What the app says reads as plain English: no markup leaks, no half sentences, right articles."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument

from fate_desk.gui.sheet import CharacterSheet
from fate_desk.model import Character, CharacterKind
from fate_desk.rules import check, get_ruleset
from fate_desk.rules.prep.quick_npc import parse_quick_npc

from gm_support import open_editor, sample  # noqa: F401
from gui_helpers import new_document


def shown(label) -> str:
    """The text a person sees in a label (rich text rendered, entities decoded)."""
    document = QTextDocument()
    if label.textFormat() == label.textFormat().PlainText or not label.text().lstrip().startswith("<"):
        return label.text()
    document.setHtml(label.text())
    return document.toPlainText()


def test_hazard_guidance_shows_an_apostrophe_not_its_html_code(sample, qtbot):
    editor = open_editor(qtbot, sample, "ob-flood")
    editor.rating.setCurrentIndex(editor.rating.findData(1))
    editor.rating.activated.emit(editor.rating.currentIndex())
    assert "PCs' best skill" in shown(editor.guidance)
    assert "&#" not in shown(editor.guidance)


def test_a_minor_npc_without_stunts_or_skills_is_told_it_has_none():
    npc = Character(kind=CharacterKind.MINOR_NPC, name="Dock Thug", stress_boxes={"stress": [1] * 5})
    messages = [p.message for p in check(npc, get_ruleset("fate-condensed")).problems]
    assert messages and not any(m.endswith("has no.") for m in messages)
    assert any("this one has none" in m for m in messages)


def test_approaches_are_dragged_with_an_an(qtbot, tmp_path):
    ruleset = get_ruleset("fate-accelerated")
    pc = Character(name="Ash", ruleset=ruleset.id, refresh=ruleset.refresh_start)
    document = new_document(tmp_path, pc)
    sheet = CharacterSheet(document, pc.id)
    qtbot.addWidget(sheet)
    assert "Drag an approach" in sheet.skills.shape_label.text()
    document.close()


def test_quick_npc_keeps_a_stunts_text_out_of_its_name():
    plain = parse_quick_npc("Cultist; stunt: +2 to Provoke when chanting").character.stunts[0]
    assert (plain.name, plain.text) == ("", "+2 to Provoke when chanting")
    named = parse_quick_npc("Cultist; stunt: Dread Chant: +2 to Provoke when chanting").character.stunts[0]
    assert (named.name, named.text) == ("Dread Chant", "+2 to Provoke when chanting")
