"""The other side invokes too: a defender on its own roll, anyone against a passive difficulty
(from the sheet's roll dialog, through its buttons, with seeded dice)."""

from __future__ import annotations

import pytest

from PySide6.QtWidgets import QScrollArea

from table_helpers import apart_from_throws, assert_throws_kept, on_disk, sample_document
from test_gui_play import click as click_shown
from test_gui_play import name_any_boost
from test_gui_play import lit_scene, open_sheet, roll_skill


def click(qtbot, widget):
    """Scroll the roll dialog to the widget first, as a person does, then click it."""
    qtbot.waitUntil(widget.isVisible)
    qtbot.wait(10)  # let the dialog lay out what the roll just added
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    if parent is not None:
        parent.ensureWidgetVisible(widget)
    click_shown(qtbot, widget)


@pytest.fixture
def ines(qtbot, tmp_path):
    document = sample_document(tmp_path, lit_scene)
    yield document, open_sheet(qtbot, document, "pc-ines")
    document.close()


def pick(card, label: str, free: bool) -> None:
    """Choose an aspect on a roll card, and whether to spend a free invoke, as a person does."""
    card.aspect.setCurrentIndex(next(i for i, o in enumerate(card.options) if o.label == label))
    card.free.setChecked(free)


def test_defender_invokes_after_the_dice_paid_from_the_gm_pool_and_free_and_the_attack_shrinks(ines, qtbot):
    document, sheet = ines
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    panel.action.setCurrentIndex(panel.action.findText("Attack"))
    panel.opponent.setCurrentIndex(panel.opponent.findData("npc-bruiser"))
    click(qtbot, panel.roll_button)
    card = panel.defence_card
    assert card is not None and "Syndicate Dock Bruiser defends" in card.title()
    shifts = panel.roll.shifts
    pick(card, "Paid to Look Mean", free=False)
    click(qtbot, card.invoke_button)
    assert panel.roll.shifts == shifts - 2  # the attacker sees the defence rise at once
    click(qtbot, card.invoke_button)  # the same aspect again, paid: refused
    assert "already been invoked" in card.status.text() and panel.roll.shifts == shifts - 2
    pick(card, "Pitch Dark and Pouring Rain", free=True)  # the scene's free invoke
    click(qtbot, card.invoke_button)
    assert panel.roll.shifts == shifts - 4
    before = on_disk(document)
    name_any_boost(qtbot, panel)
    click(qtbot, dialog.done_button)
    if dialog.hit_dialog is not None:
        dialog.hit_dialog.reject()
    after = on_disk(document)
    assert after.gm_fate_points == before.gm_fate_points - 1  # the bruiser is an NPC: the GM pays
    assert after.character("pc-ines").fate_points == before.character("pc-ines").fate_points
    assert after.scenes[0].aspects[0].free_invokes == 0
    assert any(line.startswith("Syndicate Dock Bruiser: Defend") for line in after.sessions[-1].rolls)
    document.undo_stack.undo()  # everything back, save the roll log: the dice stay, set aside
    assert apart_from_throws(on_disk(document)) == apart_from_throws(before)
    assert_throws_kept(after, on_disk(document))


def test_invoking_against_a_passive_difficulty_adds_two_and_the_invoker_pays(ines, qtbot):
    document, sheet = ines
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    panel.difficulty.setValue(3)
    click(qtbot, panel.roll_button)
    assert panel.against_box.isVisible() and panel.defence_card is None
    shifts = panel.roll.shifts
    panel.select_opposer("The GM")
    panel.select_opposer_aspect("My Temper Picks My Fights")  # Ines's own aspect, against her: hostile
    panel.opposer_free.setChecked(False)
    click(qtbot, panel.oppose_button)
    assert panel.roll.shifts == shifts - 2 and panel.roll.difficulty == 5
    click(qtbot, panel.oppose_button)
    assert "already been invoked against this roll" in panel.oppose_status.text()
    panel.select_opposer("Tobias Crane")
    panel.select_opposer_aspect("Pitch Dark and Pouring Rain")
    panel.opposer_free.setChecked(False)
    click(qtbot, panel.oppose_button)
    assert panel.roll.difficulty == 7 and panel.roll.shifts == shifts - 4
    before = on_disk(document)
    click(qtbot, dialog.done_button)
    after = on_disk(document)
    assert after.gm_fate_points == before.gm_fate_points - 1
    assert after.character("pc-tobias").fate_points == before.character("pc-tobias").fate_points - 1
    ines_now = after.character("pc-ines")
    assert ines_now.fate_points == before.character("pc-ines").fate_points  # she paid nothing
    assert ines_now.pending_fate_points == before.character("pc-ines").pending_fate_points + 1  # hostile
    assert "against the roll" in after.sessions[-1].rolls[-1]
    document.undo_stack.undo()  # everything back, save the roll log: the dice stay, set aside
    assert apart_from_throws(on_disk(document)) == apart_from_throws(before)
    assert_throws_kept(after, on_disk(document))


def test_an_invoker_with_no_fate_points_is_refused_against_the_roll(qtbot, tmp_path):
    def broke(campaign):
        campaign = lit_scene(campaign)
        campaign.gm_fate_points = 0
        return campaign

    document = sample_document(tmp_path, broke)
    sheet = open_sheet(qtbot, document, "pc-ines")
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    click(qtbot, panel.roll_button)
    difficulty = panel.roll.difficulty
    panel.select_opposer("The GM")
    panel.select_opposer_aspect("My Temper Picks My Fights")
    click(qtbot, panel.oppose_button)
    assert "no fate point" in panel.oppose_status.text() and panel.roll.difficulty == difficulty
    panel.select_opposer_aspect("Pitch Dark and Pouring Rain")  # a free invoke needs no point
    assert panel.opposer_free.isChecked()
    click(qtbot, panel.oppose_button)
    assert panel.roll.difficulty == difficulty + 2
    document.close()


def test_the_gm_invoking_an_npcs_aspect_against_a_roll_pays_nobody_back(ines, qtbot):
    document, sheet = ines
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    click(qtbot, panel.roll_button)
    panel.select_opposer("The GM")
    panel.select_opposer_aspect("Paid to Look Mean")  # the bruiser's aspect, not Ines's
    panel.opposer_free.setChecked(False)
    click(qtbot, panel.oppose_button)
    before = on_disk(document)
    click(qtbot, dialog.done_button)
    after = on_disk(document)
    assert after.gm_fate_points == before.gm_fate_points - 1
    assert after.character("npc-bruiser").carried_fate_points == before.character("npc-bruiser").carried_fate_points
    assert after.character("pc-ines").pending_fate_points == before.character("pc-ines").pending_fate_points
