"""Issue 7's done-condition, end to end: a GM prepares a session in the app, runs its
end-of-session bookkeeping with milestones, and prints the scene's cards."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from builders import legal_pc
from export_pdf_reading import pdf_text
from fate_desk.gui.app import start
from fate_desk.gui.dialogs.export_pdf import ExportPdfDialog
from fate_desk.gui.gm.actions import quick_npc
from fate_desk.gui.gm.scene import ID_ROLE
from fate_desk.gui.settings import Settings
from fate_desk.gui.clock.dialogs import EndSessionDialog
from fate_desk.model import Campaign
from fate_desk.store.campaign_file import CampaignFile, load_campaign


def test_prepare_a_session_run_its_milestones_and_print_the_scene(qtbot, tmp_path):
    path = tmp_path / "Harbour Nights.fatedesk"
    ruth, cass = legal_pc(name="Ruth"), legal_pc(name="Cassandra")
    CampaignFile.create(path, Campaign(name="Harbour Nights", characters=[ruth, cass])).close()
    window = start(QApplication.instance(), str(path))
    qtbot.addWidget(window)
    document = window.document

    # A scene with two connected zones.
    scene = window.edits.add_entry("scene")
    editor = window.tabs.currentWidget()
    editor.name_edit.clear()
    qtbot.keyClicks(editor.name_edit, "Ambush at the Fish Market")
    qtbot.mouseClick(editor.add_zone_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(editor.zone_name_edit, "Rooftops")
    here = next(editor.adjacent_list.item(i) for i in range(editor.adjacent_list.count()))
    here.setCheckState(Qt.CheckState.Checked)

    # Two minor NPCs in a few keystrokes each.
    for line in ("Fishwife Enforcer; Knows Every Alley; Fair (+2) Fight; 2 stress",
                 "Rooftop Lookout; Sharp Eyes; Good (+3) Notice; 1 stress"):
        dialog = quick_npc(window)
        qtbot.keyClicks(dialog.line_edit, line)
        qtbot.keyClick(dialog.line_edit, Qt.Key.Key_Return)

    # A hazard and a countdown.
    hazard = window.edits.add_entry("hazard")
    hazard_editor = window.tabs.currentWidget()
    hazard_editor.name_edit.clear()
    qtbot.keyClicks(hazard_editor.name_edit, "Collapsing Stalls")
    countdown = window.edits.add_entry("countdown")
    countdown_editor = window.tabs.currentWidget()
    countdown_editor.name_edit.clear()
    qtbot.keyClicks(countdown_editor.name_edit, "The Tide Comes In")
    countdown_editor.boxes_spin.setValue(5)

    # Who is present: both PCs, both NPCs, the hazard and the countdown.
    window.sheets.open_entity(scene.id)
    editor = window.tabs.currentWidget()
    for i in range(editor.present_list.count()):
        item = editor.present_list.item(i)
        if item.data(ID_ROLE):
            item.setCheckState(Qt.CheckState.Checked)

    saved = load_campaign(path)
    prepared = next(s for s in saved.scenes if s.id == scene.id)
    assert prepared.name == "Ambush at the Fish Market"
    assert len(prepared.zones) == 2 and prepared.zones[0].adjacent == [prepared.zones[1].id]
    npcs = {c.name: c for c in saved.characters if c.kind.value == "minor_npc"}
    assert set(npcs) == {"Fishwife Enforcer", "Rooftop Lookout"}
    assert {hazard.id, countdown.id, *[n.id for n in npcs.values()], ruth.id, cass.id} <= set(prepared.present)
    assert next(c for c in saved.countdowns if c.id == countdown.id).boxes == 5

    # End of session: Ruth swaps two skills, Cassandra takes no milestone.
    end = EndSessionDialog(document)
    qtbot.addWidget(end)
    milestone = end.choose(ruth.id)
    assert milestone.picker.select("swap_skills")
    milestone.ok.click()
    end.ok.click()
    after = load_campaign(path)
    assert after.clock.session == 2
    assert [e.kind for e in after.character(ruth.id).advancement][0] == "milestone"
    assert after.character(ruth.id).skills != ruth.skills
    assert next(s for s in after.sessions if s.number == 1).ended

    # Print the scene's cards.
    opened = []
    printer = ExportPdfDialog(document.campaign, Settings(), folder=tmp_path, open_url=opened.append)
    qtbot.addWidget(printer)
    printer.show()
    printer.what_combo.setCurrentIndex(printer.what_combo.findText("GM cards", Qt.MatchFlag.MatchStartsWith))
    printer.scope_combo.setCurrentIndex(
        printer.scope_combo.findText("Scene: Ambush at the Fish Market", Qt.MatchFlag.MatchStartsWith))
    qtbot.mouseClick(printer.ok_button, Qt.MouseButton.LeftButton)
    text = pdf_text(printer.written)
    for name in ("Fishwife Enforcer", "Rooftop Lookout", "Collapsing Stalls", "The Tide Comes In"):
        assert name in text
    assert "Ruth" not in text  # PCs have sheets, not cards
    window.close()
