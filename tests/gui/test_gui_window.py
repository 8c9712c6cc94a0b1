"""The main window: first start, restart memory, navigator, actions, files."""

from __future__ import annotations

from pathlib import Path

import os
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from fate_desk.gui.app import start
from fate_desk.gui.navigator import NavRole
from fate_desk.gui.sheet import CharacterSheet
from fate_desk.model import CharacterKind
from fate_desk.store.campaign_file import load_campaign
from fate_desk.store.interchange import read_character_file


@pytest.fixture
def window(qtbot):
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    yield win
    win.close()


def restart(qtbot, old):
    """Close the window as the user would and start the app again."""
    old.close()
    return window_again(qtbot)


def window_again(qtbot):
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    return win


def test_first_start_opens_the_sample_campaign_with_a_sheet(window, _isolated_user_data):
    assert window.document.path.parent == _isolated_user_data
    assert window.windowTitle() == "The Drowned Lantern — Fate Desk"
    assert isinstance(window.tabs.current_editor(), CharacterSheet)
    pcs = [c for c in window.document.campaign.characters if c.kind == CharacterKind.PC]
    assert len(pcs) == 3


def test_restart_reopens_the_campaign_tabs_and_edits(window, qtbot):
    path = window.document.path
    window.sheets.open_entity("npc-hale")
    window.sheets.open_entity("ob-flood")
    window.sheets.open_entity("pc-tobias")
    sheet = window.tabs.current_editor()
    sheet.name_edit.clear()
    qtbot.keyClicks(sheet.name_edit, "Tobias the Lamplighter")
    window.resize(760, 640)  # inside the offscreen screen (800x800): restoring clamps to it
    opened = window.tabs.open_ids()
    again = restart(qtbot, window)
    try:
        assert again.document.path == path
        assert again.tabs.open_ids() == opened
        assert again.tabs.current_entity_id() == "pc-tobias"
        assert again.document.entity("pc-tobias").name == "Tobias the Lamplighter"
        assert again.tabs.tabText(again.tabs.currentIndex()) == "Tobias the Lamplighter"
        assert (again.width(), again.height()) == (760, 640)
        again.tabs.setCurrentIndex(0)  # restored tabs build their editor when first shown
        assert isinstance(again.tabs.current_editor(), CharacterSheet)
        assert again.tabs.current_editor().name_edit.text() == "Maren Voss"
    finally:
        again.close()


def test_filter_box_shows_only_matching_entries(window, qtbot):
    nav = window.navigator
    qtbot.keyClicks(nav.filter_edit, "mother")
    shown = []

    def walk(parent):
        model = nav.view().model()
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            if index.data(NavRole.ENTITY_ID):
                shown.append(index.data())
            walk(index)

    from PySide6.QtCore import QModelIndex
    walk(QModelIndex())
    assert shown == ["Mother Abigail Sluice"]


def test_add_duplicate_delete_and_undo_from_the_toolbar(window, qtbot):
    document = window.document
    before = len(document.campaign.characters)
    window.actions["add_pc"].trigger()
    added = window.tabs.current_entity_id()
    assert len(document.campaign.characters) == before + 1
    assert window.navigator.current_entity() == added
    window.actions["duplicate"].trigger()
    copy = window.tabs.current_entity_id()
    assert document.entity(copy).name == "New character (copy)"
    window.navigator.select(copy)
    window.actions["delete"].trigger()
    assert document.entity(copy) is None
    assert copy not in window.tabs.open_ids()
    assert len(load_campaign(document.path).characters) == before + 1
    window.actions["undo"].trigger()
    assert document.entity(copy) is not None
    assert len(load_campaign(document.path).characters) == before + 2
    assert window.navigator.model.index_of(copy).isValid()


def test_error_badge_counts_rule_errors(window):
    document = window.document
    model = window.navigator.model
    index = model.index_of("pc-maren")
    assert model.errors(index) == 0
    from fate_desk.rules.creation.edits import set_skill
    document.edit("pc-maren", lambda c: set_skill(c, "Notice", 4), "Raise Notice")
    assert model.errors(model.index_of("pc-maren")) >= 1
    assert "rule error" in model.tooltip(model.index_of("pc-maren"))


def test_problems_panel_follows_the_current_tab(window):
    window.sheets.open_entity("pc-maren")
    assert window.problems.summary.text().startswith("✔")
    window.edits.add_entry("pc")
    assert any("High Concept" in m for m in window.problems.messages())


def test_standard_actions_use_standard_shortcuts(window):
    expected = {
        "undo": QKeySequence.StandardKey.Undo, "redo": QKeySequence.StandardKey.Redo,
        "new_campaign": QKeySequence.StandardKey.New, "open_campaign": QKeySequence.StandardKey.Open,
        "find": QKeySequence.StandardKey.Find, "close_tab": QKeySequence.StandardKey.Close,
    }
    for action_id, key in expected.items():
        assert window.actions[action_id].shortcut() == QKeySequence(key), action_id
    # Quit: the platform's key, or Ctrl+Q where the platform has none (Windows)
    quit_key = QKeySequence(QKeySequence.StandardKey.Quit)
    assert window.actions["quit"].shortcut() == (quit_key if not quit_key.isEmpty() else QKeySequence("Ctrl+Q"))
    file_menu = [a.text().replace("&", "") for a in window.menus["File"].actions() if a.text()]
    assert file_menu[:3] == ["New campaign…", "Open…", "Open Recent"]
    assert {"Save a copy as…", "Import characters…", "Export character…", "Quit"} <= set(file_menu)


def test_export_then_import_a_character(window, tmp_path):
    window.sheets.open_entity("pc-ines")
    target = tmp_path / "ines.fate.json"
    assert window.files.export_character(target)
    assert read_character_file(target).name == "Ines Okafor"
    assert window.files.import_file(target) == []  # she is in the campaign: the user is asked first
    box = next(b for b in window.findChildren(QMessageBox, "importDuplicates") if b.isVisible())
    next(b for b in box.buttons() if b.text() == "Add a copy").click()
    added = [c for c in window.document.campaign.characters if c.name == "Ines Okafor"]
    assert len(added) == 2 and added[1].id != "pc-ines"  # the id was taken, so it got a new one
    assert [c.name for c in load_campaign(window.document.path).characters].count("Ines Okafor") == 2
    window.document.undo_stack.undo()
    assert [c.name for c in window.document.campaign.characters].count("Ines Okafor") == 1


def test_import_of_a_broken_file_changes_nothing(window, tmp_path):
    bad = tmp_path / "bad.fate.json"
    bad.write_text("{not json", encoding="utf-8")
    before = len(window.document.campaign.characters)
    assert window.files.import_file(bad) == []
    assert len(window.document.campaign.characters) == before
    assert "bad.fate.json" in window.statusBar().currentMessage()


def test_save_a_copy_as_campaign_file_and_bundle(window, tmp_path):
    copy = window.files.save_copy(tmp_path / "copy")
    assert copy == tmp_path / "copy.fatedesk"
    assert load_campaign(copy).name == "The Drowned Lantern"
    bundle = window.files.save_copy(tmp_path / "share.fate-campaign.json")
    assert window.campaigns.open_path(bundle)
    assert window.document.path == tmp_path / "share.fatedesk"
    assert len(window.document.campaign.characters) == 8


def test_opening_a_damaged_file_keeps_the_current_campaign(window, tmp_path):
    current = window.document.path
    damaged = tmp_path / "damaged.fatedesk"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    original = damaged.read_bytes()
    assert not window.campaigns.open_path(damaged)
    assert window.document.path == current
    assert damaged.read_bytes() == original


def test_new_campaign_uses_the_chosen_rule_set(window, tmp_path):
    from fate_desk.gui.dialogs.new_campaign import NewCampaignDialog
    from fate_desk.model import ConditionsMode

    dialog = NewCampaignDialog(window.catalog, tmp_path, window)
    dialog.name_edit.setText("Skyships")
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("fate-core"))
    dialog.conditions.setCurrentIndex(dialog.conditions.findData(ConditionsMode.PLAIN))
    assert dialog.path() == tmp_path / "Skyships.fatedesk"
    assert window.files.create(dialog.campaign(), dialog.path())
    assert window.windowTitle() == "Skyships — Fate Desk"
    saved = load_campaign(tmp_path / "Skyships.fatedesk")
    assert saved.ruleset == "fate-core" and saved.options.conditions == ConditionsMode.PLAIN
    window.actions["add_pc"].trigger()
    assert window.tabs.current_editor().ruleset.id == "fate-core"
    # an existing file is never overwritten: the next suggestion is a free name, a taken one is refused
    again = NewCampaignDialog(window.catalog, tmp_path, window)
    again.name_edit.setText("Skyships")
    assert again.path() == tmp_path / "Skyships 2.fatedesk"
    again.file_edit.setText(str(tmp_path / "Skyships.fatedesk"))
    assert not again.buttons.button(again.buttons.StandardButton.Ok).isEnabled()
    again.accept()
    assert again.result() == 0


def test_smoke_start_exits_cleanly_and_reports_the_time(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FATE_DESK_DATA_DIR=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "fate_desk", "--smoke"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "started in" in done.stderr and "sheet shown" in done.stderr
    assert "reportlab" not in done.stderr
    missing = subprocess.run([sys.executable, "-m", "fate_desk", "--smoke", str(tmp_path / "nope.fatedesk")],
                             env=env, capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2
    assert "no such file" in missing.stderr and "Traceback" not in missing.stderr


def test_start_up_does_not_import_reportlab(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FATE_DESK_DATA_DIR=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path))
    code = ("import sys; from fate_desk.gui.app import run_app; run_app(None, smoke=True); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'fate_desk') "
            "and (m.startswith('reportlab') or m.startswith('fate_desk.printing'))))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in ("[]", "['fate_desk.printing']")


def test_a_bundle_in_a_read_only_folder_opens_as_a_campaign_in_the_users_folder(
    tmp_path, _isolated_user_data, monkeypatch
):
    from fate_desk.gui import opening
    from fate_desk.model import Campaign
    from fate_desk.store.bundle import write_bundle
    from fate_desk.store.campaign_file import CampaignFile, CampaignFileError

    shelf = tmp_path / "shelf"
    shelf.mkdir()
    bundle = shelf / "Heist.fate-campaign.json"
    write_bundle(bundle, Campaign(name="Heist"))
    before = bundle.read_bytes()
    real_create = CampaignFile.create

    def create(path, campaign, **kwargs):  # the shelf is read-only (root would ignore chmod)
        if Path(path).parent == shelf:
            raise CampaignFileError(str(path), "could not be written (Permission denied)")
        return real_create(path, campaign, **kwargs)

    monkeypatch.setattr(CampaignFile, "create", staticmethod(create))
    handle, note = opening.open_campaign(bundle)
    assert handle.path.parent == _isolated_user_data
    assert handle.campaign.name == "Heist" and str(handle.path) in note
    assert bundle.read_bytes() == before and sorted(p.name for p in shelf.iterdir()) == [bundle.name]
    handle.close()
