"""File > Print to PDF: choosing what and whom to print, paper, file; progress, Cancel and errors."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox, QProgressDialog, QPushButton

from fate_desk.printing import What, default_paper
from fate_desk.gui.app import start
from fate_desk.gui.dialogs.export_pdf import ExportPdfDialog
from fate_desk.gui.opening import sample_bundle_path
from fate_desk.gui.settings import Settings
from fate_desk.model import Campaign
from fate_desk.store.bundle import read_bundle

from export_pdf_reading import page_sizes, page_texts, pdf_text

PCS = ("Maren Voss", "Tobias Crane", "Ines Okafor")
SCENE_CARDS = ("Syndicate Dock Bruiser", "Rising Floodwater", "Rusted Lock Gate")
OTHER_CARDS = ("The Lighthouse Wakes", "The Thing Under the Lock", "Nervous Lantern Acolyte")
LETTER_POINTS, A4_POINTS = (612, 792), (595, 842)


@pytest.fixture
def sample() -> Campaign:
    return read_bundle(sample_bundle_path())


@pytest.fixture
def opened(qtbot):
    """URLs the dialog asked the desktop to open, instead of opening a PDF viewer."""
    return []


def dialog_for(qtbot, campaign, tmp_path, opened, current_id=None) -> ExportPdfDialog:
    dialog = ExportPdfDialog(campaign, Settings(), current_id=current_id, folder=tmp_path, open_url=opened.append)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def choose(combo, text: str) -> None:
    index = combo.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert index >= 0, f"{text!r} is not offered"
    combo.setCurrentIndex(index)


def type_path(qtbot, dialog, path) -> None:
    dialog.file_edit.clear()
    qtbot.keyClicks(dialog.file_edit, str(path))


def save(qtbot, dialog) -> None:
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)


def toggle_entry(qtbot, dialog, name: str) -> None:
    """Select the entry's row and press Space, as a keyboard user ticks a box."""
    entries = dialog.entries
    row = next(r for r in range(entries.rowCount()) if entries.text(r).startswith(name))
    dialog.entry_list.setCurrentIndex(entries.index(row))
    qtbot.keyClick(dialog.entry_list, Qt.Key.Key_Space)


def test_ctrl_p_from_a_sheet_prints_that_character_alone(qtbot, tmp_path):
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    window.sheets.open_entity("pc-tobias")
    assert window.actions["export_pdf"].shortcut().toString() == "Ctrl+P"
    window.actions["export_pdf"].trigger()
    dialog = window.findChild(ExportPdfDialog)
    assert dialog.isVisible() and dialog.what() == What.SHEETS
    assert dialog.checked_ids() == {"pc-tobias"}
    target = tmp_path / "tobias.pdf"
    type_path(qtbot, dialog, target)
    dialog.open_check.setFocus()
    if dialog.open_check.isChecked():
        qtbot.keyClick(dialog.open_check, Qt.Key.Key_Space)  # no PDF viewer in a test run
    save(qtbot, dialog)
    pages = page_texts(target)
    assert len(pages) == 1
    assert "Tobias Crane" in pages[0] and "Maren Voss" not in pages[0]
    assert "tobias.pdf (1 page)" in window.statusBar().currentMessage()
    window.close()


def test_character_sheets_tick_every_pc_and_print_a_page_each(qtbot, tmp_path, sample, opened):
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    choose(dialog.what_combo, "Character sheets")
    # every PC and every major NPC: the GM prints the major NPCs' sheets too
    assert dialog.checked_ids() == {"pc-maren", "pc-tobias", "pc-ines", "npc-hale", "npc-sluice"}
    # the list offers sheets only: major NPCs yes, cards no
    shown = [dialog.entries.text(r) for r in range(dialog.entries.rowCount())]
    assert any(s.startswith("Captain Ruarc Hale") for s in shown)
    assert not any(s.startswith("Rising Floodwater") for s in shown)
    toggle_entry(qtbot, dialog, "Mother Abigail Sluice")
    toggle_entry(qtbot, dialog, "Ines Okafor")
    assert dialog.count_label.text() == "3 of 5 ticked"
    target = tmp_path / "sheets.pdf"
    type_path(qtbot, dialog, target)
    save(qtbot, dialog)
    pages = page_texts(target)
    firsts = [p for p in pages if "continued (sheet page" not in p]  # a long sheet goes on overleaf
    assert len(firsts) == 3
    for name, page in zip(("Maren Voss", "Tobias Crane", "Captain Ruarc Hale"), firsts):
        assert name in page
    assert "Ines Okafor" not in pdf_text(target) and "Mother Abigail Sluice" not in pdf_text(target)


def test_choosing_a_scene_ticks_the_cards_present_in_it(qtbot, tmp_path, sample, opened):
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    choose(dialog.what_combo, "GM cards")
    assert dialog.checked_ids() >= {"ob-flood", "cd-lighthouse", "monster-lockthing"}  # all prep by default
    choose(dialog.scope_combo, "Scene: Night at the Lock Gates")
    assert dialog.checked_ids() == {"npc-bruiser", "ob-flood", "ob-gate"}
    assert dialog.file_edit.text().endswith("The Drowned Lantern - GM cards - Night at the Lock Gates.pdf")
    save(qtbot, dialog)
    written = tmp_path / "The Drowned Lantern - GM cards - Night at the Lock Gates.pdf"
    text = pdf_text(written)
    assert all(name in text for name in SCENE_CARDS)
    assert not any(name in text for name in OTHER_CARDS + PCS)
    assert len(page_texts(written)) == 1  # three cards share a page
    assert opened and opened[0].toLocalFile() == str(written)


def test_a_session_pack_holds_the_pcs_its_scenes_cards_and_the_reference(qtbot, tmp_path, sample, opened):
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    assert dialog.what() == What.PACK  # nothing open: the whole pack is the likely wish
    choose(dialog.scope_combo, "Session 1")
    assert dialog.checked_ids() == {"pc-maren", "pc-tobias", "pc-ines", *{"npc-bruiser", "ob-flood", "ob-gate"}}
    target = tmp_path / "session.pdf"
    type_path(qtbot, dialog, target)
    save(qtbot, dialog)
    pages = page_texts(target)
    assert "Contents" in pages[0] or "CONTENTS" in pages[0]  # a cover first
    firsts = [p for p in pages[1:] if "continued (sheet page" not in p]
    assert all(name in firsts[i] for i, name in enumerate(PCS))
    text = " ".join(pages)
    assert all(name in text for name in SCENE_CARDS)
    assert "The ladder" in text  # reference cards follow
    assert not any(name in " ".join(pages) for name in OTHER_CARDS)


def test_the_suggested_file_follows_the_choice_until_the_user_types_one(qtbot, tmp_path, sample, opened):
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    assert dialog.path() == tmp_path / "The Drowned Lantern - Campaign pack.pdf"
    choose(dialog.scope_combo, "Scene: Night at the Lock Gates")
    choose(dialog.what_combo, "Reference cards")
    assert dialog.path() == tmp_path / "The Drowned Lantern - Reference cards.pdf"
    assert not dialog.entries_box.isEnabled() and not dialog.scope_combo.isEnabled()
    assert dialog.scope_combo.currentText() == "Whole campaign"  # a greyed-out scene would mislead
    assert dialog.checked_ids() == set() and dialog.job().sheets == [] and dialog.job().cards == []
    type_path(qtbot, dialog, tmp_path / "mine")
    choose(dialog.what_combo, "Blank sheet")
    assert dialog.path() == tmp_path / "mine.pdf"  # ".pdf" added, the typed name kept


def test_a_campaign_without_a_name_still_suggests_a_sensible_file(qtbot, tmp_path, opened):
    dialog = dialog_for(qtbot, Campaign(name="  "), tmp_path, opened)
    assert dialog.path() == tmp_path / "Campaign - Campaign pack.pdf"
    type_path(qtbot, dialog, "/")
    assert not dialog.ok_button.isEnabled() and "is a folder" in dialog.message.text()


def test_nothing_ticked_or_no_folder_cannot_be_saved(qtbot, tmp_path, sample, opened):
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    choose(dialog.what_combo, "GM cards")
    qtbot.mouseClick(dialog.findChild(QPushButton, "noneButton"), Qt.MouseButton.LeftButton)
    assert not dialog.ok_button.isEnabled()
    assert "Tick at least one entry" in dialog.message.text()
    qtbot.mouseClick(dialog.findChild(QPushButton, "allButton"), Qt.MouseButton.LeftButton)
    assert dialog.ok_button.isEnabled()
    type_path(qtbot, dialog, tmp_path / "no such folder" / "cards.pdf")
    assert not dialog.ok_button.isEnabled() and "does not exist" in dialog.message.text()


def test_cancel_leaves_the_existing_pdf_untouched(qtbot, tmp_path, sample, opened):
    target = tmp_path / "pack.pdf"
    target.write_bytes(b"%PDF-1.4 the GM's earlier pack")
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    type_path(qtbot, dialog, target)
    assert "already exists" in dialog.message.text()
    seen = []

    def click_cancel() -> None:  # runs while the export is under way: the window must answer
        progress = dialog.findChild(QProgressDialog)
        seen.append(progress.isVisible())
        qtbot.mouseClick(progress.findChild(QPushButton), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, click_cancel)
    save(qtbot, dialog)
    assert seen == [True]
    assert target.read_bytes() == b"%PDF-1.4 the GM's earlier pack"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pack.pdf"]  # no temporary file left
    assert dialog.isVisible() and "pack.pdf is as it was" in dialog.message.text()
    assert opened == []


def test_escape_or_closing_the_dialog_during_an_export_stops_the_export(qtbot, tmp_path, sample, opened):
    target = tmp_path / "pack.pdf"
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    type_path(qtbot, dialog, target)

    def close_dialog() -> None:  # what Escape or the window's close button call: reject()
        dialog.reject()

    QTimer.singleShot(0, close_dialog)
    save(qtbot, dialog)
    assert not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no temporary file left
    assert "no PDF was written" in dialog.message.text()


def test_a_failed_export_says_why_and_keeps_the_old_file(qtbot, tmp_path, opened):
    # A campaign made with a custom rule set that is no longer installed
    campaign = Campaign(name="Lost rules", ruleset="homebrew-gone")
    target = tmp_path / "reference.pdf"
    target.write_bytes(b"%PDF-1.4 old")
    dialog = dialog_for(qtbot, campaign, tmp_path, opened)
    choose(dialog.what_combo, "Reference cards")
    type_path(qtbot, dialog, target)
    save(qtbot, dialog)
    assert dialog.isVisible()
    assert "homebrew-gone" in dialog.message.text()
    box = dialog.findChild(QMessageBox)
    assert box is not None and "left as it was" in box.text()
    assert target.read_bytes() == b"%PDF-1.4 old"


def test_paper_and_open_when_done_are_remembered(qtbot, tmp_path, sample, opened):
    other = "Letter" if default_paper().value == "a4" else "A4"
    first = dialog_for(qtbot, sample, tmp_path, opened)
    assert first.paper_combo.currentText().startswith(default_paper().label)
    choose(first.paper_combo, other)
    first.open_check.setFocus()
    qtbot.keyClick(first.open_check, Qt.Key.Key_Space)
    choose(first.what_combo, "Blank sheet")
    save(qtbot, first)
    blank = tmp_path / "The Drowned Lantern - Blank sheet.pdf"
    assert page_sizes(blank) == [LETTER_POINTS if other == "Letter" else A4_POINTS]
    assert opened == []  # the user unticked "Open the PDF when done"

    again = dialog_for(qtbot, sample, tmp_path, opened)
    assert again.paper_combo.currentText().startswith(other)
    assert not again.open_check.isChecked()


def test_without_a_pdf_viewer_the_user_is_told_where_the_file_is(qtbot, tmp_path, sample):
    dialog = ExportPdfDialog(sample, Settings(), folder=tmp_path, open_url=lambda url: False)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.open_check.setChecked(True)
    choose(dialog.what_combo, "Blank sheet")
    save(qtbot, dialog)
    assert (tmp_path / "The Drowned Lantern - Blank sheet.pdf").is_file()
    box = dialog.no_viewer_box
    assert box.isVisible() and "no PDF viewer" in box.text() and str(tmp_path) in box.text()
    box.close()


def test_the_pdf_is_written_by_a_process_of_its_own_while_progress_moves(qtbot, tmp_path, sample, opened):
    """The cards are laid out and drawn by a child process, which shares no interpreter lock with
    the window (issue 40: a worker thread's pages doubled the window's turns); it is gone after."""
    import os

    from fate_desk.gui.dialogs.print_process import PrintProcess

    processes, labels = set(), []
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    target = tmp_path / "pack.pdf"
    type_path(qtbot, dialog, target)

    finished = []

    def watch() -> None:  # the window answers timers while the child writes pages
        if finished:
            return
        progress = dialog.findChild(QProgressDialog)
        if progress is not None:
            labels.append(progress.labelText())
        child = dialog.findChild(PrintProcess)
        if child is not None and child.process.processId():
            processes.add(child.process.processId())
        QTimer.singleShot(5, watch)

    QTimer.singleShot(0, watch)
    save(qtbot, dialog)
    finished.append(True)
    assert len(processes) == 1 and os.getpid() not in processes
    assert not process_running(processes.pop())
    assert target.exists() and "CONTENTS" in pdf_text(target)
    assert any(label.startswith(("Writing page", "Finishing")) for label in labels)



def test_the_printing_process_waits_ready_from_the_dialogs_showing_and_goes_with_it(qtbot, tmp_path, sample, opened):
    """Started as the dialog shows, the printing process loads the renderer while the user chooses,
    and Save hands the job to it (one process, not a second one started at Save); a dialog closed
    with Cancel ends it, and nothing is written."""
    from fate_desk.gui.dialogs.print_process import PrintProcess

    def started(dialog) -> set:
        return {c.process.processId() for c in dialog.findChildren(PrintProcess) if c.process.processId()}

    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    qtbot.waitUntil(lambda: len(started(dialog)) == 1)
    waiting = started(dialog)
    qtbot.wait(300)  # the renderer loaded: it still waits for a job, and nothing is written
    assert started(dialog) == waiting and all(process_running(pid) for pid in waiting)
    type_path(qtbot, dialog, tmp_path / "sheets.pdf")
    seen = set()

    def watch() -> None:
        if dialog.progress is not None:
            seen.update(started(dialog))
            QTimer.singleShot(5, watch)

    QTimer.singleShot(0, watch)
    save(qtbot, dialog)
    assert seen == waiting and (tmp_path / "sheets.pdf").exists() and not dialog.isVisible()
    qtbot.waitUntil(lambda: not any(process_running(pid) for pid in waiting))

    unused = dialog_for(qtbot, sample, tmp_path, opened)
    qtbot.waitUntil(lambda: len(started(unused)) == 1)
    pids = started(unused)
    qtbot.mouseClick(unused.buttons.button(QDialogButtonBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    assert not unused.isVisible()
    qtbot.waitUntil(lambda: not any(process_running(pid) for pid in pids))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheets.pdf"]


def process_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_characters_the_font_cannot_draw_are_named_before_printing(qtbot, tmp_path, sample, opened):
    sample.characters[0].name = "Maren กข"  # Thai: no bundled face has it (Chinese now prints)
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    target = tmp_path / "pack.pdf"
    type_path(qtbot, dialog, target)
    seen = []

    def answer(button) -> None:  # waits for the question to be shown, then clicks the button
        box = next((b for b in dialog.findChildren(QMessageBox, "unprintableBox") if b.isVisible()), None)
        if box is None:
            QTimer.singleShot(10, lambda: answer(button))
            return
        seen.append(box.text())
        box.button(button).click()

    QTimer.singleShot(0, lambda: answer(QMessageBox.StandardButton.No))
    save(qtbot, dialog)
    assert "ก (U+0E01)" in seen[0] and "ข (U+0E02)" in seen[0]
    assert not target.exists() and dialog.isVisible()
    QTimer.singleShot(0, lambda: answer(QMessageBox.StandardButton.Yes))
    save(qtbot, dialog)
    assert target.exists()


def test_state_in_ink_is_a_choice_and_a_table_copy_is_the_default(qtbot, tmp_path, sample, opened):
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    choose(dialog.what_combo, "Character sheets")
    assert not dialog.state_check.isChecked()
    assert not dialog.job().state
    qtbot.mouseClick(dialog.state_check, Qt.MouseButton.LeftButton)
    assert dialog.job().state


@pytest.mark.parametrize("label, expect", [("Scene sheets", "ZONES"), ("GM cheat sheet", "QUICK NPCS"),
                                           ("Fate-point trackers", "GM's fate points"), ("Skill card", "Overcome:"),
                                           ("Blank cards", "BLANK NPC CARD")])
def test_the_new_printables_are_offered_and_print(qtbot, tmp_path, sample, opened, label, expect):
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    choose(dialog.what_combo, label)
    target = tmp_path / "x.pdf"
    type_path(qtbot, dialog, target)
    save(qtbot, dialog)
    assert expect in pdf_text(target)


def test_a_big_campaign_shows_progress_at_once_while_its_job_is_built_and_cancel_stops_it(
        qtbot, tmp_path, opened, monkeypatch):
    """2,500 ticked entries: the progress shows before the job is built, the job is built off the
    window's thread (ids compared, not whole entries), and Cancel meanwhile writes nothing."""
    import threading

    from fate_desk.gui.dialogs import export_pdf as dialog_module
    from fate_desk.model import Character, CharacterKind, Hazard

    campaign = Campaign(name="Crowded", characters=[Character(name=f"Guard {n}", kind=CharacterKind.MINOR_NPC)
                                                    for n in range(1500)],
                        obstacles=[Hazard(name=f"Trap {n}") for n in range(1000)])
    building, go_on, seen = threading.Event(), threading.Event(), {}
    real = dialog_module.campaign_job

    def watched(*args, **kwargs):
        seen["on the window's thread"] = threading.current_thread() is threading.main_thread()
        building.set()
        assert go_on.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(dialog_module, "campaign_job", watched)
    dialog = dialog_for(qtbot, campaign, tmp_path, opened)
    choose(dialog.what_combo, "GM cards")
    qtbot.mouseClick(dialog.findChild(QPushButton, "allButton"), Qt.MouseButton.LeftButton)
    assert dialog.count_label.text() == "2500 of 2500 ticked"
    target = tmp_path / "cards.pdf"
    type_path(qtbot, dialog, target)

    def cancel_once_building() -> None:  # the window answers this timer while the job is built
        if not building.is_set():
            QTimer.singleShot(5, cancel_once_building)
            return
        progress = dialog.findChild(QProgressDialog)
        seen["progress shown"] = progress is not None and progress.isVisible()
        qtbot.mouseClick(progress.findChild(QPushButton), Qt.MouseButton.LeftButton)
        go_on.set()

    QTimer.singleShot(0, cancel_once_building)
    save(qtbot, dialog)
    assert seen == {"on the window's thread": False, "progress shown": True}
    assert not target.exists() and sorted(p.name for p in tmp_path.iterdir()) == []
    assert "no PDF was written" in dialog.message.text()
    job = real(campaign, What.CARDS, ids={i.id for i in campaign.characters} | {o.id for o in campaign.obstacles})
    assert len(job.cards) == 2500  # every ticked entry, once


def processes_seen(dialog, pids: set) -> None:
    """Note the printing process's id while the dialog prints (a timer the window answers)."""
    from fate_desk.gui.dialogs.print_process import PrintProcess

    child = dialog.findChild(PrintProcess)
    if child is not None and child.process.processId():
        pids.add(child.process.processId())


def test_cancel_while_the_process_draws_pages_keeps_the_old_pdf_and_leaves_no_process(qtbot, tmp_path, opened):
    """Cancel pressed once the first page is written: the printing process stops and is gone, and
    the PDF already there is as it was, with nothing half-written beside it."""
    from fate_desk.model import Character, CharacterKind

    campaign = Campaign(name="Crowded", characters=[Character(name=f"Guard {n}", kind=CharacterKind.MINOR_NPC)
                                                    for n in range(400)])  # 100 pages of cards
    dialog = dialog_for(qtbot, campaign, tmp_path, opened)
    choose(dialog.what_combo, "GM cards")
    qtbot.mouseClick(dialog.findChild(QPushButton, "allButton"), Qt.MouseButton.LeftButton)
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"%PDF-1.4 last week's cards")
    type_path(qtbot, dialog, target)
    pids, cancelled_at = set(), []

    def cancel_after_the_first_page() -> None:
        processes_seen(dialog, pids)
        progress = dialog.findChild(QProgressDialog)
        if progress is None or progress.value() < 1:
            QTimer.singleShot(5, cancel_after_the_first_page)
            return
        cancelled_at.append((progress.value(), progress.maximum()))
        qtbot.mouseClick(progress.findChild(QPushButton), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, cancel_after_the_first_page)
    save(qtbot, dialog)
    assert cancelled_at and cancelled_at[0][1] == 100 and cancelled_at[0][0] < 100
    assert dialog.isVisible() and "cards.pdf is as it was" in dialog.message.text()
    assert target.read_bytes() == b"%PDF-1.4 last week's cards"
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]
    assert len(pids) == 1 and not process_running(pids.pop())


def test_a_print_that_fails_says_why_and_keeps_the_old_pdf(qtbot, tmp_path, sample, opened):
    """The printing process refuses a PDF the user made read-only: the dialog says why in its own
    words, and the file is as it was."""
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    target = tmp_path / "pack.pdf"
    target.write_bytes(b"%PDF-1.4 kept")
    target.chmod(0o444)
    type_path(qtbot, dialog, target)
    save(qtbot, dialog)
    box = next(b for b in dialog.findChildren(QMessageBox) if b.isVisible())
    assert box.windowTitle() == "The PDF could not be saved"
    assert "is read-only; make it writable or choose another name" in box.text()
    assert "left as it was" in box.text() and "read-only" in dialog.message.text()
    box.close()
    assert target.read_bytes() == b"%PDF-1.4 kept" and [p.name for p in tmp_path.iterdir()] == ["pack.pdf"]


def test_a_printing_process_that_dies_is_said_plainly_and_nothing_is_written(qtbot, tmp_path, sample, opened,
                                                                             monkeypatch):
    """The printing process gone without a word (killed, out of memory): the dialog says the PDF
    was not completed, the file already there is as it was, and the half-written one beside it is
    gone at once."""
    import sys

    from fate_desk.gui.dialogs import print_process

    target = tmp_path / "pack.pdf"
    # It had begun the PDF beside the destination, as an export does, when it died.
    dies = [sys.executable, "-c", "import os, sys; from fate_desk.leftovers import host_tag; sys.stdin.readline(); "
            f"open(os.path.join({str(tmp_path)!r}, f'.pack.pdf.{{host_tag()}}.{{os.getpid()}}.x1.tmp'), 'wb')"
            ".write(b'%PDF-1.4 half'); sys.exit(9)"]
    monkeypatch.setattr(print_process, "command", lambda: dies)
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    target.write_bytes(b"%PDF-1.4 kept")
    type_path(qtbot, dialog, target)
    save(qtbot, dialog)
    box = next(b for b in dialog.findChildren(QMessageBox) if b.isVisible())
    assert "The printing process stopped before the PDF was complete (exit status 9)." in box.text()
    box.close()
    assert target.read_bytes() == b"%PDF-1.4 kept" and [p.name for p in tmp_path.iterdir()] == ["pack.pdf"]


def test_the_list_shows_every_entry_of_each_choice(qtbot, tmp_path, sample, opened):
    """Switching what to print fills the list anew, and the list on screen is told so (its rows
    are asked for only as they show: a view not told keeps the rows of the choice before)."""
    dialog = dialog_for(qtbot, sample, tmp_path, opened)
    view, entries = dialog.entry_list, dialog.entries
    for label, count in (("Character sheets", 5), ("GM cards", 7), ("Campaign pack", 12)):
        with qtbot.waitSignal(entries.modelReset, timeout=2000):
            choose(dialog.what_combo, label)
        assert view.model() is entries and entries.rowCount() == count
        assert dialog.count_label.text().endswith(f"of {count} ticked")


@pytest.fixture
def list_held(monkeypatch):
    """The dialog's list of entries made on a worker that waits until the test lets it go, with
    nothing handed back at once: the dialog as a campaign of 10,000 entries opens it (issue 40,
    'Nothing a user starts freezes the window')."""
    import threading

    from fate_desk.gui import campaign_op
    from fate_desk.gui.dialogs import export_pdf as dialog_module

    monkeypatch.setattr(campaign_op, "WAIT_S", 0.0)
    go_on = threading.Event()
    real = dialog_module.listing

    def held(campaign):
        assert go_on.wait(30)
        return real(campaign)

    monkeypatch.setattr(dialog_module, "listing", held)
    yield go_on
    go_on.set()


def print_from_menu(qtbot, entity_id: str | None = None):
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    if entity_id:
        window.sheets.open_entity(entity_id)
    window.actions["export_pdf"].trigger()
    return window, window.findChild(ExportPdfDialog)


def test_save_pressed_while_the_list_still_fills_prints_what_it_ticks(qtbot, tmp_path, list_held):
    """The dialog opens with the open sheet's choice and a list that says it fills; Save pressed
    then waits for the list (progress shown, the window answering) and prints what it ticks."""
    window, dialog = print_from_menu(qtbot, "pc-tobias")
    assert dialog.isVisible() and dialog.what() == What.SHEETS
    assert [dialog.entries.text(r) for r in range(dialog.entries.rowCount())] == ["Listing the campaign's entries…"]
    assert dialog.scope_combo.currentText() == "Whole campaign"
    target = tmp_path / "tobias.pdf"
    type_path(qtbot, dialog, target)
    if dialog.open_check.isChecked():
        dialog.open_check.setFocus()
        qtbot.keyClick(dialog.open_check, Qt.Key.Key_Space)  # no PDF viewer in a test run
    assert dialog.ok_button.isEnabled()
    seen = {}

    def list_comes() -> None:  # the window answers this timer while Save waits for the list
        progress = dialog.findChild(QProgressDialog)
        seen["progress shown"] = progress is not None and progress.isVisible()
        list_held.set()

    QTimer.singleShot(0, list_comes)
    save(qtbot, dialog)
    assert seen == {"progress shown": True}
    pages = page_texts(target)
    assert len(pages) == 1 and "Tobias Crane" in pages[0] and "Maren Voss" not in pages[0]
    assert not dialog.isVisible() and "tobias.pdf (1 page)" in window.statusBar().currentMessage()
    window.close()


def test_cancel_while_the_list_fills_closes_the_dialog_and_the_next_one_lists_everything(
        qtbot, tmp_path, list_held, monkeypatch):
    from fate_desk.gui import campaign_op

    window, dialog = print_from_menu(qtbot, "pc-tobias")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    with qtbot.waitSignal(campaign_op._relay().delivered, timeout=10_000):  # the list, to no one
        list_held.set()
    QApplication.processEvents()
    monkeypatch.setattr(campaign_op, "WAIT_S", 30.0)
    window.actions["export_pdf"].trigger()
    again = next(d for d in window.findChildren(ExportPdfDialog) if d.isVisible())
    assert again.entries.rowCount() == 5 and again.count_label.text() == "1 of 5 ticked"  # Tobias's sheet
    assert again.scope_combo.findText("Session 1", Qt.MatchFlag.MatchStartsWith) >= 0
    again.reject()
    window.close()


def test_tick_none_or_escape_while_the_list_fills_are_kept(qtbot, tmp_path, list_held):
    """Tick none pressed before the list came leaves nothing ticked once it comes, so Save says
    why it cannot print; Escape while Save waits for the list writes nothing."""
    window, dialog = print_from_menu(qtbot, "pc-tobias")
    type_path(qtbot, dialog, tmp_path / "sheets.pdf")
    qtbot.mouseClick(dialog.findChild(QPushButton, "noneButton"), Qt.MouseButton.LeftButton)
    assert not dialog.ok_button.isEnabled() and "Tick at least one entry" in dialog.message.text()
    qtbot.mouseClick(dialog.findChild(QPushButton, "allButton"), Qt.MouseButton.LeftButton)
    assert dialog.ok_button.isEnabled()
    QTimer.singleShot(0, dialog.reject)  # Escape while Save waits for the list
    save(qtbot, dialog)
    assert dialog.isVisible() and "no PDF was written" in dialog.message.text()
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    with qtbot.waitSignal(dialog.entries.modelReset, timeout=10_000):
        list_held.set()
    assert dialog.count_label.text() == "5 of 5 ticked"  # Tick all, pressed before the list came
    qtbot.mouseClick(dialog.findChild(QPushButton, "noneButton"), Qt.MouseButton.LeftButton)
    assert not dialog.ok_button.isEnabled()
    dialog.reject()
    window.close()


def test_the_whole_campaign_ticks_what_it_prints(sample):
    """Without a scene or session the list ticks, for each choice, the entries the command line
    prints for it (the dialog no longer walks the campaign again to find them)."""
    from fate_desk.gui.dialogs.export_choices import WHOLE_CAMPAIGN, preselected, shown_entries
    from fate_desk.printing import campaign_entries, chosen_ids

    entries = campaign_entries(sample)
    for what in (What.SHEETS, What.CARDS, What.PACK):
        shown = {e.id for e in shown_entries(sample, what, entries)}
        assert preselected(sample, what, WHOLE_CAMPAIGN, None, entries) == chosen_ids(sample, what) & shown != set()


def test_end_reaches_the_last_of_thousands_of_entries_the_moment_the_list_shows(qtbot, tmp_path, opened):
    """A keyboard user in a list of 2,500 cards: End is the last card the moment the list shows
    (a list laid out in batches stopped End at the last row laid out so far), Space unticks it,
    Home is the first; the count follows."""
    from fate_desk.model import Character, CharacterKind, Hazard

    campaign = Campaign(name="Crowded", characters=[Character(name=f"Guard {n:04d}", kind=CharacterKind.MINOR_NPC)
                                                    for n in range(1500)],
                        obstacles=[Hazard(name=f"Trap {n:04d}") for n in range(1000)])
    dialog = dialog_for(qtbot, campaign, tmp_path, opened)
    choose(dialog.what_combo, "GM cards")
    entries, view = dialog.entries, dialog.entry_list
    assert entries.rowCount() == 2500 and len(entries.ticked()) == 2500
    view.setFocus()
    QApplication.processEvents()  # a turn of the event loop: the list is laid out, as a person sees it
    qtbot.keyClick(view, Qt.Key.Key_End)
    last = view.currentIndex()
    assert last.row() == 2499 and entries.text(last.row()) == dialog.entries.text(2499)
    assert view.viewport().rect().intersects(view.visualRect(last))
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert len(entries.ticked()) == 2499 and not entries.is_ticked(entries.ids()[2499])
    assert "2499" in dialog.count_label.text().replace(",", "").replace("\u202f", "").replace("\xa0", "")
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert view.currentIndex().row() == 0
