"""Imported characters are at once part of the campaign a person sees: in the navigator,
selected, open on their sheet, and every edit to them saved. Through File ▸ Import, a drop
and a second launch's hand-over; a character already in the campaign is added only on a yes.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from gui_helpers import answer_file_dialog, drop, import_shown, import_through_menu, menu_action, started_app_window
from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QWidget,
)

from fate_desk.gui import campaign_op
from fate_desk.interop import importing
from fate_desk.model import Campaign, Character, CharacterKind, Scene
from fate_desk.rules.creation.edits import edited
from fate_desk.store.bundle import write_bundle
from fate_desk.store.campaign_file import CampaignFile, load_campaign
from fate_desk.store.interchange import write_character_file


@pytest.fixture
def window(qtbot, tmp_path):
    win = started_app_window(qtbot)
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign(name="Skyships", characters=[Character(id="ruth", name="Ruth")])).close()
    assert win.campaigns.open_path(path)
    qtbot.waitUntil(lambda: not win.navigator.model.filling)
    yield win
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible() and widget is not win and hasattr(widget, "reject"):
            widget.reject()
    win.close()


WREN = Path(__file__).parents[1] / "data" / "foundry" / "fco-wren.json"


def two_newcomers(tmp_path: Path) -> Path:
    bundle = tmp_path / "newcomers.fate-campaign.json"
    write_bundle(bundle, Campaign(name="Newcomers", characters=[
        Character(id="nell", name="Nell"), Character(id="gor", name="Gor", kind=CharacterKind.MAJOR_NPC)]))
    return bundle



def import_action(window):
    return menu_action(window, "File", "Import characters…")


def shown_in_navigator(window, entity_id: str) -> bool:
    return window.navigator.model.index_of(entity_id).isValid()


def rename_on_sheet(qtbot, window, entity_id: str, name: str) -> None:
    sheet = window.tabs.current_editor()
    assert sheet.entity_id == entity_id
    sheet.name_edit.setFocus()
    sheet.name_edit.selectAll()
    qtbot.keyClicks(sheet.name_edit, name)


def test_file_import_shows_the_new_characters_selects_the_first_and_saves_edits_to_them(qtbot, window, tmp_path):
    import_through_menu(window, two_newcomers(tmp_path))
    assert shown_in_navigator(window, "nell") and shown_in_navigator(window, "gor")
    assert window.navigator.current_entity() == "nell"
    assert "Nell (Player characters)" in window.statusBar().currentMessage()
    assert "Gor (Major NPCs)" in window.statusBar().currentMessage()
    rename_on_sheet(qtbot, window, "nell", "Nell the Bold")
    assert window.document.entity("nell").name == "Nell the Bold"
    assert {c.name for c in load_campaign(window.document.path).characters} == {"Ruth", "Nell the Bold", "Gor"}
    # The second one opens from the navigator like any other entry.
    window.navigator.select("gor")
    assert window.sheets.open_entity("gor") is not None and window.tabs.current_editor().entity_id == "gor"
    # Undo takes the rename back, then (in one step) the import, out of the navigator too.
    window.actions["undo"].trigger()
    assert window.document.undo_stack.undoText() == "Import newcomers.fate-campaign.json"
    window.actions["undo"].trigger()
    assert not shown_in_navigator(window, "nell") and window.document.entity("gor") is None


def test_a_dropped_character_file_is_shown_selected_and_editable(qtbot, window, tmp_path):
    nell = tmp_path / "nell.fate.json"
    write_character_file(nell, Character(id="nell", name="Nell"))
    assert drop(window, nell).isAccepted()
    assert shown_in_navigator(window, "nell") and window.navigator.current_entity() == "nell"
    rename_on_sheet(qtbot, window, "nell", "Nell Dropped")
    assert "Nell Dropped" in [c.name for c in load_campaign(window.document.path).characters]


def test_a_handed_over_character_file_is_shown_and_selected(qtbot, window, tmp_path):
    nell = tmp_path / "nell.fate.json"
    write_character_file(nell, Character(id="nell", name="Nell"))
    window.campaigns.receive_file(str(nell))  # what a second launch's hand-over calls
    import_shown(window)
    assert shown_in_navigator(window, "nell") and window.navigator.current_entity() == "nell"
    rename_on_sheet(qtbot, window, "nell", "Nell Handed")
    assert "Nell Handed" in [c.name for c in load_campaign(window.document.path).characters]


def duplicates_question(window) -> QMessageBox:
    boxes = [b for b in window.findChildren(QMessageBox, "importDuplicates") if b.isVisible()]
    assert len(boxes) == 1
    return boxes[0]


def click(qtbot, box: QMessageBox, text: str) -> None:
    button = next(b for b in box.buttons() if b.text() == text)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_importing_a_character_already_in_the_campaign_asks_first(qtbot, window, tmp_path):
    ruth = tmp_path / "ruth.fate.json"
    write_character_file(ruth, Character(id="ruth", name="Ruth"))
    drop(window, ruth)
    box = duplicates_question(window)
    assert "Ruth" in box.text() and "already in this campaign" in box.text()
    assert [c.name for c in window.document.campaign.characters] == ["Ruth"]  # nothing yet
    click(qtbot, box, "Cancel")
    assert [c.name for c in load_campaign(window.document.path).characters] == ["Ruth"]

    drop(window, ruth)
    click(qtbot, duplicates_question(window), "Add a copy")
    copies = [c for c in window.document.campaign.characters if c.name == "Ruth"]
    assert len(copies) == 2 and copies[1].id != "ruth"
    assert shown_in_navigator(window, copies[1].id) and window.navigator.current_entity() == copies[1].id


def test_a_character_renamed_to_the_incoming_name_while_the_file_is_read_is_asked_about(
        qtbot, window, tmp_path, monkeypatch):
    """Which characters are in the campaign already is worked out on the worker, from the
    campaign as it was when the read began; a rename saved meanwhile is looked at again."""
    monkeypatch.setattr(campaign_op, "WAIT_S", 0.0)  # the read is never handed back at once
    reading, renamed = threading.Event(), threading.Event()
    read = importing.import_into_campaign

    def read_once_renamed(*args, **kwargs):  # on the worker
        reading.set()
        renamed.wait(10)
        return read(*args, **kwargs)

    monkeypatch.setattr(importing, "import_into_campaign", read_once_renamed)

    def rename_while_reading() -> None:  # as another view would, once the file is being read
        if not reading.is_set():
            QTimer.singleShot(5, rename_while_reading)
            return
        window.document.edit("ruth", lambda c: edited(c, name="Nell"), "Rename")
        renamed.set()

    QTimer.singleShot(0, rename_while_reading)
    nell = tmp_path / "nell.fate.json"
    write_character_file(nell, Character(id="nell", name="Nell"))
    import_through_menu(window, nell)
    box = duplicates_question(window)
    assert "Nell from nell.fate.json is already in this campaign" in box.text()
    click(qtbot, box, "Cancel")
    assert [c.name for c in load_campaign(window.document.path).characters] == ["Nell"]


def test_a_bundle_with_a_known_character_can_bring_only_the_others(qtbot, window, tmp_path):
    bundle = tmp_path / "mixed.fate-campaign.json"
    write_bundle(bundle, Campaign(name="Mixed", characters=[Character(name="ruth"), Character(id="nell", name="Nell")]))
    import_through_menu(window, bundle)
    box = duplicates_question(window)
    assert "ruth" in box.text()
    click(qtbot, box, "Import only the others")
    assert [c.name for c in load_campaign(window.document.path).characters] == ["Ruth", "Nell"]
    assert window.navigator.current_entity() == "nell"


def big_fari(tmp_path: Path, blocks: int) -> Path:
    """A Fari sheet with a notes section of many blocks (megabytes: a moment to read)."""
    import json

    sheet = json.loads((Path(__file__).parents[1] / "data" / "fari" / "v6-nell.fari.json").read_text(encoding="utf-8"))
    section = sheet["pages"][0]["rows"][0]["columns"][0]["sections"][0]
    section["label"] = "NOTES"
    section["blocks"] = [{"id": f"b{i}", "type": "Text", "label": "NOTES",
                          "value": f"<p>Note {i}<!-- a comment left open", "meta": {}} for i in range(blocks)]
    path = tmp_path / "big.fari.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    return path


def test_a_big_import_reads_on_a_worker_while_the_window_answers_and_cancel_adds_nothing(
        qtbot, window, tmp_path, monkeypatch):
    monkeypatch.setattr(campaign_op, "WAIT_S", 0.0)  # the read is never handed back at once
    big = big_fari(tmp_path, 60_000)
    seen = []

    def cancel_when_shown() -> None:  # runs while the file is being read: the window answers
        progress = window.findChild(QProgressDialog, "importProgress")
        if progress is None or not progress.isVisible():
            QTimer.singleShot(10, cancel_when_shown)
            return
        seen.append(progress.labelText())
        qtbot.mouseClick(progress.findChild(QPushButton), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, cancel_when_shown)
    import_through_menu(window, big)
    assert seen == ["Reading big.fari.json…"]
    assert [c.name for c in load_campaign(window.document.path).characters] == ["Ruth"]
    assert "cancelled" in window.statusBar().currentMessage()
    assert window.document.undo_stack.count() == 0


def test_a_big_import_left_to_finish_shows_its_character(qtbot, window, tmp_path, monkeypatch):
    monkeypatch.setattr(campaign_op, "WAIT_S", 0.0)  # the read is never handed back at once
    big = big_fari(tmp_path, 15_000)  # notes within Fate Desk's limit of 200,000 characters
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(window.findChild(QProgressDialog, "importProgress") is not None))
    timer.start(5)
    import_through_menu(window, big)
    timer.stop()
    assert any(ticks)  # the window's own timers ran while the file was read
    nell = next(c for c in window.document.campaign.characters if c.name == "Nell Ashdown")
    assert shown_in_navigator(window, nell.id) and "Note 14999" in nell.notes


def parses_watched(monkeypatch) -> list[bool]:
    """Each parse of an imported file from now on, as whether it ran on the window's thread."""
    import threading

    from fate_desk.interop import importing

    parsed, real = [], importing.parse_json

    def watched(*args, **kwargs):
        parsed.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(importing, "parse_json", watched)
    return parsed


def big_foundry(tmp_path: Path) -> Path:
    """A Foundry actor of 1.5 MB, as a world's modules leave them: its portrait embedded as a data
    URL and other modules' flags holding journal text (none of it the character's)."""
    actor = json.loads((Path(__file__).parents[1] / "data" / "foundry" / "fco-wren.json").read_text(encoding="utf-8"))
    portrait = "data:image/png;base64," + "iVBORw0KGgo" * 60_000
    actor["img"] = portrait
    actor["prototypeToken"] = {**actor.get("prototypeToken", {}), "texture": {"src": portrait}}
    actor["flags"] = {**actor.get("flags", {}), "some-journal-module": {
        f"entry{i}": "<p>What the party learnt in the ruins, session by session.</p>" for i in range(12_000)}}
    path = tmp_path / "wren-with-portrait.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    assert path.stat().st_size >= 1_500_000
    return path


def test_a_big_foundry_actor_is_parsed_once_on_a_worker_and_comes_in(qtbot, window, tmp_path, monkeypatch):
    """The issue's 1.5 MB Foundry file froze the window while it was parsed twice, the first time on
    the window's thread: File ▸ Import parses it once, on the worker, and the character comes in."""
    monkeypatch.setattr(campaign_op, "WAIT_S", 0.0)  # the read is never handed back at once
    big = big_foundry(tmp_path)
    parsed = parses_watched(monkeypatch)
    import_through_menu(window, big)
    assert parsed == [False]
    wren = next(c for c in window.document.campaign.characters if c.name != "Ruth")
    assert shown_in_navigator(window, wren.id) and window.navigator.current_entity() == wren.id
    assert "data:image" not in wren.notes  # the portrait and the other modules' flags are not the character's
    assert [c.name for c in load_campaign(window.document.path).characters] == ["Ruth", wren.name]


class ProgressPaints(QWidget):
    """Hears the import's progress dialog paint (an application-wide event filter): each paint's
    moment, and `then` called at the first."""

    def __init__(self, then=None):
        super().__init__()
        self.moments: list[float] = []
        self.then = then
        QApplication.instance().installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if (event.type() == QEvent.Type.Paint and isinstance(watched, QProgressDialog)
                and watched.objectName() == "importProgress"):
            self.moments.append(time.monotonic())
            if self.then is not None and len(self.moments) == 1:
                self.then(watched)
        return False

    def stop(self) -> None:
        QApplication.instance().removeEventFilter(self)


def test_a_file_of_a_megabyte_shows_its_progress_before_its_read_begins(qtbot, window, tmp_path, monkeypatch):
    """A read that cannot be quick is not waited for in the click's turn: the progress dialog is
    up and painted first, and the file is read after that, while the window answers."""
    big = big_foundry(tmp_path)
    reads, real = [], importing.import_into_campaign

    def timed(*args, **kwargs):
        reads.append(time.monotonic())
        return real(*args, **kwargs)

    monkeypatch.setattr(importing, "import_into_campaign", timed)
    paints = ProgressPaints()
    try:
        import_through_menu(window, big)
    finally:
        paints.stop()
    assert len(reads) == 1 and paints.moments and paints.moments[0] < reads[0]
    wren = next(c for c in window.document.campaign.characters if c.name != "Ruth")
    assert window.navigator.current_entity() == wren.id


def test_a_big_read_cancelled_as_its_progress_shows_never_reads_the_file(qtbot, window, tmp_path, monkeypatch):
    big = big_foundry(tmp_path)
    reads, real = [], importing.import_into_campaign

    def counted(*args, **kwargs):
        reads.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(importing, "import_into_campaign", counted)
    paints = ProgressPaints(then=lambda progress: qtbot.mouseClick(
        progress.findChild(QPushButton), Qt.MouseButton.LeftButton))
    try:
        import_through_menu(window, big)
        for _turn in range(20):  # the turns in which the read would have started
            QApplication.processEvents()
            time.sleep(0.005)
    finally:
        paints.stop()
    assert paints.moments and reads == []
    assert "cancelled" in window.statusBar().currentMessage()
    assert [c.name for c in load_campaign(window.document.path).characters] == ["Ruth"]
    assert window.document.undo_stack.count() == 0


def fari_library(tmp_path, count: int) -> Path:
    """A Fari library ("full" export) of `count` characters, from the one in tests/data."""
    data = json.loads((Path(__file__).parents[1] / "data" / "fari" / "library.fari.json").read_text(encoding="utf-8"))
    first = data["characters"][0]
    data["characters"] = [{**first, "id": f"fari-{n}", "name": f"Crew {n}"} for n in range(count)]
    path = tmp_path / "crew.fari.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_whole_fari_library_imports_on_a_worker_with_progress_and_cancel(qtbot, window, tmp_path, monkeypatch):
    """Through File ▸ Import: the library is parsed once and read character by character, on a
    worker, with progress; Cancel adds nothing. Dropped on the window and left to finish: every
    character and scene in one undo step."""
    import threading

    from fate_desk.interop import importing

    monkeypatch.setattr(campaign_op, "WAIT_S", 0.0)  # the read is never handed back at once
    library = fari_library(tmp_path, 300)
    real, started, go_on, seen = importing.sheet_to_character, threading.Event(), threading.Event(), []

    def slow_after_ten(sheet, *args, **kwargs):
        seen.append(threading.current_thread() is threading.main_thread())
        if len(seen) == 10:
            started.set()
            assert go_on.wait(30)
        return real(sheet, *args, **kwargs)

    monkeypatch.setattr(importing, "sheet_to_character", slow_after_ten)
    parsed = parses_watched(monkeypatch)
    labels = []

    def cancel_when_counting() -> None:
        progress = window.findChild(QProgressDialog, "importProgress")
        if not started.is_set() or progress is None or not progress.isVisible() or "character" not in progress.labelText():
            QTimer.singleShot(10, cancel_when_counting)
            return
        labels.append(progress.labelText())
        qtbot.mouseClick(progress.findChild(QPushButton), Qt.MouseButton.LeftButton)
        go_on.set()

    QTimer.singleShot(0, cancel_when_counting)
    import_through_menu(window, library)
    assert parsed == [False]  # parsed once, off the window's thread
    assert labels and labels[0].startswith("Reading crew.fari.json: character ") and labels[0].endswith(" of 300…")
    assert not any(seen)  # every sheet read off the window's thread
    assert "cancelled" in window.statusBar().currentMessage()
    assert [c.name for c in load_campaign(window.document.path).characters] == ["Ruth"]
    assert window.document.undo_stack.count() == 0
    monkeypatch.setattr(importing, "sheet_to_character", real)
    seen.clear()
    drop(window, library)
    qtbot.waitUntil(lambda: len(window.document.campaign.characters) == 301, timeout=30000)
    saved = load_campaign(window.document.path)
    assert len(saved.characters) == 301 and len(saved.scenes) == 2
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert [c.name for c in load_campaign(window.document.path).characters] == ["Ruth"]


def test_a_library_of_hundreds_comes_into_every_view_and_one_undo_takes_it_out(qtbot, window, tmp_path):
    """Hundreds of characters at once: the navigator makes its rows again, the dice dock's lists
    take them, the last one's sheet opens and the summary shows, each in a turn of the event
    loop of its own after the save; one undo takes them out of every view and out of the file."""
    window.actions["toggle_dice"].trigger()
    who = window.table.dice_dock.panel.who
    import_through_menu(window, fari_library(tmp_path, 300))
    crew = {f"Crew {n}" for n in range(300)}
    assert window.tabs.current_editor().name_edit.text() == "Crew 299"
    summary = window.findChild(QMessageBox, "importSummary")
    assert summary is not None and summary.isVisible()
    assert crew <= {who.itemText(i).split(" — ")[0] for i in range(who.count())}
    qtbot.waitUntil(lambda: not window.navigator.model.filling)
    assert {name for name, _kind in window.navigator.model.names.values()} >= crew | {"Ruth"}
    assert len(load_campaign(window.document.path).characters) == 301
    summary.close()
    window.actions["undo"].trigger()
    qtbot.waitUntil(lambda: not window.navigator.model.filling)
    assert {name for name, _kind in window.navigator.model.names.values()} & (crew | {"Ruth"}) == {"Ruth"}
    assert [who.itemText(i).split(" — ")[0] for i in range(1, who.count())] == ["Ruth"]
    assert [c.name for c in load_campaign(window.document.path).characters] == ["Ruth"]
    assert window.tabs.current_editor() is None or window.tabs.current_editor().entity_id == "ruth"
    window.actions["redo"].trigger()  # the same characters again, as they were
    assert len(load_campaign(window.document.path).characters) == 301
    qtbot.waitUntil(lambda: not window.navigator.model.filling)
    assert {name for name, _kind in window.navigator.model.names.values()} >= crew


def test_undoing_a_library_import_closes_the_sheets_it_brought_and_keeps_the_others(qtbot, window, tmp_path):
    """One undo takes a library's characters out: the sheets of those open close together (the
    step names each entry it removes, and the tabs are looked over once, after it), the sheet
    open before the import stays and shows. Undone before the import's own sheet came, that
    sheet never shows."""
    window.navigator.select("ruth")
    window.sheets.open_entity("ruth")
    import_through_menu(window, fari_library(tmp_path, 30))
    window.findChild(QMessageBox, "importSummary").close()
    crew = {c.name: c.id for c in window.document.campaign.characters}
    for name in ("Crew 3", "Crew 7"):
        window.navigator.select(crew[name])
        window.sheets.keep_entity(crew[name])
    assert set(window.tabs.open_ids()) == {"ruth", crew["Crew 29"], crew["Crew 3"], crew["Crew 7"]}
    window.tabs.setCurrentIndex(window.tabs.open_ids().index(crew["Crew 3"]))
    window.actions["undo"].trigger()
    assert window.tabs.open_ids() == ["ruth"]
    assert window.tabs.current_editor().entity_id == "ruth" and window.stack.currentWidget() is window.tabs
    assert [c.name for c in load_campaign(window.document.path).characters] == ["Ruth"]

    # Undone while the import's sheet is still being made, out of sight: it never shows.
    window.actions["redo"].trigger()
    window.actions["undo"].trigger()
    answer_file_dialog(fari_library(tmp_path, 30))
    import_action(window).trigger()
    assert window.files.installing  # the sheet and the summary are still to come
    window.actions["undo"].trigger()
    qtbot.waitUntil(lambda: not window.files.installing)  # each step skipped quickly: a millisecond apart
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.tabs.open_ids() == ["ruth"]
    assert not [s for s in window.findChildren(QWidget) if getattr(s, "entity_id", "ruth") != "ruth"]
    assert [c.name for c in load_campaign(window.document.path).characters] == ["Ruth"]


def test_a_scene_open_while_a_library_comes_and_goes_lists_it_redrawn_once_each_time(qtbot, window, tmp_path):
    """A scene's "who is present" list names every entry of the campaign. File ▸ Import of a
    library adds its characters there, Edit ▸ Undo takes them out and Redo brings them back:
    the list is made again once for each step, not once for each character (with 10,000
    entries in the campaign, a thousand redraws of it froze the window)."""
    path = tmp_path / "docks.fatedesk"
    CampaignFile.create(path, Campaign(name="Docks", characters=[Character(id="ruth", name="Ruth")],
                                       scenes=[Scene(id="sc-docks", name="The Docks at Night")])).close()
    assert window.campaigns.open_path(path)
    qtbot.waitUntil(lambda: not window.navigator.model.filling)
    window.navigator.select("sc-docks")
    window.sheets.open_entity("sc-docks")
    scene = window.tabs.current_editor()
    assert scene.entity_id == "sc-docks"
    redrawn = []
    scene.present_list.model().modelReset.connect(lambda: redrawn.append(True))

    def listed() -> set[str]:
        return {scene.present_list.item(i).text() for i in range(scene.present_list.count())}

    crew = {f"Crew {n}" for n in range(30)}
    import_through_menu(window, fari_library(tmp_path, 30))
    window.findChild(QMessageBox, "importSummary").close()
    assert crew | {"Ruth"} <= listed()
    assert len(redrawn) == 1
    window.tabs.setCurrentIndex(window.tabs.open_ids().index("sc-docks"))
    redrawn.clear()
    window.actions["undo"].trigger()
    assert not crew & listed() and "Ruth" in listed()
    assert len(redrawn) == 1
    assert set(window.tabs.open_ids()) == {"ruth", "sc-docks"}  # the imported sheet closed, the others stay
    redrawn.clear()
    window.actions["redo"].trigger()
    assert crew <= listed() and len(redrawn) == 1


def test_a_character_imported_while_the_campaign_list_still_names_its_entries_gets_its_row_once(
        qtbot, tmp_path, monkeypatch):
    """File ▸ Import while a big campaign's list is still naming its entries for sorting (a slice
    a turn): the import does not hurry the naming (the rows come as they would have); undone
    and redone meanwhile, the character ends with one row, in name order, selected."""
    from fate_desk.gui import navigator

    monkeypatch.setattr(navigator, "KEY_AT_ONCE", 10)
    monkeypatch.setattr(navigator, "FILL_SLICE_S", 0.0)  # a chunk of names, or a row, a turn
    path = tmp_path / "harbour.fatedesk"
    crew = [Character(id=f"g{i:03d}", name=f"Guard {i:03d}", kind=CharacterKind.MINOR_NPC) for i in range(600)]
    CampaignFile.create(path, Campaign(name="Harbour", characters=[Character(id="ruth", name="Ruth"), *crew])).close()
    win = started_app_window(qtbot)
    try:
        assert win.campaigns.open_path(path)
        while win.navigator is None:
            QApplication.processEvents()
        model = win.navigator.model
        assert model.filling and not model.index_of("g000").isValid()  # no row yet: still naming
        answer_file_dialog(WREN)
        import_action(win).trigger()
        wren = next(c.id for c in win.document.campaign.characters if c.name == "Wren Halloway")
        assert model.filling and not model.index_of("g000").isValid()  # the naming was not hurried
        win.actions["undo"].trigger()
        win.actions["redo"].trigger()
        monkeypatch.setattr(navigator, "FILL_SLICE_S", 0.008)  # the rest named, and the rows made, as usual
        import_shown(win)
        qtbot.waitUntil(lambda: not model.filling, timeout=20000)
        pcs = model.folder_index("pc")
        assert [pcs.model().index(row, 0, pcs).data() for row in range(model.rowCount(pcs))] == [
            "Ruth", "Wren Halloway"]
        assert pcs.data() == "Player characters (2)"
        assert win.navigator.current_entity() == wren
        win.actions["undo"].trigger()
        assert not model.index_of(wren).isValid() and pcs.data() == "Player characters (1)"
    finally:
        win.close()
