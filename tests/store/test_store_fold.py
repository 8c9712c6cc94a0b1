"""Folding the write-ahead log into the campaign file on a worker, as the app does (see
log_fold.LogFold): no commit folds it in itself, edits go on being saved while a fold runs,
closing waits for it, and the file watch neither misses another program's change made meanwhile
nor takes the fold's own for one."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

import pytest

from fate_desk.model import Campaign, Character
from fate_desk.store.campaign_file import CampaignFile, FileChangedError, load_campaign
from fate_desk.store.log_fold import LONG_LOG_BYTES


def log_of(path: Path) -> Path:
    return Path(f"{path}-wal")


def file_stat(path: Path) -> tuple:
    info = os.stat(path)
    return info.st_size, info.st_mtime_ns


@pytest.fixture
def handle(tmp_path):
    path = tmp_path / "c.fatedesk"
    opened = CampaignFile.create(path, Campaign(name="Fold", characters=[Character(id="ruth", name="Ruth")]),
                                 backup_dir=tmp_path / "backups")
    opened.fold_by_caller()
    opened.put(Character(id="nell", name="Nell"))  # the log is on
    opened.fold_in()
    yield opened
    opened.close()


def crew(count: int, words: int = 400) -> list[Character]:
    return [Character(name=f"Crew {n}", notes=f"crew-{n} " + "salt and rope " * words) for n in range(count)]


def fold_on_a_worker(handle: CampaignFile, during=None):
    """begin_fold, its run on a thread (with `during()` on this thread meanwhile), end_fold."""
    fold = handle.begin_fold()
    assert fold is not None
    worker = threading.Thread(target=fold.run)
    worker.start()
    if during is not None:
        during()
    worker.join()
    handle.end_fold(fold)
    return fold


def test_no_save_folds_the_log_in_itself_and_a_worker_fold_leaves_the_file_whole(handle):
    """A library import's worth of text: the save writes the log only (the file is untouched,
    however long the log grows); the fold on a worker puts everything in the file and empties
    the log, and the watch takes that for this open's own doing."""
    before = file_stat(handle.path)
    handle.put_many(crew(300, words=1200))
    assert file_stat(handle.path) == before
    assert handle.log_is_long() and log_of(handle.path).stat().st_size > LONG_LOG_BYTES
    fold = fold_on_a_worker(handle)
    assert fold.complete
    assert log_of(handle.path).stat().st_size == 0
    assert b"crew-299 " in handle.path.read_bytes()
    assert not handle.changed_on_disk()
    handle.put(Character(id="after", name="After the fold"))  # no "changed by another program"
    assert "After the fold" in [c.name for c in load_campaign(handle.path).characters]


def test_saves_made_while_a_fold_runs_land_and_are_not_taken_for_another_programs(handle):
    handle.put_many(crew(200))
    names = [f"Saved meanwhile {n}" for n in range(40)]

    def save_meanwhile():
        for name in names:
            handle.put(Character(name=name))

    fold_on_a_worker(handle, during=save_meanwhile)
    assert not handle.changed_on_disk()
    handle.put(Character(name="Last"))
    # Saved since the fold began: the log keeps them until the next fold (not emptied under them).
    fold_on_a_worker(handle)
    assert log_of(handle.path).stat().st_size == 0
    path = handle.path
    handle.close()
    saved = [c.name for c in load_campaign(path).characters]
    assert saved[-41:] == [*names, "Last"] and len(saved) == 2 + 200 + 41


def test_closing_while_a_fold_runs_waits_for_it_and_leaves_one_file(handle, tmp_path):
    handle.put_many(crew(200))
    fold = handle.begin_fold()
    worker = threading.Thread(target=fold.run)
    worker.start()
    path = handle.path
    handle.close()
    worker.join()
    handle.end_fold(fold)  # handed back after the close: nothing left to do
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("c.fatedesk")) == ["c.fatedesk"]
    assert path.read_bytes()[18:20] == b"\x01\x01"  # the rollback journal again, as at rest
    assert len(load_campaign(path).characters) == 2 + 200


@pytest.mark.parametrize("how", ["written in place", "replaced by a sync tool"])
def test_another_programs_change_while_a_fold_runs_is_noticed_and_never_overwritten(handle, tmp_path, how):
    handle.put_many(crew(50))
    path = handle.path
    fold = handle.begin_fold()
    if how == "written in place":
        other = sqlite3.connect(path)  # another program, past the lock (a share without locks)
        other.execute("INSERT INTO entities(id, kind, position, data) VALUES ('tam', 'character', 999, ?)",
                      (Character(id="tam", name="Tam").model_dump_json(),))
        other.commit()
        other.close()
    worker = threading.Thread(target=fold.run)
    worker.start()
    worker.join()
    if how == "replaced by a sync tool":
        synced = tmp_path / "synced.fatedesk"
        CampaignFile.create(synced, Campaign(name="Synced", characters=[Character(id="tam", name="Tam")])).close()
        synced.replace(path)
    handle.end_fold(fold)
    assert handle.changed_on_disk()
    with pytest.raises(FileChangedError):
        handle.put(Character(name="Would overwrite"))
    handle.close()
    saved = [c.name for c in load_campaign(path).characters]
    assert "Tam" in saved and "Would overwrite" not in saved


def test_a_fold_is_not_begun_twice_nor_on_a_file_changed_since_it_was_written(handle):
    handle.put(Character(name="One"))
    first = handle.begin_fold()
    assert first is not None and handle.begin_fold() is None
    first.run()
    handle.end_fold(first)
    handle.put(Character(name="Two"))
    other = sqlite3.connect(handle.path)
    other.execute("INSERT INTO entities(id, kind, position, data) VALUES ('tam', 'character', 999, ?)",
                  (Character(id="tam", name="Tam").model_dump_json(),))
    other.commit()
    other.close()
    assert handle.begin_fold() is None  # the next write or check says the file changed
    assert handle.changed_on_disk()
