"""The GM's fate-point pool in the status bar: spend, gain and start a scene, all undoable."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from fate_desk.gui.table.pool import GmPoolWidget

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
