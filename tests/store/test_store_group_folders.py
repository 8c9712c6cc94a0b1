"""A campaign in a folder shared by a group: files follow the umask, a refused member hears who
holds the campaign, and a lock left by another member's killed app does not block for ever.
Real processes; the second member is `nobody`, switched to when the test runs as root.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from fate_desk.model import Campaign, Character
from fate_desk.store.campaign_file import CampaignFile, load_campaign
from fate_desk.store.interchange import write_character_file
from fate_desk.store.lock import lock_path

pytestmark = pytest.mark.skipif(os.name != "posix", reason="umask, uids and flock as on Linux")

NOBODY = 65534
OTHER_PYTHON = "/usr/bin/python3"  # the system's, which the other member may run
WORKTREE = str(Path(__file__).resolve().parents[2])
as_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0 or not os.path.exists(OTHER_PYTHON),
                             reason="a second member of the group needs root to switch to")

HOLDER = """
import sys
from pathlib import Path
from fate_desk.store.campaign_file import CampaignFile
handle = CampaignFile.open(Path(sys.argv[1]))
print("holding", flush=True)
sys.stdin.read()
"""

# The other member takes the lock with the lock module alone (the standard library is all it needs).
MEMBER = """
import sys
sys.path.insert(0, sys.argv[1])
from fate_desk.store.lock import CampaignLock, CampaignLocked
try:
    lock = CampaignLock.acquire(sys.argv[2])
except CampaignLocked as exc:
    print("refused:", exc)
except OSError as exc:
    print("error:", exc)
else:
    print("held")
    lock.release()
"""


def group_umask() -> None:
    os.umask(0o002)


def as_member() -> None:
    os.setgroups([])
    os.setgid(NOBODY)
    os.setuid(NOBODY)


def start_holder(path: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=group_umask)
    assert proc.stdout.readline().strip() == "holding", proc.stderr.read()
    return proc


def test_new_campaigns_and_lock_files_follow_the_umask(tmp_path):
    nell = tmp_path / "nell.fate.json"
    write_character_file(nell, Character(name="Nell"))
    campaign = tmp_path / "shared.fatedesk"
    made = subprocess.run([sys.executable, "-m", "fate_desk", "import", str(nell), "--into", str(campaign)],
                          capture_output=True, text=True, timeout=60, preexec_fn=group_umask)
    assert made.returncode == 0, made.stderr
    assert stat.S_IMODE(campaign.stat().st_mode) == 0o664
    holder = start_holder(campaign)
    try:
        assert stat.S_IMODE(lock_path(campaign).stat().st_mode) == 0o664
    finally:
        holder.communicate("", timeout=30)


@pytest.fixture
def group_folder():
    folder = Path(tempfile.mkdtemp(prefix="fd-group-", dir="/tmp"))
    os.chown(folder, 0, NOBODY)
    folder.chmod(0o2770)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def shared_campaign(folder: Path) -> Path:
    path = folder / "c.fatedesk"
    CampaignFile.create(path, Campaign(name="Skyships", characters=[Character(name="Ruth")])).close()
    os.chown(path, 0, NOBODY)
    path.chmod(0o660)
    return path


@pytest.fixture(scope="module")
def member_code():
    """The package where the other member can read it: a checkout may sit in a folder only its
    owner can enter (a fresh `mktemp -d` clone does), and the member is another user."""
    folder = Path(tempfile.mkdtemp(prefix="fd-member-code-", dir="/tmp"))
    folder.chmod(0o755)
    shutil.copytree(Path(WORKTREE) / "fate_desk", folder / "fate_desk",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for item in folder.rglob("*"):
        item.chmod(0o755 if item.is_dir() else 0o644)
    yield str(folder)
    shutil.rmtree(folder, ignore_errors=True)


def member_tries(path: Path, code: str) -> str:
    result = subprocess.run([OTHER_PYTHON, "-c", MEMBER, code, str(path)], capture_output=True, text=True,
                            timeout=60, preexec_fn=as_member)
    assert "Traceback" not in result.stderr, result.stderr
    return result.stdout.strip()


@as_root
def test_a_member_refused_hears_who_holds_the_campaign(group_folder, member_code):
    campaign = shared_campaign(group_folder)
    holder = start_holder(campaign)
    try:
        said = member_tries(campaign, member_code)
        assert said.startswith("refused:") and "user root" in said and f"process {holder.pid}" in said, said
    finally:
        holder.communicate("", timeout=30)


@as_root
def test_a_lock_left_by_another_members_killed_app_is_stale_and_replaced(group_folder, member_code):
    campaign = shared_campaign(group_folder)
    holder = start_holder(campaign)
    holder.kill()
    holder.communicate(timeout=30)
    note = lock_path(campaign)
    assert note.exists() and note.stat().st_uid == 0  # left behind, and not the member's to write
    note.chmod(0o644)
    assert member_tries(campaign, member_code) == "held"
    assert [c.name for c in load_campaign(campaign).characters] == ["Ruth"]
