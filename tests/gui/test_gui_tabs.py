"""Tabs: a single click in the campaign list previews in one reused tab; editing or a double-click keeps it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from fate_desk.gui.app import start
from fate_desk.gui.navigator import NavRole

from gui_keys import activate, type_text


@pytest.fixture
def window(qtbot):
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    activate(qtbot, win)
    yield win
    win.close()


def _row(window, name: str):
    tree = window.navigator.tree
    model = tree.model()
    found = model.match(model.index(0, 0), Qt.ItemDataRole.DisplayRole, name, 1,
                        Qt.MatchFlag.MatchRecursive | Qt.MatchFlag.MatchStartsWith)
    assert found, name
    index = found[0]
    tree.scrollTo(index)
    return tree.visualRect(index).center()


def _npc_names(window):
    return [c.name for c in window.document.campaign.characters if c.kind.value != "pc"][:3]


def click(qtbot, window, name: str, double: bool = False) -> None:
    viewport = window.navigator.tree.viewport()
    point = _row(window, name)
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=point)
    if double:
        qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=point)
    QApplication.processEvents()


def test_single_clicks_reuse_one_preview_tab(window, qtbot):
    before = window.tabs.count()
    first, second, third = _npc_names(window)
    click(qtbot, window, first)
    assert window.tabs.count() == before + 1
    click(qtbot, window, second)
    click(qtbot, window, third)
    assert window.tabs.count() == before + 1
    assert window.document.entity(window.tabs.current_entity_id()).name == third


def test_a_double_click_keeps_the_tab(window, qtbot):
    before = window.tabs.count()
    first, second, _ = _npc_names(window)
    click(qtbot, window, first, double=True)
    click(qtbot, window, second)
    assert window.tabs.count() == before + 2


def test_editing_a_preview_keeps_its_tab(window, qtbot):
    before = window.tabs.count()
    first, second, _ = _npc_names(window)
    click(qtbot, window, first)
    editor = window.tabs.current_editor()
    editor.name_edit.setFocus()
    editor.name_edit.end(False)
    type_text(qtbot, " Jr")
    click(qtbot, window, second)
    assert window.tabs.count() == before + 2


def test_the_navigator_shows_the_heading_of_the_selected_entry(qtbot):
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    qtbot.wait(20)
    tree = window.navigator.tree
    heading = tree.model().index(0, 0)
    assert heading.data(NavRole.ENTITY_ID) is None
    assert tree.visualRect(heading).top() >= 0


def test_tab_titles_are_never_cut_short(window):
    assert window.tabs.elideMode() == Qt.TextElideMode.ElideNone


# --- tabs that do not pile up (issue 41) ---------------------------------------------------------


def _keep_open(window, names):
    """Open each entry in a tab of its own, as a double-click in the campaign list does."""
    for name in names:
        entity = next(c for c in window.document.entities() if getattr(c, "name", None) == name)
        window.sheets.keep_entity(entity.id)


def test_close_other_tabs_leaves_only_the_tab_in_front(window, qtbot):
    names = [c.name for c in window.document.campaign.characters][:5]
    _keep_open(window, names)
    assert window.tabs.count() >= 5
    window.actions["close_other_tabs"].trigger()
    assert window.tabs.count() == 1 and window.document.entity(window.tabs.current_entity_id()).name == names[-1]


def test_a_tabs_right_click_menu_closes_the_other_tabs(window, qtbot):
    names = [c.name for c in window.document.campaign.characters][:3]
    _keep_open(window, names)
    bar = window.tabs.tabBar()
    first = bar.tabRect(0).center()
    keep = window.tabs.widget(0).entity_id
    bar.customContextMenuRequested.emit(first)  # what a right click on the first tab asks for
    menu = window.sheets.tab_keeper.menu
    assert [a.text() for a in menu.actions()] == ["Close tab", "Close other tabs"]
    next(a for a in menu.actions() if a.text() == "Close other tabs").trigger()
    assert window.tabs.open_ids() == [keep] and window.tabs.current_entity_id() == keep
    menu.close()


def test_the_gm_sets_how_many_tabs_stay_open_and_the_one_looked_at_longest_ago_closes(window, qtbot):
    from fate_desk.gui.settings import Preferences

    limit_menu = window.actions["tab_limit"].menu()
    six = next(a for a in limit_menu.actions() if a.text() == "At most 6 tabs")
    six.trigger()
    assert window.settings.get(Preferences.TAB_LIMIT) == 6 and six.isChecked()
    entries = [e for e in window.document.entities() if getattr(e, "name", None)][:9]
    _keep_open(window, [e.name for e in entries[:6]])
    first = window.tabs.open_ids()[0]
    window.sheets.keep_entity(window.tabs.open_ids()[1])  # looked at again: now the first is the oldest
    window.sheets.keep_entity(entries[6].id)
    assert window.tabs.count() == 6 and first not in window.tabs.open_ids()
    assert window.tabs.current_entity_id() == entries[6].id
    next(a for a in limit_menu.actions() if a.text() == "No limit").trigger()
    _keep_open(window, [e.name for e in entries[7:9]])
    assert window.tabs.count() == 8


def test_space_in_the_campaign_list_is_the_keyboards_quick_look_in_the_preview_tab(window, qtbot):
    before = window.tabs.count()
    first, second, _ = _npc_names(window)
    tree = window.navigator.tree
    for name in (first, second):
        point = _row(window, name)
        tree.setCurrentIndex(tree.indexAt(point))
        tree.setFocus()
        qtbot.keyClick(tree, Qt.Key.Key_Space)
    assert window.tabs.count() == before + 1  # one preview tab, reused
    assert window.document.entity(window.tabs.current_entity_id()).name == second


def test_a_sheet_built_ahead_and_clicked_before_its_turn_opens_whole(window, qtbot):
    """An import builds its first sheet ahead, empty, and fills it in a later turn; a click on
    that entry in between opens the sheet filled in, never blank."""
    name = _npc_names(window)[0]
    entity_id = next(c.id for c in window.document.campaign.characters if c.name == name)
    window.tabs.prepare(entity_id)  # what an import's first step does
    click(qtbot, window, name)
    editor = window.tabs.current_editor()
    assert editor.entity_id == entity_id and editor.name_edit.text() == name
