"""The command line against file contents that would take over the terminal, and campaign
names too long for the files kept beside a campaign while it is edited. Real processes."""

from __future__ import annotations

import subprocess
import sys

from fate_desk.model import Campaign, Character
from fate_desk.store.campaign_file import CampaignFile, load_campaign
from fate_desk.store.interchange import write_character_file

EVIL = "Evil\x1b]0;pwned\x07\x1b[2J\x9b31m Name"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fate_desk", *args], capture_output=True, timeout=60)


def test_control_characters_from_a_file_print_as_escapes_never_reach_the_terminal(tmp_path):
    evil = tmp_path / "evil.fate.json"
    write_character_file(evil, Character(name=EVIL, ruleset="fate-core"))
    for result in (run("import", str(evil), "--into", str(tmp_path / "c.fatedesk")), run("check", str(evil))):
        out = result.stdout + result.stderr
        assert b"\x1b" not in out and b"\x07" not in out and "\x9b".encode() not in out
        assert b"Evil\\x1b]0;pwned\\x07" in out


def test_a_campaign_name_too_long_to_edit_is_refused_at_once_with_one_line(tmp_path):
    short = tmp_path / "c.fatedesk"
    CampaignFile.create(short, Campaign(name="Long", characters=[Character(name="Ruth")])).close()
    long_name = tmp_path / ("L" * (248 - len(".fatedesk")) + ".fatedesk")
    assert len(long_name.name.encode()) == 248
    short.rename(long_name)
    nell = tmp_path / "nell.fate.json"
    write_character_file(nell, Character(name="Nell"))
    result = run("import", str(nell), "--into", str(long_name))
    assert result.returncode == 2
    lines = result.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "name too long" in lines[0] and "read-only" in lines[0], lines
    assert [c.name for c in load_campaign(long_name).characters] == ["Ruth"]  # reading still works
    made = run("import", str(nell), "--into", str(tmp_path / ("M" * 245 + ".fatedesk")))
    assert made.returncode == 2 and b"too long" in made.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([long_name.name, "nell.fate.json"])
