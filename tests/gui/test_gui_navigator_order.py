"""The navigator keeps each folder in name order as entries are renamed, added and filtered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex

from fate_desk.gui.navigator import NavRole

from test_gui_window import window  # noqa: F401  (the started app, on the sample campaign)


def shown_names(nav, kind: str) -> list[str]:
    """The entry names the navigator shows of one kind (the tree's folder, or the filter's
    results), top to bottom."""
    found: list[str] = []
    model = nav.view().model()

    def walk(parent):
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
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


def test_the_filter_matches_on_a_worker_and_its_results_replace_the_tree_when_ready(window, qtbot, monkeypatch):
    """A keystroke in the filter never waits for every name to be matched (68 ms a key at 10,000
    entries did): the names are matched on a worker, and the results show once it is done."""
    import threading

    from fate_desk.gui import campaign_op, navigator

    monkeypatch.setattr(campaign_op, "WAIT_S", 0.0)  # however quick, the results come back later
    threads, real = [], navigator.matching

    def watched(rows, text):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(rows, text)

    monkeypatch.setattr(navigator, "matching", watched)
    nav = window.navigator
    everyone = shown_names(nav, "pc")
    qtbot.keyClicks(nav.filter_edit, everyone[0][:4])
    qtbot.waitUntil(lambda: nav._search is None and nav.filtering)
    assert threads and not any(threads)
    assert everyone[0] in shown_names(nav, "pc")


def _big_campaign(tmp_path, size: int):
    from fate_desk.model import Campaign, Character, CharacterKind
    from fate_desk.store.campaign_file import CampaignFile

    people = [Character(name=f"Guard {n:04d}", kind=CharacterKind.MINOR_NPC) for n in range(size)]
    people.append(Character(name="Mira Vance"))  # the one PC: the sheet the app shows first
    path = tmp_path / "big.fatedesk"
    CampaignFile.create(path, Campaign(characters=people)).close()
    return path


def _until_navigator(main):
    """Runs the event loop one pass at a time until the navigator exists: it then has its first
    slice of rows and no more (qtbot.waitUntil may run several slices between its checks)."""
    import time

    from PySide6.QtWidgets import QApplication

    give_up = time.monotonic() + 20
    while main.navigator is None and time.monotonic() < give_up:
        QApplication.processEvents()
    assert main.navigator is not None
    return main.navigator


@pytest.mark.parametrize("named_in_slices", [False, True])
def test_a_big_campaign_shows_its_sheet_first_and_its_navigator_fills_in_while_it_takes_keys(
        qtbot, tmp_path, monkeypatch, named_in_slices):
    """At start-up a campaign of thousands of entries gets its sheet at once; the navigator's
    rows come in slices between keystrokes (typing never waits for them), and end complete, in
    order, with the sheet's entry selected. Renames, additions and undos made while the rows
    fill in land in their places; also when the entries are still being named for sorting
    (over 2,000 entries) as the first keystroke comes."""
    from PySide6.QtWidgets import QApplication

    from fate_desk.gui import navigator

    if named_in_slices:
        monkeypatch.setattr(navigator, "KEY_AT_ONCE", 100)

    from fate_desk.gui.app import start
    from fate_desk.gui.navigator import FIRST_ROWS
    from fate_desk.rules.creation.edits import edited

    size = FIRST_ROWS * 8
    main = start(QApplication.instance(), str(_big_campaign(tmp_path, size)), paint_first=True)
    qtbot.addWidget(main)
    try:
        nav, document = _until_navigator(main), main.document
        assert nav.model.filling  # the sheet is there; thousands of rows are still to come
        sheet = main.tabs.current_editor()
        sheet.name_edit.setFocus()
        sheet.name_edit.selectAll()
        qtbot.keyClicks(sheet.name_edit, "Aaron")  # the sheet's entry had no row yet: it gets one now
        assert nav.model.filling  # typing did not wait for the rest of the rows
        for _turn in range(1000):  # the first rows come in a turn of their own, once all are named
            if shown_names(nav, "minor_npc"):
                break
            QApplication.processEvents()
        assert nav.model.filling
        first_guard = shown_names(nav, "minor_npc")[0]
        guard_id = next(c.id for c in document.campaign.characters if c.name == first_guard)
        document.edit(guard_id, lambda c: edited(c, name="Zed the Last Guard"), "Rename")  # past the rows so far
        last_guard = next(c.id for c in document.campaign.characters if c.name == f"Guard {size - 1:04d}")
        document.edit(last_guard, lambda c: edited(c, name="Abel"), "Rename")  # no row yet; now among the first
        main.actions["add_pc"].trigger()  # a new entry while the rows fill in
        main.actions["undo"].trigger()  # and gone again before its row came
        main.actions["add_pc"].trigger()
        qtbot.waitUntil(lambda: not nav.model.filling, timeout=20000)
        guards = shown_names(nav, "minor_npc")
        assert len(guards) == size and guards == sorted(guards, key=str.casefold)
        assert guards[0] == "Abel" and guards[-1] == "Zed the Last Guard" and first_guard not in guards
        assert shown_names(nav, "pc") == ["Aaron", "New character"]
        assert nav.model.folder_index("minor_npc").data() == f"Minor NPCs ({size})"
        assert nav.model.folder_index("pc").data() == "Player characters (2)"
        assert nav.current_entity() in {sheet.entity_id, main.tabs.current_entity_id()}
    finally:
        main.close()


def test_the_entry_shown_at_start_is_selected_once_its_row_is_filled_in(qtbot, tmp_path):
    from PySide6.QtWidgets import QApplication

    from fate_desk.gui.app import start
    from fate_desk.gui.navigator import FIRST_ROWS

    main = start(QApplication.instance(), str(_big_campaign(tmp_path, FIRST_ROWS * 4)), paint_first=True)
    qtbot.addWidget(main)
    try:
        nav = _until_navigator(main)
        assert nav.model.filling and nav.current_entity() is None  # "Mira Vance" sorts after the guards
        qtbot.waitUntil(lambda: not nav.model.filling, timeout=20000)
        assert nav.current_entity() == main.tabs.current_entity_id()
        assert shown_names(nav, "pc") == ["Mira Vance"]
    finally:
        main.close()


def test_an_entry_is_in_view_exactly_when_its_row_is_within_the_trees_viewport(window, qtbot):
    """The navigator works out whether a row is in view from the view's size (not from the
    viewport widget, which costs the start-up a load of every widget class); it must agree with
    the viewport at every window size, scroll position and with a sideways scroll bar."""
    from PySide6.QtWidgets import QApplication

    nav = window.navigator
    tree = nav.tree
    rows = []

    def walk(parent):
        for row in range(nav.model.rowCount(parent)):
            index = nav.model.index(row, 0, parent)
            rows.append(index)
            walk(index)

    walk(QModelIndex())
    checked = 0
    for wide in (False, True):
        if wide:  # a name column wider than the view: a sideways scroll bar appears
            tree.header().setStretchLastSection(False)
            tree.header().resizeSection(0, 1600)
        # Every height over two rows' span, so that a row's edge meets the view's edge at each pixel.
        for size in [(1280, 800), *((1024, height) for height in range(600, 650))]:
            window.resize(*size)
            QApplication.processEvents()
            bar = tree.verticalScrollBar()
            for value in sorted({bar.minimum(), (bar.minimum() + bar.maximum()) // 2, bar.maximum()}):
                bar.setValue(value)
                QApplication.processEvents()
                for index in rows:
                    expected = tree.viewport().rect().contains(tree.visualRect(index))
                    assert nav._in_view(index) == expected, (wide, size, value, index.data())
                    checked += expected
        assert tree.horizontalScrollBar().isVisible() == wide
    assert checked > 0


def test_thousands_of_filter_results_are_all_within_the_keyboards_reach_at_once(qtbot, tmp_path):
    """Thousands of filter results are laid out whole the moment they show (a list laid out in
    batches between turns would cost less at once, but End would stop at the last row laid out
    so far): Down from the filter box into the results, End to the last guard, shown in the
    list, Enter opens its sheet, Home back to the first."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from fate_desk.gui.app import start

    size = 2500
    main = start(QApplication.instance(), str(_big_campaign(tmp_path, size)), paint_first=True)
    qtbot.addWidget(main)
    try:
        nav = _until_navigator(main)
        qtbot.waitUntil(lambda: not nav.model.filling and not main.document.loading, timeout=20000)
        nav.filter_edit.setFocus()
        qtbot.keyClicks(nav.filter_edit, "Guard")
        qtbot.waitUntil(lambda: nav._search is None and nav.results.isVisible())
        assert nav.found.rowCount() == size
        qtbot.keyClick(nav.filter_edit, Qt.Key.Key_Down)
        assert QApplication.focusWidget() is nav.results
        qtbot.keyClick(nav.results, Qt.Key.Key_End)
        last = nav.results.currentIndex()
        assert last.row() == size - 1 and last.data() == f"Guard {size - 1:04d}"
        qtbot.waitUntil(lambda: nav.results.viewport().rect().intersects(nav.results.visualRect(last)))
        qtbot.keyClick(nav.results, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: main.tabs.current_editor() is not None
                        and main.tabs.current_editor().name_edit.text() == f"Guard {size - 1:04d}")
        qtbot.keyClick(nav.results, Qt.Key.Key_Home)
        assert nav.results.currentIndex().row() == 0 and nav.results.currentIndex().data() == "Guard 0000"
    finally:
        main.close()
