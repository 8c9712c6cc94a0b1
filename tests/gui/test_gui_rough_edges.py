"""Rough edges a person found trying the app as a new user (issue 24), each driven through the
real widgets: menus, buttons, keys."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from fate_desk.model import Campaign
from fate_desk.rules.advancement.milestones import SwapSkills, apply_milestone
from fate_desk.store.campaign_file import CampaignFile, load_campaign

from gui_helpers import started_app_window, wait_opened
from test_gui_one_writer import answer_file_dialog, menu_action


def _own_campaign(folder, name="Storm Coast"):
    path = folder / "own.fatedesk"
    CampaignFile.create(path, Campaign(name=name)).close()
    return path


def test_the_welcome_speaks_of_the_sample_only_while_the_sample_is_open(qtbot, tmp_path):
    window = started_app_window(qtbot)
    window.show()
    assert window.welcome.isVisible() and "sample campaign" in window.welcome.text.text()
    answer_file_dialog(_own_campaign(tmp_path))
    menu_action(window, "File", "Open…").trigger()
    qtbot.waitUntil(lambda: window.document.campaign.name == "Storm Coast")
    assert not window.welcome.isVisible()
    window.close()


def test_revert_last_is_not_offered_on_a_read_only_campaign(qtbot, tmp_path):
    window = started_app_window(qtbot)
    window.show()
    document = window.document
    ruleset = document.ruleset_for()
    document.edit("pc-tobias", lambda c: apply_milestone(c, SwapSkills("Lore", "Academics"), ruleset).character,
                  "Milestone")
    copy = window.files.save_copy(tmp_path / "lantern.fatedesk")
    answer_file_dialog(copy)
    menu_action(window, "File", "Open read-only…").trigger()
    wait_opened(qtbot, window, copy)
    window.sheets.open_entity("pc-tobias")
    window.actions["toggle_history"].trigger()
    QApplication.processEvents()
    history = window.table.history_dock
    assert history.isVisible() and history.entries()  # the milestone is listed
    assert not history.revert_button.isEnabled()
    before = copy.read_bytes()
    qtbot.mouseClick(history.revert_button, Qt.MouseButton.LeftButton)
    assert copy.read_bytes() == before
    assert load_campaign(copy).characters  # still readable, untouched
    window.close()


def _players_view(qtbot, width, height):
    window = started_app_window(qtbot)
    window.show()
    window.actions["players_view"].trigger()
    view = window.encounters.players_window
    view.resize(width, height)
    for _ in range(4):
        QApplication.processEvents()
    return window, view


def test_the_players_view_map_fits_a_small_window_in_type_as_large_as_the_side_panel(qtbot):
    for width, height in ((900, 520), (1280, 800), (1920, 1080)):
        window, view = _players_view(qtbot, width, height)
        zone_map = view.map
        viewport = zone_map.viewport().rect()
        for box in zone_map.boxes.values():
            shown = zone_map.mapFromScene(box.sceneBoundingRect()).boundingRect()
            assert viewport.contains(shown), (width, box.zone.name, shown, viewport)  # nothing clipped
            assert shown.top() < viewport.height() * 0.4  # from the top, not floating in the middle
        side = view.aspects.labels[0]
        scale = zone_map.transform().m11()
        for box in zone_map.boxes.values():
            assert box.body.font().pointSizeF() * scale >= side.font().pointSizeF() - 0.01, width
        window.close()


def _passes_under(path, rect) -> bool:
    return any(rect.contains(path.pointAtPercent(step / 200)) for step in range(201))


def test_the_way_from_walkway_to_pump_house_runs_round_the_lock_chamber_not_under_it(qtbot):
    window = started_app_window(qtbot)
    window.show()
    editor = window.sheets.open_entity("sc-lock")
    zone_map = editor.zone_map
    walkway, chamber, pump = (zone_map.boxes[z] for z in ("z-walk", "z-chamber", "z-pump"))
    line = next(item for item, other in walkway.lines if other is pump)
    assert not _passes_under(line.path(), chamber.sceneBoundingRect().adjusted(2, 2, -2, -2))
    chamber.setPos(chamber.pos().x(), chamber.pos().y() - 60)  # dragged up across the way round
    assert not _passes_under(line.path(), chamber.sceneBoundingRect().adjusted(2, 2, -2, -2))
    window.close()


def test_a_second_launch_with_a_foundry_or_fari_file_imports_its_characters(qtbot, tmp_path):
    """`fate-desk wren.json` while Fate Desk runs: the running app imports the character, as
    File ▸ Import and a drop do (it tried to open it as a campaign: "not an SQLite database")."""
    import subprocess
    import sys
    import uuid
    from pathlib import Path

    from fate_desk.gui.single_instance import SingleInstance

    window = started_app_window(qtbot)
    window.show()
    key = f"fate-desk-test-{uuid.uuid4().hex}"
    primary = SingleInstance(key)
    data = Path(__file__).parents[1] / "data"
    campaign = window.document.path
    try:  # released whatever happens: a listening thread left running aborts the process later
        assert primary.claim()
        primary.deliver_to(window.campaigns.receive_file)  # as the app wires it
        for path, name in ((data / "foundry" / "fco-wren.json", "Wren"),
                           (data / "fari" / "v6-nell.fari.json", "Nell")):
            before = len(window.document.campaign.characters)
            second = subprocess.Popen([sys.executable, "-c",
                                       "import sys; from fate_desk.gui.single_instance import SingleInstance; "
                                       "sys.exit(0 if SingleInstance(sys.argv[1]).hand_over(sys.argv[2]) else 1)",
                                       key, str(path)], cwd=Path(__file__).parents[2])
            qtbot.waitUntil(lambda: second.poll() is not None, timeout=20000)
            assert second.returncode == 0  # the running app answered
            qtbot.waitUntil(lambda: len(window.document.campaign.characters) == before + 1, timeout=5000)
            assert window.document.path == campaign  # still the same campaign, one character more
            assert any(name in c.name for c in window.document.campaign.characters)
    finally:
        primary.release()
        window.close()


def test_a_read_only_campaign_follows_the_app_that_edits_it_and_says_so(qtbot, tmp_path):
    window = started_app_window(qtbot)
    window.show()
    copy = window.files.save_copy(tmp_path / "lantern.fatedesk")
    answer_file_dialog(copy)
    menu_action(window, "File", "Open read-only…").trigger()
    wait_opened(qtbot, window, copy)
    assert window.document.readonly
    sheet = window.sheets.open_entity("pc-maren")
    assert sheet.name_edit.text() == "Maren Voss"

    editor = CampaignFile.open(copy)  # the other app, which has the campaign open for editing
    maren = editor.campaign.character("pc-maren")
    editor.put(maren.model_copy(update={"name": "Maren the Pilot"}))
    editor.close()

    qtbot.waitUntil(lambda: window.document.entity("pc-maren").name == "Maren the Pilot", timeout=5000)
    assert window.document.readonly  # still read-only, read again
    assert window.tabs.current_editor().name_edit.text() == "Maren the Pilot"
    assert "read again" in window.statusBar().currentMessage()
    window.close()


def test_the_skill_list_rating_editor_shows_its_drop_down_arrow_inside_the_list(qtbot):
    from PySide6.QtWidgets import QComboBox

    window = started_app_window(qtbot)
    window.show()
    window.resize(1280, 800)
    sheet = window.sheets.open_entity("pc-maren")
    sheet.skills.tabs.setCurrentIndex(1)  # the List tab
    table = sheet.skills.table
    table.setFocus()
    table.setCurrentIndex(table.model().index(0, 1))
    qtbot.keyClick(table, Qt.Key.Key_F2)  # edit the rating, as a person would
    editor = next(c for c in table.viewport().findChildren(QComboBox) if c.isVisible())
    assert table.viewport().rect().contains(editor.geometry()), (editor.geometry(), table.viewport().rect())
    assert table.columnWidth(1) >= editor.sizeHint().width() - 1  # the column itself has room for it
    window.close()


def test_the_stunt_template_rows_stay_whole_when_the_preview_wraps(qtbot, tmp_path):
    from PySide6.QtWidgets import QLabel, QLineEdit

    from fate_desk.gui.dialogs.stunt_helper import StuntHelperDialog
    from fate_desk.rules import get_ruleset

    from gui_helpers import blank_pc

    character = blank_pc("Ash")
    dialog = StuntHelperDialog(get_ruleset("fate-condensed"), character)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.mouseClick(dialog.rule, Qt.MouseButton.LeftButton)  # the Rule exception template
    qtbot.keyClicks(dialog.name_edit, "Knows Every Lock-Keeper")
    qtbot.keyClicks(dialog.because, "have bribed every lock-keeper on the canal from the sea gate to the mills")
    qtbot.keyClicks(dialog.can, "pass any lock without paying the toll, day or night, in any weather at all")
    qtbot.keyClicks(dialog.only, "once per session, and never while the Syndicate holds the harbour")
    QApplication.processEvents()
    page = dialog.pages.currentWidget()
    rows = [w for w in page.findChildren(QLabel) + page.findChildren(QLineEdit) if w.isVisible()]
    rows += [dialog.rule, dialog.bonus, dialog.preview, dialog.ok]
    for widget in rows:
        assert widget.visibleRegion().boundingRect().size() == widget.size(), widget.objectName()
        assert widget.height() >= widget.minimumSizeHint().height(), widget.objectName()
    assert dialog.preview.height() >= dialog.preview.heightForWidth(dialog.preview.width())


def test_the_breakthrough_raise_buttons_stay_put_after_a_raise(qtbot, tmp_path):
    from PySide6.QtCore import QPoint

    from fate_desk.gui.clock.dialogs import EndSessionDialog

    from table_helpers import sample_document
    from test_gui_table_milestones import core_campaign, open_for

    document = sample_document(tmp_path, core_campaign)
    dialog = EndSessionDialog(document)
    dialog.level_combo.setCurrentIndex(1)  # a significant milestone: a skill point to spend
    sub = open_for(qtbot, dialog, "pc-pilot")
    _label, _rating, minus, plus = sub.raises.rows["Provoke"][:4]
    from PySide6.QtWidgets import QScrollArea

    sub.form.findChild(QScrollArea, "choicesScroll").ensureWidgetVisible(plus)  # where a person sees it
    plus.setFocus()
    QApplication.processEvents()
    where = [button.mapTo(sub, QPoint(0, 0)) for button in (minus, plus)]
    qtbot.mouseClick(plus, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert sub.raises.raises() == ("Provoke",)
    assert [button.mapTo(sub, QPoint(0, 0)) for button in (minus, plus)] == where
    qtbot.mouseClick(minus, Qt.MouseButton.LeftButton)  # the − is where it was: the raise is taken back
    assert sub.raises.raises() == ()
    sub.reject()
    dialog.reject()
    document.close()


def test_the_edit_menu_names_a_long_step_in_whole_words_with_its_quotes_closed(qtbot, tmp_path):
    from fate_desk.rules.advancement.milestones import RewriteAspect

    window = started_app_window(qtbot)
    window.show()
    document = window.document
    ruleset = document.ruleset_for()
    rewrite = RewriteAspect(3, "Sworn to Find Whoever Sank the Lantern Before the Autumn Storms Close the Harbour")
    document.edit("pc-tobias", lambda c: apply_milestone(c, rewrite, ruleset).character, "Milestone")
    window.sheets.open_entity("pc-tobias")
    window.actions["toggle_history"].trigger()
    qtbot.mouseClick(window.table.history_dock.revert_button, Qt.MouseButton.LeftButton)
    undo = next(a for a in window.menus["Edit"].actions() if a.text().startswith("&Undo"))
    text = undo.text().replace("&", "")
    assert text.startswith("Undo Revert “")
    assert text.count("“") == text.count("”")  # every quotation closed
    words = text.rstrip("”").rstrip("…").split()
    whole = set(" ".join(document.undo_stack.undoText().split()).replace("“", " ").replace("”", " ").split())
    assert all(word.strip("“”") in whole for word in words[1:]), text  # no word cut in half
    window.close()


def test_the_open_elsewhere_warning_is_one_sentence_with_a_warning_icon(qtbot, tmp_path):
    from PySide6.QtWidgets import QMessageBox

    from fate_desk.store.lock import CampaignLock

    window = started_app_window(qtbot)
    window.show()
    path = _own_campaign(tmp_path)
    elsewhere = CampaignLock.acquire(path)
    try:
        answer_file_dialog(path)
        menu_action(window, "File", "Open…").trigger()
        qtbot.waitUntil(lambda: window.findChild(QMessageBox, "campaignInUse") is not None)
        box = window.findChild(QMessageBox, "campaignInUse")
        assert box.icon() == QMessageBox.Icon.Warning
        assert box.text().startswith("own.fatedesk is open for editing")
        assert ": is" not in box.text() and box.text().endswith(".")
        box.reject()
    finally:
        elsewhere.release()
        window.close()


def test_a_stunt_bought_at_a_milestone_into_a_free_slot_is_never_said_to_cost_refresh(qtbot):
    from fate_desk.gui.advancement.milestone import MilestonePicker
    from fate_desk.rules import get_ruleset

    from gui_helpers import blank_pc

    character = blank_pc("Ash")  # no stunts yet: three free slots
    picker = MilestonePicker(character, get_ruleset("fate-condensed"))
    qtbot.addWidget(picker)
    radio, note = picker.radios["buy_stunt"], picker.reasons["buy_stunt"]
    assert "costs no refresh" in note.text()
    assert "refresh" not in radio.text()


def test_down_and_enter_in_the_navigator_filter_reach_the_results(qtbot):
    from gui_keys import activate, focused, press, shortcut, type_text

    window = started_app_window(qtbot)
    activate(qtbot, window)
    qtbot.waitUntil(lambda: window.navigator is not None)
    shortcut(window, "Ctrl+F")  # Edit ▸ Find…
    assert focused() is window.navigator.filter_edit
    type_text(qtbot, "tob")
    press(qtbot, Qt.Key.Key_Down)
    assert focused() is window.navigator.results  # the entries that match, in place of the tree
    assert window.navigator.current_entity() == "pc-tobias"
    press(qtbot, Qt.Key.Key_Return)  # Enter on the result opens it
    assert window.tabs.current_entity_id() == "pc-tobias"
    shortcut(window, "Ctrl+F")
    focused().selectAll()
    type_text(qtbot, "hale")
    press(qtbot, Qt.Key.Key_Return)  # Enter straight from the filter opens the first result
    assert window.tabs.current_entity_id() == "npc-hale"
    window.close()


def test_tab_into_the_pyramid_shows_where_the_focus_is_at_once(qtbot):
    from gui_keys import activate, focused, tab

    window = started_app_window(qtbot)
    activate(qtbot, window)
    sheet = window.sheets.open_entity("pc-maren")
    sheet.skills.tabs.tabBar().setFocus(Qt.FocusReason.TabFocusReason)
    tab(qtbot)
    assert focused() is sheet.skills.pyramid
    assert sheet.skills.pyramid.selected == sheet.skills.pyramid.rows[0].names[0]  # the first skill, ringed
    window.close()


def test_the_gm_fate_point_buttons_show_a_focus_ring(qtbot):
    from gui_keys import activate

    window = started_app_window(qtbot)
    activate(qtbot, window)
    pool = window.table.pool
    for button in (pool.minus, pool.plus, pool.reset):
        if not button.isEnabled():
            continue
        window.setFocus()
        QApplication.processEvents()
        plain = button.grab().toImage()
        button.setFocus(Qt.FocusReason.TabFocusReason)
        QApplication.processEvents()
        assert button.hasFocus()
        assert button.grab().toImage() != plain, button.text()  # something shows the focus
    window.close()


def test_quick_npc_reads_parts_typed_with_commas(qtbot, tmp_path):
    window = started_app_window(qtbot)
    window.show()
    window.actions["quick_npc"].trigger()
    dialog = window.quick_npc_dialog
    qtbot.keyClicks(dialog.line_edit, "Lookout, Eyes Like a Hawk, Good Notice, 2 stress")
    qtbot.keyClick(dialog.line_edit, Qt.Key.Key_Return)
    npc = window.document.entity(window.tabs.current_entity_id())
    assert npc.name == "Lookout"  # not the whole line
    assert [a.text for a in npc.aspects] == ["Eyes Like a Hawk"] and npc.skills == {"Notice": 3}
    window.close()
