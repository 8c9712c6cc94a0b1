"""An export killed half-way (SIGKILL, a power cut) leaves nothing behind for good: the next
export to that name removes the half-written file of the dead process. A real process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from fate_desk.model import Campaign, Character
from fate_desk.store.bundle import write_bundle

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL as on Linux")


def test_the_next_export_removes_what_a_killed_export_left(tmp_path):
    campaign = tmp_path / "big.fate-campaign.json"
    write_bundle(campaign, Campaign(name="Big", characters=[Character(name=f"Thug {n}") for n in range(400)]))
    out = tmp_path / "pack.pdf"
    proc = subprocess.Popen([sys.executable, "-m", "fate_desk", "export", str(campaign), "--what", "sheets",
                             "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    end = time.monotonic() + 60
    while time.monotonic() < end and not list(tmp_path.glob(".pack.pdf.*.tmp")) and proc.poll() is None:
        time.sleep(0.02)
    assert proc.poll() is None, "the export ended before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert list(tmp_path.glob(".pack.pdf.*.tmp")), "a killed export leaves its half-written file"
    small = tmp_path / "one.fate-campaign.json"
    write_bundle(small, Campaign(name="One", characters=[Character(name="Ruth")]))
    again = subprocess.run([sys.executable, "-m", "fate_desk", "export", str(small), "--what", "sheets",
                            "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.fate-campaign.json", "one.fate-campaign.json",
                                                         "pack.pdf"]
