"""Campaign file messages in the user's language (issue 29): why a file cannot be opened, who
holds it, what a pack install refused. The file itself keeps its English keys and names."""

from __future__ import annotations

import sqlite3

import pytest

from fate_desk import i18n
from fate_desk.printing import samples
from fate_desk.store.campaign_file import CampaignFile, load_campaign
from fate_desk.store.lock import CampaignLock, CampaignLocked
from fate_desk.store.opening import CampaignFileError


@pytest.fixture
def pseudo():
    i18n.set_language("en_XA")
    yield
    i18n.set_language("en")


def _problem(exc: Exception) -> str:
    return getattr(exc, "problem", str(exc))


def test_files_that_are_not_campaigns_are_refused_in_the_users_language(pseudo, tmp_path):
    empty = tmp_path / "empty.fatedesk"
    empty.write_bytes(b"")
    text = tmp_path / "notes.fatedesk"
    text.write_text("not a database at all, just words" * 10)
    other = tmp_path / "other.fatedesk"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE t (x)")
    for path, english in ((empty, "is empty"), (text, "not an SQLite database"),
                          (other, "not a Fate Desk campaign"), (tmp_path / "gone.fatedesk", "no such file")):
        with pytest.raises(CampaignFileError) as refused:
            load_campaign(path)
        message = str(refused.value)
        assert message.startswith(str(path))  # the file's name, as it is
        assert _problem(refused.value).startswith("⟦") and english not in message


def test_a_campaign_saved_in_the_pseudo_locale_opens_the_same_in_english(pseudo, tmp_path):
    path = tmp_path / "table.fatedesk"
    campaign = samples.sample_campaign()
    CampaignFile.create(path, campaign).close()
    i18n.set_language("en")
    again = load_campaign(path)
    assert [c.name for c in again.characters] == [c.name for c in campaign.characters]
    assert again.ruleset == campaign.ruleset


def test_who_holds_a_campaign_is_told_in_the_users_language(pseudo, tmp_path):
    path = tmp_path / "held.fatedesk"
    CampaignFile.create(path, samples.sample_campaign()).close()
    lock = CampaignLock.acquire(path)
    try:
        with pytest.raises(CampaignLocked) as refused:
            CampaignLock.acquire(path)
    finally:
        lock.release()
    message = str(refused.value)
    assert message.startswith("⟦")
    assert "close it there first" not in message and "on this computer" not in message
    assert "Fate Desk" in message  # the program named in the lock note, as it wrote itself
