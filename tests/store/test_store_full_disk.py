"""A campaign on a disk that fills up while it is open: a real small file system (tmpfs, which
the test mounts when it runs as root), filled by another file as a download would fill it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from gui_helpers import started_app_window
from PySide6.QtWidgets import QMessageBox

from fate_desk.model import Campaign, Character
from fate_desk.store.campaign_file import CampaignFile, load_campaign
from fate_desk.store.interchange import write_character_file


@pytest.fixture
def small_disk():
    folder = Path(tempfile.mkdtemp(prefix="fd-small-disk-"))
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True)
    if mounted.returncode != 0:
        folder.rmdir()
        pytest.skip("no tmpfs here")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)
    folder.rmdir()


def fill(disk: Path) -> Path:
    """Write a file until the disk has no room left (the campaign itself is left alone)."""
    filler = disk / "download.bin"
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError:
            pass
    return filler


def test_a_full_disk_says_so_each_time_and_never_reads_the_file_again(qtbot, small_disk):
    path = small_disk / "c.fatedesk"
    CampaignFile.create(path, Campaign(name="Skyships", characters=[Character(id="ruth", name="Ruth")])).close()
    window = started_app_window(qtbot)
    assert window.campaigns.open_path(path)
    document = window.document
    sheet = window.sheets.open_entity("ruth")
    sheet.name_edit.setFocus()
    sheet.name_edit.end(False)
    qtbot.keyClicks(sheet.name_edit, " A")  # one saved edit: something to undo
    assert load_campaign(path).characters[0].name == "Ruth A"
    filler = fill(small_disk)
    big = "x" * 150_000  # notes that need more room than the disk has (and fit Fate Desk's limits)
    for attempt in range(3):
        # The failure is waited for as the signal it is, and looked for in the box that says it:
        # laying out this much text takes seconds on a loaded machine, longer than the status
        # bar keeps its message.
        with qtbot.waitSignal(document.saveFailed, timeout=60_000) as failed:
            sheet.notes_edit.setPlainText(big + str(attempt))  # typed, or pasted
        assert "disk is full" in failed.args[0]
        qtbot.wait(20)  # a reload would happen in the event loop
        assert window.document is document, "the campaign was read again as if another program changed it"
        boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
        assert "The campaign was changed by another program" not in [b.windowTitle() for b in boxes]
        assert len([b for b in boxes if "disk is full" in b.text()]) == attempt + 1, "each failure is said"
    assert load_campaign(path).characters[0].name == "Ruth A"
    assert document.undo_stack.count() >= 1
    filler.unlink()  # room again: the next edit is saved
    sheet.name_edit.selectAll()
    qtbot.keyClicks(sheet.name_edit, "Ruth B")
    assert load_campaign(path).characters[0].name == "Ruth B"
    for box in window.findChildren(QMessageBox):  # read: closed, as the user would, not left for later tests
        box.close()
    window.close()


def test_import_into_a_campaign_on_a_full_disk_says_the_disk_is_full(tmp_path, small_disk):
    path = small_disk / "c.fatedesk"
    CampaignFile.create(path, Campaign(name="Skyships", characters=[Character(name="Ruth")])).close()
    nell = tmp_path / "nell.fate.json"
    write_character_file(nell, Character(name="Nell", notes="x" * 150_000))
    fill(small_disk)
    result = subprocess.run([sys.executable, "-m", "fate_desk", "import", str(nell), "--into", str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "disk is full" in lines[0] and "rollback" not in lines[0], result.stderr
    assert [c.name for c in load_campaign(path).characters] == ["Ruth"]


def test_a_file_system_without_locks_opens_the_campaign_and_says_nothing_guards_it(qtbot, tmp_path, monkeypatch):
    """As on an NFS mount with `nolock`: every lock call fails with ENOLCK."""
    import errno

    from fate_desk.store import lock

    def no_locks(*_args, **_kwargs):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(lock.fcntl, "flock", no_locks)
    monkeypatch.setattr(lock.fcntl, "fcntl", no_locks)
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign(name="Skyships", characters=[Character(id="ruth", name="Ruth")])).close()
    window = started_app_window(qtbot)
    assert window.campaigns.open_path(path)
    assert "does not support file locks" in window.statusBar().currentMessage()
    assert not window.document.readonly
    window.close()
