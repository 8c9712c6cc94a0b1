"""The GM's pool and paying for invokes (fate_desk.rules.play.table)."""

from __future__ import annotations

import pytest

from fate_desk.model import Campaign, Character, CharacterKind, Scene
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.play.table import change_gm_pool, current_scene, pay_fate_points, start_scene_pool


def campaign_with(*characters, present=None) -> Campaign:
    scenes = [Scene(name="Old", ended=True), Scene(name="Now", present=present or [])]
    return Campaign(characters=list(characters), scenes=scenes)


def test_current_scene_is_the_latest_not_ended():
    assert current_scene(campaign_with()).name == "Now"


def test_scene_pool_is_one_per_pc_present_plus_points_npcs_carry_in():
    a, b = Character(name="A"), Character(name="B")
    boss = Character(name="Boss", kind=CharacterKind.MAJOR_NPC, carried_fate_points=2)
    absent = Character(name="Away", kind=CharacterKind.MAJOR_NPC, carried_fate_points=5)
    campaign = campaign_with(a, b, boss, absent, present=[a.id, b.id, boss.id])
    new, line = start_scene_pool(campaign)
    assert new.gm_fate_points == 4
    assert new.character(boss.id).carried_fate_points == 0  # handed over, not counted twice
    assert new.character(absent.id).carried_fate_points == 5
    assert "2 carried in by Boss" in line
    assert campaign.gm_fate_points == 0  # the input is untouched


def test_gm_pool_never_goes_below_nothing():
    campaign = Campaign(gm_fate_points=1)
    assert change_gm_pool(campaign, -1).gm_fate_points == 0
    with pytest.raises(Refused):
        change_gm_pool(change_gm_pool(campaign, -1), -1)


def test_pc_pays_own_fate_points_and_npcs_pay_from_the_gm_pool():
    pc = Character(name="Ash", fate_points=2)
    npc = Character(name="Thug", kind=CharacterKind.MINOR_NPC, fate_points=0)
    campaign = Campaign(characters=[pc, npc], gm_fate_points=3)
    paid, _ = pay_fate_points(campaign, pc.id, 2)
    assert paid.character(pc.id).fate_points == 0 and paid.gm_fate_points == 3
    paid, _ = pay_fate_points(campaign, npc.id, 2)
    assert paid.gm_fate_points == 1 and paid.character(npc.id).fate_points == 0
    paid, _ = pay_fate_points(campaign, None, 1)
    assert paid.gm_fate_points == 2


def test_a_pc_cannot_pay_more_fate_points_than_they_have():
    pc = Character(name="Ash", fate_points=1)
    with pytest.raises(Refused) as refused:
        pay_fate_points(Campaign(characters=[pc]), pc.id, 2)
    assert "Ash has 1 fate point" in refused.value.problems[0].message
