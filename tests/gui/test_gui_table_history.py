"""The History dock: entries of the current character, revert last through the undo stack."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from fate_desk.gui.advancement.history import HistoryDock
from fate_desk.model import HistoryEntry
from fate_desk.rules.advancement.milestones import SwapSkills, apply_milestone
from fate_desk.rules.creation.edits import edited

from table_helpers import on_disk, sample_document


@pytest.fixture
def tobias(qtbot, tmp_path):
    """Tobias after a milestone swap of Lore and Academics, with the History dock on him."""
    document = sample_document(tmp_path)
    ruleset = document.ruleset_for()
    document.edit("pc-tobias", lambda c: apply_milestone(c, SwapSkills("Lore", "Academics"), ruleset).character,
                  "Milestone")
    dock = HistoryDock()
    qtbot.addWidget(dock)
    dock.show()  # a dock on screen: a hidden one refreshes when it shows
    dock.show_for(document, "pc-tobias")
    yield document, dock
    document.close()


def test_history_lists_entries_newest_first_with_their_changes(tobias):
    _, dock = tobias
    assert dock.entries()[0].startswith("Milestone: Swapped Lore")
    item = dock.tree.topLevelItem(0)
    changes = [item.child(i).text(1) for i in range(item.childCount())]
    assert "Lore: 4 → 3" in changes and "Academics: 3 → 4" in changes


def test_revert_last_goes_through_the_undo_stack(tobias, qtbot):
    document, dock = tobias
    qtbot.mouseClick(dock.revert_button, Qt.MouseButton.LeftButton)
    after = on_disk(document).character("pc-tobias")
    assert after.skills["Lore"] == 4 and after.advancement == []
    assert dock.entries() == [] and not dock.revert_button.isEnabled()
    document.undo_stack.undo()
    assert on_disk(document).character("pc-tobias").skills["Lore"] == 3
    assert len(dock.entries()) == 1


def test_revert_asks_first_when_a_field_was_edited_since(tobias, qtbot):
    document, dock = tobias
    document.edit("pc-tobias", lambda c: edited(c, skills={**c.skills, "Lore": 5}), "Lore by hand")
    assert not dock.revert()
    assert dock.confirm is not None and "Lore was edited" in dock.confirm.text()
    assert on_disk(document).character("pc-tobias").skills["Lore"] == 5
    dock.confirm.accept()
    after = on_disk(document).character("pc-tobias")
    assert after.skills["Lore"] == 4 and after.advancement == []


def test_saved_skill_points_are_spent_together(qtbot, tmp_path):
    def saved(campaign):
        maren = campaign.characters[0]
        maren.saved_skill_points = 2
        maren.advancement = [HistoryEntry(kind="breakthrough", summary="Arc 1")]  # the column rule holds
        return campaign

    document = sample_document(tmp_path, saved)
    dock = HistoryDock()
    qtbot.addWidget(dock)
    dock.show()  # a dock on screen: a hidden one refreshes when it shows
    dock.show_for(document, "pc-maren")
    assert dock.spend_button.isEnabled()
    dialog = dock.spend()
    assert not dialog.ok.isEnabled()
    assert dialog.raises.add("Lore")  # Mediocre to Average
    assert dialog.ok.isEnabled(), dialog.preview.text()
    assert "Lore" in dialog.preview.text() and "Saved skill points 2 → <b>1</b>" in dialog.preview.text()
    dialog.ok.click()
    after = on_disk(document).character("pc-maren")
    assert after.skills["Lore"] == 1 and after.saved_skill_points == 1
    assert after.advancement[-1].kind == "skill points"
    document.close()


def test_a_breakthroughs_unrecorded_refresh_power_up_is_offered_and_recorded_by_the_history(qtbot, tmp_path):
    """Fate Condensed, "Breakthroughs": the GM may grant +1 refresh. A hand-written history that
    took it without recording it is accepted with a warning asking to record it (issue 39: "accept
    it with a note asking to record it"); the History dock offers to record it in that
    breakthrough, as one undo step, and the checker is then satisfied."""
    from fate_desk.model import ClockStamp

    breakthrough = HistoryEntry(kind="breakthrough", summary="Arc 1", when=ClockStamp(arc=1, session=4))

    def powered(campaign):
        maren = campaign.character("pc-maren")
        maren.advancement = [breakthrough]
        maren.refresh += 1  # the GM's +1, never itemised
        return campaign

    document = sample_document(tmp_path, powered)
    problems = {p.code: p for p in document.check("pc-maren").problems}
    assert "refresh.base" not in problems and problems["refresh.power_up"].severity == "warning"
    dock = HistoryDock()
    qtbot.addWidget(dock)
    dock.show()  # a dock on screen: a hidden one refreshes when it shows
    dock.show_for(document, "pc-maren")
    dock.show()
    assert dock.power_up_button.isVisible()
    assert "arc 1, session 4" in dock.power_up_button.accessibleName().lower()
    qtbot.mouseClick(dock.power_up_button, Qt.MouseButton.LeftButton)
    after = on_disk(document).character("pc-maren")
    assert [c.field for c in after.advancement[-1].changes] == ["refresh"]
    assert not {"refresh.base", "refresh.power_up"} & {p.code for p in document.check("pc-maren").problems}
    assert not dock.power_up_button.isVisible()  # nothing left to record
    document.undo_stack.undo()
    assert on_disk(document).character("pc-maren").advancement[-1].changes == []
    document.close()


def test_a_breakthrough_without_the_power_up_offers_nothing_to_record(qtbot, tmp_path):
    def plain(campaign):
        campaign.character("pc-maren").advancement = [HistoryEntry(kind="breakthrough", summary="Arc 1")]
        return campaign

    document = sample_document(tmp_path, plain)
    dock = HistoryDock()
    qtbot.addWidget(dock)
    dock.show()  # a dock on screen: a hidden one refreshes when it shows
    dock.show_for(document, "pc-maren")
    dock.show()
    assert not dock.power_up_button.isVisible()
    document.close()
