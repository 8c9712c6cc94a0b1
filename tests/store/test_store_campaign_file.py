"""The campaign file: every edit saved at once, copies, rolling backups, read-only opens."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from fate_desk.model import Campaign, Character, Countdown, Hazard
from fate_desk.store import backups
from fate_desk.store.backups import list_backups
from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import CampaignFile, CampaignFileError, load_campaign
from fate_desk.store.rows import SavedText

SAMPLE = Path(__file__).parents[1] / "data" / "sample.fate-campaign.json"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_create_then_load_gives_back_the_whole_campaign(tmp_path):
    campaign = read_bundle(SAMPLE)
    path = tmp_path / "drowned.fatedesk"
    CampaignFile.create(path, campaign).close()
    assert load_campaign(path).model_dump() == campaign.model_dump()


def test_every_committed_edit_is_in_the_file_without_a_save_step(tmp_path):
    path = tmp_path / "c.fatedesk"
    handle = CampaignFile.create(path, read_bundle(SAMPLE))
    ruth = handle.campaign.character("ruth")
    ruth.fate_points = 0
    handle.put(ruth)
    handle.put(Countdown(id="new-clock", name="Reinforcements", boxes=3))
    handle.remove("gate")
    handle.campaign.gm_fate_points = 7
    handle.save_meta()
    # Read through a second connection while the first is still open: nothing is pending.
    seen = load_campaign(path)
    handle.close()
    assert seen.character("ruth").fate_points == 0
    assert [c.id for c in seen.countdowns] == ["tide", "new-clock"]
    assert "gate" not in [o.id for o in seen.obstacles]
    assert seen.gm_fate_points == 7


def test_put_many_lands_all_or_nothing(tmp_path):
    path = tmp_path / "c.fatedesk"
    handle = CampaignFile.create(path, Campaign(name="Empty"))
    good = Character(name="Good")

    class Broken(Character):
        def model_dump_json(self, **kwargs):  # fails half-way through the transaction
            raise RuntimeError("disk on fire")

    with pytest.raises(RuntimeError):
        handle.put_many([good, Broken(name="Bad")])
    assert handle.campaign.characters == []
    assert load_campaign(path).characters == []
    handle.put_many([good, Character(name="Also good")])
    handle.close()
    assert [c.name for c in load_campaign(path).characters] == ["Good", "Also good"]


def test_text_written_ahead_is_saved_only_for_the_entries_it_was_made_from(tmp_path):
    # An import writes its characters out on the worker that read them; one given a new id
    # afterwards (a clash with the campaign) must be saved as it is now, not as it was read.
    path = tmp_path / "c.fatedesk"
    handle = CampaignFile.create(path, Campaign(name="Empty"))
    nell, gor = Character(id="nell", name="Nell"), Character(id="gor", name="Gor")
    saved = SavedText([nell, gor])
    renamed = gor.model_copy(update={"id": "gor-2"})
    handle.put_many([nell, renamed], saved)
    handle.close()
    assert [(c.id, c.name) for c in load_campaign(path).characters] == [("nell", "Nell"), ("gor-2", "Gor")]


def test_new_entities_keep_their_order_after_removals(tmp_path):
    path = tmp_path / "c.fatedesk"
    handle = CampaignFile.create(path, Campaign())
    for name in "abc":
        handle.put(Hazard(id=name, name=name))
    handle.remove("a")
    handle.put(Hazard(id="d", name="d"))
    handle.remove("b")
    handle.put(Hazard(id="e", name="e"))
    expected = [o.id for o in handle.campaign.obstacles]
    handle.close()
    assert expected == ["c", "d", "e"]
    assert [o.id for o in load_campaign(path).obstacles] == expected


def test_opening_and_closing_changes_nothing_and_leaves_no_journal(tmp_path):
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, read_bundle(SAMPLE)).close()
    before, mtime = digest(path), path.stat().st_mtime_ns
    for readonly in (False, True):
        with CampaignFile.open(path, readonly=readonly) as handle:
            assert handle.campaign.name == "The Drowned City"
    assert digest(path) == before
    assert path.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == ["c.fatedesk"]


def test_read_only_open_refuses_edits(tmp_path):
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign()).close()
    with CampaignFile.open(path, readonly=True) as handle:
        with pytest.raises(CampaignFileError, match="read-only"):
            handle.put(Character(name="X"))


def test_creating_over_an_existing_file_is_refused(tmp_path):
    path = tmp_path / "c.fatedesk"
    path.write_bytes(b"precious")
    with pytest.raises(CampaignFileError, match="already exists"):
        CampaignFile.create(path, Campaign())
    assert path.read_bytes() == b"precious"


def test_duplicate_ids_are_refused_before_anything_is_written(tmp_path):
    campaign = Campaign(characters=[Character(id="same"), Character(id="same")])
    path = tmp_path / "c.fatedesk"
    with pytest.raises(CampaignFileError, match=r"characters\[1\]\.id"):
        CampaignFile.create(path, campaign)
    assert list(tmp_path.iterdir()) == []


def test_save_copy_as_writes_a_complete_copy_and_keeps_editing_the_original(tmp_path):
    path, copy = tmp_path / "c.fatedesk", tmp_path / "copy.fatedesk"
    handle = CampaignFile.create(path, read_bundle(SAMPLE))
    handle.save_copy_as(copy)
    handle.put(Character(id="later", name="Added after the copy"))
    handle.close()
    assert load_campaign(copy).model_dump() == read_bundle(SAMPLE).model_dump()
    assert load_campaign(path).character("later") is not None


def test_save_copy_as_refuses_the_file_itself_and_a_failed_copy_keeps_the_old_target(tmp_path, monkeypatch):
    path, target = tmp_path / "c.fatedesk", tmp_path / "existing.fatedesk"
    target.write_bytes(b"an older copy the user keeps")
    handle = CampaignFile.create(path, Campaign())
    with pytest.raises(CampaignFileError, match="itself"):
        handle.save_copy_as(path)

    def failing_fsync(fd):
        raise OSError(5, "Input/output error")

    # The copy is complete in its temporary file, then flushing it to disk fails.
    monkeypatch.setattr(backups.os, "fsync", failing_fsync)
    with pytest.raises(CampaignFileError, match="could not be written"):
        handle.save_copy_as(target)
    handle.close()
    assert target.read_bytes() == b"an older copy the user keeps"
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == ["c.fatedesk", "existing.fatedesk"]


def test_each_open_makes_a_rolling_backup_and_only_the_last_five_stay(tmp_path, user_data):
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign()).close()
    for n in range(7):
        with CampaignFile.open(path) as handle:
            assert handle.backup_path is not None and handle.backup_path.exists()
            handle.put(Countdown(id=f"clock-{n}", name=f"Clock {n}"))
    backups = list_backups(path, user_data / "backups")
    assert len(backups) == 5
    # Newest first: the latest open saw clocks 0..5, the oldest kept one clocks 0..1.
    counts = [len(load_campaign(b).countdowns) for b in backups]
    assert counts == [6, 5, 4, 3, 2]


def test_a_backup_made_in_the_background_is_of_the_file_before_the_first_save(tmp_path, user_data, monkeypatch):
    """The app opens with the backup on a thread; a save made while it is still copying waits
    for it, so the backup never holds this open's changes."""
    import threading

    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign()).close()
    copying, go_on = threading.Event(), threading.Event()
    real = backups.backup_copy

    def slow_backup(*args, **kwargs):
        copying.set()
        assert go_on.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(backups, "backup_copy", slow_backup)
    handle = CampaignFile.open(path, backup_in_background=True)
    try:
        assert copying.wait(10)  # the open has returned while the backup is still being made
        assert handle.backup_path is None
        threading.Timer(0.2, go_on.set).start()
        handle.put(Character(name="Made after the open"))
        assert handle.backup_path is not None and handle.backup_path.exists()
        assert load_campaign(handle.backup_path).characters == []
        assert [c.name for c in load_campaign(path).characters] == ["Made after the open"]
    finally:
        go_on.set()
        handle.close()


def test_closing_waits_for_a_backup_still_being_made(tmp_path, user_data):
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign(name="Kept")).close()
    handle = CampaignFile.open(path, backup_in_background=True)
    handle.close()
    assert handle.backup_path is not None
    assert load_campaign(handle.backup_path).name == "Kept"
    assert not [p for p in (user_data / "backups").iterdir() if p.name.endswith(".copy")]


def test_reopening_an_unchanged_file_does_not_push_older_backups_out(tmp_path, user_data):
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign()).close()
    with CampaignFile.open(path) as handle:
        handle.put(Character(name="Ruth"))
    for _ in range(8):
        CampaignFile.open(path).close()
    backups = list_backups(path, user_data / "backups")
    assert [len(load_campaign(b).characters) for b in backups] == [1, 0]


def test_backups_of_two_files_with_one_name_are_kept_apart(tmp_path, user_data):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = tmp_path / "a" / "c.fatedesk", tmp_path / "b" / "c.fatedesk"
    CampaignFile.create(first, Campaign(name="First")).close()
    CampaignFile.create(second, Campaign(name="Second")).close()
    assert [load_campaign(b).name for b in list_backups(first, user_data / "backups")] == ["First"]
    assert [load_campaign(b).name for b in list_backups(second, user_data / "backups")] == ["Second"]


def test_a_backup_folder_that_cannot_be_written_does_not_block_the_campaign(tmp_path):
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign()).close()
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the backup folder should be")
    with CampaignFile.open(path, backup_dir=blocker / "backups") as handle:
        assert handle.backup_path is None
        assert "no backup" in handle.backup_error
        handle.put(Character(name="Still saved"))
    assert load_campaign(path).characters[0].name == "Still saved"


def test_read_only_open_of_a_file_left_mid_edit_recovers_a_copy_and_leaves_the_file(tmp_path):
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, read_bundle(SAMPLE)).close()
    pid = os.fork()
    if pid == 0:  # a writer that dies inside its transaction, leaving a hot journal
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA cache_size = 1")  # spill changed pages into the file itself
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE entities SET data = 'garbage'")
        conn.execute("INSERT INTO entities VALUES ('x', 'character', 99, ?)", ("y" * 200_000,))
        os._exit(0)
    os.waitpid(pid, 0)
    journal = Path(f"{path}-journal")
    assert journal.exists()
    before = digest(path), digest(journal)
    campaign = load_campaign(path)
    assert campaign.model_dump() == read_bundle(SAMPLE).model_dump()
    link = tmp_path / "link.fatedesk"  # through a symlink, the journal is the target's
    link.symlink_to(path)
    assert load_campaign(link).model_dump() == campaign.model_dump()
    assert (digest(path), digest(journal)) == before
    # A normal open rolls the unfinished edit back for good.
    with CampaignFile.open(path) as handle:
        assert handle.campaign.model_dump() == read_bundle(SAMPLE).model_dump()
    assert not journal.exists()


def test_a_read_while_the_app_editing_the_file_finishes_its_edit_reads_one_moment(tmp_path, monkeypatch):
    """`fate-desk check` (or any read-only open) of a file the app is editing: the app may fold
    its journal in while the reader copies the file and its journal, and a copy made of two
    moments is garbage or missing. The reader notices and reads again."""
    from fate_desk.store import opening

    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, read_bundle(SAMPLE)).close()
    pid = os.fork()
    if pid == 0:  # an edit under way, its changed pages already in the file
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA cache_size = 1")
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE entities SET data = 'garbage'")
        conn.execute("INSERT INTO entities VALUES ('x', 'character', 99, ?)", ("y" * 200_000,))
        os._exit(0)
    os.waitpid(pid, 0)
    real_copy = opening.shutil.copyfile
    copies = []

    def copy_while_the_app_finishes(source, target, *args, **kwargs):
        copied = real_copy(source, target, *args, **kwargs)
        copies.append(str(source))
        if len(copies) == 1:  # the file is copied; now its journal goes, as the app rolls it back
            CampaignFile.open(path).close()
        return copied

    monkeypatch.setattr(opening.shutil, "copyfile", copy_while_the_app_finishes)
    assert load_campaign(path).model_dump() == read_bundle(SAMPLE).model_dump()
    assert not Path(f"{path}-journal").exists()


def test_a_file_that_cannot_be_written_is_refused_for_editing_but_opens_read_only(tmp_path, monkeypatch):
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign(name="On a CD")).close()
    monkeypatch.setattr(os, "access", lambda p, mode: Path(p) != path)
    with pytest.raises(CampaignFileError, match="cannot be edited here"):
        CampaignFile.open(path)
    assert load_campaign(path).name == "On a CD"


def test_half_made_copies_of_killed_copies_are_cleaned_at_the_next_copy(tmp_path, user_data):
    import os
    import time

    from fate_desk.store.backups import clean_leftovers

    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign()).close()
    backups = user_data / "backups"
    backups.mkdir(exist_ok=True)
    dead_pid = 2**22 + 12345  # above Linux's pid_max: no such process
    old = time.time() - 3600
    leftovers = [backups / f".c.abc.20260101.fatedesk.{dead_pid}.copy",
                 backups / f".c.abc.20260101.fatedesk.{dead_pid}.copy-journal",
                 tmp_path / f".copy.fatedesk.{dead_pid}.copy"]
    for leftover in leftovers:
        leftover.write_bytes(b"x" * 1000)
        os.utime(leftover, (old, old))
    mine = tmp_path / f".mine.fatedesk.{os.getpid()}.copy"  # a copy this process is making
    mine.write_bytes(b"x")
    os.utime(mine, (old, old))
    fresh = tmp_path / f".fresh.fatedesk.{dead_pid}.copy"  # maybe another computer's, mid-copy
    fresh.write_bytes(b"x")
    with CampaignFile.open(path) as handle:  # the rolling backup cleans the backup folder
        handle.save_copy_as(tmp_path / "copy.fatedesk")  # save-a-copy cleans its own folder
    assert not any(p.exists() for p in leftovers)
    assert mine.exists() and fresh.exists()
    assert clean_leftovers(tmp_path / "missing") == []


def test_the_order_of_entries_survives_delete_undo_and_reopening(tmp_path):
    path = tmp_path / "c.fatedesk"
    a, y, z = Character(name="A"), Character(name="Y"), Character(name="Z")
    CampaignFile.create(path, Campaign(characters=[a, y, z])).close()
    with CampaignFile.open(path) as handle:
        handle.remove(a.id)
        handle.remove(y.id)
        handle.put(y)  # undo of a delete: Y comes back after Z, whose place is further down
        order = [c.name for c in handle.campaign.characters]
    assert order == ["Z", "Y"]
    assert [c.name for c in load_campaign(path).characters] == order


def test_an_edit_to_a_file_moved_meanwhile_follows_it_to_its_new_name(tmp_path):
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign()).close()
    (tmp_path / "archive").mkdir()
    with CampaignFile.open(path) as handle:
        path.rename(tmp_path / "archive" / "elsewhere.fatedesk")
        handle.put(Character(name="Ruth"))
        assert handle.path == tmp_path / "archive" / "elsewhere.fatedesk" and handle.moved_from == path
    assert [c.name for c in load_campaign(tmp_path / "archive" / "elsewhere.fatedesk").characters] == ["Ruth"]
    assert not path.exists()


def test_an_edit_to_a_file_deleted_meanwhile_says_so_and_a_copy_keeps_everything_saved(tmp_path):
    from fate_desk.store.campaign_file import FileGoneError

    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign()).close()
    with CampaignFile.open(path) as handle:
        handle.put(Character(name="Ruth"))
        path.unlink()
        with pytest.raises(FileGoneError, match="deleted"):
            handle.put(Character(name="Nell"))
        assert handle.gone and not path.exists()
        handle.save_copy_as(tmp_path / "kept.fatedesk")
    assert [c.name for c in load_campaign(tmp_path / "kept.fatedesk").characters] == ["Ruth"]
    assert not path.exists()


def test_a_second_writer_is_refused_while_a_campaign_is_open_and_welcome_after(tmp_path):
    from fate_desk.store.campaign_file import CampaignInUse

    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign()).close()
    with CampaignFile.open(path) as handle:
        with pytest.raises(CampaignInUse, match=r"is open for editing by Fate Desk \(process \d+, user \S+\) on this computer since"):
            CampaignFile.open(path)
        assert load_campaign(path).characters == []  # readers are welcome
        handle.put(Character(name="Ruth"))
    with CampaignFile.open(path) as again:
        assert [c.name for c in again.campaign.characters] == ["Ruth"]
    assert not (tmp_path / ".c.fatedesk.lock").exists()


def test_a_campaign_wide_step_writes_only_the_rows_it_changes(tmp_path):
    path = tmp_path / "c.fatedesk"
    ruth, nell = Character(name="Ruth"), Character(name="Nell")
    CampaignFile.create(path, Campaign(characters=[ruth, nell])).close()
    with CampaignFile.open(path) as handle:
        conn = handle._conn
        changes_before = conn.total_changes
        after = handle.campaign.model_copy(deep=True)
        after.characters[0] = after.characters[0].model_copy(update={"fate_points": 1})
        handle.replace_all(after)
        assert conn.total_changes - changes_before == 1  # Ruth's row only: not Nell, not the settings



def test_what_a_killed_app_left_beside_the_campaign_is_tidied_when_it_is_next_opened(tmp_path):
    """Issue 45: `.copy` files and their journals stayed beside the campaign after a kill. A real
    process starts a copy there and is killed mid-way; the next open for editing removes what it
    left (it is gone, on this computer), and nothing that is not ours."""
    import os
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign(name="Kept")).close()
    script = f"""
import os, signal, sqlite3
from pathlib import Path
from fate_desk.leftovers import host_tag
target = Path({str(tmp_path / "copy.fatedesk")!r})
tmp = target.with_name(f".{{target.name}}.{{os.getpid()}}@{{host_tag()}}.copy")
sqlite3.connect(tmp).execute("CREATE TABLE t (x)")  # as copy_database starts its copy
Path(f"{{tmp}}-journal").write_bytes(b"half")
os.kill(os.getpid(), signal.SIGKILL)
"""
    killed = subprocess.run([sys.executable, "-c", script], timeout=60)
    assert killed.returncode == -signal.SIGKILL
    left = sorted(p.name for p in tmp_path.iterdir() if ".copy" in p.name)
    assert len(left) == 2 and left[0].endswith(".copy") and left[1].endswith(".copy-journal")
    made_as = tmp_path / ".c.fatedesk.new"  # a create killed before its rename, long ago
    made_as.write_bytes(b"x")
    os.utime(made_as, (time.time() - 3600,) * 2)
    others = [tmp_path / ".other.fatedesk.4194303@elsewhere.copy",  # another computer's, maybe mid-copy
              tmp_path / "c.fatedesk.bak", tmp_path / "notes.copy", tmp_path / ".c.fatedesk.lock.bak"]
    for other in others:
        other.write_bytes(b"x")
    with CampaignFile.open(path) as handle:
        assert handle.campaign.name == "Kept"
    assert not [p for p in tmp_path.iterdir() if p.name in left or p == made_as]
    assert [p.name for p in others if not p.exists()] == []
    # Read-only opens write nothing, leftovers included.
    (tmp_path / left[0]).write_bytes(b"x")
    load_campaign(path)
    assert (tmp_path / left[0]).exists()


def test_a_deleted_entry_leaves_none_of_its_text_in_the_file_or_a_copy_made_after(tmp_path):
    """What a GM relies on deleting an NPC with secret notes before sharing the campaign: the
    file, and a copy of it saved later, no longer hold them, whether it went alone or with many
    others (an import undone), and however long its text (docs/architecture.md)."""
    path = tmp_path / "c.fatedesk"
    handle = CampaignFile.create(path, read_bundle(SAMPLE), backup_dir=tmp_path / "backups")
    short = Character(name="Whisper", description="the-mole-is-ruth " * 3)
    many = [Character(name=f"Crew {n}", description=f"crew-secret-{n} " + "tides " * 500) for n in range(12)]
    long = Character(name="Archivist", description="the-vault-code " * 2000)  # pages of its own
    handle.put(short)
    handle.put_many(many)
    handle.put(long)
    handle.fold_in()
    secrets = (b"the-mole-is-ruth", b"crew-secret-", b"the-vault-code")
    assert all(secret in path.read_bytes() for secret in secrets)  # there before the deletion
    handle.remove(short.id)
    handle.remove_many([c.id for c in many])
    handle.remove(long.id)
    handle.fold_in()
    copy = handle.save_copy_as(tmp_path / "to share.fatedesk")
    handle.close()
    for written in (path, copy):
        data = written.read_bytes()
        assert [secret for secret in secrets if secret in data] == []
    assert [c.name for c in load_campaign(copy).characters] == [c.name for c in read_bundle(SAMPLE).characters]


def test_the_rows_an_undo_writes_are_those_of_the_step_read_backwards():
    """A campaign-wide step works out the rows its undo writes from the entries it touched: the
    same rows as comparing the campaigns the other way round, for changed, moved, added and
    deleted entries and changed campaign fields; and undone, the file is the campaign as it was."""
    from fate_desk.store.rows import row_changes, undoing

    before = Campaign(name="Before", characters=[Character(id=f"c{n}", name=f"Guard {n}") for n in range(6)],
                      countdowns=[Countdown(id="fuse", name="Fuse")], obstacles=[Hazard(id="flood", name="Flood", rating=2)])
    c = before.characters
    steps = [
        before.model_copy(update={"characters": [c[0], c[1].model_copy(update={"fate_points": 1}), *c[2:]]}),
        before.model_copy(update={"characters": [c[1], c[0], *c[2:]]}),  # moved
        before.model_copy(update={"characters": [*c, Character(id="new", name="Newcomer")], "countdowns": []}),
        before.model_copy(update={"name": "After", "gm_fate_points": 3}),
        before.model_copy(update={"characters": c[:3], "obstacles": [Hazard(id="flood", name="Flood", rating=4)]}),
    ]
    for after in steps:
        forward, backward = row_changes(before, after), row_changes(after, before)
        derived = undoing(forward, after)
        assert derived.before is after and derived.meta == backward.meta and derived.upserts == backward.upserts
        assert sorted(derived.deletes) == sorted(backward.deletes) and derived.added == backward.added
        assert derived.duplicate == backward.duplicate is None


def test_a_step_undone_with_the_rows_read_backwards_leaves_the_file_as_it_was(tmp_path):
    from fate_desk.store.rows import row_changes, undoing

    path = tmp_path / "c.fatedesk"
    before = Campaign(name="Before", characters=[Character(id=f"c{n}", name=f"Guard {n}") for n in range(4)])
    f = CampaignFile.create(path, before)
    try:
        c = before.characters
        after = before.model_copy(update={"name": "After", "characters": [c[1], c[0].model_copy(update={"notes": "x"}),
                                                                        Character(id="new", name="Newcomer")]})
        forward = row_changes(f.campaign, after)
        f.replace_all(after, forward)
        assert load_campaign(path) == after
        back = undoing(forward, after)
        assert back.fits(f.campaign)  # written as worked out, not worked out again
        f.replace_all(before, back)
        assert load_campaign(path) == before
    finally:
        f.close()
