"""Older campaign files open: layout 0 (one JSON row) is upgraded, safely, to the current layout."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import APPLICATION_ID, CampaignFile, CampaignFileError, load_campaign
from fate_desk.store.migrations import SCHEMA_VERSION, STEPS

SAMPLE = Path(__file__).parents[1] / "data" / "sample.fate-campaign.json"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_layout0(path: Path, payload: str) -> None:
    """A file as development builds wrote it: the whole campaign as one JSON row, version 0."""
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("CREATE TABLE campaign (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL)")
    conn.execute("INSERT INTO campaign (id, data) VALUES (1, ?)", (payload,))
    conn.commit()
    conn.close()


@pytest.fixture
def old_file(tmp_path) -> Path:
    path = tmp_path / "old.fatedesk"
    write_layout0(path, read_bundle(SAMPLE).model_dump_json())
    return path


def user_version(path: Path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


def test_every_older_version_has_a_step_up():
    assert sorted(STEPS) == list(range(SCHEMA_VERSION))


def test_opening_a_layout0_file_upgrades_it_and_keeps_everything(old_file, user_data):
    with CampaignFile.open(old_file) as handle:
        assert handle.upgraded_from == 0
        assert handle.campaign.model_dump() == read_bundle(SAMPLE).model_dump()
        # The upgraded file takes edits like any other.
        handle.campaign.gm_fate_points = 9
        handle.save_meta()
    assert user_version(old_file) == SCHEMA_VERSION
    assert load_campaign(old_file).gm_fate_points == 9


def test_a_copy_of_the_old_file_is_kept_before_the_upgrade(old_file, user_data):
    with CampaignFile.open(old_file) as handle:
        kept = handle.upgrade_copy
    assert kept is not None and kept.parent == user_data / "backups"
    assert "before-upgrade-from-v0" in kept.name
    assert user_version(kept) == 0
    conn = sqlite3.connect(f"file:{kept}?mode=ro", uri=True)
    payload = conn.execute("SELECT data FROM campaign").fetchone()[0]
    conn.close()
    assert payload == read_bundle(SAMPLE).model_dump_json()
    # Rolling backups come and go; the copy made before the upgrade stays.
    for _ in range(7):
        with CampaignFile.open(old_file) as handle:
            handle.campaign.gm_fate_points += 1
            handle.save_meta()
    assert kept.exists()


def test_a_read_only_open_upgrades_in_memory_and_leaves_the_file_alone(old_file):
    before = digest(old_file)
    campaign = load_campaign(old_file)
    assert campaign.model_dump() == read_bundle(SAMPLE).model_dump()
    assert digest(old_file) == before
    assert user_version(old_file) == 0


def test_an_old_file_that_does_not_fit_its_layout_is_refused_unchanged(tmp_path):
    path = tmp_path / "broken.fatedesk"
    write_layout0(path, "{not json")
    before = digest(path)
    for readonly in (False, True):
        with pytest.raises(CampaignFileError, match="could not be upgraded from file version 0"):
            CampaignFile.open(path, readonly=readonly)
    assert digest(path) == before
    assert user_version(path) == 0


def test_an_old_file_with_a_bad_entry_is_rolled_back_whole(tmp_path):
    path = tmp_path / "broken.fatedesk"
    write_layout0(path, '{"name": "X", "characters": [{"id": "a"}, {"no": "id"}]}')
    before = digest(path)
    with pytest.raises(CampaignFileError, match=r"characters\[1\]"):
        CampaignFile.open(path)
    assert digest(path) == before
    conn = sqlite3.connect(path)
    assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == ["campaign"]
    conn.close()


def test_without_a_safety_copy_the_file_is_not_upgraded(old_file, tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the backup folder should be")
    before = digest(old_file)
    with pytest.raises(CampaignFileError, match="safety copy"):
        CampaignFile.open(old_file, backup_dir=blocker / "backups")
    assert digest(old_file) == before
