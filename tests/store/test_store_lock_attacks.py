"""The campaign's lock against what arrives in a shared zip, a git repository or a synced folder,
and against a second writer who reaches the campaign by another name: real symbolic links,
hard links and processes, as a user (or another local user) would make them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fate_desk.model import Campaign, Character
from fate_desk.store.campaign_file import (
    CampaignFile,
    CampaignFileError,
    CampaignInUse,
    load_campaign,
)
from fate_desk.store.interchange import write_character_file
from fate_desk.store.lock import CampaignLock, CampaignLocked, lock_path

pytestmark = pytest.mark.skipif(os.name != "posix", reason="symbolic links, hard links and flock as on Linux")

HOLDER = """
import sys
from pathlib import Path
from fate_desk.store.campaign_file import CampaignFile
handle = CampaignFile.open(Path(sys.argv[1]))
print("holding", flush=True)
sys.stdin.read()
handle.close()
"""


def make_campaign(path: Path, *names: str) -> Path:
    CampaignFile.create(path, Campaign(name=path.stem, characters=[Character(name=n) for n in names])).close()
    return path


def import_into(tmp_path: Path, campaign: Path, name: str = "Nell") -> subprocess.CompletedProcess:
    """`fate-desk import CHARACTER --into CAMPAIGN`, the command line's one writer."""
    character = tmp_path / f"{name}.fate.json"
    write_character_file(character, Character(name=name))
    return subprocess.run([sys.executable, "-m", "fate_desk", "import", str(character), "--into", str(campaign)],
                          capture_output=True, text=True, timeout=60)


def one_line(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture
def holder():
    """Another process that has the campaign open for editing (as the app would)."""
    started: list[subprocess.Popen] = []

    def start(path: Path) -> subprocess.Popen:
        proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        started.append(proc)
        assert proc.stdout.readline().strip() == "holding", proc.stderr.read()
        return proc

    yield start
    for proc in started:
        proc.communicate("", timeout=30)


# --- item 1: the lock file is never followed into another file -------------------------


def test_a_lock_file_symlinked_to_the_campaign_is_refused_and_the_campaign_is_untouched(tmp_path):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    before = campaign.read_bytes()
    (tmp_path / ".c.fatedesk.lock").symlink_to("c.fatedesk")  # as a zip or a git checkout brings it
    line = one_line(import_into(tmp_path, campaign))
    assert ".c.fatedesk.lock" in line and "symbolic link" in line
    assert campaign.read_bytes() == before
    assert [c.name for c in load_campaign(campaign).characters] == ["Ruth"]


def test_a_lock_file_symlinked_to_a_diary_never_writes_the_diary(tmp_path):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    diary = tmp_path / "diary.txt"
    diary.write_text("Dear diary, the campaign went well.\n")
    (tmp_path / ".c.fatedesk.lock").symlink_to(diary)
    with pytest.raises(CampaignFileError, match=r"\.c\.fatedesk\.lock is a symbolic link"):
        CampaignFile.open(campaign)
    assert diary.read_text() == "Dear diary, the campaign went well.\n"
    # A dangling link is not followed into a new file either.
    diary.unlink()
    line = one_line(import_into(tmp_path, campaign))
    assert "symbolic link" in line and not diary.exists()


def test_a_lock_file_hard_linked_to_another_file_is_refused_and_the_file_is_untouched(tmp_path):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    diary = tmp_path / "diary.txt"
    diary.write_text("Dear diary.\n")
    os.link(diary, tmp_path / ".c.fatedesk.lock")
    line = one_line(import_into(tmp_path, campaign))
    assert ".c.fatedesk.lock" in line and "hard link" in line
    assert diary.read_text() == "Dear diary.\n"
    assert [c.name for c in load_campaign(campaign).characters] == ["Ruth"]


def test_a_lock_file_that_is_a_folder_or_a_pipe_is_refused_with_one_line(tmp_path):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    note = tmp_path / ".c.fatedesk.lock"
    os.mkfifo(note)
    line = one_line(import_into(tmp_path, campaign))
    assert ".c.fatedesk.lock" in line and "not an ordinary file" in line
    note.unlink()
    note.mkdir()
    assert one_line(import_into(tmp_path, campaign))
    note.rmdir()
    assert import_into(tmp_path, campaign).returncode == 0


# --- item 2: every name of one campaign shares one lock -------------------------------


def test_a_symlink_to_an_open_campaign_is_refused_as_a_second_writer(tmp_path, holder):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    elsewhere = tmp_path / "shortcuts"
    elsewhere.mkdir()
    alias = elsewhere / "my campaign.fatedesk"
    alias.symlink_to(campaign)
    holder(campaign)
    line = one_line(import_into(tmp_path, alias))
    assert "is open for editing" in line and "process" in line
    assert [c.name for c in load_campaign(campaign).characters] == ["Ruth"]


def test_a_hard_link_to_an_open_campaign_is_refused_as_a_second_writer(tmp_path, holder):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    elsewhere = tmp_path / "copies"
    elsewhere.mkdir()
    alias = elsewhere / "same.fatedesk"
    os.link(campaign, alias)
    holder(alias)
    line = one_line(import_into(tmp_path, campaign))
    assert "is open for editing" in line
    with pytest.raises(CampaignInUse):
        CampaignFile.open(campaign)
    assert [c.name for c in load_campaign(campaign).characters] == ["Ruth"]


def test_deleting_the_lock_file_lets_no_second_writer_in(tmp_path, holder):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    holder(campaign)
    lock_path(campaign).unlink()
    line = one_line(import_into(tmp_path, campaign))
    assert "is open for editing" in line
    assert [c.name for c in load_campaign(campaign).characters] == ["Ruth"]


def test_every_name_is_free_again_once_the_holder_is_gone(tmp_path, holder):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    alias = tmp_path / "alias.fatedesk"
    os.link(campaign, alias)
    proc = holder(campaign)
    proc.kill()
    proc.wait(timeout=30)
    assert import_into(tmp_path, alias).returncode == 0
    assert [c.name for c in load_campaign(campaign).characters] == ["Ruth", "Nell"]


# --- item 8: whatever a lock file says, one line -----------------------------------------


@pytest.mark.parametrize("content", [
    '{"since": 1e300}', '{"since": -1e300, "pid": 1e300}', '{"since": NaN, "pid": true}',
    '{"pid": -5, "host": ["a", {"b": 1}], "program": {"x": 1}}', "[" * 30000, '"just text"',
    '{"host": "evil\\u001b[2J\\u0007", "program": "x\\ny"}', "\x00\xff" * 100,
])
def test_a_lock_file_with_absurd_content_gives_one_line(tmp_path, holder, content):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    holder(campaign)
    lock_path(campaign).write_text(content, errors="surrogateescape")
    line = one_line(import_into(tmp_path, campaign))
    assert "is open for editing" in line
    assert "\x1b" not in line and "\x07" not in line


def test_the_holder_is_named_with_the_user(tmp_path):
    campaign = make_campaign(tmp_path / "c.fatedesk")
    lock = CampaignLock.acquire(campaign)
    try:
        with pytest.raises(CampaignLocked) as refused:
            CampaignLock.acquire(campaign)
        note = json.loads(lock_path(campaign).read_text())
        assert note["user"] and f"user {note['user']})" in str(refused.value)
    finally:
        lock.release()
    assert not lock_path(campaign).exists()


def test_a_file_a_sync_tool_put_in_the_campaigns_place_is_locked_once_read_again(tmp_path):
    from fate_desk.store.lock import is_locked

    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    handle = CampaignFile.open(campaign)
    try:
        make_campaign(tmp_path / "incoming.fatedesk", "Ruth", "Nell").replace(campaign)
        assert handle.changed_on_disk()
        handle = handle.reload()
        assert is_locked(campaign)
        line = one_line(import_into(tmp_path, campaign))
        assert "is open for editing" in line
    finally:
        handle.close()
    assert not is_locked(campaign)


# --- issue 45: where the holder is ---------------------------------------------------------


def test_a_holder_on_this_computer_is_said_to_be_on_this_computer_even_without_its_note(tmp_path, holder):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    proc = holder(campaign)
    assert f"process {proc.pid}" in one_line(import_into(tmp_path, campaign))
    assert "on this computer" in one_line(import_into(tmp_path, campaign))
    lock_path(campaign).unlink()  # the file itself is still locked; the note that said who is gone
    line = one_line(import_into(tmp_path, campaign))
    assert "by Fate Desk on this computer" in line and "another computer" not in line


def test_a_note_written_a_moment_after_the_lock_is_taken_is_waited_for(tmp_path):
    """A second writer refused in the moment between the holder taking the lock and writing who
    it is reads the note again, and names the holder."""
    import threading

    campaign = make_campaign(tmp_path / "c.fatedesk")
    lock = CampaignLock.acquire(campaign)
    note = lock_path(campaign)
    said = note.read_bytes()
    note.write_bytes(b"")  # as just after the holder made it

    def written() -> None:
        with open(note, "r+b") as handle:
            handle.write(said)

    timer = threading.Timer(0.05, written)
    timer.start()
    try:
        with pytest.raises(CampaignLocked) as refused:
            CampaignLock.acquire(campaign)
    finally:
        timer.join()
        lock.release()
    assert f"(process {os.getpid()}, user " in str(refused.value) and "on this computer" in str(refused.value)


@pytest.mark.parametrize("host,where", [("{here}", "on this computer"), ("{HERE}", "on this computer"),
                                        ("gm-laptop", "on gm-laptop")])
def test_the_holder_is_placed_by_the_computer_its_note_names(tmp_path, holder, host, where):
    from fate_desk.leftovers import computer_name

    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    holder(campaign)
    name = host.replace("{here}", computer_name()).replace("{HERE}", computer_name().upper())
    lock_path(campaign).write_text(json.dumps({"program": "Fate Desk", "host": name, "pid": 4242, "user": "ruth"}))
    line = one_line(import_into(tmp_path, campaign))
    assert f"by Fate Desk (process 4242, user ruth) {where}" in line
