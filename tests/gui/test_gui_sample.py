"""The bundled sample campaign is what a newcomer sees first: it must be legal and complete."""

from __future__ import annotations

from fate_desk.gui.opening import create_sample_campaign, sample_bundle_path
from fate_desk.model import CharacterKind
from fate_desk.rules import check, get_ruleset
from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import load_campaign


def test_sample_has_three_legal_pcs_with_full_sheets():
    campaign = read_bundle(sample_bundle_path())
    assert campaign.ruleset == "fate-condensed"
    ruleset = get_ruleset(campaign.ruleset)
    pcs = [c for c in campaign.characters if c.kind == CharacterKind.PC]
    assert len(pcs) == 3
    for pc in pcs:
        result = check(pc, ruleset, campaign.options)
        assert result.problems == [], (pc.name, result.problems)
        assert len([a for a in pc.aspects if a.text]) == 5
        assert sorted(pc.skills.values()) == [1, 1, 1, 1, 2, 2, 2, 3, 3, 4]
        assert len(pc.stunts) >= 3


def test_sample_has_npcs_obstacles_a_countdown_and_a_scene_with_zones():
    campaign = read_bundle(sample_bundle_path())
    kinds = [c.kind for c in campaign.characters]
    assert kinds.count(CharacterKind.MAJOR_NPC) == 2
    assert kinds.count(CharacterKind.MINOR_NPC) >= 2
    assert {o.kind for o in campaign.obstacles} == {"hazard", "block", "distraction"}
    assert len(campaign.countdowns) >= 1
    assert campaign.scenes and len(campaign.scenes[0].zones) >= 2


def test_first_start_copies_the_sample_into_the_user_folder(_isolated_user_data):
    first = create_sample_campaign()
    second = create_sample_campaign()
    assert first.parent == _isolated_user_data and first != second  # never overwrites an earlier copy
    assert load_campaign(first) == read_bundle(sample_bundle_path())
