"""The GM's fate-point pool in the status bar: spend, gain and start a scene, all undoable."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from fate_desk.gui.play.pool import GmPoolWidget

from table_helpers import empty_pool, on_disk, sample_document


@pytest.fixture
def pool(qtbot, tmp_path):
    document = sample_document(tmp_path, empty_pool)
    widget = GmPoolWidget()
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.show()
    yield document, widget
    document.close()


def test_starting_the_scene_gives_one_point_per_pc_present(pool, qtbot):
    document, widget = pool
    assert widget.points.text() == "0" and not widget.minus.isEnabled()
    assert "would give 3" in widget.toolTip()
    qtbot.mouseClick(widget.reset, Qt.MouseButton.LeftButton)
    assert on_disk(document).gm_fate_points == 3 and widget.points.text() == "3"


def test_spending_and_gaining_are_undo_steps_saved_at_once(pool, qtbot):
    document, widget = pool
    qtbot.mouseClick(widget.plus, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(widget.plus, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(widget.minus, Qt.MouseButton.LeftButton)
    assert on_disk(document).gm_fate_points == 1 and widget.points.text() == "1"
    document.undo_stack.undo()
    assert on_disk(document).gm_fate_points == 2 and widget.points.text() == "2"
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert widget.points.text() == "0" and not widget.minus.isEnabled()


def test_the_pool_tooltip_follows_an_npc_who_carries_points_and_ignores_other_edits(pool, qtbot):
    from fate_desk.model import CharacterKind
    from fate_desk.rules.creation.edits import edited
    from fate_desk.rules.play.table import scene_present

    document, widget = pool
    present = scene_present(document.campaign)
    npc = next(c for c in document.campaign.characters
               if c.kind != CharacterKind.PC and (present is None or c.id in present))
    before = widget.toolTip()
    document.edit(npc.id, lambda c: edited(c, notes="Owes the captain a favour"), "Edit notes")
    assert widget.toolTip() == before
    document.edit(npc.id, lambda c: edited(c, carried_fate_points=2), "Carry points")
    assert f"2 carried in by {npc.name}" in widget.toolTip()
    document.edit(npc.id, lambda c: edited(c, name="Captain Vey"), "Rename")
    assert "2 carried in by Captain Vey" in widget.toolTip()
