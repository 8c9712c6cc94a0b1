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
