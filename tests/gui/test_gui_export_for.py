"""File ▸ Export for… through the menu and the dialog's buttons, and dropping a file on the
window to import it, as a user does them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from fate_desk.gui.dialogs.export_for import ExportForDialog
from fate_desk.gui.mainwindow import MainWindow
from fate_desk.gui.settings import Settings
from fate_desk.interop.importing import import_characters

from builders import legal_pc
from fco_model import problems
from gui_helpers import drop, import_through_menu, menu_action, new_document

WREN = Path(__file__).parents[1] / "data" / "foundry" / "fco-wren.json"


@pytest.fixture
def window(qtbot, tmp_path):
    window = MainWindow(Settings())
    qtbot.addWidget(window)
    ruth = legal_pc()
    ruth.id = "pc-ruth"
    window.set_document(new_document(tmp_path, ruth, legal_pc(name="Cassandra")))
    window.sheets.open_entity("pc-ruth")
    window.show()
    yield window
    window.close()


def open_dialog(window) -> ExportForDialog:
    action = menu_action(window, "File", "Export for…")
    assert action.isEnabled()
    action.trigger()
    dialog = window.findChild(ExportForDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def choose(combo, text: str) -> None:
    index = combo.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert index >= 0, f"{text!r} is not offered"
    combo.setCurrentIndex(index)


def type_path(qtbot, dialog, path: Path) -> None:
    dialog.file_edit.clear()
    qtbot.keyClicks(dialog.file_edit, str(path))


def press(qtbot, dialog, which) -> None:
    qtbot.mouseClick(dialog.buttons.button(which), Qt.MouseButton.LeftButton)


def test_export_for_foundry_writes_the_open_character_as_an_fco_actor(qtbot, window, tmp_path):
    dialog = open_dialog(window)
    assert dialog.scope_combo.currentText() == "This character: Ruth"
    choose(dialog.target_combo, "Foundry VTT")
    target = tmp_path / "ruth-for-foundry.json"
    type_path(qtbot, dialog, target)
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert not dialog.isVisible()
    actor = json.loads(target.read_text(encoding="utf-8"))
    assert problems(actor) == [] and actor["name"] == "Ruth"
    assert "Exported 1 file: ruth-for-foundry.json" in window.statusBar().currentMessage()


def test_export_for_fari_can_write_every_character_into_a_folder(qtbot, window, tmp_path):
    dialog = open_dialog(window)
    choose(dialog.target_combo, "Fari")
    choose(dialog.scope_combo, "Every character")
    folder = tmp_path / "for-fari"
    type_path(qtbot, dialog, folder)
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    names = sorted(import_characters(p).characters[0].name for p in folder.glob("*.fari.json"))
    assert names == ["Cassandra", "Ruth"]


def test_a_file_that_exists_is_not_replaced_and_the_dialog_says_so(qtbot, window, tmp_path):
    target = tmp_path / "ruth.fari.json"
    target.write_text("mine", encoding="utf-8")
    dialog = open_dialog(window)
    choose(dialog.target_combo, "Fari")
    type_path(qtbot, dialog, target)
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert dialog.isVisible() and "already exists" in dialog.error.text()
    assert target.read_text(encoding="utf-8") == "mine"
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)
    assert not dialog.isVisible() and target.read_text(encoding="utf-8") == "mine"


def test_the_suggested_name_follows_the_target_until_the_user_types_one(qtbot, window, tmp_path):
    dialog = open_dialog(window)
    choose(dialog.target_combo, "Fari")
    assert dialog.file_edit.text().endswith("Ruth.fari.json")
    choose(dialog.target_combo, "Foundry VTT")
    assert dialog.file_edit.text().endswith("Ruth.json")
    type_path(qtbot, dialog, tmp_path / "mine.json")
    choose(dialog.target_combo, "Fari")
    assert dialog.file_edit.text() == str(tmp_path / "mine.json")


def test_dropping_a_foundry_actor_on_the_window_imports_it_and_shows_what_went_where(qtbot, window):
    event = drop(window, WREN)
    assert event.isAccepted()
    names = [c.name for c in window.document.campaign.characters]
    assert "Wren Halloway" in names
    summary = window.findChild(QMessageBox, "importSummary")
    assert summary is not None and summary.isVisible()
    assert "4 aspects, 10 skills, 4 stunts" in summary.text() and "kept in the notes" in summary.text()
    window.document.undo_stack.undo()  # one undo step takes the whole import back
    assert "Wren Halloway" not in [c.name for c in window.document.campaign.characters]


def test_dropping_a_foreign_file_imports_nothing_and_says_why(qtbot, window, tmp_path):
    foreign = tmp_path / "sheet.json"
    foreign.write_text(json.dumps({"type": "character", "system": {}, "_stats": {"systemId": "dnd5e"}}))
    before = len(window.document.campaign.characters)
    drop(window, foreign)
    assert len(window.document.campaign.characters) == before
    assert "does not read" in window.statusBar().currentMessage()


# --- issue 26: FateX through Export for…, a whole Fari library through File ▸ Import and a drop ---

LIBRARY = Path(__file__).parents[1] / "data" / "fari" / "library.fari.json"


def test_export_for_fatex_writes_an_actor_fatex_takes_and_shows_what_went_where(qtbot, window, tmp_path):
    from fate_desk.model import CharacterKind

    from fatex_model import problems as fatex_problems

    assert window.document.edit("pc-ruth", lambda c: c.model_copy(
        update={"kind": CharacterKind.MAJOR_NPC, "notes": "Knows <every> & dock"}), "Make Ruth an NPC")
    dialog = open_dialog(window)
    choose(dialog.target_combo, "Foundry VTT (FateX)")
    assert "FateX" in dialog.hint.text()
    target = tmp_path / "ruth-fatex.json"
    type_path(qtbot, dialog, target)
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert not dialog.isVisible()
    actor = json.loads(target.read_text(encoding="utf-8"))
    assert fatex_problems(actor) == [] and actor["name"] == "Ruth"
    again = import_characters(target).characters[0]
    assert (again.id, again.kind, again.notes) == ("pc-ruth", CharacterKind.MAJOR_NPC, "Knows <every> & dock")
    assert "Exported 1 file: ruth-fatex.json" in window.statusBar().currentMessage()
    summary = window.findChild(QMessageBox, "exportSummary")
    assert summary is not None and summary.isVisible()
    assert "FateX has one kind of actor" in summary.text() and "extra named \"Notes\"" in summary.text()


def test_export_for_fatex_writes_its_captions_in_the_language_picked_in_the_dialog(qtbot, window, tmp_path):
    """Issue 43: FateX shows `system.label` as written; the dialog offers the table's language
    (the interface's by default) only for FateX, whose captions the file carries."""
    dialog = open_dialog(window)
    choose(dialog.target_combo, "Fari")
    assert not dialog.labels_combo.isVisible()
    choose(dialog.target_combo, "Foundry VTT (FateX)")
    assert dialog.labels_combo.isVisible() and dialog.labels_combo.currentText() == "English"
    dialog.labels_combo.setFocus()
    choose(dialog.labels_combo, "Deutsch")
    target = tmp_path / "ruth-de.json"
    type_path(qtbot, dialog, target)
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert not dialog.isVisible()
    actor = json.loads(target.read_text(encoding="utf-8"))
    labels = [i["system"]["label"] for i in actor["items"] if i["type"] == "aspect"]
    assert labels[:2] == ["Konzept", "Dilemma"]
    assert window.document.campaign.characters[0].name == "Ruth"  # nothing in the campaign changed


def test_export_for_foundry_of_a_refresh_4_pc_says_the_override_is_on(qtbot, window, tmp_path):
    assert window.document.edit("pc-ruth", lambda c: c.model_copy(update={"refresh": 4}), "Major milestone")
    dialog = open_dialog(window)
    choose(dialog.target_combo, "Foundry VTT (Fate Core")
    type_path(qtbot, dialog, tmp_path / "ruth.json")
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    actor = json.loads((tmp_path / "ruth.json").read_text(encoding="utf-8"))
    assert actor["system"]["override"] == {"active": True, "refresh": 4, "skillPoints": 0}
    summary = window.findChild(QMessageBox, "exportSummary")
    assert summary is not None and summary.isVisible() and "refresh override (switched on)" in summary.text()


def test_file_import_of_a_fari_library_adds_characters_and_scenes_in_one_undo_step(qtbot, window):
    before = (len(window.document.campaign.characters), len(window.document.campaign.scenes))
    import_through_menu(window, LIBRARY)
    qtbot.waitUntil(lambda: len(window.document.campaign.scenes) == before[1] + 2)
    campaign = window.document.campaign
    assert [c.name for c in campaign.characters][before[0]:] == ["Nell Ashdown", "Bram Holloway", "Dara Quill"]
    summary = window.findChild(QMessageBox, "importSummary")
    assert summary is not None and summary.isVisible()
    assert "scene Night at the <Salt> Harbour: from Fari, 3 aspects" in summary.text()
    assert "Imported 3 characters and 2 scenes from library.fari.json" in window.statusBar().currentMessage()
    # Characters by their Fari template; one that names none takes the campaign's rule set.
    by_name = {c.name: c.ruleset for c in campaign.characters}
    assert (by_name["Dara Quill"], by_name["Bram Holloway"]) == ("fate-core", campaign.ruleset)
    assert "Dara Quill: made for fate-core, but the campaign uses" in summary.text()
    assert "guessed" not in summary.text()
    summary.close()
    # Run again: nothing is imported twice.
    import_through_menu(window, LIBRARY)
    qtbot.waitUntil(lambda: "Nothing new in library.fari.json" in window.statusBar().currentMessage())
    assert (len(window.document.campaign.characters), len(window.document.campaign.scenes)) == (
        before[0] + 3, before[1] + 2)
    again = window.findChild(QMessageBox, "importSummary")
    assert again is not None and "already in the campaign (imported before)" in again.text()
    window.document.undo_stack.undo()  # the one import step
    assert (len(window.document.campaign.characters), len(window.document.campaign.scenes)) == before


def test_dropping_a_fari_library_on_the_window_imports_it_whole(qtbot, window):
    before = len(window.document.campaign.characters)
    event = drop(window, LIBRARY)
    assert event.isAccepted()
    assert len(window.document.campaign.characters) == before + 3
    assert [s.name for s in window.document.campaign.scenes][-2:] == ["Night at the <Salt> Harbour", "The Old Mill"]


def test_dropping_a_broken_fari_library_imports_nothing_and_says_why(qtbot, window, tmp_path):
    broken = tmp_path / "broken.fari.json"
    broken.write_text(json.dumps({"fariType": "full", "characters": [], "scenes": [{"indexCards": [7]}]}))
    before = (len(window.document.campaign.characters), len(window.document.campaign.scenes))
    drop(window, broken)
    assert (len(window.document.campaign.characters), len(window.document.campaign.scenes)) == before
    assert "scenes[0].indexCards[0]: expected an index card" in window.statusBar().currentMessage()


# --- issue 26, item 8: extras and custom tracks travel, and the summaries name them ---------------

def test_export_for_foundry_names_each_extra_and_custom_track_in_the_summary(qtbot, window, tmp_path):
    from fate_desk.model import CustomTrack, Extra, ExtraCost, Stunt

    sword = Extra(name="Sword of <Ash> & \"Ember\"", description="Old steel, 古い鋼", permission="Knight",
                  cost=ExtraCost(refresh=1), aspects=["Burns What It Cuts"], skills={"Fight": 3},
                  stunts=[Stunt(name="Sweep", text="Hit two foes.")],
                  tracks=[CustomTrack(id="heat", name="Heat", boxes=[1, 1, 1])])
    assert window.document.edit("pc-ruth", lambda c: c.model_copy(update={
        "extras": [sword], "tracks": [CustomTrack(id="wealth", name="Wealth", boxes=[1, 2])]}), "Add a sword")
    dialog = open_dialog(window)
    choose(dialog.target_combo, "Foundry VTT (Fate Core")
    target = tmp_path / "ruth.json"
    type_path(qtbot, dialog, target)
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    summary = window.findChild(QMessageBox, "exportSummary")
    assert summary is not None and summary.isVisible()
    assert 'extra "Sword of <Ash> & "Ember"" written as a Fate Core Official extra' in summary.text()
    assert 'track "Wealth" written as a Fate Core Official track' in summary.text()
    actor = json.loads(target.read_text(encoding="utf-8"))
    assert problems(actor) == []
    item = actor["items"][0]
    assert (item["type"], item["name"], item["system"]["refresh"]) == ("Extra", sword.name, 1)
    # FCO's sheet shows what the switched-on extra brings, marked as the extra's.
    copies = [s for s in actor["system"]["stunts"].values() if s.get("extra_id") == item["_id"]]
    assert [s["original_name"] for s in copies] == ["Sweep"]


def test_dropping_an_fco_actor_with_an_extra_shows_the_extra_on_its_sheet(qtbot, window):
    event = drop(window, WREN)
    assert event.isAccepted()
    summary = window.findChild(QMessageBox, "importSummary")
    assert summary is not None and summary.isVisible()
    assert "extra \"Grandfather's Compass\" came over as an extra" in summary.text()
    assert "track \"Indebted\" came over as a track of its own" in summary.text()
    summary.close()
    sheet = window.tabs.current_editor()
    wren = window.document.entity(sheet.entity_id)
    assert wren.name == "Wren Halloway" and [e.name for e in wren.extras] == ["Grandfather's Compass"]
    rows = sheet.extras.extra_rows
    assert len(rows) == 1 and "Grandfather's Compass" in rows[0].title.text()
    assert len(sheet.stress.boxes(wren.tracks[0].id)) == 5  # Indebted, its two marks with it
