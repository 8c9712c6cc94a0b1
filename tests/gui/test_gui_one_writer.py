"""The app as one writer: a campaign open elsewhere, a file changed underneath, imports as one
step, and hostile files through File > Open and File > Import (driven through the menus)."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton

from fate_desk.model import Campaign, Character
from fate_desk.store.campaign_file import CampaignFile, CampaignFileError, load_campaign
from fate_desk.store.interchange import write_character_file
from fate_desk.store.lock import CampaignLock

from gui_helpers import (
    answer_file_dialog, import_shown, import_through_menu, menu_action, started_app_window, wait_opened,
)
from hostile_files import make_campaign_files, make_json_files, make_special_files, make_surrogate_files


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def make_campaign(path: Path, *names: str) -> Path:
    CampaignFile.create(path, Campaign(name=path.stem, characters=[
        Character(id=n.lower(), name=n) for n in names])).close()
    return path


@pytest.fixture
def window(qtbot):
    win = started_app_window(qtbot)
    yield win
    win.close()



def message_boxes(window) -> list[QMessageBox]:
    return [w for w in window.findChildren(QMessageBox) if w.isVisible()]


def names(campaign) -> list[str]:
    return [c.name for c in campaign.characters]


def test_a_campaign_open_elsewhere_is_refused_for_editing_and_offered_read_only(window, qtbot, tmp_path):
    path = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    elsewhere = CampaignLock.acquire(path)  # another app (or machine) has it open for editing
    before = digest(path)
    sample = window.document.path
    answer_file_dialog(path)
    menu_action(window, "File", "Open…").trigger()
    qtbot.waitUntil(lambda: any(b.objectName() == "campaignInUse" for b in message_boxes(window)))
    box = next(b for b in message_boxes(window) if b.objectName() == "campaignInUse")
    assert "is open for editing" in box.text() and "since" in box.text()
    assert window.document.path == sample  # nothing changed yet
    read_only = next(b for b in box.findChildren(QPushButton) if b.text() == "Open read-only")
    read_only.click()
    wait_opened(qtbot, window, path)
    assert window.document.readonly and "(read-only)" in window.windowTitle()
    assert window.findChild(QLabel, "readOnlyBadge").isVisible()
    assert not window.actions["add_pc"].isEnabled()  # nothing that writes is offered
    window.actions["add_pc"].trigger()
    assert "Added" not in window.statusBar().currentMessage()
    assert names(window.document.campaign) == ["Ruth"]
    assert digest(path) == before
    elsewhere.release()


def test_open_read_only_from_the_file_menu_neither_locks_nor_writes(window, qtbot, tmp_path):
    path = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    before = digest(path)
    answer_file_dialog(path)
    menu_action(window, "File", "Open read-only…").trigger()
    wait_opened(qtbot, window, path)
    assert window.document.readonly
    CampaignLock.acquire(path).release()  # free for a writer elsewhere
    window.actions["add_pc"].trigger()
    assert digest(path) == before and names(load_campaign(path)) == ["Ruth"]


@pytest.mark.parametrize("how", ["written in place", "replaced by a sync tool"])
def test_a_campaign_changed_underneath_is_reloaded_and_never_overwritten(window, qtbot, tmp_path, how):
    path = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    assert window.campaigns.open_path(path)
    window.sheets.open_entity("ruth")
    if how == "written in place":
        newer = Character(id="nell", name="Nell")
        conn = sqlite3.connect(path)  # another program, past the lock (as over a share without locks)
        conn.execute("INSERT INTO entities(id, kind, position, data) VALUES (?, 'character', 5, ?)",
                     ("nell", newer.model_dump_json()))
        conn.commit()
        conn.close()
    else:
        other = make_campaign(tmp_path / "synced.fatedesk", "Ruth", "Nell")
        other.replace(path)
    on_disk = digest(path)
    window.actions["add_pc"].trigger()  # the user's next edit
    qtbot.waitUntil(lambda: "Nell" in names(window.document.campaign))
    assert digest(path) == on_disk  # the newer file was not written over
    assert names(load_campaign(path)) == ["Ruth", "Nell"]
    assert any("changed by another program" in b.text() for b in message_boxes(window))
    # Editing goes on, on the file as it now is, and lands.
    window.actions["add_pc"].trigger()
    assert len(load_campaign(path).characters) == 3


def test_import_from_the_menu_is_one_transaction_and_one_undo_step(window, qtbot, tmp_path):
    bundle = Path(__file__).parents[1] / "data" / "sample.fate-campaign.json"
    before = names(window.document.campaign)
    import_through_menu(window, bundle)
    qtbot.waitUntil(lambda: len(window.document.campaign.characters) > len(before))
    added = len(window.document.campaign.characters) - len(before)
    assert added > 1
    assert len(load_campaign(window.document.path).characters) == len(before) + added
    window.actions["undo"].trigger()
    assert names(window.document.campaign) == before
    assert names(load_campaign(window.document.path)) == before


def test_an_import_that_cannot_be_saved_adds_nothing_and_leaves_undo_working(window, qtbot, tmp_path, monkeypatch):
    ruth = tmp_path / "ruth.fate.json"
    write_character_file(ruth, Character(name="Imported Ruth"))
    window.actions["add_pc"].trigger()  # an edit to undo later
    count = len(window.document.campaign.characters)

    def full_disk(entities, saved=None, present=None):
        raise CampaignFileError(str(window.document.path), "could not be saved (the disk is full)")

    monkeypatch.setattr(window.document.file, "put_many", full_disk)
    import_through_menu(window, ruth)
    qtbot.waitUntil(lambda: any("disk is full" in b.text() for b in message_boxes(window)))
    assert len(window.document.campaign.characters) == count
    monkeypatch.undo()
    window.actions["undo"].trigger()  # not stuck in a half-open macro
    assert len(window.document.campaign.characters) == count - 1


def _hostile(folder: Path) -> dict[str, Path]:
    return {**make_json_files(folder), **make_campaign_files(folder), **make_special_files(folder)}


def test_hostile_files_through_open_and_import_are_refused_and_left_alone(window, qtbot, tmp_path):
    files = _hostile(tmp_path)
    sample = window.document.path
    count = len(window.document.campaign.characters)
    for name, path in files.items():
        before = digest(path) if path.is_file() and not path.is_symlink() else None
        for box in message_boxes(window):
            box.close()
        assert not window.campaigns.open_path(path), name
        assert window.document.path == sample
        assert window.files.import_file(path) == [], name
        assert len(window.document.campaign.characters) == count, name
        boxes = message_boxes(window)
        assert boxes and all("\n" not in b.text() for b in boxes), name
        if before is not None:
            assert digest(path) == before, name


def test_a_file_with_lone_surrogates_imports_cleaned_with_a_note(window, qtbot, tmp_path):
    ruth = make_surrogate_files(tmp_path)["lone-surrogate.fate.json"]
    added = window.files.import_file(ruth)
    import_shown(window)
    assert [c.name for c in added] == ["Ruth \ufffd"]
    assert "Ruth \ufffd" in names(load_campaign(window.document.path))
    notes = next(b for b in message_boxes(window) if b.objectName() == "importSummary")
    assert "lone surrogates" in notes.text()


def test_after_an_import_the_log_is_folded_in_on_a_worker_and_editing_goes_on(window, qtbot, tmp_path, monkeypatch):
    """The write-ahead log is folded into the file off the window's thread once the typing
    stops: the file then holds the import, the log is empty, and the next edit is saved (the
    fold is the app's own doing, not another program's change)."""
    from fate_desk.gui import document as document_module

    monkeypatch.setattr(document_module, "FOLD_AFTER_MS", 50)
    path = make_campaign(tmp_path / "c.fatedesk", "Tam")
    assert window.campaigns.open_path(path)
    import_through_menu(window, Path(__file__).parents[1] / "data" / "sample.fate-campaign.json")
    imported = [c.name for c in window.document.campaign.characters if c.name != "Tam"]
    log = Path(f"{path}-wal")
    qtbot.waitUntil(lambda: log.exists() and log.stat().st_size == 0)
    assert imported and all(name.encode() in path.read_bytes() for name in imported)
    window.actions["add_pc"].trigger()
    assert not any("changed by another program" in b.text() for b in message_boxes(window))
    assert len(load_campaign(path).characters) == 1 + len(imported) + 1
