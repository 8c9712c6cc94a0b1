"""The sheet at common screen sizes with every section full: no sideways scrolling, nothing clipped."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication

from fate_desk.gui.app import start

from clipping import clipped
from full_sheet import full_campaign_file

SIZES = [(1024, 700), (1280, 800), (1920, 1080)]


@pytest.fixture(params=[False, True], ids=["consequences", "conditions"])
def full_window(request, qtbot, tmp_path):
    window = start(QApplication.instance(), str(full_campaign_file(tmp_path, conditions=request.param)))
    qtbot.addWidget(window)
    window.show()
    yield window
    window.close()


def _settle(qtbot, window, width, height):
    window.resize(width, height)
    for _ in range(4):
        QApplication.processEvents()
    qtbot.wait(20)
    return window.tabs.current_editor()


@pytest.mark.parametrize("width, height", SIZES)
def test_a_full_sheet_fits_without_sideways_scrolling_or_clipping(full_window, qtbot, width, height):
    sheet = _settle(qtbot, full_window, width, height)
    assert not sheet.scroll.horizontalScrollBar().isVisible()
    assert sheet.scroll.widget().minimumSizeHint().width() <= sheet.scroll.viewport().width()
    widths = [edit.width() for edit in sheet.aspects.edits if edit.isVisible()]
    assert len(widths) == 5 and min(widths) >= 200, widths
    assert clipped(sheet) == []
    hints = [row[3] for row in sheet.consequences.rows.values() if row[3].isVisible()]
    assert hints and all(hint.wordWrap() for hint in hints)


@pytest.mark.parametrize("width, height", SIZES)
def test_every_growing_text_field_shows_all_its_text_at_each_size(full_window, qtbot, width, height):
    """Stunt texts and notes grow with their text: no inner scroll bar, nothing hidden. Their
    height is worked out from the field's contents width, which is the viewport's."""
    from fate_desk.gui.sheet.common import GrowingTextEdit

    sheet = _settle(qtbot, full_window, width, height)
    fields = [edit for edit in sheet.findChildren(GrowingTextEdit) if edit.isVisible()]
    assert len(fields) >= 3
    long_text = " ".join(["Once per session, when the harbour bells ring, gain +2 to Notice."] * 12)
    for pasted in (False, True):
        for edit in fields:
            if pasted:  # a long stunt pasted in: the field grows to show all of it
                edit.selectAll()
                edit.insertPlainText(long_text)
                QApplication.processEvents()
            assert edit.contentsRect().width() == edit.viewport().width()
            last = edit.document().lastBlock()
            bottom = edit.blockBoundingGeometry(last).translated(edit.contentOffset()).bottom()
            assert edit.verticalScrollBar().maximum() == 0 and bottom <= edit.viewport().height(), \
                edit.toPlainText()[:40]


@pytest.mark.parametrize("width, height", SIZES)
def test_the_banner_stays_in_view_and_keeps_its_shape_while_the_sheet_scrolls(full_window, qtbot, width, height):
    """Name, high concept, trouble, refresh and fate points stay put; nothing in the banner grows
    or shrinks as the body scrolls (the old header switched between tall and compact)."""
    sheet = _settle(qtbot, full_window, width, height)
    bar = sheet.scroll.verticalScrollBar()
    banner = [sheet.name_edit, sheet.aspects.edits[0], sheet.aspects.edits[1], sheet.refresh_value,
              sheet.fate_points_value, sheet.fate_plus]
    before = (sheet.header_frame.height(), [w.mapTo(sheet, w.rect().topLeft()).toTuple() for w in banner])
    for value in (bar.maximum() // 2, bar.maximum(), 0):
        bar.setValue(value)
        QApplication.processEvents()
        for widget in banner:
            assert not sheet.scroll.isAncestorOf(widget)
            assert widget.isVisible() and not widget.visibleRegion().isEmpty()
        assert (sheet.header_frame.height(), [w.mapTo(sheet, w.rect().topLeft()).toTuple() for w in banner]) == before


def _body_share(window, sheet) -> float:
    return sheet.scroll.viewport().height() / window.height()


def test_at_1024x700_the_sheet_body_keeps_half_the_window(full_window, qtbot):
    sheet = _settle(qtbot, full_window, 1024, 700)
    assert _body_share(full_window, sheet) >= 0.5, sheet.scroll.viewport().height()


def test_at_1024x700_on_the_first_start_the_welcome_leaves_the_sheet_body_half_the_window(qtbot):
    from gui_helpers import started_app_window

    window = started_app_window(qtbot)
    window.show()
    sheet = _settle(qtbot, window, 1024, 700)
    assert window.welcome.isVisible()
    assert _body_share(window, sheet) >= 0.5, sheet.scroll.viewport().height()
    window.close()


@pytest.fixture
def sample_window(qtbot):
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    window.show()
    yield window
    window.close()


def _panel_shows_table_and_buttons(window) -> list[str]:
    """What of the conflict panel's table and buttons the dock does not show."""
    panel = window.encounters.conflict
    hidden = []
    for widget in (panel.table, *(b for b in panel.buttons if b.isVisible())):
        if widget.visibleRegion().boundingRect().size() != widget.size():
            hidden.append(f"{type(widget).__name__} {getattr(widget, 'text', lambda: '')()!r} shows "
                          f"{widget.visibleRegion().boundingRect().size().toTuple()} of {widget.size().toTuple()}")
    return hidden


@pytest.mark.parametrize("width, height", [(1024, 660), (1280, 740), (1920, 1040)])
def test_the_conflict_dock_opens_showing_its_table_and_buttons_and_the_sheet_keeps_its_header(
        sample_window, qtbot, width, height):
    """The window of a 1024x700, 1280x800 or 1920x1080 screen (less the frame): the dock opens tall
    enough for the conflict's table and buttons (it opened at its bare minimum, the table's
    header alone, before), and the sheet above keeps its header whole and a share of its body."""
    window = sample_window
    sheet = _settle(qtbot, window, width, height)
    window.actions["conflict_panel"].trigger()
    panel = window.encounters.conflict
    panel.start_button.click()
    panel.dialog.accept()
    sheet = _settle(qtbot, window, width, height)
    assert panel.table.rowCount() >= 2 and _panel_shows_table_and_buttons(window) == []
    assert _header_whole(sheet) == []
    assert _body_share(window, sheet) >= (0.4 if height > 1000 else 0.1), sheet.scroll.viewport().height()


def test_the_conflict_dock_keeps_the_height_the_gm_gives_it_when_the_dice_dock_opens_and_closes(full_window, qtbot):
    from PySide6.QtCore import QPoint, Qt

    _settle(qtbot, full_window, 1280, 740)
    full_window.actions["conflict_panel"].trigger()
    dock = full_window.encounters.dock
    _settle(qtbot, full_window, 1280, 740)
    # The GM drags the separator above the dock 60 px up, as with the mouse.
    layout_edge = dock.mapTo(full_window, QPoint(dock.width() // 2, -2))
    opened = dock.height()
    qtbot.mousePress(full_window, Qt.MouseButton.LeftButton, pos=layout_edge)
    qtbot.mouseMove(full_window, layout_edge - QPoint(0, 60))
    qtbot.waitUntil(lambda: dock.height() != opened)  # the window moves its separator a turn later
    qtbot.mouseRelease(full_window, Qt.MouseButton.LeftButton, pos=layout_edge - QPoint(0, 60))
    _settle(qtbot, full_window, 1280, 740)
    given = dock.height()
    assert given == opened + 60
    for _ in range(2):
        full_window.actions["toggle_dice"].trigger()
        _settle(qtbot, full_window, 1280, 740)
        assert dock.height() == given
        full_window.actions["toggle_dice"].trigger()
        _settle(qtbot, full_window, 1280, 740)
        assert dock.height() == given


def test_at_1024_the_sheet_fits_beside_the_campaign_list_and_a_table_dock(full_window, qtbot):
    full_window.actions["toggle_dice"].trigger()
    full_window.actions["toggle_history"].trigger()
    sheet = _settle(qtbot, full_window, 1024, 700)
    assert full_window.width() == 1024  # nothing forces the window wider than the screen
    assert full_window.navigator_dock.width() >= 200
    assert not sheet.scroll.horizontalScrollBar().isVisible()
    assert min(edit.width() for edit in sheet.aspects.edits if edit.isVisible()) >= 200
    assert clipped(sheet) == []


def _header_whole(sheet) -> list[str]:
    """Banner parts (play bar, name, high concept, trouble, refresh, fate points) shown whole."""
    from PySide6.QtWidgets import QFrame

    header = sheet.form.findChild(QFrame, "identityFrame")
    parts = [sheet.play, *sheet.play.findChildren(QAbstractButton), sheet.name_edit, sheet.refresh_value,
             sheet.fate_points_value, sheet.fate_minus, sheet.fate_plus,
             *(sheet.aspects.edits[row] for row in sheet.aspects.rows_in_banner())]
    cut = [f"header {header.height()} < {header.minimumSizeHint().height()}"] \
        if header.height() < header.minimumSizeHint().height() else []
    for widget in parts:
        if widget.isVisible() and widget.visibleRegion().boundingRect().size() != widget.size():
            cut.append(f"{type(widget).__name__} {widget.accessibleName() or widget.objectName()!r} "
                       f"shows {widget.visibleRegion().boundingRect().size().toTuple()} of {widget.size().toTuple()}")
    return cut


@pytest.mark.parametrize("width, height", SIZES)
@pytest.mark.parametrize("menu_item", ["Run a conflict", "Dice roller"])
def test_with_a_table_dock_open_the_play_bar_and_header_are_whole_and_nothing_scrolls_sideways(
        full_window, qtbot, width, height, menu_item):
    table_menu = full_window.menus["Table"]
    next(a for a in table_menu.actions() if a.text().replace("&", "") == menu_item).trigger()
    sheet = _settle(qtbot, full_window, width, height)
    assert full_window.height() <= height  # nothing forces the window taller than the screen
    assert _header_whole(sheet) == []
    assert not sheet.scroll.horizontalScrollBar().isVisible()
    assert clipped(sheet) == []


@pytest.mark.parametrize("width, height", SIZES)
def test_on_the_first_start_the_welcome_and_a_conflict_leave_the_sheet_header_whole(qtbot, width, height):
    from gui_helpers import started_app_window

    window = started_app_window(qtbot)
    window.show()
    assert window.welcome.isVisible()
    window.actions["conflict_panel"].trigger()
    sheet = _settle(qtbot, window, width, height)
    assert _header_whole(sheet) == []
    assert clipped(sheet) == []
    window.close()


def test_the_welcome_grows_for_a_narrow_window_and_shrinks_back_when_a_dock_closes(qtbot):
    from gui_helpers import started_app_window

    window = started_app_window(qtbot)
    window.show()
    _settle(qtbot, window, 1024, 700)
    before = window.welcome.height()
    window.actions["toggle_dice"].trigger()
    _settle(qtbot, window, 1024, 700)
    assert window.welcome.height() > before  # the text wraps to more lines beside the dice
    window.actions["toggle_dice"].trigger()
    _settle(qtbot, window, 1024, 700)
    assert window.welcome.height() == before
    window.close()


def test_the_header_shrinks_back_when_the_window_widens_after_a_narrow_spell(full_window, qtbot):
    from PySide6.QtWidgets import QFrame

    full_window.actions["conflict_panel"].trigger()
    _settle(qtbot, full_window, 1024, 700)
    sheet = _settle(qtbot, full_window, 1920, 1080)
    header = sheet.form.findChild(QFrame, "identityFrame")
    assert header.height() <= header.sizeHint().height()  # no height kept from the narrow layout
    assert _header_whole(sheet) == []


@pytest.mark.parametrize("width, height", SIZES)
def test_the_monster_and_minor_npc_sheets_never_scroll_sideways(qtbot, width, height):
    from gui_helpers import started_app_window

    window = started_app_window(qtbot)
    window.show()
    for kind in ("monster", "minor_npc"):
        entity = next(c for c in window.document.campaign.characters if c.kind.value == kind)
        editor = window.sheets.open_entity(entity.id)
        editor = _settle(qtbot, window, width, height)
        assert not editor.scroll.horizontalScrollBar().isVisible(), (kind, width)
    window.close()


def test_on_the_first_start_the_conflict_dock_puts_the_welcome_aside_and_shows_its_buttons(qtbot, tmp_path):
    """The sample on a first start shows the welcome; opening the conflict dock at 1280x800 puts
    it aside, shows the panel's table and buttons, and leaves the sheet its header and a share of
    its body (issue 24: 70 px before)."""
    from fate_desk.gui.app import start

    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    window.show()
    assert window.welcome.isVisible()
    window.actions["conflict_panel"].trigger()
    sheet = _settle(qtbot, window, 1280, 740)
    assert window.encounters.dock.isVisible() and not window.welcome.isVisible()
    assert _panel_shows_table_and_buttons(window) == [] and _header_whole(sheet) == []
    assert _body_share(window, sheet) >= 0.15, sheet.scroll.viewport().height()
    window.close()
