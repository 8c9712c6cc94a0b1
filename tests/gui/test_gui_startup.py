"""The app shows its window first and opens the campaign just after; the sheet then takes typing."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from PySide6.QtWidgets import QApplication

from fate_desk.gui.app import start
from fate_desk.gui.sheet import CharacterSheet
from fate_desk.store.campaign_file import load_campaign


def _run_fresh(code: str, tmp_path):
    """Runs `code` in a fresh process with its own user folders (nothing imported beforehand)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FATE_DESK_DATA_DIR=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done


def test_the_window_shows_before_the_campaign_opens_and_then_the_sheet_takes_typing(qtbot, _isolated_user_data):
    window = start(QApplication.instance(), None, paint_first=True)
    qtbot.addWidget(window)
    try:
        assert window.isVisible()
        assert window.document is None and window.opening
        assert "Opening" in window.empty.text()
        qtbot.waitUntil(lambda: window.document is not None and not window.opening, timeout=10000)
        sheet = window.tabs.current_editor()
        assert isinstance(sheet, CharacterSheet)
        assert "Opening" not in window.empty.text()
        before = sheet.name_edit.text()
        sheet.name_edit.setFocus()
        sheet.name_edit.selectAll()
        qtbot.keyClicks(sheet.name_edit, "Quick Study")
        assert load_campaign(window.document.path).character(sheet.entity_id).name == "Quick Study"
        qtbot.waitUntil(lambda: window.navigator is not None, timeout=10000)  # it fills in after the sheet
        assert window.navigator.current_entity() == sheet.entity_id
        # The rolling backup, made on a thread while the sheet showed, holds the file as opened.
        from fate_desk.store.backups import list_backups

        newest = list_backups(window.document.path)[0]
        assert load_campaign(newest).character(sheet.entity_id).name == before != "Quick Study"
    finally:
        window.close()


def test_the_first_sheet_paints_before_the_navigator_is_built(qtbot, _isolated_user_data):
    """At start-up the navigator waits for the window to paint the first sheet and for a turn of
    its own: a key typed as the sheet shows is not held up by it. Then it fills in, with the
    sheet's entry selected, and Tab still reaches it."""
    from PySide6.QtCore import QEvent, QObject, Qt

    navigator_at_sheet_paint = []  # the navigator as the window painted, once a campaign was open

    class Paints(QObject):
        def eventFilter(self, watched, event):
            if watched is window and event.type() == QEvent.Type.Paint and window.document is not None:
                navigator_at_sheet_paint.append(window.navigator)
            return False

    window = start(QApplication.instance(), None, paint_first=True)
    qtbot.addWidget(window)
    watch = Paints()
    window.installEventFilter(watch)
    try:
        qtbot.waitUntil(lambda: window.document is not None and not window.opening, timeout=10000)
        qtbot.waitUntil(lambda: bool(navigator_at_sheet_paint), timeout=10000)
        assert navigator_at_sheet_paint[0] is None  # the sheet painted first, without it
        sheet = window.tabs.current_editor()
        assert isinstance(sheet, CharacterSheet)
        qtbot.waitUntil(lambda: window.navigator is not None, timeout=10000)
        assert window.navigator.current_entity() == sheet.entity_id
        window.navigator.tree.setFocus()
        assert window.navigator.tree.hasFocus()
        qtbot.keyClick(window.navigator.tree, Qt.Key.Key_Tab)
        assert not window.navigator.tree.hasFocus()  # Tab goes on from it, as it did
    finally:
        window.removeEventFilter(watch)
        window.close()


def test_the_first_sheet_is_laid_out_once_at_the_size_it_shows_at(qtbot, _isolated_user_data):
    """On a first start the toolbar, docks, status bar and welcome take their room before the
    sample's sheet is built: its tabs come in at the size they show at, and nothing resizes them
    once the campaign is open (the sheet was laid out at the bare frame's size, then again four
    times over the next turns, before it could take a key)."""
    from PySide6.QtCore import QEvent, QObject

    from fate_desk.gui.editors import EditorTabs

    window = start(QApplication.instance(), None, paint_first=True)
    qtbot.addWidget(window)
    resized_once_open = []

    class Watch(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.ChildAdded and isinstance(event.child(), EditorTabs):
                event.child().installEventFilter(self)  # the campaign's tabs, as they are made
            elif event.type() == QEvent.Type.Resize and isinstance(watched, EditorTabs) and not window.opening:
                resized_once_open.append((event.oldSize(), event.size()))
            return False

    watch = Watch()
    window.stack.installEventFilter(watch)
    try:
        qtbot.waitUntil(lambda: window.document is not None and not window.opening, timeout=10000)
        sheet = window.tabs.current_editor()
        assert isinstance(sheet, CharacterSheet) and window.welcome.isVisible()
        qtbot.waitUntil(lambda: window.navigator is not None, timeout=10000)  # after the sheet's paint
        assert resized_once_open == []
        assert window.tabs.geometry() == window.stack.contentsRect()
        assert sheet.isVisible() and sheet.size() == window.tabs.currentWidget().size()
    finally:
        window.stack.removeEventFilter(watch)
        window.close()


def test_a_campaign_named_on_the_command_line_opens_after_the_first_paint(qtbot, tmp_path):
    from fate_desk.gui.opening import create_sample_campaign

    path = create_sample_campaign(tmp_path)
    window = start(QApplication.instance(), str(path), paint_first=True)
    qtbot.addWidget(window)
    try:
        qtbot.waitUntil(lambda: window.document is not None, timeout=10000)
        assert window.document.path == path
        assert isinstance(window.tabs.current_editor(), CharacterSheet)
    finally:
        window.close()


def _once_open(body: str, before: str = "") -> str:
    """A script for _run_fresh: the app started as it starts (painted first), `before` run just
    after, and `body` (which may use `window`, `app`, `menus` and `sys`) once the campaign is
    open; then the window closes."""
    indented = "".join(f"    {line}\n" if line.strip() else "\n" for line in textwrap.dedent(body).splitlines())
    return (
        "import sys\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from fate_desk.gui.app import start\n"
        "app = QApplication([])\n"
        "window = start(app, None, paint_first=True)\n"
        + textwrap.dedent(before) +
        "def when_open():\n"
        "    if window.document is None or window.opening:\n"
        "        QTimer.singleShot(10, when_open)\n"
        "        return\n"
        "    menus = {a.text().replace('&', ''): a for m in window.menuBar().actions() for a in m.menu().actions()}\n"
        + indented +
        "    window.close()\n"
        "    app.quit()\n"
        "QTimer.singleShot(0, when_open)\n"
        "app.exec()\n"
    )


def test_pieces_left_out_of_start_up_load_and_work_from_their_menu_items(tmp_path):
    """Quick NPC, End the scene and the stunt helper are not imported at start; Quick NPC and
    End the scene still load and run from their menu items (in a fresh process, so nothing
    else imported them first)."""
    code = r'''
import sys
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from fate_desk.gui.app import start
app = QApplication([])
window = start(app, None)
lazy = ["fate_desk.gui.gm.quick_npc", "fate_desk.gui.clock.dialogs", "fate_desk.gui.dialogs.stunt_helper"]
print("loaded at start:", [m for m in lazy if m in sys.modules])
menus = {a.text().replace("&", ""): a for m in window.menuBar().actions() for a in m.menu().actions()}
menus["Quick NPC…"].trigger()
dialog = window.quick_npc_dialog
dialog.line_edit.setText("Gutter Rat; Quick to Bite; 1 stress")
dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
print("added:", any(c.name == "Gutter Rat" for c in window.document.campaign.characters))
menus["End the scene…"].trigger()
before = window.document.campaign.clock.scene
window.table.dialog.ok.click()
print("scene moved on:", window.document.campaign.clock.scene == before + 1)
window.close()
'''
    done = _run_fresh(code, tmp_path)
    assert "loaded at start: []" in done.stdout
    assert "added: True" in done.stdout
    assert "scene moved on: True" in done.stdout


def _started(qtbot):
    """The app as it starts: painted first, then the campaign opened (waited for)."""
    window = start(QApplication.instance(), None, paint_first=True)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.document is not None and not window.opening, timeout=10000)
    return window


def test_the_dice_roller_shown_last_time_comes_back_after_the_window_paints(qtbot):
    app = QApplication.instance()
    window = _started(qtbot)
    toggle = next(a for m in window.menuBar().actions() for a in m.menu().actions()
                  if a.text().replace("&", "") == "Dice roller")
    toggle.trigger()
    assert window.table.dice_dock.isVisible() and toggle.isChecked()
    window.close()
    again = start(app, None, paint_first=True)
    qtbot.addWidget(again)
    try:
        qtbot.waitUntil(lambda: again.document is not None, timeout=10000)
        qtbot.waitUntil(lambda: again.table.dice_dock is not None and again.table.dice_dock.isVisible(), timeout=5000)
        assert again.actions["toggle_dice"].isChecked()
        assert not again.table.history_dock.isVisible()
    finally:
        again.close()


def test_the_first_frame_is_the_window_alone_and_its_menus_and_docks_come_just_after(tmp_path):
    """The window first paints as its frame and its "Opening the campaign…" line, before the
    desks, menus, toolbar and docks (and what they import) are built; they are there once the
    campaign opens, and work from the menus (in a fresh process, so nothing imported them first)."""
    code = _once_open(before='''
        from PySide6.QtCore import QEvent, QObject
        from PySide6.QtWidgets import QDockWidget, QMenu, QToolBar
        class FirstPaint(QObject):
            seen = None
            def eventFilter(self, watched, event):
                if FirstPaint.seen is None and watched is window and event.type() == QEvent.Type.Paint:
                    desks = ["fate_desk.gui.actions", "fate_desk.gui.campaign_desk", "fate_desk.gui.focus_ring"]
                    FirstPaint.seen = ([m for m in desks if m in sys.modules], window.built,
                                       len(window.findChildren(QMenu)) + len(window.findChildren(QDockWidget))
                                       + len(window.findChildren(QToolBar)), window.empty.text())
                return False
        watch = FirstPaint()
        window.installEventFilter(watch)
    ''', body='''
        print("at the first paint:", FirstPaint.seen)
        print("menus:", [m.text().replace("&", "") for m in window.menuBar().actions()])
        app.processEvents()  # what a shown window gains is shown by a queued call (Qt's way), handled here
        print("docks and toolbar:", window.navigator_dock in window.findChildren(QDockWidget), window.toolbar.isVisible())
        menus["Dice roller"].trigger()
        print("dice roller shown:", window.table.dice_dock.isVisible())
    ''')
    done = _run_fresh(code, tmp_path)
    assert "at the first paint: ([], False, 0, 'Opening the campaign…')" in done.stdout
    assert "menus: ['File', 'Edit', 'View', 'Table', 'Help']" in done.stdout
    assert "docks and toolbar: True True" in done.stdout
    assert "dice roller shown: True" in done.stdout


def test_the_conflict_dock_is_built_after_the_first_paint_and_runs_from_its_menu_item(tmp_path):
    """The window paints without the conflict, contest and challenge panels or their rules; once
    the campaign is open, Table > Run a conflict shows the dock and its Start button works (in a
    fresh process, so nothing else imported them first)."""
    code = _once_open(before='''
        lazy = ["fate_desk.gui.conflict.conflict_panel", "fate_desk.rules.encounters.challenge",
                "fate_desk.rules.encounters.conflict", "fate_desk.model.campaign", "pydantic"]
        print("loaded before the campaign:", [m for m in lazy if m in sys.modules])
    ''', body='''
        window.sheets.open_entity("sc-lock")
        menus["Run a conflict"].trigger()
        desk = window.encounters
        print("dock shown:", desk.dock.isVisible(), desk.tabs.currentWidget() is desk.conflict)
        desk.conflict.start_button.click()
        print("start dialog:", desk.conflict.dialog is not None)
        desk.conflict.dialog.reject()
        menus["Players' view"].trigger()
        print("players' view:", desk.players_window.isVisible())
    ''')
    done = _run_fresh(code, tmp_path)
    assert "loaded before the campaign: []" in done.stdout
    assert "dock shown: True True" in done.stdout
    assert "start dialog: True" in done.stdout
    assert "players' view: True" in done.stdout


def test_the_conflict_dock_shown_last_time_comes_back_after_the_window_paints(qtbot):
    app = QApplication.instance()
    window = _started(qtbot)
    window.actions["conflict_panel"].trigger()
    assert window.encounters.dock.isVisible()
    window.close()
    again = start(app, None, paint_first=True)
    qtbot.addWidget(again)
    try:
        qtbot.waitUntil(lambda: again.document is not None, timeout=10000)  # the desks come after the paint
        qtbot.waitUntil(lambda: again.encounters.dock is not None and again.encounters.dock.isVisible(), timeout=10000)
        assert again.encounters.conflict.document is again.document
    finally:
        again.close()


def test_start_up_holds_the_cycle_collector_and_turns_it_back_on_once_the_campaign_is_open(tmp_path):
    """Loading makes many objects that live for the session; the collector waits meanwhile and
    then skips them (frozen). It must be running again once the app has started, or cycles
    made later would never be freed (fresh process, as the app starts). The app collects on
    its GUI thread (see test_gui_collecting), so Python's own collector stays off."""
    code = r'''
import gc
from fate_desk import collector
from fate_desk.gui import app as app_module, smoke
open_first = app_module._open_first_campaign
def opening(*args, **kwargs):
    print("collector while opening:", collector.collecting())
    return open_first(*args, **kwargs)
app_module._open_first_campaign = opening
finish = smoke.SmokeRun._finish
def finished(self):
    if self.window.navigator is not None:
        print("collector once open:", collector.collecting(), gc.get_freeze_count() > 1000)
    finish(self)
smoke.SmokeRun._finish = finished
raise SystemExit(app_module.run_app(None, smoke=True))
'''
    done = _run_fresh(code, tmp_path)
    assert "collector while opening: False" in done.stdout
    assert "collector once open: True True" in done.stdout


def test_opening_another_campaign_hands_what_start_up_set_aside_back_to_the_collector(qtbot, tmp_path):
    import gc

    from fate_desk.gui.opening import create_sample_campaign

    window = _started(qtbot)
    other = create_sample_campaign(tmp_path)
    gc.freeze()  # as start-up leaves it
    try:
        assert window.campaigns.open_path(other)
        assert gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
        window.close()


def test_the_sample_opens_reading_only_its_rule_set_and_file_new_campaign_still_offers_them_all(tmp_path):
    """Opening a campaign of shipped rule sets reads their own files, not every rule set and
    game pack; File > New campaign… then lists every rule set, the packs' too (a fresh process,
    so nothing read the catalog before)."""
    code = _once_open(body='''
        from PySide6.QtWidgets import QComboBox, QDialog
        from fate_desk.rules.creation import loader
        print("sheet:", type(window.tabs.current_editor()).__name__)
        print("whole catalog read:", loader.default_catalog.cache_info().currsize == 1)
        def look():
            dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible())
            combo = dialog.findChild(QComboBox)
            print("offered:", sorted(combo.itemData(i) for i in range(combo.count())))
            dialog.reject()
        QTimer.singleShot(50, look)
        menus["New campaign…"].trigger()
        print("whole catalog read after:", loader.default_catalog.cache_info().currsize == 1)
    ''')
    done = _run_fresh(code, tmp_path)
    assert "sheet: CharacterSheet" in done.stdout
    assert "whole catalog read: False" in done.stdout
    assert "whole catalog read after: True" in done.stdout
    from fate_desk.rules import default_catalog

    offered = next(line for line in done.stdout.splitlines() if line.startswith("offered:"))
    for ruleset_id in default_catalog().rulesets:
        assert repr(ruleset_id) in offered


def test_the_first_sheet_leaves_the_clock_and_conflict_rules_for_later_and_they_load_when_used(tmp_path):
    """The sample's first sheet and the GM's pool show without the clock's rules (ending scenes,
    milestones), the fate-point ledger or the conflict rules; the sheet's + beside the fate
    points and the play bar still work, loading them when pressed (a fresh process)."""
    code = _once_open(body='''
        later = ["fate_desk.rules.clock.timeline", "fate_desk.rules.advancement.milestones",
                 "fate_desk.rules.play.fate_points", "fate_desk.rules.encounters.conflict"]
        sheet = window.tabs.current_editor()
        print("pool shows:", window.table.pool.points.text())
        print("loaded with the first sheet:", [m for m in later if m in sys.modules])
        before = window.document.entity(sheet.entity_id).fate_points
        sheet.fate_plus.click()
        print("fate point gained:", window.document.entity(sheet.entity_id).fate_points == before + 1)
        print("loaded after the press:", "fate_desk.rules.play.fate_points" in sys.modules)
    ''')
    done = _run_fresh(code, tmp_path)
    assert "loaded with the first sheet: []" in done.stdout
    assert "pool shows: " in done.stdout and "pool shows: –" not in done.stdout
    assert "fate point gained: True" in done.stdout
    assert "loaded after the press: True" in done.stdout
