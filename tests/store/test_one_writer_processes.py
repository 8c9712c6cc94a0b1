"""One campaign, one writer, with real app processes: hand-over, the lock, SIGKILL, the CLI.

Each app runs as `python -m fate_desk FILE` (offscreen) with its own data and settings
folders; every wait is bounded by a subprocess timeout or a polling deadline, never timed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fate_desk.model import Campaign, Character
from fate_desk.store.campaign_file import CampaignFile, load_campaign
from fate_desk.store.lock import is_locked

pytestmark = pytest.mark.skipif(os.name != "posix", reason="flock and local sockets as on Linux and macOS")


def app_env(tmp_path: Path) -> dict:
    return dict(os.environ, QT_QPA_PLATFORM="offscreen", FATE_DESK_DATA_DIR=str(tmp_path / "data"),
                XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path), PYTHONUNBUFFERED="1")


def make_campaign(path: Path, *names: str) -> Path:
    CampaignFile.create(path, Campaign(name=path.stem, characters=[Character(name=n) for n in names])).close()
    return path


def locked(path: Path) -> bool:
    """Whether an app holds the campaign, asked without taking the lock (a test that took it
    to look could refuse the very app it waits for)."""
    return is_locked(path)


def wait_until(condition, deadline_s: float = 60.0) -> bool:
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return False


@pytest.fixture
def first_app(tmp_path):
    started: list[subprocess.Popen] = []

    def start(path: Path) -> subprocess.Popen:
        proc = subprocess.Popen([sys.executable, "-m", "fate_desk", str(path)], env=app_env(tmp_path),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        started.append(proc)
        return proc

    yield start
    for proc in started:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=30)


def test_second_launch_hands_its_file_to_the_running_app_which_holds_the_lock(tmp_path, first_app):
    one = make_campaign(tmp_path / "one.fatedesk", "Ruth")
    two = make_campaign(tmp_path / "two.fatedesk", "Nell")
    app = first_app(one)
    assert wait_until(lambda: locked(one)), "the first app never took the campaign's lock"

    second = subprocess.run([sys.executable, "-m", "fate_desk", str(two)], env=app_env(tmp_path),
                            capture_output=True, text=True, timeout=60)
    assert second.returncode == 0, second.stderr
    assert "already running" in second.stderr
    # The running app opened the handed-over campaign (and so holds its lock), and is still running.
    assert wait_until(lambda: locked(two)), "the running app did not open the handed-over file"
    assert wait_until(lambda: not locked(one))
    assert app.poll() is None


def test_a_cli_writer_is_refused_with_one_line_while_the_app_has_the_campaign(tmp_path, first_app):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    nell = tmp_path / "nell.fate.json"
    subprocess.run([sys.executable, "-m", "fate_desk", "import", str(campaign), "--out", str(tmp_path)],
                   capture_output=True, text=True, timeout=60, check=True)
    (tmp_path / "Ruth.fate.json").rename(nell)
    before = campaign.read_bytes()
    first_app(campaign)
    assert wait_until(lambda: locked(campaign))

    refused = subprocess.run([sys.executable, "-m", "fate_desk", "import", str(nell), "--into", str(campaign)],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1 and "is open for editing" in lines[0] and "since" in lines[0]
    assert "Traceback" not in refused.stderr
    assert campaign.read_bytes() == before
    # Reading is still fine while the app edits.
    checked = subprocess.run([sys.executable, "-m", "fate_desk", "check", str(campaign)],
                             capture_output=True, text=True, timeout=60)
    assert checked.returncode in (0, 1) and "Ruth" in checked.stdout


def test_killing_the_app_frees_the_campaign_at_once(tmp_path, first_app):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    app = first_app(campaign)
    assert wait_until(lambda: locked(campaign))
    app.send_signal(signal.SIGKILL)
    app.wait(timeout=30)
    assert not locked(campaign)  # no waiting for a stale-lock timeout
    with CampaignFile.open(campaign) as handle:
        handle.put(Character(name="Nell"))
    assert [c.name for c in load_campaign(campaign).characters] == ["Ruth", "Nell"]

    # And a new app starts as the running one (the dead one's socket is no obstacle).
    again = first_app(campaign)
    assert wait_until(lambda: locked(campaign))
    assert again.poll() is None


def test_a_character_file_given_to_a_second_launch_joins_the_running_apps_campaign(tmp_path, first_app):
    from fate_desk.store.interchange import write_character_file

    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    nell = tmp_path / "nell.fate.json"
    write_character_file(nell, Character(name="Nell"))
    app = first_app(campaign)
    assert wait_until(lambda: locked(campaign))
    second = subprocess.run([sys.executable, "-m", "fate_desk", str(nell)], env=app_env(tmp_path),
                            capture_output=True, text=True, timeout=60)
    assert second.returncode == 0, second.stderr
    assert wait_until(lambda: [c.name for c in load_campaign(campaign).characters] == ["Ruth", "Nell"])
    assert app.poll() is None


def test_a_file_synced_underneath_the_running_app_is_read_again_and_never_overwritten(tmp_path, first_app):
    campaign = make_campaign(tmp_path / "c.fatedesk", "Ruth")
    app = first_app(campaign)
    assert wait_until(lambda: locked(campaign))
    backups = tmp_path / "data" / "backups"
    assert wait_until(lambda: len(list(backups.glob("c.*.fatedesk"))) == 1)
    # A sync tool puts a newer copy in place (a rename, as sync tools do).
    make_campaign(tmp_path / "incoming.fatedesk", "Ruth", "Nell").replace(campaign)
    synced = campaign.read_bytes()
    # The user opens the campaign again (a double-click hands it to the running app).
    second = subprocess.run([sys.executable, "-m", "fate_desk", str(campaign)], env=app_env(tmp_path),
                            capture_output=True, text=True, timeout=60)
    assert second.returncode == 0, second.stderr
    # The app read the newer file again (each open for editing keeps a backup of what it read) ...
    assert wait_until(lambda: len(list(backups.glob("c.*.fatedesk"))) == 2)
    newest = max(backups.glob("c.*.fatedesk"), key=lambda p: p.name)
    assert [c.name for c in load_campaign(newest).characters] == ["Ruth", "Nell"]
    # ... and wrote nothing over it, and still holds it.
    assert campaign.read_bytes() == synced
    assert locked(campaign) and app.poll() is None
