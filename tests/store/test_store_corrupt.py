"""Damaged, foreign and too-new files: a clear refusal, and the file's bytes left as they were."""

from __future__ import annotations

import hashlib
import random
import sqlite3
from pathlib import Path

import pytest

from fate_desk.cli import main
from fate_desk.model import Campaign
from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import APPLICATION_ID, CampaignFile, CampaignFileError, load_campaign
from fate_desk.store.interchange import FileFormatError
from fate_desk.store.migrations import SCHEMA_VERSION
from fate_desk.store.opening import checked_stamps

SAMPLE = Path(__file__).parents[1] / "data" / "sample.fate-campaign.json"


@pytest.fixture
def good_file(tmp_path) -> Path:
    path = tmp_path / "good.fatedesk"
    CampaignFile.create(path, read_bundle(SAMPLE)).close()
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def assert_refused_untouched(path: Path, match: str) -> None:
    """Both kinds of open refuse with one readable line; nothing beside the file appears."""
    before = digest(path)
    neighbours = set(path.parent.iterdir())
    for readonly in (False, True):
        with pytest.raises(CampaignFileError, match=match) as caught:
            CampaignFile.open(path, readonly=readonly)
        message = str(caught.value)
        assert message.startswith(str(path)) and "\n" not in message
    assert digest(path) == before
    assert set(path.parent.iterdir()) == neighbours


def test_a_truncated_file_is_refused_and_left_as_it_is(good_file):
    data = good_file.read_bytes()
    good_file.write_bytes(data[: len(data) // 2])
    assert_refused_untouched(good_file, "damaged")


def test_a_file_cut_inside_its_header_is_called_truncated(good_file):
    good_file.write_bytes(good_file.read_bytes()[:60])
    assert_refused_untouched(good_file, "truncated")


@pytest.mark.parametrize("seed", range(5))
def test_random_bytes_are_not_a_campaign(tmp_path, seed):
    path = tmp_path / "noise.fatedesk"
    path.write_bytes(random.Random(seed).randbytes(8192))
    assert_refused_untouched(path, "not a Fate Desk campaign file")


@pytest.mark.parametrize("seed", range(5))
def test_random_pages_behind_a_valid_header_are_damage(good_file, seed):
    data = bytearray(good_file.read_bytes())
    rng = random.Random(seed)
    data[100:] = rng.randbytes(len(data) - 100)
    good_file.write_bytes(bytes(data))
    assert_refused_untouched(good_file, "damaged")


def test_scribbled_pages_are_caught_by_the_quick_check(good_file):
    data = bytearray(good_file.read_bytes())
    page = 4096
    for offset in range(page + 8, len(data), page):  # each page's cell pointers
        data[offset:offset + 16] = b"\xff" * 16
    good_file.write_bytes(bytes(data))
    assert_refused_untouched(good_file, "damaged")


def break_id_index(path: Path) -> None:
    """Damage only SQLite's check finds: the id index's page is no longer a b-tree page."""
    conn = sqlite3.connect(path)
    root = conn.execute(
        "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_entities_1'"
    ).fetchone()[0]
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    data[(root - 1) * page_size] = 0
    path.write_bytes(bytes(data))


def test_damage_that_loading_would_miss_is_caught_by_the_quick_check(good_file):
    break_id_index(good_file)
    # The rows themselves still read...
    conn = sqlite3.connect(f"file:{good_file}?mode=ro", uri=True)
    assert len(conn.execute("SELECT data FROM entities ORDER BY kind, position").fetchall()) == 12
    conn.close()
    # ...but the file is damaged, and opening says so.
    assert_refused_untouched(good_file, r"damaged \(SQLite's check says: Page \d+")


def test_a_check_made_ahead_vouches_only_for_the_file_as_it_was_checked(good_file):
    """The app checks a campaign the user chose on a worker (`checked_stamps`); the open then
    skips SQLite's check only while the file is still the one checked: damage written after
    the check is refused as ever, and the file left as it was."""
    stamps = checked_stamps(good_file)
    assert stamps is not None
    CampaignFile.open(good_file, checked=stamps).close()
    break_id_index(good_file)
    assert checked_stamps(good_file) is None  # the check ahead cannot vouch for it
    before = digest(good_file)
    for readonly in (False, True):
        with pytest.raises(CampaignFileError, match=r"damaged \(SQLite's check says: Page \d+"):
            CampaignFile.open(good_file, readonly=readonly, checked=stamps)
    assert digest(good_file) == before


def test_another_programs_database_is_refused(tmp_path):
    path = tmp_path / "foreign.fatedesk"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE songs (title TEXT)")
    conn.execute("INSERT INTO songs VALUES ('Wind on the Water')")
    conn.commit()
    conn.close()
    assert_refused_untouched(path, "SQLite database, but not a Fate Desk campaign")


def test_another_programs_database_in_wal_mode_gets_no_wal_files(tmp_path):
    path = tmp_path / "foreign.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    assert_refused_untouched(path, "not a Fate Desk campaign")


def test_a_file_from_a_newer_fate_desk_is_refused(good_file):
    conn = sqlite3.connect(good_file)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    assert_refused_untouched(good_file, "newer Fate Desk")


def test_damaged_rows_are_named_in_the_message(good_file):
    conn = sqlite3.connect(good_file)
    conn.execute("UPDATE entities SET data = '{\"name\": 5}' WHERE id = 'ruth'")
    conn.commit()
    conn.close()
    assert_refused_untouched(good_file, r"character ruth: name")


def test_unreadable_settings_are_damage(good_file):
    conn = sqlite3.connect(good_file)
    conn.execute("UPDATE meta SET value = 'not json' WHERE key = 'campaign'")
    conn.commit()
    conn.close()
    assert_refused_untouched(good_file, "campaign settings are not readable")


def test_empty_file_and_folder_and_missing_file(tmp_path):
    empty = tmp_path / "empty.fatedesk"
    empty.write_bytes(b"")
    assert_refused_untouched(empty, "is empty")
    with pytest.raises(CampaignFileError, match="folder"):
        CampaignFile.open(tmp_path)
    with pytest.raises(CampaignFileError, match="no such file"):
        CampaignFile.open(tmp_path / "missing.fatedesk")


def test_a_campaign_file_error_is_a_file_format_error(tmp_path):
    with pytest.raises(FileFormatError):
        load_campaign(tmp_path / "missing.fatedesk")


def test_check_exits_2_with_one_line_on_a_damaged_campaign(good_file, capsys):
    data = good_file.read_bytes()
    good_file.write_bytes(data[: len(data) // 2])
    before = digest(good_file)
    assert main(["check", str(good_file)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(str(good_file)) and "\n" not in err and "Traceback" not in err
    assert digest(good_file) == before


def test_import_into_a_damaged_campaign_is_refused_and_both_files_stay(good_file, tmp_path, capsys):
    data = good_file.read_bytes()
    good_file.write_bytes(data[: len(data) // 2])
    before = digest(good_file)
    source = Path(__file__).parents[1] / "data" / "fari" / "v6-nell.fari.json"
    assert main(["import", str(source), "--into", str(good_file)]) == 2
    assert "damaged" in capsys.readouterr().err
    assert digest(good_file) == before


def test_the_application_id_marks_our_files(tmp_path):
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign()).close()
    assert int.from_bytes(path.read_bytes()[68:72], "big") == APPLICATION_ID
