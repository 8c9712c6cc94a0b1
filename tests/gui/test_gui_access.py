"""What a screen reader hears, read in-process through QAccessible.queryAccessibleInterface
(fast, offscreen); tests/test_gui_atspi.py reads the same through AT-SPI as Orca does.

Names in the game's words and unique where a listener must tell controls apart; the painted
pyramid and zone map expose their parts; results are announced once, when they happen.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from fate_desk.gui.sheet.sheet import CharacterSheet
from fate_desk.model import ladder_label
from fate_desk.rules.play.dice import Dice

from access_helpers import name, tree
from table_helpers import sample_document

Role = QAccessible.Role


def heard_as(widget) -> str:
    return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Name)


@pytest.fixture
def maren(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = CharacterSheet(document, "pc-maren")
    sheet.play.dice = Dice(11)
    qtbot.addWidget(sheet)
    sheet.resize(1100, 900)
    sheet.show()
    yield document, sheet
    document.close()


def test_stress_boxes_say_track_box_of_count_and_marked_after_a_hit(maren, qtbot):
    _, sheet = maren
    boxes = sheet.stress.boxes("physical")
    assert [heard_as(b) for b in boxes] == [f"Physical stress, box {i} of 4" for i in range(1, 5)]
    dialog = sheet.play.take_hit()
    dialog.shifts.setValue(1)
    dialog.take_button.click()  # "Mark one physical stress box"
    boxes = sheet.stress.boxes("physical")
    marked = [b for b in boxes if QAccessible.queryAccessibleInterface(b).state().checked]
    assert [heard_as(b) for b in marked] == ["Physical stress, box 1 of 4, marked"]
    assert QAccessible.queryAccessibleInterface(boxes[0]).role() == Role.CheckBox
    assert sheet.property("announced") == "Maren Voss took the hit: Mark one physical stress box."


def test_aspects_free_invokes_treat_and_recovering_are_told_apart_by_name(maren):
    _, sheet = maren
    aspects = [heard_as(e) for e in sheet.aspects.edits if e.isVisible()]
    assert aspects[:3] == ["High Concept", "Trouble", "Relationship"]
    assert len(set(aspects)) == len(aspects), aspects
    invokes = [heard_as(s) for s in sheet.aspects.invokes if s.isVisible()]
    assert invokes[:2] == ["Free invokes on High Concept", "Free invokes on Trouble"]
    assert len(set(invokes)) == len(invokes)
    treat = [heard_as(b) for b in sheet.consequences.treat_buttons.values()]
    assert treat == ["Treat the mild consequence", "Treat the moderate consequence", "Treat the severe consequence"]
    recovering = [heard_as(row[2]) for row in sheet.consequences.rows.values()]
    assert recovering == ["Mild consequence recovering", "Moderate consequence recovering",
                          "Severe consequence recovering"]


def test_the_pyramid_is_a_table_of_rating_rows_holding_each_skill_with_its_rating(maren):
    _, sheet = maren
    pyramid = QAccessible.queryAccessibleInterface(sheet.skills.pyramid)
    assert pyramid.role() == Role.Table and name(pyramid) == "Skill pyramid"
    rows = [pyramid.child(i) for i in range(pyramid.childCount())]
    assert [r.role() for r in rows] == [Role.Row] * len(rows)
    assert name(rows[0]) == "Great (+4)"
    cells = [(name(r.child(i)), r.child(i).role()) for r in rows for i in range(r.childCount())]
    character = sheet.character
    expected = {f"{skill}, {ladder_label(character.rating(skill))}" for skill in sheet.skills.model.skill_names()}
    assert {c for c, _ in cells} == expected and {r for _, r in cells} == {Role.Cell}
    assert all(name(c.parent()) == name(r) for r in rows for c in (r.child(i) for i in range(r.childCount())))


def test_picking_a_skill_by_keyboard_makes_it_the_tables_focused_cell(maren):
    _, sheet = maren
    view = sheet.skills.pyramid
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Right)
    pyramid = QAccessible.queryAccessibleInterface(view)
    current = pyramid.focusChild()
    assert current is not None and name(current) == f"{view.selected}, " + name(current.parent())
    assert current.state().selected


def test_a_roll_is_announced_once_with_dice_total_outcome_and_odds(maren, qtbot):
    _, sheet = maren
    dialog = sheet.play.roll("Fight")
    panel = dialog.panel
    panel.difficulty.setValue(2)
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    said = panel.property("announced")
    assert re.fullmatch(r"Dice [+−0 ]+, total [+−]?\d+\. Effort \w+ \([+−]?\d+\) against Fair \(\+2\): "
                        r"(Fail|Tie|Succeed|Succeed with style), [+−]?\d+ shifts?\. "
                        r"Odds were \d+% to succeed, \d+% to tie\.", said), said
    assert heard_as(panel.dice_label).startswith("Dice: ")
    dialog.close()


def test_invokes_announce_the_new_effort_and_outcome_and_a_refusal_says_why(maren, qtbot):
    """Invoke for +2 and Invoke to reroll change the result and spend a point: each is said
    with the effort and outcome it leaves; an aspect paid for twice on one roll is refused
    (Fate Condensed, "Invoking Aspects": once per roll for a fate point), and the refusal is said."""
    document, sheet = maren
    points = document.campaign.character("pc-maren").fate_points
    dialog = sheet.play.roll("Fight")
    panel = dialog.panel
    panel.difficulty.setValue(2)
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    first, second = panel.aspect.itemData(0), panel.aspect.itemData(1)
    panel.free.setChecked(False)
    qtbot.mouseClick(panel.plus_two, Qt.MouseButton.LeftButton)
    roll = panel.roll
    assert panel.property("announced") == (
        f"“{first.label}” invoked for +2. Effort now {ladder_label(roll.effort)} against Fair (+2): "
        f"{roll.outcome.label}, {roll.shifts:+d} shift{'' if abs(roll.shifts) == 1 else 's'}. "
        f"Maren Voss has {points - 1} fate point{'' if points - 1 == 1 else 's'} left.").replace("+-", "−")
    qtbot.mouseClick(panel.reroll, Qt.MouseButton.LeftButton)  # the same aspect, paid again
    assert panel.roll is roll
    said = panel.property("announced")
    assert said.startswith(f"Not invoked: “{first.label}” has already been invoked"), said
    panel.aspect.setCurrentIndex(1)
    panel.free.setChecked(False)
    qtbot.mouseClick(panel.reroll, Qt.MouseButton.LeftButton)
    said = panel.property("announced")
    assert re.fullmatch(rf"“{re.escape(second.label)}” invoked to reroll\. Dice [+−0 ]+, total [+−]?\d+\. "
                        r"Effort now \w+ \([+−]?\d+\) against Fair \(\+2\): "
                        r"(Fail|Tie|Succeed|Succeed with style), [+−]?\d+ shifts?\. "
                        rf"Maren Voss has {points - 2} fate points? left\.", said), said
    assert panel.roll.outcome.label in said and ladder_label(panel.roll.effort) in said
    dialog.done(0)


def test_fate_points_and_refresh_are_heard_with_their_numbers_and_minus_and_plus_are_tab_stops(maren, qtbot):
    document, sheet = maren
    points = document.campaign.character("pc-maren").fate_points
    assert heard_as(sheet.fate_points_value) == f"Fate points: {points}"
    assert heard_as(sheet.refresh_value) == f"Refresh: {sheet.refresh_value.text()}"
    assert QAccessible.queryAccessibleInterface(sheet.refresh_value).text(QAccessible.Text.Description) \
        == sheet.refresh_explanation.text()
    trouble_boxes = sheet.aspects.invokes[1]
    trouble_boxes.setFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is sheet.fate_minus
    assert QAccessible.queryAccessibleInterface(sheet.fate_minus).text(QAccessible.Text.Description) \
        == f"Fate points: {points}"
    QTest.keyClick(sheet.fate_minus, Qt.Key.Key_Space)
    assert document.campaign.character("pc-maren").fate_points == points - 1
    assert sheet.property("announced") == f"Fate points: {points - 1}"
    assert heard_as(sheet.fate_points_value) == f"Fate points: {points - 1}"
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is sheet.fate_plus
    QTest.keyClick(sheet.fate_plus, Qt.Key.Key_Space)
    assert sheet.property("announced") == f"Fate points: {points}"


def test_take_a_hit_tabs_from_the_ways_to_the_consequence_name_before_the_buttons(maren, qtbot):
    _, sheet = maren
    dialog = sheet.play.take_hit()
    dialog.shifts.setValue(3)
    way = next(t for t in dialog.option_texts() if "mild consequence" in t)
    dialog.choose(way)
    QApplication.processEvents()  # the name field, added to the shown dialog, shows at the next turn
    name_field = next(iter(dialog.name_edits.values()))
    dialog.options.setFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(dialog.options, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is name_field, QApplication.focusWidget()
    QTest.keyClick(name_field, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is dialog.take_button
    dialog.close()


def test_return_on_a_play_bar_button_presses_it(qtbot):
    """As the app starts (its keys installed): Return and Enter press the focused button."""
    from gui_helpers import started_app_window
    from gui_keys import activate

    window = started_app_window(qtbot)
    activate(qtbot, window)
    sheet = window.sheets.open_entity("pc-maren")
    sheet.play.roll_button.setFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(sheet.play.roll_button, Qt.Key.Key_Return)
    dialog = sheet.play.dialog
    assert dialog is not None and dialog.isVisible() and dialog.windowTitle() == "Roll"
    dialog.done(0)
    sheet.play.hit_button.setFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(sheet.play.hit_button, Qt.Key.Key_Enter)
    assert sheet.play.dialog is not dialog and sheet.play.dialog.windowTitle() == "Take a hit"
    sheet.play.dialog.close()
    window.close()


def test_the_skill_list_reads_each_rating_with_its_skill(maren):
    _, sheet = maren
    model = sheet.skills.proxy
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == "Fight")
    rating = model.index(row, 1).data()
    assert model.index(row, 1).data(Qt.ItemDataRole.AccessibleTextRole) == f"Fight, {rating}"


def test_the_hit_dialog_offers_its_ways_as_a_list_of_named_items(maren):
    _, sheet = maren
    dialog = sheet.play.take_hit()
    dialog.shifts.setValue(3)
    options = QAccessible.queryAccessibleInterface(dialog.options)
    assert options.role() == Role.List and name(options) == "Ways to absorb the hit"
    items = [name(options.child(i)) for i in range(options.childCount())]
    assert items == dialog.option_texts() and len(items) >= 2
    dialog.close()


@pytest.fixture
def scene_editor(qtbot):
    from gui_helpers import started_app_window

    window = started_app_window(qtbot)
    editor = window.sheets.open_entity("sc-lock")
    window.resize(1280, 800)
    window.show()
    yield window, editor
    window.close()


def test_the_zone_map_is_a_list_of_zones_saying_who_is_there_and_where_each_leads(scene_editor):
    _, editor = scene_editor
    zone_map = QAccessible.queryAccessibleInterface(editor.zone_map)
    assert zone_map.role() == Role.List
    zones = [zone_map.child(i) for i in range(zone_map.childCount())]
    assert {z.role() for z in zones} == {Role.ListItem}
    said = {name(z): z.text(QAccessible.Text.Description) for z in zones}
    walkway = next(k for k in said if k.startswith("Lock Gate Walkway: "))
    assert walkway.endswith(" here")
    assert said[walkway] == "Aspects: Slick Iron Grating. Leads to Pump House, Flooded Lock Chamber"


def test_every_focusable_control_of_the_started_window_has_a_name(qtbot):
    from gui_helpers import started_app_window

    window = started_app_window(qtbot)
    window.resize(1280, 800)
    window.show()
    QApplication.processEvents()
    nameless = [(path, i.role()) for i, path in tree(window)
                if i.state().focusable and not i.state().invisible and not name(i).strip()
                and i.role() not in (Role.Cell, Role.Client)]
    assert not nameless
    window.close()


def test_panels_stacked_on_one_another_are_heard_as_docked_panels_with_named_buttons(qtbot):
    """Docks stacked in one place get a tab bar from Qt, heard as a bare "page tab list" unless
    named; the window names it (and each dock's Close and Float buttons) once Qt has shown it.
    Stacked here as a drag of one dock onto another does it."""
    from PySide6.QtWidgets import QAbstractButton, QDockWidget, QTabBar

    from gui_helpers import started_app_window

    window = started_app_window(qtbot)
    window.resize(1280, 800)
    window.show()
    for action_id in ("toggle_dice", "toggle_history"):
        if not window.actions[action_id].isChecked():
            window.actions[action_id].trigger()
    QApplication.processEvents()
    dice, history = (next(d for d in window.findChildren(QDockWidget) if d.windowTitle().replace("&", "") == title)
                     for title in ("Dice", "History"))
    window.tabifyDockWidget(dice, history)
    qtbot.waitUntil(lambda: any(bar.count() for bar in window.findChildren(QTabBar)))
    qtbot.wait(10)  # the names come a turn of the event loop after Qt shows the bar
    bars = [bar for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
            if bar.count()]
    assert [bar.accessibleName() for bar in bars] == ["Docked panels"]
    assert bars[0].focusPolicy() == Qt.FocusPolicy.TabFocus
    buttons = sorted(heard_as(button)
                     for button in history.findChildren(QAbstractButton, options=Qt.FindChildOption.FindDirectChildrenOnly)
                     if button.objectName().startswith("qt_dockwidget_"))
    assert buttons == ["Close the History panel", "Float the History panel"]
    window.close()


def test_a_new_checker_problem_is_announced_once_not_on_every_keystroke(qtbot):
    from gui_helpers import started_app_window

    window = started_app_window(qtbot)
    window.show()
    sheet = window.tabs.current_editor()
    dock = window.problems
    qtbot.waitUntil(lambda: dock._heard[0] == sheet.entity_id)  # what the sheet had on opening is not spoken
    assert dock.announced == []
    pyramid = sheet.skills.pyramid
    pyramid.setFocus()
    pyramid.select(sheet.skills.model.skill_names()[0])
    QTest.keyClick(pyramid, Qt.Key.Key_Up)  # a skill above the peak, or a row too full
    qtbot.waitUntil(lambda: len(dock.announced) == 1)
    assert dock.announced[0].startswith("Rule error: ")
    edit = sheet.notes_edit
    edit.setFocus()
    for letter in "salt":
        QTest.keyClick(edit, letter)  # the checker runs again on each key; nothing new to say
    qtbot.wait(900)
    assert len(dock.announced) == 1
    window.close()
