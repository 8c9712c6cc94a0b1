"""Every campaign comes in the same way, whatever its size: its entries are validated a slice at
a time; a big one's first sheet takes keys meanwhile and what is typed is saved as it is typed,
a bad entry found late ends as a refused open, and opening another campaign or closing mid-load
is safe.

The campaigns here are generated with a few hundred entries and the window told to validate one
entry a turn (the app: 200 entries in the turn it opens, then 8 ms of entries a turn)."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest
from gui_helpers import menu_action, pick_recent, started_app_window
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from fate_desk.gui import document as document_module
from fate_desk.gui.gm.scene import ID_ROLE
from fate_desk.gui.loading import Loading
from fate_desk.model import Campaign, Character, CharacterKind, Countdown, Scene
from fate_desk.store import opening as store_opening
from fate_desk.store.backups import list_backups
from fate_desk.store.campaign_file import CampaignFile, CampaignFileError, load_campaign


def one_entry_a_turn(monkeypatch) -> None:
    monkeypatch.setattr(document_module, "FIRST_ENTRIES", 1)
    monkeypatch.setattr(document_module, "LOAD_SLICE_S", 0.0)


@pytest.fixture
def window(qtbot, monkeypatch):
    win = started_app_window(qtbot)  # the sample, whole in the turn it opens
    assert win.opening_steps.state is Loading.OPEN and win.navigator is not None
    one_entry_a_turn(monkeypatch)
    yield win
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QMessageBox):
            widget.close()
    win.close()
    # Deleted now, not whenever a later test's collection happens to reach the window (its
    # campaign's loading steps hold references to it in cycles).
    win.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def big_campaign(path, n: int = 300):
    campaign = Campaign(
        name="Skyships",
        characters=[Character(id=f"c{i:03d}", name=f"Crew {i}",
                              kind=CharacterKind.PC if i % 7 == 3 else CharacterKind.MINOR_NPC) for i in range(n // 2)],
        countdowns=[Countdown(id=f"k{i:03d}", name=f"Fuse {i}") for i in range(n // 4)],
        scenes=[Scene(id=f"s{i:03d}", name=f"Deck {i}") for i in range(n // 4)],
    )
    CampaignFile.create(path, campaign).close()
    return path


def bad_at_the_end(path):
    """The campaign with its very last entry made bad: found only once the rest has loaded."""
    conn = sqlite3.connect(path)
    conn.execute("UPDATE entities SET data = '{\"name\": 5}' WHERE id = 's074'")
    conn.commit()
    conn.close()
    return path


def open_recent(window, path) -> None:
    """File ▸ Open Recent ▸ the campaign, found in the menu bar and triggered."""
    pick_recent(window, path)
    # Checked on a worker first, opened, then taken by the window in a turn of its own.
    turns_until(lambda: window.document is not None and window.document.path == path)


def type_into_sheet(qtbot, window, text: str) -> None:
    field = window.tabs.current_editor().name_edit
    field.setFocus()
    field.end(False)
    qtbot.keyClicks(field, text)


def turns_until(condition, seconds: float = 30) -> int:
    """Turns of the event loop until `condition()` holds (the backup is made on a thread)."""
    give_up = time.monotonic() + seconds
    turns = 0
    while not condition():
        QApplication.processEvents()
        turns += 1
        assert time.monotonic() < give_up, "never happened"
    return turns


def test_a_big_campaign_loads_over_many_turns_and_a_name_typed_meanwhile_is_saved_as_typed(window, qtbot, tmp_path):
    path = big_campaign(tmp_path / "big.fatedesk")
    open_recent(window, path)
    document = window.document
    assert document.path == path and document.loading
    turns_until(lambda: window.tabs.current_editor() is not None)
    sheet = window.tabs.current_editor()
    assert sheet.entity_id == "c003"  # the first player character, shown long before the last entry
    assert document.loading and document.file.rows_left > 250
    sheet.name_edit.setFocus()
    sheet.name_edit.end(False)
    qtbot.keyClicks(sheet.name_edit, " the Bold")
    assert document.loading and sheet.name_edit.text() == "Crew 3 the Bold"
    assert window.statusBar().currentMessage() == "Opening the campaign…"  # the rest is still coming in
    # On disk already, as every edit is: a kill now loses nothing of it.
    assert load_campaign(path).characters[3].name == "Crew 3 the Bold"
    assert not window.actions["end_scene"].isEnabled() and not window.actions["save_copy"].isEnabled()
    problems = []
    document.saveFailed.connect(problems.append)
    document.changedOnDisk.connect(problems.append)
    turns = turns_until(lambda: window.opening_steps.state is Loading.OPEN and not window.navigator.model.filling)
    assert turns > 100  # many turns, each with room for a keystroke
    assert problems == []
    assert load_campaign(path).characters[3].name == "Crew 3 the Bold"
    assert len(document.entities()) == 300 and window.actions["end_scene"].isEnabled()
    assert window.navigator.model.index_of("c003").data() == "Crew 3 the Bold"
    assert window.statusBar().currentMessage() == ""
    assert window.settings.get(opening_state("LAST_CAMPAIGN")) == str(path)
    qtbot.keyClicks(sheet.name_edit, "!")  # and once it is whole, as ever
    assert load_campaign(path).characters[3].name == "Crew 3 the Bold!"


def test_a_small_campaign_is_whole_in_the_turn_it_opens_and_shows_in_turns_as_a_bigger_one_does(
        window, qtbot, tmp_path, monkeypatch):
    """No size makes a campaign open another way: a small one chosen in the window is whole in
    the turn the window takes it, and its first sheet and the rest of the window come in turns
    of their own, as a bigger one's do (built and joined in that one turn, the sample kept the
    window 70-120 ms: bench_gui.py)."""
    monkeypatch.setattr(document_module, "FIRST_ENTRIES", 40)
    small = big_campaign(tmp_path / "small.fatedesk", n=36)
    open_recent(window, small)
    assert not window.document.loading and window.opening_steps.state is not Loading.OPEN
    assert window.tabs.current_editor() is None  # the sheet comes in a turn of its own
    turns = turns_until(lambda: window.opening_steps.state is Loading.OPEN)
    assert turns > 1
    assert window.navigator is not None and window.tabs.current_entity_id() == "c003"
    assert window.stack.currentWidget() is window.tabs and window.tabs.current_editor().isVisible()
    bigger = big_campaign(tmp_path / "bigger.fatedesk", n=48)
    open_recent(window, bigger)
    assert window.document.loading and window.opening_steps.state is not Loading.OPEN
    turns_until(lambda: window.opening_steps.state is Loading.OPEN)
    assert window.tabs.current_entity_id() == "c003" and window.navigator is not None


def test_a_small_campaign_chosen_again_brings_back_its_tabs_the_current_one_built_in_turns(
        window, qtbot, tmp_path, monkeypatch):
    """The tabs open when the campaign was last closed come back with it, whole at once or not:
    the one that was current is built in the turns after the window takes the campaign, then
    shown with the keyboard's focus in it; the others wait to be built until they are shown."""
    monkeypatch.setattr(document_module, "FIRST_ENTRIES", 40)
    small = big_campaign(tmp_path / "small.fatedesk", n=36)
    window.settings.set_open_tabs(str(small), ["c000", "c010", "c011"], "c010")
    open_recent(window, small)
    assert not window.document.loading and window.stack.currentWidget() is not window.tabs  # still "Opening…"
    turns_until(lambda: window.opening_steps.state is Loading.OPEN)
    tabs = window.tabs
    assert tabs.open_ids() == ["c000", "c010", "c011"] and tabs.current_entity_id() == "c010"
    editor = tabs.current_editor()
    assert window.stack.currentWidget() is tabs and editor.isVisible()
    assert editor.name_edit.text() == "Crew 10" and editor.isAncestorOf(QApplication.focusWidget())
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["Crew 0", "Crew 10", "Crew 11"]
    tabs.setCurrentIndex(2)  # shown now, so built now
    assert tabs.current_editor().name_edit.text() == "Crew 11"


def opening_state(name: str):
    from fate_desk.gui.settings import WindowState

    return getattr(WindowState, name)


def test_a_bad_entry_found_late_ends_as_a_refused_open_and_the_campaign_before_comes_back(window, qtbot, tmp_path):
    before = window.document.path
    path = bad_at_the_end(big_campaign(tmp_path / "big.fatedesk"))
    with pytest.raises(CampaignFileError) as refused:
        CampaignFile.open(path, readonly=True)
    rows, backups = _rows(path), list_backups(path)
    open_recent(window, path)
    turns_until(lambda: window.tabs is not None and window.tabs.current_editor() is not None)
    type_into_sheet(qtbot, window, "x")
    turns_until(lambda: window.document is not None and window.document.path == before)
    box = next(w for w in window.findChildren(QMessageBox) if w.isVisible())  # this window's, not another test's
    assert box.windowTitle() == "That campaign could not be opened" and box.text() == str(refused.value)
    # What was typed was saved as it was typed; nothing else was written, and no backup of the
    # bad file pushed a good one out.
    after = _rows(path)
    assert after.pop("c003") != rows.pop("c003") and after == rows
    assert list_backups(path) == backups
    assert window.settings.get(opening_state("LAST_CAMPAIGN")) == str(before)
    turns_until(lambda: window.opening_steps.state is Loading.OPEN)  # one entry a turn, as set here
    assert not window.document.loading and window.navigator is not None
    assert window.table.pool.isEnabled() and window.actions["end_scene"].isEnabled()


def test_a_campaign_chosen_while_the_one_loading_is_refused_late_still_opens(window, qtbot, tmp_path, monkeypatch):
    """The refused campaign's fall-back to the one before is the window's doing, not the user's:
    the campaign the user chose meanwhile (its check held on its worker until then) opens."""
    before = window.document.path
    bad = bad_at_the_end(big_campaign(tmp_path / "big.fatedesk"))
    chosen = big_campaign(tmp_path / "chosen.fatedesk", n=20)
    gate, checked = threading.Event(), store_opening.checked_stamps

    def held(path):
        if Path(path) == chosen:
            gate.wait(30)
        return checked(path)

    monkeypatch.setattr(store_opening, "checked_stamps", held)
    open_recent(window, bad)
    assert window.document.loading
    pick_recent(window, chosen)
    turns_until(lambda: window.document is not None and window.document.path == before)  # refused late
    assert any(box.isVisible() and box.windowTitle() == "That campaign could not be opened"
               for box in window.findChildren(QMessageBox))
    assert window.statusBar().currentMessage() == "Opening the campaign…"  # the chosen one is still coming
    gate.set()
    turns_until(lambda: window.document.path == chosen and window.opening_steps.state is Loading.OPEN)
    assert window.tabs.current_entity_id() == "c003"
    assert window.settings.get(opening_state("LAST_CAMPAIGN")) == str(chosen)


def _rows(path) -> dict:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return dict(conn.execute("SELECT id, data FROM entities"))
    finally:
        conn.close()


def test_opening_another_campaign_mid_load_keeps_what_was_typed(window, qtbot, tmp_path):
    path = big_campaign(tmp_path / "big.fatedesk")
    other = big_campaign(tmp_path / "other.fatedesk", n=20)
    open_recent(window, path)
    turns_until(lambda: window.tabs.current_editor() is not None)
    type_into_sheet(qtbot, window, "!")
    assert window.document.loading
    open_recent(window, other)
    assert window.document.path == other
    assert load_campaign(path).characters[3].name == "Crew 3!"
    for _turn in range(50):
        QApplication.processEvents()  # the closed campaign's steps stop; nothing breaks
    assert window.document.path == other


def test_closing_the_window_mid_load_keeps_what_was_typed(window, qtbot, tmp_path):
    path = big_campaign(tmp_path / "big.fatedesk")
    open_recent(window, path)
    turns_until(lambda: window.tabs.current_editor() is not None)
    type_into_sheet(qtbot, window, "?")
    window.close()
    assert load_campaign(path).characters[3].name == "Crew 3?"
    CampaignFile.open(path).close()  # the lock was let go


def test_closing_the_window_while_a_small_campaign_shows_in_turns_breaks_nothing(window, qtbot, tmp_path, monkeypatch):
    """A campaign whole at once still shows its sheet in the turns after the window takes it: the
    window closed in between lets its file go, and the turns still to come do nothing."""
    monkeypatch.setattr(document_module, "FIRST_ENTRIES", 40)
    small = big_campaign(tmp_path / "small.fatedesk", n=36)
    open_recent(window, small)
    assert window.opening_steps.state is not Loading.OPEN
    window.close()
    for _turn in range(20):
        QApplication.processEvents()  # an exception in any of the turns left fails the test
    CampaignFile.open(small).close()  # the lock was let go


def test_a_character_dropped_mid_load_joins_the_campaign_once_it_is_whole(window, qtbot, tmp_path):
    from gui_helpers import drop

    from fate_desk.store.interchange import write_character_file

    path = big_campaign(tmp_path / "big.fatedesk")
    newcomer = tmp_path / "wren.fate.json"
    write_character_file(newcomer, Character(name="Wren"))
    open_recent(window, path)
    turns_until(lambda: window.tabs.current_editor() is not None)
    type_into_sheet(qtbot, window, "+")
    document = window.document
    assert document.loading
    drop(window, newcomer)  # the rest is validated at once, what was typed saved, then the import
    turns_until(lambda: any(c.name == "Wren" for c in document.campaign.characters))
    assert not document.loading
    saved = load_campaign(path)
    assert len(saved.characters) == 151 and saved.characters[3].name == "Crew 3+"
    assert any(c.name == "Wren" for c in saved.characters)
    turns_until(lambda: window.navigator is not None and not window.navigator.model.filling)
    assert window.navigator.model.index_of(next(c.id for c in saved.characters if c.name == "Wren")).isValid()


@pytest.mark.parametrize("docks", [("Dice roller", "Character history"), ("Character history",), ("Run a conflict",)])
def test_a_big_campaign_opened_with_the_table_docks_showing_joins_them_once_whole(window, qtbot, tmp_path, docks):
    """The dice roller, the character history or the conflict dock shown for the campaign open
    now; then a big one is opened from the menu. The docks let go of the campaign before while
    it loads and take the new one once every entry is in (no error from a campaign deleted
    meanwhile), and the dice roller lists the new campaign's characters."""
    for text in docks:
        menu_action(window, "Table", text).trigger()
    qtbot.wait(50)
    path = big_campaign(tmp_path / "skyships.fatedesk")
    table = window.table
    assert table.pool.points.text() == "3"  # the sample's GM pool
    open_recent(window, path)
    assert window.document.loading
    # Meanwhile nothing shows the campaign before: the pool has no number, the roller no panel.
    assert table.pool.points.text() == "–" and not table.pool.isEnabled()
    if "Dice roller" in docks:
        assert table.dice_dock.document is None and table.dice_dock.panel is None
    qtbot.waitUntil(lambda: not window.document.loading and window.navigator is not None, timeout=30000)
    qtbot.wait(50)
    assert table.pool.points.text() == "0" and table.pool.isEnabled()  # the new campaign's pool
    assert table.document is window.document
    if table.history_dock is not None and table.history_dock.isVisible():
        assert table.history_dock.document is window.document
    if "Dice roller" in docks:
        assert table.dice_dock.isVisible()
        assert table.dice_dock.document is window.document
        assert table.dice_dock.panel is not None and table.dice_dock.panel.document is window.document
    if "Run a conflict" in docks:
        assert window.encounters.document is window.document


def test_a_scene_shown_first_lists_every_character_once_the_campaign_is_whole(window, qtbot, tmp_path):
    # The scene was the tab in front when this campaign was last closed: it is shown while the
    # rest of the entries come in, and its "who is here" list must not stay at those loaded then.
    path = big_campaign(tmp_path / "big.fatedesk")
    window.settings.set_open_tabs(str(path), ["s070"], "s070")
    open_recent(window, path)
    document = window.document
    turns_until(lambda: hasattr(window.tabs.current_editor(), "present_list"))  # built, past its stand-in
    scene = window.tabs.current_editor()
    assert scene.entity_id == "s070" and document.loading

    def crew_listed() -> set[str]:
        items = (scene.present_list.item(row) for row in range(scene.present_list.count()))
        return {item.data(ID_ROLE) for item in items if (item.data(ID_ROLE) or "").startswith("c")}

    assert len(crew_listed()) < 150  # the crew validated so far
    turns_until(lambda: not document.loading and window.navigator is not None)
    assert crew_listed() == {f"c{i:03d}" for i in range(150)}
    assert window.settings.open_tabs(str(path)) == (["s070"], "s070")


def test_a_big_last_campaign_refused_late_at_start_up_gives_way_to_the_sample(qtbot, monkeypatch, tmp_path):
    # As a last campaign refused at once does: the window says why and a copy of the sample
    # opens, with its welcome, rather than a window with no campaign in it.
    from fate_desk.gui.app import start
    from fate_desk.gui.settings import Settings, WindowState

    one_entry_a_turn(monkeypatch)
    path = bad_at_the_end(big_campaign(tmp_path / "big.fatedesk"))
    original = path.read_bytes()
    Settings().set(WindowState.LAST_CAMPAIGN, str(path))
    win = start(QApplication.instance(), None)
    try:
        assert win.document.path == path and win.document.loading
        turns_until(lambda: win.document is not None and win.document.path != path and win.navigator is not None)
        box = next(w for w in win.findChildren(QMessageBox) if w.isVisible())  # this window's, not another test's
        assert box.windowTitle() == "That campaign could not be opened"
        assert win.document.campaign.name == "The Drowned Lantern" and win.welcome.isVisible()
        assert win.settings.get(WindowState.LAST_CAMPAIGN) == str(win.document.path)
        assert path.read_bytes() == original
    finally:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QMessageBox):
                widget.close()
        win.close()
        QApplication.processEvents()  # what the window still had queued runs while it exists
        win.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_the_focus_ring_never_stays_around_a_field_a_loading_campaign_took_away(window, qtbot, tmp_path):
    """The navigator's filter has the focus when a big campaign is opened: the old navigator goes,
    and the focus ring with it, rather than staying drawn around the empty spot (WCAG 2.4.7)."""
    from fate_desk.gui.focus_ring import FocusRing

    window.activateWindow()
    filter_edit = window.navigator.filter_edit
    filter_edit.setFocus()
    turns_until(lambda: QApplication.focusWidget() is filter_edit)
    ring_keeper = QApplication.instance().findChild(FocusRing)
    ring = ring_keeper.ring()
    assert ring is not None and ring.isVisible()
    path = big_campaign(tmp_path / "skyships.fatedesk")
    open_recent(window, path)
    turns_until(lambda: window.document is not None and not window.document.loading)
    for _ in range(3):
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()
    focused = QApplication.focusWidget()
    if ring.isVisible():  # then it rings whatever has the focus now, exactly
        assert focused is not None and focused.isVisible()
        where = focused.mapTo(window, focused.rect().topLeft())
        assert ring.geometry().topLeft() == where - type(where)(3, 3)


def test_while_a_big_campaign_loads_the_conflict_dock_and_players_view_show_none_then_the_new_one(
        window, qtbot, tmp_path):
    """The conflict dock and the players' view are open on the sample's scene; a big campaign is
    opened. Meanwhile neither shows the sample's scene (the dock says the campaign is opening);
    once it is whole both show the new campaign's scene."""
    from fate_desk.gui.conflict.common import scene_now

    menu_action(window, "Table", "Run a conflict").trigger()
    players = window.encounters.open_players_view()
    qtbot.addWidget(players)
    qtbot.wait(50)
    old_scene = scene_now(window.document).name
    panel = window.encounters.conflict
    assert old_scene in panel.header.text() and old_scene in players.title.text()
    panel.start_button.setFocus()  # the GM was about to start a conflict
    scroll = window.encounters.dock.widget().verticalScrollBar()
    assert scroll.value() == 0
    path = big_campaign(tmp_path / "skyships.fatedesk")
    open_recent(window, path)
    assert window.document.loading
    assert old_scene not in panel.header.text() and not window.encounters.dock.isEnabled()
    assert panel.header.text() == "Opening the campaign…"
    assert old_scene not in players.title.text()
    qtbot.waitUntil(lambda: not window.document.loading and window.navigator is not None, timeout=30000)
    qtbot.wait(50)
    new_scene = scene_now(window.document).name
    assert new_scene.startswith("Deck ")
    assert new_scene in panel.header.text() and window.encounters.dock.isEnabled()
    assert scroll.value() == 0  # the panels' tabs and heading still in view, not scrolled away
    assert players.document is window.document and new_scene in players.title.text()


KILLED_APP = r'''
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from PySide6.QtTest import QTest
from fate_desk.gui import document
from fate_desk.gui.app import start

document.FIRST_ENTRIES, document.LOAD_SLICE_S = 1, 0.0  # one entry a turn: typing meets the loading
app = QApplication(sys.argv[:1])
window = start(app, sys.argv[1])
while window.tabs is None or getattr(window.tabs.current_editor(), "name_edit", None) is None:
    app.processEvents()
field = window.tabs.current_editor().name_edit
field.setFocus()
field.end(False)
while True:
    QTest.keyClicks(field, "x")  # the edit is saved before this returns
    print("typed", window.document.loading, flush=True)
    app.processEvents()
'''


def test_what_is_typed_while_a_campaign_loads_survives_the_app_being_killed(tmp_path):
    """The app is killed (SIGKILL) while a campaign loads and the GM types in its first sheet:
    every keystroke the app had taken is in the file when it is opened again."""
    import os
    import random
    import signal
    import subprocess
    import sys

    path = big_campaign(tmp_path / "big.fatedesk")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "FATE_DESK_DATA_DIR": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "PYTHONPATH": os.pathsep.join(sys.path)}
    rng = random.Random(45)
    typed_in_all = 0
    for _kill in range(3):
        child = subprocess.Popen([sys.executable, "-c", KILLED_APP, str(path)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, env=env)
        lines = []
        wanted = rng.randint(3, 40)
        while len(lines) < wanted:
            line = child.stdout.readline()
            assert line, child.stderr.read().decode(errors="replace")[-2000:]
            lines.append(line.decode().split())
        assert all(loading == "True" for _word, loading in lines)  # typed while the entries came in
        child.send_signal(signal.SIGKILL)
        rest = child.stdout.read().decode()
        lines += [line.split() for line in rest.splitlines(keepends=True) if line.endswith("\n")]
        child.wait()
        typed_in_all += len(lines)
        name = load_campaign(path).characters[3].name
        # Each acknowledged keystroke is there; the one under way when the kill came may be too.
        assert name in ("Crew 3" + "x" * typed_in_all, "Crew 3" + "x" * (typed_in_all + 1))
        typed_in_all = len(name) - len("Crew 3")


@pytest.mark.parametrize("size", [20, 300])
def test_after_open_recent_the_keyboard_is_in_the_new_sheet_and_a_space_adds_no_gm_fate_point(window, qtbot, tmp_path, size):
    """The focus was in the sheet of the campaign open before; that sheet goes with it, and Qt
    passed the focus on to the next control in the window, the GM pool's + in the status bar: a
    keyboard user's next Space added a GM fate point to the campaign just opened."""
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    old = window.tabs.current_editor()
    old.name_edit.setFocus()
    qtbot.waitUntil(old.name_edit.hasFocus)
    path = big_campaign(tmp_path / "next.fatedesk", size)
    open_recent(window, path)
    turns_until(lambda: not window.document.loading and window.tabs.current_editor() is not None
                and window.tabs.current_editor().isVisible())
    sheet = window.tabs.current_editor()
    focus = QApplication.focusWidget()
    assert focus is not None and sheet.isAncestorOf(focus)
    before = window.document.campaign.gm_fate_points
    qtbot.keyClick(focus, " ")  # whatever the first control of the sheet does, never the GM pool
    turns_until(lambda: True)
    assert load_campaign(path).gm_fate_points == before


def test_no_entries_are_validated_in_the_turns_that_put_the_first_sheet_in_its_tab_and_show_it(window, tmp_path):
    """File ▸ Open Recent of a big campaign: the turns that put the first sheet in its tab and bring
    it into view hold no slice of the loading (each paused turn waits in line behind the sheet's parts); the
    loading goes on once the sheet is in view."""
    path = big_campaign(tmp_path / "big.fatedesk")
    open_recent(window, path)
    document = window.document
    slices = []
    document.loadStepped.connect(lambda: slices.append(document.file.rows_left))
    parts = []  # per turn: (slices validated in it, tabs open after it, the sheet in view after it)
    while document.loading and not (window.tabs.count() and window.stack.currentWidget() is window.tabs):
        before = len(slices)
        QApplication.processEvents()
        parts.append((len(slices) - before, window.tabs.count(), window.stack.currentWidget() is window.tabs))
    assert document.loading and parts[-1][2]  # the sheet came into view while the campaign loads
    placed = [validated for validated, tabs, _shown in parts if tabs]
    assert placed and not any(placed)  # none in the turns that put it in its tab and showed it
    turns_until(lambda: len(slices) > 3)  # then the loading goes on


def test_a_sheet_brought_back_from_last_time_is_built_in_turns_before_it_comes_into_view(window, tmp_path):
    """File ▸ Open Recent of a big campaign whose sheet was open when it was last closed: that
    sheet is built and filled in out of sight in turns of its own, as the first player
    character's is, not all at once in the turn that puts it in view."""
    from fate_desk.gui.sheet.sheet import CharacterSheet

    path = big_campaign(tmp_path / "big.fatedesk")
    small = big_campaign(tmp_path / "small.fatedesk", n=8)
    open_recent(window, path)
    turns_until(lambda: not window.document.loading and window.navigator is not None)
    window.tabs.open("c010")  # a player character; its tab is remembered with the campaign
    open_recent(window, small)
    turns_until(lambda: not window.document.loading)
    open_recent(window, path)
    document = window.document
    assert document.loading
    out_of_sight = 0  # turns after which c010's sheet was built but not yet in its tab
    while document.loading and not (window.tabs.count() and window.stack.currentWidget() is window.tabs):
        QApplication.processEvents()
        built = [s for s in window.tabs.findChildren(CharacterSheet) if s.entity_id == "c010"]
        out_of_sight += bool(built) and not any(s in window.tabs.editors() for s in built)
    assert window.tabs.current_entity_id() == "c010"
    assert out_of_sight >= 2  # built, then filled in, before the turn that puts it in its tab
