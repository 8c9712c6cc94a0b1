"""Scene, session and arc editors, driven as a GM would; arcs are entries of their own."""

from __future__ import annotations

from PySide6.QtCore import Qt

from fate_desk.model import Arc, ClockStamp, HistoryEntry, SessionLog

from gm_support import on_disk, open_editor, sample, undo_all  # noqa: F401


def checked(item) -> bool:
    return item.checkState() == Qt.CheckState.Checked


def test_zones_are_added_named_connected_and_given_aspects(sample, qtbot):
    editor = open_editor(qtbot, sample, "sc-lock")
    qtbot.mouseClick(editor.add_zone_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(editor.zone_name_edit, "Lighthouse Steps")  # the new name is selected: typing replaces it
    new_id = editor.current_zone_id()
    walkway = next(editor.adjacent_list.item(i) for i in range(editor.adjacent_list.count())
                   if editor.adjacent_list.item(i).text() == "Lock Gate Walkway")
    walkway.setCheckState(Qt.CheckState.Checked)
    qtbot.mouseClick(editor.zone_aspects.add_button, Qt.MouseButton.LeftButton)
    saved = on_disk(sample, "sc-lock")
    zone = next(z for z in saved.zones if z.id == new_id)
    assert zone.name == "Lighthouse Steps"
    assert zone.adjacent == ["z-walk"]
    assert new_id in next(z for z in saved.zones if z.id == "z-walk").adjacent  # both ways
    assert [a.text for a in zone.aspects] == ["New zone aspect"]
    undo_all(sample)
    assert len(on_disk(sample, "sc-lock").zones) == 3 and editor.zone_list.count() == 3


def test_removing_a_zone_cuts_the_ways_into_it(sample, qtbot):
    editor = open_editor(qtbot, sample, "sc-lock")
    editor.zone_list.setCurrentRow(2)  # Pump House
    qtbot.mouseClick(editor.remove_zone_button, Qt.MouseButton.LeftButton)
    saved = on_disk(sample, "sc-lock")
    assert [z.name for z in saved.zones] == ["Lock Gate Walkway", "Flooded Lock Chamber"]
    assert saved.zones[0].adjacent == ["z-chamber"]


def test_situation_aspects_with_free_invokes(sample, qtbot):
    editor = open_editor(qtbot, sample, "sc-lock")
    table = editor.aspects.table
    table.cellWidget(0, 1).setValue(2)
    table.item(0, 0).setText("Pitch Dark, Rain Easing")
    qtbot.mouseClick(editor.aspects.add_button, Qt.MouseButton.LeftButton)
    saved = on_disk(sample, "sc-lock")
    assert [(a.text, a.free_invokes) for a in saved.aspects] == [
        ("Pitch Dark, Rain Easing", 2), ("New situation aspect", 0)]
    table.setCurrentCell(1, 0)
    qtbot.mouseClick(editor.aspects.remove_button, Qt.MouseButton.LeftButton)
    assert len(on_disk(sample, "sc-lock").aspects) == 1


def test_who_is_present_is_a_checkable_list_of_every_kind(sample, qtbot):
    editor = open_editor(qtbot, sample, "sc-lock")
    names = [editor.present_list.item(i).text() for i in range(editor.present_list.count())]
    for header in ("Player characters", "NPCs and monsters", "Obstacles", "Countdowns"):
        assert header in names
    hale = next(c.id for c in sample.campaign.characters if c.name == "Captain Ruarc Hale")
    editor.present_item(hale).setCheckState(Qt.CheckState.Checked)
    editor.present_item("cd-lighthouse").setCheckState(Qt.CheckState.Unchecked)
    present = on_disk(sample, "sc-lock").present
    assert hale in present and "cd-lighthouse" not in present
    sample.edit(hale, lambda c: c.model_copy(update={"name": "Admiral Hale"}), "Rename")
    assert editor.present_item(hale).text() == "Admiral Hale" and checked(editor.present_item(hale))
    sample.remove(hale)
    assert editor.present_item(hale) is None


def test_scene_notes_and_session_are_saved(sample, qtbot):
    editor = open_editor(qtbot, sample, "sc-lock")
    qtbot.keyClicks(editor.notes_edit, "Opens in the rain.")
    editor.session_spin.setValue(0)
    saved = on_disk(sample, "sc-lock")
    assert saved.notes == "Opens in the rain." and saved.session is None


def test_session_editor_shows_what_happened_from_every_characters_history(sample, qtbot):
    entry = HistoryEntry(kind="milestone", when=ClockStamp(arc=1, session=1, scene=2), summary="Swapped Drive and Notice")
    sample.edit("pc-maren", lambda c: c.model_copy(update={"advancement": [entry]}), "Milestone")
    editor = open_editor(qtbot, sample, "s-1")
    lines = [editor.history.item(i).text() for i in range(editor.history.count())]
    assert lines == ["Arc 1, session 1, scene 2 — Maren Voss — milestone: Swapped Drive and Notice"]
    qtbot.keyClicks(editor.date_edit, "2024-05-01")
    editor.title_edit.selectAll()
    qtbot.keyClicks(editor.title_edit, "Dark Water")
    editor.events.add_line("The crew found the drowned lantern")
    saved = on_disk(sample, "s-1")
    assert (saved.date, saved.title, saved.events) == ("2024-05-01", "Dark Water", ["The crew found the drowned lantern"])
    undo_all(sample)
    assert on_disk(sample, "s-1").date == "" and editor.date_edit.text() == ""


def test_a_date_that_is_not_a_date_is_flagged_and_not_saved(sample, qtbot):
    editor = open_editor(qtbot, sample, "s-1")
    qtbot.keyClicks(editor.date_edit, "next Friday")
    assert editor.date_edit.property("problem") == "warning"
    assert on_disk(sample, "s-1").date == ""
    qtbot.mouseClick(editor.today_button, Qt.MouseButton.LeftButton)
    assert len(on_disk(sample, "s-1").date) == 10 and editor.date_edit.property("problem") == ""


def test_arcs_are_entries_with_their_sessions_listed_by_date(sample, qtbot):
    sample.add(SessionLog(number=2, arc=1, date="2024-05-08", title="Under the Lock"))
    editor = open_editor(qtbot, sample, "arc-1")
    rows = [[editor.sessions.item(r, c).text() for c in range(4)] for r in range(editor.sessions.rowCount())]
    assert rows == [["1", "—", "The Lantern Goes Dark", "in play"], ["2", "May 8, 2024", "Under the Lock", "planned"]]  # the date as the language writes it
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "The Drowned Arc")
    assert on_disk(sample, "arc-1").name == "The Drowned Arc"
    new = sample.add_new("arc")
    assert isinstance(new, Arc) and new.number == 2 and isinstance(on_disk(sample, new.id), Arc)
    sample.undo_stack.undo()
    assert sample.entity(new.id) is None


def test_every_kind_opens_its_own_editor_in_the_window(qtbot, tmp_path):
    from fate_desk.gui.mainwindow import MainWindow
    from fate_desk.gui.settings import Settings

    from gui_helpers import new_document

    window = MainWindow(Settings())
    qtbot.addWidget(window)
    window.set_document(new_document(tmp_path))
    expected = {"minor_npc": "MinorNpcEditor", "monster": "MonsterEditor", "hazard": "HazardEditor",
                "block": "BlockEditor", "distraction": "DistractionEditor", "countdown": "CountdownEditor",
                "scene": "SceneEditor", "session": "SessionEditor", "arc": "ArcEditor"}
    for kind, editor in expected.items():
        window.edits.add_entry(kind)
        assert type(window.tabs.current_editor()).__name__ == editor
    window.document.close()
