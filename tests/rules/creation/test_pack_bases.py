"""Every game pack plays by its base game: a pack's rule set names the rule set it builds on
(`base`) and takes every dial it does not give itself from it, so a dial added to the program
later reaches every pack written before it. Each pack's own differences are listed here with
the words of its SRD (fate-srd/fate-srd-content, docs/markdown/) that call for them; anything
else that differs from its base game fails the test.

Venture City SRD ("Making Your Character and Powers"): "When you make your character, do so
exactly as in Fate Core, but with one addition: you get powers."
War of Ashes SRD ("Introduction"): "These rules can be matched either with approaches as in War
of Ashes: Fate of Agaptus or Fate Accelerated".
"""

from __future__ import annotations

import pytest

from fate_desk.rules.creation.loader import RuleSetError, _part, load_catalog, ruleset_from_data
from fate_desk.rules.creation.ruleset import RuleSet


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


# Each pack's base game, and what its own SRD changes (dotted fields), with the SRD's words.
BASES = {
    "toolkit-conditions": ("fate-core", {}),  # Fate System Toolkit, "Conditions": tracks only
    "wealth-hack": ("fate-core", {}),  # Fate System Toolkit, "Wealth": a stress track only
    "venture-city": ("fate-core", {
        "free_extra_stunts": "We're giving you three bonus stunts on top of what you normally get from "
                             "Fate Core to use exclusively for building powers.",
    }),
    "frontier-spirit": ("fate-core", {
        "skills": "The Burglary, Lore, and Stealth skills are not used. In their place, we add "
                  "Infiltrate, Mythology, and Science.",
        "allow_custom_skills": "(the same passage: the list is the game's)",
        "extra_limits": "Each character can have at most one stunt representing a piece of "
                        "\u201cspace opera\u201d technology",
    }),
    "war-of-ashes": ("fate-accelerated", {
        "free_extra_stunts": "Your character starts with one equipment stunt, which works like a normal "
                             "stunt but has a few additional options.",
    }),
    "atomic-robo": ("fate-core", {
        "skills": "Here are the standard skills in our action-science setting. They're all basically "
                  "taken right from Fate Core.",
        "modes": "Instead of picking and rating skills individually, you pick three modes, give each "
                 "a rating, and get to playing.",
        "shape": "(the same: modes replace the pyramid)",
        "peak": "This means the highest skill rating your character can have is Superb (+5)",
        "advancement.skill_cap": "(the same: Superb (+5) through a specialized skill)",
        "stress.tracks": "Characters start with two mental stress boxes and two physical stress boxes. "
                         "Modes with Athletics or Physique can give your character additional physical "
                         "stress boxes, while modes with Provoke or Will can give your character "
                         "additional mental stress boxes.",
        "stress.marking": "(the same: boxes a mode adds one at a time, one shift each)",
        "stress.exact_box_first": "(the same)",
        "signature_aspects": "when the GM compels that aspect, she must offer you two fate points "
                             "instead of one",
    }),
}


def differences(model, mine: dict, base: dict, prefix: str = "") -> set[str]:
    """The dotted fields where a rule set's dump differs from its base's (tables field by field)."""
    out = set()
    for key in set(mine) | set(base):
        if not prefix and key in ("id", "name", "description", "base"):
            continue  # who the rule set is, not how it plays
        part = _part(model, key)
        if part is not None and isinstance(mine.get(key), dict) and isinstance(base.get(key), dict):
            out |= differences(part, mine[key], base[key], f"{prefix}{key}.")
        elif mine.get(key) != base.get(key):
            out.add(prefix + key)
    return out


@pytest.mark.parametrize("pack_id", sorted(BASES))
def test_every_pack_plays_by_its_base_game_but_for_what_its_srd_changes(catalog, pack_id):
    base_id, own = BASES[pack_id]
    ruleset = catalog.get(pack_id)
    assert ruleset.base == base_id
    base = catalog.get(base_id)
    assert differences(RuleSet, ruleset.model_dump(mode="json"), base.model_dump(mode="json")) == set(own)


def test_every_shipped_pack_with_a_rule_set_declares_its_base(catalog):
    with_rules = {pid for pid, pack in catalog.packs.items() if pack.ruleset is not None and pack.shipped}
    assert with_rules == set(BASES)


def test_a_dial_the_pack_leaves_out_comes_from_its_base():
    """The reason for `base`: Fate Core's contest rule ("failing to create an advantage means you
    forfeit your contest roll", Fate Core SRD, "Creating Advantages In A Contest"), the extreme
    consequence every PC has and the uncapped teamwork reach a pack that never names them."""
    pack = ruleset_from_data({"id": "mine", "base": "fate-core", "name": "Mine"}, "mine.toml")
    core = load_catalog().get("fate-core")
    assert pack.contest_advantage_failure == core.contest_advantage_failure
    assert pack.extreme_consequence == core.extreme_consequence
    assert pack.teamwork_cap is False and pack.stress == core.stress


def test_a_table_the_pack_gives_keeps_the_fields_it_leaves_out():
    pack = ruleset_from_data({"id": "mine", "base": "fate-core", "name": "Mine", "advancement": {"skill_cap": 6}},
                             "mine.toml")
    core = load_catalog().get("fate-core")
    assert pack.advancement.skill_cap == 6
    assert pack.advancement.grants == core.advancement.grants


def test_a_pack_on_fate_core_takes_its_phase_trio_captions_unless_it_gives_its_own_aspects():
    """Fate Core SRD, "The Phase Trio": the three remaining aspects are made in phases; a pack that
    keeps Fate Core's aspects keeps their captions, one with aspects of its own never gets another
    game's captions on them (nor a caption for a slot it lacks)."""
    core = load_catalog().get("fate-core")
    same = ruleset_from_data({"id": "mine", "base": "fate-core", "name": "Mine"}, "mine.toml")
    assert same.aspect_captions == core.aspect_captions and same.caption(2).label.startswith("Phase one")
    own = ruleset_from_data({"id": "mine", "base": "fate-core", "name": "Mine",
                             "aspects": ["high_concept", "trouble", "free"]}, "mine.toml")
    assert own.aspect_captions == [] and own.caption(2) is None


@pytest.mark.parametrize("base, says", [("fate-nowhere", "there is no rule set 'fate-nowhere'"),
                                        (7, "name the rule set it builds on")])
def test_a_rule_set_on_an_unknown_base_is_refused_with_one_line(base, says):
    with pytest.raises(RuleSetError) as caught:
        ruleset_from_data({"id": "mine", "base": base, "name": "Mine"}, "mine.toml")
    assert str(caught.value).startswith("mine.toml: base:") and says in str(caught.value)
    assert "\n" not in str(caught.value)
