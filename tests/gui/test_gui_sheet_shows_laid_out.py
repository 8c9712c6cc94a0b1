"""A sheet built ahead, out of sight (an import's first sheet, a loading campaign's first one), is
laid out out of sight too, at the size its tab gives it: the turn that brings it into view only
paints it. It looks exactly as a sheet opened the ordinary way, and opening it never lays out
again the sheet already in front (the tab bar keeps its height as a tab is added)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from gui_helpers import answer_file_dialog, import_shown, import_through_menu, menu_action, started_app_window
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QMessageBox, QPlainTextEdit, QWidget

from fate_desk.gui import file_actions
from fate_desk.gui.sheet import CharacterSheet
from fate_desk.model import Aspect, Campaign, Character, CharacterKind, Stunt
from fate_desk.rules.creation.edits import edited
from fate_desk.store.campaign_file import CampaignFile

WREN = Path(__file__).parents[1] / "data" / "foundry" / "fco-wren.json"


class Resizes(QObject):
    """Counts the resizes of the widgets `inside()` returns and of their parts, while `watching()`;
    but for a text field's page: out of view, a QPlainTextEdit counts lines for pixels and shows
    its scroll bar, and in view takes it away again (Qt's, whoever lays the field out)."""

    def __init__(self, inside, watching=lambda: True):
        super().__init__()
        self.inside, self.watching = inside, watching
        self.count = 0

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if (event.type() == QEvent.Type.Resize and isinstance(watched, QWidget) and self.watching()
                and not isinstance(watched.parentWidget(), QPlainTextEdit)):
            self.count += any(w is watched or w.isAncestorOf(watched) for w in self.inside())
        return False


class Heights(QObject):
    """Notes each new height of the widget it watches."""

    def __init__(self, heights: list):
        super().__init__()
        self.heights = heights

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Resize and event.oldSize().height() != event.size().height():
            self.heights.append(event.size().height())
        return False


def geometry(sheet: QWidget) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Where each part of a sheet that shows is, in the order of the sheet's parts."""
    parts = []

    def walk(widget: QWidget) -> None:
        for child in widget.children():
            if isinstance(child, QWidget) and not child.isWindow() and child.isVisible():
                rect = child.geometry()
                parts.append((type(child).__name__, (rect.x(), rect.y(), rect.width(), rect.height())))
                walk(child)

    walk(sheet)
    return parts


def reopened(window, entity_id: str) -> QWidget:
    """The entry's sheet closed and opened again as a click in the campaign list opens it."""
    window.tabs.close_entity(entity_id)
    QApplication.processEvents()
    sheet = window.sheets.open_entity(entity_id)
    QApplication.processEvents()
    return sheet


@pytest.fixture
def window(qtbot, tmp_path):
    win = started_app_window(qtbot)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign(name="Skyships", characters=[Character(id="ruth", name="Ruth")])).close()
    assert win.campaigns.open_path(path)
    qtbot.waitUntil(lambda: not win.navigator.model.filling)
    win.sheets.open_entity("ruth")
    QApplication.processEvents()
    yield win
    for box in win.findChildren(QMessageBox):
        box.close()
    win.close()


def test_an_imported_sheet_comes_into_view_laid_out_and_the_sheet_in_front_is_not_laid_out_again(window):
    front = window.tabs.current_editor()
    before = front.size()
    bar = window.tabs.tabBar()
    heights = []
    bar.installEventFilter(watch := Heights(heights))
    in_tabs = Resizes(lambda: [e for e in window.tabs.editors() if isinstance(e, CharacterSheet) and e is not front])
    in_front = Resizes(lambda: [front])
    app = QApplication.instance()
    app.installEventFilter(in_tabs)
    app.installEventFilter(in_front)
    try:
        import_through_menu(window, WREN)
    finally:
        app.removeEventFilter(in_tabs)
        app.removeEventFilter(in_front)
        bar.removeEventFilter(watch)
    sheet = window.tabs.current_editor()
    assert sheet is not front and sheet.isVisible() and sheet.name_edit.text() == "Wren Halloway"
    assert in_tabs.count == 0  # laid out before its tab was added: nothing left to lay out as it showed
    assert not heights  # the tab bar never grew with the new tab (nor shrank back)...
    assert in_front.count == 0 and front.size() == before  # ...so the sheet in front was not laid out again
    # It is where a sheet opened the ordinary way puts every part.
    shown = geometry(sheet)
    assert len(shown) > 50
    assert geometry(reopened(window, sheet.entity_id)) == shown


def start_import(window, path: Path) -> None:
    """File ▸ Import characters…, the file chosen and accepted; its sheet still to come."""
    answer_file_dialog(path)
    menu_action(window, "File", "Import characters…").trigger()


def turn_until(condition) -> None:
    """Let the event loop turn until `condition()` (giving up after a while rather than hang)."""
    give_up = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < give_up, "never came"
        QApplication.processEvents()


def sheet_out_of_sight(window) -> CharacterSheet | None:
    """The imported character's sheet, built ahead before it has a tab of its own."""
    return next((s for s in window.tabs.findChildren(CharacterSheet) if s.entity_id not in window.tabs.open_ids()),
                None)


def its_first_part_shown(window) -> bool:
    sheet = sheet_out_of_sight(window)
    return sheet is not None and sheet.name_edit.text() == "Wren Halloway"


def test_an_imported_sheet_edited_while_it_is_filled_in_shows_the_edit_laid_out_as_any_sheet(window, monkeypatch):
    """Filled in a part a turn, laid out a part a turn, out of sight: an edit that comes in
    between (from another view) is what the sheet shows, and the sheet comes into view where a
    sheet opened the ordinary way puts every part; Edit ▸ Undo takes the edit back, then the
    import, a step each."""
    monkeypatch.setattr(file_actions, "LAY_OUT_SLICE_S", 0.0)  # laid out a part of the sheet a turn
    start_import(window, WREN)
    turn_until(lambda: its_first_part_shown(window))
    sheet = sheet_out_of_sight(window)
    assert not sheet.isVisible() and not sheet.stunts.cards  # its stunts are still to come
    wren = sheet.entity_id
    assert window.document.edit(wren, lambda c: edited(c, stunts=[Stunt(name="Deep Dive", text="Holds her breath."),
                                                                  *c.stunts[1:]]), "Rename stunt")
    import_shown(window)
    assert window.tabs.current_editor() is sheet and sheet.isVisible()
    assert [card.name.text() for card in sheet.stunts.cards] == ["Deep Dive", "Salvage Eye", "Hook and Line",
                                                                "Reads the Water"]
    assert sheet.aspects.edits[0].text() == "Tide-Scarred Salvage Diver"
    shown = geometry(sheet)
    assert len(shown) > 50
    assert geometry(reopened(window, wren)) == shown
    window.actions["undo"].trigger()
    assert window.document.entity(wren).stunts[0].name == "Deep Breath"
    window.actions["undo"].trigger()
    assert window.document.entity(wren) is None and window.tabs.open_ids() == ["ruth"]


def test_an_imported_character_opened_before_its_sheet_is_filled_in_shows_whole(window):
    """A double-click in the campaign list while the imported sheet is still being filled in out
    of sight: it comes into view whole, with the sheet's look, and the steps still to come leave
    it as it is."""
    start_import(window, WREN)
    turn_until(lambda: its_first_part_shown(window))
    sheet = sheet_out_of_sight(window)
    window.navigator.select(sheet.entity_id)
    window.sheets.keep_entity(sheet.entity_id)
    QApplication.processEvents()
    assert window.tabs.current_editor() is sheet and sheet.isVisible()
    assert len(sheet.stunts.cards) == 4 and sheet.form.styleSheet()
    import_shown(window)
    assert window.tabs.current_editor() is sheet and len(sheet.stunts.cards) == 4
    assert window.tabs.open_ids() == ["ruth", sheet.entity_id]
    shown = geometry(sheet)
    assert geometry(reopened(window, sheet.entity_id)) == shown


def test_an_import_undone_while_its_sheet_is_laid_out_out_of_sight_never_shows_it(window, monkeypatch):
    monkeypatch.setattr(file_actions, "LAY_OUT_SLICE_S", 0.0)
    start_import(window, WREN)
    turn_until(lambda: (sheet := sheet_out_of_sight(window)) is not None and len(sheet.stunts.cards) == 4)
    sheet = sheet_out_of_sight(window)
    wren = sheet.entity_id
    resized = Resizes(lambda: [sheet])
    app = QApplication.instance()
    app.installEventFilter(resized)
    try:
        turn_until(lambda: resized.count > 5)  # some of its parts laid out, not all
    finally:
        app.removeEventFilter(resized)
    window.actions["undo"].trigger()  # Edit ▸ Undo: the import, in one step
    import_shown(window)
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.document.entity(wren) is None
    assert window.tabs.open_ids() == ["ruth"] and window.tabs.current_editor().entity_id == "ruth"
    assert not [s for s in window.findChildren(CharacterSheet) if s.entity_id == wren]


def big_campaign(path: Path, n: int = 300) -> Path:
    campaign = Campaign(name="Harbour", characters=[
        Character(id=f"c{i:03d}", name=f"Crew {i}", aspects=[Aspect(text=f"Knows the tides of berth {i}")],
                  kind=CharacterKind.PC if i % 7 == 3 else CharacterKind.MINOR_NPC) for i in range(n)])
    CampaignFile.create(path, campaign).close()
    return path


def test_a_loading_campaigns_first_sheet_comes_into_view_laid_out(window, monkeypatch, tmp_path):
    """File ▸ Open Recent of a campaign that loads over many turns: its first sheet is built, put
    in its tab and laid out behind the loading page; bringing it into view lays nothing out."""
    from fate_desk.gui import document as document_module

    monkeypatch.setattr(document_module, "FIRST_ENTRIES", 1)  # an entry a turn: the loading takes turns
    monkeypatch.setattr(document_module, "LOAD_SLICE_S", 0.0)
    path = big_campaign(tmp_path / "harbour.fatedesk")
    window.settings.add_recent(str(path))
    recent = menu_action(window, "File", "Open Recent").menu()
    recent.aboutToShow.emit()
    # The new campaign's tabs, once in view (each campaign has tabs of its own).
    shown = Resizes(lambda: window.tabs.editors(), lambda: window.stack.currentWidget() is window.tabs)
    app = QApplication.instance()
    app.installEventFilter(shown)
    try:
        next(a for a in recent.actions() if a.toolTip() == str(path)).trigger()
        while window.document.path != path:  # checked on a worker, then taken by the window
            QApplication.processEvents()
        document = window.document
        while not (window.tabs.count() and window.stack.currentWidget() is window.tabs):
            assert document.loading, "the campaign was whole before its first sheet showed"
            QApplication.processEvents()
    finally:
        app.removeEventFilter(shown)
    sheet = window.tabs.current_editor()
    assert sheet.entity_id == "c003" and sheet.isVisible()
    assert shown.count == 0  # laid out behind the loading page at the size it shows at
    while document.loading:
        QApplication.processEvents()
    QApplication.processEvents()
    laid_out = geometry(sheet)
    assert len(laid_out) > 50
    assert geometry(reopened(window, "c003")) == laid_out
