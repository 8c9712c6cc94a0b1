"""A campaign file opened `loading`: its entries validated a slice at a time, with the same
checks and messages as a whole open. An entry already validated is saved at once when edited
meanwhile; the backup joins the others only once every entry has passed."""

from __future__ import annotations

import sqlite3

import pytest

from fate_desk.model import Campaign, Character, CharacterKind, Countdown, Scene
from fate_desk.store.backups import list_backups
from fate_desk.store.campaign_file import CampaignFile, CampaignFileError, load_campaign


def big(path, n: int = 60):
    campaign = Campaign(
        name="Skyships",
        characters=[Character(id=f"c{i}", name=f"Crew {i}", kind=CharacterKind.PC if i % 5 == 0 else CharacterKind.MINOR_NPC)
                    for i in range(n)],
        countdowns=[Countdown(id=f"k{i}", name=f"Fuse {i}") for i in range(n // 3)],
        scenes=[Scene(id=f"s{i}", name=f"Deck {i}") for i in range(n // 3)],
    )
    CampaignFile.create(path, campaign).close()
    return path


def spoil(path, entity_id: str, data: str = '{"name": 5}') -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE entities SET data = ? WHERE id = ?", (data, entity_id))
    conn.commit()
    conn.close()


def test_a_campaign_loaded_in_steps_is_the_campaign_a_whole_open_gives(tmp_path):
    path = big(tmp_path / "c.fatedesk")
    whole = CampaignFile.open(path, readonly=True).campaign
    handle = CampaignFile.open(path, readonly=True, in_steps=True)
    try:
        assert handle.loading and handle.rows_left == 100
        steps = 1
        while not handle.load_some(0):  # one entry a call
            steps += 1
            assert handle.loading
        assert steps > 100 and not handle.loading  # one entry a call, then the end
        assert handle.campaign == whole
    finally:
        handle.close()


def test_an_entry_edited_while_the_campaign_loads_is_on_disk_at_once_and_kept_by_its_turn(tmp_path):
    path = big(tmp_path / "c.fatedesk")
    handle = CampaignFile.open(path, backup_dir=tmp_path / "backups", in_steps=True)
    try:
        early = handle.loaded_entity("s19")  # the very last row, shown before its turn
        renamed = early.model_copy(update={"name": "Lower deck"})
        handle.put(renamed)
        assert handle.loading
        assert next(s for s in load_campaign(path).scenes if s.id == "s19").name == "Lower deck"
        handle.load_some(0)
        first = handle.campaign.characters[0]  # validated in its turn, then edited
        handle.put(first.model_copy(update={"name": "Captain"}))
        handle.load_some()
        assert next(s for s in handle.campaign.scenes if s.id == "s19") is renamed
        assert handle.campaign.characters[0].name == "Captain"
    finally:
        handle.close()
    saved = load_campaign(path)
    assert saved.characters[0].name == "Captain" and saved.scenes[-1].name == "Lower deck"
    assert [c.id for c in saved.characters] == [f"c{i}" for i in range(60)]  # the order kept


def test_the_entry_shown_first_is_validated_out_of_turn_and_then_kept(tmp_path):
    path = big(tmp_path / "c.fatedesk")
    with CampaignFile.open(path, readonly=True, in_steps=True) as handle:
        early = handle.loaded_entity("s19")  # the very last row
        assert early is not None and early.name == "Deck 19"
        assert handle.loaded_entity("nobody") is None
        handle.load_some()
        assert next(s for s in handle.campaign.scenes if s.id == "s19") is early


def test_a_bad_entry_found_late_gives_the_whole_opens_message_and_writes_nothing_unasked(tmp_path):
    path = big(tmp_path / "c.fatedesk")
    spoil(path, "s19")
    with pytest.raises(CampaignFileError) as whole:
        CampaignFile.open(path, backup_dir=tmp_path / "backups")
    before = path.read_bytes()
    handle = CampaignFile.open(path, backup_dir=tmp_path / "backups", in_steps=True)
    try:
        assert handle.loaded_entity("s19") is None  # reported in its turn, not out of it
        with pytest.raises(RuntimeError):  # an entry not validated is never written
            handle.put(Character(id="c59", name="Never checked"))
        with pytest.raises(CampaignFileError) as late:
            while not handle.load_some(0.001):
                pass
        assert str(late.value) == str(whole.value)
        with pytest.raises(CampaignFileError):  # nor anything, once the file is found bad
            handle.put(handle.campaign.characters[0].model_copy(update={"name": "Too late"}))
    finally:
        handle.close()
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("backups/*"))  # no backup of a bad file pushes out a good one


def test_the_backup_joins_the_others_once_every_entry_has_passed_and_saving_works_then(tmp_path):
    backups = tmp_path / "backups"
    path = big(tmp_path / "c.fatedesk")
    handle = CampaignFile.open(path, backup_dir=backups, in_steps=True, backup_in_background=True)
    try:
        handle.load_some(0)
        assert handle.backup_path is None and not list_backups(path, backups)
        handle.load_some()
        renamed = handle.campaign.characters[3].model_copy(update={"name": "Renamed"})
        handle.put(renamed)
        assert handle.backup_path is not None and handle.backup_path.exists()
    finally:
        handle.close()
    assert CampaignFile.open(path, readonly=True).campaign.characters[3].name == "Renamed"


def test_closing_while_loading_makes_no_backup_and_frees_the_lock(tmp_path):
    backups = tmp_path / "backups"
    path = big(tmp_path / "c.fatedesk")
    handle = CampaignFile.open(path, backup_dir=backups, in_steps=True)
    handle.load_some(0)
    handle.close()
    assert not (backups.exists() and list(backups.iterdir()))  # the copy made at the open is gone too
    CampaignFile.open(path).close()  # not locked any more
