"""Milestones, breakthroughs, raises and the History dock in the accented pseudo-locale: their
text is translated, skills are shown by their translated names, and what is chosen is still
the rule set's English skill (the history and the file keep that)."""

from __future__ import annotations

from fate_desk.gui.advancement.breakthrough import BreakthroughDialog
from fate_desk.gui.advancement.history import HistoryDock
from fate_desk.gui.advancement.milestone import MilestoneDialog
from fate_desk.i18n import rules_text
from fate_desk.model import HistoryEntry
from fate_desk.rules.advancement.milestones import MilestoneKind, SwapSkills, apply_milestone

from marked_table_support import PSEUDO, english_left, pseudo  # noqa: F401
from table_helpers import on_disk, sample_document


def translated(*texts: str, allowed=()) -> None:
    for text in texts:
        assert PSEUDO in text and english_left(text, allowed) is None, text


def test_a_milestone_picked_in_translated_combos_is_made_of_english_skill_names(pseudo, qtbot, tmp_path):  # noqa: F811
    document = sample_document(tmp_path)
    tobias = document.entity("pc-tobias")
    ruleset = document.ruleset_for(tobias)
    dialog = MilestoneDialog(tobias, ruleset, document.campaign.options, document.campaign.clock)
    qtbot.addWidget(dialog)
    translated(dialog.windowTitle(), dialog.ok.text(), dialog.picker.radios["none"].text(), allowed={tobias.name})
    assert dialog.picker.select(MilestoneKind.SWAP_SKILLS)
    first, second = dialog.picker.first, dialog.picker.second
    assert all(PSEUDO in first.itemText(i) for i in range(first.count()))
    lore = first.findData("Lore")
    first.setCurrentIndex(lore)
    assert rules_text("Lore") in first.currentText()
    choice = dialog.choice()
    assert isinstance(choice, SwapSkills) and choice.first == "Lore" and choice.second in tobias.skills
    preview = dialog.preview.text()
    assert PSEUDO in preview and rules_text("Lore") in preview
    # Replacing an Average skill: the new one is listed translated and handed back in English.
    assert dialog.picker.select(MilestoneKind.REPLACE_SKILL), dialog.picker.reasons
    new = dialog.picker.new
    wanted = new.itemData(new.count() - 1)
    new.setCurrentIndex(new.count() - 1)
    assert new.currentText() == rules_text(wanted) != wanted
    assert dialog.choice().new == wanted
    if new.isEditable():  # typed by its shown name, as a player would
        new.setEditText(rules_text(wanted))
        assert dialog.choice().new == wanted
    dialog.picker.select(MilestoneKind.SWAP_SKILLS)
    assert dialog.ok.isEnabled()
    dialog.ok.click()  # the dialog's own OK: the choice it hands back is the English one
    assert dialog.result() == dialog.DialogCode.Accepted


def test_a_breakthrough_and_saved_points_speak_the_language_and_raise_english_skills(pseudo, qtbot, tmp_path):  # noqa: F811
    def saved(campaign):
        maren = campaign.characters[0]
        maren.saved_skill_points = 2
        maren.advancement = [HistoryEntry(kind="breakthrough", summary="Arc 1")]
        return campaign

    document = sample_document(tmp_path, saved)
    maren = document.entity("pc-maren")
    ruleset = document.ruleset_for(maren)
    breakthrough = BreakthroughDialog(maren, ruleset, document.campaign.options, document.campaign.clock)
    qtbot.addWidget(breakthrough)
    heading = breakthrough.form.findChild(type(breakthrough.preview), "headingLabel").text()
    translated(breakthrough.windowTitle(), heading, breakthrough.ok.text(), breakthrough.raises.summary.text(),
               allowed={maren.name})

    dock = HistoryDock()
    qtbot.addWidget(dock)

    dock.show()  # a dock on screen: a hidden one refreshes when it shows
    dock.show_for(document, "pc-maren")
    translated(dock.windowTitle(), dock.heading.text(), dock.tree.accessibleName(), allowed={maren.name})
    assert dock.entries()[0].startswith(PSEUDO)  # "Breakthrough: …"
    dialog = dock.spend()
    translated(dialog.windowTitle(), dialog.preview.text(), dialog.ok.text(), allowed={maren.name})
    label = dialog.raises.rows["Lore"][0]
    assert label.text() == rules_text("Lore") != "Lore"
    assert dialog.raises.add("Lore")
    assert PSEUDO in dialog.preview.text() and rules_text("Lore") in dialog.preview.text()
    dialog.ok.click()
    after = on_disk(document).character("pc-maren")
    assert after.skills["Lore"] == 1 and after.saved_skill_points == 1  # the English skill rose
    assert document.undo_stack.text(document.undo_stack.index() - 1).startswith(PSEUDO)
    document.close()


def test_history_lines_of_a_milestone_are_translated_around_the_rules_words(pseudo, qtbot, tmp_path):  # noqa: F811
    document = sample_document(tmp_path)
    ruleset = document.ruleset_for()
    document.edit("pc-tobias", lambda c: apply_milestone(c, SwapSkills("Lore", "Academics"), ruleset).character,
                  "Milestone")
    dock = HistoryDock()
    qtbot.addWidget(dock)
    dock.show()  # a dock on screen: a hidden one refreshes when it shows
    dock.show_for(document, "pc-tobias")
    item = dock.tree.topLevelItem(0)
    assert item.text(1).startswith(PSEUDO)  # the kind, translated; the summary is the rules' own
    assert dock.revert_button.isEnabled()
    dock.revert()
    assert on_disk(document).character("pc-tobias").skills["Lore"] == 4
    assert document.undo_stack.text(document.undo_stack.index() - 1).startswith(PSEUDO)
    document.close()
