"""The dice dock with seeded dice: it follows the open character, invokes come after the dice and
are cleared once a roll is applied, and the session's roll log is kept and exported."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from fate_desk.gui.play.dice_dock import DiceDock
from fate_desk.rules.play.roll import Dice

from table_helpers import empty_pool, on_disk, sample_document
from test_gui_play import name_any_boost

SEED = 7


@pytest.fixture
def dock(qtbot, tmp_path):
    document = sample_document(tmp_path, empty_pool)
    widget = DiceDock(dice=Dice(SEED))
    qtbot.addWidget(widget)
    widget.set_document(document)
    widget.resize(520, 900)
    widget.show()
    yield document, widget
    document.close()


def click(qtbot, button):
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_skill_roll_shows_dice_effort_shifts_and_outcome(dock, qtbot):
    _, widget = dock
    panel = widget.panel
    widget.follow("pc-maren")
    panel.select_skill("Drive")
    assert panel.rating.value() == 4 and panel.rating.isHidden()
    panel.difficulty.setValue(3)
    click(qtbot, panel.roll_button)
    dice = Dice(SEED).throw()
    shifts = sum(dice) + 4 - 3
    outcome = "Fail" if shifts < 0 else "Tie" if shifts == 0 else "Succeed" if shifts < 3 else "Succeed with style"
    assert panel.outcome_label.text() == outcome
    assert f"{'+' if shifts >= 0 else ''}{shifts}</b> shift" in panel.effort_label.text()
    assert panel.meaning_label.text()


def test_the_dock_follows_the_open_character_but_not_other_entries(dock):
    _, widget = dock
    widget.follow("pc-tobias")
    assert widget.character().id == "pc-tobias"
    widget.follow("sc-lock")  # a scene is not someone who rolls
    assert widget.character().id == "pc-tobias"


def test_applying_a_roll_pays_its_invokes_once_and_the_next_roll_starts_without_them(dock, qtbot):
    document, widget = dock
    panel = widget.panel
    widget.follow("pc-maren")
    click(qtbot, panel.roll_button)
    panel.select_aspect("Salt in My Veins")
    click(qtbot, panel.plus_two)
    assert "costs 1 fate point" in panel.cost_label.text()
    name_any_boost(qtbot, panel)
    click(qtbot, widget.apply_button)
    assert on_disk(document).character("pc-maren").fate_points == 2
    assert panel.roll is None and panel.invoked.count() == 0 and not widget.apply_button.isEnabled()
    click(qtbot, panel.roll_button)
    assert panel.roll.invokes == () and panel.roll.fate_points_spent == 0
    click(qtbot, widget.apply_button)
    assert on_disk(document).character("pc-maren").fate_points == 2  # three rolls never cost three points
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert on_disk(document).character("pc-maren").fate_points == 3


def test_a_reroll_throws_all_four_dice_again(dock, qtbot):
    _, widget = dock
    panel = widget.panel
    widget.follow("pc-maren")
    click(qtbot, panel.roll_button)
    panel.select_aspect("Pitch Dark and Pouring Rain")
    click(qtbot, panel.reroll)
    source = Dice(SEED)
    first, second = source.throw(), source.throw()
    assert panel.roll.throws == (first, second) and panel.roll.dice == second
    assert "rerolled" in panel.dice_label.text()


def test_npc_invokes_are_paid_from_the_gm_pool_and_an_empty_pool_refuses(dock, qtbot):
    document, widget = dock
    panel = widget.panel
    widget.follow("npc-bruiser")
    click(qtbot, panel.roll_button)
    panel.select_aspect("Paid to Look Mean")
    click(qtbot, panel.plus_two)
    assert "The GM has no fate point left" in panel.status.text()
    document.edit_campaign(lambda c: c.model_copy(update={"gm_fate_points": 2}), "GM points")
    click(qtbot, panel.plus_two)
    click(qtbot, widget.apply_button)
    assert on_disk(document).gm_fate_points == 1


def test_the_roll_log_is_kept_per_session_in_the_file_and_exported(dock, qtbot, tmp_path):
    document, widget = dock
    panel = widget.panel
    widget.follow("pc-ines")
    for _ in range(2):
        click(qtbot, panel.roll_button)
        click(qtbot, widget.apply_button)
    assert widget.log.count() == 2 and len(on_disk(document).sessions[-1].rolls) == 2
    assert widget.log.item(0).text().startswith("Ines Okafor: Overcome with Fight Great (+4)")
    target = tmp_path / "rolls.txt"
    click(qtbot, widget.export_button)
    widget.export_dialog.selectFile(str(target))
    widget.export_dialog.accept()
    text = target.read_text(encoding="utf-8")
    assert text.startswith("Roll log — The Drowned Lantern") and "Session 1" in text
    assert text.count("Ines Okafor: Overcome with Fight") == 2
    document.undo_stack.undo()  # the second roll is undone: its dice stay in the log, set aside
    assert widget.log.count() == 2
    assert widget.log.item(0).text().startswith("Undone, set aside — Ines Okafor: Overcome with Fight")


def test_the_dock_sums_up_the_sessions_fate_points_per_character(dock, qtbot):
    _, widget = dock
    panel = widget.panel
    widget.follow("pc-maren")
    click(qtbot, panel.roll_button)
    panel.select_aspect("Salt in My Veins")
    click(qtbot, panel.plus_two)
    name_any_boost(qtbot, panel)
    click(qtbot, widget.apply_button)
    text = widget.ledger_label.text()
    assert "Maren Voss</td><td align='right'>+0</td><td align='right'>−1" in text


def test_the_dock_fits_a_narrow_column_without_clipping(dock, qtbot):
    _, widget = dock
    widget.follow("pc-ines")
    click(qtbot, widget.panel.roll_button)
    assert widget.widget().widget().minimumSizeHint().width() <= 360


def test_the_dice_dock_in_the_window_rolls_for_whoever_s_sheet_is_open(qtbot):
    from PySide6.QtWidgets import QApplication

    from fate_desk.gui.app import start

    window = start(QApplication.instance(), None)  # the sample campaign
    qtbot.addWidget(window)
    window.actions["toggle_dice"].trigger()
    dock = window.table.dice_dock
    assert dock.isVisible()
    window.sheets.open_entity("pc-tobias")
    assert dock.character().id == "pc-tobias"
    window.sheets.open_entity("pc-ines")
    assert dock.character().id == "pc-ines"
    window.close()
