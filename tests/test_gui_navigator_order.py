"""The navigator keeps each folder in name order as entries are renamed, added and filtered."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex

from fate_desk.gui.navigator import NavRole

from test_gui_window import window  # noqa: F401  (the started app, on the sample campaign)


def shown_names(nav, kind: str) -> list[str]:
    """The entry names the tree shows in one kind's folder, top to bottom."""
    found: list[str] = []

    def walk(parent):
        for row in range(nav.proxy.rowCount(parent)):
            index = nav.proxy.index(row, 0, parent)
            if index.data(NavRole.ENTITY_ID) and index.data(NavRole.KIND) == kind:
                found.append(index.data())
            walk(index)

    walk(QModelIndex())
    return found


def test_renaming_in_the_sheet_moves_the_entry_to_its_place_and_keeps_it_selected(window, qtbot):
    nav = window.navigator
    names = shown_names(nav, "pc")
    assert names == sorted(names, key=str.casefold) and len(names) >= 2
    sheet = window.tabs.current_editor()
    entity_id = sheet.entity_id
    sheet.name_edit.selectAll()
    qtbot.keyClicks(sheet.name_edit, "Zed")
    after = shown_names(nav, "pc")
    assert after[-1] == "Zed"
    assert after == sorted(after, key=str.casefold)
    assert nav.current_entity() == entity_id
    sheet.name_edit.selectAll()
    qtbot.keyClicks(sheet.name_edit, "Aaron")
    assert shown_names(nav, "pc")[0] == "Aaron"
    assert nav.current_entity() == entity_id


def test_added_entries_land_in_name_order_and_the_folder_counts_them(window, qtbot):
    nav = window.navigator
    before = len(shown_names(nav, "pc"))
    window.actions["add_pc"].trigger()
    after = shown_names(nav, "pc")
    assert len(after) == before + 1 and "New character" in after
    assert after == sorted(after, key=str.casefold)
    folder = nav.model.folder_index("pc")
    assert folder.data() == f"Player characters ({before + 1})"


def test_filtering_then_clearing_the_filter_shows_every_entry_again(window, qtbot):
    nav = window.navigator
    everyone = shown_names(nav, "pc")
    qtbot.keyClicks(nav.filter_edit, everyone[0][:4])
    assert everyone[0] in shown_names(nav, "pc")
    assert all(everyone[0][:4].casefold() in name.casefold() for name in shown_names(nav, "pc"))
    nav.filter_edit.clear()
    assert shown_names(nav, "pc") == everyone
