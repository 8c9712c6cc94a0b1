"""Export jobs: the default paper from the locale, and what a campaign export selects."""

from __future__ import annotations

import pytest

from fate_desk.printing import Paper, SelectionError, What, campaign_entries, campaign_job, character_job, default_paper
from fate_desk.printing import samples
from fate_desk.model import Character, CharacterKind, Countdown


@pytest.mark.parametrize("env, paper", [
    ({"LANG": "en_US.UTF-8"}, Paper.LETTER),
    ({"LANG": "fr_CA.UTF-8"}, Paper.LETTER),
    ({"LANG": "es_MX.UTF-8"}, Paper.LETTER),
    ({"LANG": "en_PH.UTF-8"}, Paper.LETTER),
    ({"LANG": "en_GB.UTF-8"}, Paper.A4),
    ({"LANG": "de_DE.UTF-8@euro"}, Paper.A4),
    ({"LANG": "C.UTF-8"}, Paper.A4),
    ({}, Paper.A4),
    # LC_ALL wins over LC_PAPER, which wins over LANG.
    ({"LANG": "en_US.UTF-8", "LC_PAPER": "en_GB.UTF-8"}, Paper.A4),
    ({"LANG": "en_GB.UTF-8", "LC_PAPER": "en_US.UTF-8"}, Paper.LETTER),
    ({"LC_ALL": "de_DE.UTF-8", "LC_PAPER": "en_US.UTF-8"}, Paper.A4),
    ({"LC_ALL": "", "LANG": "es_CL.UTF-8"}, Paper.LETTER),
])
def test_default_paper_follows_the_locale(env, paper):
    assert default_paper(env) == paper


@pytest.mark.parametrize("what", [What.PACK, What.SHEETS])
def test_whole_campaign_pack_and_sheets_hold_every_pc_and_every_major_npc(what):
    campaign = samples.sample_campaign()
    job = campaign_job(campaign, what)
    wanted = [c.name for c in campaign.characters if c.kind in (CharacterKind.PC, CharacterKind.MAJOR_NPC)]
    assert "Dean Whitlock" in wanted
    assert [c.name for c in job.sheets] == wanted


def test_campaign_pack_without_a_scene_has_all_prep():
    campaign = samples.sample_campaign()
    job = campaign_job(campaign, What.PACK)
    kinds = {type(i).__name__ for i in job.cards}
    assert kinds == {"Character", "Hazard", "Block", "Distraction", "Countdown"}
    assert not any(isinstance(i, Character) and i.kind in (CharacterKind.PC, CharacterKind.MAJOR_NPC) for i in job.cards)
    assert job.ruleset == campaign.ruleset and job.options == campaign.options


def test_scene_selects_its_present_cards_and_major_npc_sheets():
    campaign = samples.sample_campaign()
    bridge = campaign.scenes[1]
    job = campaign_job(campaign, What.PACK, scene="the bridge")
    assert {i.id for i in job.cards} | {c.id for c in job.sheets if c.kind != CharacterKind.PC} == set(bridge.present)
    assert any(c.kind == CharacterKind.MAJOR_NPC for c in job.sheets)
    assert all(c.kind == CharacterKind.PC for c in job.sheets[:2])


def test_session_selects_the_cards_of_all_its_scenes():
    campaign = samples.sample_campaign()
    campaign.scenes[1].session = 1
    job = campaign_job(campaign, What.CARDS, session=1)
    present = set(campaign.scenes[0].present) | set(campaign.scenes[1].present)
    assert {i.id for i in job.cards} == present - {c.id for c in campaign.characters if c.kind == CharacterKind.MAJOR_NPC}
    assert job.sheets == []


def test_unknown_scene_or_session_is_one_readable_error():
    campaign = samples.sample_campaign()
    with pytest.raises(SelectionError, match="no scene called 'Moon'.*'The Stacks'"):
        campaign_job(campaign, What.CARDS, scene="Moon")
    with pytest.raises(SelectionError, match="session 9.*1, 2"):
        campaign_job(campaign, What.CARDS, session=9)
    with pytest.raises(SelectionError):
        campaign_job(campaign, What.CARDS, scene="The Stacks", session=1)


def test_present_ids_that_point_nowhere_are_skipped():
    campaign = samples.sample_campaign()
    campaign.scenes[0].present.append("deleted-long-ago")
    job = campaign_job(campaign, What.CARDS, scene="The Stacks")
    assert len(job.cards) == len(campaign.scenes[0].present) - 1


def test_ids_pick_exactly_the_entries_chosen_in_the_dialog():
    campaign = samples.sample_campaign()
    entries = campaign_entries(campaign)
    assert len(entries) == len(campaign.characters) + len(campaign.obstacles) + len(campaign.countdowns)
    chosen = {entries[0].id, campaign.countdowns[0].id}
    job = campaign_job(campaign, What.PACK, ids=chosen)
    assert [c.id for c in job.sheets] == [entries[0].id]
    assert [i.id for i in job.cards] == [campaign.countdowns[0].id]
    assert isinstance(job.cards[0], Countdown)


def test_character_job_prints_its_sheet_with_its_own_rule_set():
    fae = samples.fae_pc()
    job = character_job(fae)
    assert job.sheets == [fae] and job.cards == [] and job.ruleset == "fate-accelerated"
    assert character_job(fae, What.CARDS).cards == [fae]
    assert character_job(fae, What.REFERENCE).sheets == []
