"""Keyboard only: the zone map, the pyramid, tabs, panels and the players' view without a
mouse; every shortcut is in its menu and in the user guide."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget

from fate_desk.gui.actions import REGISTRY
from fate_desk.gui.view_desk import _first_stop

from gui_helpers import started_app_window
from gui_keys import shortcut
from table_helpers import on_disk

GUIDE = Path(__file__).parents[2] / "docs" / "user-guide.md"


@pytest.fixture
def window(qtbot):
    win = started_app_window(qtbot)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.close()


@pytest.fixture
def zone_map(window, qtbot):
    editor = window.sheets.open_entity("sc-lock")
    editor.scroll.ensureWidgetVisible(editor.zone_map)
    view = editor.zone_map
    view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(view.hasFocus)
    return view


def _zone_name(view):
    return view.boxes[view.current_zone].zone.name


def test_the_zone_map_takes_the_focus_and_arrow_keys_go_from_zone_to_zone(zone_map):
    assert zone_map.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert _zone_name(zone_map) == "Lock Gate Walkway"
    box = zone_map.boxes[zone_map.current_zone]
    assert box.pen().widthF() >= 6 and box.pen().color() == zone_map.palette().highlight().color()
    QTest.keyClick(zone_map, Qt.Key.Key_Right)
    assert _zone_name(zone_map) == "Flooded Lock Chamber"
    QTest.keyClick(zone_map, Qt.Key.Key_Right)
    assert _zone_name(zone_map) == "Pump House"
    QTest.keyClick(zone_map, Qt.Key.Key_Left)
    assert _zone_name(zone_map) == "Flooded Lock Chamber"
    # A screen reader hears the zone the keys are on as the list's current item.
    current = QAccessible.queryAccessibleInterface(zone_map).focusChild()
    assert current.text(QAccessible.Text.Name).startswith("Flooded Lock Chamber: ")


@pytest.mark.parametrize("key", ["shift+f10", "menu"])
def test_shift_f10_or_the_menu_key_places_people_in_the_zone(window, zone_map, qtbot, key):
    QTest.keyClick(zone_map, Qt.Key.Key_Right)  # the lock chamber
    if key == "menu":
        QTest.keyClick(zone_map, Qt.Key.Key_Menu)
    else:
        QTest.keyClick(zone_map, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    menu = zone_map.menu
    qtbot.waitUntil(lambda: menu is not None and menu.isVisible())
    assert menu.accessibleName() == "Who is in Flooded Lock Chamber"
    # Down to "Maren Voss is here" and Enter, as a keyboard user picks a menu item.
    names = [a.text() for a in menu.actions()]
    for _ in range(names.index("Maren Voss is here") + 1):
        QTest.keyClick(menu, Qt.Key.Key_Down)
    QTest.keyClick(menu, Qt.Key.Key_Return)
    scene = on_disk(window.document).scenes[0]
    assert scene.play.whereabouts.get("pc-maren") == "z-chamber"


def test_ctrl_arrow_moves_the_zone_box_and_the_move_is_saved(window, zone_map):
    box = zone_map.boxes["z-walk"]
    x, y = box.pos().x(), box.pos().y()
    QTest.keyClick(zone_map, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    place = on_disk(window.document).scenes[0].play.places["z-walk"]
    assert (place.x, place.y) == (round(x), round(y + 20))
    assert _zone_name(zone_map) == "Lock Gate Walkway"  # the keys stay on the moved zone


def test_up_and_down_move_a_skill_in_the_pyramid(window):
    sheet = window.tabs.current_editor()
    pyramid = sheet.skills.pyramid
    pyramid.setFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(pyramid, Qt.Key.Key_Right)
    skill = pyramid.selected
    rating = sheet.character.rating(skill)
    QTest.keyClick(pyramid, Qt.Key.Key_Down)
    assert on_disk(window.document).character(sheet.entity_id).rating(skill) == rating - 1


def test_f6_goes_round_the_tabs_and_every_dock_and_shift_f6_comes_back(window, qtbot):
    window.actions["toggle_dice"].trigger()
    sheet = window.tabs.current_editor()
    sheet.name_edit.setFocus()
    panels = window.view.panels()
    assert len(panels) >= 3 and isinstance(panels[1], QDockWidget)
    with_controls = [p for p in panels if _first_stop(p) is not None]  # an empty Problems list takes no stop
    panels = with_controls
    seen = []
    for _ in range(len(panels)):
        window.actions["next_panel"].trigger()
        focus = QApplication.focusWidget()
        seen.append(next(p for p in panels if p is focus or p.isAncestorOf(focus)))
    assert seen == panels[1:] + panels[:1]  # each once, back to the open tab
    window.actions["previous_panel"].trigger()
    assert panels[-1].isAncestorOf(QApplication.focusWidget())
    assert window.actions["next_panel"].shortcut() == QKeySequence("F6")


def test_ctrl_shift_page_down_moves_the_open_tab_right(window):
    first = window.tabs.current_entity_id()
    window.sheets.open_entity("sc-lock")
    window.tabs.setCurrentIndex(0)
    window.actions["move_tab_right"].trigger()
    assert window.tabs.current_entity_id() == first and window.tabs.currentIndex() == 1
    window.actions["move_tab_left"].trigger()
    assert window.tabs.currentIndex() == 0
    assert window.actions["move_tab_right"].shortcut() == QKeySequence("Ctrl+Shift+PgDown")


def test_the_players_view_by_keyboard_contrast_larger_text_and_scrolling(window, qtbot):
    view = window.encounters.open_players_view()
    qtbot.addWidget(view)
    view.resize(800, 400)
    view.activateWindow()
    qtbot.waitActive(view)
    size = view.title.font().pointSizeF()
    view.full_button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: view.isAncestorOf(QApplication.focusWidget()))
    shortcut(view, "Ctrl+H")
    shortcut(view, "Ctrl+L")
    assert view.contrast.isChecked() and view.large.isChecked()
    QApplication.processEvents()
    assert view.title.font().pointSizeF() == pytest.approx(size * 1.5)
    assert "#000000" in view.styleSheet() and "#ffff00" in view.styleSheet()
    bar = view.scroll.verticalScrollBar()
    if bar.maximum() > 0:
        shortcut(view, "PgDown")
        assert bar.value() > 0
    view.close()


def test_every_shortcut_is_shown_in_its_menu_and_listed_in_the_user_guide(window):
    guide = GUIDE.read_text(encoding="utf-8")
    missing = []
    for spec in REGISTRY:
        action = window.actions[spec.id]
        if action.shortcut().isEmpty():
            continue
        menu = window.menus[spec.menu]
        assert action in menu.actions(), spec.id  # the menu shows the action with its keys
        keys = [k.toString(QKeySequence.SequenceFormat.PortableText) for k in action.shortcuts()]
        if not any(re.search(re.escape(k) + r"(?![A-Za-z+])", guide) for k in keys):
            missing.append(f"{spec.id}: {keys}")
    assert missing == [], "not in the user guide"
