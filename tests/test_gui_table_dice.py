"""The dice roller dock with seeded dice: effort, shifts, outcome, paid invokes, the roll log."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from fate_desk.gui.table.dice_dock import DiceDock
from fate_desk.rules.dice import Dice

from table_helpers import empty_pool, on_disk, sample_document

SEED = 7


@pytest.fixture
def dock(qtbot, tmp_path):
    document = sample_document(tmp_path, empty_pool)
    widget = DiceDock(dice=Dice(SEED))
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.show()
    yield document, widget
    document.close()


def expected_throws(n: int = 1):
    dice = Dice(SEED)
    return [dice.throw() for _ in range(n)]


def test_a_skill_roll_shows_dice_effort_shifts_and_outcome(dock, qtbot):
    _, widget = dock
    widget.select_character("pc-maren")
    widget.select_skill("Drive")
    assert widget.rating.value() == 4 and not widget.rating.isEnabled()
    widget.against.setValue(3)
    widget.stunt.setValue(2)
    qtbot.mouseClick(widget.roll_button, Qt.MouseButton.LeftButton)
    dice = expected_throws()[0]
    effort = sum(dice) + 4 + 2
    shifts = effort - 3
    outcome = "Fail" if shifts < 0 else "Tie" if shifts == 0 else "Succeed" if shifts < 3 else "Succeed with style"
    assert widget.outcome_label.text() == outcome
    assert f"{'+' if shifts >= 0 else ''}{shifts}</b> shift" in widget.effort_label.text()
    assert widget.meaning_label.text()
    assert widget.log_lines()[0].startswith("Maren Voss: Overcome with Drive Great (+4)")


def test_a_paid_invoke_takes_a_fate_point_from_the_pc_through_undo(dock):
    document, widget = dock
    widget.select_character("pc-maren")
    widget.add_invoke("Salt in My Veins")
    assert "paid by Maren Voss (3 left)" in widget.pay_label.text()
    roll = widget.roll()
    assert roll.bonus == 2 and roll.fate_points_spent == 1
    assert on_disk(document).character("pc-maren").fate_points == 2
    document.undo_stack.undo()
    assert on_disk(document).character("pc-maren").fate_points == 3


def test_a_reroll_throws_again_and_free_invokes_cost_nothing(dock):
    document, widget = dock
    widget.select_character("pc-maren")
    widget.add_invoke("Pitch Dark and Pouring Rain", reroll=True, free=True)
    roll = widget.roll()
    first, second = expected_throws(2)
    assert roll.rolls == [first, second] and roll.dice == second
    assert on_disk(document).character("pc-maren").fate_points == 3
    assert "rerolled" in widget.dice_label.text()


def test_npc_invokes_are_paid_from_the_gm_pool_and_a_short_pool_stops_the_roll(dock):
    document, widget = dock
    widget.select_character("npc-bruiser")
    widget.add_invoke("Tough")
    assert "paid from the GM's pool (0 left)" in widget.pay_label.text()
    assert widget.roll() is None
    assert widget.outcome_label.text() == "Not rolled" and widget.log_lines() == []
    document.edit_campaign(lambda c: c.model_copy(update={"gm_fate_points": 2}), "GM points")
    assert widget.roll() is not None
    assert on_disk(document).gm_fate_points == 1


def test_a_plain_rating_against_an_opposing_roll(dock):
    _, widget = dock
    widget.select_character(None)
    assert widget.rating.isEnabled()
    widget.rating.setValue(3)
    widget.against_combo.setCurrentIndex(1)
    widget.action_combo.setCurrentIndex(2)  # attack
    roll = widget.roll()
    assert roll.opposed and roll.rating == 3 and roll.action.value == "attack"
    assert "against opposition" in widget.log_lines()[0]


def test_the_roll_log_is_kept_per_campaign_and_clearable(dock, tmp_path):
    document, widget = dock
    widget.roll()
    widget.roll()
    assert len(widget.log_lines()) == 2 and widget.log.count() == 2
    (tmp_path / "other").mkdir()
    other = sample_document(tmp_path / "other")
    widget.set_document(other)
    assert widget.log.count() == 0
    widget.set_document(document)
    assert widget.log.count() == 2
    widget.clear_log()
    assert widget.log.count() == 0 and widget.log_lines() == []
    other.close()
